/* test_web_menu.c - the web player's pause menu and F1 cost overlay (runtime/host/web:
 * web_menu.c, pause_menu.js, web_overlay.c, overlay.js) in headless Chromium, driven by the
 * page's test hook (tests/web_frames.sh with HOOK_EXTRA: ,pause=STEP;... toggles the menu as
 * mote8Pause() does, the input script's player 0 presses move and confirm in it, as the
 * arrows, Z/X, the touch d-pad/O/X and a pad do; ,overlay=V shows the overlay from the start).
 * tests/web/menu_cart.p8 (two menuitem()s setting v, drawn as a bar of 8*(v+1) pixels) is
 * exported and opened from disk: its menu lists continue, the items, reset cart and no exit
 * line; the menu drawn over the dimmed picture has the window's box, frame and colours; a
 * confirmed item's callback shows in the frames after (the frame equals the native one of
 * the same ticks but for the bar); a callback returning true keeps the menu open; reset cart
 * restarts the cart (the frame equals the native run of the ticks since the reset, byte for
 * byte); the cart's extcmd("pause") opens the menu. On the bundled carts' page (hello,
 * served) the menu ends with "exit to carts", which asks the page to leave.
 * tests/web/overlay_cart.p8 with the heatmap shown: the frame equals the native one (the
 * profiler changes nothing), the last frame's Lua and system cycles equal the native
 * profile's frames.csv last row, the tint covers exactly the rectangle the cart draws, and
 * the panel shows the figures. tests/web/menu_keys_test.html drives the live page
 * (no test hook) in an iframe served beside it: KeyboardEvents, mote8Pause() and
 * mote8SetButton() as the touch controls and pads call them, F1. Skipped, with a message,
 * where emcc or chromium is missing (tools/deps.sh web). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

#define PIXELS (128 * 128)

static int have(const char *program)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", program);
    return system(cmd) == 0;
}

static void need_browser(void)
{
    if (!have("emcc")) cr_skip_test("emcc is missing: the web menu test is skipped (tools/deps.sh web)");
    if (!have("chromium")) cr_skip_test("chromium is missing: the web menu test is skipped (tools/deps.sh web)");
}

typedef struct page_run {
    char dir[256];
    char name[64];           /* the cart's name: the files dir/NAME.* */
    char src[512];           /* its .p8 file */
} page_run;

/* Run `cart` (a file of tests/web, exported and opened from disk; or a bundled cart's name,
 * served) for `frames` steps with the input `script` (mote8 --input lines, or NULL) and the
 * hook's `extra` parameters; fails the test when the page does not finish. */
static void run_page(page_run *r, const char *tag, const char *cart, int exported, int frames,
                     const char *script, const char *extra)
{
    snprintf(r->dir, sizeof r->dir, "/tmp/m8t_webmenu_%s_%d", tag, (int)getpid());
    snprintf(r->name, sizeof r->name, "%s", cart);
    if (exported) snprintf(r->src, sizeof r->src, "%s/tests/web/%s.p8", M8_SOURCE_DIR, cart);
    else snprintf(r->src, sizeof r->src, "%s/carts/%s.p8", M8_SOURCE_DIR, cart);
    char cmd[4096], input_arg[600] = "", export_arg[600] = "";
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", r->dir, r->dir);
    cr_assert_eq(system(cmd), 0);
    if (script) {
        char path[400];
        snprintf(path, sizeof path, "%s/input.txt", r->dir);
        FILE *f = fopen(path, "w");
        cr_assert(f, "cannot write %s", path);
        fputs(script, f);
        fclose(f);
        snprintf(input_arg, sizeof input_arg, "--input %s", path);
    }
    if (exported) snprintf(export_arg, sizeof export_arg, "--export %s/bin/mote8-cart", M8_BINARY_DIR);
    snprintf(cmd, sizeof cmd,
             "flock %s-web.lock %s/tools/web_build.sh %s-web %s/web 1 >%s/web.log 2>&1 && "
             "HOOK_EXTRA='%s' %s/tests/web_frames.sh %s %s %s/web %s %d 1 %s >>%s/web.log 2>&1",
             M8_BINARY_DIR, M8_SOURCE_DIR, M8_BINARY_DIR, M8_BINARY_DIR, r->dir, extra,
             M8_SOURCE_DIR, input_arg, export_arg, M8_BINARY_DIR, r->dir, frames,
             exported ? r->src : cart, r->dir);
    if (system(cmd) != 0) {
        char *log = m8t_read_in(r->dir, "web.log");
        cr_assert_fail("%s: the page did not finish:\n%s", cart, log);
    }
}

static uint8_t *read_exact(const page_run *r, const char *ext, size_t want)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s.%s", r->dir, r->name, ext);
    size_t len = 0;
    uint8_t *data = (uint8_t *)m8_read_file(path, &len, 0);
    cr_assert(data, "no %s", path);
    cr_assert_eq(len, want, "%s: %zu bytes, expected %zu", path, len, want);
    return data;
}

/* The native headless frame of the run's cart after `ticks` (RGB, free it), with the
 * profile written into dir/profile when `profile`. */
static uint8_t *native_rgb(const page_run *r, int ticks, int profile)
{
    char cmd[2048], png[400], prof[500] = "";
    snprintf(png, sizeof png, "%s/native_%d.png", r->dir, ticks);
    if (profile) snprintf(prof, sizeof prof, "--profile %s/profile", r->dir);
    snprintf(cmd, sizeof cmd, "HOME=%s XDG_DATA_HOME= XDG_CONFIG_HOME= %s/bin/mote8 --headless "
             "--seed 1 --frames %d %s --screenshot %s %s >%s/native.log 2>&1", r->dir,
             M8_BINARY_DIR, ticks, prof, png, r->src, r->dir);
    cr_assert_eq(system(cmd), 0, "the native run failed (%s/native.log)", r->dir);
    int w, h;
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(png, &w, &h, err, sizeof err);
    cr_assert(rgb && w == 128 && h == 128, "%s: %s", png, err);
    return rgb;
}

/* The native frame as the page's colour indices (its palette). */
static void to_indices(const uint8_t *rgb, const uint8_t *palette, uint8_t *out)
{
    for (int p = 0; p < PIXELS; p++) {
        out[p] = 255;
        for (int i = 0; i < 32; i++)
            if (memcmp(palette + i * 3, rgb + p * 3, 3) == 0) out[p] = (uint8_t)(i < 16 ? i : i - 16 + 128);
        cr_assert_neq(out[p], 255, "native pixel %d,%d outside the page's palette", p % 128, p / 128);
    }
}

/* dir/NAME.menu: "STATE SELECTED TICKS_RUN" and the lines. */
static void read_menu(const page_run *r, int *state, int *selected, int *ticks_run,
                      char lines[][32], int *count)
{
    char file[128];
    snprintf(file, sizeof file, "%s.menu", r->name);
    char *text = m8t_read_in(r->dir, file);
    char *save = NULL, *line = strtok_r(text, "\n", &save);
    cr_assert(line && sscanf(line, "%d %d %d", state, selected, ticks_run) == 3, "%s: %s", file, text);
    *count = 0;
    while ((line = strtok_r(NULL, "\n", &save)) && *count < 10) snprintf(lines[(*count)++], 32, "%s", line);
    free(text);
}

static void clean(const page_run *r)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf %s", r->dir);   /* kept when an assertion failed */
    cr_expect_eq(system(cmd), 0);
}

/* The page's frame equals the native frame of `ticks` but for the bar of v (row 0-7, red up
 * to x = 8v+7 where the native v = 0 bar ends at 7). */
static void expect_bar(const page_run *r, int ticks, int v)
{
    uint8_t *palette = read_exact(r, "pal", 96), *web = read_exact(r, "idx", PIXELS);
    uint8_t *rgb = native_rgb(r, ticks, 0), native[PIXELS];
    to_indices(rgb, palette, native);
    int differ = 0;
    for (int p = 0; p < PIXELS; p++) {
        int x = p % 128, y = p / 128, in_bar = y < 8 && x >= 8 && x <= 8 * v + 7;
        if (in_bar) {
            cr_expect_eq(web[p], 8, "%d,%d: the bar of v=%d is not red (%d)", x, y, v, web[p]);
            cr_expect_eq(native[p], 1, "%d,%d: native v=0 has no bar there", x, y);
        } else if (web[p] != native[p]) {
            differ++;
        }
    }
    cr_expect_eq(differ, 0, "%d pixels off the bar differ from the native frame of tick %d", differ, ticks);
    free(rgb);
    free(web);
    free(palette);
}

Test(web_menu, callback_returning_true_keeps_the_menu_open_drawn_as_the_window_draws_it, .timeout = 600)
{
    need_browser();
    page_run r;
    /* open before step 5; down, down (set seven), O: its callback returns true */
    run_page(&r, "open", "menu_cart", 1, 14, "6 8\n7 0\n8 8\n9 0\n10 16\n11 0\n", ",pause=5");
    int state, selected, ticks_run, count;
    char lines[10][32];
    read_menu(&r, &state, &selected, &ticks_run, lines, &count);
    cr_expect_eq(state, 1, "the menu closed: the callback returned true");
    cr_expect_eq(selected, 2);
    cr_expect_eq(ticks_run, 5, "the machine ran while the menu was open");
    const char *want[] = { "continue", "add one", "set seven", "reset cart" };
    cr_assert_eq(count, 4, "an exported page's menu has no exit line: %d lines", count);
    for (int i = 0; i < 4; i++) cr_expect_str_eq(lines[i], want[i]);

    /* the machine's frame is the native one of tick 5; the page shows it at a third of its
     * brightness, and over it the window's box: 88 wide, 8 a line + 8, centred */
    uint8_t *palette = read_exact(&r, "pal", 96), *web = read_exact(&r, "idx", PIXELS);
    uint8_t *shown = read_exact(&r, "shown", PIXELS * 3), *rgb = native_rgb(&r, 5, 0);
    char png[400];
    snprintf(png, sizeof png, "%s/native_5.png", r.dir);
    m8t_expect_web_frame("menu_cart at tick 5", png, palette, web);
    const int bx = 20, by = 44, bw = 88, bh = 40;
    int dim_bad = 0, frame_bad = 0, inside_bad = 0, yellow[4] = { 0 }, grey[4] = { 0 };
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) {
            const uint8_t *px = shown + (y * 128 + x) * 3, *under = rgb + (y * 128 + x) * 3;
            int in_box = x >= bx && x < bx + bw && y >= by && y < by + bh;
            int on_frame = in_box && (x == bx || x == bx + bw - 1 || y == by || y == by + bh - 1);
            if (!in_box) {
                for (int c = 0; c < 3; c++) dim_bad += px[c] != under[c] / 3;
            } else if (on_frame) {
                frame_bad += !(px[0] == 255 && px[1] == 241 && px[2] == 232);
            } else {
                int line = (y - by - 5) / 8, in_text = y >= by + 5 && (y - by - 5) % 8 < 6 && line < 4;
                int is_yellow = px[0] == 255 && px[1] == 236 && px[2] == 39;
                int is_grey = px[0] == 194 && px[1] == 195 && px[2] == 199;
                int is_black = !px[0] && !px[1] && !px[2];
                if (in_text && is_yellow) yellow[line]++;
                else if (in_text && is_grey) grey[line]++;
                else if (!is_black) inside_bad++;
            }
        }
    cr_expect_eq(dim_bad, 0, "%d colour values outside the box are not the picture's third", dim_bad);
    cr_expect_eq(frame_bad, 0, "%d pixels of the box's frame are not white", frame_bad);
    cr_expect_eq(inside_bad, 0, "%d pixels inside the box are neither black nor text", inside_bad);
    for (int i = 0; i < 4; i++) {
        if (i == 2) {
            cr_expect_gt(yellow[i], 20, "the selected line (set seven) is not yellow");
            cr_expect_eq(grey[i], 0);
        } else {
            cr_expect_gt(grey[i], 10, "line %d (%s) is not drawn grey", i, want[i]);
            cr_expect_eq(yellow[i], 0, "line %d is yellow but not selected", i);
        }
    }
    free(rgb);
    free(shown);
    free(web);
    free(palette);
    clean(&r);
}

Test(web_menu, the_carts_extcmd_pause_opens_the_menu, .timeout = 600)
{
    need_browser();
    page_run r;
    /* X at step 3: the cart's extcmd("pause") in that tick; the menu opens after it */
    run_page(&r, "extcmd", "menu_cart", 1, 8, "3 32\n4 0\n", "");
    int state, selected, ticks_run, count;
    char lines[10][32];
    read_menu(&r, &state, &selected, &ticks_run, lines, &count);
    cr_expect_eq(state, 1, "extcmd(\"pause\") did not open the menu");
    cr_expect_eq(ticks_run, 4, "ticks ran after the cart asked for the menu");
    cr_expect_eq(count, 4);
    clean(&r);
}

Test(web_menu, a_confirmed_item_runs_its_callback_and_the_cart_goes_on, .timeout = 600)
{
    need_browser();
    page_run r;
    /* open before step 5, down (add one), O: v = 1 and the menu closes at step 8 */
    run_page(&r, "add", "menu_cart", 1, 20, "6 8\n7 0\n8 16\n9 0\n", ",pause=5");
    int state, selected, ticks_run, count;
    char lines[10][32];
    read_menu(&r, &state, &selected, &ticks_run, lines, &count);
    cr_expect_eq(state, 0, "the menu is still open");
    cr_expect_eq(ticks_run, 5 + 12, "ticks 0-4, then 8-19");
    expect_bar(&r, ticks_run, 1);
    clean(&r);
}

Test(web_menu, the_menu_kept_open_continues_with_the_callbacks_value, .timeout = 600)
{
    need_browser();
    page_run r;
    /* set seven keeps the menu open; mote8Pause() before step 12 closes it (continue) */
    run_page(&r, "seven", "menu_cart", 1, 20, "6 8\n7 0\n8 8\n9 0\n10 16\n11 0\n", ",pause=5;12");
    int state, selected, ticks_run, count;
    char lines[10][32];
    read_menu(&r, &state, &selected, &ticks_run, lines, &count);
    cr_expect_eq(state, 0);
    cr_expect_eq(ticks_run, 5 + 8, "ticks 0-4, then 12-19");
    expect_bar(&r, ticks_run, 7);
    clean(&r);
}

Test(web_menu, reset_cart_restarts_it, .timeout = 600)
{
    need_browser();
    page_run r;
    /* add one (v = 1), open again before step 12, up (wraps to reset cart), O at step 15 */
    run_page(&r, "reset", "menu_cart", 1, 30, "6 8\n7 0\n8 16\n9 0\n13 4\n14 0\n15 16\n16 0\n",
             ",pause=5;12");
    int state, selected, ticks_run, count;
    char lines[10][32];
    read_menu(&r, &state, &selected, &ticks_run, lines, &count);
    cr_expect_eq(state, 0);
    cr_expect_eq(selected, 3, "reset cart was not the line confirmed");
    /* from the reset on: steps 15-29 tick, so the frame is the native one of 15 ticks (v = 0) */
    uint8_t *palette = read_exact(&r, "pal", 96), *web = read_exact(&r, "idx", PIXELS);
    free(native_rgb(&r, 15, 0));
    char png[400];
    snprintf(png, sizeof png, "%s/native_15.png", r.dir);
    m8t_expect_web_frame("menu_cart reset at step 15", png, palette, web);
    free(web);
    free(palette);
    clean(&r);
}

Test(web_menu, the_bundled_carts_page_offers_exit_to_carts, .timeout = 600)
{
    need_browser();
    page_run r;
    /* hello on the served page: open before step 2, up (wraps to the last line), O */
    run_page(&r, "exit", "hello", 0, 8, "3 4\n4 0\n5 32\n6 0\n", ",pause=2");
    int state, selected, ticks_run, count;
    char lines[10][32];
    read_menu(&r, &state, &selected, &ticks_run, lines, &count);
    cr_assert_geq(count, 3);
    cr_expect_str_eq(lines[0], "continue");
    cr_expect_str_eq(lines[count - 2], "reset cart");
    cr_expect_str_eq(lines[count - 1], "exit to carts", "no way back to the carts' grid");
    cr_expect_eq(selected, count - 1);
    cr_expect_eq(state, 2, "X on exit to carts did not ask the page to leave");
    clean(&r);
}

/* dir/NAME.overlay's value of `key` ("key value" lines; a key alone: the next line). */
static char *overlay_value(const char *text, const char *key, char *out, size_t outsz)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\n%s ", key);
    const char *at = strstr(text, pat);
    if (!at && !strncmp(text, pat + 1, strlen(pat + 1))) at = text - 1;
    if (at) at += strlen(pat);
    else {
        snprintf(pat, sizeof pat, "\n%s\n", key);
        at = strstr(text, pat);
        cr_assert(at, "no %s in the overlay's figures:\n%s", key, text);
        at += strlen(pat);
    }
    size_t n = strcspn(at, "\n");
    snprintf(out, outsz, "%.*s", (int)n, at);
    return out;
}

Test(web_overlay, heatmap_and_figures_match_the_native_run, .timeout = 600)
{
    need_browser();
    page_run r;
    run_page(&r, "heat", "overlay_cart", 1, 60, NULL, ",overlay=2");
    /* the profiler changes nothing: the frame is the native one */
    uint8_t *palette = read_exact(&r, "pal", 96), *web = read_exact(&r, "idx", PIXELS);
    free(native_rgb(&r, 60, 1));
    char png[400], v[4096];
    snprintf(png, sizeof png, "%s/native_60.png", r.dir);
    m8t_expect_web_frame("overlay_cart with the overlay", png, palette, web);

    char file[128];
    snprintf(file, sizeof file, "%s.overlay", r.name);
    char *text = m8t_read_in(r.dir, file);
    /* the last displayed frame's cycles: the native profile's last frames.csv row */
    char *csv = m8t_read_in(r.dir, "profile/frames.csv");
    char *last = csv + strlen(csv);
    while (last > csv && last[-1] == '\n') *--last = '\0';
    while (last > csv && last[-1] != '\n') last--;
    unsigned long long frame = 0, lua = 0, sys = 0, budget = 0;
    cr_assert_eq(sscanf(last, "%llu,%llu,%llu,%llu", &frame, &lua, &sys, &budget), 4, "frames.csv: %s", last);
    cr_expect_eq(strtoull(overlay_value(text, "lua", v, sizeof v), NULL, 10), lua, "Lua cycles");
    cr_expect_eq(strtoull(overlay_value(text, "system", v, sizeof v), NULL, 10), sys, "system cycles");
    cr_expect_eq(strtoull(overlay_value(text, "budget", v, sizeof v), NULL, 10), budget);
    cr_expect_gt(lua, 1000, "the cart's loop costs more than %llu cycles", lua);
    /* the tint: exactly the rectangle the cart draws */
    cr_expect_eq(atoi(overlay_value(text, "heat_pixels", v, sizeof v)), 64 * 32);
    cr_expect_str_eq(overlay_value(text, "heat_box", v, sizeof v), "16 32 79 63");
    cr_expect_gt(atoi(overlay_value(text, "lines", v, sizeof v)), 0);
    cr_expect_gt(atoi(overlay_value(text, "functions", v, sizeof v)), 0);
    cr_expect_not_null(strstr(overlay_value(text, "draw", v, sizeof v), "rectfill"), "top draw: %s", v);
    cr_expect_not_null(strstr(overlay_value(text, "cause", v, sizeof v), "rectfill"), "top cause: %s", v);
    overlay_value(text, "panel", v, sizeof v);
    cr_expect_not_null(strstr(v, "heatmap"), "panel: %s", v);
    cr_expect_not_null(strstr(v, "rectfill"), "panel: %s", v);
    free(csv);
    free(text);
    free(web);
    free(palette);
    clean(&r);
}

Test(web_overlay, figures_panel_names_the_costliest_lines_draws_and_functions, .timeout = 600)
{
    need_browser();
    page_run r;
    run_page(&r, "figures", "overlay_cart", 1, 60, NULL, ",overlay=1");
    char file[128], v[4096];
    snprintf(file, sizeof file, "%s.overlay", r.name);
    char *text = m8t_read_in(r.dir, file);
    cr_expect_eq(atoi(overlay_value(text, "heat_pixels", v, sizeof v)), 0, "a tint without the heatmap");
    overlay_value(text, "panel", v, sizeof v);
    const char *want[] = { "costliest lines", "costliest draws", "costliest functions", "rectfill",
                           "work", "fps", "cpu" };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_expect_not_null(strstr(v, want[i]), "no '%s' in the panel: %s", want[i], v);
    free(text);
    clean(&r);
}

Test(web_menu, keys_touch_and_pad_buttons_drive_the_live_page, .timeout = 600)
{
    need_browser();
    page_run r;
    snprintf(r.dir, sizeof r.dir, "/tmp/m8t_webmenu_keys_%d", (int)getpid());
    /* the player built, then one folder served: web/ (the player), the cart and the page */
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "rm -rf %s && mkdir -p %s && flock %s-web.lock %s/tools/web_build.sh %s-web %s/web 1 "
             ">%s/web.log 2>&1 && ln -s %s/web %s/web && ln -s %s/tests/web/menu_cart.p8 %s/ && "
             "ln -s %s/tests/web/menu_keys_test.html %s/",
             r.dir, r.dir, M8_BINARY_DIR, M8_SOURCE_DIR, M8_BINARY_DIR, M8_BINARY_DIR, r.dir,
             M8_BINARY_DIR, r.dir, M8_SOURCE_DIR, r.dir, M8_SOURCE_DIR, r.dir);
    if (system(cmd) != 0) {
        char *log = m8t_read_in(r.dir, "web.log");
        cr_assert_fail("the web player could not be built:\n%s", log);
    }
    /* the server on a free port, stopped by its own process id; the page's verdict in its
     * title, waited for in real time (tests/web_page_run.py: the live player runs on
     * animation frames, which a virtual time budget outruns on a loaded machine) */
    snprintf(cmd, sizeof cmd,
             "cd %s && port=$(python3 -c 'import socket; s=socket.socket(); "
             "s.bind((\"127.0.0.1\",0)); print(s.getsockname()[1])') && "
             "{ python3 -m http.server $port --bind 127.0.0.1 --directory . >server.log 2>&1 & "
             "server=$!; } && trap 'kill $server' EXIT && "
             "for i in $(seq 50); do python3 -c \"import urllib.request; urllib.request.urlopen("
             "'http://127.0.0.1:'+'$port'+'/menu_keys_test.html')\" 2>/dev/null && break; sleep 0.1; done; "
             "HOME=%s python3 %s/tests/web_page_run.py --limit 300 --profile %s/profile "
             "http://127.0.0.1:$port/menu_keys_test.html '^menu keys: (ok|failed)' dom.html "
             "2>chromium.log",
             r.dir, r.dir, M8_SOURCE_DIR, r.dir);
    cr_assert_eq(system(cmd), 0, "the page could not be run (%s)", r.dir);
    char *dom = m8t_read_in(r.dir, "dom.html");
    const char *open = strstr(dom, "<title>"), *close = open ? strstr(open, "</title>") : NULL;
    cr_assert(open && close, "no title in the dumped page");
    open += strlen("<title>");
    int passed = -1, total = -1;
    cr_assert(sscanf(open, "menu keys: ok %d/%d", &passed, &total) == 2, "the page says: %.*s",
              (int)(close - open), open);
    cr_expect_eq(passed, total);
    cr_expect_geq(total, 20, "only %d checks ran", total);
    free(dom);
    clean(&r);
}
