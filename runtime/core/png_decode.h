/* png_decode.h - the project's own PNG reader (no libpng): what .p8.png carts and the
 * project's screenshots need, for the web build (built with M8_NO_PNG: png_io.c and
 * cart_png.c read PNGs through it there). Always compiled, so the native tests compare it
 * with libpng. Depends on: libc. */
#ifndef M8_PNG_DECODE_H
#define M8_PNG_DECODE_H

#include <stddef.h>
#include <stdint.h>

#define M8_PNG_DECODE_MAX_SIDE 16384            /* as cart_png.c's libpng user limits */
#define M8_PNG_DECODE_MAX_PIXELS (1L << 24)     /* 64 MiB of RGBA */

/* The width and height of the PNG in memory (signature and IHDR checked). 0, or -1 with a
 * message in err. */
int m8_png_decode_size(const void *data, size_t len, int *w, int *h, char *err, size_t errsz);

/* Decode a PNG in memory to 8-bit RGBA, as libpng gives it with png_set_expand,
 * png_set_strip_16, png_set_gray_to_rgb and png_set_add_alpha(0xff) (cart_png.c): palettes
 * expanded, tRNS made alpha, grey of 1-4 bits scaled to 8, 16-bit samples cut to their high
 * byte, no gamma change. Greyscale, RGB, palette, grey+alpha and RGBA of every bit depth,
 * non-interlaced; every chunk's CRC is checked. Returns a malloc'd w*h*4 buffer and sets *w,
 * *h, or NULL with a message in err (e.g. "interlaced PNG not supported"). */
uint8_t *m8_png_decode_rgba(const void *data, size_t len, int *w, int *h, char *err, size_t errsz);

/* CRC-32 of PNG chunks (ISO 3309, as zlib's crc32), continued from `crc` (0 to start). */
uint32_t m8_png_crc32(uint32_t crc, const uint8_t *p, size_t n);

#endif
