/* test_calibration.c - stat(1) agrees with published PICO-8 measurements. Each reading
 * (docs/cost-model.md, "Calibration") has a measurement cart tests/carts/calib_NAME.p8 that
 * repeats the measured workload and reports stat(1) at the end of each _draw with
 * printh("calib "..x); the last report must lie within the reading's tolerance. The
 * readings and tolerances live in the table below (one row per cart; every calib_*.p8 must
 * have a row). Tolerances are asserted with the counting VM, which charges Lua by opcode.
 * The count hook (the system's liblua5.4, or mote8_config.hook_counting) cannot see opcodes
 * and charges every instruction the mean weight: there the test checks that it does exactly
 * that, that the system cycles do not depend on how Lua is counted, and that the readings
 * stay within a wide band.
 * Depends on: api/mote8.h, api/mote8_profiler.h, api/lua_weights.h, Criterion. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <lauxlib.h>
#include "lua_weights.h"
#include "m8_test_util.h"
#include "mote8.h"
#include "mote8_profiler.h"

#define CART_DIR M8_SOURCE_DIR "/tests/carts"
#define TICKS 4

typedef struct reading {
    char cart[40];              /* tests/carts/<cart>.p8 (inline: tests run in other processes) */
    double stat1;               /* the published PICO-8 reading (60 fps) */
    double tol;                 /* allowed relative distance (0.10 = 10%) */
    double rounding;            /* or allowed absolute distance: the display's rounding */
    int charges;                /* the cart's operators charge beyond their instructions (`..`,
                                   str[i], x^y, bitwise and division helpers): the count
                                   hook's Lua is not exactly the mean weight times the
                                   instructions there */
} reading;

/* docs/cost-model.md ("Calibration") gives each reading's source and why its tolerance is
 * what it is. Where the source noted two figures, the reading is their mean. */
static const reading readings[] = {
    {"calib_rectfill_full", 0.04, 0.10, 0.005, 0},
    {"calib_pset_const", 1.07, 0.10, 0, 0},
    {"calib_rectfill_rows", 0.045, 0.10, 0.01, 0},  /* 0.05 and (older revision) 0.04, ±0.005 */
    {"calib_pset_mod", 1.19, 0.10, 0, 0},
    {"calib_pset_rnd", 2.815, 0.10, 0, 0},
    {"calib_print_chars", 0.535, 0.10, 0, 0},
    {"calib_print_lines", 0.15, 0.10, 0, 0},
    {"calib_print_glyphs", 0.355, 0.10, 0, 0},
    {"calib_print_random_glyphs", 1.47, 0.10, 0, 1},
    {"calib_poke16", 0.21, 0.10, 0, 0},
    {"calib_poke4_rnd", 0.315, 0.10, 0, 0},
    {"calib_poke4_shift", 0.20, 0.10, 0, 1},
    {"calib_poke2_cos", 2.52, 0.10, 0, 1},
    {"calib_poke4_cos", 1.855, 0.10, 0, 1},
    {"calib_spr_8x8", 0.275, 0.10, 0, 0},
    {"calib_spr_16x16", 0.26, 0.10, 0, 0},
    {"calib_memcpy_screen", 0.031, 0.15, 0, 0},
    {"calib_e4_mul4", 3, 0.10, 0, 0},
    {"calib_e4_pow_int", 8, 0.10, 0, 1},
    {"calib_e4_pow_frac", 16, 0.10, 0, 1},
    {"calib_e4_sqrt", 27, 0.10, 0, 0},
};
#define NREADINGS ((int)(sizeof readings / sizeof readings[0]))

/* The count hook's band: a mean weight cannot follow the mix of a workload. */
#define HOOK_TOL 0.5
#define HOOK_SLACK 64.0

typedef struct run_result {
    double stat1;               /* the last "calib" report, -1 if none */
    mote8_frame_cost last;      /* the last displayed frame */
} run_result;

static void run(const reading *r, int hook_counting, int unit_weights, run_result *out)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.p8", CART_DIR, r->cart);
    size_t len = 0;
    char *data = m8_read_file(path, &len, 0);
    cr_assert(data, "%s: cannot read", path);
    static m8t_capture cap;
    cap.len = 0;
    cap.text[0] = 0;
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.mute = 1;
    cfg.hook_counting = hook_counting;
    cfg.lua_unit_weights = unit_weights;
    m8_posix_platform(&cfg.platform);
    cfg.platform.printh = m8t_capture_printh;
    cfg.platform.user = &cap;
    cfg.platform.save_data = NULL;
    cfg.platform.load_data = NULL;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert(m8);
    cr_assert_eq(mote8_load_cart(m8, data, len, path), 0, "%s", mote8_error(m8));
    for (int t = 0; t < TICKS; t++)
        cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s: %s", r->cart, mote8_error(m8));
    mote8_last_frame_cost(m8, &out->last);
    mote8_destroy(m8);
    free(data);
    out->stat1 = -1;
    for (const char *p = strstr(cap.text, "calib "); p; p = strstr(p + 1, "calib "))
        out->stat1 = atof(p + 6);
    cr_assert_geq(out->stat1, 0, "%s reported no stat(1) (printed: %s)", r->cart, cap.text);
}

static void free_params(struct criterion_test_params *p) { cr_free(p->params); }

ParameterizedTestParameters(calibration, reading)
{
    reading *params = cr_malloc(sizeof readings);
    memcpy(params, readings, sizeof readings);
    return cr_make_param_array(reading, params, NREADINGS, free_params);
}

/* The counting VM: within the reading's tolerance. */
ParameterizedTest(reading *r, calibration, reading)
{
#ifndef M8_COUNTING_VM
    cr_skip_test("built with the system's liblua5.4: Lua is charged a mean weight, see "
                 "calibration.count_hook_charges_the_mean_weight");
#endif
    run_result got;
    run(r, 0, 0, &got);
    double off = (got.stat1 - r->stat1) / r->stat1;
    cr_log_info("%s: stat(1) %.4f, PICO-8 %.3f, off by %+.1f%%", r->cart, got.stat1, r->stat1,
                100 * off);
    cr_expect(fabs(off) <= r->tol || fabs(got.stat1 - r->stat1) <= r->rounding,
              "%s: stat(1) = %.4f, the PICO-8 reading is %.3f: off by %+.1f%%, tolerance "
              "%.0f%% (or %.3f)", r->cart, got.stat1, r->stat1, 100 * off, 100 * r->tol,
              r->rounding);
}

/* Every measurement cart has its reading here, and every reading its cart. */
Test(calibration, every_cart_has_a_reading)
{
    DIR *d = opendir(CART_DIR);
    cr_assert(d);
    struct dirent *e;
    int carts = 0;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "calib_", 6) != 0) continue;
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".p8") != 0) continue;
        carts++;
        int found = 0;
        for (int i = 0; i < NREADINGS; i++)
            found |= strlen(readings[i].cart) == len - 3 &&
                     strncmp(readings[i].cart, e->d_name, len - 3) == 0;
        cr_expect(found, "%s has no reading in test_calibration.c", e->d_name);
    }
    closedir(d);
    cr_expect_eq(carts, NREADINGS, "%d calib_*.p8 carts for %d readings", carts, NREADINGS);
}

/* The count hook charges M8_LUA_HOOK_CYCLES_NUM/DEN per instruction: the same frame with
 * unit weights (1 cycle per instruction) gives the instruction count, give or take the one
 * extra update (_update60's two btnp and the bios loop: HOOK_SLACK cycles) of a frame halved
 * with the mean weight and not with unit weights; carts whose operators charge beyond their
 * instructions are not held to it. System cycles are the same however Lua is counted (but
 * for that extra update). The readings stay within a wide band. */
Test(calibration, count_hook_charges_the_mean_weight, .timeout = 60)
{
    for (int i = 0; i < NREADINGS; i++) {
        const reading *r = &readings[i];
        run_result mean, unit;
        run(r, 1, 0, &mean);
        run(r, 1, 1, &unit);
        double want = (double)unit.last.lua * M8_LUA_HOOK_CYCLES_NUM / M8_LUA_HOOK_CYCLES_DEN;
        if (!r->charges)
            cr_expect_leq(fabs((double)mean.last.lua - want), HOOK_SLACK,
                          "%s: hook Lua cycles %llu, want %.1f (%llu instructions at the mean "
                          "weight)", r->cart, (unsigned long long)mean.last.lua, want,
                          (unsigned long long)unit.last.lua);
        cr_expect_leq(fabs((double)mean.last.system - (double)unit.last.system), HOOK_SLACK,
                      "%s: system cycles %llu with the mean weight, %llu with unit weights",
                      r->cart, (unsigned long long)mean.last.system,
                      (unsigned long long)unit.last.system);
        double off = (mean.stat1 - r->stat1) / r->stat1;
        cr_log_info("%s: hook stat(1) %.4f, PICO-8 %.3f, off by %+.1f%%", r->cart, mean.stat1,
                    r->stat1, 100 * off);
        cr_expect_leq(fabs(off), HOOK_TOL, "%s: with the count hook stat(1) = %.4f, the "
                      "PICO-8 reading is %.3f (off by %+.1f%%)", r->cart, mean.stat1,
                      r->stat1, 100 * off);
    }
}

/* The counting VM knows every opcode of the weight table, and the weights are used: the
 * calibrated count of a Lua-bound frame is not the instruction count. */
Test(calibration, weights_reach_the_counting_vm)
{
#ifndef M8_COUNTING_VM
    cr_skip_test("built with the system's liblua5.4: no counting VM");
#else
    lua_State *L = luaL_newstate();
    cr_assert(L);
    cr_expect_eq(m8_lua_weights_apply(L, 0), 0, "opcode names unknown to this Lua");
    lua_close(L);
    const reading *r = &readings[10];           /* poke4(mem,rnd(-1)): half Lua, never halved */
    cr_assert_str_eq(r->cart, "calib_poke4_rnd");
    run_result cal, unit;
    run(r, 0, 0, &cal);
    run(r, 0, 1, &unit);
    cr_expect_gt(cal.last.lua, unit.last.lua, "%s: calibrated %llu, unit %llu", r->cart,
                 (unsigned long long)cal.last.lua, (unsigned long long)unit.last.lua);
    cr_expect_eq(cal.last.system, unit.last.system);
#endif
}
