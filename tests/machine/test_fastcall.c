/* test_fastcall.c - Criterion suite "fastcall": the frameless calls of small API functions
 * (tools/lua5.4-p8fastop.patch lua_m8_setfastcall, api/api_fastcall.c) give what the full
 * calls give.
 *   - the VM's side on a plain Lua state: a registered light C function runs its variant
 *     (one result, all results, more results wanted than given, none), declines, non-number
 *     and out-of-range arguments and tail calls make the real call, the heap afterwards is
 *     the real call's, and a decline after the call grew (moved) the stack makes the full
 *     call on the moved stack;
 *   - every API function with a variant, called by cart-style code (CALL: frameless) and
 *     from C (lua_call: the full call) on the same edge arguments (0, -0, +-1/65536,
 *     -32768, +-0x7fff.ffff, off the grid, past 2^31, NaN, infinities, integers) with 0 to 3
 *     of them: the same value, integer-or-float subtype, RAM (pixels, random state) and
 *     charged system cycles;
 *   - the drawing calls and draw state (spr, sspr, map, rectfill, circfill, line, cls, pal
 *     ...) the same way on 0 to 8 arguments (absent ones, negative, huge, fractional,
 *     non-finite coordinates and sizes, numbers as flips), in four machine states (noise,
 *     reset, camera + clip + a line's end point, palettes + transparency + fill pattern),
 *     and peek/poke in 8, 16 and 32 bits likewise (all 64 KiB of RAM compared);
 *   - spr(n, x, y)'s own frameless path on random numbers around the screen's and the int
 *     range's edges in five draw states: the same RAM and cycles as the full call;
 *   - a cart that assigns its own function to an API name gets its own function.
 * Depends on: m8_test_util.h, vm_internal.h (the machine's Lua state), api_fastcall.h, gfx.h,
 * Lua 5.4, Criterion. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "api_fastcall.h"
#include "gfx.h"
#include "m8_test_util.h"
#include "vm_internal.h"

#ifdef LUA_M8_FASTARGS

static int same_bits(double x, double y) { return memcmp(&x, &y, sizeof x) == 0; }

/* ---- the VM's side ---- */

/* The full call says -1 (and how many arguments it had as a second result); the variant
 * says the sum of its arguments, and declines when the first one is 99. */
static int full_body(lua_State *L)
{
    lua_pushinteger(L, -1);
    lua_pushinteger(L, lua_gettop(L) - 1);
    return 2;
}

/* Argument i as a double, whichever way the VM passed it. */
static double arg_value(const lua_M8Arg *a, int i)
{
    cr_assert(a[i].tag == LUA_M8ARG_INT || a[i].tag == LUA_M8ARG_FLT, "tag %d", a[i].tag);
    return a[i].tag == LUA_M8ARG_INT ? (double)a[i].v.i : a[i].v.n;
}

static int frameless_calls;
static int sum_variant(lua_State *L, int n, const lua_M8Arg *a, lua_Number *out)
{
    (void)L;
    if (n & LUA_M8ARGS_OTHER) return LUA_M8FAST_DECLINE;   /* numbers only */
    if (n > 0 && arg_value(a, 0) == 99) return LUA_M8FAST_DECLINE;
    frameless_calls++;
    double s = 0;
    for (int i = 0; i < n; i++) s += arg_value(a, i);
    *out = s;
    return s == floor(s) ? LUA_M8FAST_INT : LUA_M8FAST_FLT;
}

static int none_body(lua_State *L) { lua_pushinteger(L, -1); return 1; }
static int none_variant(lua_State *L, int n, const lua_M8Arg *a, lua_Number *out)
{
    (void)L, (void)n, (void)a, (void)out;
    frameless_calls++;
    return LUA_M8FAST_NONE;
}

static lua_State *vm_state(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    cr_assert(lua_m8_setfastcall(full_body, sum_variant));
    cr_assert(lua_m8_setfastcall(none_body, none_variant));
    lua_pushcfunction(L, full_body);
    lua_setglobal(L, "f");
    lua_pushcfunction(L, none_body);
    lua_setglobal(L, "g");
    return L;
}

Test(fastcall, vm_runs_the_variant_of_number_calls)
{
    lua_State *L = vm_state();
    frameless_calls = 0;
    cr_assert_eq(luaL_dostring(L,
        "local a = f(2, 0.5)\n"                      /* one result: a float */
        "local b, c = f(1, 2, 3)\n"                  /* two wanted, one given: nil */
        "local n = select('#', f(4, 5))\n"           /* all results: one */
        "local d = f()\n"                            /* no argument */
        "local e = f(2147483647, 2147483647)\n"      /* a sum past 2^31 */
        "local h, i = g(1), select('#', g(1))\n"     /* no result: nil, and none at all */
        "return a, b, c, n, d, e, h, i, math.type(b), math.type(a)"), LUA_OK,
        "%s", lua_tostring(L, -1));
    cr_assert_eq(lua_tonumber(L, 1), 2.5);
    cr_assert_eq(lua_tointeger(L, 2), 6);
    cr_assert(lua_isnil(L, 3));
    cr_assert_eq(lua_tointeger(L, 4), 1);
    cr_assert_eq(lua_tointeger(L, 5), 0);
    cr_assert_eq(lua_tointeger(L, 6), 4294967294);
    cr_assert(lua_isnil(L, 7));
    cr_assert_eq(lua_tointeger(L, 8), 0);
    cr_assert_str_eq(lua_tostring(L, 9), "integer");
    cr_assert_str_eq(lua_tostring(L, 10), "float");
    cr_assert_eq(frameless_calls, 7);
    lua_close(L);
}

/* A variant that records what it sees: each argument's tag and, for numbers, its value;
 * returns 1 when LUA_M8ARGS_OTHER is set, else 0. */
static int seen_n, seen_tag[LUA_M8_FASTARGS];
static double seen_value[LUA_M8_FASTARGS];
static int tags_body(lua_State *L) { lua_pushinteger(L, -1); return 1; }
static int tags_variant(lua_State *L, int n, const lua_M8Arg *a, lua_Number *out)
{
    (void)L;
    *out = (n & LUA_M8ARGS_OTHER) != 0;
    seen_n = n & ~LUA_M8ARGS_OTHER;
    for (int i = 0; i < seen_n; i++) {
        seen_tag[i] = a[i].tag;
        int number = a[i].tag == LUA_M8ARG_INT || a[i].tag == LUA_M8ARG_FLT;
        seen_value[i] = number ? arg_value(a, i) : 0;
    }
    return LUA_M8FAST_INT;
}

/* Run `code` (which calls tags(...) once into r and returns r) with tags_variant set; the
 * variant's result. */
static int run_tags(const char *code)
{
    lua_State *L = vm_state();
    cr_assert(lua_m8_setfastcall(tags_body, tags_variant));
    lua_pushcfunction(L, tags_body);
    lua_setglobal(L, "tags");
    seen_n = -1;
    cr_assert_eq(luaL_dostring(L, code), LUA_OK, "%s", lua_tostring(L, -1));
    int r = (int)lua_tointeger(L, -1);
    lua_close(L);
    return r;
}

/* The variant sees each argument as the stack holds it, integers past 2^31 too. (Unary
 * minus is left out: the patched VM wraps it to 16 bits.) */
Test(fastcall, variants_see_integers_and_floats_as_the_stack_holds_them)
{
    static const double want[] = {1, 1.5, -2147483648.0, 2147483647.0, 0.5, 0x1p40, 65536.25,
                                  -7};
    static const int integer[] = {1, 0, 1, 0, 0, 1, 0, 1};
    cr_assert_eq(run_tags("local x = 3\n"
                          "local r = tags(1, 1.5, ~2147483647, 2147483647.0, 0.5, 1 << 40, "
                          "65536.25, x - 10)\n"
                          "return r"), 0);
    cr_assert_eq(seen_n, 8);
    for (int i = 0; i < 8; i++) {
        cr_assert_eq(seen_tag[i], integer[i] ? LUA_M8ARG_INT : LUA_M8ARG_FLT, "argument %d", i);
        cr_assert(seen_value[i] == want[i], "argument %d: %a", i, seen_value[i]);
    }
}

/* Nil and booleans reach the variant, flagged; a string makes the full call. */
Test(fastcall, variants_see_nil_and_booleans_flagged)
{
    cr_assert_eq(run_tags("local t = {}\n"   /* a table's missing key too */
                          "local r = tags(1, nil, true, false, t[1], 2.5)\n"
                          "return r"), 1);
    cr_assert_eq(seen_n, 6);
    cr_assert(seen_tag[0] == LUA_M8ARG_INT && seen_value[0] == 1);
    cr_assert_eq(seen_tag[1] & 0x0f, LUA_TNIL);
    cr_assert_eq(seen_tag[2], LUA_M8ARG_TRUE);
    cr_assert_eq(seen_tag[3], LUA_M8ARG_FALSE);
    cr_assert_eq(seen_tag[4] & 0x0f, LUA_TNIL);
    cr_assert(seen_tag[5] == LUA_M8ARG_FLT && seen_value[5] == 2.5);
    cr_assert_eq(run_tags("local r = tags(nil) return r"), 1);
    cr_assert_eq(seen_n, 1);
    cr_assert_eq(run_tags("local r = tags(1, 2.5) return r"), 0);
    cr_assert_eq(run_tags("local r = tags(1, 'x') return r"), -1);   /* the full call */
    cr_assert_eq(seen_n, -1);
}

Test(fastcall, other_calls_are_real_calls)
{
    lua_State *L = vm_state();
    frameless_calls = 0;
    cr_assert_eq(luaL_dostring(L,
        "local function tail(x) return f(x, 1) end\n"
        "local r = {}\n"
        "r[1] = f(99, 1)\n"                          /* declined */
        "r[2] = f(1, '2')\n"                         /* a string */
        "r[3] = f(1, nil)\n"                         /* nil */
        "r[4] = f(true, 1)\n"                        /* a boolean */
        "r[8] = f(1, f)\n"                           /* a function */
        "r[9] = f(1, 2, {})\n"                       /* a table last */
        "r[5] = f(1, 2, 3, 4, 5, 6, 7, 8, 9)\n"      /* more than LUA_M8_FASTARGS */
        "r[6] = tail(3)\n"                           /* a tail call */
        "r[7] = pcall(f, 1, 2) and select(2, pcall(f, 1, 2))\n"   /* called from C */
        "return table.unpack(r, 1, 9)"), LUA_OK, "%s", lua_tostring(L, -1));
    for (int i = 1; i <= 9; i++) cr_assert_eq(lua_tointeger(L, i), -1, "case %d", i);
    cr_assert_eq(frameless_calls, 0);
    lua_close(L);
}

/* The frameless call makes the stack growth and CallInfo the real call makes: a call at a
 * depth nothing else reached leaves the heap as large as the real call (an empty call hook
 * turns the frameless path off). */
static int empty_body_for_many(lua_State *L) { lua_pushinteger(L, -2); return 1; }

/* Twenty-four light C functions (each says -1 when called in full) whose variants say
 * their own number: the table of variants is made anew as each one is set. */
#define MANY_FNS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) \
    X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23)
#define MANY_FN(i) \
    static int many_body_##i(lua_State *L) { lua_pushinteger(L, -1); return 1; } \
    static int many_variant_##i(lua_State *L, int n, const lua_M8Arg *a, lua_Number *out) \
    { (void)L, (void)n, (void)a; *out = i; return LUA_M8FAST_INT; }
MANY_FNS(MANY_FN)
#undef MANY_FN
static int many_other_variant(lua_State *L, int n, const lua_M8Arg *a, lua_Number *out)
{
    (void)L, (void)n, (void)a;
    *out = 100;
    return LUA_M8FAST_INT;
}

/* Every function set finds its own variant (none lost or swapped when the table is made
 * anew, whatever slots the addresses hash to), setting one again replaces its variant,
 * and a function never set is called in full. */
Test(fastcall, each_function_finds_its_own_variant)
{
    lua_State *L = vm_state();
    lua_CFunction bodies[] = {
#define MANY_REF(i) many_body_##i,
        MANY_FNS(MANY_REF)
#undef MANY_REF
    };
    lua_M8Fast variants[] = {
#define MANY_REF(i) many_variant_##i,
        MANY_FNS(MANY_REF)
#undef MANY_REF
    };
    int count = (int)(sizeof bodies / sizeof bodies[0]);
    for (int i = 0; i < count; i++) {
        cr_assert(lua_m8_setfastcall(bodies[i], variants[i]), "function %d", i);
        lua_pushcfunction(L, bodies[i]);
        char name[16];
        snprintf(name, sizeof name, "m%d", i);
        lua_setglobal(L, name);
    }
    cr_assert(lua_m8_setfastcall(bodies[5], many_other_variant));
    lua_pushcfunction(L, empty_body_for_many);
    lua_setglobal(L, "unset");
    cr_assert_eq(luaL_dostring(L,
        "local r = {}\n"
        "for i = 0, 23 do r[#r + 1] = _G['m' .. i](1) end\n"
        "r[#r + 1] = f(2, 3)\n"                      /* set before them */
        "r[#r + 1] = unset(1)\n"
        "return table.unpack(r)"), LUA_OK, "%s", lua_tostring(L, -1));
    for (int i = 0; i < count; i++)
        cr_assert_eq(lua_tointeger(L, i + 1), i == 5 ? 100 : i, "function %d", i);
    cr_assert_eq(lua_tointeger(L, count + 1), 5);
    cr_assert_eq(lua_tointeger(L, count + 2), -2);
    lua_close(L);
}

static void empty_hook(lua_State *L, lua_Debug *ar) { (void)L; (void)ar; }
static int heap_after_deep_call(int real_calls)
{
    lua_State *L = vm_state();
    lua_gc(L, LUA_GCSTOP);
    if (real_calls) lua_sethook(L, empty_hook, LUA_MASKCALL, 0);
    cr_assert_eq(luaL_dostring(L,
        "local function d(n) if n == 0 then local q = f(7, 3) return q end\n"
        "  local r = d(n - 1) return r end\n"
        "return d(300)"), LUA_OK, "%s", lua_tostring(L, -1));
    cr_assert_eq(lua_tointeger(L, -1), real_calls ? -1 : 10);
    lua_sethook(L, NULL, 0, 0);
    int bytes = lua_gc(L, LUA_GCCOUNT) * 1024 + lua_gc(L, LUA_GCCOUNTB);
    lua_close(L);
    return bytes;
}

/* A variant that declines after the VM grew the stack for the call (which moves it) is
 * followed by the full call on the moved stack: at every depth, the full call's result. */
Test(fastcall, a_call_declined_after_the_stack_moved_is_the_full_call)
{
    lua_State *L = vm_state();
    cr_assert_eq(luaL_loadstring(L,
        "local function d(n) if n == 0 then local q = f(99, 1, 2, 3, 4, 5, 6, 7) return q end\n"
        "  local r = d(n - 1) return r end\n"
        "local depth = ... return d(depth)"), LUA_OK);
    for (int depth = 0; depth < 200; depth++) {
        lua_State *T = lua_newthread(L);      /* a fresh, small stack each time */
        lua_pushvalue(L, -2);
        lua_xmove(L, T, 1);
        lua_pushinteger(T, depth);
        cr_assert_eq(lua_pcall(T, 1, 1, 0), LUA_OK, "depth %d: %s", depth, lua_tostring(T, -1));
        cr_assert_eq(lua_tointeger(T, -1), -1, "depth %d", depth);
        cr_assert(lua_isinteger(T, -1), "depth %d", depth);
        lua_pop(L, 1);
    }
    lua_close(L);
}

Test(fastcall, frameless_calls_use_the_memory_of_the_call)
{
    cr_assert_eq(heap_after_deep_call(0), heap_after_deep_call(1));
}

/* ---- the API functions ---- */

static const char *const names[] = {
#define M8_NAME(name) #name,
    M8_FASTCALL_SMALL_LIST(M8_NAME)
#undef M8_NAME
};
#define N_NAMES ((int)(sizeof names / sizeof names[0]))

static const double edges[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.0 / 65536, -1.0 / 65536, 3.0, -7.0, 2.25, -2.75,
    8.0, 16.0, 31.0, 32.0, 127.5, 128.0, -129.0, 0.25, 0.75, 1.0 / 3, 0.1, -0.1,
    32767.0, -32768.0, 2147483647.0 / 65536.0, -2147483647.0 / 65536.0, 40000.5, 1e10,
    -1e10, 2147483647.0, -2147483647.5, 2147483648.0, -2147483648.0, 1e300, NAN, INFINITY,
    -INFINITY,
};
#define N_EDGES ((int)(sizeof edges / sizeof edges[0]))

/* v as an integer (k odd and v integral in range, as cart literals are) or a float */
/* Argument v as an integer or a float by k; for one k in 13 nil, for two in 13 a boolean
 * (true or false) in its place. */
static void push_arg(lua_State *L, double v, int k)
{
    if (k % 13 == 4) lua_pushnil(L);
    else if (k % 13 == 7 || k % 13 == 10) lua_pushboolean(L, k % 13 == 7);
    else if ((k & 1) && v == floor(v) && fabs(v) < 4e9) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushnumber(L, v);
}

typedef struct outcome {
    double value;
    int type, is_int;
    uint64_t system_cycles;
    char error[200];          /* the error message, "" without one */
    uint8_t ram[0x10000];     /* all of it: a poke may write anywhere */
} outcome;

/* Call API function `name` on n arguments, frameless (through the chunk's CALL) or full
 * (lua_call from C), with the same screen, sprite sheet and random state before; record
 * what it gave and did. */
static void call_api(mote8 *m8, const char *name, int n, const double *args, int k,
                     int frameless, const uint8_t *ram0, outcome *o)
{
    lua_State *L = m8->L;
    char chunk[160] = "local f", *at = chunk + strlen(chunk);   /* local f, a1, a2 = ... */
    for (int i = 1; i <= n; i++) at += sprintf(at, ", a%d", i);
    at += sprintf(at, " = ... local r = f(");
    for (int i = 1; i <= n; i++) at += sprintf(at, "%sa%d", i > 1 ? ", " : "", i);
    sprintf(at, ") return r");
    memcpy(m8->machine->ram, ram0, 0x10000);
    m8_vm_watch_begin(m8);
    uint64_t before = m8->machine->cost.system_cycles;
    if (frameless) cr_assert_eq(luaL_loadstring(L, chunk), LUA_OK);
    lua_rawgeti(L, LUA_REGISTRYINDEX, m8->env_ref);
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
    for (int i = 0; i < n; i++) push_arg(L, args[i], k + i);
    int status = frameless ? lua_pcall(L, n + 1, 1, 0) : lua_pcall(L, n, 1, 0);
    o->error[0] = 0;
    if (status != LUA_OK) {   /* the endless-loop watch (a line of 2^32 pixels): kept */
        snprintf(o->error, sizeof o->error, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    o->type = lua_type(L, -1);
    o->value = lua_tonumber(L, -1);
    o->is_int = lua_isinteger(L, -1);
    lua_pop(L, 1);
    o->system_cycles = m8->machine->cost.system_cycles - before;
    memcpy(o->ram, m8->machine->ram, 0x10000);
}

Test(fastcall, api_variants_match_the_full_calls)
{
    mote8 *m8 = m8t_start("function _draw() end", NULL);
    m8t_run_ticks(m8, 2);
    uint8_t *ram0 = malloc(0x10000);
    outcome *full = malloc(sizeof *full), *fast = malloc(sizeof *fast);
    cr_assert(ram0 && full && fast);
    for (int i = 0; i < 0x10000; i++) ram0[i] = (uint8_t)(i * 37 + (i >> 7));
    int cases = 0;
    for (int f = 0; f < N_NAMES; f++) {
        for (int n = 0; n <= 3; n++) {
            int combos = n == 0 ? 1 : n == 1 ? N_EDGES * 2 : n == 2 ? N_EDGES * N_EDGES : 600;
            for (int k = 0; k < combos; k++) {
                double args[3];
                if (n == 3) {              /* three: random edges (pset's colour, mid) */
                    unsigned s = (unsigned)k * 2654435761u;
                    for (int i = 0; i < 3; i++) args[i] = edges[(s >> (8 * i)) % N_EDGES];
                } else if (n == 2) {
                    args[0] = edges[k / N_EDGES];
                    args[1] = edges[k % N_EDGES];
                } else if (n == 1) {
                    args[0] = edges[k / 2];
                }
                call_api(m8, names[f], n, args, k, 0, ram0, full);
                call_api(m8, names[f], n, args, k, 1, ram0, fast);
                cr_assert(!full->error[0] && !fast->error[0], "%s: %s%s", names[f], full->error,
                          fast->error);
                cr_assert(full->type == fast->type &&
                          (same_bits(full->value, fast->value) ||
                           (isnan(full->value) && isnan(fast->value))) &&
                          full->is_int == fast->is_int,
                          "%s(%d args: %a %a %a, k %d): frameless %a (integer %d), full %a "
                          "(integer %d)", names[f], n, args[0], args[1], args[2], k,
                          fast->value, fast->is_int, full->value, full->is_int);
                cr_assert_eq(full->system_cycles, fast->system_cycles, "%s: cycles",
                             names[f]);
                cr_assert(memcmp(full->ram, fast->ram, 0x10000) == 0,
                          "%s(%d args: %a %a %a): RAM differs", names[f], n, args[0],
                          args[1], args[2]);
                cases++;
            }
        }
    }
    cr_assert(cases > 10000);
    free(ram0);
    free(full);
    free(fast);
    mote8_destroy(m8);
}

/* The drawing calls and draw state, on 0 to 8 arguments (a ninth makes the full call) drawn
 * from coordinates, sizes and colours around the screen's and the sheet's edges and the
 * edges above, in four machine states: RAM of noise (odd clip, camera, palettes, modes),
 * the draw state reset, then a camera and clip rectangle and a line's end point, then a
 * palette, transparency, pen and a transparent fill pattern. */
static const double draw_edges[] = {
    0.0, -1.0, 1.0, 2.0, 3.0, 4.0, 7.0, 7.5, 8.0, -8.25, 12.0, 15.0, 16.0, 17.0, 40.0,
    63.75, 64.0, 100.0, 120.0, 127.0, 128.0, 129.0, 200.0, -200.0, 255.0, 256.0, 0.5, 1.75,
    0.125, 2.25, -0.5, 1.0 / 65536, 0x5a5a + 0.5, 0x1234 + 0.75, 32767.0, -32768.0,
    40000.5, 1e10, -1e10, 2147483647.0, 2147483648.0, -2147483648.0, NAN, INFINITY,
    -INFINITY,
};
#define N_DRAW_EDGES ((int)(sizeof draw_edges / sizeof draw_edges[0]))

static const char *const draw_names[] = {
#define M8_NAME(name) #name,
    M8_FASTCALL_DRAW_LIST(M8_NAME)
    M8_FASTCALL_MEMORY_LIST(M8_NAME)
#undef M8_NAME
};
#define N_DRAW_NAMES ((int)(sizeof draw_names / sizeof draw_names[0]))

static void draw_state(uint8_t *ram, int state)
{
    for (int i = 0; i < 0x10000; i++) ram[i] = (uint8_t)(i * 37 + (i >> 7) + state * 11);
    if (state == 0) return;
    m8_gfx_reset(ram);
    if (state == 2) {
        m8_camera(ram, -13, 21, NULL, NULL);
        m8_clip(ram, 5, 9, 100, 90, 0, NULL);
        m8_line(ram, 10, 10, 20, 30, 7 << 16);   /* line(x1, y1) continues from 20, 30 */
    } else if (state == 3) {
        m8_pal_set(ram, 3, 9, 0);
        m8_pal_set(ram, 7, 2, 1);
        m8_palt_set(ram, 0, 0);
        m8_palt_set(ram, 5, 1);
        m8_color(ram, 12 << 16);
        m8_fillp(ram, (int32_t)(0x5a5au << 16 | 0x8000));
    }
}

Test(fastcall, drawing_variants_match_the_full_calls, .timeout = 600)
{
    mote8 *m8 = m8t_start("function _draw() end", NULL);
    m8t_run_ticks(m8, 2);
    uint8_t *ram0 = malloc(0x10000);
    outcome *full = malloc(sizeof *full), *fast = malloc(sizeof *fast);
    cr_assert(ram0 && full && fast);
    int cases = 0, errors = 0;
    for (int state = 0; state < 4; state++) {
        draw_state(ram0, state);
        for (int f = 0; f < N_DRAW_NAMES; f++) {
            for (int n = 0; n <= LUA_M8_FASTARGS; n++) {
                int combos = n == 0 ? 1 : n == 1 ? N_DRAW_EDGES : 120;
                for (int k = 0; k < combos; k++) {
                    double args[LUA_M8_FASTARGS];
                    unsigned s = (unsigned)(k + 1000 * n + 77 * f + 7919 * state) * 2654435761u;
                    for (int i = 0; i < n; i++) {
                        s = s * 1103515245u + 12345u;
                        /* mostly screen-sized values, one in eight from the full set */
                        int pick = (int)((s >> 8) % N_DRAW_EDGES);
                        args[i] = n == 1 ? draw_edges[k]
                                : (s >> 29) == 0 || pick < 32 ? draw_edges[pick]
                                : draw_edges[(s >> 12) % 32];
                    }
                    call_api(m8, draw_names[f], n, args, k, 0, ram0, full);
                    call_api(m8, draw_names[f], n, args, k, 1, ram0, fast);
                    char what[400];
                    int at = snprintf(what, sizeof what, "%s(", draw_names[f]);
                    for (int i = 0; i < n && at < 300; i++)
                        at += snprintf(what + at, sizeof what - at, "%s%a", i ? ", " : "", args[i]);
                    snprintf(what + at, sizeof what - at, ") in state %d, k %d", state, k);
                    /* the watch's error: the frameless call's names the chunk's line */
                    size_t lf = strlen(full->error), ls = strlen(fast->error);
                    int same = lf == ls ? strcmp(full->error, fast->error) == 0
                                        : lf && ls > lf && !strcmp(fast->error + ls - lf, full->error);
                    cr_assert(same,
                              "%s: error \"%s\" frameless, \"%s\" full", what, fast->error,
                              full->error);
                    errors += full->error[0] != 0;
                    cr_assert(full->type == fast->type && full->is_int == fast->is_int &&
                              (same_bits(full->value, fast->value) ||
                               (isnan(full->value) && isnan(fast->value))),
                              "%s: frameless %a (integer %d), full %a (integer %d)", what,
                              fast->value, fast->is_int, full->value, full->is_int);
                    cr_assert_eq(full->system_cycles, fast->system_cycles,
                                 "%s: cycles %llu frameless, %llu full", what,
                                 (unsigned long long)fast->system_cycles,
                                 (unsigned long long)full->system_cycles);
                    cr_assert(memcmp(full->ram, fast->ram, 0x10000) == 0, "%s: RAM differs", what);
                    cases++;
                }
            }
        }
    }
    cr_assert(cases > 40000 && errors < cases / 20, "%d cases, %d errors", cases, errors);
    free(ram0);
    free(full);
    free(fast);
    mote8_destroy(m8);
}

/* 0..n-1 from the generator state *s */
static int rnd_below(unsigned *s, int n)
{
    *s = *s * 1103515245u + 12345u;
    return (int)((*s >> 8) % (unsigned)n);
}

/* spr(n, x, y), the frameless call's own path (api_registry.c fast_spr_whole: integers
 * read in one conversion, the whole sprite on the screen drawn straight, its cost folded):
 * random numbers around the int range's and the screen's edges, integral or not, in the
 * reset draw state, with a camera, with a clip or palette, with a fill pattern on sprites:
 * the same RAM, cycles and result as the full call. */
Test(fastcall, spr_on_three_numbers_matches_the_full_call)
{
    static const double far[] = { NAN, INFINITY, -INFINITY, 2147483648.0, -2147483648.0,
                                  -2147483648.5, -2147483647.5, 2147483647.0, 2147483647.5,
                                  -2147483649.0, 1e10, -1e10, -0.0, 255.0, 256.0, -1.0 };
    mote8 *m8 = m8t_start("function _draw() end", NULL);
    m8t_run_ticks(m8, 2);
    uint8_t *ram0 = malloc(0x10000);
    outcome *full = malloc(sizeof *full), *fast = malloc(sizeof *fast);
    cr_assert(ram0 && full && fast);
    unsigned s = 2463534242u;
#define RND(n) rnd_below(&s, (n))
    for (int k = 0; k < 6000; k++) {
        int state = RND(5);
        draw_state(ram0, state == 4 ? 1 : state);
        if (state == 4) {
            ram0[M8_FILLP_FLAGS] = (uint8_t)(2 + RND(2));
            m8_poke_16(ram0, M8_CAMERA_X, (uint16_t)(RND(40) - 20));
        }
        double args[3];
        for (int i = 0; i < 3; i++) {
            double v = i == 0 ? RND(260) - 2 : RND(4) ? RND(2) * 128 - 12 + RND(25)
                                                      : RND(160) - 16;
            if (RND(4) == 0) v += RND(8) / 8.0 - (RND(2) ? 0 : 1);
            if (RND(16) == 0) v = far[RND((int)(sizeof far / sizeof far[0]))];
            args[i] = v;
        }
        call_api(m8, "spr", 3, args, k, 0, ram0, full);
        call_api(m8, "spr", 3, args, k, 1, ram0, fast);
        cr_assert(!full->error[0] && !fast->error[0], "spr(%a, %a, %a): %s%s", args[0],
                  args[1], args[2], full->error, fast->error);
        cr_assert_eq(full->system_cycles, fast->system_cycles, "spr(%a, %a, %a) in state %d: "
                     "cycles", args[0], args[1], args[2], state);
        cr_assert(memcmp(full->ram, fast->ram, 0x10000) == 0,
                  "spr(%a, %a, %a) in state %d: RAM differs", args[0], args[1], args[2], state);
    }
#undef RND
    free(ram0);
    free(full);
    free(fast);
    mote8_destroy(m8);
}

/* A cart's own function under an API name is called, frameless variant or not. */
Test(fastcall, a_cart_function_under_an_api_name_is_its_own)
{
    m8t_capture cap = { 0 };
    mote8 *m8 = m8t_start(
        "local p, g = pset, pget\n"
        "pset = function(x, y, c) printh('mine '..x..' '..y..' '..c) end\n"
        "function flr(v) return 'f'..v end\n"
        "pset(1, 2, 3) printh(flr(2.5))\n"
        "p(5, 6, 7) printh(g(5, 6)..' '..pget(5, 6))\n"
        "pget = sin printh(pget(0.25))\n", &cap);
    m8t_run_ticks(m8, 1);
    cr_assert_str_eq(cap.text, "mine 1 2 3\nf2.5\n7 7\n-1\n");
    mote8_destroy(m8);
}

#endif
