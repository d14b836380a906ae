/* cart_codec.c - reads and writes carts in any format, as bytes in memory: sniffs the bytes
 * and hands them to cart.c (.p8), cart_png.c (.p8.png) or cart_rom.c (.p8.rom). (Files by
 * path are the tools' side: api/tool_cart_files.c.)
 * Depends on: cart_codec.h, cart_png.h, cart_rom.h, libc. */
#include "cart_codec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cart_png.h"
#include "cart_rom.h"

static int has_p8_header(const char *s, size_t len)
{
    if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
        s += 3;
        len -= 3;
    }
    return len >= 16 && memcmp(s, "pico-8 cartridge", 16) == 0;
}

m8_cart_format m8_cart_sniff(const void *data, size_t len)
{
    if (m8_is_png(data, len)) return M8_FORMAT_PNG;
    if (has_p8_header(data, len)) return M8_FORMAT_P8;
    if (m8_rom_is_cart_image(data, len)) return M8_FORMAT_ROM;   /* by content, not size */
    return M8_FORMAT_P8;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcasecmp(s + n - k, suffix) == 0;
}

m8_cart_format m8_cart_format_of_name(const char *name)
{
    if (!name) return M8_FORMAT_UNKNOWN;
    if (ends_with(name, ".p8.png")) return M8_FORMAT_PNG;
    if (ends_with(name, ".p8.rom")) return M8_FORMAT_ROM;
    if (ends_with(name, ".p8")) return M8_FORMAT_P8;
    return M8_FORMAT_UNKNOWN;
}

int m8_cart_read_any(m8_cart *cart, const void *data, size_t len, const char *name,
                     m8_cart_error *err, m8_cart_format *format)
{
    m8_cart_format f = m8_cart_sniff(data, len);
    m8_cart_format wanted = m8_cart_format_of_name(name);
    if (format) *format = f;
    /* a file named as a picture or image whose bytes fell through to the text reader */
    if (f == M8_FORMAT_P8 && !has_p8_header(data, len) && (wanted == M8_FORMAT_PNG || wanted == M8_FORMAT_ROM)) {
        m8_cart_init(cart);
        if (err) {
            err->line = 0;
            if (wanted == M8_FORMAT_PNG)
                snprintf(err->message, sizeof err->message, "not a .p8.png cart: no PNG signature");
            else if (len == M8_ROM_SIZE || len == M8_ROM_IMAGE_SIZE)
                snprintf(err->message, sizeof err->message, "not a .p8.rom cart: %zu bytes, but "
                         "the code at 0x4300 is neither compressed code nor text", len);
            else
                snprintf(err->message, sizeof err->message,
                         "not a .p8.rom cart: %zu bytes, a cart image is %d (or %d with the trailer)",
                         len, M8_ROM_SIZE, M8_ROM_IMAGE_SIZE);
        }
        return -1;
    }
    /* a file of a cart image's size that is not one: say so rather than "missing header" */
    if (f == M8_FORMAT_P8 && !has_p8_header(data, len) &&
        (len == M8_ROM_SIZE || len == M8_ROM_IMAGE_SIZE)) {
        m8_cart_init(cart);
        if (err) {
            err->line = 0;
            snprintf(err->message, sizeof err->message, "not a cart: %zu bytes like a .p8.rom, "
                     "but the code at 0x4300 is neither compressed code nor text", len);
        }
        return -1;
    }
    switch (f) {
    case M8_FORMAT_PNG: return m8_cart_read_png(cart, data, len, err);
    case M8_FORMAT_ROM: return m8_cart_read_rom(cart, data, len, err);
    default: return m8_cart_read_p8(cart, data, len, err);
    }
}

void *m8_cart_write_any(const m8_cart *cart, m8_cart_format format, size_t *out_len,
                        size_t *compressed_size, m8_cart_error *err)
{
    if (compressed_size) *compressed_size = 0;
    if (format == M8_FORMAT_PNG) return m8_cart_write_png(cart, out_len, compressed_size, err);
    if (format == M8_FORMAT_ROM) {
        uint8_t *image = malloc(M8_ROM_IMAGE_SIZE);
        if (!image) {
            if (err) snprintf(err->message, sizeof err->message, "out of memory");
            return NULL;
        }
        if (m8_cart_write_rom(cart, image, compressed_size, err) != 0) {
            free(image);
            return NULL;
        }
        if (out_len) *out_len = M8_ROM_SIZE;      /* .p8.rom: the 32 KiB, no trailer */
        return image;
    }
    char *text = m8_cart_write_p8(cart, out_len);
    if (!text && err) {
        err->line = 0;
        snprintf(err->message, sizeof err->message, "out of memory");
    }
    return text;
}
