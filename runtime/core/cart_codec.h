/* cart_codec.h - cart files in any of the three formats: .p8 text, .p8.png picture and
 * .p8.rom image, told apart by their bytes (the file name only sharpens error messages).
 * Depends on: cart.h. */
#ifndef M8_CART_CODEC_H
#define M8_CART_CODEC_H

#include <stddef.h>
#include "cart.h"

typedef enum m8_cart_format {
    M8_FORMAT_P8 = 0,
    M8_FORMAT_PNG = 1,
    M8_FORMAT_ROM = 2,
    M8_FORMAT_UNKNOWN = -1
} m8_cart_format;

/* The format of a file's bytes: the PNG signature -> PNG; a "pico-8 cartridge" first line ->
 * P8; 0x8000 or 0x8020 bytes whose content is a cart image (m8_rom_is_cart_image) -> ROM;
 * anything else -> P8 (its reader explains). */
m8_cart_format m8_cart_sniff(const void *data, size_t len);

/* The format a file name asks for: ".p8", ".p8.png", ".p8.rom" (case-insensitive), or
 * M8_FORMAT_UNKNOWN. */
m8_cart_format m8_cart_format_of_name(const char *name);

/* Read a cart in any format (sniffed). `name` (may be NULL) is used to say what was expected
 * when the bytes are not a cart of the named format. 0, or -1 with err filled; *format (may
 * be NULL) gets the format read. Initialises *cart like m8_cart_read_p8. */
int m8_cart_read_any(m8_cart *cart, const void *data, size_t len, const char *name,
                     m8_cart_error *err, m8_cart_format *format);

/* Write a cart in the given format; malloc'd bytes (size in *out_len) or NULL with err
 * filled. *compressed_size (may be NULL) gets the PXA size for PNG and ROM. */
void *m8_cart_write_any(const m8_cart *cart, m8_cart_format format, size_t *out_len,
                        size_t *compressed_size, m8_cart_error *err);

#endif
