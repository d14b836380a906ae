/* test_fused_ops.c - Criterion suite "fused_ops": upvalue calls made in one instruction
 * (tools/lua5.4-p8fastop.patch, lua_m8_setfuseops: OP_M8UPCALL), the dialect's division
 * helpers first, give what their GETUPVAL and CALL gave. The same code runs in a state that fuses
 * and in one that does not:
 *   - values and their integer-or-float subtype, for every way a call's results are used
 *     (one value, all of them in a constructor or an argument list, two, a tail call, a
 *     tail call of a vararg function, a tail call that closes an upvalue), operands that
 *     are integers, floats, off the 16.16 grid, strings and tables with __div;
 *   - the instruction counter (opcode weights and the VM's take-back), and a count hook that
 *     sees exactly one instruction less for each fused call run (so fusing happened, and
 *     only where no operand makes a call);
 *   - the lines: a line hook's sequence over a function long enough to carry absolute line
 *     information, with line gaps, and an error's line;
 *   - a call hook's view: the helper called, under its name, when hooks are set;
 *   - compiling with fusing on when memory runs out at each allocation in turn: nothing leaks.
 * Depends on: dialect/p8_runtime.h, helper_state.h, Lua 5.4 (the patched build), Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "dialect/p8_runtime.h"
#include "helper_state.h"

#if defined(LUA_M8FASTOP) && defined(LUA_M8COUNT)

static lua_M8Count counter;

/* A weight correction taken from the counter, as api/vm.c's charge does. */
static void charge_on_counter(lua_State *L, long long cycles, m8_charge_kind kind)
{
    (void)L;
    (void)kind;
    if (cycles < 0) {
        lua_M8Count back = (lua_M8Count)(-cycles);
        counter -= back < counter ? back : counter;
    } else {
        counter += (lua_M8Count)cycles;
    }
}

/* A state with the helpers as the dialect's prelude holds them (chunk locals, so functions
 * reach them as upvalues), weights as api/lua_weights.c gives calls and loads, the VM's
 * take-back, and fusing on or off. */
static lua_State *fuse_state(int fuse)
{
    lua_State *L = m8t_helper_state(charge_on_counter);
    static const char *const heavy[] = { "CALL", "TAILCALL", "RETURN", "RETURN0", "RETURN1",
                                         "GETTABUP", "GETFIELD", "ADD", "MUL", "ADDI" };
    for (size_t k = 0; k < sizeof heavy / sizeof heavy[0]; k++)
        cr_assert(lua_m8_setweight(L, heavy[k], 2));
    m8_translate_weight_backs_in_vm(L);
    lua_m8_setfuseops(L, fuse);
    return L;
}

/* Read-only, as the translator makes them: only such upvalues are fused. One line. */
static const char *const prelude =
    "local __m8_div <const>, __m8_idiv <const>, __m8_mod <const> = "
    "__m8_div, __m8_idiv, __m8_mod\n";

/* Load prelude..body in L as chunk "=fused"; run it with the counter on; its results stay. */
static int run_counted(lua_State *L, const char *body, int nresults)
{
    size_t n = strlen(prelude) + strlen(body) + 1;
    char *src = malloc(n);
    snprintf(src, n, "%s%s", prelude, body);
    int st = luaL_loadbuffer(L, src, strlen(src), "=fused");
    free(src);
    if (st != LUA_OK) return st;
    lua_m8_setcounter(L, &counter);
    st = lua_pcall(L, 0, nresults, 0);
    lua_m8_setcounter(L, NULL);
    return st;
}

static int hook_instructions;
static void count_hook(lua_State *L, lua_Debug *ar)
{
    (void)L;
    (void)ar;
    hook_instructions++;
}

/* Every way the results of a fused call are used, on each pair of operands of the table. */
static const char *const uses =
    "local keep\n"
    "local function one(a, b) local d = __m8_div(a, b) local i = __m8_idiv(a, b)\n"
    "  local m = __m8_mod(a, b) return d, i, m end\n"
    "local function all(a, b) local t = {__m8_div(a, b)} return #t, t[1],\n"
    "  select('#', __m8_mod(a, b)), (select(1, __m8_mod(a, b))) end\n"
    "local function two(a, b) local x, y = __m8_idiv(a, b) return x, y == nil end\n"
    "local function tail(a, b) return __m8_div(a, b) end\n"
    "local function vtail(...) local a, b = ... return __m8_mod(a, b) end\n"
    "local function ctail(a, b) keep = function() return a end return __m8_idiv(a, b) end\n"
    "local function called(a, b) return __m8_div(tonumber(a), b) end\n"
    "local mt = {__div = function(x, y) return 'mm' end, __mod = function() return 'mo' end}\n"
    "local function meta(v) return __m8_div(v, 2), __m8_mod(v, v) end\n"
    "local pairs_ = { {7, 2}, {-7, 2}, {7.5, -0.25}, {1, 3}, {32767, 0.5}, {5, 0}, {-5, 0},\n"
    "  {0x7fff.ffff, 1/65536}, {1e10, 3}, {0.1, 0.3}, {'10', 4}, {3, '2'} }\n"
    "local out = {}\n"
    "local function put(...) for i = 1, select('#', ...) do local v = select(i, ...)\n"
    "  out[#out + 1] = math.type(v) or tostring(v) out[#out + 1] = v end end\n"
    "for r = 1, 3 do\n"
    "  for _, p in ipairs(pairs_) do\n"
    "    local a, b = p[1], p[2]\n"
    "    put(one(a, b)) put(all(a, b)) put(two(a, b)) put(tail(a, b)) put(vtail(a, b))\n"
    "    put(ctail(a, b)) put(called(a, b))\n"
    "    local s = string.rep(' ', 40)  -- the stack moves on; 'keep' holds the closed a\n"
    "    put(keep())\n"
    "  end\n"
    "  local v = setmetatable({}, mt)\n"
    "  put(meta(v))\n"
    "end\n"
    "return out\n";

/* Fused calls run per round of `uses`: one 3, all 3, two 1, tail 1, vtail 1, ctail 1 per
 * pair (called's operand makes a call); 2 for the metatable. */
#define USES_FUSED_RUN (3 * (12 * (3 + 3 + 1 + 1 + 1 + 1) + 2))

/* Run `body` (which returns a table of results) in a state that fuses and one that does
 * not: the same results, subtypes included, the same count, and a count hook that sees
 * `fused_run` instructions less in the fusing state. */
static void compare_runs(const char *body, lua_Integer min_results, int fused_run)
{
    lua_State *L[2];
    lua_M8Count counted[2];
    int hooked[2];
    for (int f = 0; f < 2; f++) {
        L[f] = fuse_state(f);
        counter = 0;
        cr_assert_eq(run_counted(L[f], body, 1), LUA_OK, "%s", lua_tostring(L[f], -1));
        counted[f] = counter;
        lua_State *H = fuse_state(f);          /* the same code under a count hook */
        hook_instructions = 0;
        lua_sethook(H, count_hook, LUA_MASKCOUNT, 1);
        cr_assert_eq(run_counted(H, body, 1), LUA_OK, "%s", lua_tostring(H, -1));
        hooked[f] = hook_instructions;
        lua_close(H);
    }
    lua_Integer n = luaL_len(L[0], -1);
    cr_assert_eq(luaL_len(L[1], -1), n);
    cr_assert_geq(n, min_results);
    for (lua_Integer k = 1; k <= n; k++) {
        lua_geti(L[0], -1, k);
        lua_geti(L[1], -1, k);
        int same = lua_type(L[0], -1) == lua_type(L[1], -1) &&
                   lua_isinteger(L[0], -1) == lua_isinteger(L[1], -1);
        if (same && lua_type(L[0], -1) == LUA_TNUMBER) {
            lua_Number x = lua_tonumber(L[0], -1), y = lua_tonumber(L[1], -1);
            same = memcmp(&x, &y, sizeof x) == 0;
        } else if (same && lua_type(L[0], -1) == LUA_TSTRING) {
            same = strcmp(lua_tostring(L[0], -1), lua_tostring(L[1], -1)) == 0;
        }
        cr_assert(same, "result %lld: %s fused, %s as calls", (long long)k,
                  luaL_tolstring(L[1], -1, NULL), luaL_tolstring(L[0], -1, NULL));
        lua_pop(L[0], 1);
        lua_pop(L[1], 1);
    }
    cr_assert_eq(counted[1], counted[0], "counted %llu fused, %llu as calls",
                 (unsigned long long)counted[1], (unsigned long long)counted[0]);
    cr_assert_eq(hooked[0] - hooked[1], fused_run,
                 "the count hook saw %d instructions fused, %d as calls", hooked[1], hooked[0]);
    lua_close(L[0]);
    lua_close(L[1]);
}

Test(fused_ops, fused_calls_give_what_the_calls_gave)
{
    compare_runs(uses, 1000, USES_FUSED_RUN);
}

/* Other read-only upvalues' calls (OP_M8UPCALL): light C functions and Lua functions, as a
 * statement, with one, all and two results, tail calls of both (a vararg function's too,
 * and one of no arguments), a C function that yields from a coroutine, a nil upvalue's
 * error, seven arguments (fused) and eight (not), and an upvalue past the 31st (not). */
static char *upvalue_calls(void)
{
    size_t cap = 8192, len = 0;
    char *s = malloc(cap);
    len += (size_t)snprintf(s + len, cap - len, "local ");
    for (int k = 1; k <= 33; k++)                /* (u33 read-only, called as upvalue 33) */
        len += (size_t)snprintf(s + len, cap - len, "u%d%s", k, k < 33 ? ", " : " <const> = ");
    for (int k = 1; k <= 32; k++) len += (size_t)snprintf(s + len, cap - len, "%d, ", k);
    len += (size_t)snprintf(s + len, cap - len, "function(x) return x * 2 end\n"
        "local function far(x) return u1 + u2 + u3 + u4 + u5 + u6 + u7 + u8 + u9 + u10 + u11\n"
        "  + u12 + u13 + u14 + u15 + u16 + u17 + u18 + u19 + u20 + u21 + u22 + u23 + u24 + u25\n"
        "  + u26 + u27 + u28 + u29 + u30 + u31 + u32 + u33(x) end\n"
        "local sub <const>, up <const>, yield <const>, wrap <const> =\n"
        "  string.sub, string.upper, coroutine.yield, coroutine.wrap\n"
        "local out, missing <const> = {}, rawget(_G, 'nothing')\n"
        "local put <const> = function(...) for i = 1, select('#', ...) do\n"
        "  local v = (select(i, ...)) if v == nil then v = 'nil' end out[#out + 1] = v end end\n"
        "local id <const> = function(...) return ... end\n"
        "local seven <const> = function(a, b, c, d, e, f, g) return a + b + c + d + e + f + g end\n"
        "local eight <const> = function(a, b, c, d, e, f, g, h) return a + h end\n"
        "local tailc <const> = function(s) return sub(s, 2, 3) end\n"
        "local taill <const> = function(x) return seven(x, 1, 2, 3, 4, 5, 6) end\n"
        "local vt <const> = function(...) local s = ... return up(s) end\n"
        "local stmt <const> = function(s) up(s) end\n"
        "local many <const> = function(s) return {id(s, s, s)} end\n"
        "local two <const> = function(s) local a, b = id(s, s) return a, b end\n"
        "local zero <const> = function() return id() end\n"
        "local gen <const> = function(n) for i = 1, n do yield(i) end end\n"
        "local function round(k)\n"
        "  local s = 'abc' .. k\n"
        "  put(tailc(s), taill(k), vt(s, 1), stmt(s), #many(s), two(s), zero(),\n"
        "      eight(1, 2, 3, 4, 5, 6, 7, k))\n"
        "end\n"
        "local cor <const> = function() local f = wrap(function() gen(3) end)\n"
        "  put(f(), f(), f()) end\n"
        "local callmissing <const> = function() return missing(1) end\n"
        "for k = 1, 20 do round(k) end\n"
        "cor()\n"
        "put(pcall(callmissing))\n"
        "put(far(5))\n"
        "return out\n");
    s[len] = '\0';
    return s;
}

/* Fused calls run: per round 7 in round and 7 in the functions it calls (not eight's, of
 * eight arguments, nor put's, whose arguments call); in cor wrap, gen and 3 yields; the
 * nil upvalue's call; none in far (its u33 is upvalue 33). */
#define UPVALUE_CALLS_FUSED_RUN (20 * 14 + 5 + 1)

Test(fused_ops, upvalue_calls_give_what_the_calls_gave)
{
    char *body = upvalue_calls();
    compare_runs(body, 20 * 8, UPVALUE_CALLS_FUSED_RUN);
    free(body);
}

/* Upvalues that can be assigned are not fused: a metamethod run by an argument that assigns
 * the called variable leaves the call on the function read before the arguments (Lua 5.2's
 * order, PICO-8's), as does an argument's assignment through a closure; a local function
 * and a plain local are called as before. The count hook sees no instruction less. */
static const char *const assignable =
    "local function old() return 'old' end\n"
    "local function new() return 'new' end\n"
    "local f = old\n"
    "local t = setmetatable({}, {__index = function() f = new return 1 end})\n"
    "local function set(v) f = v return 2 end\n"
    "local function h() return f(t.x) end\n"
    "local function h2() local r = f(t.x) return r end\n"
    "local function h3() local r = {f(set(old))} return r[1] end\n"
    "local function loc(x) return x end\n"
    "local function calls() return loc(1), old(), new() end\n"
    "local out = {}\n"
    "for k = 1, 5 do\n"
    "  f = old out[#out + 1] = h()\n"
    "  f = old out[#out + 1] = h2()\n"
    "  f = new out[#out + 1] = h3()\n"
    "  local a, b, c = calls() out[#out + 1] = a out[#out + 1] = b out[#out + 1] = c\n"
    "end\n"
    "return out\n";

Test(fused_ops, assignable_upvalues_are_called_as_read_before_the_arguments)
{
    compare_runs(assignable, 5 * 6, 0);
    lua_State *L = fuse_state(1);
    cr_assert_eq(run_counted(L, assignable, 1), LUA_OK, "%s", lua_tostring(L, -1));
    static const char *const expected[] = { "old", "old", "new", "1", "old", "new" };
    for (int k = 0; k < 6; k++) {
        lua_geti(L, -1, k + 1);
        cr_assert_str_eq(lua_tostring(L, -1), expected[k], "result %d", k + 1);
        lua_pop(L, 1);
    }
    lua_close(L);
}

/* A line hook's lines, as a string. */
static char lines_seen[1 << 16];
static size_t lines_len;
static void line_hook(lua_State *L, lua_Debug *ar)
{
    (void)L;
    if (lines_len + 16 < sizeof lines_seen)
        lines_len += (size_t)snprintf(lines_seen + lines_len, 16, "%d ", ar->currentline);
}

/* A function of about 700 instructions (absolute line information every 128), with fused
 * calls on one line and spread over lines, a gap of 200 lines (past a relative entry's
 * reach) and an error at its end. */
static char *long_function(void)
{
    size_t cap = 1 << 16, len = 0;
    char *s = malloc(cap);
    len += (size_t)snprintf(s + len, cap - len, "local function f(n)\n  local s, t = 1, {x = 2}\n");
    for (int k = 0; k < 60; k++) {
        if (k == 30) for (int g = 0; g < 200; g++) s[len++] = '\n';
        if (k % 3 == 0)
            len += (size_t)snprintf(s + len, cap - len,
                                    "  s = __m8_div(s + %d, n) + __m8_mod(t.x, %d.5)\n", k, k + 1);
        else if (k % 3 == 1)
            len += (size_t)snprintf(s + len, cap - len, "  s = __m8_idiv(s,\n    n +\n    %d)\n", k);
        else
            len += (size_t)snprintf(s + len, cap - len, "  s = s + __m8_mod(s * %d, n)\n", k + 2);
    }
    len += (size_t)snprintf(s + len, cap - len,
                            "  if n < 0 then error('at the end') end\n  return s\nend\n"
                            "local r = f(3)\nreturn r, pcall(f, -1)\n");
    s[len] = '\0';
    return s;
}

Test(fused_ops, fused_calls_keep_their_lines)
{
    char *body = long_function();
    char seen[2][sizeof lines_seen];
    char message[2][256];
    lua_Number result[2];
    for (int f = 0; f < 2; f++) {
        lua_State *L = fuse_state(f);
        lines_len = 0;
        lua_sethook(L, line_hook, LUA_MASKLINE, 0);
        cr_assert_eq(run_counted(L, body, 3), LUA_OK, "%s", lua_tostring(L, -1));
        lua_sethook(L, NULL, 0, 0);
        memcpy(seen[f], lines_seen, lines_len + 1);
        result[f] = lua_tonumber(L, -3);
        cr_assert(!lua_toboolean(L, -2));
        snprintf(message[f], sizeof message[f], "%s", lua_tostring(L, -1));
        lua_close(L);
    }
    free(body);
    cr_assert_str_eq(seen[1], seen[0]);
    cr_assert(strstr(seen[1], " 254 ") != NULL, "the lines after the gap: %.200s", seen[1]);
    cr_assert_str_eq(message[1], message[0]);
    cr_assert(strstr(message[1], "fused:") == message[1], "%s", message[1]);
    cr_assert_eq(result[1], result[0]);
}

/* With a call hook (the profiler's), fused calls make the call, which the hook sees under
 * the helper's name. */
static char names_seen[4096];
static size_t names_len;
static void call_hook(lua_State *L, lua_Debug *ar)
{
    if (lua_getinfo(L, "nS", ar) && ar->what[0] == 'C' && ar->name &&
        names_len + 32 < sizeof names_seen)
        names_len += (size_t)snprintf(names_seen + names_len, 32, "%s ", ar->name);
}

Test(fused_ops, hooked_calls_are_made_and_named)
{
    static const char *const body =
        "local function f(a, b) return __m8_div(a, b) + __m8_idiv(a, b) + __m8_mod(a, b) end\n"
        "local function g(a, b) return __m8_mod(a, b) end\n"
        "return f(7, 2) + g(9, 4)\n";
    char names[2][sizeof names_seen];
    for (int f = 0; f < 2; f++) {
        lua_State *L = fuse_state(f);
        names_len = 0;
        names_seen[0] = '\0';
        lua_sethook(L, call_hook, LUA_MASKCALL, 0);
        cr_assert_eq(run_counted(L, body, 1), LUA_OK, "%s", lua_tostring(L, -1));
        lua_sethook(L, NULL, 0, 0);
        cr_assert_eq(lua_tonumber(L, -1), 3.5 + 3 + 1 + 1);
        memcpy(names[f], names_seen, names_len + 1);
        lua_close(L);
    }
    cr_assert_str_eq(names[1], names[0]);
    cr_assert_str_eq(names[1], "__m8_div __m8_idiv __m8_mod __m8_mod ");
}

/* An operand that is nil: the helper's own error, the same in both. */
Test(fused_ops, a_nil_operand_is_the_helpers_error)
{
    char message[2][256];
    for (int f = 0; f < 2; f++) {
        lua_State *L = fuse_state(f);
        cr_assert_neq(run_counted(L, "local function f(a) return 1 + __m8_div(a, 2) end\n"
                                     "return f(nil)\n", 1), LUA_OK);
        snprintf(message[f], sizeof message[f], "%s", lua_tostring(L, -1));
        lua_close(L);
    }
    cr_assert_str_eq(message[1], message[0]);
    cr_assert(strstr(message[1], "nil") != NULL, "%s", message[1]);
}

/* An allocator that counts the bytes lent out and refuses every allocation past a budget
 * (-1: none refused). */
typedef struct budget_alloc { size_t out; long left; } budget_alloc;

static void *budget_realloc(void *ud, void *p, size_t osize, size_t nsize)
{
    budget_alloc *b = ud;
    if (nsize == 0) {
        if (p) b->out -= osize;
        free(p);
        return NULL;
    }
    if (b->left == 0) return NULL;
    if (b->left > 0) b->left--;
    void *q = realloc(p, nsize);
    if (q) b->out += nsize - (p ? osize : 0);
    return q;
}

/* A function with four line gaps (four absolute line entries: the vector's first size) and
 * then a fused call whose name and argument lie 100 lines apart each way: without the
 * removed fetch, the argument's line (808) is 200 past the previous instruction's and needs
 * a fifth entry, so the replay of the lines grows the vector. */
static char *gapped_source(void)
{
    size_t cap = 2048, len = 0;
    char *s = malloc(cap);
    len += (size_t)snprintf(s + len, cap - len, "local f <const> = g\nlocal function h(v)\n"
                                                "  local y = v\n");
    for (int gap = 0; gap < 5; gap++) {
        for (int k = 0; k < (gap < 4 ? 150 : 100); k++) s[len++] = '\n';
        len += (size_t)snprintf(s + len, cap - len, gap < 4 ? "  y = y + 1\n" : "  local r = f(");
    }
    for (int k = 0; k < 100; k++) s[len++] = '\n';
    len += (size_t)snprintf(s + len, cap - len, "  y)\n  return r\nend\nreturn h\n");
    return s;
}

static int first_argument(lua_State *L)
{
    lua_settop(L, 1);
    return 1;
}

/* The instructions a count hook sees in h(1) of gapped_source compiled with fusing on or
 * off (g: a C function giving back its argument); h's result and its argument's line, which
 * must be active, checked on the way. */
static int gapped_instructions(const char *src, int fuse)
{
    lua_State *L = luaL_newstate();
    lua_m8_setfuseops(L, fuse);
    lua_pushcfunction(L, first_argument);
    lua_setglobal(L, "g");
    cr_assert_eq(luaL_loadbuffer(L, src, strlen(src), "=gapped"), LUA_OK);
    cr_assert_eq(lua_pcall(L, 0, 1, 0), LUA_OK, "%s", lua_tostring(L, -1));
    lua_Debug ar;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">L", &ar);
    lua_pushinteger(L, 808);
    cr_assert_eq(lua_rawget(L, -2), LUA_TBOOLEAN, "the argument's line is active (fuse %d)", fuse);
    lua_pop(L, 2);
    hook_instructions = 0;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    lua_pushinteger(L, 1);
    cr_assert_eq(lua_pcall(L, 1, 1, 0), LUA_OK, "%s", lua_tostring(L, -1));
    lua_sethook(L, NULL, 0, 0);
    cr_assert_eq(lua_tointeger(L, -1), 5);
    int seen = hook_instructions;
    lua_close(L);
    return seen;
}

/* Compiling runs out of memory at every allocation in turn, fusing on: the error is the
 * memory error, and nothing stays allocated once the state is closed (the fusion's
 * temporary vector of lines is freed when saving the lines again fails). That the call is
 * fused: a count hook sees one instruction less than without fusing. */
Test(fused_ops, running_out_of_memory_while_fusing_leaks_nothing)
{
    char *src = gapped_source();
    cr_assert_eq(gapped_instructions(src, 1), gapped_instructions(src, 0) - 1);
    int loaded = 0;
    for (long budget = 0; budget < 100000 && !loaded; budget++) {
        budget_alloc b = { 0, -1 };
        lua_State *L = lua_newstate(budget_realloc, &b);
        cr_assert_not_null(L);
        lua_m8_setfuseops(L, 1);
        b.left = budget;
        int status = luaL_loadbuffer(L, src, strlen(src), "=gapped");
        b.left = -1;
        if (status == LUA_OK) loaded = 1;
        else cr_assert_eq(status, LUA_ERRMEM, "budget %ld: %s", budget, lua_tostring(L, -1));
        lua_close(L);
        cr_assert_eq(b.out, 0, "budget %ld: %zu bytes still allocated", budget, b.out);
    }
    free(src);
    cr_assert(loaded);
}
#endif
