/* palette.h - the 32-colour RGB table (palette.c): PICO-8's 16 base colours and the 16
 * extended colours reached through screen-palette values 128-143.
 * Depends on: nothing. */
#ifndef M8_PALETTE_H
#define M8_PALETTE_H

#include <stdint.h>

/* RGB of palette entry 0-31 (16-31 = extended colours 128-143). */
void m8_palette_rgb(int index, uint8_t *r, uint8_t *g, uint8_t *b);

#endif
