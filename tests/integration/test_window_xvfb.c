/* test_window_xvfb.c - the SDL window under Xvfb: mote8 runs a cart in a window for 30
 * ticks, saves a screenshot of the whole window (MOTE8_WINDOW_SHOT), and the 128x128
 * picture inside it (found at the window's integer scale, centred) must equal the headless
 * frame of the same cart, seed and tick. A cart whose ticks are as heavy as they can be
 * still lets SIGTERM end the window promptly. Skipped, with a message, where xvfb-run is
 * missing (apt-get install xvfb). A cart with a syntax error opens the window on its error
 * screen, the same picture mote8_show_error draws; a cart over its CPU budget is marked. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

static int have_xvfb(void)
{
    return system("command -v xvfb-run >/dev/null 2>&1") == 0;
}

static void window_matches_headless(const char *cart, const char *frames)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    char dir[128], shot[256], head[256], cmd[2048];
    snprintf(dir, sizeof dir, "/tmp/m8t_xvfb_%d", (int)getpid());
    snprintf(shot, sizeof shot, "%s/window.png", dir);
    snprintf(head, sizeof head, "%s/headless.png", dir);
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    cr_assert_eq(system(cmd), 0);
    /* HOME in the temporary folder: no user settings, captures or saves are touched */
    snprintf(cmd, sizeof cmd,
             "cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= MOTE8_CONFIG= SDL_AUDIODRIVER=dummy "
             "MOTE8_WINDOW_SHOT=%s MOTE8_WINDOW_SHOT_TICK=%s timeout 60 xvfb-run -a "
             "-s '-screen 0 640x480x24' %s/bin/mote8 --scale 3 --seed 5 --frames %ld %s "
             ">%s/out.txt 2>&1",
             dir, dir, shot, frames, M8_BINARY_DIR, atol(frames) + 2, cart, dir);
    int rc = system(cmd);
    char outp[300];
    snprintf(outp, sizeof outp, "%s/out.txt", dir);
    char *out = m8_read_file(outp, NULL, 0);
    cr_assert_eq(rc, 0, "window run failed: %s", out ? out : "");
    free(out);
    const char *args[] = { "--headless", "--seed", "5", "--frames", frames, "--screenshot", head, cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);

    int ww, wh, hw, hh;
    char err[256];
    uint8_t *win = m8_png_read_rgb(shot, &ww, &wh, err, sizeof err);
    cr_assert(win, "no window screenshot: %s", err);
    uint8_t *frame = m8_png_read_rgb(head, &hw, &hh, err, sizeof err);
    cr_assert(frame, "%s", err);
    int s = (ww < wh ? ww : wh) / 128;
    cr_assert_geq(s, 1, "window %dx%d", ww, wh);
    int ox = (ww - 128 * s) / 2, oy = (wh - 128 * s) / 2;
    long differ = 0;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++)
            for (int dy = 0; dy < s; dy++)
                for (int dx = 0; dx < s; dx++) {
                    const uint8_t *w = win + ((size_t)(oy + y * s + dy) * ww + ox + x * s + dx) * 3;
                    const uint8_t *h = frame + ((size_t)y * 128 + x) * 3;
                    differ += memcmp(w, h, 3) != 0;
                }
    cr_expect_eq(differ, 0, "%ld window pixels differ from the headless frame (window %dx%d, scale %d)",
                 differ, ww, wh, s);
    free(win);
    free(frame);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

Test(window_xvfb, hello_window_picture_equals_headless_frame, .timeout = 120)
{
    window_matches_headless("hello", "30");
}

Test(window_xvfb, racer_window_picture_equals_headless_frame, .timeout = 120)
{
    window_matches_headless("racer", "45");
}

/* SIGTERM reaches a window whose cart runs the costliest loops it can: each tick ends
 * within its slice or the host-time backstop, and the window handles the signal between
 * ticks (before issue 21 one tick of this cart held the process for minutes). */
Test(window_xvfb, sigterm_ends_a_window_with_a_runaway_cart, .timeout = 120)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    char dir[128], cmd[2048];
    snprintf(dir, sizeof dir, "/tmp/m8t_xvfb_term_%d", (int)getpid());
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= MOTE8_CONFIG= "
             "SDL_AUDIODRIVER=dummy timeout 100 xvfb-run -a -s '-screen 0 640x480x24' sh -c '"
             "%s/bin/mote8 %s/tests/hostile/linear_calls_in_a_loop.p8 & p=$!; sleep 3; "
             "kill -TERM $p; i=0; while kill -0 $p 2>/dev/null; do i=$((i+1)); "
             "[ $i -gt 100 ] && { kill -9 $p; echo still running; exit 1; }; sleep 0.1; done; "
             "echo ended' >%s/out.txt 2>&1",
             dir, dir, dir, M8_BINARY_DIR, M8_SOURCE_DIR, dir);
    int rc = system(cmd);
    char outp[300];
    snprintf(outp, sizeof outp, "%s/out.txt", dir);
    char *out = m8_read_file(outp, NULL, 0);
    cr_expect_eq(rc, 0, "SIGTERM did not end the window within 10 s: %s", out ? out : "");
    cr_expect(out && strstr(out, "ended"), "%s", out ? out : "");
    free(out);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

/* Runs the window on `cart` for `frames` ticks under Xvfb, saving the whole window at tick
 * `at` into dir/window.png; returns the exit code and the output (malloc'd) in *out. */
static int run_window(const char *dir, const char *cart, int frames, int at, char **out)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= MOTE8_CONFIG= "
             "SDL_AUDIODRIVER=dummy MOTE8_WINDOW_SHOT=%s/window.png MOTE8_WINDOW_SHOT_TICK=%d "
             "timeout 60 xvfb-run -a -s '-screen 0 640x480x24' %s/bin/mote8 --scale 3 --seed 5 "
             "--frames %d '%s' >%s/out.txt 2>&1",
             dir, dir, dir, dir, at, M8_BINARY_DIR, frames, cart, dir);
    int rc = system(cmd);
    char outp[300];
    snprintf(outp, sizeof outp, "%s/out.txt", dir);
    *out = m8_read_file(outp, NULL, 0);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* A cart with a syntax error opens the window on its error screen (not an exit): the
 * picture is exactly what mote8_show_error draws for it, headed SYNTAX ERROR, and the window
 * exits 1 when it closes. */
Test(window_xvfb, syntax_error_opens_the_window_on_its_error_screen, .timeout = 120)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    char dir[128], cart[256], shot[256], cmd[400];
    snprintf(dir, sizeof dir, "/tmp/m8t_xvfb_syn_%d", (int)getpid());
    snprintf(cart, sizeof cart, "%s/My_Cart.p8", dir);
    snprintf(shot, sizeof shot, "%s/window.png", dir);
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    cr_assert_eq(system(cmd), 0);
    static const char text[] = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                               "function _update()\n  if btn(4) then x+=1\nend\n";
    FILE *f = fopen(cart, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    char *out = NULL;
    int rc = run_window(dir, cart, 6, 3, &out);
    cr_expect_eq(rc, 1, "exit %d: %s", rc, out ? out : "");
    cr_expect(out && strstr(out, "My_Cart.p8: tab 0, line 3: syntax error: 'end' expected"), "%s",
              out ? out : "");
    free(out);

    mote8 *m8 = mote8_create(NULL);     /* the expected picture, drawn by the machine */
    cr_assert_not_null(m8);
    cr_assert_eq(mote8_load_cart(m8, text, sizeof text - 1, cart), -1);
    cr_assert_eq(mote8_error_kind(m8), MOTE8_ERROR_SYNTAX);
    mote8_show_error(m8);
    uint8_t expect[128 * 128 * 3];
    mote8_screen_rgb(m8, expect);
    mote8_destroy(m8);

    int ww, wh;
    char err[256];
    uint8_t *win = m8_png_read_rgb(shot, &ww, &wh, err, sizeof err);
    cr_assert(win, "no window screenshot: %s", err);
    int s = (ww < wh ? ww : wh) / 128, ox = (ww - 128 * s) / 2, oy = (wh - 128 * s) / 2;
    long differ = 0;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++)
            differ += memcmp(win + ((size_t)(oy + y * s) * ww + ox + x * s) * 3,
                             expect + ((size_t)y * 128 + x) * 3, 3) != 0;
    cr_expect_eq(differ, 0, "%ld pixels differ from the error screen", differ);
    cr_expect(expect[0] == 0xff && expect[1] == 0x00 && expect[2] == 0x4d, "the red header");
    free(win);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

/* Red (255,0,77) window pixels in the picture's top-right 40x12 screen pixels. */
static long red_in_corner(const char *shot)
{
    int ww, wh;
    char err[256];
    uint8_t *win = m8_png_read_rgb(shot, &ww, &wh, err, sizeof err);
    cr_assert(win, "no window screenshot: %s", err);
    int s = (ww < wh ? ww : wh) / 128, ox = (ww - 128 * s) / 2, oy = (wh - 128 * s) / 2;
    long red = 0;
    for (int y = oy; y < oy + 12 * s; y++)
        for (int x = ox + (128 - 40) * s; x < ox + 128 * s; x++) {
            const uint8_t *p = win + ((size_t)y * ww + x) * 3;
            red += p[0] == 255 && p[1] == 0 && p[2] == 77;
        }
    free(win);
    return red;
}

/* A cart over its CPU budget: one line on stderr, and the red "15fps" mark over the corner of
 * a window without a border; the same drawing within budget has neither. */
Test(window_xvfb, over_budget_cart_is_marked, .timeout = 120)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    static const char *const carts[2] = {
        "function _update() end\nfunction _draw() cls(1) end\n",
        "function _update() for j=1,40 do for i=1,10000 do end end end\n"
        "function _draw() cls(1) end\n",
    };
    for (int heavy = 0; heavy < 2; heavy++) {
        char dir[128], cart[256], shot[256], cmd[400];
        snprintf(dir, sizeof dir, "/tmp/m8t_xvfb_budget_%d_%d", (int)getpid(), heavy);
        snprintf(cart, sizeof cart, "%s/c.p8", dir);
        snprintf(shot, sizeof shot, "%s/window.png", dir);
        snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
        cr_assert_eq(system(cmd), 0);
        FILE *f = fopen(cart, "w");
        cr_assert_not_null(f);
        fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s", carts[heavy]);
        fclose(f);
        char *out = NULL;
        int rc = run_window(dir, cart, 12, 10, &out);
        cr_expect_eq(rc, 0, "exit %d: %s", rc, out ? out : "");
        int said = 0;
        for (const char *p = out ? strstr(out, "over its CPU budget") : NULL; p; p = strstr(p + 1, "over its CPU budget"))
            said++;
        cr_expect_eq(said, heavy, "%s", out ? out : "");
        long red = red_in_corner(shot);
        if (heavy) cr_expect_gt(red, 20, "no mark: %ld red pixels", red);
        else cr_expect_eq(red, 0, "a mark within budget: %ld red pixels", red);
        free(out);
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        cr_expect_eq(system(cmd), 0);
    }
}
