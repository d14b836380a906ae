/* code_legacy.c - the old ":c:\0" code compression (reference 5.4).
 *
 * Header ":c:\0", the code length as a big-endian u16, two zero bytes. Then per byte: 0x00
 * = the next byte is a literal (0x00 0x00 ends the stream early, as shrinko8 reads it: the
 * stated length may count one NUL more than the code has); 0x01-0x3b = a character of the table below; 0x3c and up =
 * a back reference with the next byte: offset (b - 0x3c) * 16 + (b2 & 15), length
 * (b2 >> 4) + 2. The encoder is a plain greedy matcher (offsets 1-3135, lengths 3-17, never
 * longer than the offset, as PICO-8's streams are; NUL bytes only through references).
 * Depends on: pxa.h, code_legacy.h, libc. */
#include "code_legacy.h"
#include "pxa.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char k_table[] = "\n 0123456789abcdefghijklmnopqrstuvwxyz!#%(){}[]<>+=/*:;.,~_";
#define TABLE_SIZE 59
#define MAX_OFFSET ((0xff - 0x3c) * 16 + 15)
#define MAX_LENGTH 17

/* Appended by PICO-8 versions that wrote this format to carts using _update60. */
static const char *const k_shims[] = {
    "if(_update60)_update=function()_update60()_update_buttons()_update60()end",
    "if(_update60)_update=function()_update60()_update60()end",
};

int m8_legacy_is_legacy(const uint8_t *in, size_t in_len)
{
    return in_len >= 4 && in[0] == ':' && in[1] == 'c' && in[2] == ':' && in[3] == 0;
}


char *m8_legacy_decompress(const uint8_t *in, size_t in_len, size_t *out_len, char *err,
                           size_t errsz)
{
    if (in_len < M8_LEGACY_HEADER_SIZE)
        return m8_code_fail(NULL, err, errsz, "old-format code header truncated (%zu of 8 bytes)", in_len);
    if (!m8_legacy_is_legacy(in, in_len))
        return m8_code_fail(NULL, err, errsz, "not old-format compressed code (no :c: magic)");
    size_t want = (size_t)in[4] << 8 | in[5];
    char *out = malloc(want + 1);
    if (!out) return m8_code_fail(NULL, err, errsz, "out of memory");
    size_t n = 0, i = M8_LEGACY_HEADER_SIZE;
    while (n < want) {
        if (i >= in_len)
            return m8_code_fail(out, err, errsz, "old-format code truncated after %zu of %zu chars", n, want);
        uint8_t b = in[i++];
        if (b == 0) {
            if (i >= in_len)
                return m8_code_fail(out, err, errsz, "old-format code truncated after %zu of %zu chars", n, want);
            if (in[i] == 0) break;            /* 0x00 0x00 ends the stream */
            out[n++] = (char)in[i++];
        } else if (b < 0x3c) {
            out[n++] = k_table[b - 1];
        } else {
            if (i >= in_len)
                return m8_code_fail(out, err, errsz, "old-format code truncated after %zu of %zu chars", n, want);
            uint8_t b2 = in[i++];
            size_t offset = (size_t)(b - 0x3c) * 16 + (b2 & 15), len = (size_t)(b2 >> 4) + 2;
            if (offset == 0 || offset > n)
                return m8_code_fail(out, err, errsz, "old-format back reference %zu bytes back at output byte %zu", offset, n);
            if (len > want - n) len = want - n;
            for (size_t k = 0; k < len; k++, n++) out[n] = out[n - offset];
        }
    }
    while (n > 0 && out[n - 1] == 0) n--;
    for (size_t s = 0; s < sizeof k_shims / sizeof k_shims[0]; s++) {
        size_t sl = strlen(k_shims[s]);
        if (n >= sl && memcmp(out + n - sl, k_shims[s], sl) == 0) {
            n -= sl;
            if (n > 0 && out[n - 1] == '\n') n--;
            break;
        }
    }
    out[n] = 0;
    if (out_len) *out_len = n;
    return out;
}

uint8_t *m8_legacy_compress(const char *code, size_t len, size_t *out_len)
{
    if (len > 0xffff) return NULL;
    uint8_t *out = malloc(M8_LEGACY_HEADER_SIZE + 2 * len + 1);
    if (!out) return NULL;
    const uint8_t *s = (const uint8_t *)code;
    memcpy(out, ":c:\0", 4);
    out[4] = (uint8_t)(len >> 8);
    out[5] = (uint8_t)len;
    out[6] = out[7] = 0;
    size_t o = M8_LEGACY_HEADER_SIZE;
    for (size_t pos = 0; pos < len;) {
        size_t best_len = 0, best_off = 0;
        for (size_t off = 1; off <= MAX_OFFSET && off <= pos; off++) {
            size_t l = 0;
            while (l < MAX_LENGTH && l < off && pos + l < len && s[pos + l - off] == s[pos + l]) l++;
            if (l > best_len) {
                best_len = l;
                best_off = off;
            }
        }
        if (best_len >= 3) {
            out[o++] = (uint8_t)(0x3c + best_off / 16);
            out[o++] = (uint8_t)((best_len - 2) << 4 | (best_off & 15));
            pos += best_len;
            continue;
        }
        const char *t = s[pos] ? memchr(k_table, s[pos], TABLE_SIZE) : NULL;
        if (t) out[o++] = (uint8_t)(t - k_table + 1);
        else {
            out[o++] = 0;
            out[o++] = s[pos];
        }
        pos++;
    }
    if (out_len) *out_len = o;
    return out;
}
