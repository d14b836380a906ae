/* p8scii.c - P8SCII <-> UTF-8 mapping used by the .p8 text format (reference section 4.9).
 *
 * Every P8SCII byte has one Unicode spelling: 0x20-0x7e (and 0x00, tab, LF, CR) are plain
 * ASCII, the others are the glyph code points of the reference table; five button glyphs are
 * an emoji followed by U+FE0F. Reading is lenient: the emoji are accepted with or without the
 * U+FE0F, italic letters U+1D622-U+1D63B map to A-Z as PICO-8 does when pasting, and anything
 * else (unknown code points, broken UTF-8) is copied byte for byte. Because every byte has a
 * spelling, p8scii -> utf8 -> p8scii is the identity on any byte string.
 * Depends on: libc only. */
#include "p8scii.h"

#include <stdint.h>
#include <stdlib.h>

#define VS16 0xfe0f /* variation selector that follows the emoji glyphs */

/* Code point written for each P8SCII byte; 0 means "the byte itself" (ASCII and 0x00). */
static const uint32_t k_low[32] = {
    0,      0x00b9, 0x00b2, 0x00b3, 0x2074, 0x2075, 0x2076, 0x2077, /* 0x00-0x07 */
    0x2078, 0,      0,      0x1d47, 0x1d9c, 0,      0x1d49, 0x1da0, /* 0x08-0x0f */
    0x25ae, 0x25a0, 0x25a1, 0x2059, 0x2058, 0x2016, 0x25c0, 0x25b6, /* 0x10-0x17 */
    0x300c, 0x300d, 0x00a5, 0x2022, 0x3001, 0x3002, 0x309b, 0x309c, /* 0x18-0x1f */
};

static const uint32_t k_glyphs[26] = { /* 0x80-0x99 */
    0x2588, 0x2592, 0x1f431, 0x2b07, 0x2591, 0x273d, 0x25cf, 0x2665,
    0x2609, 0xc6c3, 0x2302,  0x2b05, 0x1f610, 0x266a, 0x1f17e, 0x25c6,
    0x2026, 0x27a1, 0x2605,  0x29d7, 0x2b06, 0x02c7, 0x2227, 0x274e,
    0x25a4, 0x25a5,
};

/* 0x9a-0xcb hiragana; 0xcc-0xfd are the same katakana (code point + 0x60). */
static const uint16_t k_kana[50] = {
    0x3042, 0x3044, 0x3046, 0x3048, 0x304a, 0x304b, 0x304d, 0x304f, 0x3051, 0x3053,
    0x3055, 0x3057, 0x3059, 0x305b, 0x305d, 0x305f, 0x3061, 0x3064, 0x3066, 0x3068,
    0x306a, 0x306b, 0x306c, 0x306d, 0x306e, 0x306f, 0x3072, 0x3075, 0x3078, 0x307b,
    0x307e, 0x307f, 0x3080, 0x3081, 0x3082, 0x3084, 0x3086, 0x3088, 0x3089, 0x308a,
    0x308b, 0x308c, 0x308d, 0x308f, 0x3092, 0x3093, 0x3063, 0x3083, 0x3085, 0x3087,
};

/* Code point of P8SCII byte b (b itself for ASCII). */
static uint32_t glyph_of(unsigned b)
{
    if (b < 0x20) return k_low[b] ? k_low[b] : b;
    if (b < 0x7f) return b;
    if (b == 0x7f) return 0x25cb;
    if (b < 0x9a) return k_glyphs[b - 0x80];
    if (b < 0xcc) return k_kana[b - 0x9a];
    if (b < 0xfe) return k_kana[b - 0xcc] + 0x60u;
    return b == 0xfe ? 0x25dc : 0x25dd;
}

/* The five glyphs written as emoji + U+FE0F. */
static int has_vs16(unsigned b)
{
    return b == 0x83 || b == 0x8b || b == 0x8e || b == 0x91 || b == 0x94;
}

/* P8SCII byte for a non-ASCII code point, or -1 when it has none. */
static int byte_of(uint32_t cp)
{
    if (cp >= 0x1d622 && cp <= 0x1d63b) return 'A' + (int)(cp - 0x1d622); /* italic a-z */
    for (unsigned b = 0x01; b < 0x100; b++) {
        if (b >= 0x20 && b < 0x7f) continue;
        if (b == 0x09 || b == 0x0a || b == 0x0d) continue;
        if (glyph_of(b) == cp) return (int)b;
    }
    return -1;
}

/* Decode one well-formed UTF-8 sequence at s (n bytes left); returns its length, 0 if bad. */
static size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    unsigned c = s[0];
    size_t len;
    uint32_t v, min;
    if (c < 0x80) { *cp = c; return 1; }
    if (c >= 0xc2 && c <= 0xdf) { len = 2; v = c & 0x1f; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { len = 3; v = c & 0x0f; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { len = 4; v = c & 0x07; min = 0x10000; }
    else return 0;
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return len;
}

static size_t utf8_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

char *m8_utf8_to_p8scii(const char *utf8, size_t len, size_t *out_len)
{
    const unsigned char *s = (const unsigned char *)utf8;
    char *out = malloc(len + 1); /* never longer than the input */
    size_t o = 0, i = 0;
    if (!out) return NULL;
    while (i < len) {
        uint32_t cp;
        size_t n = utf8_decode(s + i, len - i, &cp);
        if (n == 0) { out[o++] = (char)s[i++]; continue; } /* broken UTF-8: raw byte */
        if (n == 1) { out[o++] = (char)cp; i++; continue; }
        int b = byte_of(cp);
        if (b < 0) { /* unknown code point: copy its bytes */
            for (size_t k = 0; k < n; k++) out[o++] = (char)s[i + k];
            i += n;
            continue;
        }
        out[o++] = (char)b;
        i += n;
        if (has_vs16((unsigned)b) && i + 3 <= len) { /* swallow the optional U+FE0F */
            uint32_t vs;
            if (utf8_decode(s + i, len - i, &vs) == 3 && vs == VS16) i += 3;
        }
    }
    out[o] = '\0';
    if (out_len) *out_len = o;
    return out;
}

char *m8_p8scii_to_utf8(const char *p8, size_t len, size_t *out_len)
{
    const unsigned char *s = (const unsigned char *)p8;
    char *out = malloc(len * 7 + 1); /* 4 bytes + 3 for U+FE0F at most per byte */
    size_t o = 0;
    if (!out) return NULL;
    for (size_t i = 0; i < len; i++) {
        o += utf8_encode(glyph_of(s[i]), out + o);
        if (has_vs16(s[i])) o += utf8_encode(VS16, out + o);
    }
    out[o] = '\0';
    if (out_len) *out_len = o;
    return out;
}
