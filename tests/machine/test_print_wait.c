/* test_print_wait.c - print()'s frame waits (`\^1`..`\^9`) and per-char delays (`\^d`)
 * through the embedding API: the screen tick by tick, attributes kept across a wait, the
 * all-at-once fallback where yielding is impossible (cart coroutines, C callbacks; metamethods
 * run by Lua code do wait), print's cost and profiler call counted once, time() during
 * waits, waits inside _draw, errors after a wait.
 * Depends on: Criterion, api/mote8.h, api/vm_internal.h. */
#include <criterion/criterion.h>
#include "m8_test_util.h"
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>
#include "mote8.h"
#include "vm_internal.h"


static void tick(mote8 *m8)
{
    int st = mote8_tick(m8, NULL);
    cr_assert_neq(st, MOTE8_ERROR, "%s", mote8_error(m8));
}

static void ticks(mote8 *m8, int n)
{
    for (int i = 0; i < n; i++) tick(m8);
}

/* Lit (non-black) pixels of the shown screen in the rectangle x0,y0 w x h. */
static int lit(mote8 *m8, int x0, int y0, int w, int h)
{
    static uint8_t rgb[128 * 128 * 3];
    mote8_screen_rgb(m8, rgb);
    int n = 0;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            const uint8_t *p = rgb + (y * 128 + x) * 3;
            if (p[0] || p[1] || p[2]) n++;
        }
    return n;
}

Test(print_wait, wait_at_top_level_holds_the_text_back)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("cls() print('\\^3ab',0,0,7) printh('back')", &cap);
    /* \^3 = four frames (\^n waits 2^(n-1)) pass first: ticks 1-4 show no text */
    for (int t = 1; t <= 4; t++) {
        tick(m8);
        cr_expect_eq(lit(m8, 0, 0, 16, 6), 0, "text already shown after tick %d", t);
        cr_expect_str_eq(cap.text, "");
    }
    tick(m8);
    cr_expect_gt(lit(m8, 0, 0, 4, 6), 0);            /* a */
    cr_expect_gt(lit(m8, 4, 0, 4, 6), 0);            /* b */
    cr_expect_str_eq(cap.text, "back\n");
    /* one displayed frame per waited one, then the main loop's own end of frame */
    cr_expect_eq(m8->machine->cost.frames, 5);
    mote8_destroy(m8);
}

Test(print_wait, per_char_delay_reveals_chars_two_ticks_apart)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("cls() print('\\^d2abc',0,0,7) printh('back')", &cap);
    /* after tick t: which of a, b, c are shown */
    static const int shown[7][3] = {
        {1, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 0}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1},
    };
    for (int t = 0; t < 7; t++) {
        tick(m8);
        for (int c = 0; c < 3; c++)
            cr_expect_eq(lit(m8, 4 * c, 0, 4, 6) > 0, shown[t][c], "char %d after tick %d", c,
                         t + 1);
        /* the delay follows every char, the last one too: print returns in tick 7 */
        cr_expect_str_eq(cap.text, t < 6 ? "" : "back\n", "after tick %d", t + 1);
    }
    mote8_destroy(m8);
}

/* The screen after `code` has finished (ticks enough to pass every wait). */
static void final_screen(const char *code, int n, uint8_t *rgb, char *out, size_t outsz)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start(code, &cap);
    ticks(m8, n);
    mote8_screen_rgb(m8, rgb);
    size_t k = cap.len < outsz - 1 ? cap.len : outsz - 1;
    memcpy(out, cap.text, k);
    out[k] = 0;
    mote8_destroy(m8);
}

/* Each string is drawn with waits, and without (waits removed): same screen, same result
 * and cursor. Pass indices (parameterized tests run in fresh processes). */
static const char *const attr_cases[][2] = {
    { "\\^wa\\^1b\\^-wc", "\\^wab\\^-wc" },                                 /* wide */
    { "\\^t\\^=x\\^2yz", "\\^t\\^=xyz" },                                   /* tall, stripey */
    { "\\#8\\^ia\\^1\\f9b\\^-ic", "\\#8\\^ia\\f9b\\^-ic" },                 /* bg, invert, colour */
    { "\\^x6\\^y8\\^d1a\\nb\\tc", "\\^x6\\^y8a\\nb\\tc" },                  /* char size, tab */
    { "ab\\^h\\^1\\ncd\\^g\\^1e", "ab\\^h\\ncd\\^ge" },                     /* home */
    { "\\^r3\\^1abcdefgh", "\\^r3abcdefgh" },                              /* wrap border */
    { "\\*3x\\^d1\\*3y", "\\*3x\\*3y" },                                    /* repeat + delay */
    { "\\^p\\^1\\^.\\x11\\x22\\x44\\x88\\x11\\x22\\x44\\x88z",
      "\\^p\\^.\\x11\\x22\\x44\\x88\\x11\\x22\\x44\\x88z" },                /* one-off, pinball */
    { "a\\^d1\\v7,b", "a\\v7,b" },                                          /* decoration */
};

ParameterizedTestParameters(print_wait, attributes_survive_a_wait)
{
    static int idx[sizeof attr_cases / sizeof attr_cases[0]];
    for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++) idx[i] = (int)i;
    return cr_make_param_array(int, idx, sizeof idx / sizeof idx[0]);
}

ParameterizedTest(int *ip, print_wait, attributes_survive_a_wait)
{
    int i = *ip;
    static uint8_t a[128 * 128 * 3], b[128 * 128 * 3];
    char code[512], out_a[256], out_b[256];
    /* cursor form, so the final cursor (x, y of the next print) is compared too */
    const char *fmt = "cls() cursor(10,20,7) r=print('%s') printh(r..' '..peek(0x5f26)..' '"
                      "..peek(0x5f27)) print('!')";
    snprintf(code, sizeof code, fmt, attr_cases[i][0]);
    final_screen(code, 40, a, out_a, sizeof out_a);
    snprintf(code, sizeof code, fmt, attr_cases[i][1]);
    final_screen(code, 40, b, out_b, sizeof out_b);
    cr_expect_str_eq(out_a, out_b, "case %d", i);
    cr_expect_neq(out_a[0], 0, "case %d did not finish", i);
    cr_expect_eq(memcmp(a, b, sizeof a), 0, "case %d: screens differ", i);
}

Test(print_wait, wait_really_stops_midway)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("cls() print('\\^wa\\^2b',0,0,7)", &cap);
    tick(m8);
    cr_expect_gt(lit(m8, 0, 0, 8, 6), 0);            /* wide a, before the wait */
    cr_expect_eq(lit(m8, 8, 0, 8, 6), 0);
    ticks(m8, 2);
    cr_expect_gt(lit(m8, 8, 0, 8, 6), 0);            /* wide b, still wide */
    cr_expect_eq(lit(m8, 16, 0, 8, 6), 0);
    mote8_destroy(m8);
}

Test(print_wait, coroutine_prints_all_at_once)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("cls()\n"
                      "co=cocreate(function() printh(print('\\^8a\\^d9b',0,0,7)) end)\n"
                      "printh(tostr(coresume(co))) printh(costatus(co))", &cap);
    tick(m8);
    cr_expect_str_eq(cap.text, "8\ntrue\ndead\n");
    cr_expect_gt(lit(m8, 0, 0, 4, 6), 0);
    cr_expect_gt(lit(m8, 4, 0, 4, 6), 0);
    cr_expect_eq(m8->machine->cost.frames, 1);                /* only the main loop's end of frame */
    mote8_destroy(m8);
}

Test(print_wait, c_callback_prints_all_at_once)
{
    m8t_capture cap;
    /* foreach calls back with lua_call: the main coroutine cannot yield there */
    mote8 *m8 = m8t_start("cls() foreach({1}, function() print('\\^8ab',0,0,7) end) printh('after')",
                      &cap);
    tick(m8);
    cr_expect_str_eq(cap.text, "after\n");
    cr_expect_gt(lit(m8, 4, 0, 4, 6), 0);
    mote8_destroy(m8);
}

Test(print_wait, metamethod_run_by_lua_code_waits_too)
{
    m8t_capture cap;
    /* Lua 5.4 yields across metamethods called by the VM (not by C): __index waits */
    mote8 *m8 = m8t_start("t=setmetatable({},{__index=function(t,k) print('\\^2'..k,0,0,7) "
                      "return 5 end}) printh(t.hi)", &cap);
    ticks(m8, 2);
    cr_expect_str_eq(cap.text, "");
    tick(m8);
    cr_expect_str_eq(cap.text, "5\n");
    mote8_destroy(m8);
}

static int print_calls;
static uint64_t print_cycles;

static void count_calls(struct mote8 *vm, lua_State *L, const m8_api_row *row, uint64_t cycles,
                        double units)
{
    (void)vm; (void)L; (void)units;
    if (strcmp(row->name, "print") == 0) {
        print_calls++;
        print_cycles += cycles;
    }
}

Test(print_wait, cost_is_charged_once)
{
    m8t_capture cap;
    /* "\^2ab" is 4 bytes, 2 of them drawn: 80 + 2*2 + 24*2 = 132 cycles, charged in the
     * frame print starts in */
    mote8 *m8 = m8t_start("print('\\^2ab',0,0) printh(stat(2)==0) print('x')", &cap);
    m8->call_observer = count_calls;
    print_calls = 0;
    print_cycles = 0;
    tick(m8);
    cr_expect_eq(m8->machine->cost.last.system, 132);
    ticks(m8, 2);
    /* the frame after the wait (closed by the main loop as the program ends): the waiting
     * print is not charged again when it returns */
    cr_expect_str_eq(cap.text, "true\n");
    cr_expect_eq(m8->machine->cost.last.system, 32 + 104);    /* stat, print('x') */
    cr_expect_eq(print_calls, 2);
    cr_expect_eq(print_cycles, 132 + 104);
    mote8_destroy(m8);
}

Test(print_wait, time_advances_during_waits)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("printh(time()) print('\\^4') printh(time()) print('\\^d3ab') "
                      "printh(time())", &cap);
    ticks(m8, 20);
    cr_expect_str_eq(cap.text, "0\n0.2667\n0.4667\n");   /* \^4 = 8, then 2*3 frames */
    mote8_destroy(m8);
}

Test(print_wait, wait_inside_draw_resumes_next_tick)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("n=0\n"
                      "function _update() n+=1 printh('u'..n) end\n"
                      "function _draw() cls() printh('d'..n) print('\\^2x',0,0,7) "
                      "printh('e'..n..' '..time()) end", &cap);
    tick(m8);                                        /* boot, _update, _draw up to the wait */
    cr_expect_str_eq(cap.text, "u1\nd1\n");
    cr_expect_eq(lit(m8, 0, 0, 4, 6), 0);
    tick(m8);
    cr_expect_str_eq(cap.text, "u1\nd1\n");          /* _update waits with _draw */
    cr_expect_eq(lit(m8, 0, 0, 4, 6), 0);
    tick(m8);                                        /* 2 frames waited: 2/30 s */
    cr_expect_str_eq(cap.text, "u1\nd1\ne1 0.0667\n");
    cr_expect_gt(lit(m8, 0, 0, 4, 6), 0);
    ticks(m8, 3);                                    /* + 1 update + 2 frames waited */
    cr_expect_str_eq(cap.text, "u1\nd1\ne1 0.0667\nu2\nd2\ne2 0.1667\n");
    cr_expect_eq(m8->machine->cost.halved, 0);
    cr_expect_eq(m8->machine->updates, 6);
    mote8_destroy(m8);
}

Test(print_wait, error_after_a_wait_names_the_line)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("print('\\^1')\nx=nil+1", &cap);
    mote8_tick(m8, NULL);
    int st = mote8_tick(m8, NULL);
    cr_expect_eq(st, MOTE8_ERROR);
    cr_expect(strstr(mote8_error(m8), "line 2") != NULL, "%s", mote8_error(m8));
    mote8_destroy(m8);
}
