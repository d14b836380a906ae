/* cart_rom.c - cart <-> 32 KiB cart image (the bytes of .p8.rom, and of .p8.png after the
 * picture is decoded): data copied as is, code through code_legacy.c or pxa.c, the version
 * byte of the trailer. Depends on: cart_rom.h, code_legacy.h, pxa.h, libc. */
#include "cart_rom.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "code_legacy.h"
#include "pxa.h"


char *m8_rom_code_decode(const uint8_t *region, size_t region_len, size_t *out_len, char *err,
                         size_t errsz)
{
    if (m8_pxa_is_pxa(region, region_len))
        return m8_pxa_decompress(region, region_len, out_len, err, errsz);
    if (m8_legacy_is_legacy(region, region_len))
        return m8_legacy_decompress(region, region_len, out_len, err, errsz);
    const uint8_t *end = memchr(region, 0, region_len);
    size_t n = end ? (size_t)(end - region) : region_len;
    char *code = malloc(n + 1);
    if (!code) {
        if (err && errsz) snprintf(err, errsz, "out of memory");
        return NULL;
    }
    memcpy(code, region, n);
    code[n] = 0;
    if (out_len) *out_len = n;
    return code;
}

int m8_rom_is_cart_image(const uint8_t *image, size_t len)
{
    if (len != M8_ROM_SIZE && len != M8_ROM_IMAGE_SIZE) return 0;
    const uint8_t *code = image + M8_ROM_DATA_SIZE;
    if (m8_pxa_is_pxa(code, M8_ROM_CODE_SIZE)) {
        size_t comp = (size_t)code[6] << 8 | code[7];
        return comp >= M8_PXA_HEADER_SIZE && comp <= M8_ROM_CODE_SIZE;
    }
    if (m8_legacy_is_legacy(code, M8_ROM_CODE_SIZE)) return code[6] == 0 && code[7] == 0;
    const uint8_t *end = memchr(code, 0, M8_ROM_CODE_SIZE);   /* plain text, then zeros */
    if (!end) return 0;
    for (const uint8_t *p = end; p < code + M8_ROM_CODE_SIZE; p++)
        if (*p) return 0;
    return 1;
}

int m8_cart_read_rom(m8_cart *cart, const uint8_t *image, size_t len, m8_cart_error *err)
{
    m8_cart_init(cart);
    if (err) { err->line = 0; err->message[0] = 0; }
    if (len != M8_ROM_SIZE && len != M8_ROM_IMAGE_SIZE)
        return m8_cart_fail(err, "not a cart image: %zu bytes, expected %d (or %d with the trailer)",
                    len, M8_ROM_SIZE, M8_ROM_IMAGE_SIZE);
    if (!cart->code) return m8_cart_fail(err, "out of memory");
    memcpy(cart->rom, image, M8_ROM_DATA_SIZE);
    char msg[200];
    size_t n = 0;
    char *code = m8_rom_code_decode(image + M8_ROM_DATA_SIZE, M8_ROM_CODE_SIZE, &n, msg, sizeof msg);
    if (!code) {
        m8_cart_free(cart);
        m8_cart_init(cart);
        return m8_cart_fail(err, "code at 0x4300: %s", msg);
    }
    free(cart->code);
    cart->code = code;
    cart->code_len = n;
    cart->section_present = M8_SEC_LUA;
    if (len == M8_ROM_IMAGE_SIZE) cart->version = image[M8_ROM_SIZE];
    return 0;
}

int m8_cart_write_rom(const m8_cart *cart, uint8_t *image, size_t *compressed_size,
                      m8_cart_error *err)
{
    if (err) { err->line = 0; err->message[0] = 0; }
    if (compressed_size) *compressed_size = 0;
    if (cart->code_len > M8_PXA_MAX_CODE)
        return m8_cart_fail(err, "code is %zu chars, more than the %d a cart image can hold",
                    cart->code_len, M8_PXA_MAX_CODE);
    size_t zlen = 0;
    uint8_t *z = m8_pxa_compress(cart->code ? cart->code : "", cart->code_len, &zlen);
    if (!z) return m8_cart_fail(err, "out of memory compressing the code");
    if (compressed_size) *compressed_size = zlen;
    if (zlen > M8_ROM_CODE_SIZE) {
        free(z);
        return m8_cart_fail(err, "code compresses to %zu bytes, more than the %d that fit in a cart image",
                    zlen, M8_ROM_CODE_SIZE);
    }
    memset(image, 0, M8_ROM_IMAGE_SIZE);
    memcpy(image, cart->rom, M8_ROM_DATA_SIZE);
    memcpy(image + M8_ROM_DATA_SIZE, z, zlen);
    free(z);
    image[M8_ROM_SIZE] = (uint8_t)(cart->version ? cart->version : M8_CART_VERSION_DEFAULT);
    return 0;
}
