/* test_counting.c - the counting VM (Lua built with tools/lua5.4-count.patch) counts exactly
 * the instructions the count hook counts: the calibration carts of tests/carts/cost_*.p8
 * and a set of real carts run both ways with the same scripted input (with unit weights:
 * every instruction 1 cycle, so Lua cycles are instruction counts), and every displayed
 * frame's Lua cycles, and the pacing, must agree. Skipped (with a message) when
 * the build fell back to the system's liblua5.4, where both ways are the hook.
 * Depends on: api/mote8.h, api/mote8_profiler.h, runtime/platform/platform_posix.h, Criterion. */
#define _GNU_SOURCE   /* memmem */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>
#include "mote8.h"
#include "mote8_profiler.h"
#include "platform_posix.h"

#define TICKS 600

typedef struct frame_log {
    uint64_t lua[TICKS], frames[TICKS];
    int dropped[TICKS], status[TICKS];
} frame_log;

static void quiet(void *user, const char *text) { (void)user; (void)text; }

/* A hook reserves Lua stack, so the heap, stat(0), differs between the two ways; a cart that
 * draws it (textadventure's "mem:" line) does other work for other digits (a `..` charges its
 * bytes as Lua work). The reading is pinned: "stat(0)" in the code becomes "stat(7)" (the
 * frame rate, the same both ways; a call still, where a statement needs one). */
static void pin_heap_reading(char *data, size_t len)
{
    static const char call[] = "stat(0)";
    for (char *p = data; (p = memmem(p, len - (size_t)(p - data), call, sizeof call - 1)); )
        memcpy(p, "stat(7)", sizeof call - 1);
}

static void run(const char *path, int hook_counting, frame_log *log)
{
    size_t len = 0;
    char *data = m8_read_file(path, &len, 0);
    cr_assert(data, "%s", path);
    pin_heap_reading(data, len);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.mute = 1;
    cfg.hook_counting = hook_counting;
    cfg.lua_unit_weights = 1;                   /* 1 cycle an instruction both ways */
    m8_posix_platform(&cfg.platform);
    cfg.platform.printh = quiet;
    cfg.platform.save_data = NULL;              /* never touch the user's saves */
    cfg.platform.load_data = NULL;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert(m8);
    cr_assert_eq(mote8_load_cart(m8, data, len, path), 0, "%s", mote8_error(m8));
    for (int t = 0; t < TICKS; t++) {
        mote8_input in;
        memset(&in, 0, sizeof in);
        if (t % 16 == 8) in.buttons[0] |= 1 << 4;                 /* O now and then */
        if (t % 64 >= 32) in.buttons[0] |= (uint8_t)(1 << ((t / 64) % 4));
        log->status[t] = mote8_tick(m8, &in);
        mote8_frame_cost c;
        mote8_last_frame_cost(m8, &c);
        log->lua[t] = c.lua;
        log->frames[t] = c.frames;
        log->dropped[t] = c.dropped;
    }
    mote8_destroy(m8);
    free(data);
}

static void same_counts(const char *path)
{
    static frame_log vm, hook;
    run(path, 0, &vm);
    run(path, 1, &hook);
    for (int t = 0; t < TICKS; t++) {
        cr_assert_eq(vm.status[t], hook.status[t], "%s: status at tick %d", path, t);
        cr_assert_eq(vm.frames[t], hook.frames[t], "%s: frames at tick %d", path, t);
        cr_assert_eq(vm.lua[t], hook.lua[t], "%s: Lua cycles of the frame at tick %d: "
                     "counting VM %llu, hook %llu", path, t, (unsigned long long)vm.lua[t],
                     (unsigned long long)hook.lua[t]);
        /* system cycles are not compared: a hook reserves Lua stack, so the heap differs
           (pin_heap_reading), and what a heap-sized call costs with it */
        cr_assert_eq(vm.dropped[t], hook.dropped[t], "%s: pacing at tick %d", path, t);
    }
}

Test(counting, calibration_carts_count_the_same_both_ways, .timeout = 120)
{
#ifndef M8_COUNTING_VM
    cr_skip_test("built with the system's liblua5.4: the count hook is the only way");
#endif
    DIR *d = opendir(M8_SOURCE_DIR "/tests/carts");
    cr_assert(d);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "cost_", 5) != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/tests/carts/%s", M8_SOURCE_DIR, e->d_name);
        same_counts(path);
        n++;
    }
    closedir(d);
    cr_expect_geq(n, 10, "calibration carts found: %d", n);
}

Test(counting, real_carts_count_the_same_both_ways, .timeout = 300)
{
#ifndef M8_COUNTING_VM
    cr_skip_test("built with the system's liblua5.4: the count hook is the only way");
#endif
    /* carts with coroutines, closures, varargs, metatables, deep call chains, endless loops */
    static const char *const carts[] = {
        "celeste_classic.p8", "electemon.p8", "heliopause.p8", "hackheist.p8",
        "pico_cascades.p8", "zepton.p8", "textadventure.p8", "physics_impulse.p8",
        "mode7_tline3.p8", "galton_board_tweet.p8", "pxco_pxnks.p8", "beat_bot.p8",
    };
    for (size_t i = 0; i < sizeof carts / sizeof carts[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/carts/real/%s", M8_SHARED_DIR, carts[i]);
        same_counts(path);
    }
}

Test(counting, endless_loop_slices_count_the_same_both_ways, .timeout = 60)
{
#ifndef M8_COUNTING_VM
    cr_skip_test("built with the system's liblua5.4: the count hook is the only way");
#endif
    static const char code[] =
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
        "function f(...) local s=0 for i=1,select('#',...) do s+=i end return s end\n"
        "c=cocreate(function() while true do f(1,2,3) yield() end end)\n"
        "function _update() coresume(c) local t=0 while t<30000 do t+=f(1) end end\n"
        "function _draw() cls() end\n";
    char path[] = "/tmp/m8_count_XXXXXX.p8";
    int fd = mkstemps(path, 3);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(code, f);
    fclose(f);
    same_counts(path);
    remove(path);
}
