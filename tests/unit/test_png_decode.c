/* test_png_decode.c - runtime/core/png_decode.c (the web build's PNG reader) against libpng
 * read with cart_png.c's transformations: identical RGBA for every .p8.png and PNG of the
 * repository, for the real carts of ../shared converted to .p8.png by build/bin/mote8-cart
 * into a temporary folder, and for pictures libpng writes here in every colour type, bit
 * depth, filter and with tRNS. Broken files give a message, never a crash: interlaced,
 * every truncation of a cart, damaged bytes, and chunks made here with good CRCs but bad
 * contents (filter type, IHDR fields, missing PLTE or IDAT, unknown critical chunk, short
 * or long image data, huge sizes). */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <glob.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "m8_test_util.h"
#include "png_decode.h"

/* ------------------------------------------------------ libpng, the reference --- */

typedef struct mem_source {
    const uint8_t *p;
    size_t len, pos;
} mem_source;

static void ref_read(png_structp png, png_bytep out, png_size_t n)
{
    mem_source *src = png_get_io_ptr(png);
    if (n > src->len - src->pos) png_error(png, "truncated");
    memcpy(out, src->p + src->pos, n);
    src->pos += n;
}

static void ref_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

/* libpng's RGBA of a PNG with cart_png.c's transformations, or NULL when libpng refuses it. */
static uint8_t *libpng_rgba(const uint8_t *data, size_t len, int *w, int *h)
{
    mem_source src = { data, len, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, ref_warning);
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile rgba = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rgba);
        free(rows);
        return NULL;
    }
    png_set_read_fn(png, &src, ref_read);
    png_read_info(png, info);
    *w = (int)png_get_image_width(png, info);
    *h = (int)png_get_image_height(png, info);
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    cr_assert_eq(png_get_rowbytes(png, info), (png_size_t)*w * 4);
    rgba = malloc((size_t)*w * *h * 4);
    rows = malloc(sizeof(png_bytep) * (size_t)*h);
    for (int y = 0; y < *h; y++) rows[y] = rgba + (size_t)y * *w * 4;
    png_read_image(png, rows);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    return rgba;
}

/* Both readers give the same picture, pixel for pixel. */
static void expect_same_as_libpng(const uint8_t *data, size_t len, const char *what)
{
    int rw = 0, rh = 0, ow = 0, oh = 0;
    uint8_t *ref = libpng_rgba(data, len, &rw, &rh);
    cr_assert_not_null(ref, "%s: libpng cannot read it", what);
    char err[256] = "";
    uint8_t *own = m8_png_decode_rgba(data, len, &ow, &oh, err, sizeof err);
    cr_assert_not_null(own, "%s: %s", what, err);
    cr_assert(ow == rw && oh == rh, "%s: %dx%d, libpng %dx%d", what, ow, oh, rw, rh);
    for (size_t i = 0; i < (size_t)rw * rh * 4; i++)
        if (own[i] != ref[i])
            cr_assert_fail("%s: pixel (%zu,%zu) channel %zu is %d, libpng %d", what, i / 4 % rw,
                           i / 4 / rw, i % 4, own[i], ref[i]);
    free(own);
    free(ref);
}

static uint8_t *read_whole(const char *path, size_t *len)
{
    uint8_t *data = (uint8_t *)m8_read_file(path, len, 0);
    cr_assert_not_null(data, "cannot read %s", path);
    return data;
}

/* ------------------------------------------------- the repository's pictures --- */

Test(png_decode, every_png_of_the_repository_as_libpng)
{
    static const char *const k_patterns[] = { "tests/*/*.p8.png", "tests/*/*/*.p8.png",
                                              "tests/*/*/*/*.p8.png", "carts/*.p8.png",
                                              "carts/*/*.p8.png", "tests/golden/*.png",
                                              "docs/img/*.png" };
    int carts = 0, pictures = 0;
    for (size_t k = 0; k < sizeof k_patterns / sizeof k_patterns[0]; k++) {
        char pattern[512];
        snprintf(pattern, sizeof pattern, "%s/%s", M8_SOURCE_DIR, k_patterns[k]);
        glob_t g;
        if (glob(pattern, 0, NULL, &g) != 0) continue;
        for (size_t i = 0; i < g.gl_pathc; i++) {
            size_t len;
            uint8_t *data = read_whole(g.gl_pathv[i], &len);
            expect_same_as_libpng(data, len, g.gl_pathv[i]);
            free(data);
            if (strstr(g.gl_pathv[i], ".p8.png")) carts++;
            else pictures++;
        }
        globfree(&g);
    }
    cr_assert_geq(carts, 2, "the repository's .p8.png carts were not found");
    cr_assert_geq(pictures, 10, "the golden frames were not found");
}

Test(png_decode, real_carts_converted_to_p8png_as_libpng, .timeout = 600)
{
    char real[512];
    snprintf(real, sizeof real, "%s/carts/real", M8_SHARED_DIR);
    DIR *dir = opendir(real);
    cr_assert_not_null(dir, "no real carts in %s", real);
    const char *tmp = m8t_temp_dir("pngdec");
    int converted = 0, too_large = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 3, ".p8") != 0) continue;
        char src[1024], dst[1024];
        snprintf(src, sizeof src, "%s/%s", real, e->d_name);
        snprintf(dst, sizeof dst, "%s/%s.png", tmp, e->d_name);
        m8_run_result r;
        m8t_run_tool(&r, "mote8-cart", (const char *const[]){ "convert", src, dst, NULL });
        if (r.exit_code != 0) {   /* a cart whose code does not fit a .p8.png */
            cr_log_info("%s: not converted: %s", e->d_name, r.err);
            too_large++;
            continue;
        }
        size_t len;
        uint8_t *data = read_whole(dst, &len);
        expect_same_as_libpng(data, len, dst);
        free(data);
        remove(dst);
        converted++;
    }
    closedir(dir);
    remove(tmp);
    cr_assert_geq(converted, 20, "only %d real carts converted (%d refused)", converted, too_large);
}

/* -------------------------------------------- pictures libpng writes here --- */

/* A w x h picture of colour type `colour` and `depth`, written by libpng with `filters`
 * (PNG_FILTER_* bits), a palette of `palette_size` for palette images, and a tRNS when
 * `trns`. Returns the PNG bytes. */
static uint8_t *write_png(int w, int h, int colour, int depth, int filters, int palette_size,
                          int trns, int interlace, size_t *len)
{
    char *buf = NULL;
    size_t cap = 0;
    FILE *f = open_memstream(&buf, &cap);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    cr_assert(png && info);
    if (setjmp(png_jmpbuf(png))) cr_assert_fail("libpng cannot write colour %d depth %d", colour, depth);
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, depth, colour,
                 interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    uint32_t seed = (uint32_t)(w * 31 + h * 7 + colour * 5 + depth);
    if (colour == PNG_COLOR_TYPE_PALETTE) {
        png_color pal[256];
        png_byte alpha[256];
        for (int i = 0; i < 256; i++) {
            pal[i].red = (png_byte)(i * 37);
            pal[i].green = (png_byte)(i * 91 + 3);
            pal[i].blue = (png_byte)(255 - i);
            alpha[i] = (png_byte)(i * 53);
        }
        png_set_PLTE(png, info, pal, palette_size);
        if (trns) png_set_tRNS(png, info, alpha, palette_size / 2 + 1, NULL);
    } else if (trns && (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_RGB)) {
        png_color_16 key = { 0 };
        unsigned max = (1u << depth) - 1;
        key.gray = (png_uint_16)(5 & max);
        key.red = (png_uint_16)(7 & max);
        key.green = (png_uint_16)(1 & max);
        key.blue = (png_uint_16)(3 & max);
        png_set_tRNS(png, info, NULL, 0, &key);
    }
    png_write_info(png, info);
    int channels = colour == PNG_COLOR_TYPE_RGB ? 3 : colour == PNG_COLOR_TYPE_RGBA ? 4
                 : colour == PNG_COLOR_TYPE_GRAY_ALPHA ? 2 : 1;
    size_t row_bytes = ((size_t)w * channels * depth + 7) / 8;
    uint8_t *image = malloc(row_bytes * h);
    png_bytep *rows = malloc(sizeof(png_bytep) * h);
    for (int y = 0; y < h; y++) {
        rows[y] = image + row_bytes * y;
        for (size_t i = 0; i < row_bytes; i++) {
            seed = seed * 1103515245u + 12345u;
            /* smooth areas (so filters matter), noise, and the tRNS key's bytes */
            uint8_t v = (uint8_t)(i < row_bytes / 2 ? (i * 3 + (size_t)y * 5) : (seed >> 16));
            if ((i + y) % 11 == 0) v = 0;
            if (colour == PNG_COLOR_TYPE_PALETTE && depth == 8) v = (uint8_t)(v % palette_size);
            rows[y][i] = v;
        }
    }
    /* a key colour run, so tRNS hits: pixel 0 of each row */
    if (depth >= 8 && (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_RGB))
        for (int y = 0; y < h; y++) {
            unsigned keys[3] = { colour == PNG_COLOR_TYPE_GRAY ? 5u : 7u, 1, 3 };
            for (int c = 0; c < channels; c++) {
                if (depth == 16) {
                    rows[y][c * 2] = 0;
                    rows[y][c * 2 + 1] = (png_byte)keys[c];
                } else {
                    rows[y][c] = (png_byte)keys[c];
                }
            }
        }
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    fclose(f);
    free(rows);
    free(image);
    *len = cap;
    return (uint8_t *)buf;
}

Test(png_decode, every_colour_type_depth_filter_and_trns_as_libpng)
{
    static const struct { int colour, depth; } k_formats[] = {
        { PNG_COLOR_TYPE_GRAY, 1 }, { PNG_COLOR_TYPE_GRAY, 2 }, { PNG_COLOR_TYPE_GRAY, 4 },
        { PNG_COLOR_TYPE_GRAY, 8 }, { PNG_COLOR_TYPE_GRAY, 16 }, { PNG_COLOR_TYPE_RGB, 8 },
        { PNG_COLOR_TYPE_RGB, 16 }, { PNG_COLOR_TYPE_PALETTE, 1 }, { PNG_COLOR_TYPE_PALETTE, 2 },
        { PNG_COLOR_TYPE_PALETTE, 4 }, { PNG_COLOR_TYPE_PALETTE, 8 },
        { PNG_COLOR_TYPE_GRAY_ALPHA, 8 }, { PNG_COLOR_TYPE_GRAY_ALPHA, 16 },
        { PNG_COLOR_TYPE_RGBA, 8 }, { PNG_COLOR_TYPE_RGBA, 16 } };
    static const int k_filters[] = { PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP,
                                     PNG_FILTER_AVG, PNG_FILTER_PAETH, PNG_ALL_FILTERS };
    static const int k_sizes[][2] = { { 1, 1 }, { 7, 3 }, { 37, 23 }, { 160, 205 } };
    char what[128];
    for (size_t f = 0; f < sizeof k_formats / sizeof k_formats[0]; f++)
        for (size_t fi = 0; fi < 6; fi++)
            for (size_t s = 0; s < 4; s++)
                for (int trns = 0; trns <= 1; trns++) {
                    int colour = k_formats[f].colour, depth = k_formats[f].depth;
                    int palette_size = colour == PNG_COLOR_TYPE_PALETTE ? 1 << depth : 0;
                    if (palette_size > 200) palette_size = 200;   /* indices past it stay unused */
                    size_t len;
                    uint8_t *png = write_png(k_sizes[s][0], k_sizes[s][1], colour, depth,
                                             k_filters[fi], palette_size, trns, 0, &len);
                    snprintf(what, sizeof what, "colour %d depth %d filters %#x %dx%d tRNS %d",
                             colour, depth, k_filters[fi], k_sizes[s][0], k_sizes[s][1], trns);
                    expect_same_as_libpng(png, len, what);
                    free(png);
                }
}

/* ---------------------------------------------------------- broken files --- */

static void expect_error(const uint8_t *data, size_t len, const char *part, const char *what)
{
    char err[256] = "";
    int w = -1, h = -1;
    uint8_t *px = m8_png_decode_rgba(data, len, &w, &h, err, sizeof err);
    cr_assert_null(px, "%s: decoded", what);
    cr_assert_neq(err[0], 0, "%s: no message", what);
    if (part) cr_expect(strstr(err, part) != NULL, "%s: \"%s\" lacks \"%s\"", what, err, part);
}

Test(png_decode, interlaced_is_refused_with_a_message)
{
    size_t len;
    uint8_t *png = write_png(37, 23, PNG_COLOR_TYPE_RGBA, 8, PNG_ALL_FILTERS, 0, 0, 1, &len);
    expect_error(png, len, "interlaced PNG not supported", "interlaced");
    free(png);
}

static uint8_t *repo_cart(size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/fuzz/corpus/cart_image/hello.p8.png", M8_SOURCE_DIR);
    return read_whole(path, len);
}

Test(png_decode, every_truncation_and_damaged_byte_gives_a_message, .timeout = 600)
{
    size_t len;
    uint8_t *cart = repo_cart(&len);
    char what[64];
    for (size_t cut = 0; cut < len; cut += cut < 64 ? 1 : 37) {
        uint8_t *copy = malloc(cut ? cut : 1);   /* exactly `cut` bytes, for ASan */
        memcpy(copy, cart, cut);
        snprintf(what, sizeof what, "cut at %zu of %zu", cut, len);
        expect_error(copy, cut, NULL, what);
        free(copy);
    }
    /* a changed byte anywhere past the signature breaks a chunk's CRC (or its length) */
    uint32_t seed = 5;
    for (int trial = 0; trial < 300; trial++) {
        seed = seed * 1103515245u + 12345u;
        size_t at = 8 + (seed >> 8) % (len - 8);
        cart[at] ^= (uint8_t)(1 + (seed & 0x7f));
        snprintf(what, sizeof what, "byte %zu changed", at);
        expect_error(cart, len, NULL, what);
        cart[at] ^= (uint8_t)(1 + (seed & 0x7f));
    }
    expect_error(cart, 0, "no PNG signature", "empty");
    expect_error(NULL, 0, "no PNG signature", "NULL");
    free(cart);
}

/* --- files made chunk by chunk, with good CRCs --- */

typedef struct png_builder {
    uint8_t *p;
    size_t len, cap;
} png_builder;

static void put(png_builder *b, const void *data, size_t n)
{
    if (b->len + n > b->cap) {
        b->cap = (b->len + n) * 2 + 64;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

static void put32(png_builder *b, uint32_t v)
{
    uint8_t be[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
    put(b, be, 4);
}

static void chunk(png_builder *b, const char *type, const void *data, size_t n)
{
    put32(b, (uint32_t)n);
    size_t at = b->len;
    put(b, type, 4);
    if (n) put(b, data, n);
    put32(b, (uint32_t)crc32(0, b->p + at, (uInt)(n + 4)));
}

static void start_png(png_builder *b, uint32_t w, uint32_t h, int depth, int colour, int interlace)
{
    memset(b, 0, sizeof *b);
    put(b, "\x89PNG\r\n\x1a\n", 8);
    uint8_t ihdr[13] = { (uint8_t)(w >> 24), (uint8_t)(w >> 16), (uint8_t)(w >> 8), (uint8_t)w,
                         (uint8_t)(h >> 24), (uint8_t)(h >> 16), (uint8_t)(h >> 8), (uint8_t)h,
                         (uint8_t)depth, (uint8_t)colour, 0, 0, (uint8_t)interlace };
    chunk(b, "IHDR", ihdr, 13);
}

/* An IDAT holding `raw` (filter bytes included) compressed by zlib. */
static void idat(png_builder *b, const uint8_t *raw, size_t n)
{
    uLongf zlen = compressBound((uLong)n);
    uint8_t *z = malloc(zlen);
    cr_assert_eq(compress(z, &zlen, raw, (uLong)n), Z_OK);
    chunk(b, "IDAT", z, zlen);
    free(z);
}

/* A 4x2 RGB picture whose rows use filter types f0 and f1. */
static void small_rgb(png_builder *b, int f0, int f1, size_t extra_bytes, size_t missing_bytes)
{
    uint8_t raw[2 * 13 + 16];
    for (size_t i = 0; i < sizeof raw; i++) raw[i] = (uint8_t)(i * 29);
    raw[0] = (uint8_t)f0;
    raw[13] = (uint8_t)f1;
    start_png(b, 4, 2, 8, 2, 0);
    idat(b, raw, 26 + extra_bytes - missing_bytes);
    chunk(b, "IEND", NULL, 0);
}

Test(png_decode, chunks_with_good_crcs_and_bad_contents)
{
    png_builder b;
    small_rgb(&b, 4, 3, 0, 0);
    expect_same_as_libpng(b.p, b.len, "the hand-made picture itself");
    free(b.p);

    small_rgb(&b, 0, 5, 0, 0);
    expect_error(b.p, b.len, "bad filter type 5 in row 1", "filter 5");
    free(b.p);
    small_rgb(&b, 0, 0, 0, 3);
    expect_error(b.p, b.len, "image data too short", "3 bytes short");
    free(b.p);
    small_rgb(&b, 0, 0, 5, 0);
    expect_error(b.p, b.len, "bad image data: output larger than expected", "5 bytes too many");
    free(b.p);

    start_png(&b, 4, 2, 8, 2, 1);
    expect_error(b.p, b.len, "interlaced PNG not supported", "interlace flag");
    free(b.p);
    start_png(&b, 4, 2, 8, 2, 2);
    expect_error(b.p, b.len, "unknown interlace method 2", "interlace 2");
    free(b.p);
    start_png(&b, 4, 2, 3, 2, 0);
    expect_error(b.p, b.len, "bad bit depth 3 for colour type 2", "depth 3");
    free(b.p);
    start_png(&b, 4, 2, 8, 5, 0);
    expect_error(b.p, b.len, "bad colour type 5", "colour 5");
    free(b.p);
    start_png(&b, 0, 2, 8, 2, 0);
    expect_error(b.p, b.len, "bad image size 0x2", "zero width");
    free(b.p);
    start_png(&b, 16385, 2, 8, 2, 0);
    expect_error(b.p, b.len, "PNG too large", "too wide");
    free(b.p);
    start_png(&b, 8000, 8000, 8, 6, 0);
    expect_error(b.p, b.len, "PNG too large", "too many pixels");
    free(b.p);

    /* a huge picture claimed by a few bytes of data: refused before the memory is taken */
    start_png(&b, 4000, 4000, 8, 6, 0);
    uint8_t tiny[20] = { 0 };
    idat(&b, tiny, sizeof tiny);
    chunk(&b, "IEND", NULL, 0);
    expect_error(b.p, b.len, "image data too short", "4000x4000 from 20 bytes");
    free(b.p);

    start_png(&b, 4, 2, 8, 2, 0);
    chunk(&b, "IEND", NULL, 0);
    expect_error(b.p, b.len, "no image data (no IDAT chunk)", "no IDAT");
    free(b.p);

    start_png(&b, 4, 2, 8, 3, 0);
    uint8_t raw[2 * 5] = { 0 };
    idat(&b, raw, sizeof raw);
    chunk(&b, "IEND", NULL, 0);
    expect_error(b.p, b.len, "without a PLTE chunk", "palette without PLTE");
    free(b.p);

    start_png(&b, 4, 2, 8, 2, 0);
    chunk(&b, "ABCD", "x", 1);
    expect_error(b.p, b.len, "unknown critical chunk ABCD", "critical chunk");
    free(b.p);

    /* an unknown ancillary chunk is skipped */
    small_rgb(&b, 1, 2, 0, 0);
    png_builder c;
    memset(&c, 0, sizeof c);
    put(&c, b.p, 33);                      /* signature + IHDR */
    chunk(&c, "abCd", "hello", 5);
    put(&c, b.p + 33, b.len - 33);
    expect_same_as_libpng(c.p, c.len, "an ancillary chunk inside");
    free(c.p);
    /* and without IEND the file is truncated */
    expect_error(b.p, b.len - 12, "file ends early (truncated PNG)", "no IEND");
    free(b.p);

    start_png(&b, 4, 2, 8, 2, 0);
    b.p[8 + 4 + 4 + 12] ^= 1;               /* IHDR's CRC */
    expect_error(b.p, b.len, "CRC error in chunk IHDR", "IHDR CRC");
    free(b.p);

    int w, h;
    char err[128];
    start_png(&b, 160, 205, 8, 6, 0);
    cr_assert_eq(m8_png_decode_size(b.p, b.len, &w, &h, err, sizeof err), 0, "%s", err);
    cr_expect(w == 160 && h == 205);
    free(b.p);
}

Test(png_decode, damaged_image_data_never_crashes)
{
    size_t len;
    uint8_t *png = write_png(37, 23, PNG_COLOR_TYPE_RGBA, 8, PNG_ALL_FILTERS, 0, 0, 0, &len);
    /* find the IDAT and change bytes in it, the CRC made good again */
    size_t at = 8;
    while (at + 8 <= len && memcmp(png + at + 4, "IDAT", 4) != 0)
        at += 12 + ((size_t)png[at] << 24 | (size_t)png[at + 1] << 16 | (size_t)png[at + 2] << 8 | png[at + 3]);
    cr_assert_lt(at + 8, len, "no IDAT");
    size_t n = (size_t)png[at] << 24 | (size_t)png[at + 1] << 16 | (size_t)png[at + 2] << 8 | png[at + 3];
    uint32_t seed = 11;
    int refused = 0;
    for (int trial = 0; trial < 500; trial++) {
        uint8_t *copy = malloc(len);
        memcpy(copy, png, len);
        for (int k = 0; k < 3; k++) {
            seed = seed * 1103515245u + 12345u;
            copy[at + 8 + (seed >> 8) % n] ^= (uint8_t)(1 + (seed & 0xfe));
        }
        uint32_t crc = (uint32_t)crc32(0, copy + at + 4, (uInt)(n + 4));
        uint8_t *c = copy + at + 8 + n;
        c[0] = (uint8_t)(crc >> 24), c[1] = (uint8_t)(crc >> 16), c[2] = (uint8_t)(crc >> 8), c[3] = (uint8_t)crc;
        char err[256] = "";
        int w, h;
        uint8_t *px = m8_png_decode_rgba(copy, len, &w, &h, err, sizeof err);
        if (!px) {
            cr_assert_neq(err[0], 0);
            refused++;
        }
        free(px);
        free(copy);
    }
    cr_expect_gt(refused, 400, "damaged image data decoded %d times in 500", 500 - refused);
    free(png);
}

Test(png_decode, crc32_as_zlib)
{
    uint8_t data[1000];
    for (int i = 0; i < 1000; i++) data[i] = (uint8_t)(i * 7 + (i >> 3));
    for (size_t n = 0; n <= sizeof data; n += 111)
        cr_assert_eq(m8_png_crc32(0, data, n), (uint32_t)crc32(0, data, (uInt)n));
    cr_assert_eq(m8_png_crc32(m8_png_crc32(0, data, 300), data + 300, 700),
                 (uint32_t)crc32(0, data, 1000));
}
