/* test_window_editors.c - the editors in the SDL window under Xvfb, driven by
 * MOTE8_WINDOW_KEYS (mouse steps in window pixels, keys): `mote8 --edit` opens them, a click
 * draws a pixel, Ctrl+S saves the cart, Ctrl+E switches to the cart, whose first frame
 * already shows the edit (a window screenshot); closing with unsaved edits asks first (S saves,
 * N drops them, Escape goes back); Tab twice shows the sfx editor, whose Space plays through
 * the window's audio queue; text typed (SDL_TEXTINPUT) into the code editor, reached by
 * Ctrl+Shift+Tab, is saved. Skipped, with a message, where xvfb-run is missing.
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

/* Run `mote8 ARGS --edit game.p8` on a fresh copy of the template in dir with these window
 * steps, a window screenshot at shot_tick in dir/shot.png: the exit status, and the output
 * in *out (malloc'd). Skips the test where xvfb-run is missing. */
static int run_editing_window(const char *dir, const char *args, const char *steps,
                              int shot_tick, char **out)
{
    if (system("command -v xvfb-run >/dev/null 2>&1") != 0)
        cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    char cmd[2048], outp[256];
    snprintf(outp, sizeof outp, "%s/out.txt", dir);
    snprintf(cmd, sizeof cmd, "cp %s %s/game.p8", TEMPLATE, dir);
    cr_assert_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd,
             "cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= MOTE8_CONFIG= SDL_AUDIODRIVER=dummy "
             "MOTE8_WINDOW_KEYS='%s' MOTE8_WINDOW_SHOT=%s/shot.png MOTE8_WINDOW_SHOT_TICK=%d "
             "timeout 60 xvfb-run -a -s '-screen 0 640x480x24' "
             "%s/bin/mote8 --scale 3 --seed 5 %s --edit game.p8 >%s 2>&1",
             dir, dir, steps, dir, shot_tick, M8_BINARY_DIR, args, outp);
    int rc = system(cmd);
    *out = m8_read_file(outp, NULL, 0);
    return rc;
}

/* Sprite 1's pixel 0,0 in the saved game.p8 of dir. */
static int saved_pixel(const char *dir)
{
    char cart[256];
    snprintf(cart, sizeof cart, "%s/game.p8", dir);
    size_t len = 0;
    char *text = m8_read_file(cart, &len, 1 << 20);
    cr_assert(text);
    m8_cart saved;
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_p8(&saved, text, len, &err), 0, "%s", err.message);
    int pixel = saved.rom[8 / 2] & 15;
    m8_cart_free(&saved);
    free(text);
    return pixel;
}

/* The steps that draw sprite 1's pixel 0,0 red (scale 3: screen pixel x,y is window pixel
 * 3x+1,3y+1; the canvas's pixel 0,0 is at 8,10). */
#define DRAW_STEPS "5:mouse=25,31,0 6:mouse=25,31,1 7:mouse=25,31,0"

/* A run whose steps draw the pixel and save it: it ends well, says so, and the file has it. */
static void expect_drawn_and_saved(const char *dir, const char *args, const char *steps,
                                   int shot_tick)
{
    char *out = NULL;
    int rc = run_editing_window(dir, args, steps, shot_tick, &out);
    cr_assert_eq(rc, 0, "window run failed: %s", out ? out : "");
    cr_expect(out && strstr(out, "game.p8: saved"), "%s", out ? out : "");
    free(out);
    cr_expect_eq(saved_pixel(dir), 8, "sprite 1's pixel 0,0 was drawn red and saved");
}

Test(window_editors, draw_save_and_run_in_the_window, .timeout = 120)
{
    const char *dir = m8t_temp_dir("wined");
    expect_drawn_and_saved(dir, "--frames 6", DRAW_STEPS " 9:ctrl+s 11:ctrl+e", 14);

    int w, h;
    char perr[256], shot[256];
    snprintf(shot, sizeof shot, "%s/shot.png", dir);
    uint8_t *rgb = m8_png_read_rgb(shot, &w, &h, perr, sizeof perr);
    cr_assert(rgb, "%s", perr);
    int s = (w < h ? w : h) / 128, ox = (w - 128 * s) / 2, oy = (h - 128 * s) / 2;
    const uint8_t *p = rgb + ((size_t)(oy + 16 * s) * w + ox + 8 * s) * 3;   /* spr(1,8,16) */
    cr_expect(p[0] == 0xff && p[1] == 0x00 && p[2] == 0x4d,
              "the running cart draws the edited pixel: %02x%02x%02x", p[0], p[1], p[2]);
    free(rgb);
}

/* Closing the window with an unsaved edit asks; Escape goes back (the window stays open and
 * asks again at the next close), N quits without saving: the file is untouched. */
Test(window_editors, closing_with_unsaved_edits_asks_and_n_discards, .timeout = 120)
{
    const char *dir = m8t_temp_dir("wquitn");
    char *out = NULL;
    int rc = run_editing_window(dir, "", DRAW_STEPS " 9:quit 12:escape 15:quit 18:n", 17, &out);
    cr_assert_eq(rc, 0, "window run failed (or hung: a close without the question): %s",
                 out ? out : "");
    cr_expect(out && !strstr(out, "saved\n"), "nothing was saved: %s", out ? out : "");
    cr_expect(out && strstr(out, "not saved"), "the dropped edits are said: %s", out ? out : "");
    free(out);
    cr_expect_eq(saved_pixel(dir), 0, "the file is the template still");
    char shot[256];
    snprintf(shot, sizeof shot, "%s/shot.png", dir);
    cr_expect_eq(access(shot, F_OK), 0, "the window was still open at tick 17, asking again");
}

/* S in the question saves, then quits. */
Test(window_editors, closing_with_unsaved_edits_and_s_saves, .timeout = 120)
{
    expect_drawn_and_saved(m8t_temp_dir("wquits"), "", DRAW_STEPS " 9:quit 12:s", 100);
}

/* Tab, Tab: the sfx editor in the window (its tab lit, the music tab not); Space plays
 * through the window's audio queue (SDL's dummy driver) without stopping the window. */
Test(window_editors, sfx_tab_in_the_window, .timeout = 120)
{
    const char *dir = m8t_temp_dir("winsfx");
    char *out = NULL, shot[256];
    int rc = run_editing_window(dir, "", "3:Tab 4:Tab 5:Space 20:quit", 12, &out);
    cr_assert_eq(rc, 0, "window run failed: %s", out ? out : "");
    free(out);
    snprintf(shot, sizeof shot, "%s/shot.png", dir);
    int w, h;
    char perr[256];
    uint8_t *rgb = m8_png_read_rgb(shot, &w, &h, perr, sizeof perr);
    cr_assert(rgb, "%s", perr);
    int s = (w < h ? w : h) / 128, ox = (w - 128 * s) / 2, oy = (h - 128 * s) / 2;
    const uint8_t *sfx_tab = rgb + ((size_t)(oy + 1 * s) * w + ox + 79 * s) * 3;    /* tab x: 49 spr, 64 map, 79 sfx, 94 mus, 109 code */
    const uint8_t *mus_tab = rgb + ((size_t)(oy + 1 * s) * w + ox + 94 * s) * 3;
    cr_expect(sfx_tab[0] == 0xff && sfx_tab[1] == 0xf1 && sfx_tab[2] == 0xe8,
              "the SFX tab is lit: %02x%02x%02x", sfx_tab[0], sfx_tab[1], sfx_tab[2]);
    cr_expect(mus_tab[0] == 0xff && mus_tab[1] == 0x00 && mus_tab[2] == 0x4d,
              "the MUS tab is not: %02x%02x%02x", mus_tab[0], mus_tab[1], mus_tab[2]);
    free(rgb);
}

/* SDL_TEXTINPUT (text=) types into the code editor, - and = included; a key press of - alone
 * types nothing; Ctrl+S saves the typed line at the top of the code. */
Test(window_editors, text_typed_into_the_code_editor, .timeout = 120)
{
    const char *dir = m8t_temp_dir("wincode");
    char *out = NULL, cart[256];
    int rc = run_editing_window(dir, "", "4:ctrl+shift+Tab 6:ctrl+Home 7:text=x-=1%20y=2 8:- "
                                         "9:Return 10:ctrl+s 13:quit", 100, &out);
    cr_assert_eq(rc, 0, "window run failed: %s", out ? out : "");
    cr_expect(out && strstr(out, "game.p8: saved"), "%s", out ? out : "");
    free(out);
    snprintf(cart, sizeof cart, "%s/game.p8", dir);
    size_t len = 0;
    char *text = m8_read_file(cart, &len, 1 << 20);
    cr_assert(text);
    cr_expect(strstr(text, "__lua__\nx-=1 y=2\n-- my first cart"), "the typed line opens the code:\n%.200s", text);
    free(text);
}
