/* test_cost.c - the cost model: the pacer of runtime/core/cost.c driven by hand, and carts
 * run through the embedding API checking frame halving (exact _update/_draw sequences at
 * 30 and 60 fps, recovery), exact per-instruction Lua counting, determinism of stat(1),
 * and that endless loops are still cut into slices. The per-rule calibration carts are
 * tests/carts/cost_*.p8 (run by the conformance suite).
 * Depends on: Criterion, api/mote8.h, api/vm_internal.h, runtime/core/cost.h. */
#include <criterion/criterion.h>
#include "m8_test_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cost.h"
#include "mote8.h"
#include "vm_internal.h"

/* ---------------------------------------------------------------- cost.c alone --- */

/* One tick: `update` and `draw` system cycles, as the bios reports them. Returns drew. */
static int tick(m8_cost *c, uint64_t update, uint64_t draw)
{
    m8_cost_tick_begin(c);
    m8_cost_charge_system(c, update);
    int drew = m8_cost_want_draw(c);
    if (drew) m8_cost_charge_system(c, draw);
    m8_cost_frame_end(c);
    m8_cost_tick_end(c, c->frame_done);
    return drew;
}

Test(cost, budgets_of_the_8mhz_cpu)
{
    m8_cost c;
    m8_cost_init(&c, 30);
    cr_expect_eq(c.budget, 279620);
    m8_cost_set_fps(&c, 60);
    cr_expect_eq(c.budget, 139810);
}

Test(cost, pacer_halves_and_recovers)
{
    m8_cost c;
    m8_cost_init(&c, 30);
    cr_expect(tick(&c, 1000, 1000));                 /* fits: full rate */
    cr_expect_eq(c.last.dropped, 0);
    cr_expect(tick(&c, 200000, 100000));            /* over: this frame is shown... */
    cr_expect_eq(c.halved, 1);                       /* ...and the next one halved */
    cr_expect_not(tick(&c, 200000, 0));              /* update only */
    cr_expect(tick(&c, 200000, 100000));             /* update + draw */
    cr_expect_eq(c.last.updates, 2);
    cr_expect_eq(c.last.dropped, 1);
    cr_expect_eq(c.last.system, 500000);
    cr_expect_not(tick(&c, 1000, 0));
    cr_expect(tick(&c, 1000, 1000));                 /* still a halved frame; 2000 fits */
    cr_expect_eq(c.last.dropped, 1);
    cr_expect_eq(c.halved, 0);
    cr_expect(tick(&c, 1000, 1000));
    cr_expect_eq(c.last.dropped, 0);
    cr_expect_eq(c.frames, 5);
    cr_expect_eq(c.dropped_frames, 2);
}

Test(cost, exactly_the_budget_fits)
{
    m8_cost c;
    m8_cost_init(&c, 30);
    tick(&c, 279620 - 100, 100);
    cr_expect_eq(c.halved, 0);
    tick(&c, 279620 - 100, 101);
    cr_expect_eq(c.halved, 1);
}

Test(cost, stat_is_the_frame_so_far)
{
    m8_cost c;
    m8_cost_init(&c, 30);
    m8_cost_tick_begin(&c);
    m8_cost_charge_system(&c, 27962);
    m8_cost_charge_lua(&c, 27962);
    cr_expect_eq(m8_cost_stat_system(&c), 0.1);
    cr_expect_eq(m8_cost_stat_total(&c), 0.2);
}

/* ---------------------------------------------------------------- carts --- */


/* Each _update prints u, each _draw d (on the same line as its tick's u). */
#define TRACE "s='' function _draw() s=s..'d' end "

static const char *sequence(mote8 *m8, int ticks, char *out)
{
    out[0] = 0;
    for (int i = 0; i < ticks; i++) {
        cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
        strcat(out, m8->machine->cost.tick.drew ? "ud " : "u ");
    }
    return out;
}

Test(cost, over_budget_30fps_runs_at_15_with_two_updates_per_draw)
{
    m8t_capture cap;
    /* 150 cls = 307200 system cycles per _update: over 279620 */
    mote8 *m8 = m8t_start("u,d=0,0\n"
                      "function _update() u+=1 for i=1,150 do cls() end end\n"
                      "function _draw() d+=1 printh(u..' '..d..' '..flr(stat(1))) end\n", &cap);
    char seq[512];
    sequence(m8, 11, seq);
    cr_expect_str_eq(seq, "ud u ud u ud u ud u ud u ud ");
    /* exact counts at each draw: 11 updates, 6 draws; stat(1) > 1 in halved frames */
    cr_expect_str_eq(cap.text, "1 1 1\n3 2 2\n5 3 2\n7 4 2\n9 5 2\n11 6 2\n");
    cr_expect_eq(m8->machine->cost.frames, 6);
    cr_expect_eq(m8->machine->cost.dropped_frames, 5);
    cr_expect_eq(m8->machine->updates, 11);
    mote8_destroy(m8);
}

Test(cost, over_budget_60fps_falls_to_30)
{
    m8t_capture cap;
    /* 70 cls = 143360 > 139810 */
    mote8 *m8 = m8t_start("u,d=0,0\n"
                      "function _update60() u+=1 for i=1,70 do cls() end end\n"
                      "function _draw() d+=1 printh(u..' '..d) end\n", &cap);
    char seq[512];
    sequence(m8, 7, seq);
    cr_expect_str_eq(seq, "ud u ud u ud u ud ");
    cr_expect_str_eq(cap.text, "1 1\n3 2\n5 3\n7 4\n");
    cr_expect_eq(m8->machine->cost.budget, 139810);
    mote8_destroy(m8);
}

Test(cost, pacing_recovers_when_the_work_drops)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("u=0\n"
                      "function _update() u+=1 if u<=5 then for i=1,150 do cls() end end end\n"
                      "function _draw() end\n", &cap);
    char seq[512];
    sequence(m8, 10, seq);
    cr_expect_str_eq(seq, "ud u ud u ud u ud ud ud ud ");
    mote8_destroy(m8);
}

Test(cost, draw_heavy_cart_is_halved_too)
{
    mote8 *m8 = m8t_start("function _update() end\n"
                      "function _draw() for i=1,150 do cls() end end\n", NULL);
    char seq[512];
    sequence(m8, 5, seq);
    cr_expect_str_eq(seq, "ud u ud u ud ");
    mote8_destroy(m8);
}

Test(cost, frame_record_splits_lua_and_system)
{
    mote8 *m8 = m8t_start("function _update() cls() end\n"
                      "function _draw() spr(0,0,0,2,2) end\n", NULL);
    m8t_run_ticks(m8, 3);
    cr_expect_eq(m8->machine->cost.last.system, 2048 + 512);
    cr_expect_eq(m8->machine->cost.tick.update_system, 2048);
    cr_expect_eq(m8->machine->cost.tick.draw_system, 512);
    cr_expect_gt(m8->machine->cost.last.lua, 0);
    cr_expect_eq(m8->machine->cost.last.lua, m8->machine->cost.tick.update_lua + m8->machine->cost.tick.draw_lua);
    mote8_destroy(m8);
}

Test(cost, lua_count_is_exact_per_instruction)
{
    /* a numeric for loop costs one FORLOOP instruction per extra iteration, and a
     * multiplication one MULK more: 1 and 2 cycles (api/lua_weights.c); the count hook
     * charges the mean weight per instruction instead */
    m8t_capture cap;
    mote8 *m8 = m8t_start("function f(n) local a=stat(200) for i=1,n do end local b=stat(200) return b-a end\n"
                          "function g(n) local a,x=stat(200) for i=1,n do x=i*3 end local b=stat(200) return b-a end\n"
                          "function _draw() printh(tostr(f(2000)-f(1000))..' '..tostr(g(2000)-g(1000))) end\n", &cap);
    m8t_run_ticks(m8, 2);
#ifdef M8_COUNTING_VM
    cr_expect_str_eq(cap.text, "1000 3000\n1000 3000\n");
#else
    int a = 0, b = 0;
    cr_assert_eq(sscanf(cap.text, "%d %d", &a, &b), 2, "%s", cap.text);
    cr_expect(a >= 1666 && a <= 1667, "%d: 1000 instructions at the mean weight 5/3", a);
    cr_expect(b >= 3333 && b <= 3334, "%d: 2000 instructions at the mean weight 5/3", b);
#endif
    mote8_destroy(m8);
}

Test(cost, dialect_operators_cost_their_pico8_instruction)
{
    /* a helper call (fetch 1, two operand moves 2, CALL 2, then the move of its result into
     * x 1: 6 cycles) stands for one PICO-8 instruction: the call gives back what it weighs
     * beyond the fetch, CALL and one load (4) and charges the operator: & 0, / 2 (as DIVK),
     * x^n 16, x^y 32 (p8_runtime.h); per 500 iterations: 2+0, 2+2, 2+16, 2+32 */
    m8t_capture cap;
    mote8 *m8 = m8t_start("function f(n,op) local a,b,x=stat(200),3\n"
                          " if op==1 then for i=1,n do x=i&b end\n"
                          " elseif op==2 then for i=1,n do x=i/b end\n"
                          " elseif op==3 then for i=1,n do x=i^b end\n"
                          " elseif op==4 then for i=1,n do x=i^.5 end\n"
                          " else for i=1,n do end end\n"
                          " return stat(200)-a end\n"
                          "function d(op) return f(1000,op)-f(500,op)-(f(1000,0)-f(500,0)) end\n"
                          "function _draw() printh(d(1)..' '..d(2)..' '..d(3)..' '..d(4)) end\n",
                          &cap);
    m8t_run_ticks(m8, 2);
#ifdef M8_COUNTING_VM
    cr_expect(strncmp(cap.text, "1000 2000 9000 17000\n", 21) == 0, "%s", cap.text);
#else
    cr_expect(strlen(cap.text) > 0);
#endif
    mote8_destroy(m8);
}

Test(cost, init_cost_is_kept_apart_from_the_first_frame)
{
    mote8 *m8 = m8t_start("function _init() for i=1,10 do cls() end end\n"
                      "function _draw() end\n", NULL);
    m8t_run_ticks(m8, 1);
    cr_expect_eq(m8->machine->cost.boot_system, 20480);
    cr_expect_eq(m8->machine->cost.last.system, 0);
    cr_expect_eq(m8->machine->cost.last.dropped, 0);
    mote8_destroy(m8);
}

Test(cost, flip_loops_count_each_flip_as_a_frame)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("for i=1,3 do cls() flip() end printh('done')\n", &cap);
    m8t_run_ticks(m8, 3);
    cr_expect_eq(m8->machine->cost.frames, 3);
    cr_expect_eq(m8->machine->cost.last.system, 2048);
    mote8_destroy(m8);
}

Test(cost, stat1_sequence_is_deterministic)
{
    m8t_capture a, b;
    const char *code = "t={} function _update() for i=1,rnd(3000) do t[i%7]=i end end\n"
                       "function _draw() printh(tostr(stat(1),true)) end\n";
    mote8 *m1 = m8t_start(code, &a);
    m8t_run_ticks(m1, 40);
    mote8 *m2 = m8t_start(code, &b);
    m8t_run_ticks(m2, 40);
    cr_expect_str_eq(a.text, b.text);
    cr_expect_gt(a.len, 40 * 5);
    mote8_destroy(m1);
    mote8_destroy(m2);
}

Test(cost, endless_loop_is_cut_into_slices_and_frames_continue)
{
    mote8 *m8 = m8t_start("n=0 function _update() n+=1 if n==2 then while true do end end end\n"
                      "function _draw() end\n", NULL);
    m8t_run_ticks(m8, 4);   /* must return: each tick runs one slice of the endless loop */
    cr_expect_eq(m8->machine->cost.tick.completed, 0);
    cr_expect_gt(m8->machine->cost.lua_cycles, 3 * 279620);
    mote8_destroy(m8);
}

/* flip() inside _draw shows a frame; the rest of that _draw, run in the next tick, ends a
 * displayed frame of its own instead of leaking into the frame after it. */
Test(cost, flip_inside_draw_closes_the_remainder_as_its_own_frame)
{
    mote8 *m8 = m8t_start("function _update() end\n"
                          "function _draw() cls() flip() for i=1,1000 do end end\n", NULL);
    m8_vm *vm = (m8_vm *)m8;
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);    /* _update, cls, flip */
    cr_expect_eq(vm->machine->cost.frames, 1);
    cr_expect_geq(vm->machine->cost.last.system, 2048, "the first frame holds cls");
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);    /* the loop, end of _draw */
    cr_expect_eq(vm->machine->cost.frames, 2);
    cr_expect_eq(vm->machine->cost.last.system, 0, "the remainder frame has no cls");
    cr_expect_geq(vm->machine->cost.last.lua, 1000, "the loop is counted in the remainder frame");
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);    /* a whole new _update/_draw */
    cr_expect_eq(vm->machine->cost.frames, 3);
    cr_expect_lt(vm->machine->cost.last.lua, 1000, "the next frame does not inherit the loop");
    mote8_destroy(m8);
}

/* ---------------------------------------------------- work that grows with input --- */

/* Issue 21: calls whose host work grows with their input are charged by it (api_table.h),
 * so a loop of them on long tables or strings cannot hold the host on cheap cycles. Each
 * case's cycles (stat(200): Lua and system) on a long input exceed those on a short one by
 * at least `more`. */
Test(cost, linear_calls_are_charged_by_their_work)
{
    static const struct { const char *call; long more; } cases[] = {
        { "add(T,0,1)", 990 },            /* 1 per element moved */
        { "del(T,-1)", 990 },             /* 1 per element (not found: all compared) */
        { "deli(T,1)", 990 },
        { "count(T)", 990 },
        { "foreach(T,f)", 990 },          /* 1 per slot, f's own Lua besides */
        { "unpack(T)", 495 },             /* 1 per 2 values */
        { "sub(S,1)", 990 + 30 },         /* 1 per character copied, 1 per 32 of S */
        { "sub(S,1,1)", 30 },
        { "split(S,'x')", 990 },          /* 1 per character */
        { "tostr(S)", 990 },
        { "ord(S,1,N)", 990 },
        { "chr(unpack(T))", 990 },        /* chr's 1000 arguments (and unpack's charge) */
        { "map(0,0,0,0,N,64)", 7000 },    /* 1 per empty cell of the map covered */
        { "local x=S..S", 1980 },         /* 1 per byte of the result */
        { "local x=S[2]", 30 },           /* as sub(S,2,2): 1 per 32 characters of S */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long cycles[2];
        for (int big = 0; big < 2; big++) {
            char code[2048];
            int n = big ? 1000 : 10;
            char s[1100];                   /* S: n characters */
            memset(s, 'a', (size_t)n);
            s[n] = 0;
            snprintf(code, sizeof code,
                     "N=%d T={} for i=1,N do T[i]=65 end S=\"%s\" f=function() end\n"
                     "function _draw() local a=stat(200) %s printh(stat(200)-a) stop() end\n",
                     n, s, cases[i].call);
            m8t_capture cap;
            mote8 *m8 = m8t_start(code, &cap);
            for (int t = 0; t < 3 && mote8_tick(m8, NULL) == MOTE8_RUNNING; t++) {}
            cr_assert_neq(m8->status, MOTE8_ERROR, "%s: %s", cases[i].call, mote8_error(m8));
            cycles[big] = atol(cap.text);
            mote8_destroy(m8);
        }
        cr_expect_geq(cycles[1] - cycles[0], cases[i].more, "%s: %ld cycles on 10, %ld on 1000",
                      cases[i].call, cycles[0], cycles[1]);
    }
}
