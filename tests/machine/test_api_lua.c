/* test_api_lua.c - API values seen from cart code: each case runs a snippet in a fresh
 * machine and compares what it printh()s. Covers the math, table, string, memory, input and
 * system bindings of the foundation slice. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "vm_internal.h"

typedef struct lua_case {
    const char *code;
    const char *want;     /* printh output, lines joined with '\n' (final newline implied) */
} lua_case;

static const lua_case cases[] = {
    /* math */
    { "printh(flr(3.7)..' '..flr(-3.2)..' '..ceil(3.2)..' '..ceil(-3.7))", "3 -4 4 -3" },
    { "printh(abs(-2.5)..' '..sgn(0)..' '..sgn(-3)..' '..sgn(7))", "2.5 1 -1 1" },
    { "printh(min(3,1)..' '..max(3,1)..' '..min(5)..' '..max(-5))", "1 3 0 0" },
    { "printh(mid(1,5,3)..' '..mid(9,2,4)..' '..mid(3,3,1))", "3 4 3" },
    { "printh(sqrt(16)..' '..sqrt(-4)..' '..sqrt(2))", "4 0 1.4142" },
    { "printh(sin(0.25)..' '..sin(0.5)..' '..cos(0)..' '..cos(0.5))", "-1 0 1 -1" },
    { "printh(sin(-0.25)..' '..cos(-0.5)..' '..sin(-32768)..' '..cos(-32768)..' '..sin(32767.75))",
      "1 -1 0 1 1" },
    { "printh(tostr(sin(0.125),1)..' '..tostr(cos(0.125),1)..' '..tostr(sin(0x7fff.ffff),1))",
      "0xffff.4afb 0x0000.b505 0x0000.0006" },
    { "printh(sin('0.75')..' '..cos(true)..' '..sin()..' '..cos(nil)..' '..sqrt('16')..' '..sqrt(0x0.0001))",
      "1 1 0 1 4 0.0039" },
    /* a number off the 16.16 grid (a numeric string's double) keeps the formula on the double */
    { "printh(sin('0.1')==sin(0.1) and 'grid' or 'double')", "double" },
    { "printh(flr(-0.5)..' '..flr(5)..' '..flr('2.5')..' '..flr()..' '..flr(true)..' '..flr(-0x0.0001)..' '..flr(0x7fff.ffff))",
      "-1 5 2 0 1 -1 32767" },
    { "printh(atan2(1,0)..' '..atan2(0,-1)..' '..atan2(-1,0)..' '..atan2(0,1)..' '..atan2(0,0))",
      "0 0.25 0.5 0.75 0.75" },
    { "printh(band(0.5,0.75)..' '..bor(1,2)..' '..bxor(3,5)..' '..shl(1,4)..' '..shr(-8,1))",
      "0.5 3 6 16 -4" },
    { "printh(lshr(0x8000,16)==0x0.8 and 'ok' or 'no')", "ok" },
    { "printh(rotl(0x0.0001,16)..' '..rotr(1,17))", "1 -32768" },
    { "srand(5) a=rnd(10) srand(5) b=rnd(10) printh(tostr(a==b and a>=0 and a<10))", "true" },
    { "printh(rnd({})==nil and 'nil' or 'x') printh(rnd({7}))", "nil\n7" },
    { "srand(1) ok=true for i=1,200 do local r=rnd() if r<0 or r>=1 then ok=false end end printh(tostr(ok))",
      "true" },
    { "printh(abs(-32768)==-32768 and 'same' or 'flipped')", "same" },
    /* tables */
    { "s='' for i,v in inext,{5,6} do s=s..i..v end printh(s..' '..tostr(inext({7},1)))", "1526 [nil]" },
    { "t={1,2,3} add(t,4) add(t,0,1) printh(#t..':'..t[1]..t[2]..t[5])", "5:014" },
    { "t={1,2,3,2} printh(del(t,2)..' '..#t..' '..t[2]..t[3])", "2 3 32" },
    { "t={5,6,7} printh(deli(t)..' '..deli(t,1)..' '..#t..' '..t[1])", "7 5 1 6" },
    { "printh(count({1,2,nil,4})..' '..count({1,2,1,1},1))", "3 3" },
    { "t={1,2,3,4,5} s='' for v in all(t) do s=s..v if v==2 then del(t,v) end end printh(s..' '..#t)",
      "12345 4" },
    { "t={10,20,30} s=0 foreach(t,function(v) s+=v end) printh(s)", "60" },
    { "t={} for i=1,3 do add(t,i) end for v in all(t) do del(t,v) end printh(#t)", "0" },
    /* strings */
    { "printh(sub('hello',2,4)..' '..sub('hello',-3)..' '..sub('hello',2,'x'))", "ell llo e" },
    { "printh(chr(104,105)..' '..ord('abc',2)..' '..#chr(256+65))", "hi 98 1" },
    { "a,b,c=ord('xyz',1,3) printh(a..b..c) printh(tostr(ord('x',5)))", "120121122\n[nil]" },
    { "t=split('1,2,a,,3') printh(#t..' '..t[1]+t[2]..' '..t[3]..' ['..t[4]..']')", "5 3 a []" },
    { "t=split('abcdef',2) printh(#t..t[3]) t=split('1 2',' ',false) printh(type(t[1]))",
      "3ef\nstring" },
    { "printh(sub(12345,2,3))", "23" },
    /* memory */
    { "poke(0x4300,1,2,3) printh(peek(0x4300)..peek(0x4301)..peek(0x4302))", "123" },
    { "poke2(0x4300,-2) printh(peek2(0x4300)..' '..peek(0x4300))", "-2 254" },
    { "poke4(0x4300,1.5) printh(peek4(0x4300)..' '..peek2(0x4302)..' '..peek2(0x4300))",
      "1.5 1 -32768" },
    { "a,b=peek(0x4300,2) printh(a..b)", "00" },
    { "memset(0x4300,7,4) memcpy(0x4302,0x4300,4) printh(peek(0x4305)..peek(0x4306))", "70" },
    { "poke(0x4300,1,2,3,4) memcpy(0x4301,0x4300,3) printh(peek(0x4301)..peek(0x4302)..peek(0x4303))",
      "123" },
    { "poke(0x0,9) reload(0x4300,0,1) printh(peek(0x4300)) poke(0,5) reload() printh(peek(0))",
      "0\n0" },
    { "poke(0xffff,3,4) printh(peek(0)..' '..peek(0xffff))", "4 3" },
    /* system */
    { "printh(stat(7)..' '..type(stat(0)))", "30 number" },
    { "printh(time())", "0" },
    { "x=cocreate(function() yield(1) end) a,b=coresume(x) printh(tostr(a)..b..costatus(x))",
      "true1suspended" },
    { "t=pack(1,2,3) printh(t.n..select('#',unpack(t)))", "33" },
};

/* Criterion starts each test instance as a new process, so parameters are indices into
 * `cases` (pointers to string literals would not survive). */
ParameterizedTestParameters(api_lua, snippet)
{
    static int index[sizeof cases / sizeof cases[0]];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) index[i] = (int)i;
    return cr_make_param_array(int, index, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(int *i, api_lua, snippet)
{
    const lua_case *c = &cases[*i];
    char path[128], printed[8192], err[4096], want[1024];
    snprintf(path, sizeof path, "/tmp/m8t_api_%d.p8", (int)getpid());
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s\n", c->code);
    fclose(f);
    int status = m8t_run_cart(path, 1, NULL, printed, sizeof printed, err, sizeof err);
    cr_assert_neq(status, MOTE8_ERROR, "%s\n%s", c->code, err);
    snprintf(want, sizeof want, "%s\n", c->want);
    cr_expect_str_eq(printed, want, "%s", c->code);
    unlink(path);
}

Test(api_lua, cursor_sets_home_and_returns_previous)
{
    const char *path = "/tmp/m8t_cursor.p8";
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
          "cursor(10,20,9) a,b,c=cursor(3,4) printh(a..','..b..','..c)\n"
          "print('x') printh(peek(0x5f26)..','..peek(0x5f27)..','..peek(0x5f24))\n", f);
    fclose(f);
    char printed[1024], err[1024];
    int status = m8t_run_cart(path, 1, NULL, printed, sizeof printed, err, sizeof err);
    cr_assert_neq(status, MOTE8_ERROR, "%s", err);
    cr_expect_str_eq(printed, "10,20,9\n3,10,3\n");
}

/* The first error that ended a coroutine is kept for the host (mote8_coroutine_error), also
 * when the cart drops it; resuming a dead coroutine, a coroutine's clean end and stop()
 * inside one are not such errors. */
Test(api_lua, a_coroutine_error_the_cart_drops_is_kept_for_the_host)
{
    mote8 *m8 = m8t_start("c=cocreate(function() yield() end)\n"
                          "d=cocreate(function() local o=nil o.x=1 end)\n"
                          "e=cocreate(function() error('second') end)\n"
                          "function _update() coresume(c) if t()>0.1 then coresume(d) coresume(e) end end\n",
                          NULL);
    for (int i = 0; i < 3; i++) cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_eq(mote8_coroutine_error(m8), NULL, "a finished or dead coroutine is no error: %s",
                 mote8_coroutine_error(m8));
    for (int i = 0; i < 3; i++) cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_assert(mote8_coroutine_error(m8) != NULL);
    cr_expect_str_eq(mote8_coroutine_error(m8),
                     "tab 0, line 2: attempt to index a nil value (local 'o')");
    mote8_destroy(m8);

    m8 = m8t_start("c=cocreate(function() stop() end)\nfunction _update() coresume(c) end\n", NULL);
    mote8_tick(m8, NULL);
    mote8_tick(m8, NULL);
    cr_expect_eq(m8->status, MOTE8_STOPPED);
    cr_expect_eq(mote8_coroutine_error(m8), NULL, "%s", mote8_coroutine_error(m8));
    mote8_destroy(m8);
}
