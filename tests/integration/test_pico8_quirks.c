/* test_pico8_quirks.c - PICO-8 behaviours real carts rely on (issue 15, docs/compat.md):
 * _set_fps, a numeric for with step 0, 16.16 wrap-around of ^, the _ENV idiom with the
 * translator's helpers as chunk locals, peek with large n, cartdata ids with '-'. Each case
 * runs a snippet in a fresh machine and compares what it printh()s. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"

/* Run `code` for `ticks` ticks; returns the printed text (static). */
static const char *run_code(const char *code, int ticks, mote8 **keep)
{
    static m8t_capture cap;
    mote8 *m8 = m8t_start(code, &cap);
    for (int i = 0; i < ticks; i++)
        cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    if (keep) *keep = m8;
    else mote8_destroy(m8);
    return cap.text;
}

Test(quirks, set_fps_60_runs_at_60_ticks_per_second)
{
    mote8 *m8;
    const char *out = run_code("_set_fps(60)\n"
                               "function _update() if t()>=1 and not done then done=1 "
                               "printh('one second') end end\n", 61, &m8);
    cr_expect_eq(mote8_fps(m8), 60);
    cr_expect_str_eq(out, "one second\n");
    mote8_destroy(m8);
    out = run_code("_set_fps(30) function _update60() end", 2, &m8);
    cr_expect_eq(mote8_fps(m8), 30, "_set_fps wins over _update60");
    mote8_destroy(m8);
}

Test(quirks, for_with_step_zero_follows_pico8)
{
    const char *out = run_code(
        "for i=1,2,0 do printh('a') break end\n"
        "n=0 for i=2,1,0 do n+=1 if n==1000 then printh('endless '..i) break end end\n"
        "local s=0 for i=1,3,s do printh('b') end\n"
        "n=0 for i=3,3,s do n+=1 if n==5 then break end end printh(n)\n"
        "for i=1,3,1 do printh(i) end\n", 1, NULL);
    cr_expect_str_eq(out, "endless 2\n5\n1\n2\n3\n");
}

Test(quirks, power_wraps_to_16_16)
{
    const char *out = run_code(
        "printh(tostr(6^13 == 0x6000))\n"
        "memset(0x6000,0,8) poke(0x6000,9,8) memcpy(0x4300,6^13,2) printh(peek(0x4300)..peek(0x4301))\n"
        "printh(2^3 .. ' ' .. 2^-1 .. ' ' .. tostr(2^15 == -32768))\n", 1, NULL);
    cr_expect_str_eq(out, "true\n98\n8 0.5 true\n");
}

Test(quirks, env_idiom_reaches_the_helpers)
{
    const char *out = run_code(
        "function f(_ENV) return name..':'..x..' '..(x^2)..' '..(x\\2)..' '..(x & 1)..' '..(x/2) end\n"
        "printh(f({name='bob', x=3}))\n"
        "local obj = {a=1} do local _ENV = obj b = a .. 'z' .. @0x5f00 end printh(obj.b)\n",
        1, NULL);
    cr_expect_str_eq(out, "bob:3 9 1 1 1.5\n1z16\n");
}

Test(quirks, peek_with_large_n)
{
    const char *out = run_code(
        "printh(#{peek(0,8192)}..' '..#{peek(0,20000)}..' '..#{peek2(0,9000)}..' '..#{peek4(0,0x7fff)})\n"
        "c = cocreate(function() printh(#{peek(0x8000,8192)}) end) coresume(c)\n"
        "function _update() printh(select('#', peek(0, 8192))) end\n", 1, NULL);
    cr_expect_str_eq(out, "8192 8192 8192 8192\n8192\n8192\n");
}

Test(quirks, cartdata_id_with_a_dash)
{
    char dir[128];
    snprintf(dir, sizeof dir, "/tmp/m8t_%d_cdata", (int)getpid());
    setenv("MOTE8_DATA_DIR", dir, 1);
    const char *out = run_code("cartdata('some_dev_game_v0-1') dset(0, 5) printh(dget(0))", 1, NULL);
    cr_expect_str_eq(out, "5\n");
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}

/* A one-line if's body runs to the end of its logical line: newlines inside --[[ ]] block
 * comments do not end it (tweetcarts hide `then ... end` in comments, galton_board_tweet). */
Test(quirks, one_line_if_spans_block_comments)
{
    const char *out = run_code(
        "a=0 b=0 c=0\n"
        "if (false) --[[then\n ]] a=1 --[[\n ]] b=2 --[[ two\nend]]\n"
        "c=3\n"
        "printh(a..' '..b..' '..c)\n"
        "if (false) a=1 --[[ x ]] --[[ y ]] b=5 -- z\n"
        "printh(b)\n"
        "while (c<6) --[[ comment\n]] c+=1 --[[ two\n]] b+=1\n"
        "printh(b..' '..c)\n", 1, NULL);
    cr_expect_str_eq(out, "0 0 3\n0\n3 6\n");
}

/* printh(s, file, overwrite) writes into the cart output folder ($MOTE8_OUTPUT_DIR for the
 * POSIX host), appending unless overwrite; a name that is a path is a cart error. */
Test(quirks, printh_to_a_file_in_the_output_folder)
{
    char dir[128], path[256];
    snprintf(dir, sizeof dir, "/tmp/m8t_%d_output", (int)getpid());
    setenv("MOTE8_OUTPUT_DIR", dir, 1);
    const char *out = run_code("printh('one', 'log.txt', true) printh('two', 'log.txt') "
                               "printh(3, 'n.txt') printh('x', '@clip') printh('console')", 1, NULL);
    cr_expect_str_eq(out, "console\n");
    snprintf(path, sizeof path, "%s/log.txt", dir);
    size_t len = 0;
    char *text = m8_read_file(path, &len, 0);
    cr_assert(text, "no %s", path);
    cr_expect_str_eq(text, "one\ntwo\n");
    free(text);
    run_code("printh('again', 'log.txt', true)", 1, NULL);
    text = m8_read_file(path, &len, 0);
    cr_assert(text);
    cr_expect_str_eq(text, "again\n");
    free(text);

    static m8t_capture cap;
    const char *bad[] = { "printh('x', '../escape.txt')", "printh('x', '/tmp/abs.txt')",
                          "printh('x', '.hidden')", "printh('x', 'a/b.txt')" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mote8 *m8 = m8t_start(bad[i], &cap);
        cr_expect_eq(mote8_tick(m8, NULL), MOTE8_ERROR, "%s was accepted", bad[i]);
        cr_expect(strstr(mote8_error(m8), "printh: bad file name") != NULL, "%s", mote8_error(m8));
        mote8_destroy(m8);
    }
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}
