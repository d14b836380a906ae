/* test_hostile.c - hostile carts (tests/hostile) cannot crash or freeze mote8: each fails with
 * a clear message naming its tab and line, or is cut by the slicing, and the host stays up.
 * Also the headless --timeout SECONDS stop. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"

#define HOSTILE(name) M8_SOURCE_DIR "/tests/hostile/" name

static void expect_error(const char *cart, const char *message)
{
    const char *args[] = { "--headless", "--frames", "3", "--timeout", "60", cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1, "%s: exit %d, stderr: %.400s", cart, r.exit_code, r.err);
    cr_expect(strstr(r.err, "tab 0, line ") != NULL && strstr(r.err, message) != NULL,
              "%s: %.400s", cart, r.err);
}

Test(hostile, deep_nesting_is_a_translation_error)
{
    expect_error(HOSTILE("deep_parens.p8"), "too many nested levels");
    expect_error(HOSTILE("deep_tables.p8"), "too many nested levels");
    expect_error(HOSTILE("deep_short_ifs.p8"), "too many nested levels");
}

Test(hostile, timeout_stops_the_run_with_exit_1, .timeout = 60)
{
    const char *args[] = { "--headless", "--frames", "100000000", "--timeout", "1",
                           HOSTILE("endless_memcpy.p8"), NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1, "exit %d, stderr: %s", r.exit_code, r.err);
    cr_expect(strstr(r.err, "--timeout reached") != NULL, "%s", r.err);
    const char *bad[] = { "--headless", "--timeout", "0", "hello", NULL };
    m8t_run_mote8(&r, bad);
    cr_expect_eq(r.exit_code, 2, "--timeout 0 is a usage error: %s", r.err);
}

/* Run a cart through the embedding API for `frames` ticks; returns the last status. */
static int run_api(const char *cart, int frames, char *printed, size_t printed_sz, char *error,
                   size_t error_sz)
{
    return m8t_run_cart(cart, frames, NULL, printed, printed_sz, error, error_sz);
}

Test(hostile, endless_loop_in_a_coroutine_ends_the_coroutine, .timeout = 60)
{
    char out[4096], err[4096];
    int st = run_api(HOSTILE("endless_coroutine.p8"), 5, out, sizeof out, err, sizeof err);
    cr_expect_eq(st, MOTE8_RUNNING, "%s", err);
    cr_expect_str_eq(out, "false dead\n");
}

Test(hostile, endless_loops_in_callbacks_from_c_are_errors, .timeout = 60)
{
    expect_error(HOSTILE("endless_tostring.p8"), "endless loop");
    expect_error(HOSTILE("endless_foreach.p8"), "endless loop");
}

/* Issue 21: costly calls where mote8 cannot pause (a coroutine, foreach's function) count
 * toward the endless-loop watch by their cost, not only by the loop's few instructions
 * (each ran more than 60 s before); a loop of calls whose work grows with their input is
 * charged for it, so ticks stay short; and work no rule charges (comparing long strings) is
 * ended by the host-time backstop, M8_HOST_STALL_MS. */
Test(hostile, costly_calls_count_toward_the_endless_loop_watch, .timeout = 60)
{
    char out[4096], err[4096];
    int st = run_api(HOSTILE("costly_calls_in_coroutine.p8"), 3, out, sizeof out, err, sizeof err);
    cr_expect_eq(st, MOTE8_RUNNING, "%s", err);
    cr_expect(strncmp(out, "false tab 0, line 2: endless loop: 300 frames of CPU", 52) == 0, "%s", out);
    expect_error(HOSTILE("costly_calls_in_foreach.p8"), "endless loop: 300 frames of CPU");
}

Test(hostile, linear_calls_in_a_loop_keep_ticks_short, .timeout = 120)
{
    const char *args[] = { "--headless", "--frames", "3", "--timeout", "60",
                           HOSTILE("linear_calls_in_a_loop.p8"), NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 0, "exit %d (the timeout is a freeze): %s", r.exit_code, r.err);
}

Test(hostile, uncharged_work_ends_at_the_host_time_backstop, .timeout = 120)
{
    expect_error(HOSTILE("uncharged_string_compare.p8"), "endless loop: more than");
}

/* API cost counts toward the slices: each tick of an endless loop of expensive calls ends
 * after a bounded amount of cost, so the frames keep coming (counted, not timed). */
Test(hostile, endless_api_call_loop_keeps_ending_frames, .timeout = 120)
{
    const char *args[] = { "--headless", "--frames", "60", "--timeout", "100",
                           HOSTILE("endless_api_calls.p8"), NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 0, "exit %d: %s", r.exit_code, r.err);
    const char *top[] = { "--headless", "--frames", "60", "--timeout", "100",
                          HOSTILE("endless_top_level.p8"), NULL };
    m8t_run_mote8(&r, top);
    cr_expect_eq(r.exit_code, 0, "exit %d: %s", r.exit_code, r.err);
}

/* A top-level loop without flip() keeps time: t() passes 5 after about 150 ticks. */
Test(hostile, top_level_loop_without_flip_keeps_time)
{
    mote8 *m8;
    static m8t_capture cap;
    m8 = m8t_start("::_:: if t() < 5 then goto _ end printh('five')\n"
                   "function _update() end", &cap);
    int tick = 0;
    for (; tick < 400 && !strstr(cap.text, "five"); tick++)
        cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect(tick >= 145 && tick <= 155, "t() reached 5 after %d ticks", tick);
    mote8_destroy(m8);
}

Test(hostile, includes_stay_in_the_cart_folder)
{
    expect_error(HOSTILE("include_absolute.p8"), "only files in the cart's folder");
    expect_error(HOSTILE("include_dotdot.p8"), "only files in the cart's folder");
}

Test(hostile, include_bomb_hits_the_code_size_cap, .timeout = 60)
{
    expect_error(HOSTILE("bomb/include_bomb.p8"), "code too large");
}

Test(hostile, string_metatable_is_locked)
{
    const char *args[] = { "--headless", "--frames", "2", HOSTILE("string_metatable.p8"), NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1, "%s", r.err);
    cr_expect_str_eq(r.out, "false\n[nil]\n[nil]\n");
    cr_expect(strstr(r.err, "tab 0, line 6: attempt to index a boolean value") != NULL, "%s", r.err);
}

Test(hostile, sandbox_has_no_host_libraries)
{
    const char *args[] = { "--headless", "--frames", "2", HOSTILE("sandbox_globals.p8"), NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "io=nil\nos=nil\ndebug=nil\npackage=nil\nrequire=nil\nload=function\n"
                            "loadstring=nil\nloadfile=nil\ndofile=nil\nstring=nil\n"
                            "collectgarbage=nil\nrawequal=function\n_G=nil\npcall=nil\nerror=nil\n"
                            "xpcall=nil\nmodule=nil\nsetfenv=nil\ngetfenv=nil\nutf8=nil\nmath=nil\n"
                            "table=nil\ncoroutine=nil\ndump=nil\n"
                            "load_code=false error\nload_binary=false\n");
}

/* Out of memory always ends in a clear message naming the line, and exit 1 (never abort). */
Test(hostile, memory_bombs_end_with_a_message, .timeout = 120)
{
    expect_error(HOSTILE("memory_bomb.p8"), "not enough memory");
    expect_error(HOSTILE("memory_bomb_string.p8"), "not enough memory");
    expect_error(HOSTILE("deep_recursion.p8"), "tab 0, line 2");
}

/* cartdata: however many dset() calls a frame makes, at most one save per tick, and the last
 * values are saved when the machine goes away. */
typedef struct save_counter { int saves; uint8_t last[256]; } save_counter;

static int count_save(void *user, const char *id, const uint8_t data[256], char *err,
                      size_t errsz)
{
    save_counter *c = user;
    (void)id; (void)err; (void)errsz;
    c->saves++;
    memcpy(c->last, data, 256);
    return 0;
}

Test(hostile, dset_storm_saves_once_per_frame)
{
    static const char cart[] = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                               "cartdata('m8_hostile_storm') n=0\n"
                               "function _update() for i=1,1000 do n+=1 dset(i%64, n) end end\n";
    save_counter c = { 0 };
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.platform.user = &c;
    cfg.platform.save_data = count_save;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, cart, sizeof cart - 1, "storm.p8"), 0, "%s", mote8_error(m8));
    for (int i = 0; i < 10; i++) cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_leq(c.saves, 10, "%d saves in 10 ticks of 1000 dset() each", c.saves);
    cr_expect_geq(c.saves, 9, "the values are saved every tick they change (%d saves)", c.saves);
    mote8_destroy(m8);
    /* the last dset of the last tick: n = 10000 at index 1000 % 64 = 40 */
    const uint8_t *v = c.last + 4 * 40;
    int32_t raw = (int32_t)(v[0] | v[1] << 8 | v[2] << 16 | (uint32_t)v[3] << 24);
    cr_expect_eq(raw, 10000 << 16, "dget(40) saved as %d", raw >> 16);
}

/* A temporary file of a crashed run (a process id that no longer exists) is removed by the
 * next save. */
Test(hostile, cartdata_cleans_temporaries_of_a_crashed_run)
{
    char dir[128], stale[256], cmd[300];
    snprintf(dir, sizeof dir, "/tmp/m8t_%d_tmpclean", (int)getpid());
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    cr_assert_eq(system(cmd), 0);
    /* a pid above the kernel's pid_max never runs */
    snprintf(stale, sizeof stale, "%s/m8_hostile_tmp.p8d.txt.tmp99999999", dir);
    FILE *f = fopen(stale, "w");
    cr_assert(f);
    fputs("half a save", f);
    fclose(f);
    setenv("MOTE8_DATA_DIR", dir, 1);
    static m8t_capture cap;
    mote8 *m8 = m8t_start("cartdata('m8_hostile_tmp') dset(0, 7)", &cap);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    mote8_destroy(m8);
    cr_expect_neq(access(stale, F_OK), 0, "the stale temporary file is still there");
    snprintf(cmd, sizeof cmd, "%s/m8_hostile_tmp.p8d.txt", dir);
    cr_expect_eq(access(cmd, F_OK), 0, "no save written");
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}

/* A finalizer cannot freeze the host: it runs as counted cart code in a coroutine of its
 * own (api/api_sandbox.c), so its endless loop ends in the endless-loop error. */
Test(hostile, endless_loop_in_gc_ends_with_an_error, .timeout = 60)
{
    const char *args[] = { "--headless", "--frames", "30", "--timeout", "50",
                           HOSTILE("endless_gc.p8"), NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1, "exit %d: %s", r.exit_code, r.err);
    cr_expect(strstr(r.err, "endless loop") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "(in a __gc metamethod)") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "--timeout") == NULL, "%s", r.err);
}

/* Metatable and _ENV tricks reach nothing of the host; a cart that gives its own environment
 * an __index that answers everything breaks its own callbacks, with an error, and the host
 * stays up. */
Test(hostile, metatable_and_env_tricks_reach_nothing)
{
    const char *args[] = { "--headless", "--frames", "3", HOSTILE("metatable_env_tricks.p8"), NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_str_eq(r.out, "[nil]\ntable\nnil\n?os\nthread\nfalse\n[nil]\n");
    cr_expect_eq(r.exit_code, 1, "exit %d: %s", r.exit_code, r.err);
    cr_expect(strstr(r.err, "attempt to call a string value") != NULL, "%s", r.err);
}

/* The same endless loops with the count hook (the way without the counting VM). */
Test(hostile, endless_loops_end_with_hook_counting_too, .timeout = 120)
{
    const char *carts[] = { HOSTILE("endless_coroutine.p8"), HOSTILE("endless_foreach.p8"),
                            HOSTILE("endless_top_level.p8"), HOSTILE("endless_api_calls.p8") };
    const int want[] = { MOTE8_RUNNING, MOTE8_ERROR, MOTE8_RUNNING, MOTE8_RUNNING };
    for (int i = 0; i < 4; i++) {
        size_t len = 0;
        char *data = m8_read_file(carts[i], &len, 0);
        cr_assert(data, "%s", carts[i]);
        mote8_config cfg = { 0 };
        cfg.have_seed = 1;
        cfg.hook_counting = 1;
        mote8 *m8 = mote8_create(&cfg);
        cr_assert_eq(mote8_load_cart(m8, data, len, carts[i]), 0, "%s", mote8_error(m8));
        int st = MOTE8_RUNNING;
        for (int f = 0; f < 5 && st == MOTE8_RUNNING; f++) st = mote8_tick(m8, NULL);
        cr_expect_eq(st, want[i], "%s: status %d: %s", carts[i], st, mote8_error(m8));
        if (want[i] == MOTE8_ERROR) cr_expect(strstr(mote8_error(m8), "endless loop") != NULL, "%s", mote8_error(m8));
        mote8_destroy(m8);
        free(data);
    }
}

/* An endless loop in a pause-menu callback ends with the endless-loop error (the callback
 * runs between ticks, where its instructions are counted too). */
Test(hostile, endless_loop_in_a_menu_callback_ends, .timeout = 60)
{
    for (int hook = 0; hook < 2; hook++) {
        size_t len = 0;
        char *data = m8_read_file(HOSTILE("endless_menuitem.p8"), &len, 0);
        cr_assert(data);
        mote8_config cfg = { 0 };
        cfg.have_seed = 1;
        cfg.hook_counting = hook;
        mote8 *m8 = mote8_create(&cfg);
        cr_assert_eq(mote8_load_cart(m8, data, len, "endless_menuitem.p8"), 0, "%s", mote8_error(m8));
        cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
        cr_expect_eq(mote8_menu_activate(m8, 1, 32), 0);
        cr_expect_eq(mote8_tick(m8, NULL), MOTE8_ERROR);
        cr_expect(strstr(mote8_error(m8), "endless loop") != NULL, "%s", mote8_error(m8));
        mote8_destroy(m8);
        free(data);
    }
}

/* --- issue 21: runs of labels and nesting just past Lua's own parser limit (200 C levels)
 *     gave a bare "C stack overflow" with no tab or line --- */
Test(hostile, label_runs_and_lua_depth_name_tab_and_line)
{
    expect_error(HOSTILE("many_labels.p8"), "too many labels in a row");
    expect_error(HOSTILE("deep_parens_200.p8"), "too many nested levels");
}
