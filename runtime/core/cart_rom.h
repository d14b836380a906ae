/* cart_rom.h - the 32 KiB cart image of .p8.rom and .p8.png carts (reference 5.1, 5.3-5.6):
 * 0x0000-0x42ff data as in RAM, 0x4300-0x7fff the code (raw, old ":c:" or PXA compressed),
 * then an optional 32-byte trailer whose first byte is the cart version.
 * Depends on: cart.h. */
#ifndef M8_CART_ROM_H
#define M8_CART_ROM_H

#include <stddef.h>
#include <stdint.h>
#include "cart.h"

#define M8_ROM_CODE_SIZE 0x3d00          /* 15616 bytes of code region at 0x4300 */
#define M8_ROM_TRAILER_SIZE 0x20
#define M8_ROM_IMAGE_SIZE (M8_ROM_SIZE + M8_ROM_TRAILER_SIZE)   /* 0x8020, a .p8.png's bytes */

/* Decode the code region (raw text up to the first 0, ":c:\0" or "\0pxa"); malloc'd
 * NUL-terminated P8SCII (length in *out_len) or NULL with a message in err. */
char *m8_rom_code_decode(const uint8_t *region, size_t region_len, size_t *out_len, char *err,
                         size_t errsz);

/* Whether `len` bytes are a .p8.rom by their content, not only by their size: 0x8000 or
 * 0x8020 bytes whose code region (0x4300) holds a "\0pxa" header with a compressed size of
 * 8 to M8_ROM_CODE_SIZE bytes, a ":c:\0" header followed by its length and two zero bytes,
 * or plain code text ended by a 0 byte with only zeros after it (an all-zero region is a
 * cart without code). Any other file of that size (a picture, a log, a save) is not a cart,
 * so reload() does not read it and cstore() does not write over it. */
int m8_rom_is_cart_image(const uint8_t *image, size_t len);

/* Read a cart image of `len` bytes: 0x8000 (a .p8.rom) or 0x8020 (with the trailer, whose
 * first byte becomes cart->version). Initialises *cart (data sections are not marked as
 * present: the .p8 writer gives the non-default ones). 0, or -1 with err filled. */
int m8_cart_read_rom(m8_cart *cart, const uint8_t *image, size_t len, m8_cart_error *err);

/* Fill image[M8_ROM_IMAGE_SIZE]: the data, the code PXA-compressed, the trailer (cart
 * version, other trailer bytes zero). Fails (-1, err filled) when the code is longer than
 * 65535 chars or compresses to more than M8_ROM_CODE_SIZE bytes (the message gives the size);
 * *compressed_size (may be NULL) gets the compressed size either way when it is known. */
int m8_cart_write_rom(const m8_cart *cart, uint8_t *image, size_t *compressed_size,
                      m8_cart_error *err);

#endif
