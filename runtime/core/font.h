/* font.h - the built-in font, drawn by the mote8 project itself.
 *
 * Same byte layout as PICO-8's custom font at 0x5600 (reference 1.7), so one glyph
 * renderer serves both: glyph c (16-255) is 8 bytes, one per row top to bottom, bit 0 =
 * leftmost pixel. Characters 16-127 are 3x5 glyphs in a 4x6 cell (advance 4); 128-255 are
 * up to 7x5 glyphs in an 8x6 cell (advance 8). Rows 5-7 are empty.
 * Depends on: nothing. */
#ifndef M8_FONT_H
#define M8_FONT_H

#include <stdint.h>

extern const uint8_t m8_font_glyphs[256][8];   /* entries 0-15 are zero (control codes) */

#endif
