/* test_new_cart.c - `mote8-cart new`: it writes the template carts/templates/new.p8 byte
 * for byte (.p8) or converted (.p8.png), never over an existing file, and the new cart
 * plays: walking onto a coin takes it off the map (its yellow pixels are gone).
 * Depends on: m8_test_util.h (runs build/bin/mote8-cart and mote8), png_io.h, Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

#define TEMPLATE M8_SOURCE_DIR "/carts/templates/new.p8"

static const char *tmp(const char *name) { return m8t_tmp_path("new", name); }

static void run_new(m8_run_result *r, const char *out)
{
    unlink(out);
    const char *args[] = { "new", out, NULL };
    m8t_run_tool(r, "mote8-cart", args);
}

Test(new_cart, writes_the_template)
{
    const char *out = tmp("game.p8");
    m8_run_result r;
    run_new(&r, out);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_expect(strstr(r.out, "mote8 --watch") != NULL, "says how to run it: %s", r.out);
    size_t a = 0, b = 0;
    char *written = m8_read_file(out, &a, 1 << 20), *source = m8_read_file(TEMPLATE, &b, 1 << 20);
    cr_assert(written && source);
    cr_expect(a == b && memcmp(written, source, a) == 0, "%s differs from %s", out, TEMPLATE);
    free(written);
    free(source);
}

Test(new_cart, never_overwrites_a_file)
{
    const char *out = tmp("mine.p8");
    FILE *f = fopen(out, "w");
    cr_assert(f);
    fputs("my own work\n", f);
    fclose(f);
    const char *args[] = { "new", out, NULL };
    m8_run_result r;
    m8t_run_tool(&r, "mote8-cart", args);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, out) && strstr(r.err, "not overwritten"), "%s", r.err);
    size_t n = 0;
    char *kept = m8_read_file(out, &n, 1 << 20);
    cr_assert(kept);
    cr_expect(n == 12 && memcmp(kept, "my own work\n", 12) == 0, "the file was changed");
    free(kept);

    const char *bad[] = { "new", tmp("game.txt"), NULL };
    m8t_run_tool(&r, "mote8-cart", bad);
    cr_expect_eq(r.exit_code, 2, "an unknown extension is a usage error");
}

/* Yellow (colour 10) pixels of map cell (cx, cy) in a 128x128 screenshot. */
static int yellow_in_cell(const char *png, int cx, int cy)
{
    int w = 0, h = 0;
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(png, &w, &h, err, sizeof err);
    cr_assert(rgb, "%s", err);
    int n = 0;
    for (int y = cy * 8; y < cy * 8 + 8; y++)
        for (int x = cx * 8; x < cx * 8 + 8; x++) {
            const uint8_t *p = rgb + (y * w + x) * 3;
            n += p[0] == 0xff && p[1] == 0xec && p[2] == 0x27;
        }
    free(rgb);
    return n;
}

Test(new_cart, plays_as_a_png_cart, .timeout = 60)
{
    const char *cart = tmp("game.p8.png");
    m8_run_result r;
    run_new(&r, cart);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);

    /* the player starts at (8,16); a coin lies in cell (2,3): down 8 pixels, then right 32 */
    const char *input = tmp("walk.input"), *before = tmp("before.png"), *after = tmp("after.png");
    FILE *f = fopen(input, "w");
    cr_assert(f);
    fputs("0 8\n8 2\n40 0\n", f);
    fclose(f);
    const char *first[] = { "--headless", "--frames", "1", "--seed", "1", "--screenshot", before,
                            cart, NULL };
    m8t_run_mote8(&r, first);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    const char *walk[] = { "--headless", "--frames", "60", "--seed", "1", "--input", input,
                           "--screenshot", after, cart, NULL };
    m8t_run_mote8(&r, walk);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_gt(yellow_in_cell(before, 2, 3), 8, "the coin is drawn at first");
    cr_expect_eq(yellow_in_cell(after, 2, 3), 0, "the coin was taken");
    cr_expect_gt(yellow_in_cell(after, 12, 3), 8, "the coin further on is still there");
}
