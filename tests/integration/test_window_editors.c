/* test_window_editors.c - the editors in the SDL window under Xvfb, driven by
 * MOTE8_WINDOW_KEYS (mouse steps in window pixels, keys): `mote8 --edit` opens them, a click
 * draws a pixel, Ctrl+S saves the cart, Ctrl+E switches to the cart, whose first frame
 * already shows the edit (a window screenshot); text typed (SDL_TEXTINPUT) into the code
 * editor, reached by Ctrl+Tab, is saved. Skipped, with a message, where xvfb-run is missing.
 * Depends on: m8_test_util.h, png_io.h (runtime/core), cart.h (runtime/core), Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cart.h"
#include "m8_test_util.h"
#include "png_io.h"

#define TEMPLATE M8_SOURCE_DIR "/carts/templates/new.p8"

Test(window_editors, draw_save_and_run_in_the_window, .timeout = 120)
{
    if (system("command -v xvfb-run >/dev/null 2>&1") != 0)
        cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    const char *dir = m8t_temp_dir("wined");
    char cmd[2048], cart[256], shot[256], outp[256];
    snprintf(cart, sizeof cart, "%s/game.p8", dir);
    snprintf(shot, sizeof shot, "%s/window.png", dir);
    snprintf(outp, sizeof outp, "%s/out.txt", dir);
    snprintf(cmd, sizeof cmd, "cp %s %s", TEMPLATE, cart);
    cr_assert_eq(system(cmd), 0);
    /* scale 3: screen pixel x,y is window pixel 3x+1,3y+1; the canvas's pixel 0,0 is at 8,10 */
    snprintf(cmd, sizeof cmd,
             "cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= MOTE8_CONFIG= SDL_AUDIODRIVER=dummy "
             "MOTE8_WINDOW_KEYS='5:mouse=25,31,0 6:mouse=25,31,1 7:mouse=25,31,0 9:ctrl+s 11:ctrl+e' "
             "MOTE8_WINDOW_SHOT=%s MOTE8_WINDOW_SHOT_TICK=14 timeout 60 xvfb-run -a "
             "-s '-screen 0 640x480x24' %s/bin/mote8 --scale 3 --seed 5 --frames 6 --edit game.p8 "
             ">%s 2>&1", dir, dir, shot, M8_BINARY_DIR, outp);
    int rc = system(cmd);
    char *out = m8_read_file(outp, NULL, 0);
    cr_assert_eq(rc, 0, "window run failed: %s", out ? out : "");
    cr_expect(out && strstr(out, "game.p8: saved"), "%s", out ? out : "");
    free(out);

    size_t len = 0;
    char *text = m8_read_file(cart, &len, 1 << 20);
    cr_assert(text);
    m8_cart saved;
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_p8(&saved, text, len, &err), 0, "%s", err.message);
    cr_expect_eq(saved.rom[8 / 2] & 15, 8, "sprite 1's pixel 0,0 was drawn red and saved");
    m8_cart_free(&saved);
    free(text);

    int w, h;
    char perr[256];
    uint8_t *rgb = m8_png_read_rgb(shot, &w, &h, perr, sizeof perr);
    cr_assert(rgb, "%s", perr);
    int s = (w < h ? w : h) / 128, ox = (w - 128 * s) / 2, oy = (h - 128 * s) / 2;
    const uint8_t *p = rgb + ((size_t)(oy + 16 * s) * w + ox + 8 * s) * 3;   /* spr(1,8,16) */
    cr_expect(p[0] == 0xff && p[1] == 0x00 && p[2] == 0x4d,
              "the running cart draws the edited pixel: %02x%02x%02x", p[0], p[1], p[2]);
    free(rgb);
}

Test(window_editors, text_typed_into_the_code_editor, .timeout = 120)
{
    if (system("command -v xvfb-run >/dev/null 2>&1") != 0)
        cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    const char *dir = m8t_temp_dir("wincode");
    char cmd[2048], cart[256], outp[256];
    snprintf(cart, sizeof cart, "%s/game.p8", dir);
    snprintf(outp, sizeof outp, "%s/out.txt", dir);
    snprintf(cmd, sizeof cmd, "cp %s %s", TEMPLATE, cart);
    cr_assert_eq(system(cmd), 0);
    /* SDL_TEXTINPUT (text=) types, - and = included; a key press of - alone types nothing */
    snprintf(cmd, sizeof cmd,
             "cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= MOTE8_CONFIG= SDL_AUDIODRIVER=dummy "
             "MOTE8_WINDOW_KEYS='4:ctrl+Tab 5:ctrl+Tab 6:ctrl+Home 7:text=x-=1%%20y=2 8:- 9:Return 10:ctrl+s 13:quit' "
             "timeout 60 xvfb-run -a -s '-screen 0 640x480x24' %s/bin/mote8 --scale 3 --seed 5 "
             "--edit game.p8 >%s 2>&1", dir, dir, M8_BINARY_DIR, outp);
    int rc = system(cmd);
    char *out = m8_read_file(outp, NULL, 0);
    cr_assert_eq(rc, 0, "window run failed: %s", out ? out : "");
    cr_expect(out && strstr(out, "game.p8: saved"), "%s", out ? out : "");
    free(out);
    size_t len = 0;
    char *text = m8_read_file(cart, &len, 1 << 20);
    cr_assert(text);
    cr_expect(strstr(text, "__lua__\nx-=1 y=2\n-- my first cart"), "the typed line opens the code:\n%.200s", text);
    free(text);
}
