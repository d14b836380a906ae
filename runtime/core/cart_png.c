/* cart_png.c - .p8.png carts: PNG decoding through libpng's reader with explicit
 * transformations (palette, grey and 16-bit images become 8-bit RGBA, no gamma change, so the
 * hidden low bits survive), extraction of byte y*160+x = A1A0 R1R0 G1G0 B1B0 of each
 * pixel, and the reverse: the cartridge picture with each pixel's low bits replaced.
 * Errors in the PNG come back as messages, never as a crash (libpng's longjmp).
 * Built with M8_NO_PNG (the web build: no libpng for emscripten) .p8.png carts are read
 * with the project's own PNG reader (png_decode.c, which gives the same RGBA as the libpng
 * transformations here) and writing them fails with a message.
 * Depends on: cart_png.h, cart_rom.h, cart_template.h, palette.h, libpng (not with
 * M8_NO_PNG), png_decode.h (with M8_NO_PNG). */
#include "cart_png.h"

#ifndef M8_NO_PNG
#include <png.h>
#include <setjmp.h>
#else
#include "png_decode.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart_rom.h"
#include "cart_template.h"
#include "palette.h"

#define PW M8_CART_PICTURE_W
#define PH M8_CART_PICTURE_H


int m8_is_png(const void *data, size_t len)
{
    static const uint8_t signature[M8_PNG_SIGNATURE_SIZE] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    return len >= M8_PNG_SIGNATURE_SIZE && memcmp(data, signature, M8_PNG_SIGNATURE_SIZE) == 0;
}

int m8_nearest_palette_colour(uint8_t r, uint8_t g, uint8_t b, int base_only)
{
    int best = 0;
    long best_d = -1;
    for (int i = 0; i < (base_only ? 16 : 32); i++) {
        uint8_t pr, pg, pb;
        m8_palette_rgb(i, &pr, &pg, &pb);
        long dr = (long)r - pr, dg = (long)g - pg, db = (long)b - pb;
        long d = dr * dr + dg * dg + db * db;
        if (best_d < 0 || d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

#ifdef M8_NO_PNG
/* ------------------------------------- decoding without libpng (the web build) --- */

/* Decode a 160x205 PNG into rgba[160*205*4] with png_decode.c. 0, or -1 with err filled. */
static int decode_rgba(const void *data, size_t len, uint8_t *rgba, m8_cart_error *err)
{
    char message[160];
    int w, h;
    if (m8_png_decode_size(data, len, &w, &h, message, sizeof message) == 0 && (w != PW || h != PH))
        return m8_cart_fail(err, "not a .p8.png cart: the picture is %dx%d, a cart is %dx%d",
                            w, h, PW, PH);
    uint8_t *pixels = m8_png_decode_rgba(data, len, &w, &h, message, sizeof message);
    if (!pixels) return m8_cart_fail(err, "bad PNG: %s", message);
    memcpy(rgba, pixels, (size_t)PW * PH * 4);
    free(pixels);
    return 0;
}

#else
/* -------------------------------------------------- decoding with libpng --- */

typedef struct png_source {
    const uint8_t *p;
    size_t len, pos;
    char message[160];        /* libpng's error text */
} png_source;

static void on_error(png_structp png, png_const_charp msg)
{
    png_source *src = png_get_error_ptr(png);
    snprintf(src->message, sizeof src->message, "%s", msg);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static void on_read(png_structp png, png_bytep out, png_size_t n)
{
    png_source *src = png_get_io_ptr(png);
    if (n > src->len - src->pos) png_error(png, "file ends early (truncated PNG)");
    memcpy(out, src->p + src->pos, n);
    src->pos += n;
}

/* Decode a 160x205 PNG into rgba[160*205*4]. 0, or -1 with err filled. */
static int decode_rgba(const void *data, size_t len, uint8_t *rgba, m8_cart_error *err)
{
    png_source src = { data, len, 0, "" };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        return m8_cart_fail(err, "out of memory reading the PNG");
    }
    png_bytep rows[PH];
    volatile int size_ok = 1;
    volatile png_uint_32 w = 0, h = 0;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        if (!size_ok)
            return m8_cart_fail(err, "not a .p8.png cart: the picture is %ux%u, a cart is %dx%d",
                        (unsigned)w, (unsigned)h, PW, PH);
        return m8_cart_fail(err, "corrupt PNG: %s", src.message);
    }
    png_set_read_fn(png, &src, on_read);
    png_set_user_limits(png, 16384, 16384);
    png_read_info(png, info);
    w = png_get_image_width(png, info);
    h = png_get_image_height(png, info);
    if (w != PW || h != PH) {
        size_ok = 0;
        png_error(png, "size");
    }
    png_set_expand(png);             /* palette -> RGB, tRNS -> alpha, low-bit grey -> 8 bits */
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (png_size_t)PW * 4) png_error(png, "unexpected pixel format");
    for (int y = 0; y < PH; y++) rows[y] = rgba + (size_t)y * PW * 4;
    png_read_image(png, rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

#endif /* M8_NO_PNG */

int m8_cart_read_png(m8_cart *cart, const void *data, size_t len, m8_cart_error *err)
{
    m8_cart_init(cart);
    if (!m8_is_png(data, len)) return m8_cart_fail(err, "not a PNG file (no PNG signature)");
    uint8_t *rgba = malloc((size_t)PW * PH * 4);
    if (!rgba) return m8_cart_fail(err, "out of memory");
    if (decode_rgba(data, len, rgba, err) != 0) {
        free(rgba);
        return -1;
    }
    uint8_t *image = malloc(M8_ROM_IMAGE_SIZE);
    if (!image) {
        free(rgba);
        return m8_cart_fail(err, "out of memory");
    }
    for (size_t i = 0; i < M8_ROM_IMAGE_SIZE; i++) {
        const uint8_t *p = rgba + i * 4;
        image[i] = (uint8_t)((p[3] & 3) << 6 | (p[0] & 3) << 4 | (p[1] & 3) << 2 | (p[2] & 3));
    }
    m8_cart_free(cart);
    int rc = m8_cart_read_rom(cart, image, M8_ROM_IMAGE_SIZE, err);
    free(image);
    if (rc == 0) {
        for (int y = 0; y < 128; y++)
            for (int x = 0; x < 128; x++) {
                const uint8_t *p = rgba + ((size_t)(M8_CART_LABEL_Y + y) * PW + M8_CART_LABEL_X + x) * 4;
                cart->label[y * 128 + x] =
                    (uint8_t)m8_nearest_palette_colour(p[0] & 0xfc, p[1] & 0xfc, p[2] & 0xfc, 0);
            }
        cart->has_label = 1;
    }
    free(rgba);
    return rc;
}

/* ---------------------------------------------------------------- encoding --- */

#ifdef M8_NO_PNG
uint8_t *m8_cart_write_png(const m8_cart *cart, size_t *out_len, size_t *compressed_size,
                           m8_cart_error *err)
{
    (void)cart;
    *out_len = 0;
    if (compressed_size) *compressed_size = 0;
    m8_cart_fail(err, ".p8.png carts cannot be written by this build (no libpng)");
    return NULL;
}

#else

/* Line `n` (0 or 1) of the code if it is a `--` comment: its text without the dashes and
 * leading blanks, at most 40 bytes, in out. */
static void title_line(const m8_cart *cart, int n, char *out, size_t outsz)
{
    out[0] = 0;
    const char *p = cart->code ? cart->code : "", *end = p + cart->code_len;
    for (int i = 0; i < n; i++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *stop = nl ? nl : end;
    if (stop - p < 2 || p[0] != '-' || p[1] != '-') return;
    p += 2;
    while (p < stop && (*p == ' ' || *p == '\t')) p++;
    size_t k = (size_t)(stop - p);
    if (k > 40) k = 40;
    if (k >= outsz) k = outsz - 1;
    memcpy(out, p, k);
    out[k] = 0;
    for (size_t i = 0; i < k; i++)
        if (out[i] == '\r' || out[i] == 0) out[i] = ' ';
}

uint8_t *m8_cart_write_png(const m8_cart *cart, size_t *out_len, size_t *compressed_size,
                           m8_cart_error *err)
{
    uint8_t *image = malloc(M8_ROM_IMAGE_SIZE);
    uint8_t *rgb = malloc((size_t)PW * PH * 3), *rgba = malloc((size_t)PW * PH * 4);
    uint8_t *png_bytes = NULL;
    if (!image || !rgb || !rgba) {
        m8_cart_fail(err, "out of memory");
        goto done;
    }
    if (m8_cart_write_rom(cart, image, compressed_size, err) != 0) goto done;
    char title[48], author[48];
    title_line(cart, 0, title, sizeof title);
    title_line(cart, 1, author, sizeof author);
    m8_cart_template_draw(rgb, cart->has_label ? cart->label : NULL, title, author);
    for (size_t i = 0; i < (size_t)PW * PH; i++) {
        uint8_t byte = image[i];
        rgba[i * 4 + 0] = (uint8_t)((rgb[i * 3 + 0] & 0xfc) | (byte >> 4 & 3));
        rgba[i * 4 + 1] = (uint8_t)((rgb[i * 3 + 1] & 0xfc) | (byte >> 2 & 3));
        rgba[i * 4 + 2] = (uint8_t)((rgb[i * 3 + 2] & 0xfc) | (byte & 3));
        rgba[i * 4 + 3] = (uint8_t)(0xfc | (byte >> 6 & 3));
    }
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = PW;
    img.height = PH;
    img.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&img, NULL, &size, 0, rgba, 0, NULL) || size == 0) {
        m8_cart_fail(err, "PNG encoding failed: %s", img.message);
        goto done;
    }
    png_bytes = malloc(size);
    if (!png_bytes) {
        m8_cart_fail(err, "out of memory");
        goto done;
    }
    if (!png_image_write_to_memory(&img, png_bytes, &size, 0, rgba, 0, NULL)) {
        m8_cart_fail(err, "PNG encoding failed: %s", img.message);
        free(png_bytes);
        png_bytes = NULL;
        goto done;
    }
    if (out_len) *out_len = size;
done:
    free(image);
    free(rgb);
    free(rgba);
    return png_bytes;
}

#endif /* M8_NO_PNG */
