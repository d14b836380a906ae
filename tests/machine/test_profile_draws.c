/* test_profile_draws.c - the profiler's top draws (draws.csv), draw sites (draw_sites.csv)
 * and their advice: one row per draw (call stack, function, source) whatever its scale, its
 * zoom saving the sum of its calls' own savings, a big scaled sspr one row with its caller
 * chain, spr and sspr sharing their cycles over the sheet sprites alike, map apart in
 * sprites.csv, advice naming the cut with savings worked out here from the profile's own
 * numbers and the rows' cost rules (never a copy of the rules' figures), a helper drawing
 * many cheap sprites advised as one site, the draws adding up to api.csv, and the report's
 * tables rebuilt by m8prof (absent for an older profile).
 * Depends on: Criterion, api/mote8_profiler.h, api/profiler/profiler_internal.h,
 * api/api_call.h, m8_test_util.h. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "api_call.h"
#include "m8_test_util.h"
#include "mote8.h"
#include "mote8_profiler.h"
#include "platform_posix.h"
#include "profiler/profiler_internal.h"

/* Run `code` for `ticks` with a profiler and write the profile into a new directory. */
static const char *profile(const char *code, int ticks, mote8_profiler **out, mote8 **m8_out)
{
    return m8t_profile(code, ticks, "draws_test", out, m8_out);
}

/* ---------------------------------------------------------------- draws.csv --- */

enum { SITE_RANK, SITE, CALLERS, FUNCTION, SPRITE, SRC_X, SRC_Y, SRC_W, SRC_H, SCALE_X,
       SCALE_Y, SCALE_MIN, SCALE_MAX, CELLS, CELLS_VISIBLE, CALLS, CYCLES, PER_FRAME, ONSCREEN,
       OFFSCREEN, PIXELS_DRAWN, PIXELS_CHARGED, CLIP_SAVING, ZOOM_SAVING, SAVING, ADVICE,
       NFIELDS };
/* draw_sites.csv's columns */
enum { S_RANK, S_SITE, S_CALLERS, S_FUNCTION, S_DRAWS, S_CALLS, S_CYCLES, S_PER_FRAME,
       S_OFFSCREEN, S_ABOVE, S_SCALE_MAX, S_PIXELS_DRAWN, S_PIXELS_CHARGED, S_CLIP_SAVING,
       S_ZOOM_SAVING, S_SAVING, S_ADVICE, S_NFIELDS };

typedef struct draw_row {
    char field[NFIELDS][600];
} draw_row;

static double num(const draw_row *r, int k) { return atof(r->field[k]); }

static const char *const draws_head =
    "site_rank,site,callers,function,sprite,source_x,source_y,source_w,source_h,scale_x,"
    "scale_y,scale_min,scale_max,cells_charged,cells_visible,calls,cycles,cycles_per_frame,"
    "onscreen_cycles,offscreen_cycles,pixels_drawn,pixels_charged,clip_saving_per_frame,"
    "zoom_saving_per_frame,saving_per_frame,advice\n";
static const char *const sites_head =
    "rank,site,callers,function,draws,calls,cycles,cycles_per_frame,offscreen_cycles,"
    "above_1to1_cycles,scale_max,pixels_drawn,pixels_charged,clip_saving_per_frame,"
    "zoom_saving_per_frame,saving_per_frame,advice\n";

/* The rows of a CSV with header `head` and `nfields` columns (draws.csv, draw_sites.csv);
 * returns the count. */
static int csv_rows(const char *csv, const char *head, int nfields, draw_row *rows, int max)
{
    cr_assert(strncmp(csv, head, strlen(head)) == 0, "%s", csv);
    const char *c = csv + strlen(head);
    int n = 0;
    while (*c && n < max) {
        draw_row *r = &rows[n];
        memset(r, 0, sizeof *r);
        int k = 0;
        for (;;) {
            size_t o = 0;
            if (*c == '"') {
                for (c++; *c && !(*c == '"' && c[1] != '"'); c++) {
                    if (*c == '"') c++;
                    if (o + 1 < sizeof r->field[k]) r->field[k][o++] = *c;
                }
                if (*c == '"') c++;
            } else {
                while (*c && *c != ',' && *c != '\n')
                    if (o + 1 < sizeof r->field[k]) r->field[k][o++] = *c++;
                    else c++;
            }
            k++;
            if (*c != ',' || k == nfields) break;
            c++;
        }
        cr_assert_eq(k, nfields, "row %d has %d fields:\n%s", n, k, csv);
        cr_assert_eq(*c, '\n', "row %d does not end:\n%s", n, csv);
        c++;
        n++;
    }
    return n;
}

static int draw_rows(const char *csv, draw_row *rows, int max)
{
    return csv_rows(csv, draws_head, NFIELDS, rows, max);
}

static int site_rows(const char *csv, draw_row *rows, int max)
{
    return csv_rows(csv, sites_head, S_NFIELDS, rows, max);
}

static const draw_row *find_row(const draw_row *rows, int n, const char *function,
                                const char *site)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(rows[i].field[FUNCTION], function) && (!site || !strcmp(rows[i].field[SITE], site)))
            return &rows[i];
    return NULL;
}

static const m8_api_row *api_row(const char *name)
{
    for (int i = 0; i < m8_api_row_count; i++)
        if (!strcmp(m8_api_rows[i].name, name)) return &m8_api_rows[i];
    cr_assert_fail("no API row %s", name);
    return NULL;
}

/* A draw's cycles for calls charged by area, from its row's rule: calls x rule(area). */
static double rule_cycles(const char *function, double calls, double area_a_call)
{
    return calls * (double)m8_call_rule_cycles(&api_row(function)->cost, area_a_call);
}

static double frames_of(const mote8_profiler *p) { return p->nframes ? (double)p->nframes : 1; }

/* The run's cycles: the ticks' and the boot's. */
static double run_cycles(const mote8_profiler *p)
{
    double run = (double)(p->boot_lua + p->boot_system);
    for (size_t i = 0; i < p->nticks; i++) {
        const m8_cost_tick *t = &p->ticks[i].cost;
        run += (double)(t->update_lua + t->update_system + t->draw_lua + t->draw_system);
    }
    return run;
}

#define MAX_ROWS 64

/* A big scaled sspr (a 32x32 source over 16 sheet sprites, stretched to 96x96) drawn
 * through two levels of helpers: one row of draws.csv, on its caller chain. */
Test(profile_draws, big_scaled_sspr_through_helpers_is_one_row)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("function _draw()\n cls()\n boss()\nend\n"
                        "function boss()\n local k=0 for i=1,10 do k+=i end\n big(k)\nend\n"
                        "-->8\nfunction big(k)\n sspr(0,0,32,32,10,k-50,96,96)\nend\n",
                        6, &p, &m8);
    char *csv = m8t_read_in(dir, "draws.csv");
    static draw_row rows[MAX_ROWS];
    int n = draw_rows(csv, rows, MAX_ROWS);
    int ssprs = 0;
    for (int i = 0; i < n; i++) ssprs += !strcmp(rows[i].field[FUNCTION], "sspr");
    cr_expect_eq(ssprs, 1, "%s", csv);
    const draw_row *r = find_row(rows, n, "sspr", NULL);
    cr_assert_not_null(r);
    cr_expect_str_eq(r->field[SITE], "1:2");
    cr_expect_str_eq(r->field[CALLERS], "_draw (0:3) > boss (0:7) > big (1:2)");
    cr_expect_str_eq(r->field[SRC_W], "32");
    cr_expect_str_eq(r->field[SCALE_X], "3.00");
    cr_expect_eq(num(r, CALLS), 6);
    cr_expect_eq(num(r, PIXELS_CHARGED), 6 * 96 * 96);
    double sspr_api = 0;
    for (int i = 0; i < m8_api_row_count; i++)
        if (!strcmp(m8_api_rows[i].name, "sspr")) sspr_api = p->apis[i].cycles;
    cr_expect_eq(num(r, CYCLES), sspr_api);
    cr_expect_eq(num(r, PIXELS_DRAWN), 6 * 96 * 96, "all on screen: k = 55, y from 5 to 101");
    /* the same draw in sprites.csv: its 16 sheet sprites, each 1/16 of the cycles */
    char *sprites = m8t_read_in(dir, "sprites.csv");
    int cells = 0;
    for (int s = 0; s < 64; s++) {
        char row[96];
        snprintf(row, sizeof row, "\n%d,6,3456,%.0f,%.0f,0,sspr\n", s, sspr_api / 16, sspr_api / 16);
        cells += strstr(sprites, row) != NULL;
    }
    cr_expect_eq(cells, 16, "%s", sprites);
    free(sprites);
    free(csv);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* spr of a 2x2 block and sspr of the same 16x16 rectangle share their cycles over the same
 * four sheet sprites by area; map cells count apart. */
Test(profile_draws, spr_and_sspr_share_alike_and_map_apart)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("mset(0,0,1)\nfunction _draw()\n spr(0,0,0,2,2)\n sspr(0,0,16,16,0,40)\n"
                        " map(0,0,64,64,1,1)\nend\n", 3, &p, &m8);
    double spr_api = 0, sspr_api = 0;
    for (int i = 0; i < m8_api_row_count; i++) {
        if (!strcmp(m8_api_rows[i].name, "spr")) spr_api = p->apis[i].cycles;
        if (!strcmp(m8_api_rows[i].name, "sspr")) sspr_api = p->apis[i].cycles;
    }
    cr_assert_gt(spr_api, 0);
    const int cell[4] = { 0, 1, 16, 17 };
    for (int i = 0; i < 4; i++) {
        const m8_prof_sprite *a = &p->sprites[M8_PROF_BY_SPR][cell[i]];
        const m8_prof_sprite *b = &p->sprites[M8_PROF_BY_SSPR][cell[i]];
        cr_expect_eq(a->draws, 3);
        cr_expect_eq(b->draws, 3);
        cr_expect_float_eq(a->pixels, b->pixels, 1e-9, "sprite %d", cell[i]);
        cr_expect_float_eq(a->cycles, spr_api / 4, 1e-6, "sprite %d", cell[i]);
        cr_expect_float_eq(b->cycles, sspr_api / 4, 1e-6, "sprite %d", cell[i]);
    }
    cr_expect_eq(p->sprites[M8_PROF_BY_MAP][1].draws, 3);
    cr_expect_eq(p->sprites[M8_PROF_BY_SPR][1].draws, 3, "sprite 1 by spr too, on its own row");
    char *sprites = m8t_read_in(dir, "sprites.csv");
    cr_expect(strstr(sprites, "\n1,3,192,") && strstr(sprites, ",map\n"), "%s", sprites);
    free(sprites);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* An sspr 3/4 off screen (at 1:1) gets advice that names the cut, its saving what the row's
 * rule charges for the visible part less; a clean spr (on screen, 1:1) gets none. */
Test(profile_draws, advice_for_an_off_screen_draw_not_for_a_clean_one)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("function _draw()\n cls()\n spr(0,40,40,4,4)\n"
                        " sspr(0,0,32,32,-24,80)\nend\n", 8, &p, &m8);
    char *csv = m8t_read_in(dir, "draws.csv");
    static draw_row rows[MAX_ROWS];
    int n = draw_rows(csv, rows, MAX_ROWS);
    const draw_row *clean = find_row(rows, n, "spr", NULL), *off = find_row(rows, n, "sspr", NULL);
    cr_assert(clean && off, "%s", csv);
    /* the clean draw is costly enough to be advised on, were there a cut */
    cr_expect_geq(num(clean, CYCLES), M8_DRAW_ADVICE_RUN_SHARE * run_cycles(p));
    cr_expect_str_eq(clean->field[ADVICE], "");
    cr_expect_eq(num(clean, SAVING), 0);
    cr_expect_eq(num(clean, OFFSCREEN), 0);
    cr_expect_str_eq(clean->field[SCALE_X], "1");
    /* the sspr: 32x32 charged, 8x32 visible */
    double calls = num(off, CALLS), frames = frames_of(p);
    cr_expect_eq(num(off, PIXELS_CHARGED), calls * 32 * 32);
    cr_expect_eq(num(off, PIXELS_DRAWN), calls * 8 * 32);
    cr_expect_float_eq(num(off, CYCLES), rule_cycles("sspr", calls, 32 * 32), 0.5);
    cr_expect_float_eq(num(off, OFFSCREEN), num(off, CYCLES) * 0.75, 0.5);
    double saving = (num(off, CYCLES) - rule_cycles("sspr", calls, 8 * 32)) / frames;
    cr_expect_float_eq(num(off, SAVING), saving, 0.5, "%s", csv);
    char want[200];
    snprintf(want, sizeof want, "75%% of this sspr is off screen or clipped: clip the source "
             "rectangle to the screen first, saves %.0f cycles a frame", saving);
    cr_expect(strstr(off->field[ADVICE], want) != NULL, "%s\nwant %s", off->field[ADVICE], want);
    cr_expect(strstr(off->field[ADVICE], "zoom") == NULL, "1:1: no zoom advice");
    free(csv);
    /* the report: advice under its row; summary.txt names it among the cuts */
    char *html = m8t_read_in(dir, "report.html"), *sum = m8t_read_in(dir, "summary.txt");
    cr_expect(strstr(html, "<h2>Top draws") != NULL);
    cr_expect(strstr(html, "&#9986; 75% of this sspr is off screen") != NULL);
    cr_expect(strstr(html, "class='dthumb dsheet'") != NULL, "a thumbnail of the source");
    cr_expect(strstr(sum, "where to cut") != NULL && strstr(sum, want) != NULL, "%s", sum);
    free(html);
    free(sum);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* A scaled-up sspr gets the zoom cap's advice, its saving the rule's charge at 1:1 less. */
Test(profile_draws, zoomed_draw_gets_zoom_advice)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("function _draw()\n cls()\n sspr(8,0,8,8,10,10,32,32)\nend\n", 5, &p, &m8);
    char *csv = m8t_read_in(dir, "draws.csv");
    static draw_row rows[MAX_ROWS];
    int n = draw_rows(csv, rows, MAX_ROWS);
    const draw_row *r = find_row(rows, n, "sspr", NULL);
    cr_assert_not_null(r, "%s", csv);
    cr_expect_str_eq(r->field[SCALE_X], "4.00");
    cr_expect_str_eq(r->field[SCALE_Y], "4.00");
    cr_expect_eq(num(r, OFFSCREEN), 0);
    double calls = num(r, CALLS);
    double saving = (num(r, CYCLES) - rule_cycles("sspr", calls, 8 * 8)) / frames_of(p);
    cr_expect_gt(saving, 0);
    cr_expect_float_eq(num(r, SAVING), saving, 0.5);
    char want[160];
    cr_expect_float_eq(num(r, ZOOM_SAVING), saving, 0.05);
    cr_expect_str_eq(r->field[SCALE_MIN], "4.00");
    cr_expect_str_eq(r->field[SCALE_MAX], "4.00");
    snprintf(want, sizeof want, "100%% of its cycles scaled past 1:1 (up to 4.0x): a zoom cap at "
             "1:1 (as racer's zoom_cap) saves %.0f cycles a frame", saving);
    cr_expect(strstr(r->field[ADVICE], want) != NULL, "%s\nwant %s", r->field[ADVICE], want);
    cr_expect(strstr(r->field[ADVICE], "off screen") == NULL);
    free(csv);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* map over the whole 128x64 map from the screen's corner: 8192 cells charged, 16x16
 * visible; the advice's saving is the rule's charge for the visible share of the units. */
Test(profile_draws, map_bigger_than_the_screen_gets_map_advice)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("for y=0,63 do for x=0,127 do mset(x,y,1+(x+y)%3) end end\n"
                        "function _draw()\n cls()\n map(0,0,0,0,128,64)\nend\n", 4, &p, &m8);
    char *csv = m8t_read_in(dir, "draws.csv");
    static draw_row rows[MAX_ROWS];
    int n = draw_rows(csv, rows, MAX_ROWS);
    const draw_row *r = find_row(rows, n, "map", NULL);
    cr_assert_not_null(r, "%s", csv);
    double calls = num(r, CALLS);
    cr_expect_eq(num(r, CELLS), calls * 8192);
    cr_expect_eq(num(r, CELLS_VISIBLE), calls * 256);
    cr_expect_str_eq(r->field[SRC_W], "128");
    cr_expect_str_eq(r->field[SRC_H], "64");
    /* every cell full: units a call = 8192 cells drawn; cut: 256 */
    const m8_cost_rule *rule = &api_row("map")->cost;
    cr_expect_float_eq(num(r, CYCLES), calls * (double)m8_call_rule_cycles(rule, 8192), 0.5);
    double saving = (num(r, CYCLES) - calls * (double)m8_call_rule_cycles(rule, 256)) / frames_of(p);
    cr_expect_float_eq(num(r, SAVING), saving, 0.5);
    char want[200];
    snprintf(want, sizeof want, "map(0,0,..,128,64) charges 8192 cells a call, 256 visible: "
             "draw only the visible window, saves %.0f cycles a frame", saving);
    cr_expect(strstr(r->field[ADVICE], want) != NULL, "%s\nwant %s", r->field[ADVICE], want);
    free(csv);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* Every drawing function's draws add up to its api.csv cycles; functions that never
 * report an area (flr, rnd) are not draws. */
Test(profile_draws, draws_add_up_to_the_drawing_functions)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("function _draw()\n cls(1)\n for i=0,9 do spr(i,i*9,flr(rnd(140))-6) end\n"
                        " spr(-1,0,0)\n rectfill(-20,3,50,9,8) circfill(64,64,20+rnd(30),9)\n"
                        " line(0,0,127,90,7) print('hello',120,60) pset(3,3,8)\n"
                        " map(0,0,rnd(60)-30,0,20,3) sspr(0,0,8,8,flr(rnd(200))-40,50,8+flr(rnd(60)),16)\n"
                        " helper()\nend\nfunction helper()\n spr(2,100,100,2,2) rect(1,1,200,9)\nend\n",
                        30, &p, &m8);
    char *csv = m8t_read_in(dir, "draws.csv"), *api = m8t_read_in(dir, "api.csv");
    static draw_row rows[1024];
    int n = draw_rows(csv, rows, 1024);
    cr_assert_lt(n, 1024);
    const char *drawing[] = { "cls", "spr", "rectfill", "circfill", "line", "print", "pset",
                              "map", "sspr", "rect" };
    for (size_t k = 0; k < sizeof drawing / sizeof drawing[0]; k++) {
        double sum = 0, prev = INFINITY;
        for (int i = 0; i < n; i++) {
            cr_expect_leq(num(&rows[i], CYCLES), prev, "sorted by cycles");
            prev = num(&rows[i], CYCLES);
            if (!strcmp(rows[i].field[FUNCTION], drawing[k])) sum += num(&rows[i], CYCLES);
        }
        char key[40];
        snprintf(key, sizeof key, "\n%s,", drawing[k]);
        const char *l = strstr(api, key);
        cr_assert_not_null(l, "%s not in api.csv:\n%s", drawing[k], api);
        unsigned long long calls;
        double cycles;
        cr_assert_eq(sscanf(l + strlen(key), "%llu,%lf", &calls, &cycles), 2);
        cr_expect_eq(sum, cycles, "%s: draws %.0f, api.csv %.0f", drawing[k], sum, cycles);
    }
    cr_expect(find_row(rows, n, "flr", NULL) == NULL && find_row(rows, n, "rnd", NULL) == NULL);
    const draw_row *helper = find_row(rows, n, "rect", NULL);
    cr_assert_not_null(helper);
    cr_expect_str_eq(helper->field[CALLERS], "_draw (0:8) > helper (0:11)");
    free(csv);
    free(api);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* m8prof rebuilds the top draws from draws.csv; a profile without the file (older) gets a
 * report without the table, and no error. */
Test(profile_draws, report_tool_rebuilds_top_draws_and_accepts_older_profiles)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("function _draw()\n cls()\n sspr(0,0,32,32,-60,0,128,32)\nend\n", 4, &p, &m8);
    char *before = m8t_read_in(dir, "report.html");
    cr_assert(strstr(before, "<h2>Top draws") != NULL);
    cr_assert(strstr(before, "<h2>Top draw sites") != NULL);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm %s/report.html && %s/bin/m8prof %s > %s/sum.txt", dir,
             M8_BINARY_DIR, dir, dir);
    cr_assert_eq(system(cmd), 0);
    char *after = m8t_read_in(dir, "report.html"), *sum = m8t_read_in(dir, "sum.txt");
    cr_expect_str_eq(after, before);
    cr_expect(strstr(sum, "top draw sites") && strstr(sum, "where to cut"), "%s", sum);
    snprintf(cmd, sizeof cmd, "rm %s/draws.csv %s/draw_sites.csv %s/report.html && "
             "%s/bin/m8prof %s > %s/sum.txt", dir, dir, dir, M8_BINARY_DIR, dir, dir);
    cr_assert_eq(system(cmd), 0);
    char *old = m8t_read_in(dir, "report.html");
    cr_expect(strstr(old, "Top draws") == NULL && strstr(old, "Top draw sites") == NULL);
    cr_expect(strstr(old, "</html>") != NULL);
    free(before);
    free(after);
    free(sum);
    free(old);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* One sprite drawn by one helper at many scales (shrunk, 1:1, up to 3.75x) is ONE draw; its
 * zoom saving is the sum of each call's own saving by the row's rule (the charge for the
 * call less the charge with the destination capped at 8x8), its scale range and
 * cost-weighted mean those of the calls. */
Test(profile_draws, one_draw_whatever_the_scale_its_zoom_saving_summed_per_call)
{
    mote8_profiler *p;
    mote8 *m8;
    enum { TICKS = 14 };
    const char *dir = profile("t=0\nfunction _draw()\n t+=1\n local s=9+t%7\n"
                        " for d in all({s,s*2,s-8,8}) do sspr(0,0,8,8,0,0,d,d) end\nend\n",
                        TICKS, &p, &m8);
    char *csv = m8t_read_in(dir, "draws.csv");
    static draw_row rows[MAX_ROWS];
    int n = draw_rows(csv, rows, MAX_ROWS);
    int ssprs = 0;
    for (int i = 0; i < n; i++) ssprs += !strcmp(rows[i].field[FUNCTION], "sspr");
    cr_expect_eq(ssprs, 1, "%s", csv);
    const draw_row *r = find_row(rows, n, "sspr", "0:5");
    cr_assert_not_null(r, "%s", csv);
    cr_expect_eq(num(r, CALLS), 4 * TICKS);
    /* the calls as the cart made them: t = 1 .. TICKS */
    double cycles = 0, saving = 0, above = 0, wsum = 0, lo = INFINITY, hi = 0;
    for (int t = 1; t <= TICKS; t++) {
        int s = 9 + t % 7, ds[4] = { s, s * 2, s - 8, 8 };
        for (int k = 0; k < 4; k++) {
            double d = ds[k], c = rule_cycles("sspr", 1, d * d);
            double capped = d > 8 ? rule_cycles("sspr", 1, 64) : c;
            cycles += c;
            saving += c - capped;
            above += d > 8 ? c : 0;
            wsum += c * d / 8;
            lo = fmin(lo, d / 8);
            hi = fmax(hi, d / 8);
        }
    }
    double frames = frames_of(p);
    cr_expect_float_eq(num(r, CYCLES), cycles, 0.5);
    cr_expect_float_eq(num(r, ZOOM_SAVING), saving / frames, 0.05, "%s", csv);
    cr_expect_float_eq(num(r, SCALE_MIN), lo, 0.0051, "%s", csv);   /* written to 2 places */
    cr_expect_float_eq(num(r, SCALE_MAX), hi, 0.0051);
    cr_expect_float_eq(num(r, SCALE_X), wsum / cycles, 0.005);
    cr_expect_float_eq(num(r, SCALE_Y), wsum / cycles, 0.005);
    cr_assert_geq(cycles, M8_DRAW_ADVICE_RUN_SHARE * run_cycles(p), "costly enough to advise");
    char want[200];
    snprintf(want, sizeof want, "%.0f%% of its cycles scaled past 1:1 (up to %.1fx): a zoom cap "
             "at 1:1 (as racer's zoom_cap) saves %.0f cycles a frame", 100 * above / cycles, hi,
             saving / frames);
    cr_expect(strstr(r->field[ADVICE], want) != NULL, "%s\nwant %s", r->field[ADVICE], want);
    /* its site: the same figures */
    char *sites_csv = m8t_read_in(dir, "draw_sites.csv");
    static draw_row sites[MAX_ROWS];
    int ns = site_rows(sites_csv, sites, MAX_ROWS);
    const draw_row *site = NULL;
    for (int i = 0; i < ns; i++)
        if (!strcmp(sites[i].field[S_FUNCTION], "sspr")) site = &sites[i];
    cr_assert_not_null(site, "%s", sites_csv);
    cr_expect_eq(num(site, S_DRAWS), 1);
    cr_expect_eq(num(site, S_RANK), num(r, SITE_RANK));
    cr_expect_float_eq(num(site, S_ABOVE), above, 0.5);
    cr_expect_float_eq(num(site, S_ZOOM_SAVING), saving / frames, 0.05);
    cr_expect(strstr(site->field[S_ADVICE], want) != NULL, "%s", site->field[S_ADVICE]);
    free(sites_csv);
    free(csv);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* A sprite capped at 1:1 (as racer's zoom_cap does) has no zoom saving and no zoom advice,
 * however costly. */
Test(profile_draws, capped_zoom_gets_no_zoom_advice)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("t=0\nfunction _draw()\n t+=1\n local s=min(0.5+t/4,1)\n"
                        " for i=1,6 do sspr(0,0,32,32,i*8,0,32*s,32*s) end\nend\n", 10, &p, &m8);
    char *csv = m8t_read_in(dir, "draws.csv"), *sites_csv = m8t_read_in(dir, "draw_sites.csv");
    static draw_row rows[MAX_ROWS], sites[MAX_ROWS];
    int n = draw_rows(csv, rows, MAX_ROWS), ns = site_rows(sites_csv, sites, MAX_ROWS);
    const draw_row *r = find_row(rows, n, "sspr", NULL);
    cr_assert_not_null(r, "%s", csv);
    cr_expect_geq(num(r, CYCLES), M8_DRAW_ADVICE_RUN_SHARE * run_cycles(p));
    cr_expect_eq(num(r, ZOOM_SAVING), 0);
    cr_expect_str_eq(r->field[SCALE_MAX], "1.00");
    cr_expect(strstr(r->field[ADVICE], "zoom") == NULL, "%s", r->field[ADVICE]);
    for (int i = 0; i < ns; i++) {
        cr_expect_eq(num(&sites[i], S_ZOOM_SAVING), 0, "%s", sites_csv);
        cr_expect(strstr(sites[i].field[S_ADVICE], "zoom") == NULL, "%s", sites_csv);
    }
    free(csv);
    free(sites_csv);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* A helper drawing 16 different sprites at 2x for callers on two lines, each draw below the
 * per-draw threshold (1% of the run: the cart burns Lua cycles besides) but costly
 * together: no draw is advised, the site (one, whichever line called the helper) is, its
 * zoom saving the sum of its draws'; the summary names it among the cuts with its sprite
 * count. */
Test(profile_draws, helper_of_many_cheap_sprites_advised_as_a_site)
{
    mote8_profiler *p;
    mote8 *m8;
    const char *dir = profile("function prop(n,x,y)\n sspr(n%16*8,n\\16*8,8,8,x,y,16,16)\nend\n"
                        "function _draw()\n cls()\n local k=0\n for i=1,20000 do k+=i end\n"
                        " for n=0,7 do prop(n,n*7,n*5) end\n for n=8,15 do prop(n,n*7,n*5) end\nend\n",
                        6, &p, &m8);
    char *csv = m8t_read_in(dir, "draws.csv"), *sites_csv = m8t_read_in(dir, "draw_sites.csv");
    static draw_row rows[MAX_ROWS], sites[MAX_ROWS];
    int n = draw_rows(csv, rows, MAX_ROWS), ns = site_rows(sites_csv, sites, MAX_ROWS);
    double run = run_cycles(p), floor = M8_DRAW_ADVICE_RUN_SHARE * run, frames = frames_of(p);
    double cycles = 0, saving = 0;
    int draws = 0, rank = 0, from_line_9 = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(rows[i].field[FUNCTION], "sspr")) continue;
        draws++;
        if (rank) cr_expect_eq(num(&rows[i], SITE_RANK), rank, "one site:\n%s", csv);
        rank = (int)num(&rows[i], SITE_RANK);
        from_line_9 += !strcmp(rows[i].field[CALLERS], "_draw (0:9) > prop (0:2)");
        cr_assert_lt(num(&rows[i], CYCLES), floor, "each draw below the threshold:\n%s", csv);
        cr_expect_str_eq(rows[i].field[ADVICE], "");
        cr_expect_str_eq(rows[i].field[SITE], "0:2");
        double calls = num(&rows[i], CALLS);
        cycles += num(&rows[i], CYCLES);
        saving += rule_cycles("sspr", calls, 16 * 16) - rule_cycles("sspr", calls, 8 * 8);
    }
    cr_expect_eq(draws, 16, "%s", csv);
    cr_expect_eq(from_line_9, 8, "%s", csv);
    cr_assert_geq(cycles, floor, "together above it");
    const draw_row *site = NULL;
    for (int i = 0; i < ns; i++)
        if (!strcmp(sites[i].field[S_FUNCTION], "sspr")) site = &sites[i];
    cr_assert_not_null(site, "%s", sites_csv);
    cr_expect_eq(num(site, S_RANK), rank);
    cr_expect_eq(num(site, S_DRAWS), 16);
    cr_expect_str_eq(site->field[S_SITE], "0:2");
    cr_expect_str_eq(site->field[S_CALLERS], "_draw > prop");
    cr_expect_float_eq(num(site, S_CYCLES), cycles, 0.5);
    cr_expect_float_eq(num(site, S_ZOOM_SAVING), saving / frames, 0.05);
    char want[200];
    snprintf(want, sizeof want, "100%% of its cycles scaled past 1:1 (up to 2.0x): a zoom cap "
             "at 1:1 (as racer's zoom_cap) saves %.0f cycles a frame", saving / frames);
    cr_expect(strstr(site->field[S_ADVICE], want) != NULL, "%s\nwant %s", sites_csv, want);
    char *sum = m8t_read_in(dir, "summary.txt"), *html = m8t_read_in(dir, "report.html");
    const char *cut = strstr(sum, "where to cut");
    cr_expect(cut && strstr(cut, "0:2 sspr via _draw > prop: ") &&
              strstr(cut, "over 16 sprites, 100% above 1:1: ") && strstr(cut, want), "%s", sum);
    cr_expect(strstr(html, "<h2>Top draw sites") != NULL);
    cr_expect(strstr(html, "<h2>Top draw sites") < strstr(html, "<h2>Top draws ("),
              "the sites above the draws");
    free(sum);
    free(html);
    free(csv);
    free(sites_csv);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}
