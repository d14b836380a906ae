/* test_edit_code.c - the code editor driven by `mote8 --headless --edit CART --edit-script
 * FILE` as a user runs it: the script goes to the code editor (Ctrl+Tab), types a line in
 * tab 1, types a mistake and undoes it (redo, undo again), searches a word in tab 0 and
 * types over it, saves; the saved .p8 is the original with exactly those two changes in
 * __lua__ (every other byte the same), and the saved cart, run headless, draws what the
 * typed code draws.
 * Depends on: m8_test_util.h (runs build/bin/mote8), palette.h (runtime/core), Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "palette.h"

static const char *tmp(const char *name) { return m8t_tmp_path("edcode", name); }

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

#define HEAD "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
#define TAIL "__gfx__\n00000000777777770000000000000000\n\n__label__\n" \
             "0000000000000000000000000000000000000000000000000000000000000000" \
             "0000000000000000000000000000000000000000000000000000000000000000\n" \
             "__sfx__\n000100000c0500c0500c0500c05000000000000000000000000000000000000000000000000000000000000000000\n" \
             "__meta:notes__\nkeep  me\n"

Test(edit_code, typed_code_lands_in_the_saved_cart_and_runs, .timeout = 60)
{
    const char *cart = tmp("game.p8"), *script = tmp("events.txt"), *shot = tmp("code.png");
    write_text(cart, HEAD "function _draw()\n cls()\n draw1()\nend\n-->8\nfunction draw1()\nend\n" TAIL);
    write_text(script,
               "key ctrl+shift+tab    # spr -> code (the last tab)\n"
               "key ctrl+pagedown     # tab 1\n"
               "key end\n"
               "type \\n rectfill(10,20,30,40,8) -- #8\n"
               "type  oops\n"
               "key ctrl+z\n"
               "key ctrl+y\n"
               "key ctrl+z\n"
               "key ctrl+f\n"
               "type cls\n"
               "key enter\n"
               "key escape            # the prompt closes, the match stays selected\n"
               "type pal\n"
               "frames 2\n"
               "key ctrl+s\n");
    unlink(shot);
    const char *args[] = { "--headless", "--edit", cart, "--edit-script", script, "--screenshot", shot, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "exit %d\n%s\n%s", r.exit_code, r.out, r.err);
    cr_expect(strstr(r.out, "saved"), "%s", r.out);
    size_t len = 0;
    char *saved = m8_read_file(cart, &len, 1 << 20);
    cr_assert(saved);
    cr_expect_str_eq(saved, HEAD "function _draw()\n pal()\n draw1()\nend\n-->8\nfunction draw1()\n"
                            " rectfill(10,20,30,40,8) -- #8\nend\n" TAIL);
    free(saved);
    FILE *png = fopen(shot, "rb");
    cr_expect(png, "the screenshot was written");
    if (png) fclose(png);

    static uint8_t rgb[128 * 128 * 3];
    char printed[256], error[600];
    int status = m8t_run_cart(cart, 3, rgb, printed, sizeof printed, error, sizeof error);
    cr_assert_eq(status, MOTE8_RUNNING, "%s", error);
    uint8_t red[3], black[3];
    m8_palette_rgb(8, &red[0], &red[1], &red[2]);
    m8_palette_rgb(0, &black[0], &black[1], &black[2]);
    int inside = 0, outside = 0;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) {
            int in_rect = x >= 10 && x <= 30 && y >= 20 && y <= 40;
            const uint8_t *p = rgb + (y * 128 + x) * 3;
            inside += in_rect && memcmp(p, red, 3) == 0;
            outside += !in_rect && memcmp(p, black, 3) == 0;
        }
    cr_expect_eq(inside, 21 * 21, "the typed rectfill is drawn");
    cr_expect_eq(outside, 128 * 128 - 21 * 21, "nothing else is");
}

Test(edit_code, type_needs_the_code_editor_and_keeps_hashes, .timeout = 60)
{
    const char *cart = tmp("hash.p8"), *script = tmp("hash.txt");
    write_text(cart, HEAD "x=1\n" TAIL);
    write_text(script,
               "type ignored: the sprite editor takes no text\n"
               "key ctrl+shift+tab\n"
               "key ctrl+end\n"
               "type \\ny=#\"ab\" -- \\\\ 2\n"
               "save\n");
    const char *args[] = { "--headless", "--edit", cart, "--edit-script", script, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "exit %d\n%s\n%s", r.exit_code, r.out, r.err);
    size_t len = 0;
    char *saved = m8_read_file(cart, &len, 1 << 20);
    cr_assert(saved);
    cr_expect_str_eq(saved, HEAD "x=1\ny=#\"ab\" -- \\ 2\n" TAIL);
    free(saved);
}
