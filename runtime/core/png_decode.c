/* png_decode.c - a PNG reader of the project's own (PNG specification, 2nd edition): the
 * chunks walked with their lengths and CRCs checked, IHDR validated, PLTE and tRNS kept, the
 * IDAT chunks joined and inflated (inflate.c) into a buffer of exactly the image's filtered
 * size, the five row filters undone, and every pixel turned into 8-bit RGBA the way
 * cart_png.c's libpng transformations do it. Unknown ancillary chunks are skipped, unknown
 * critical ones refused. Interlaced (Adam7) images are refused with a message: .p8.png carts
 * and the project's screenshots are never interlaced.
 * Depends on: png_decode.h, inflate.h, libc. */
#include "png_decode.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "inflate.h"

#define SIGNATURE_SIZE 8
#define MAX_DEFLATE_RATIO 1032   /* at most 258 bytes out of 2 bits (a match on 1-bit codes) */

enum { GREY = 0, RGB = 2, PALETTE = 3, GREY_ALPHA = 4, RGBA = 6 };

typedef struct png_header {
    uint32_t width, height;
    int depth, colour, channels;
} png_header;

typedef struct png_chunk {
    uint32_t len;
    char type[5];
    const uint8_t *data;
} png_chunk;

static int failf(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errsz) vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
    return -1;
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

uint32_t m8_png_crc32(uint32_t crc, const uint8_t *p, size_t n)
{
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
    }
    return ~crc;
}

/* The chunk at *pos (length, type, CRC checked); *pos moves past it. */
static int next_chunk(const uint8_t *d, size_t len, size_t *pos, png_chunk *c, char *err,
                      size_t errsz)
{
    if (len - *pos < 12) return failf(err, errsz, "file ends early (truncated PNG)");
    const uint8_t *p = d + *pos;
    c->len = be32(p);
    if (c->len > 0x7fffffffu) return failf(err, errsz, "bad chunk length %lu", (unsigned long)c->len);
    if (c->len > len - *pos - 12) return failf(err, errsz, "file ends early (truncated PNG)");
    for (int i = 0; i < 4; i++) {
        uint8_t t = p[4 + i];
        if (!((t >= 'A' && t <= 'Z') || (t >= 'a' && t <= 'z')))
            return failf(err, errsz, "bad chunk type (not four letters)");
        c->type[i] = (char)t;
    }
    c->type[4] = 0;
    c->data = p + 8;
    if (m8_png_crc32(0, p + 4, (size_t)c->len + 4) != be32(p + 8 + c->len))
        return failf(err, errsz, "CRC error in chunk %s (corrupt PNG)", c->type);
    *pos += (size_t)c->len + 12;
    return 0;
}

/* Signature and IHDR: the header, *pos past IHDR. */
static int read_header(const uint8_t *d, size_t len, size_t *pos, png_header *h, char *err,
                       size_t errsz)
{
    static const uint8_t signature[SIGNATURE_SIZE] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    if (!d || len < SIGNATURE_SIZE || memcmp(d, signature, SIGNATURE_SIZE) != 0)
        return failf(err, errsz, "not a PNG file (no PNG signature)");
    *pos = SIGNATURE_SIZE;
    png_chunk c;
    if (next_chunk(d, len, pos, &c, err, errsz) != 0) return -1;
    if (strcmp(c.type, "IHDR") != 0 || c.len != 13)
        return failf(err, errsz, "the PNG does not start with its IHDR chunk");
    h->width = be32(c.data);
    h->height = be32(c.data + 4);
    h->depth = c.data[8];
    h->colour = c.data[9];
    if (h->width == 0 || h->height == 0 || h->width > 0x7fffffffu || h->height > 0x7fffffffu)
        return failf(err, errsz, "bad image size %lux%lu", (unsigned long)h->width,
                     (unsigned long)h->height);
    int d_ok;
    switch (h->colour) {
    case GREY: h->channels = 1; d_ok = h->depth == 1 || h->depth == 2 || h->depth == 4 || h->depth == 8 || h->depth == 16; break;
    case PALETTE: h->channels = 1; d_ok = h->depth == 1 || h->depth == 2 || h->depth == 4 || h->depth == 8; break;
    case RGB: h->channels = 3; d_ok = h->depth == 8 || h->depth == 16; break;
    case GREY_ALPHA: h->channels = 2; d_ok = h->depth == 8 || h->depth == 16; break;
    case RGBA: h->channels = 4; d_ok = h->depth == 8 || h->depth == 16; break;
    default: return failf(err, errsz, "bad colour type %d", h->colour);
    }
    if (!d_ok) return failf(err, errsz, "bad bit depth %d for colour type %d", h->depth, h->colour);
    if (c.data[10] != 0) return failf(err, errsz, "unknown compression method %d", c.data[10]);
    if (c.data[11] != 0) return failf(err, errsz, "unknown filter method %d", c.data[11]);
    if (c.data[12] == 1) return failf(err, errsz, "interlaced PNG not supported");
    if (c.data[12] != 0) return failf(err, errsz, "unknown interlace method %d", c.data[12]);
    return 0;
}

int m8_png_decode_size(const void *data, size_t len, int *w, int *h, char *err, size_t errsz)
{
    size_t pos;
    png_header hd;
    if (read_header(data, len, &pos, &hd, err, errsz) != 0) return -1;
    *w = (int)hd.width;
    *h = (int)hd.height;
    return 0;
}

/* Undo the row filters in place: rows of 1 + row_bytes bytes (the filter type first). */
static int unfilter(uint8_t *raw, uint32_t height, size_t row_bytes, size_t bpp, char *err,
                    size_t errsz)
{
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = raw + (size_t)y * (row_bytes + 1);
        uint8_t *cur = row + 1;
        const uint8_t *up = y > 0 ? cur - (row_bytes + 1) : NULL;
        switch (row[0]) {
        case 0: break;
        case 1:
            for (size_t i = bpp; i < row_bytes; i++) cur[i] = (uint8_t)(cur[i] + cur[i - bpp]);
            break;
        case 2:
            if (up) for (size_t i = 0; i < row_bytes; i++) cur[i] = (uint8_t)(cur[i] + up[i]);
            break;
        case 3:
            for (size_t i = 0; i < row_bytes; i++) {
                unsigned left = i >= bpp ? cur[i - bpp] : 0, above = up ? up[i] : 0;
                cur[i] = (uint8_t)(cur[i] + ((left + above) >> 1));
            }
            break;
        case 4:
            for (size_t i = 0; i < row_bytes; i++) {
                int a = i >= bpp ? cur[i - bpp] : 0, b = up ? up[i] : 0;
                int c = i >= bpp && up ? up[i - bpp] : 0;
                int p = a + b - c;
                int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
                int pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
                cur[i] = (uint8_t)(cur[i] + pred);
            }
            break;
        default:
            return failf(err, errsz, "bad filter type %d in row %lu", row[0], (unsigned long)y);
        }
    }
    return 0;
}

/* Sample i of a row of `depth`-bit samples. */
static unsigned sample(const uint8_t *row, size_t i, int depth)
{
    if (depth == 8) return row[i];
    if (depth == 16) return (unsigned)row[2 * i] << 8 | row[2 * i + 1];
    size_t bit = i * (size_t)depth;
    return (unsigned)(row[bit >> 3] >> (8 - depth - (int)(bit & 7))) & ((1u << depth) - 1);
}

/* A sample as 8 bits: low depths scaled up (bits repeated), 16 bits cut to the high byte. */
static uint8_t to8(unsigned v, int depth)
{
    switch (depth) {
    case 1: return (uint8_t)(v * 0xff);
    case 2: return (uint8_t)(v * 0x55);
    case 4: return (uint8_t)(v * 0x11);
    case 8: return (uint8_t)v;
    default: return (uint8_t)(v >> 8);
    }
}

typedef struct png_colours {
    uint8_t palette[256][3];    /* unset entries black, as libpng's */
    int palette_size;
    uint8_t alpha[256];         /* tRNS of a palette image; 255 past its end */
    int have_key;               /* tRNS of a grey or RGB image: the transparent colour */
    unsigned key[3];
} png_colours;

static void row_to_rgba(const png_header *h, const png_colours *c, const uint8_t *row,
                        uint8_t *out)
{
    int d = h->depth;
    for (uint32_t x = 0; x < h->width; x++, out += 4) {
        unsigned v[4];
        for (int k = 0; k < h->channels; k++) v[k] = sample(row, (size_t)x * h->channels + k, d);
        switch (h->colour) {
        case GREY:
            out[0] = out[1] = out[2] = to8(v[0], d);
            out[3] = c->have_key && v[0] == c->key[0] ? 0 : 255;
            break;
        case RGB:
            for (int k = 0; k < 3; k++) out[k] = to8(v[k], d);
            out[3] = c->have_key && v[0] == c->key[0] && v[1] == c->key[1] && v[2] == c->key[2] ? 0 : 255;
            break;
        case PALETTE:
            memcpy(out, c->palette[v[0]], 3);
            out[3] = c->alpha[v[0]];
            break;
        case GREY_ALPHA:
            out[0] = out[1] = out[2] = to8(v[0], d);
            out[3] = to8(v[1], d);
            break;
        default:
            for (int k = 0; k < 4; k++) out[k] = to8(v[k], d);
            break;
        }
    }
}

/* tRNS: kept when it fits the colour type (libpng ignores one that does not, with a warning). */
static void take_trns(const png_header *h, png_colours *c, const png_chunk *ch)
{
    unsigned mask = (1u << h->depth) - 1;
    if (h->colour == PALETTE && ch->len <= (uint32_t)c->palette_size) {
        memcpy(c->alpha, ch->data, ch->len);
    } else if (h->colour == GREY && ch->len == 2) {
        c->have_key = 1;
        c->key[0] = ((unsigned)ch->data[0] << 8 | ch->data[1]) & mask;
    } else if (h->colour == RGB && ch->len == 6) {
        c->have_key = 1;
        for (int k = 0; k < 3; k++) c->key[k] = ((unsigned)ch->data[2 * k] << 8 | ch->data[2 * k + 1]) & mask;
    }
}

uint8_t *m8_png_decode_rgba(const void *data, size_t len, int *w, int *h, char *err, size_t errsz)
{
    const uint8_t *d = data;
    size_t pos;
    png_header hd;
    if (read_header(d, len, &pos, &hd, err, errsz) != 0) return NULL;
    if (hd.width > M8_PNG_DECODE_MAX_SIDE || hd.height > M8_PNG_DECODE_MAX_SIDE ||
        (long)hd.width * (long)hd.height > M8_PNG_DECODE_MAX_PIXELS) {
        failf(err, errsz, "PNG too large (%lux%lu; at most %d a side and %ld pixels)",
              (unsigned long)hd.width, (unsigned long)hd.height, M8_PNG_DECODE_MAX_SIDE,
              (long)M8_PNG_DECODE_MAX_PIXELS);
        return NULL;
    }

    png_colours *colours = calloc(1, sizeof *colours);
    uint8_t *idat = NULL, *raw = NULL, *rgba = NULL;
    size_t idat_len = 0, idat_cap = 0;
    if (!colours) goto out_of_memory;
    memset(colours->alpha, 255, sizeof colours->alpha);
    int seen_idat = 0, seen_end = 0;
    while (!seen_end) {
        png_chunk c;
        if (next_chunk(d, len, &pos, &c, err, errsz) != 0) goto fail;
        if (!strcmp(c.type, "IDAT")) {
            if (hd.colour == PALETTE && colours->palette_size == 0) {
                failf(err, errsz, "palette image without a PLTE chunk before its data");
                goto fail;
            }
            if (c.len > idat_cap - idat_len) {
                size_t cap = idat_cap ? idat_cap : 4096;
                while (cap - idat_len < c.len) cap *= 2;
                uint8_t *grown = realloc(idat, cap);
                if (!grown) goto out_of_memory;
                idat = grown;
                idat_cap = cap;
            }
            if (c.len) memcpy(idat + idat_len, c.data, c.len);
            idat_len += c.len;
            seen_idat = 1;
        } else if (!strcmp(c.type, "IEND")) {
            seen_end = 1;
        } else if (!strcmp(c.type, "PLTE")) {
            if (seen_idat || colours->palette_size) {
                failf(err, errsz, "PLTE chunk out of place");
                goto fail;
            }
            if (c.len == 0 || c.len % 3 != 0 || c.len / 3 > 256 ||
                (hd.colour == PALETTE && c.len / 3 > (1u << hd.depth))) {
                failf(err, errsz, "bad PLTE chunk (%lu bytes)", (unsigned long)c.len);
                goto fail;
            }
            colours->palette_size = (int)(c.len / 3);
            memcpy(colours->palette, c.data, c.len);
        } else if (!strcmp(c.type, "tRNS")) {
            take_trns(&hd, colours, &c);
        } else if (!strcmp(c.type, "IHDR")) {
            failf(err, errsz, "a second IHDR chunk");
            goto fail;
        } else if (!(c.type[0] & 0x20)) {
            failf(err, errsz, "unknown critical chunk %s", c.type);
            goto fail;
        }
    }
    if (!seen_idat) {
        failf(err, errsz, "no image data (no IDAT chunk)");
        goto fail;
    }

    size_t row_bytes = ((size_t)hd.width * (size_t)hd.channels * (size_t)hd.depth + 7) / 8;
    size_t raw_len = (row_bytes + 1) * hd.height;
    if ((uint64_t)raw_len > (uint64_t)idat_len * MAX_DEFLATE_RATIO + MAX_DEFLATE_RATIO) {
        failf(err, errsz, "image data too short (truncated PNG)");
        goto fail;
    }
    raw = malloc(raw_len);
    rgba = malloc((size_t)hd.width * hd.height * 4);
    if (!raw || !rgba) goto out_of_memory;
    size_t got = 0;
    const char *why = NULL;
    if (m8_inflate_zlib(idat, idat_len, raw, raw_len, &got, &why) != 0) {
        failf(err, errsz, "bad image data: %s", why);
        goto fail;
    }
    if (got != raw_len) {
        failf(err, errsz, "image data too short (%lu of %lu bytes)", (unsigned long)got,
              (unsigned long)raw_len);
        goto fail;
    }
    size_t bpp = (size_t)hd.channels * hd.depth / 8;
    if (unfilter(raw, hd.height, row_bytes, bpp ? bpp : 1, err, errsz) != 0) goto fail;
    for (uint32_t y = 0; y < hd.height; y++)
        row_to_rgba(&hd, colours, raw + (size_t)y * (row_bytes + 1) + 1,
                    rgba + (size_t)y * hd.width * 4);
    free(colours);
    free(idat);
    free(raw);
    *w = (int)hd.width;
    *h = (int)hd.height;
    return rgba;

out_of_memory:
    failf(err, errsz, "out of memory reading the PNG");
fail:
    free(colours);
    free(idat);
    free(raw);
    free(rgba);
    return NULL;
}
