/* test_png_no_libpng.c - the web build's PNG paths, natively: runtime/core/cart_png.c and
 * png_io.c compiled a second time here with M8_NO_PNG (their functions renamed nolib_*), so
 * the code the web player runs (png_decode.c under them) is compared with the libpng build
 * of the same files: every real cart of ../shared written as .p8.png (by the libpng build)
 * reads back with the same ROM, code, version and label; the repository's .p8.png carts too;
 * the golden frames and docs pictures read as the same RGB; broken pictures give "bad PNG:"
 * messages; writing fails with a message. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"
#include "cart_png.h"
#include "m8_test_util.h"
#include "png_io.h"

/* the web build's versions of the two files, beside the libpng ones linked from m8core */
#define M8_NO_PNG
#define m8_is_png nolib_is_png
#define m8_nearest_palette_colour nolib_nearest_palette_colour
#define m8_cart_read_png nolib_cart_read_png
#define m8_cart_write_png nolib_cart_write_png
#define m8_png_write_rgb nolib_png_write_rgb
#define m8_png_encode_rgb nolib_png_encode_rgb
#define m8_png_read_rgb nolib_png_read_rgb
#include "cart_png.c"
#include "png_io.c"
#undef m8_is_png
#undef m8_nearest_palette_colour
#undef m8_cart_read_png
#undef m8_cart_write_png
#undef m8_png_write_rgb
#undef m8_png_encode_rgb
#undef m8_png_read_rgb

/* Both builds read the .p8.png `png` to the same cart. */
static void expect_same_cart(const uint8_t *png, size_t len, const char *what)
{
    m8_cart ref, own;
    m8_cart_error ref_err = { 0 }, own_err = { 0 };
    cr_assert_eq(m8_cart_read_png(&ref, png, len, &ref_err), 0, "%s: libpng: %s", what, ref_err.message);
    cr_assert_eq(nolib_cart_read_png(&own, png, len, &own_err), 0, "%s: own reader: %s", what,
                 own_err.message);
    cr_assert(memcmp(ref.rom, own.rom, sizeof ref.rom) == 0, "%s: ROM differs", what);
    cr_assert_eq(ref.code_len, own.code_len, "%s: code length differs", what);
    cr_assert(memcmp(ref.code, own.code, ref.code_len) == 0, "%s: code differs", what);
    cr_assert_eq(ref.version, own.version, "%s", what);
    cr_assert(own.has_label && memcmp(ref.label, own.label, sizeof ref.label) == 0,
              "%s: label differs", what);
    m8_cart_free(&ref);
    m8_cart_free(&own);
}

Test(png_no_libpng, real_carts_as_p8png_read_as_with_libpng, .timeout = 600)
{
    char real[512];
    snprintf(real, sizeof real, "%s/carts/real", M8_SHARED_DIR);
    DIR *dir = opendir(real);
    cr_assert_not_null(dir, "no real carts in %s", real);
    int compared = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 3, ".p8") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", real, e->d_name);
        size_t text_len;
        char *text = m8_read_file(path, &text_len, 0);
        cr_assert_not_null(text, "%s", path);
        m8_cart cart;
        m8_cart_error err = { 0 };
        cr_assert_eq(m8_cart_read_p8(&cart, text, text_len, &err), 0, "%s: %s", path, err.message);
        size_t png_len = 0;
        uint8_t *png = m8_cart_write_png(&cart, &png_len, NULL, &err);
        if (png) {   /* NULL: code too large for a cart image */
            expect_same_cart(png, png_len, e->d_name);
            compared++;
        }
        free(png);
        m8_cart_free(&cart);
        free(text);
    }
    closedir(dir);
    cr_assert_geq(compared, 20, "only %d real carts compared", compared);
}

Test(png_no_libpng, repository_p8png_carts_read_as_with_libpng)
{
    char pattern[512];
    snprintf(pattern, sizeof pattern, "%s/tests/fuzz/corpus/*/*.p8.png", M8_SOURCE_DIR);
    glob_t g;
    cr_assert_eq(glob(pattern, 0, NULL, &g), 0, "no .p8.png in %s", pattern);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        size_t len;
        uint8_t *png = (uint8_t *)m8_read_file(g.gl_pathv[i], &len, 0);
        cr_assert_not_null(png);
        expect_same_cart(png, len, g.gl_pathv[i]);
        free(png);
    }
    globfree(&g);
}

Test(png_no_libpng, pictures_read_as_the_same_rgb)
{
    static const char *const k_patterns[] = { "tests/golden/*.png", "docs/img/*.png" };
    int compared = 0;
    for (int k = 0; k < 2; k++) {
        char pattern[512];
        snprintf(pattern, sizeof pattern, "%s/%s", M8_SOURCE_DIR, k_patterns[k]);
        glob_t g;
        if (glob(pattern, 0, NULL, &g) != 0) continue;
        for (size_t i = 0; i < g.gl_pathc; i++) {
            char err[256] = "", own_err[256] = "";
            int w, h, ow, oh;
            uint8_t *ref = m8_png_read_rgb(g.gl_pathv[i], &w, &h, err, sizeof err);
            uint8_t *own = nolib_png_read_rgb(g.gl_pathv[i], &ow, &oh, own_err, sizeof own_err);
            cr_assert_not_null(ref, "%s", err);
            cr_assert_not_null(own, "%s", own_err);
            cr_assert(w == ow && h == oh, "%s: size differs", g.gl_pathv[i]);
            cr_assert(memcmp(ref, own, (size_t)w * h * 3) == 0, "%s: pixels differ", g.gl_pathv[i]);
            free(ref);
            free(own);
            compared++;
        }
        globfree(&g);
    }
    cr_assert_geq(compared, 10);
}

Test(png_no_libpng, broken_pictures_and_writing_give_messages)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/fuzz/corpus/cart_image/hello.p8.png", M8_SOURCE_DIR);
    size_t len;
    uint8_t *png = (uint8_t *)m8_read_file(path, &len, 0);
    cr_assert_not_null(png);
    m8_cart cart;
    m8_cart_error err = { 0 };
    cr_assert_eq(nolib_cart_read_png(&cart, png, len - 100, &err), -1);
    cr_expect_str_eq(err.message, "bad PNG: file ends early (truncated PNG)");
    m8_cart_free(&cart);
    png[40] ^= 0x10;   /* inside the first chunk after IHDR */
    cr_assert_eq(nolib_cart_read_png(&cart, png, len, &err), -1);
    cr_expect(strstr(err.message, "bad PNG: CRC error in chunk") == err.message, "%s", err.message);
    m8_cart_free(&cart);
    free(png);

    /* a golden frame is a PNG but not a cart picture */
    snprintf(path, sizeof path, "%s/tests/golden", M8_SOURCE_DIR);
    glob_t g;
    char pattern[600];
    snprintf(pattern, sizeof pattern, "%s/*.png", path);
    cr_assert_eq(glob(pattern, 0, NULL, &g), 0);
    png = (uint8_t *)m8_read_file(g.gl_pathv[0], &len, 0);
    globfree(&g);
    cr_assert_eq(nolib_cart_read_png(&cart, png, len, &err), -1);
    cr_expect(strstr(err.message, "not a .p8.png cart: the picture is ") == err.message, "%s", err.message);
    m8_cart_free(&cart);
    free(png);

    m8_cart_init(&cart);
    size_t out_len = 1;
    cr_assert_null(nolib_cart_write_png(&cart, &out_len, NULL, &err));
    cr_expect(strstr(err.message, "cannot be written by this build") != NULL, "%s", err.message);
    m8_cart_free(&cart);

    char msg[256];
    int w, h;
    cr_assert_null(nolib_png_read_rgb("/nonexistent/x.png", &w, &h, msg, sizeof msg));
    cr_expect(strstr(msg, "/nonexistent/x.png: ") == msg, "%s", msg);
    uint8_t rgb[3] = { 0 };
    errno = 0;
    cr_assert_eq(nolib_png_write_rgb(m8t_tmp_path("nolib", "x.png"), rgb, 1, 1, 1), -1);
    cr_expect_eq(errno, ENOSYS);
}
