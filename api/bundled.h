/* bundled.h - the carts embedded into the binary at build time (the .p8 files of carts/),
 * an api internal: hosts reach them through mote8_bundled_cart(). The table is generated
 * by tools/embed_carts.cmake; the last entry has name NULL.
 * Depends on: <stddef.h> only. */
#ifndef M8_BUNDLED_H
#define M8_BUNDLED_H

#include <stddef.h>

typedef struct m8_bundled_cart {
    const char *name;                 /* file name without .p8 */
    const unsigned char *data;
    size_t size;
} m8_bundled_cart;

extern const m8_bundled_cart m8_bundled_carts[];

#endif
