/* test_profiler.c - the cost profiler: it never changes the numbers it reports, writes
 * frames.csv in the spelling checks outside the project rely on (one row per displayed
 * frame, dropped = 1 for halved frames), attributes costs to tab:line call sites, API
 * functions and sprite indices and along the Lua call stack (stacks.folded, functions.csv),
 * counts off-screen draw cost apart, writes a Chrome trace,
 * a self-contained HTML report, and works from the command line and tools/m8prof; the window
 * gives the same stat(1) sequence as headless and draws the F1 overlay (under xvfb-run).
 * Depends on: Criterion, api/mote8_profiler.h, api/profiler/profiler_internal.h, m8_test_util.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "mote8.h"
#include "png_io.h"
#include "mote8_profiler.h"
#include "platform_posix.h"
#include "profiler/profiler_internal.h"


#define BUSY_CART                                                                    \
    "t={} function _update() for i=1,200+rnd(3000) do t[i%9]=i end "                 \
    "if t[1]%2==0 then for i=1,120 do cls() end end end\n"                            \
    "function _draw() spr(1,10,10,2,2) map(0,0,0,0,4,4) print(stat(1)) "              \
    "printh(tostr(stat(1),true)..' '..tostr(stat(2),true)) end\n"

Test(profiler, does_not_change_the_numbers)
{
    m8t_capture a, b;
    mote8 *plain = m8t_start(BUSY_CART, &a);
    m8t_run_ticks(plain, 60);
    mote8 *profiled = m8t_start(BUSY_CART, &b);
    mote8_profiler *p = mote8_profiler_attach(profiled);
    cr_assert_not_null(p);
    m8t_run_ticks(profiled, 60);
    cr_expect_str_eq(a.text, b.text);
    cr_expect_eq(plain->machine->cost.frames, profiled->machine->cost.frames);
    cr_expect_eq(plain->machine->cost.dropped_frames, profiled->machine->cost.dropped_frames);
    cr_expect_eq(p->nticks, 60);
    mote8_profiler_free(p);
    mote8_destroy(plain);
    mote8_destroy(profiled);
}

Test(profiler, frames_csv_one_row_per_displayed_frame)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("function _update() for i=1,150 do cls() end end\nfunction _draw() end\n", &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 11);
    const char *dir = m8t_temp_dir("prof_test");
    char err[256];
    cr_assert_eq(mote8_profiler_write(p, dir, err, sizeof err), 0, "%s", err);
    char *csv = m8t_read_in(dir, "frames.csv");
    /* frame 0 at full rate (then over budget), then 5 halved frames of two updates */
    char want[1024];
    size_t o = (size_t)snprintf(want, sizeof want, "frame,lua,system,budget,dropped\n");
    for (int f = 0; f < 6; f++) {
        uint64_t lua = p->frames[f].cost.lua;
        o += (size_t)snprintf(want + o, sizeof want - o, "%d,%llu,%d,279620,%d\n", f,
                              (unsigned long long)lua, f == 0 ? 307200 : 614400, f > 0);
    }
    cr_expect_str_eq(csv, want);
    char *ticks = m8t_read_in(dir, "ticks.csv");
    cr_expect(strncmp(ticks, "tick,frame,update_lua,update_system,draw_lua,draw_system,drew,completed\n", 72) == 0);
    free(csv);
    free(ticks);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

Test(profiler, call_sites_are_tab_and_line)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("function _draw()\n cls()\n pal()\n draw()\nend\n-->8\n-- tab one\n"
                      "function draw()\n for i=1,10 do spr(3,i,0,4,4) end\nend\n", &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 3);
    mote8_prof_line top[3];
    cr_assert_eq(mote8_profiler_top_lines(p, 0, top, 3), 3);
    cr_expect_eq(top[0].tab, 1);
    cr_expect_eq(top[0].tab_line, 3);              /* the spr line, 3rd line of tab 1 */
    cr_expect_eq(top[0].calls, 30);
    cr_expect_eq(top[0].system_cycles, 30 * 2 * 32 * 32);
    cr_expect_eq(top[0].pixels, 30 * 32 * 32);
    cr_expect_eq(top[1].tab, 0);
    cr_expect_eq(top[1].tab_line, 2);              /* cls */
    const char *dir = m8t_temp_dir("prof_test");
    char err[256];
    cr_assert_eq(mote8_profiler_write(p, dir, err, sizeof err), 0, "%s", err);
    char *sites = m8t_read_in(dir, "callsites.csv");
    cr_expect(strstr(sites, "\n1:3,1,3,9,") != NULL, "%s", sites);
    cr_expect(strstr(sites, "\"for i=1,10 do spr(3,i,0,4,4) end\"") != NULL, "%s", sites);
    char *api = m8t_read_in(dir, "api.csv");
    cr_expect(strstr(api, "\nspr,30,61440,30720,0\n") != NULL, "%s", api);
    char *sprites = m8t_read_in(dir, "sprites.csv");
    /* the 4x4 block of sprite 3: its 16 sheet sprites, each 1/16 of spr's cycles (by area) */
    double spr_cycles = 0;
    for (int i = 0; i < m8_api_row_count; i++)
        if (strcmp(m8_api_rows[i].name, "spr") == 0) spr_cycles = p->apis[i].cycles;
    const char *head = "sprite,draws,pixels,cycles,onscreen_cycles,offscreen_cycles,source\n";
    cr_expect(strncmp(sprites, head, strlen(head)) == 0, "%s", sprites);
    int rows = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            char row[80];
            snprintf(row, sizeof row, "\n%d,30,1920,%.0f,%.0f,0,spr\n", 3 + x + 16 * y,
                     spr_cycles / 16, spr_cycles / 16);
            rows += strstr(sprites, row) != NULL;
        }
    cr_expect_eq(rows, 16, "%s", sprites);
    free(sites);
    free(api);
    free(sprites);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

Test(profiler, off_screen_and_clipped_cost_counted_apart)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("function _draw()\n spr(1,-100,-100)\n spr(1,124,0)\n"
                      " clip(0,0,64,128) rectfill(0,0,127,15) clip()\nend\n", &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 2);
    /* per frame: 128 fully off, 128 half off (64), rectfill 2*128 cycles half clipped */
    cr_expect_eq(p->offscreen, 2 * (128 + 64 + 128));
    cr_expect_eq(p->on_screen, 2 * (64 + 128));
    cr_expect_eq(p->heat[5 * 128 + 10], 2 * 256.0 / (128 * 16));
    cr_expect_eq(p->heat[5 * 128 + 100], 0);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

Test(profiler, live_top_lines_follow_recent_frames)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("n=0 function _update() n+=1 end\nfunction _draw()\n"
                      " if n<30 then cls() end\n if n>=30 then rectfill(0,0,127,127) end\nend\n", &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 80);
    mote8_prof_line live[1], all[1];
    cr_assert_eq(mote8_profiler_top_lines(p, 1, live, 1), 1);
    cr_assert_eq(mote8_profiler_top_lines(p, 0, all, 1), 1);
    cr_expect_eq(live[0].tab_line, 4);             /* rectfill: the recent frames */
    cr_expect_eq(all[0].tab_line, 4);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

Test(profiler, trace_and_report_are_written_self_contained)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start(BUSY_CART, &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 20);
    const char *dir = m8t_temp_dir("prof_test");
    char err[256];
    cr_assert_eq(mote8_profiler_write(p, dir, err, sizeof err), 0, "%s", err);
    char *trace = m8t_read_in(dir, "trace.json");
    cr_expect(strncmp(trace, "{\"displayTimeUnit\"", 18) == 0);
    cr_expect(strstr(trace, "\"name\":\"_update\",\"cat\":\"tick\",\"ph\":\"B\"") != NULL);
    cr_expect(strstr(trace, "\"name\":\"_draw\"") != NULL);
    cr_expect(strstr(trace, "\"ph\":\"C\"") != NULL);
    cr_expect(strcmp(trace + strlen(trace) - 4, "\n]}\n") == 0);
    char *html = m8t_read_in(dir, "report.html");
    cr_expect(strstr(html, "<svg") != NULL);
    cr_expect(strstr(html, "src='data:image/png;base64,iVBOR") != NULL);
    cr_expect(strstr(html, "src='http") == NULL && strstr(html, "href=") == NULL &&
              strstr(html, "<script src") == NULL);
    char *summary = m8t_read_in(dir, "summary.txt");
    cr_expect(strstr(summary, "top call sites") != NULL);
    free(trace);
    free(html);
    free(summary);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

Test(profiler, command_line_and_report_tool)
{
    const char *dir = m8t_temp_dir("prof_test");
    char cart[600], out[600];
    snprintf(cart, sizeof cart, "%s/c.p8", dir);
    FILE *f = fopen(cart, "w");
    cr_assert_not_null(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s", BUSY_CART);
    fclose(f);
    snprintf(out, sizeof out, "%s/prof", dir);
    const char *args[] = { "--headless", "--frames", "45", "--profile", out, cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    char *csv = m8t_read_in(out, "frames.csv");
    cr_expect(strncmp(csv, "frame,lua,system,budget,dropped\n0,", 34) == 0, "%s", csv);
    /* the same run without --profile prints the same stat(1) values */
    const char *plain[] = { "--headless", "--frames", "45", cart, NULL };
    m8_run_result r2;
    m8t_run_mote8(&r2, plain);
    cr_expect_str_eq(r.out, r2.out);
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "rm -f %s/report.html && %s/bin/m8prof %s > %s/sum.txt", out,
             M8_BINARY_DIR, out, dir);
    cr_assert_eq(system(cmd), 0);
    char *sum = m8t_read_in(dir, "sum.txt");
    cr_expect(strstr(sum, "mote8 profile:") != NULL && strstr(sum, "top call sites") != NULL, "%s", sum);
    free(m8t_read_in(out, "report.html"));
    free(sum);
    free(csv);
}

/* The window host under a virtual X server (skipped when xvfb-run is missing): the same
 * stat(1) sequence as headless, and the F1 overlay drawn over the window. */
static int have_xvfb(void) { return system("command -v xvfb-run >/dev/null 2>&1") == 0; }

Test(profiler, window_matches_headless_and_draws_the_overlay, .timeout = 120)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run not installed");
    const char *dir = m8t_temp_dir("prof_test");
    char cart[600], cmd[3000];
    snprintf(cart, sizeof cart, "%s/c.p8", dir);
    FILE *f = fopen(cart, "w");
    cr_assert_not_null(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s", BUSY_CART);
    fclose(f);
    snprintf(cmd, sizeof cmd,
             "cd %s && %s/bin/mote8 --headless --seed 7 --frames 40 c.p8 > h.txt && "
             "MOTE8_OVERLAY=1 MOTE8_WINDOW_SHOT=%s/w.png MOTE8_WINDOW_SHOT_TICK=30 "
             "SDL_AUDIODRIVER=dummy xvfb-run -a -s '-screen 0 800x600x24' "
             "%s/bin/mote8 --seed 7 --frames 40 --scale 4 c.p8 > w.txt 2>/dev/null",
             dir, M8_BINARY_DIR, dir, M8_BINARY_DIR);
    cr_assert_eq(system(cmd), 0);
    char *h = m8t_read_in(dir, "h.txt"), *w = m8t_read_in(dir, "w.txt");
    cr_expect_gt(strlen(h), 100);
    cr_expect_str_eq(h, w);
    char path[700], err[256];
    snprintf(path, sizeof path, "%s/w.png", dir);
    int pw, ph;
    uint8_t *rgb = m8_png_read_rgb(path, &pw, &ph, err, sizeof err);
    cr_assert_not_null(rgb, "%s", err);
    cr_expect_eq(pw, 512);
    cr_expect_eq(ph, 512);
    /* the overlay is a band below the picture: with it shown, a 512x512 window fits the
     * picture at scale 3 (384 px) in the top 440 rows; the CPU bar's Lua part (blue
     * 41,173,255) starts 4 px into the band at y = 440 */
    int lua_blue = 0;
    for (int x = 0; x < 40; x++) {
        const uint8_t *p = rgb + 3 * (446 * pw + x);
        lua_blue += p[0] == 41 && p[1] == 173 && p[2] == 255;
    }
    cr_expect_gt(lua_blue, 0);
    const uint8_t *above = rgb + 3 * (20 * pw + 40);    /* left margin of the picture */
    cr_expect(above[0] == 0 && above[1] == 0 && above[2] == 0, "nothing drawn over the margin");
    free(rgb);
    free(h);
    free(w);
}

/* sspr and map cells count in the sprites table; each sprite's cycles are split into on
 * and off screen. */
Test(profiler, sspr_and_map_cells_count_per_sprite_on_and_off_screen)
{
    m8t_capture cap;
    /* sspr over sprites 1 and 2 (16x8 source) stretched to 32x16, half of it left of the
     * screen: sprite 1's part is off screen, sprite 2's on. map: sprites 5 and 6 side by
     * side at x=120: 5 on screen, 6 off the right edge. */
    mote8 *m8 = m8t_start("mset(0,0,5) mset(1,0,6)\n"
                          "function _draw()\n sspr(8,0,16,8,-16,40,32,16)\n map(0,0,120,0,2,1)\nend\n",
                          &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 1);
    cr_expect_eq(p->sprites[M8_PROF_BY_SSPR][1].draws, 1);
    cr_expect_eq(p->sprites[M8_PROF_BY_SSPR][2].draws, 1);
    cr_expect_float_eq(p->sprites[M8_PROF_BY_SSPR][1].pixels, 16 * 16, 1e-9);
    cr_expect_float_eq(p->sprites[M8_PROF_BY_SSPR][1].offscreen, p->sprites[M8_PROF_BY_SSPR][1].cycles, 1e-6, "sprite 1 is all off screen");
    cr_expect_float_eq(p->sprites[M8_PROF_BY_SSPR][2].offscreen, 0, 1e-9, "sprite 2 is all on screen");
    cr_expect_float_eq(p->sprites[M8_PROF_BY_SSPR][1].cycles + p->sprites[M8_PROF_BY_SSPR][2].cycles, 2.0 * 32 * 16, 1e-6,
                       "the sspr call's cycles are shared out");
    cr_expect_eq(p->sprites[M8_PROF_BY_MAP][5].draws, 1);
    cr_expect_eq(p->sprites[M8_PROF_BY_MAP][6].draws, 1);
    cr_expect_float_eq(p->sprites[M8_PROF_BY_MAP][5].offscreen, 0, 1e-9);
    cr_expect_gt(p->sprites[M8_PROF_BY_MAP][6].cycles, 0);
    cr_expect_float_eq(p->sprites[M8_PROF_BY_MAP][6].offscreen, p->sprites[M8_PROF_BY_MAP][6].cycles, 1e-6, "sprite 6 lies past x=127");
    cr_expect_eq(p->sprites[M8_PROF_BY_MAP][0].draws, 0, "empty map cells are not sprites drawn");
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* print reports the pixels of its text block; glyphs appear as themselves (UTF-8) in
 * callsites.csv; a run without dropped frames is not shown as an alarm. */
Test(profiler, print_pixels_glyphs_and_clean_dropped_column)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("function _draw()\n cls()\n print(\"hi \x8e\",10,20,7)\nend\n", &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 2);
    mote8_prof_line top[4];
    int n = mote8_profiler_top_lines(p, 0, top, 4);
    int found = 0;
    for (int i = 0; i < n; i++)
        if (top[i].tab_line == 3) {
            found = 1;
            /* "hi " = 3 x 4 pixels, the glyph 8: 20 wide, one 6-pixel line, per frame */
            cr_expect_float_eq(top[i].pixels, 2 * 20.0 * 6, 1e-9, "pixels %g", top[i].pixels);
        }
    cr_expect(found, "no print line among the top lines");
    const char *dir = m8t_temp_dir("prof_test");
    char err[256];
    cr_assert_eq(mote8_profiler_write(p, dir, err, sizeof err), 0, "%s", err);
    char *sites = m8t_read_in(dir, "callsites.csv");
    cr_expect(strstr(sites, "print(\"\"hi \xf0\x9f\x85\xbe") != NULL, "the glyph is not UTF-8: %s", sites);
    char *html = m8t_read_in(dir, "report.html");
    cr_expect(strstr(html, "dropped<b class='clean'>0</b>") != NULL, "the dropped figure is not clean");
    free(sites);
    free(html);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* A call site's calls are counted per API function: callsites.csv ends each line with
 * FUNCTION:CALLS pairs, most calls first, and the text summary lists them. */
Test(profiler, call_site_counts_calls_per_function)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("function _draw()\n x=1.5 spr(1,flr(x),0) spr(2,0,0) spr(3,0,0)\nend\n", &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 2);
    const char *dir = m8t_temp_dir("prof_test");
    char err[256];
    cr_assert_eq(mote8_profiler_write(p, dir, err, sizeof err), 0, "%s", err);
    char *sites = m8t_read_in(dir, "callsites.csv");
    cr_expect(strstr(sites, "spr(3,0,0)\",spr:6;flr:2\n") != NULL, "%s", sites);
    cr_expect(strstr(sites, ",source,calls_by_function\n") != NULL, "%s", sites);
    char *summary = m8t_read_in(dir, "summary.txt");
    cr_expect(strstr(summary, "calls: spr:6;flr:2") != NULL, "%s", summary);
    free(sites);
    free(summary);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* Sum of the cycles of the stacks.folded lines starting with `prefix` (all when ""), and
 * of those whose whole stack is `prefix`; checks every line's form. */
static uint64_t folded_cycles(const char *folded, const char *prefix, uint64_t *exact)
{
    uint64_t sum = 0;
    if (exact) *exact = 0;
    for (const char *l = folded; *l;) {
        const char *nl = strchr(l, '\n');
        cr_assert_not_null(nl, "unterminated line: %s", l);
        const char *sp = nl;
        while (sp > l && sp[-1] != ' ') sp--;
        cr_assert(sp > l + 1, "no cycles: %.*s", (int)(nl - l), l);
        char *end;
        unsigned long long v = strtoull(sp, &end, 10);
        cr_assert_eq(end, nl, "cycles not an integer: %.*s", (int)(nl - l), l);
        size_t n = strlen(prefix), stack_len = (size_t)(sp - 1 - l);
        if (strncmp(l, prefix, n) == 0) {
            sum += v;
            if (exact && stack_len == n) *exact += v;
        }
        l = nl + 1;
    }
    return sum;
}

/* inclusive and exclusive cycles of `fn` in functions.csv (function,defined_at,calls,...) */
static void function_cycles(const char *csv, const char *fn, const char *defined, uint64_t *incl,
                            uint64_t *excl)
{
    char head[128];
    snprintf(head, sizeof head, "\n%s,%s,", fn, defined);
    const char *l = strstr(csv, head);
    cr_assert_not_null(l, "%s not in\n%s", head + 1, csv);
    l = strchr(l + strlen(head), ',');            /* past calls */
    unsigned long long i = 0, e = 0;
    cr_assert_eq(sscanf(l, ",%llu,%llu", &i, &e), 2, "%s", csv);
    *incl = i;
    *excl = e;
}

/* A draw through two levels of helpers: stacks.folded puts the sspr's cycles on the chain
 * _draw (line of the call) -> boss -> big -> sspr; functions.csv's inclusive cycles are the
 * exclusive plus the callees' inclusive, to the cycle; all stacks add up to the run's cycles
 * (the ticks and the boot), and stat(1) is the same as without the profiler. */
#define HELPERS_CART                                                                   \
    "function _update() n=0 for i=1,40 do n+=i end end\n"                             \
    "function _draw()\n cls()\n boss()\n print(stat(1))\nend\n"                      \
    "function boss()\n local k=0 for i=1,10 do k+=i end\n big(k)\nend\n"              \
    "-->8\nfunction big(k)\n sspr(0,0,16,16,-20,k,64,64)\nend\n"

Test(profiler, stacks_follow_the_caller_chain)
{
    m8t_capture plain_cap, cap;
    mote8 *plain = m8t_start(HELPERS_CART, &plain_cap);
    m8t_run_ticks(plain, 5);
    mote8 *m8 = m8t_start(HELPERS_CART, &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 5);
    cr_expect_str_eq(cap.text, plain_cap.text);   /* stat(1) printed, the same */
    const char *dir = m8t_temp_dir("prof_test");
    char err[256];
    cr_assert_eq(mote8_profiler_write(p, dir, err, sizeof err), 0, "%s", err);
    char *folded = m8t_read_in(dir, "stacks.folded");
    /* the sspr: 5 calls, all on the one chain, from line 3 of _draw (code line 4) */
    uint64_t sspr = 0;
    for (int i = 0; i < m8_api_row_count; i++)
        if (strcmp(m8_api_rows[i].name, "sspr") == 0) sspr = (uint64_t)p->apis[i].cycles;
    cr_assert_gt(sspr, 0);
    uint64_t exact;
    cr_expect_eq(folded_cycles(folded, "_draw (0:4);boss (0:9);big (1:2);sspr", &exact), sspr,
                 "%s", folded);
    cr_expect_eq(exact, sspr);
    cr_expect_eq(folded_cycles(folded, "_draw (0:4);boss (0:8)", NULL) > 0, 1, "%s", folded);
    cr_expect_eq(folded_cycles(folded, "_draw (0:3);cls", NULL), 5 * 2048, "%s", folded);
    /* every stack's cycles add up to the run's: the ticks and the boot */
    char *ticks = m8t_read_in(dir, "ticks.csv"), *summary = m8t_read_in(dir, "summary.csv");
    uint64_t total = 0;
    const char *l = strchr(ticks, '\n') + 1;
    for (; *l; l = strchr(l, '\n') + 1) {
        unsigned long long t, ul, us, dl, ds;
        long fr;
        cr_assert_eq(sscanf(l, "%llu,%ld,%llu,%llu,%llu,%llu", &t, &fr, &ul, &us, &dl, &ds), 6);
        total += ul + us + dl + ds;
    }
    unsigned long long boot_lua = 0, boot_system = 0;
    const char *b = strstr(summary, "\nboot_lua_cycles,");
    cr_assert_not_null(b);
    sscanf(b, "\nboot_lua_cycles,%llu\nboot_system_cycles,%llu", &boot_lua, &boot_system);
    cr_expect_eq(folded_cycles(folded, "", NULL), total + boot_lua + boot_system,
                 "ticks %llu boot %llu+%llu\n%s", (unsigned long long)total, boot_lua,
                 boot_system, folded);
    /* inclusive = exclusive + callees' inclusive */
    char *fns = m8t_read_in(dir, "functions.csv");
    const char *fns_head = "function,defined_at,calls,inclusive_cycles,exclusive_cycles\n";
    cr_expect(strncmp(fns, fns_head, strlen(fns_head)) == 0, "%s", fns);
    uint64_t di, de, bi, be, gi, ge, si, se, ci, ce, pi, pe, ui, ue;
    function_cycles(fns, "_draw", "0:2", &di, &de);
    function_cycles(fns, "_update", "0:1", &ui, &ue);
    function_cycles(fns, "boss", "0:7", &bi, &be);
    function_cycles(fns, "big", "1:1", &gi, &ge);
    function_cycles(fns, "sspr", "api", &si, &se);
    function_cycles(fns, "cls", "api", &ci, &ce);
    function_cycles(fns, "print", "api", &pi, &pe);
    cr_expect_eq(si, sspr);
    cr_expect_eq(se, sspr);
    cr_expect_eq(gi, ge + si);
    cr_expect_gt(ge, 0);
    cr_expect_eq(bi, be + gi);
    cr_expect_gt(be, 10 * 2);                   /* boss's own loop */
    uint64_t stat_i = 0, stat_e = 0;
    if (strstr(fns, "\nstat,api,")) function_cycles(fns, "stat", "api", &stat_i, &stat_e);
    cr_expect_eq(di, de + ci + bi + pi + stat_i, "%s", fns);
    cr_expect_eq(ui, ue, "%s", fns);             /* _update calls nothing */
    cr_expect(strstr(fns, "\nsspr,api,5,") != NULL, "%s", fns);
    cr_expect(strstr(fns, "\nboss,0:7,5,") != NULL && strstr(fns, "\nbig,1:1,5,") != NULL, "%s", fns);
    char *html = m8t_read_in(dir, "report.html");     /* the report's top functions table */
    char row[160];
    snprintf(row, sizeof row, "<tr><td class='l'><code>boss</code></td><td class='l'>0:7</td><td>5</td><td>%llu</td>",
             (unsigned long long)bi);
    cr_expect(strstr(html, "<h2>Top functions") != NULL && strstr(html, row) != NULL, "%s", row);
    free(html);
    free(fns);
    free(ticks);
    free(summary);
    free(folded);
    mote8_profiler_free(p);
    mote8_destroy(m8);
    mote8_destroy(plain);
}

/* Recursion deeper than M8_STACK_DEPTH: the stack keeps its 32 leaf-most frames under a
 * root saying it was cut; a recursive function's inclusive cycles count each stack once (so
 * they are the sum of the stacks holding it, not more); a function foreach calls is named
 * after the global holding it; a stack with no frame of the cart is "(outside the cart)". */
Test(profiler, stacks_cut_deep_recursion_and_name_callbacks)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("function rec(n)\n if n>0 then rec(n-1) else pset(1,1,7) end\nend\n"
                          "function each(v)\n pset(v,v,8)\nend\n"
                          "function _draw()\n rec(40)\n foreach({1,2},each)\nend\n", &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    m8t_run_ticks(m8, 2);
    const char *dir = m8t_temp_dir("prof_test");
    char err[256];
    cr_assert_eq(mote8_profiler_write(p, dir, err, sizeof err), 0, "%s", err);
    char *folded = m8t_read_in(dir, "stacks.folded");
    char cut[2048];
    int o = snprintf(cut, sizeof cut, "(stack cut: deeper than %d frames)", M8_STACK_DEPTH);
    for (int i = 0; i < M8_STACK_DEPTH - 1; i++) o += snprintf(cut + o, sizeof cut - (size_t)o, ";rec (0:2)");
    snprintf(cut + o, sizeof cut - (size_t)o, ";rec (0:2);pset ");
    cr_expect(strstr(folded, cut) != NULL, "%s\nnot in\n%s", cut, folded);
    cr_expect(strstr(folded, "\n_draw (0:9);each (0:5);pset ") != NULL, "%s", folded);
    cr_expect(strstr(folded, "(outside the cart) ") != NULL, "%s", folded);
    /* rec's inclusive: the stacks naming it, each once */
    uint64_t with_rec = 0;
    for (const char *l = folded; *l; l = strchr(l, '\n') + 1) {
        const char *nl = strchr(l, '\n'), *r = strstr(l, "rec ("), *sp = nl;
        while (sp > l && sp[-1] != ' ') sp--;
        if (r && r < nl) with_rec += strtoull(sp, NULL, 10);
    }
    char *fns = m8t_read_in(dir, "functions.csv");
    uint64_t ri, re;
    function_cycles(fns, "rec", "0:1", &ri, &re);
    cr_expect_eq(ri, with_rec, "%s", fns);
    cr_expect_lt(ri, folded_cycles(folded, "", NULL));
    free(fns);
    free(folded);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* The frame chart's scale grows with the largest frame: a whole number of round steps, at
 * most M8_CHART_GRIDLINES of them, the budget line always in view. */
Test(profiler, chart_scale_fits_the_largest_frame)
{
    static const struct { double largest, top, step; } cases[] = {
        { 0, 1.25, 0.25 }, { 0.5, 1.25, 0.25 }, { 1.9, 2.0, 0.5 }, { 3.5, 4.0, 1.0 },
        { 25, 30, 5 }, { 140, 150, 25 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double top, step;
        m8_report_chart_scale(cases[i].largest, &top, &step);
        cr_expect_float_eq(top, cases[i].top, 1e-9, "largest %g: top %g", cases[i].largest, top);
        cr_expect_float_eq(step, cases[i].step, 1e-9, "largest %g: step %g", cases[i].largest, step);
        cr_expect_geq(top, cases[i].largest, "largest %g off the chart", cases[i].largest);
        cr_expect_leq(top / step, M8_CHART_GRIDLINES + 1e-9);
    }
}

/* A profile with a frame at 350% of the budget: report.html's chart has gridlines up to
 * 400% and every bar inside the plot. */
Test(profiler, report_chart_fits_a_frame_at_350_percent)
{
    const char *dir = m8t_temp_dir("prof_test");
    static const char *const files[][2] = {
        { "summary.csv", "key,value\ncart,big.p8\nfps,30\nbudget,279620\n" },
        { "frames.csv", "frame,lua,system,budget,dropped\n0,100000,39810,279620,0\n"
                        "1,700000,278670,279620,1\n2,50000,10000,279620,0\n" },
        { "callsites.csv", "site,lua,system,calls,pixels,source\n" },
        { "api.csv", "function,calls,cycles,pixels,offscreen\n" },
        { "sprites.csv", "sprite,draws,pixels,cycles,onscreen,offscreen\n" },
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, files[i][0]);
        FILE *f = fopen(path, "w");
        cr_assert_not_null(f);
        fputs(files[i][1], f);
        fclose(f);
    }
    mote8_platform pf;
    m8_posix_platform(&pf);
    char err[256];
    cr_assert_eq(mote8_profile_report(&pf, dir, NULL, err, sizeof err), 0, "%s", err);
    char *html = m8t_read_in(dir, "report.html");
    cr_expect(strstr(html, ">300%</text>") && strstr(html, ">400%</text>"), "no gridline for 300-400%%");
    cr_expect(strstr(html, ">500%</text>") == NULL);
    /* the frame chart: plot from y=10 to y=236 (H 260, bottom margin 24) */
    const char *svg = strstr(html, "<svg"), *end = strstr(svg, "</svg>");
    int bars = 0;
    for (const char *p = strstr(svg, "<rect x="); p && p < end; p = strstr(p + 1, "<rect x=")) {
        double x, y, w, h;
        if (sscanf(p, "<rect x='%lf' y='%lf' width='%lf' height='%lf'", &x, &y, &w, &h) != 4) continue;
        if (h == 5) continue;                       /* the red "halved" marks below the plot */
        bars++;
        cr_expect_geq(y, 10 - 1e-6, "a bar above the chart: y=%g h=%g", y, h);
        cr_expect_leq(y + h, 236 + 1e-6, "a bar below the chart: y=%g h=%g", y, h);
    }
    cr_expect_eq(bars, 6, "Lua and system bars of 3 frames: %d", bars);
    free(html);
}
