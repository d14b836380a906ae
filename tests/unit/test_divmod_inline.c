/* test_divmod_inline.c - Criterion suite "divmod_inline": the fast paths of issue 26 give
 * bit for bit what the code before them gave.
 *   - p8num.c's division, integer division, modulo and 16.16 pattern (grid fast paths, no
 *     floor/fmod calls) against reference copies of the previous formulas;
 *   - the patched VM's inline __m8_div/__m8_idiv/__m8_mod (tools/lua5.4-p8fastop.patch:
 *     CALL with one result, CALL with all results, TAILCALL) against the same helpers called
 *     from C (a real call), value, integer-or-float subtype and charge;
 *   - the VM's 16.16 multiply of floats (tools/lua5.4-p8num.patch, m8raw's grid fast path)
 *     against a reference copy of the previous formula;
 *   - the VM's own take-back of the helpers' weight (lua_m8_setfastopback) against the charge
 *     it stands for;
 *   - the VM's float modulo (the patterns' remainder on the grid) against fmod's, and its
 *     integer modulo by powers of 2 (a mask) against the floor-modulo formula.
 * Operands: edge values (0, -0, +-1/65536, -32768, +-0x7fff.ffff, NaN, infinities, values
 * off the 16.16 grid or out of range) in every pair, and random 16.16 patterns.
 * Depends on: p8num.h, dialect/p8_runtime.h, helper_state.h, Lua 5.4, Criterion. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "p8num.h"
#include "dialect/p8_runtime.h"
#include "helper_state.h"

/* ---- the formulas before issue 26 (reference copies) ---- */

#define REF_RAW_MAX_D (2147483647.0 / 65536.0)

static double ref_clean(double v)
{
    if (isnan(v)) return 0.0;
    if (isinf(v)) return v > 0 ? REF_RAW_MAX_D : -32768.0;
    return v;
}

static int32_t ref_to_raw(double v)
{
    if (isnan(v)) return 0;
    if (isinf(v)) return v > 0 ? INT32_MAX : INT32_MIN;
    double f = floor(v * 65536.0);
    if (f >= -2147483648.0 && f <= 2147483647.0) return (int32_t)f;
    f = fmod(f, 4294967296.0);
    if (f < 0) f += 4294967296.0;
    return (int32_t)(uint32_t)f;
}

static double ref_div(double a, double b)
{
    a = ref_clean(a); b = ref_clean(b);
    int64_t ra = ref_to_raw(a), rb = ref_to_raw(b);
    if (rb == 0) return a >= 0 ? REF_RAW_MAX_D : -REF_RAW_MAX_D;
    int64_t q = ra * 65536 / rb;
    if (q > INT32_MAX) return REF_RAW_MAX_D;
    if (q < INT32_MIN) return -REF_RAW_MAX_D;
    return (int32_t)q / 65536.0;
}

static double ref_mod(double a, double b)
{
    a = ref_clean(a); b = ref_clean(b);
    if (b == 0) return a;
    b = fabs(b);
    double r = fmod(a, b);
    if (r < 0) r += b;
    if (r >= b) r = 0;
    return r;
}

static double ref_idiv(double a, double b) { return floor(ref_div(a, b)); }

/* the patched VM's float multiply before issue 26 (luaO_m8mulf with its m8raw) */
static int64_t ref_vm_raw(double v)
{
    double f = floor(v * 65536.0);
    if (!(f >= -2147483648.0 && f < 2147483648.0)) {
        f = fmod(f, 4294967296.0);
        if (f < 0) f += 4294967296.0;
    }
    uint64_t u = (uint64_t)(int64_t)f & 0xffffffffu;
    return u >= 0x80000000u ? (int64_t)u - 0x100000000 : (int64_t)u;
}

static double ref_vm_mul(double a, double b)
{
    if (!(a - a == 0 && b - b == 0)) return a * b;
    int64_t p = ref_vm_raw(a) * ref_vm_raw(b);
    p = (p >= 0) ? p / 65536 : -((-p + 65535) / 65536);
    uint64_t u = (uint64_t)p & 0xffffffffu;
    int64_t s = u >= 0x80000000u ? (int64_t)u - 0x100000000 : (int64_t)u;
    return (double)s / 65536.0;
}

/* ---- operands ---- */

static const double edges[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.0 / 65536, -1.0 / 65536, 2.0, -2.0, 3.0, -3.0,
    2.5, -2.5, 7.0, 100.0, -100.0, 255.0, 256.0, 32767.0, -32767.0, -32768.0,
    2147483647.0 / 65536.0, -2147483647.0 / 65536.0, 0.1, -0.1, 1.0 / 3, 1e-9, -1e-9,
    32768.0, 40000.5, -40000.25, 65536.0, 1e10, -1e10, NAN, INFINITY, -INFINITY,
};
#define N_EDGES ((int)(sizeof edges / sizeof edges[0]))
#define N_RANDOM 60000

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* Operand pair k: the edge pairs first, then random 16.16 patterns (some small ones, as
 * carts' divisors are) mixed with edges. Returns 0 past the end. */
static int operands(int k, double *a, double *b)
{
    if (k < N_EDGES * N_EDGES) {
        *a = edges[k / N_EDGES];
        *b = edges[k % N_EDGES];
        return 1;
    }
    k -= N_EDGES * N_EDGES;
    if (k >= N_RANDOM) return 0;
    int32_t ra = (int32_t)rng(), rb = (int32_t)rng();
    if (k % 3 == 1) rb >>= 12;
    if (k % 5 == 2) ra >>= 8;
    *a = k % 17 == 3 ? edges[rng() % N_EDGES] : ra / 65536.0;
    *b = k % 13 == 4 ? edges[rng() % N_EDGES] : rb / 65536.0;
    return 1;
}

static int same_bits(double x, double y) { return memcmp(&x, &y, sizeof x) == 0; }

Test(divmod_inline, p8num_matches_the_previous_formulas)
{
    double a, b;
    for (int k = 0; operands(k, &a, &b); k++) {
        cr_assert(m8_num_to_raw(a) == ref_to_raw(a), "to_raw(%a)", a);
        cr_assert(same_bits(m8_num_div(a, b), ref_div(a, b)), "div(%a, %a): %a, was %a", a, b,
                  m8_num_div(a, b), ref_div(a, b));
        cr_assert(same_bits(m8_num_idiv(a, b), ref_idiv(a, b)), "idiv(%a, %a): %a, was %a", a,
                  b, m8_num_idiv(a, b), ref_idiv(a, b));
        cr_assert(same_bits(m8_num_mod(a, b), ref_mod(a, b)), "mod(%a, %a): %a, was %a", a, b,
                  m8_num_mod(a, b), ref_mod(a, b));
    }
}

/* ---- the VM ---- */

static long long charged;
static int charges;
static void count_charge(lua_State *L, long long cycles, m8_charge_kind kind)
{
    (void)L;
    (void)kind;
    charged += cycles;
    charges++;
}

/* A state with the dialect's helpers charging to count_charge. */
static lua_State *helper_state(void) { return m8t_helper_state(count_charge); }

/* v as a Lua integer when `as_integer` and v is integral in PICO-8's range (as carts'
 * integer literals are), else as a float. */
static void push_operand(lua_State *L, double v, int as_integer)
{
    if (as_integer && v == floor(v) && v >= -32768 && v < 32768) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushnumber(L, v);
}

/* Helper `name` called from C (luaD_call: never inline). */
static void call_helper(lua_State *L, const char *name, double a, double b, int as_integer)
{
    lua_getglobal(L, name);
    push_operand(L, a, as_integer);
    push_operand(L, b, as_integer);
    lua_call(L, 2, 1);
}

/* Each helper through the VM's CALL (one result), TAILCALL and CALL with all results (the
 * count of results is returned too): 3 x 3 values and 3 counts. */
static const char *const vm_chunk =
    "local a, b = ...\n"
    "local function tdiv(x, y) return __m8_div(x, y) end\n"
    "local function tidiv(x, y) return __m8_idiv(x, y) end\n"
    "local function tmod(x, y) return __m8_mod(x, y) end\n"
    "local d, i, m = __m8_div(a, b), __m8_idiv(a, b), __m8_mod(a, b)\n"
    "return d, i, m, tdiv(a, b), tidiv(a, b), tmod(a, b),\n"
    "  select(1, __m8_div(a, b)), select(1, __m8_idiv(a, b)), select(1, __m8_mod(a, b)),\n"
    "  select('#', __m8_div(a, b)), select('#', __m8_idiv(a, b)), select('#', __m8_mod(a, b))\n";

Test(divmod_inline, vm_inline_helpers_match_the_helper_calls)
{
    static const char *const names[3] = { "__m8_div", "__m8_idiv", "__m8_mod" };
    lua_State *L = helper_state();
    cr_assert_eq(luaL_loadstring(L, vm_chunk), LUA_OK);
    int chunk = luaL_ref(L, LUA_REGISTRYINDEX);
    double a, b;
    for (int k = 0; operands(k, &a, &b); k++) {
        double want[3];
        int want_int[3];
        long long want_charge[3];
        for (int h = 0; h < 3; h++) {
            charged = 0;
            call_helper(L, names[h], a, b, k & 1);
            want[h] = lua_tonumber(L, -1);
            want_int[h] = lua_isinteger(L, -1);
            want_charge[h] = charged;
            lua_pop(L, 1);
        }
        charged = 0;
        charges = 0;
        lua_rawgeti(L, LUA_REGISTRYINDEX, chunk);
        push_operand(L, a, k & 1);
        push_operand(L, b, k & 1);
        cr_assert_eq(lua_pcall(L, 2, 12, 0), LUA_OK, "%s", lua_tostring(L, -1));
        for (int r = 0; r < 9; r++) {
            int idx = -12 + r, h = r % 3;
            cr_assert(same_bits(lua_tonumber(L, idx), want[h]) &&
                      lua_isinteger(L, idx) == want_int[h],
                      "%s(%a, %a) path %d: %a (integer %d), the call gives %a (integer %d)",
                      names[h], a, b, r / 3, lua_tonumber(L, idx), lua_isinteger(L, idx),
                      want[h], want_int[h]);
        }
        for (int r = 9; r < 12; r++) cr_assert_eq(lua_tointeger(L, -12 + r), 1);
        cr_assert_eq(charges, 12);
        cr_assert_eq(charged, 4 * (want_charge[0] + want_charge[1] + want_charge[2]));
        lua_pop(L, 12);
    }
    lua_close(L);
}

/* An operand that is not a number (a string, a table with __div) takes the helper call. */
Test(divmod_inline, other_operands_call_the_helper)
{
    lua_State *L = helper_state();
    cr_assert_eq(luaL_dostring(L,
        "local v = setmetatable({}, {__div = function() return 'mm' end})\n"
        "return __m8_div('10', 4), __m8_mod('7', 2), __m8_div(v, 2)"), LUA_OK);
    cr_assert_eq(lua_tonumber(L, -3), 2.5);
    cr_assert_eq(lua_tonumber(L, -2), 1.0);
    cr_assert_str_eq(lua_tostring(L, -1), "mm");
    cr_assert(luaL_dostring(L, "return __m8_div(nil, 2)") != LUA_OK);
    lua_close(L);
}

#ifdef LUA_M8FASTOP
/* The VM really runs a registered helper inline: a function whose C body gives another
 * answer than the registered operator. */
static int body_says_minus_one(lua_State *L) { lua_pushinteger(L, -1); return 1; }
static double op_adds(double a, double b) { return a + b; }

Test(divmod_inline, registered_calls_run_inline)
{
    lua_State *L = luaL_newstate();
    cr_assert(lua_m8_setfastop(L, body_says_minus_one, op_adds, NULL, -1));
    lua_pushnil(L);                              /* a closure, as the helpers are */
    lua_pushcclosure(L, body_says_minus_one, 1);
    lua_setglobal(L, "f");
    cr_assert_eq(luaL_dostring(L, "return f(2, 0.5), f(2, 'x'), f(2, 3, 4)"), LUA_OK);
    cr_assert_eq(lua_tonumber(L, -3), 2.5);
    cr_assert_eq(lua_tonumber(L, -2), -1);       /* a string operand: the real call */
    cr_assert_eq(lua_tonumber(L, -1), -1);       /* three arguments: the real call */
    lua_close(L);
}
#endif

#if defined(LUA_M8FASTOP) && defined(LUA_M8COUNT)
/* The take-back the VM makes itself (m8_translate_weight_backs_in_vm) leaves the counter
 * where the charge leaves it, a host charge that takes a weight back from the same counter
 * (as api/vm.c's does, never below what it last read: nothing here); and with a CALL
 * lighter than the take-back the VM runs the charge. Divisions in a loop, in a tail call
 * and with all results wanted. */
static lua_M8Count division_counter;
static void charge_on_counter(lua_State *L, long long cycles, m8_charge_kind kind)
{
    (void)L;
    (void)kind;
    charges++;
    if (cycles < 0) {
        lua_M8Count back = (lua_M8Count)(-cycles);
        division_counter -= back < division_counter ? back : division_counter;
    } else {
        division_counter += (lua_M8Count)cycles;
    }
}

static lua_M8Count count_divisions(int back_in_vm, unsigned call_weight, int *charged_calls)
{
    lua_State *L = m8t_helper_state(charge_on_counter);
    cr_assert(lua_m8_setweight(L, "CALL", call_weight) && lua_m8_setweight(L, "TAILCALL", call_weight));
    if (back_in_vm) m8_translate_weight_backs_in_vm(L);
    division_counter = 0;
    charges = 0;
    lua_m8_setcounter(L, &division_counter);
    cr_assert_eq(luaL_dostring(L,
        "local function t(x, y) return __m8_div(x, y) end\n"
        "local s = 0\n"
        "for i = 1, 40 do\n"
        "  s = __m8_div(s + i, 3) + __m8_mod(i * 1.5, 7) + __m8_idiv(i, 2.5) + t(i, s + 1)\n"
        "  s = s + select('#', __m8_mod(s, 5))\n"
        "end\n"
        "return s"), LUA_OK, "%s", lua_tostring(L, -1));
    lua_m8_setcounter(L, NULL);
    lua_close(L);
    *charged_calls = charges;
    return division_counter;
}

Test(divmod_inline, the_vm_takes_back_what_the_charge_takes_back)
{
    int by_charge, by_vm;
    lua_M8Count want = count_divisions(0, 2, &by_charge);
    cr_assert_eq(by_charge, 40 * 5, "the helpers charged %d times", by_charge);
    cr_assert_eq(count_divisions(1, 2, &by_vm), want);
    cr_assert_eq(by_vm, 0, "the take-back still ran the charge %d times", by_vm);
    /* a CALL weighing less than the take-back: the charge decides (here, all of it) */
    want = count_divisions(0, 1, &by_charge);
    cr_assert_eq(count_divisions(1, 1, &by_vm), want);
    cr_assert_eq(by_vm, by_charge);
}
#endif

/* The inline path makes the stack growth and CallInfo the helper's call makes: a division at
 * a call depth nothing else reached leaves the heap as large as the real call (run with an
 * empty call hook, which turns the inline path off). */
static void empty_hook(lua_State *L, lua_Debug *ar) { (void)L; (void)ar; }
static int heap_after_deep_division(int real_calls)
{
    lua_State *L = helper_state();
    lua_gc(L, LUA_GCSTOP);
    if (real_calls) lua_sethook(L, empty_hook, LUA_MASKCALL, 0);
    cr_assert_eq(luaL_dostring(L,
        "local function f(n) if n == 0 then local q = __m8_div(7, 3) return q end\n"
        "  local r = f(n - 1) return r end\n"
        "return f(300)"), LUA_OK, "%s", lua_tostring(L, -1));
    cr_assert_eq(lua_tonumber(L, -1), m8_num_div(7, 3));
    lua_sethook(L, NULL, 0, 0);
    int bytes = lua_gc(L, LUA_GCCOUNT) * 1024 + lua_gc(L, LUA_GCCOUNTB);
    lua_close(L);
    return bytes;
}

Test(divmod_inline, inline_calls_use_the_memory_of_the_call)
{
    cr_assert_eq(heap_after_deep_division(0), heap_after_deep_division(1));
}

#ifdef LUA_M8NUM
/* A plain patched state, and in *chunk the registry reference of src compiled in it. */
static lua_State *chunk_state(const char *src, int *chunk)
{
    lua_State *L = luaL_newstate();
    cr_assert_eq(luaL_loadstring(L, src), LUA_OK, "%s", src);
    *chunk = luaL_ref(L, LUA_REGISTRYINDEX);
    return L;
}

/* Call that chunk with the floats a and b, nresults results left on the stack. */
static void call_chunk(lua_State *L, int chunk, double a, double b, int nresults)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, chunk);
    lua_pushnumber(L, a);
    lua_pushnumber(L, b);
    lua_call(L, 2, nresults);
}

Test(divmod_inline, vm_multiply_matches_the_previous_formula)
{
    int chunk;
    lua_State *L = chunk_state("local a, b = ... return a * b", &chunk);
    double a, b;
    for (int k = 0; operands(k, &a, &b); k++) {
        call_chunk(L, chunk, a, b, 1);
        double want = ref_vm_mul(a, b), got = lua_tonumber(L, -1);
        cr_assert(same_bits(got, want) || (isnan(got) && isnan(want)),
                  "%a * %a: %a, was %a", a, b, got, want);
        lua_pop(L, 1);
    }
    lua_close(L);
}
#endif

#ifdef LUA_M8NUM
/* Lua's float modulo before issue 26's grid path (llimits.h luai_nummod on fmod) */
static double ref_vm_fmod(double a, double b)
{
    double m = fmod(a, b);
    if ((m > 0) ? b < 0 : (m < 0 && b > 0)) m += b;
    return m;
}

/* The VM's float `%` (MOD, and MODK: the dialect's `%` by a positive constant) takes the
 * remainder of the 16.16 patterns for operands on the grid (l_m8fmod): bit for bit what
 * fmod gave, zeros' signs included, for every operand pair and for constant divisors. */
Test(divmod_inline, vm_float_modulo_matches_fmod)
{
    int chunk;
    lua_State *L = chunk_state("local a, b = ... return a % b, a % 100, a % 0.375, a % 1",
                               &chunk);
    double a, b;
    for (int k = 0; operands(k, &a, &b); k++) {
        call_chunk(L, chunk, a, b, 4);
        const double want[4] = { ref_vm_fmod(a, b), ref_vm_fmod(a, 100), ref_vm_fmod(a, 0.375),
                                 ref_vm_fmod(a, 1) };
        for (int j = 0; j < 4; j++) {
            double got = lua_tonumber(L, -4 + j);
            cr_assert(lua_type(L, -4 + j) == LUA_TNUMBER && !lua_isinteger(L, -4 + j),
                      "%a %% operand %d: not a float", a, j);
            cr_assert(same_bits(got, want[j]) || (isnan(got) && isnan(want[j])),
                      "%a %% %a (result %d): %a, was %a", a, b, j, got, want[j]);
        }
        lua_pop(L, 4);
    }
    lua_close(L);
}
#endif

#ifdef LUA_M8NUM
/* The VM's float `/` before DIVK's grid path (luaO_m8divf with its m8raw) */
static double ref_vm_divf(double a, double b)
{
    if (!(a - a == 0 && b - b == 0)) return a / b;
    int64_t ra = ref_vm_raw(a), rb = ref_vm_raw(b);
    if (rb == 0) return a / b;
    int64_t q = ra * 65536 / rb;
    if (q > INT32_MAX) q = INT32_MAX;
    else if (q < INT32_MIN) q = -INT32_MAX;
    return (double)q / 65536.0;
}

/* DIVK (`/` by a constant: the dialect leaves those to the VM) divides the 16.16 patterns
 * itself for operands on the grid: bit for bit luaO_m8divf's quotient, always a float, for
 * every operand (integers too) and constants of both signs, tiny, large and zero. */
Test(divmod_inline, vm_division_by_a_constant_matches_the_previous_formula)
{
    static const double divisors[] = { 2048, 3, -0.375, 0.5, 1.0 / 65536, 32767, -32768, 0 };
    int chunk;
    lua_State *L = chunk_state("local a = ... return a / 2048, a / 3, a / -0.375, a / 0.5, "
                               "a / 0x0.0001, a / 32767, a / -32768, a / 0", &chunk);
    double a, b;
    for (int k = 0; operands(k, &a, &b); k++) {
        for (int as_integer = 0; as_integer < 2; as_integer++) {
            if (as_integer && (a != floor(a) || fabs(a) >= 9.2e18)) continue;
            lua_rawgeti(L, LUA_REGISTRYINDEX, chunk);
            if (as_integer) lua_pushinteger(L, (lua_Integer)a);
            else lua_pushnumber(L, a);
            lua_call(L, 1, 8);
            for (int j = 0; j < 8; j++) {
                double want = ref_vm_divf(a, divisors[j]), got = lua_tonumber(L, -8 + j);
                cr_assert(lua_type(L, -8 + j) == LUA_TNUMBER && !lua_isinteger(L, -8 + j),
                          "%a / %a: not a float", a, divisors[j]);
                cr_assert(same_bits(got, want) || (isnan(got) && isnan(want)),
                          "%a%s / %a: %a, was %a", a, as_integer ? " (integer)" : "",
                          divisors[j], got, want);
            }
            lua_pop(L, 8);
        }
    }
    lua_close(L);
}
#endif

#ifdef LUA_M8NUM
/* Lua's integer floor modulo (luaV_mod), written out: the reference for its power-of-2 mask */
static long long ref_int_mod(long long m, long long n)
{
    if (n == -1) return 0;                  /* (C's INT64_MIN % -1 overflows; Lua's is 0) */
    long long r = m % n;
    if (r != 0 && (r ^ n) < 0) r += n;
    return r;
}

/* The VM's integer `%` by a power of 2 (MOD, and MODK: `x%128`) is a mask: the same floor
 * modulo as the division for every dividend, negative ones included, and every other
 * divisor still divides. */
Test(divmod_inline, vm_integer_modulo_by_powers_of_two)
{
    int chunk;
    lua_State *L = chunk_state("local m, n = ... return m % n, m % 128, m % 1, m % 6",
                               &chunk);
    static const long long divisors[] = { 1, 2, 4, 8, 16, 64, 128, 1024, 32768, 65536,
                                          1ll << 40, 3, 6, 7, 100, -1, -2, -8, -128, -3 };
    static const long long dividends[] = { 0, 1, -1, 7, -7, 127, 128, -128, -129, 32767,
                                           -32768, 65535, -65536, 1ll << 40, -(1ll << 40),
                                           0x7fffffffffffffffll, -0x7fffffffffffffffll - 1 };
    const int nd = (int)(sizeof dividends / sizeof dividends[0]);
    for (int k = 0; k < nd + 2000; k++) {
        long long m = k < nd ? dividends[k] : (long long)(int32_t)rng() >> (k % 16);
        for (int j = 0; j < (int)(sizeof divisors / sizeof divisors[0]); j++) {
            long long n = divisors[j];
            lua_rawgeti(L, LUA_REGISTRYINDEX, chunk);
            lua_pushinteger(L, m);
            lua_pushinteger(L, n);
            cr_assert_eq(lua_pcall(L, 2, 4, 0), LUA_OK, "%lld %% %lld: %s", m, n,
                         lua_tostring(L, -1));
            const long long want[4] = { ref_int_mod(m, n), ref_int_mod(m, 128), 0,
                                        ref_int_mod(m, 6) };
            for (int r = 0; r < 4; r++) {
                cr_assert(lua_isinteger(L, -4 + r), "%lld %% %lld: not an integer", m, n);
                cr_assert_eq(lua_tointeger(L, -4 + r), want[r], "%lld %% %lld (result %d): %lld, "
                             "the division gives %lld", m, r ? (r == 1 ? 128 : r == 2 ? 1 : 6) : n,
                             r, (long long)lua_tointeger(L, -4 + r), want[r]);
            }
            lua_pop(L, 4);
        }
    }
    lua_close(L);
}
#endif

#ifdef LUA_M8NUM
/* The inline multiply's edge cases (llimits.h l_m8mulf: operands on the 16.16 grid), with
 * PICO-8's answers written out: products floor toward minus infinity, wrap at +-32768, tiny
 * products floor to 0 or -1/65536; inf and NaN (a division by a float zero in plain Lua)
 * take the slow path and stay inf and NaN. */
Test(divmod_inline, vm_multiply_edge_cases)
{
    static const struct { double a, b, want; } cases[] = {
        { -1.0 / 65536, 0.5, -1.0 / 65536 },       /* -2^-17 floors to -2^-16 */
        { 1.0 / 65536, 0.5, 0.0 },                 /* 2^-17 floors to 0 */
        { -1.0 / 65536, 1.0 / 65536, -1.0 / 65536 },
        { 1.0 / 65536, 1.0 / 65536, 0.0 },
        { -0.5, 1.0 / 65536, -1.0 / 65536 },
        { -3.25, 0.75, -2.4375 },                  /* exact */
        { -1.5, 2.5, -3.75 },
        { -0.75, -0.75, 0.5625 },
        { 256.0, 128.5, -32640.0 },                /* 32896 wraps */
        { 181.5, 181.5, -32593.75 },               /* 32942.25 wraps */
        { -32768.0, -1.5, -16384.0 },              /* 49152 wraps */
        { -32768.0, 0.5, -16384.0 },
        { 32767.5, 2.0, -1.0 },                    /* 65535 wraps */
        { 16384.0, 2.0, -32768.0 },                /* 32768 wraps to -32768 */
        { -16384.0, 2.0, -32768.0 },               /* -32768 stays */
        { 2147483647.0 / 65536.0, 2147483647.0 / 65536.0, -1.0 },   /* 0x...ffff0000 */
    };
    int chunk;
    lua_State *L = chunk_state("local a, b = ... return a * b", &chunk);
    for (int k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
        for (int swap = 0; swap < 2; swap++) {
            call_chunk(L, chunk, swap ? cases[k].b : cases[k].a, swap ? cases[k].a : cases[k].b, 1);
            double got = lua_tonumber(L, -1);
            cr_assert(got == cases[k].want, "%a * %a: %a, PICO-8 gives %a", cases[k].a,
                      cases[k].b, got, cases[k].want);
            lua_pop(L, 1);
        }
    }
    cr_assert_eq(luaL_dostring(L,
        "local z = 0.0\n"
        "local inf, nan = 1.5 / z, z / z\n"
        "return inf * 2.5, -inf * 0.5, inf * -3.0, inf * 0.0, nan * 1.5, 1.5 * nan"), LUA_OK,
        "%s", lua_tostring(L, -1));
    cr_assert(isinf(lua_tonumber(L, 1)) && lua_tonumber(L, 1) > 0);
    cr_assert(isinf(lua_tonumber(L, 2)) && lua_tonumber(L, 2) < 0);
    cr_assert(isinf(lua_tonumber(L, 3)) && lua_tonumber(L, 3) < 0);
    for (int i = 4; i <= 6; i++) cr_assert(isnan(lua_tonumber(L, i)), "result %d", i);
    lua_close(L);
}
#endif
