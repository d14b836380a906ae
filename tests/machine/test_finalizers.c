/* test_finalizers.c - a cart's __gc metamethods (api/api_sandbox.c, m8_vm_run_finalizer):
 * they run once, with the Lua semantics of when a table is finalizable, as counted cart
 * code; an error, a yield, an endless loop or a memory bomb in one stops the cart with a
 * message, and a machine destroyed with finalizers pending runs none of them. */
#include <criterion/criterion.h>
#include <string.h>
#include "m8_test_util.h"
#include "vm_internal.h"

/* garbage enough for several collections per tick */
#define CHURN "function _update() local g={} for i=1,2000 do g[i]={i} end end\n"

static void ticks(mote8 *m8, int n)
{
    for (int i = 0; i < n && mote8_tick(m8, NULL) == MOTE8_RUNNING; i++) {}
}

static const char *last_line(const m8t_capture *cap)
{
    const char *end = cap->text + cap->len;
    if (end > cap->text && end[-1] == '\n') end--;
    const char *p = end;
    while (p > cap->text && p[-1] != '\n') p--;
    static char line[256];
    snprintf(line, sizeof line, "%.*s", (int)(end - p), p);
    return line;
}

Test(finalizers, run_once_as_lua_decides)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start(
        "n=0\n"
        "for i=1,5 do setmetatable({id=i},{__gc=function(o) n+=o.id end}) end\n"
        "keep=setmetatable({},{__gc=function() n+=100 end})\n"     /* reachable: not yet */
        "mt={} setmetatable({},mt) mt.__gc=function() n+=1000 end\n" /* __gc came too late */
        "back=nil setmetatable({},{__gc=function(o) back=o n+=10000 end})\n" /* resurrects */
        CHURN
        "function _draw() printh(n) end\n", &cap);
    ticks(m8, 60);
    cr_assert_eq(m8->status, MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_str_eq(last_line(&cap), "10015");
    mote8_destroy(m8);
}

Test(finalizers, their_instructions_are_counted)
{
    /* the same cart with a finalizer that loops 20000 times, and without it */
    const char *with =
        "setmetatable({},{__gc=function() local s=0 for i=1,20000 do s+=1 end done=1 end})\n"
        CHURN;
    const char *without =
        "setmetatable({},{__gc=function() done=1 end})\n" CHURN;
    uint64_t counts[2];
    for (int k = 0; k < 2; k++) {
        mote8 *m8 = m8t_start(k ? without : with, NULL);
        ticks(m8, 60);
        cr_assert_eq(m8->status, MOTE8_RUNNING, "%s", mote8_error(m8));
        counts[k] = m8->lua_count;   /* cycles (counting VM) or instructions (hook) */
        mote8_destroy(m8);
    }
#ifdef M8_COUNTING_VM
    /* cycles: at least a FORLOOP (1) and an ADDI (2) per iteration */
    cr_expect_geq(counts[0] - counts[1], 3 * 20000, "with %llu, without %llu",
                  (unsigned long long)counts[0], (unsigned long long)counts[1]);
#else
    cr_expect_geq(counts[0] - counts[1], 2 * 20000, "with %llu, without %llu",
                  (unsigned long long)counts[0], (unsigned long long)counts[1]);
#endif
}

Test(finalizers, an_error_stops_the_cart_with_its_line)
{
    mote8 *m8 = m8t_start("setmetatable({},{__gc=function() local o=nil o.boom=1 end})\n" CHURN, NULL);
    ticks(m8, 60);
    cr_assert_eq(m8->status, MOTE8_ERROR);
    cr_expect(strstr(mote8_error(m8), "attempt to index a nil value (local 'o') (in a __gc metamethod)") != NULL, "%s", mote8_error(m8));
    cr_expect(strstr(mote8_error(m8), "tab 0, line 1") != NULL, "%s", mote8_error(m8));
    mote8_destroy(m8);
}

Test(finalizers, an_endless_loop_ends_with_an_error, .timeout = 60)
{
    mote8 *m8 = m8t_start("setmetatable({},{__gc=function() while true do end end})\n" CHURN, NULL);
    ticks(m8, 60);
    cr_assert_eq(m8->status, MOTE8_ERROR);
    cr_expect(strstr(mote8_error(m8), "endless loop") != NULL, "%s", mote8_error(m8));
    mote8_destroy(m8);
}

Test(finalizers, none_runs_when_the_machine_is_destroyed, .timeout = 60)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("t=setmetatable({},{__gc=function() printh('late') while true do end end})\n"
                          "function _update() end\n", &cap);
    ticks(m8, 3);
    mote8_destroy(m8);
    cr_expect_eq(strstr(cap.text, "late"), NULL);
}

Test(finalizers, a_yield_is_an_error_as_in_lua_5_2)
{
    mote8 *m8 = m8t_start("setmetatable({},{__gc=function() yield() end})\n" CHURN, NULL);
    ticks(m8, 60);
    cr_assert_eq(m8->status, MOTE8_ERROR);
    cr_expect(strstr(mote8_error(m8), "attempt to yield from a __gc metamethod") != NULL, "%s",
              mote8_error(m8));
    cr_expect(strstr(mote8_error(m8), "tab 0, line 1") != NULL, "%s", mote8_error(m8));
    mote8_destroy(m8);
}

Test(finalizers, a_memory_bomb_ends_with_a_message, .timeout = 60)
{
    mote8 *m8 = m8t_start("setmetatable({},{__gc=function() local t={} while true do add(t,{1,2,3}) end end})\n"
                          CHURN, NULL);
    ticks(m8, 60);
    cr_assert_eq(m8->status, MOTE8_ERROR);
    cr_expect(strstr(mote8_error(m8), "not enough memory (in a __gc metamethod)") != NULL, "%s",
              mote8_error(m8));
    mote8_destroy(m8);
}

Test(finalizers, a_finalizer_can_arm_its_table_again)
{
    /* Lua: setmetatable(o, mt) with a __gc inside a finalizer makes o finalizable anew */
    m8t_capture cap;
    mote8 *m8 = m8t_start(
        "n=0 again={__gc=function() n+=10 end}\n"
        "setmetatable({},{__gc=function(o) n+=1 setmetatable(o,again) end})\n"
        CHURN
        "function _draw() printh(n) end\n", &cap);
    ticks(m8, 60);
    cr_assert_eq(m8->status, MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_str_eq(last_line(&cap), "11");
    mote8_destroy(m8);
}

/* The Lua heap of a cart that makes 200 finalizable tables a tick and keeps none stays
 * flat over 20000 ticks (a leak grew it to the 32 MiB limit near tick 5000): the largest
 * heap of the last 1000 ticks is within 1.5 times that of ticks 1000-2000. */
static void heap_stays_flat(const char *make_one)
{
    char code[1024];
    snprintf(code, sizeof code,
             "n=0 mt={__gc=function(o) n+=1 end}\n"
             "function _update() for i=1,200 do %s end end\n"
             "function _draw() if n>0 and not told then told=1 printh('ran') end end\n",
             make_one);
    m8t_capture cap;
    mote8 *m8 = m8t_start(code, &cap);
    size_t early = 0, late = 0;
    for (int i = 0; i < 20000; i++) {
        cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "tick %d: %s", i, mote8_error(m8));
        size_t used = m8->mem_used;
        if (i >= 1000 && i < 2000 && used > early) early = used;
        if (i >= 19000 && used > late) late = used;
    }
    cr_expect_str_eq(cap.text, "ran\n", "%s: no finalizer ran", make_one);
    cr_expect_leq(late, early + early / 2, "%s: heap %zu bytes at ticks 1000-2000, %zu at the end",
                  make_one, early, late);
    mote8_destroy(m8);
}

Test(finalizers, the_heap_stays_flat_over_20000_ticks, .timeout = 300)
{
    heap_stays_flat("setmetatable({i},mt)");                           /* shared metatable */
    heap_stays_flat("setmetatable({},{__gc=function(o) n+=1 end})");   /* one each */
    heap_stays_flat("local t={} t.__gc=mt.__gc setmetatable(t,t)");   /* its own metatable */
    heap_stays_flat("local a={} local b=setmetatable({a=a},mt) a.b=b setmetatable(a,mt)"); /* a cycle */
    heap_stays_flat("setmetatable({},{__gc=function(o) n+=1 setmetatable(o,mt) end})"); /* armed again */
}
