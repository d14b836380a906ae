/* test_window_xvfb.c - the SDL window under Xvfb: mote8 runs a cart in a window for 30
 * ticks, saves a screenshot of the whole window (MOTE8_WINDOW_SHOT), and the 128x128
 * picture inside it (found at the window's integer scale, centred) must equal the headless
 * frame of the same cart, seed and tick. A cart whose ticks are as heavy as they can be
 * still lets SIGTERM end the window promptly. A cart with a syntax error opens the window on
 * its error screen, the same picture mote8_show_error draws; a cart over its CPU budget is
 * marked, and said again after Ctrl+R re-runs it. The window's own keys, pressed at given ticks through MOTE8_WINDOW_KEYS /
 * MOTE8_LAUNCHER_KEYS: F2's profile lands in the capture folder; Escape in the launcher asks
 * before quitting; volume and mute are saved and loaded, written once for several presses; F7 on a bundled cart leaves its
 * launcher picture; the launcher and its carts keep one window size; holding F3 rewinds to
 * a frame the cart showed; F5/F4 save and load a state slot. Skipped, with a
 * message, where xvfb-run is missing (apt-get install xvfb). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "launcher_list.h"
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

/* Over budget again after Ctrl+R (a new run): said again, once per run; before issue 23 the
 * line was said only in the first run. */
Test(window_xvfb, over_budget_is_said_again_after_a_rerun, .timeout = 120)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    char dir[128], cart[256], cmd[1200];
    snprintf(dir, sizeof dir, "/tmp/m8t_xvfb_rerun_%d", (int)getpid());
    snprintf(cart, sizeof cart, "%s/c.p8", dir);
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", dir, dir);
    cr_assert_eq(system(cmd), 0);
    FILE *f = fopen(cart, "w");
    cr_assert_not_null(f);
    fputs("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
          "function _update() for j=1,40 do for i=1,10000 do end end end\n"
          "function _draw() cls(1) end\n", f);
    fclose(f);
    snprintf(cmd, sizeof cmd,
             "cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= MOTE8_CONFIG= SDL_AUDIODRIVER=dummy "
             "MOTE8_WINDOW_KEYS='8:ctrl+r' timeout 60 xvfb-run -a -s '-screen 0 640x480x24' "
             "%s/bin/mote8 --scale 3 --frames 16 %s >%s/out.txt 2>&1",
             dir, dir, M8_BINARY_DIR, cart, dir);
    int rc = system(cmd);
    char outp[300];
    snprintf(outp, sizeof outp, "%s/out.txt", dir);
    char *out = m8_read_file(outp, NULL, 0);
    cr_expect(WIFEXITED(rc) && WEXITSTATUS(rc) == 0, "exit %d: %s", rc, out ? out : "");
    cr_expect(out && strstr(out, "c.p8: reloaded"), "Ctrl+R did not re-run the cart: %s", out ? out : "");
    int said = 0;
    for (const char *p = out ? strstr(out, "over its CPU budget") : NULL; p; p = strstr(p + 1, "over its CPU budget"))
        said++;
    cr_expect_eq(said, 2, "said %d times in two runs: %s", said, out ? out : "");
    free(out);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

/* ------------------------------------------------------------------------------------------
 * The window's own keys, driven by MOTE8_WINDOW_KEYS / MOTE8_LAUNCHER_KEYS (key_script.h),
 * each run in a fresh temporary HOME (settings, captures and saves start empty). */

typedef struct xrun {
    char dir[128];              /* the temporary HOME, also the current directory */
    int rc;                     /* mote8's exit code (124: killed by the timeout) */
    char *out;                  /* its stdout and stderr */
} xrun;

static void xrun_home(xrun *x, const char *tag)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    memset(x, 0, sizeof *x);
    snprintf(x->dir, sizeof x->dir, "/tmp/m8t_xvfb_%s_%d", tag, (int)getpid());
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", x->dir, x->dir);
    cr_assert_eq(system(cmd), 0);
}

/* Run `mote8 ARGS` in x's HOME with environment `env` ("NAME=VALUE ..."), on a 1280x1024
 * screen; may be called again for a second run in the same HOME. */
static void xrun_go(xrun *x, const char *env, const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= XDG_PICTURES_DIR= MOTE8_CONFIG= "
             "SDL_AUDIODRIVER=dummy %s timeout 60 xvfb-run -a -s '-screen 0 1280x1024x24' "
             "%s/bin/mote8 %s >%s/out.txt 2>&1",
             x->dir, x->dir, env, M8_BINARY_DIR, args, x->dir);
    int st = system(cmd);
    x->rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    char outp[300];
    snprintf(outp, sizeof outp, "%s/out.txt", x->dir);
    free(x->out);
    x->out = m8_read_file(outp, NULL, 0);
    if (!x->out) x->out = strdup("");
}

static void xrun_done(xrun *x)
{
    free(x->out);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", x->dir);
    cr_expect_eq(system(cmd), 0);
}

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* F2 twice: "profiling..." then the report in the capture folder (CART_profile_0, the full
 * path printed), nothing in the current directory. */
Test(window_xvfb, f2_profile_goes_to_the_capture_folder_with_its_full_path, .timeout = 120)
{
    xrun x;
    xrun_home(&x, "f2");
    xrun_go(&x, "MOTE8_WINDOW_KEYS='5:F2 40:F2'", "--frames 60 racer");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    char report[400], line[500], cmd[400];
    snprintf(report, sizeof report, "%s/.local/share/mote8/captures/racer_profile_0/report.html", x.dir);
    snprintf(line, sizeof line, "profile: %s\n", report);
    cr_expect(strstr(x.out, "profiling... (f2 stops)"), "no start message: %s", x.out);
    cr_expect(strstr(x.out, line), "no full path of %s in: %s", report, x.out);
    cr_expect(file_exists(report), "%s is missing: %s", report, x.out);
    snprintf(cmd, sizeof cmd, "ls %s | grep -q profile", x.dir);
    cr_expect_neq(system(cmd), 0, "a profile was written into the current directory");
    /* a second recording takes the next free number */
    xrun_go(&x, "MOTE8_WINDOW_KEYS='5:F2 10:F2'", "--frames 20 racer");
    snprintf(report, sizeof report, "%s/.local/share/mote8/captures/racer_profile_1/report.html", x.dir);
    cr_expect(file_exists(report), "%s is missing: %s", report, x.out);
    xrun_done(&x);
}

/* The launcher's window saved at frame 40 with keys `keys` (ending with a quit at 120) into
 * x->dir/NAME.png and read back, or NULL when the launcher was gone by then. The launcher
 * saves it at that frame whatever the speed of the machine (it waits for the labels there),
 * so a missing picture means the launcher had quit. */
static uint8_t *launcher_shot(xrun *x, const char *name, const char *keys, int *w, int *h)
{
    char env[600], path[300], err[256];
    snprintf(path, sizeof path, "%s/%s.png", x->dir, name);
    snprintf(env, sizeof env, "MOTE8_LAUNCHER_SHOT=%s MOTE8_LAUNCHER_SHOT_TICK=40 "
             "MOTE8_LAUNCHER_KEYS='%s 120:quit'", path, keys);
    xrun_go(x, env, "");
    cr_assert_eq(x->rc, 0, "%s", x->out);
    return file_exists(path) ? m8_png_read_rgb(path, w, h, err, sizeof err) : NULL;
}

/* Escape in the launcher's top view asks "quit mote8?" instead of quitting: the launcher is
 * still there 20 frames later, drawing the question; another key answers "stay" (and does
 * nothing else: the picture is the one without Escape); Escape again quits, saying
 * "launcher: quit" (the scripted end at frame 120 closes the window, which says nothing),
 * before frame 40 (no picture). */
Test(window_xvfb, escape_in_the_launcher_asks_before_quitting, .timeout = 240)
{
    xrun x;
    xrun_home(&x, "esc");
    int w0, h0, w1, h1, w2, h2, w3, h3;
    uint8_t *plain = launcher_shot(&x, "plain", "", &w0, &h0);
    cr_assert(plain, "no launcher picture: %s", x.out);
    cr_expect_null(strstr(x.out, "launcher: quit"), "%s", x.out);
    uint8_t *asking = launcher_shot(&x, "asking", "20:Escape", &w1, &h1);
    cr_assert(asking, "Escape quit the launcher at once: %s", x.out);
    cr_expect_null(strstr(x.out, "launcher: quit"), "%s", x.out);
    uint8_t *stayed = launcher_shot(&x, "stayed", "20:Escape 25:Left", &w2, &h2);
    cr_assert(stayed, "a key after Escape quit the launcher: %s", x.out);
    cr_expect_null(strstr(x.out, "launcher: quit"), "%s", x.out);
    uint8_t *quit = launcher_shot(&x, "quit", "20:Escape 25:Escape", &w3, &h3);
    cr_expect(strstr(x.out, "launcher: quit\n"), "Escape twice did not quit the launcher: %s", x.out);
    cr_expect_null(quit, "the launcher was still there at frame 40 after Escape twice at 20 and 25");
    cr_assert(w0 == w1 && h0 == h1 && w0 == w2 && h0 == h2);
    size_t n = (size_t)w0 * h0 * 3;
    cr_expect_neq(memcmp(plain, asking, n), 0, "Escape drew no question");
    cr_expect_eq(memcmp(plain, stayed, n), 0, "the key that answered 'stay' did more than that");
    free(plain);
    free(asking);
    free(stayed);
    free(quit);
    xrun_done(&x);
}

/* The volume keys print (and show) the level and keep it, with mute, in the settings file,
 * which the next run starts from. */
Test(window_xvfb, volume_and_mute_are_saved_and_loaded, .timeout = 180)
{
    xrun x;
    xrun_home(&x, "vol");
    char cfg[300], *text;
    snprintf(cfg, sizeof cfg, "%s/.config/mote8/mote8.cfg", x.dir);
    xrun_go(&x, "MOTE8_WINDOW_KEYS='5:- 6:-'", "--frames 10 hello");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    cr_expect(strstr(x.out, "volume 7/8\nvolume 6/8\n"), "%s", x.out);
    text = m8_read_file(cfg, NULL, 0);
    cr_assert(text, "no settings file was written: %s", x.out);
    cr_expect(strstr(text, "\nvolume = 0.750;") && strstr(text, "\nmute = false;"), "%s", text);
    free(text);
    xrun_go(&x, "MOTE8_WINDOW_KEYS='5:= 6:F10'", "--frames 10 hello");    /* from 6/8 */
    cr_expect(strstr(x.out, "volume 7/8\nmuted (volume 7/8)\n"), "%s", x.out);
    xrun_go(&x, "MOTE8_WINDOW_KEYS='5:ctrl+m'", "--frames 10 hello");      /* from muted */
    cr_expect(strstr(x.out, "volume 7/8\n"), "%s", x.out);
    text = m8_read_file(cfg, NULL, 0);
    cr_expect(text && strstr(text, "\nvolume = 0.875;") && strstr(text, "\nmute = false;"), "%s",
              text ? text : "");
    free(text);
    xrun_done(&x);
}

/* Volume keys pressed one after another write the settings file once (after they rest, or
 * on closing), not once per key: with a folder as the settings file every write attempt is
 * refused with a message, so the messages count the attempts. Four presses in four ticks
 * give one; fewer than four is asserted, as a stall of over 1.5 s between two presses may
 * rightly save in between. */
Test(window_xvfb, volume_keys_write_the_settings_once, .timeout = 120)
{
    xrun x;
    xrun_home(&x, "volonce");
    char env[300], said[200];
    snprintf(env, sizeof env, "MOTE8_CONFIG=%s/cfg.d MOTE8_WINDOW_KEYS='5:- 6:- 7:- 8:-'", x.dir);
    snprintf(said, sizeof said, "%s/cfg.d: not a regular file (volume not saved)", x.dir);
    char dir[200];
    snprintf(dir, sizeof dir, "%s/cfg.d", x.dir);
    cr_assert_eq(mkdir(dir, 0700), 0);
    xrun_go(&x, env, "--frames 10 hello");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    cr_expect(strstr(x.out, "volume 7/8\nvolume 6/8\nvolume 5/8\nvolume 4/8\n"), "%s", x.out);
    int attempts = 0;
    for (const char *p = x.out; (p = strstr(p, said)); p += strlen(said)) attempts++;
    cr_expect(attempts >= 1 && attempts < 4, "%d write attempts: %s", attempts, x.out);
    xrun_done(&x);
}

/* F7 on a bundled cart saves its PNG in the capture folder but leaves the launcher's picture
 * of that cart as it was (the bundled cart's own label), even with a file racer.p8 in the
 * current directory (before issue 23 that file made the bundled racer count as a user
 * cart); F7 on a user's copy of racer says nothing of keeping a picture. */
Test(window_xvfb, f7_on_a_bundled_cart_leaves_its_launcher_picture, .timeout = 180)
{
    xrun x;
    xrun_home(&x, "f7");
    int w0, h0, w1, h1, lw, lh;
    uint8_t *before = launcher_shot(&x, "before", "", &w0, &h0);
    cr_assert(before, "no launcher picture: %s", x.out);
    char decoy[300];
    snprintf(decoy, sizeof decoy, "%s/racer.p8", x.dir);
    FILE *f = fopen(decoy, "w");
    cr_assert_not_null(f);
    fputs("not the bundled racer\n", f);
    fclose(f);
    xrun_go(&x, "MOTE8_WINDOW_KEYS='40:F7'", "--frames 50 --input " M8_SOURCE_DIR
            "/tests/bundled/racer.input racer");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    char label[300], err[256];
    snprintf(label, sizeof label, "%s/.local/share/mote8/captures/racer_label.png", x.dir);
    cr_expect(strstr(x.out, "the launcher keeps racer's own"), "%s", x.out);
    uint8_t *saved = m8_png_read_rgb(label, &lw, &lh, err, sizeof err);
    cr_assert(saved, "F7 saved no label: %s (%s)", err, x.out);
    /* the label F7 saved is not the cart's own, so the launcher would show a change */
    static uint8_t own[128 * 128 * 3];
    size_t len;
    const void *cart = mote8_bundled_cart("racer", &len);
    cr_assert_eq(m8_launcher_picture(cart, len, "racer", own), 0);
    int s = lw / 128, same = 1;
    for (int y = 0; y < 128 && same; y++)
        for (int px = 0; px < 128; px++)
            if (memcmp(own + (y * 128 + px) * 3, saved + ((size_t)y * s * lw + px * s) * 3, 3)) {
                same = 0;
                break;
            }
    cr_assert(!same, "the frame F7 saved equals racer's label: the check below cannot fail");
    uint8_t *after = launcher_shot(&x, "after", "", &w1, &h1);
    cr_assert(after, "no launcher picture: %s", x.out);
    cr_assert(w0 == w1 && h0 == h1);
    cr_expect_eq(memcmp(before, after, (size_t)w0 * h0 * 3), 0,
                 "F7 on racer changed its picture in the launcher");
    /* a user's copy of the bundled racer is a user cart: its label is the launcher's */
    char copy[300];
    snprintf(copy, sizeof copy, "%s/mine", x.dir);
    cr_assert_eq(mkdir(copy, 0755), 0);
    strcat(copy, "/racer.p8");
    f = fopen(copy, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(cart, 1, len, f), len);
    fclose(f);
    xrun_go(&x, "MOTE8_WINDOW_KEYS='5:F7'", "--frames 10 mine/racer.p8");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    cr_expect(strstr(x.out, "label: ") && !strstr(x.out, "keeps"), "%s", x.out);
    free(before);
    free(after);
    free(saved);
    xrun_done(&x);
}

/* The launcher's bundled hello runs the bundled cart even with a file named hello in the
 * current directory (which `mote8 hello` would run: a file comes first on the command line),
 * and F7 there says the launcher keeps hello's own picture. */
Test(window_xvfb, launcher_runs_the_bundled_cart_not_a_file_of_its_name, .timeout = 120)
{
    xrun x;
    xrun_home(&x, "shadow");
    char decoy[300];
    snprintf(decoy, sizeof decoy, "%s/hello", x.dir);
    FILE *f = fopen(decoy, "w");
    cr_assert_not_null(f);
    fputs("not a cart\n", f);
    fclose(f);
    xrun_go(&x, "MOTE8_LAUNCHER_KEYS='5:Return' MOTE8_WINDOW_KEYS='3:F7'", "--frames 10");
    cr_expect_eq(x.rc, 0, "%s", x.out);
    cr_expect(strstr(x.out, "label (the launcher keeps hello's own): "), "%s", x.out);
    /* the decoy would be refused as "hello: line 1: not a .p8 cart ..." (only mote8's own
     * words are checked: libraries may print their own "error:" lines under Xvfb) */
    cr_expect_null(strstr(x.out, "not a .p8 cart"), "%s", x.out);
    cr_expect_null(strstr(x.out, "hello: "), "%s", x.out);
    xrun_done(&x);
}

/* The size of a PNG file's picture; 0 when it cannot be read. */
static int png_size(const char *path, int *w, int *h)
{
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(path, w, h, err, sizeof err);
    free(rgb);
    return rgb != NULL;
}

/* The launcher and the cart it runs share one window size: the first size (no --scale: what
 * fits the desktop), a size the player set by resizing, and back from a cart to the launcher
 * (before issue 23 the launcher opened at 512 px and a cart at 768 px on this screen). */
Test(window_xvfb, launcher_and_cart_keep_one_window_size, .timeout = 240)
{
    xrun x;
    xrun_home(&x, "size");
    char env[1200], lshot[300], cshot[300];
    int lw = 0, lh = 0, cw = 0, ch = 0;
    snprintf(lshot, sizeof lshot, "%s/launcher.png", x.dir);
    snprintf(cshot, sizeof cshot, "%s/cart.png", x.dir);
    const char *shots = "MOTE8_LAUNCHER_SHOT=%s MOTE8_LAUNCHER_SHOT_TICK=20 MOTE8_WINDOW_SHOT=%s "
                        "MOTE8_WINDOW_SHOT_TICK=5 MOTE8_LAUNCHER_KEYS='%s'";
    /* launcher -> cart, as they open */
    snprintf(env, sizeof env, shots, lshot, cshot, "30:Return");
    xrun_go(&x, env, "--frames 10");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    cr_assert(png_size(lshot, &lw, &lh) && png_size(cshot, &cw, &ch), "%s", x.out);
    cr_expect(lw == cw && lh == ch, "launcher %dx%d, cart %dx%d", lw, lh, cw, ch);
    /* resized in the launcher, then a cart */
    remove(lshot);
    remove(cshot);
    snprintf(env, sizeof env, shots, lshot, cshot, "5:size=700x600 30:Return");
    xrun_go(&x, env, "--frames 10");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    cr_assert(png_size(lshot, &lw, &lh) && png_size(cshot, &cw, &ch), "%s", x.out);
    cr_expect(lw == 700 && lh == 600, "launcher %dx%d after resizing to 700x600", lw, lh);
    cr_expect(cw == 700 && ch == 600, "cart %dx%d after the launcher was resized to 700x600", cw, ch);
    /* resized in a cart, then "exit to launcher" from the pause menu (third line) */
    remove(lshot);
    snprintf(env, sizeof env,
             "MOTE8_LAUNCHER_SHOT=%s MOTE8_LAUNCHER_SHOT_TICK=5 MOTE8_LAUNCHER_KEYS='30:quit' "
             "MOTE8_WINDOW_KEYS='3:size=650x550 5:Escape 6:Down 7:Down 8:Return'", lshot);
    xrun_go(&x, env, "hello");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    cr_assert(png_size(lshot, &lw, &lh), "the launcher did not open: %s", x.out);
    cr_expect(lw == 650 && lh == 550, "launcher %dx%d after the cart's window was 650x550", lw, lh);
    xrun_done(&x);
}

/* Racer's headless frame after `ticks` ticks equals the window's --screenshot in x's HOME. */
static void window_shows_tick(xrun *x, int ticks)
{
    char head[300], shot[300], frames[16];
    snprintf(head, sizeof head, "%s/head.png", x->dir);
    snprintf(shot, sizeof shot, "%s/shot.png", x->dir);
    snprintf(frames, sizeof frames, "%d", ticks);
    m8_run_result r;
    m8t_run_mote8(&r, (const char *const[]){ "--headless", "--frames", frames, "--screenshot", head,
                                             "racer", NULL });
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    size_t a = 0, b = 0;
    char *p = m8_read_file(head, &a, 0), *q = m8_read_file(shot, &b, 0);
    cr_assert(p && q, "no screenshot: %s", x->out);
    cr_assert(a == b && memcmp(p, q, a) == 0, "the window's frame is not racer's frame %d: %s",
              ticks, x->out);
    free(p);
    free(q);
}

/* Holding F3 runs the cart backwards one tick a frame: 61 ticks, then 20 frames of rewind,
 * and the window shows (and --screenshot writes) racer's frame 41, a frame it really
 * showed (frames 41 and 61 differ, so the test sees a rewind that did nothing). */
Test(window_xvfb, f3_rewinds_to_a_frame_the_cart_showed, .timeout = 120)
{
    xrun x;
    xrun_home(&x, "rewind");
    xrun_go(&x, "MOTE8_WINDOW_KEYS='60:hold=F3 80:release=F3 80:quit'", "--seed 0 --screenshot shot.png racer");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    window_shows_tick(&x, 41);
    xrun_done(&x);
}

/* F5 saves the state into slot 0 (a file in the data folder), F4 loads it back later: the
 * run continues from there (racer's frame 32 after saving at 31 and one more tick); a state
 * file the window wrote loads in a headless run; F4 on an empty slot says so and the cart
 * goes on. */
Test(window_xvfb, f5_f4_save_and_load_a_state_slot, .timeout = 120)
{
    xrun x;
    xrun_home(&x, "slots");
    xrun_go(&x, "MOTE8_WINDOW_KEYS='30:F5 60:F4 61:quit'", "--seed 0 --screenshot shot.png racer");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    window_shows_tick(&x, 32);
    char state[400], head[400];
    snprintf(state, sizeof state, "%s/.local/share/mote8/cdata/states/racer.0.m8state", x.dir);
    cr_assert(file_exists(state), "%s is missing: %s", state, x.out);
    snprintf(head, sizeof head, "%s/from_state.png", x.dir);
    m8_run_result r;
    m8t_run_mote8(&r, (const char *const[]){ "--headless", "--frames", "1", "--state-load", state,
                                             "--screenshot", head, "racer", NULL });
    cr_assert_eq(r.exit_code, 0, "the window's state in a headless run: %s", r.err);
    char shot[300];
    snprintf(shot, sizeof shot, "%s/shot.png", x.dir);
    size_t a = 0, b = 0;
    char *p = m8_read_file(head, &a, 0), *q = m8_read_file(shot, &b, 0);
    cr_assert(p && q && a == b && memcmp(p, q, a) == 0, "the state's next frame differs headless");
    free(p);
    free(q);
    xrun_go(&x, "MOTE8_WINDOW_KEYS='5:shift+F5 10:F4 20:quit'", "racer");
    cr_assert_eq(x.rc, 0, "%s", x.out);
    cr_assert(strstr(x.out, "racer.1.m8state: cannot read the state"), "%s", x.out);
    xrun_done(&x);
}
