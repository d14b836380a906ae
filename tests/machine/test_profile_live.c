/* test_profile_live.c - the profiler's live figures for the window's overlay
 * (mote8_profiler_live_draws, _functions, _heatmap of api/mote8_profiler.h): a cart drawing
 * through two helpers gets its top draw labelled with the function that made it, its cycles
 * per frame those of the profile's own totals once steady and its off-screen share that of
 * its rectangle; spr and map draws are labelled with the sprite and its size, the cells; a function's recent inclusive cycles are its own plus its callees' and fade
 * out after it stops; the heatmap splits each pixel's cost by the call path that drew it,
 * keeps a cause's plane while it stays among the costliest and puts the rest in "other".
 * No figure of a cost rule is assumed: the expectations come from the profile's own totals
 * and from the geometry of the draws.
 * Depends on: Criterion, api/mote8_profiler.h, api/profiler/profiler_internal.h,
 * m8_test_util.h. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "m8_test_util.h"
#include "mote8.h"
#include "mote8_profiler.h"
#include "profiler/profiler_internal.h"

/* boss and minion draw through two helpers (draw_obj > spr3d); boss's sspr is 4x scaled
 * and 20 of its 64 columns are left of the screen. */
#define HELPERS_CART                                                       \
    "function spr3d(x,y,z) sspr(0,0,16,16,x,y,16*z,16*z) end\n"            \
    "function draw_obj(x,y,z) spr3d(x,y,z) end\n"                          \
    "function boss() draw_obj(-20,10,4) end\n"                             \
    "function minion() draw_obj(90,90,1) end\n"                            \
    "function _draw() boss() minion() end\n"

Test(profile_live, top_draw_names_the_function_that_made_it)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start(HELPERS_CART, &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    cr_assert_not_null(p);
    m8t_run_ticks(m8, 150);
    mote8_prof_draw top[5];
    int n = mote8_profiler_live_draws(p, top, 5);
    cr_assert_eq(n, 2, "boss's and minion's sspr, got %d", n);
    cr_expect_str_eq(top[0].label, "sspr 16x16 x4.0 at 0:1 in spr3d < draw_obj < boss");
    cr_expect_str_eq(top[1].label, "sspr 16x16 x1.0 at 0:1 in spr3d < draw_obj < minion");
    cr_expect_str_eq(top[0].function, "sspr");
    cr_expect_eq(top[0].tab, 0);
    cr_expect_eq(top[0].tab_line, 1);
    /* steady: the recent cycles per frame are the draw's total over the frames */
    double boss_total = -1;
    for (size_t i = 0; i < p->draws.n; i++)
        if (p->draws.draws[i].scale_max > 2) boss_total = p->draws.draws[i].cycles;   /* x4 */
    cr_assert_gt(boss_total, 0);
    double per_frame = boss_total / (double)p->nframes;
    cr_expect(fabs(top[0].cycles - per_frame) <= 1e-3 * per_frame, "live %f, total/frames %f",
              top[0].cycles, per_frame);
    cr_expect_gt(top[0].cycles, top[1].cycles);
    /* 20 of 64 columns off screen */
    cr_expect(fabs(top[0].offscreen / top[0].cycles - 20.0 / 64) < 1e-6, "off %f of %f",
              top[0].offscreen, top[0].cycles);
    cr_expect_eq(top[1].offscreen, 0);
    cr_expect_eq(mote8_profiler_live_draws(p, top, 1), 1, "n bounds the answer");
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

static const mote8_prof_function *find_fn(const mote8_prof_function *fns, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(fns[i].name, name) == 0) return &fns[i];
    return NULL;
}

Test(profile_live, function_inclusive_adds_up_and_fades_after_it_stops)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("n=0 function _update() n+=1 end\n"
                          "function boss() for i=1,20 do sspr(0,0,16,16,10,10,32,32) end end\n"
                          "function _draw() if n<=60 then boss() end end\n",
                          &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    cr_assert_not_null(p);
    m8t_run_ticks(m8, 60);
    mote8_prof_function fns[8];
    int n = mote8_profiler_live_functions(p, fns, 8);
    const mote8_prof_function *boss = find_fn(fns, n, "boss"), *draw = find_fn(fns, n, "_draw");
    cr_assert(boss && draw, "boss and _draw among %d functions", n);
    cr_expect_str_eq(fns[0].name, "_draw", "the callback holds the draws");
    cr_expect_eq(boss->tab_line, 2, "boss is defined on line 2");
    /* no recursion: _draw's inclusive = its own + boss's inclusive; boss's own (its loop)
     * is less than its inclusive (the sspr calls are its callees) */
    cr_expect(fabs(draw->inclusive - (draw->exclusive + boss->inclusive)) <= 1e-9 * draw->inclusive,
              "%f != %f + %f", draw->inclusive, draw->exclusive, boss->inclusive);
    cr_expect_gt(boss->exclusive, 0);
    cr_expect_lt(boss->exclusive, boss->inclusive);
    double before = boss->inclusive;
    mote8_prof_draw draws[2];
    cr_expect_eq(mote8_profiler_live_draws(p, draws, 2), 1);
    m8t_run_ticks(m8, 60);                          /* boss stopped: 0.9^60 of it is left */
    n = mote8_profiler_live_functions(p, fns, 8);
    boss = find_fn(fns, n, "boss");
    cr_assert_not_null(boss);
    cr_expect_lt(boss->inclusive, 0.01 * before, "%f after %f", boss->inclusive, before);
    m8t_run_ticks(m8, 200);                         /* faded out: gone from the lists */
    n = mote8_profiler_live_functions(p, fns, 8);
    cr_expect_null(find_fn(fns, n, "boss"));
    cr_expect_eq(mote8_profiler_live_draws(p, draws, 2), 0);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

/* Column x's total per frame in plane k. */
static double plane_at(const mote8_prof_heatmap *h, int k, int x, int y)
{
    return h->cycles[k][y * 128 + x];
}

Test(profile_live, heatmap_splits_each_pixel_by_the_call_path_that_drew_it)
{
    m8t_capture cap;
    /* left draws the 32 left columns once, right the 32 right columns four times */
    mote8 *m8 = m8t_start("function left() rectfill(0,0,31,127,8) end\n"
                          "function right() for i=1,4 do rectfill(96,0,127,127,9) end end\n"
                          "function _draw() left() right() end\n",
                          &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    cr_assert_not_null(p);
    static mote8_prof_heatmap h;
    m8t_run_ticks(m8, 100);
    cr_assert_eq(mote8_profiler_live_heatmap(p, &h), 2);
    cr_expect_str_eq(h.causes[0].label, "rectfill at 0:2 in right < _draw");
    cr_expect_str_eq(h.causes[1].label, "rectfill at 0:1 in left < _draw");
    int r = h.causes[0].slot, l = h.causes[1].slot;
    cr_assert_neq(r, l);
    cr_expect_gt(plane_at(&h, l, 10, 10), 0);
    cr_expect_eq(plane_at(&h, r, 10, 10), 0);
    cr_expect_gt(plane_at(&h, r, 100, 50), 0);
    cr_expect_eq(plane_at(&h, l, 100, 50), 0);
    for (int k = 0; k <= MOTE8_HEAT_CAUSES; k++)
        cr_expect_eq(plane_at(&h, k, 64, 64), 0, "nothing drawn in the middle");
    /* the same rectangle's area drawn 4 times: 4 times the cost a pixel */
    cr_expect(fabs(plane_at(&h, r, 100, 50) - 4 * plane_at(&h, l, 10, 10)) <=
                  1e-3 * plane_at(&h, r, 100, 50), "%f vs %f", plane_at(&h, r, 100, 50),
              plane_at(&h, l, 10, 10));
    cr_expect(fabs(h.hottest - plane_at(&h, r, 100, 50)) <= 1e-3 * h.hottest);
    /* each plane holds its cause's cycles (steady, all on screen), other nothing */
    for (int c = 0; c < 2; c++) {
        double sum = 0;
        for (int i = 0; i < 128 * 128; i++) sum += h.cycles[h.causes[c].slot][i];
        cr_expect(fabs(sum - h.causes[c].cycles) <= 1e-3 * h.causes[c].cycles, "cause %d: %f vs %f",
                  c, sum, h.causes[c].cycles);
    }
    cr_expect_lt(h.other, 1e-3 * h.causes[1].cycles);
    m8t_run_ticks(m8, 30);                          /* a cause keeps its plane */
    mote8_profiler_live_heatmap(p, &h);
    cr_expect_eq(h.causes[0].slot, r);
    cr_expect_eq(h.causes[1].slot, l);
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

Test(profile_live, heatmap_puts_causes_past_the_planes_in_other)
{
    m8t_capture cap;
    /* eight functions, each a band of 16 rows, drawn k times: the two cheapest (rows 0-31)
     * have no plane of their own */
    mote8 *m8 = m8t_start("function band(k) for i=1,k do rectfill(0,(k-1)*16,127,k*16-1,k) end end\n"
                          "function a() band(1) end\nfunction b() band(2) end\n"
                          "function c() band(3) end\nfunction d() band(4) end\n"
                          "function e() band(5) end\nfunction f() band(6) end\n"
                          "function g() band(7) end\nfunction h() band(8) end\n"
                          "function _draw() a() b() c() d() e() f() g() h() end\n",
                          &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    cr_assert_not_null(p);
    static mote8_prof_heatmap h;
    m8t_run_ticks(m8, 100);
    cr_assert_eq(mote8_profiler_live_heatmap(p, &h), MOTE8_HEAT_CAUSES);
    cr_expect_str_eq(h.causes[0].label, "rectfill at 0:1 in band < h < _draw");
    cr_expect_str_eq(h.causes[5].label, "rectfill at 0:1 in band < c < _draw");
    for (int i = 1; i < MOTE8_HEAT_CAUSES; i++)
        cr_expect_geq(h.causes[i - 1].cycles, h.causes[i].cycles, "costliest first");
    cr_expect_gt(h.other, 0);
    cr_expect_gt(plane_at(&h, MOTE8_HEAT_CAUSES, 5, 5), 0, "a's band is other's");
    cr_expect_gt(plane_at(&h, MOTE8_HEAT_CAUSES, 5, 20), 0, "b's band is other's");
    /* c has a plane (other keeps only what c drew in the first frame, before the planes
     * were handed out, faded by 0.9^99) */
    cr_expect_gt(plane_at(&h, h.causes[5].slot, 5, 40), 0);
    cr_expect_lt(plane_at(&h, MOTE8_HEAT_CAUSES, 5, 40), 1e-3 * plane_at(&h, h.causes[5].slot, 5, 40));
    mote8_profiler_free(p);
    mote8_destroy(m8);
}

static const mote8_prof_draw *find_draw(const mote8_prof_draw *d, int n, const char *function)
{
    for (int i = 0; i < n; i++)
        if (strcmp(d[i].function, function) == 0) return &d[i];
    return NULL;
}

Test(profile_live, draw_labels_say_what_was_drawn)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("function _init() for x=0,3 do for y=0,3 do mset(x,y,1) end end end\n"
                          "function hud() spr(17,0,0,2,2) spr(3,20,0) end\n"
                          "function _draw() hud() map(0,0,0,32,4,4) end\n",
                          &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    cr_assert_not_null(p);
    m8t_run_ticks(m8, 10);
    mote8_prof_draw d[8];
    int n = mote8_profiler_live_draws(p, d, 8);
    cr_assert_eq(n, 3);
    int spr16 = -1, spr8 = -1;
    for (int i = 0; i < n; i++) {
        if (strcmp(d[i].label, "spr 17 16x16 at 0:2 in hud < _draw") == 0) spr16 = i;
        if (strcmp(d[i].label, "spr 3 at 0:2 in hud < _draw") == 0) spr8 = i;
    }
    cr_expect_geq(spr16, 0, "a 2x2 spr: its number and size");
    cr_expect_geq(spr8, 0, "an 8x8 spr: its number");
    const mote8_prof_draw *map = find_draw(d, n, "map");
    cr_assert_not_null(map);
    cr_expect_str_eq(map->label, "map 4x4 at 0:3 in _draw");
    mote8_profiler_free(p);
    mote8_destroy(m8);
}
