/* test_global_hints.c - Criterion suite "global_hints": the look-up hints of the patched VM
 * (tools/lua5.4-p8globals.patch: GETTABUP, SETTABUP, GETFIELD and SETFIELD remember where
 * in a table's node array their key was found) never give a stale value. Carts reassign
 * API names that the dialect leaves global (abs, sgn, sqrt: not among the builtins copied
 * into chunk locals) and cart globals between frames and inside a loop, write them through
 * rawset and computed _ENV keys, make the globals table grow, shrink and grow again while
 * the same instructions read, put __index/__newindex on _ENV after a global was set to nil,
 * run one instruction on several environments (`function f(_ENV)`), read globals from a
 * coroutine while the main code changes them, and read and write fields of 300 tables of
 * random shapes through the same instructions, checked against rawget by computed key.
 * Every expected line is what plain Lua semantics give (the build before the patch prints
 * the same; docs/speed.md).
 * Depends on: m8_test_util.h (m8t_start, m8t_run_ticks, printh capture), Criterion. */
#include <criterion/criterion.h>
#include "m8_test_util.h"

/* Run `code` for `ticks` ticks and expect its printh output to be `want`. */
static void expect_printed(const char *code, int ticks, const char *want)
{
    static m8t_capture cap;
    mote8 *m8 = m8t_start(code, &cap);
    m8t_run_ticks(m8, ticks);
    cr_expect_str_eq(cap.text, want);
    mote8_destroy(m8);
}

/* API names and a cart global reassigned inside a loop and between frames, by assignment,
 * rawset, _ENV.name, a computed _ENV key, and set to nil then assigned again. */
Test(global_hints, api_names_and_globals_reassigned_within_and_between_frames)
{
    expect_printed(
        "n=0 g='a'\n"
        "function _update()\n"
        " n+=1\n"
        " if (n>5) return\n"
        " local s=''\n"
        " for i=1,6 do\n"
        "  s=s..abs(-i)..tostr(g)\n"
        "  if i==3 and n==1 then abs=function(x) return 'f' end g='b' end\n"
        " end\n"
        " s=s..' '..sgn(-1)..' '..sqrt(16)\n"
        " printh(n..':'..s)\n"
        " if n==1 then sgn=function() return 7 end g='c'\n"
        " elseif n==2 then rawset(_ENV,'sgn',function() return 9 end) rawset(_ENV,'g','d')\n"
        " elseif n==3 then _ENV.g='e' _ENV['sq'..'rt']=function() return 'k' end\n"
        " elseif n==4 then local e=_ENV e.sgn=nil g=nil sgn=function() return 3 end end\n"
        "end\n",
        14,
        "1:1a2a3afbfbfb -1 4\n"
        "2:fcfcfcfcfcfc 7 4\n"
        "3:fdfdfdfdfdfd 9 4\n"
        "4:fefefefefefe 9 k\n"
        "5:f[nil]f[nil]f[nil]f[nil]f[nil]f[nil] 3 k\n");
}

/* 3000 new globals (the node array grows several times), all deleted, 40 rawset: the same
 * instructions read and write g and read sgn at every step. */
Test(global_hints, globals_table_rehashes_under_the_same_instructions)
{
    expect_printed(
        "g=1 bad=0\n"
        "for i=1,3000 do\n"
        " _ENV['v'..i]=i\n"
        " if g~=i or sgn(-i)~=-1 then bad+=1 end\n"
        " g=i+1\n"
        "end\n"
        "for i=1,3000 do\n"
        " _ENV['v'..i]=nil\n"
        " if g~=3000+i then bad+=1 end\n"
        " g+=1\n"
        "end\n"
        "for i=1,40 do\n"
        " rawset(_ENV,'w'..i,i)\n"
        " if g~=6000+i then bad+=1 end\n"
        " g+=1\n"
        "end\n"
        "printh('rehash '..bad..' '..g..' '..tostr(v1)..' '..w40)\n",
        1, "rehash 0 6041 [nil] 40\n");
}

/* A global set to nil keeps its node: with __index and __newindex on _ENV the hinted
 * instructions must still go through the metamethods (and not once the value is set). */
Test(global_hints, metatable_on_env_after_a_global_was_set_to_nil)
{
    expect_printed(
        "function geth() return h end\n"
        "function seth(v) h=v end\n"
        "h=5\n"
        "local s=geth()\n"
        "seth(nil)\n"
        "s=s..' '..tostr(geth())\n"
        "setmetatable(_ENV,{__index=function(t,k) return 'mt:'..k end,"
        "__newindex=function(t,k,v) rawset(t,k,v*2) end})\n"
        "s=s..' '..geth()..' '..tostr(q)\n"
        "seth(4) s=s..' '..geth()\n"
        "seth(3) s=s..' '..geth()\n"
        "setmetatable(_ENV,nil)\n"
        "printh('meta '..s)\n",
        1, "meta 5 [nil] mt:h mt:q 8 3\n");
}

/* One instruction, several environments: the key sits at other nodes, is missing, or comes
 * through __index. */
Test(global_hints, one_instruction_on_several_environments)
{
    expect_printed(
        "function getg(_ENV) return g end\n"
        "local envs={{g=1},{a=0,b=0,g=2},setmetatable({},{__index={g=3}}),{},"
        "{g=5,x=1,y=2,z=3,w=4}}\n"
        "s=''\n"
        "for r=1,3 do for e in all(envs) do s=s..tostr(getg(e))..',' end end\n"
        "printh('env '..s)\n",
        1, "env 1,2,3,[nil],5,1,2,3,[nil],5,1,2,3,[nil],5,\n");
}

/* A coroutine reads a global and an API name that the main code changes between resumes. */
Test(global_hints, coroutine_sees_current_globals)
{
    expect_printed(
        "c=1\n"
        "co=cocreate(function() while true do yield(c..sgn(-2)) end end)\n"
        "s=''\n"
        "for i=1,4 do\n"
        " local ok,v=coresume(co) s=s..v..' '\n"
        " c+=1\n"
        " if i==2 then sgn=function() return 'x' end end\n"
        "end\n"
        "printh('co '..s)\n",
        1, "co 1-1 2-1 3x 4x \n");
}

/* GETFIELD/SETFIELD on 300 tables of random keys, insertion orders and deletions, through
 * the same instructions, against rawget by computed key; then fields written through them. */
Test(global_hints, fields_of_tables_of_many_shapes)
{
    expect_printed(
        "names=split('a,b,c,d,e,f,g,h,i,j,k,l')\n"
        "function geta(t) return t.a end function getb(t) return t.b end\n"
        "function getc(t) return t.c end function getg(t) return t.g end\n"
        "function getl(t) return t.l end\n"
        "function seta(t,v) t.a=v end function setl(t,v) t.l=v end\n"
        "getters={a=geta,b=getb,c=getc,g=getg,l=getl}\n"
        "srand(7)\n"
        "ts={}\n"
        "for n=1,300 do\n"
        " local t={}\n"
        " for j=1,flr(rnd(14)) do t[rnd(names)]=flr(rnd(100)) end\n"
        " if (rnd()<0.3) t[rnd(names)]=nil\n"
        " add(ts,t)\n"
        "end\n"
        "bad=0 checks=0\n"
        "for r=1,4 do\n"
        " for t in all(ts) do\n"
        "  for k,f in pairs(getters) do\n"
        "   checks+=1\n"
        "   if (f(t)~=rawget(t,k)) bad+=1\n"
        "  end\n"
        "  if (r==2) seta(t,r) setl(t,nil)\n"
        "  if (r==3) t.x=1 t.y=2 t.z=3 t.w=4 t.v=5\n"
        " end\n"
        "end\n"
        "for t in all(ts) do if (rawget(t,'a')~=2 or rawget(t,'l')~=nil) bad+=1 end\n"
        "printh('fields '..bad..' of '..checks)\n",
        1, "fields 0 of 6000\n");
}
