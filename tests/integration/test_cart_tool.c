/* test_cart_tool.c - build/bin/mote8-cart run as a process: --help and usage errors (exit 2),
 * info, convert through all three formats, export-gfx / export-label / import-gfx, bad input
 * (exit 1 with the file named), and mote8 itself running the converted carts. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cart.h"
#include "m8_test_util.h"
#include "palette.h"
#include "png_io.h"

#define CELESTE M8_SHARED_DIR "/carts/real/celeste_classic.p8"

static const char *tmp(const char *name) { return m8t_tmp_path("tool", name); }

static const char *write_cart(const char *name, const char *code)
{
    const char *p = tmp(name);
    FILE *f = fopen(p, "w");
    cr_assert(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s\n", code);
    fclose(f);
    return p;
}

static int tool(m8_run_result *r, const char *const *args)
{
    m8t_run_tool(r, "mote8-cart", args);
    return r->exit_code;
}

/* Read any cart file through the tool's own conversion to .p8, then the .p8 reader. */
static void read_as_p8(const char *path, m8_cart *cart)
{
    const char *p8 = tmp("read_as.p8");
    m8_run_result r;
    const char *args[] = { "convert", path, p8, NULL };
    cr_assert_eq(tool(&r, args), 0, "convert %s: %s", path, r.err);
    size_t len;
    char *text = m8_read_file(p8, &len, 0);
    cr_assert(text);
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_p8(cart, text, len, &err), 0, "%s", err.message);
    free(text);
    unlink(p8);
}

static void read_p8(const char *path, m8_cart *cart)
{
    size_t len;
    char *text = m8_read_file(path, &len, 0);
    cr_assert(text, "cannot read %s", path);
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_p8(cart, text, len, &err), 0, "%s", err.message);
    free(text);
}

Test(cart_tool, help_and_usage_errors)
{
    m8_run_result r;
    const char *help[] = { "--help", NULL };
    cr_expect_eq(tool(&r, help), 0);
    cr_expect(strstr(r.out, "convert IN OUT") && strstr(r.out, "import-gfx CART IN.png [OUT]"), "%s", r.out);
    const char *none[] = { NULL };
    cr_expect_eq(tool(&r, none), 2);
    cr_expect(strstr(r.err, "usage") != NULL, "%s", r.err);
    const char *unknown[] = { "explode", "x.p8", NULL };
    cr_expect_eq(tool(&r, unknown), 2);
    cr_expect(strstr(r.err, "unknown command 'explode'") != NULL, "%s", r.err);
    const char *few[] = { "convert", "x.p8", NULL };
    cr_expect_eq(tool(&r, few), 2);
    const char *many[] = { "info", "a.p8", "b.p8", NULL };
    cr_expect_eq(tool(&r, many), 2);
    const char *ext[] = { "convert", CELESTE, tmp("out.txt"), NULL };
    cr_expect_eq(tool(&r, ext), 2);
    cr_expect(strstr(r.err, ".p8, .p8.png or .p8.rom") != NULL, "%s", r.err);
}

Test(cart_tool, info_on_a_real_cart)
{
    m8_run_result r;
    const char *args[] = { "info", CELESTE, NULL };
    cr_assert_eq(tool(&r, args), 0, "%s", r.err);
    cr_expect(strstr(r.out, "format      .p8, version") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "tokens      ") != NULL && strstr(r.out, "/ 8192") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "/ 15616 bytes") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "__sfx__") != NULL && strstr(r.out, "label       yes") != NULL, "%s", r.out);
}

Test(cart_tool, token_count_follows_the_rule)
{
    /* tokens per line in the comments; free: local , . ) end, the - glued to 1, comments */
    const char *cart = write_cart("tokens.p8",
        "local a = -1, b.c\n"       /* a = 1 b c: 5 */
        "function f(x) return x end\n"   /* function f ( x return x: 6 */
        "a = a - 1 -- comment\n");  /* a = a - 1: 5 */
    m8_run_result r;
    const char *args[] = { "info", cart, NULL };
    cr_assert_eq(tool(&r, args), 0, "%s", r.err);
    cr_expect(strstr(r.out, "tokens      16 / 8192") != NULL, "%s", r.out);
    unlink(cart);
}

Test(cart_tool, convert_through_every_format)
{
    const char *png = tmp("c.p8.png"), *rom = tmp("c.p8.rom"), *p8 = tmp("c.p8");
    m8_run_result r;
    const char *a1[] = { "convert", CELESTE, png, NULL };
    cr_assert_eq(tool(&r, a1), 0, "%s", r.err);
    const char *a2[] = { "convert", png, rom, NULL };
    cr_assert_eq(tool(&r, a2), 0, "%s", r.err);
    const char *a3[] = { "convert", rom, p8, NULL };
    cr_assert_eq(tool(&r, a3), 0, "%s", r.err);
    size_t len;
    char *rom_bytes = m8_read_file(rom, &len, 0);
    cr_expect_eq(len, 0x8000);
    free(rom_bytes);
    m8_cart orig, back;
    read_p8(CELESTE, &orig);
    read_p8(p8, &back);
    cr_expect(memcmp(orig.rom, back.rom, M8_ROM_DATA_SIZE) == 0, "ROM differs after png and rom");
    cr_expect(orig.code_len == back.code_len && memcmp(orig.code, back.code, orig.code_len) == 0,
              "code differs after png and rom");
    m8_cart_free(&orig);
    m8_cart_free(&back);
    const char *info[] = { "info", png, NULL };
    cr_assert_eq(tool(&r, info), 0, "%s", r.err);
    cr_expect(strstr(r.out, "format      .p8.png") != NULL, "%s", r.out);

    /* mote8 runs the picture and the image as it runs the text */
    const char *shots[3] = { tmp("s_p8.png"), tmp("s_png.png"), tmp("s_rom.png") };
    const char *carts[3] = { CELESTE, png, rom };
    char *pix[3];
    for (int i = 0; i < 3; i++) {
        const char *run[] = { "--headless", "--frames", "30", "--seed", "3", "--screenshot", shots[i], carts[i], NULL };
        m8t_run_mote8(&r, run);
        cr_assert_eq(r.exit_code, 0, "%s: %s", carts[i], r.err);
        pix[i] = m8_read_file(shots[i], &len, 0);
        cr_assert(pix[i]);
        cr_expect_gt(len, 100);
    }
    cr_expect(memcmp(pix[0], pix[1], len) == 0 && memcmp(pix[0], pix[2], len) == 0,
              "the converted carts draw another frame 30");
    for (int i = 0; i < 3; i++) {
        free(pix[i]);
        unlink(shots[i]);
    }
    unlink(png);
    unlink(rom);
    unlink(p8);
}

Test(cart_tool, bad_input_exits_1_naming_the_file)
{
    m8_run_result r;
    const char *missing = tmp("missing.p8");
    const char *a1[] = { "info", missing, NULL };
    cr_expect_eq(tool(&r, a1), 1);
    cr_expect(strstr(r.err, missing) != NULL, "%s", r.err);
    const char *junk = tmp("junk.p8.png");
    FILE *f = fopen(junk, "w");
    fputs("\x89PNG\r\n\x1a\nnot really", f);
    fclose(f);
    const char *a2[] = { "convert", junk, tmp("j.p8"), NULL };
    cr_expect_eq(tool(&r, a2), 1);
    cr_expect(strstr(r.err, junk) != NULL && strstr(r.err, "PNG") != NULL, "%s", r.err);
    const char *a3[] = { "export-gfx", junk, tmp("j.png"), NULL };
    cr_expect_eq(tool(&r, a3), 1);
    /* the mote8 runtime says the same and exits 1 */
    const char *a4[] = { "--headless", "--frames", "1", junk, NULL };
    m8t_run_mote8(&r, a4);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, junk) != NULL && strstr(r.err, "PNG") != NULL, "%s", r.err);
    unlink(junk);
    /* a broken .p8 names its line once */
    const char *hex = tmp("hex.p8");
    FILE *h = fopen(hex, "w");
    fputs("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__gfx__\n0z\n", h);
    fclose(h);
    const char *a6[] = { "--headless", "--frames", "1", hex, NULL };
    m8t_run_mote8(&r, a6);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, ": line 4: bad hex digit 'z'") != NULL && strstr(r.err, "line 4: line 4") == NULL,
              "%s", r.err);
    unlink(hex);
    /* code too large for an image */
    const char *big = M8_SHARED_DIR "/carts/real/nuklear_klone.p8";
    const char *out = tmp("big.p8.png");
    const char *a5[] = { "convert", big, out, NULL };
    cr_expect_eq(tool(&r, a5), 1);
    cr_expect(strstr(r.err, "compresses to") != NULL && strstr(r.err, "15616") != NULL, "%s", r.err);
    cr_expect(access(out, F_OK) != 0, "a file was written for a cart that does not fit");
}

Test(cart_tool, export_and_import_gfx)
{
    m8_run_result r;
    const char *sheet = tmp("sheet.png");
    const char *a1[] = { "export-gfx", CELESTE, sheet, NULL };
    cr_assert_eq(tool(&r, a1), 0, "%s", r.err);
    int w, h;
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(sheet, &w, &h, err, sizeof err);
    cr_assert(rgb, "%s", err);
    cr_expect(w == 128 && h == 128);
    m8_cart celeste;
    read_p8(CELESTE, &celeste);
    int wrong = 0;
    for (int i = 0; i < 128 * 128; i++) {
        uint8_t b = celeste.rom[(i / 128) * 64 + (i % 128) / 2];
        int c = i & 1 ? b >> 4 : b & 15;
        uint8_t pr, pg, pb;
        m8_palette_rgb(c, &pr, &pg, &pb);
        wrong += rgb[i * 3] != pr || rgb[i * 3 + 1] != pg || rgb[i * 3 + 2] != pb;
    }
    cr_expect_eq(wrong, 0, "%d sprite sheet pixels differ", wrong);
    free(rgb);

    /* into a fresh cart, written to OUT, and in place */
    const char *mine = write_cart("mine.p8", "function _draw() cls() spr(1,60,60) end");
    const char *out = tmp("mine_out.p8.png");
    const char *a2[] = { "import-gfx", mine, sheet, out, NULL };
    cr_assert_eq(tool(&r, a2), 0, "%s", r.err);
    m8_cart got;
    read_as_p8(out, &got);
    cr_expect(memcmp(got.rom, celeste.rom, 0x2000) == 0, "imported sprite sheet differs");
    m8_cart_free(&got);
    const char *a3[] = { "import-gfx", mine, sheet, NULL };
    cr_assert_eq(tool(&r, a3), 0, "%s", r.err);
    read_p8(mine, &got);
    cr_expect(memcmp(got.rom, celeste.rom, 0x2000) == 0, "sprite sheet imported in place differs");
    cr_expect_str_eq(got.code, "function _draw() cls() spr(1,60,60) end");
    m8_cart_free(&got);

    /* a picture of the wrong size */
    const char *small = tmp("small.png");
    static uint8_t px[100 * 100 * 3];
    cr_assert_eq(m8_png_write_rgb(small, px, 100, 100, 1), 0);
    const char *a4[] = { "import-gfx", mine, small, NULL };
    cr_expect_eq(tool(&r, a4), 1);
    cr_expect(strstr(r.err, "100x100") != NULL && strstr(r.err, small) != NULL, "%s", r.err);
    m8_cart_free(&celeste);
    unlink(small);
    unlink(sheet);
    unlink(out);
    unlink(mine);
}

Test(cart_tool, labels_exported_and_rendered_from_the_first_frame)
{
    m8_run_result r;
    const char *mine = write_cart("nolabel.p8", "function _draw() cls(8) rectfill(0,0,63,127,12) end");
    const char *label = tmp("label.png");
    const char *a1[] = { "export-label", mine, label, NULL };
    cr_expect_eq(tool(&r, a1), 1);
    cr_expect(strstr(r.err, "no label") != NULL, "%s", r.err);
    const char *png = tmp("nolabel.p8.png");
    const char *a2[] = { "convert", mine, png, NULL };
    cr_assert_eq(tool(&r, a2), 0, "%s", r.err);
    const char *a3[] = { "export-label", png, label, NULL };
    cr_assert_eq(tool(&r, a3), 0, "%s", r.err);
    int w, h;
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(label, &w, &h, err, sizeof err);
    cr_assert(rgb, "%s", err);
    cr_expect(w == 128 && h == 128);
    const uint8_t *left = rgb + (64 * 128 + 10) * 3, *right = rgb + (64 * 128 + 100) * 3;
    cr_expect(left[0] == 41 && left[1] == 173 && left[2] == 255, "left half is not colour 12");
    cr_expect(right[0] == 255 && right[1] == 0 && right[2] == 77, "right half is not colour 8");
    free(rgb);
    unlink(label);
    unlink(png);
    unlink(mine);
}
