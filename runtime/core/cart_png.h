/* cart_png.h - .p8.png carts (reference 5.2): the 0x8020-byte cart image hidden in the two
 * low bits of each ARGB channel of a 160x205 picture, one byte per pixel; the label is read
 * back from the picture's colours. Depends on: cart.h, libpng (png_decode.c without it). */
#ifndef M8_CART_PNG_H
#define M8_CART_PNG_H

#include <stddef.h>
#include <stdint.h>
#include "cart.h"

#define M8_PNG_SIGNATURE_SIZE 8

/* True when data starts with the PNG signature. */
int m8_is_png(const void *data, size_t len);

/* Read a .p8.png from memory: initialises *cart (label from the label window, has_label
 * set). 0, or -1 with err filled (not a PNG, corrupt or truncated PNG, wrong size, bad code). */
int m8_cart_read_png(m8_cart *cart, const void *data, size_t len, m8_cart_error *err);

/* Write a .p8.png to memory: the cartridge picture of cart_template.c with the label (an
 * empty window without one) and the title lines (the code's first two `--` comment lines),
 * carrying the cart image of m8_cart_write_rom. Returns a malloc'd PNG (size in *out_len) or
 * NULL with err filled; *compressed_size as for m8_cart_write_rom (may be NULL). */
uint8_t *m8_cart_write_png(const m8_cart *cart, size_t *out_len, size_t *compressed_size,
                           m8_cart_error *err);

/* Nearest of the 32 palette colours (0-15, 16-31 = extended) to an RGB colour; with
 * `base_only` only 0-15. */
int m8_nearest_palette_colour(uint8_t r, uint8_t g, uint8_t b, int base_only);

#endif
