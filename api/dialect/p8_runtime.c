/* p8_runtime.c - Lua runtime support for translated PICO-8 code.
 *
 * The __m8_* helpers that p8_translate.c emits for PICO-8-only operators (bitwise ops on the
 * 16.16 pattern, division/modulo/integer division with PICO-8's zero and sign rules, `..`
 * with PICO-8 number formatting, @ % $ peeks), tostr/tonum (reference 7.7/7.8), the glyph
 * globals of reference 6.2 and string indexing str[i]. Operands that are not numbers fall
 * back to Lua's own arithmetic (so __div/__band/... metamethods of carts' vector classes
 * still run, and errors read "attempt to perform arithmetic on a nil value").
 * Depends on: p8_helpers.h (the list of helpers), p8_translate.h, Lua 5.4, p8num.h. */
#include "p8_runtime.h"
#include "p8_helpers.h"

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <lauxlib.h>

#include "p8num.h"
#include "p8_translate.h"

/* Push a result: integral values as Lua integers (like the literals the translator emits). */
static void push_num(lua_State *L, double v)
{
    if (v == floor(v) && v >= -2147483648.0 && v < 2147483648.0) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushnumber(L, v);
}

static int num_arg(lua_State *L, int i, double *out)
{
    int ok = 0;
    *out = lua_tonumberx(L, i, &ok);
    return ok;
}

/* The host's charge (m8_translate_set_charge), upvalue 1 of every charging helper; NULL (a
 * light userdata of 0, or no upvalue before the host installs it) charges nothing. */
static void charge(lua_State *L, long long cycles, m8_charge_kind kind)
{
    m8_op_charge fn = (m8_op_charge)(uintptr_t)lua_touserdata(L, lua_upvalueindex(1));
    if (fn && cycles) fn(L, cycles, kind);
}

/* What a helper for an operator PICO-8 charges `op` cycles for charges through `fn`: a
 * helper call weighs M8_HELPER_CALL_CYCLES; what the call weighs too much is a weight
 * correction; what it weighs too little (x^y) is work of the operator, charged however Lua
 * is counted. */
static void charge_op_with(lua_State *L, m8_op_charge fn, int op)
{
    long long d = (long long)op - M8_HELPER_CALL_CYCLES;
    if (fn && d) fn(L, d, d < 0 ? M8_CHARGE_WEIGHT : M8_CHARGE_WORK);
}

static void charge_op(lua_State *L, int op)
{
    charge_op_with(L, (m8_op_charge)(uintptr_t)lua_touserdata(L, lua_upvalueindex(1)), op);
}
#define CHARGE_OP(L, op) charge_op((L), (op))

/* Two-operand helper: numbers through f; otherwise Lua's own operator `op` when an operand
 * has the metamethod `event` (cart vector classes), else an error that names the cart line
 * (luaL_error reports the calling Lua line; lua_arith's own error would not). */
static int arith2(lua_State *L, double (*f)(double, double), int op, const char *event,
                  const char *what)
{
    double a, b;
    if (num_arg(L, 1, &a) && num_arg(L, 2, &b)) {
        push_num(L, f(a, b));
        return 1;
    }
    lua_settop(L, 2);
    if (op >= 0 && (luaL_getmetafield(L, 1, event) != LUA_TNIL ||
                    luaL_getmetafield(L, 2, event) != LUA_TNIL)) {
        lua_settop(L, 2);
        lua_arith(L, op);
        return 1;
    }
    int bad = lua_isnumber(L, 1) ? 2 : 1;
    return luaL_error(L, "attempt to perform %s on a %s value", what, luaL_typename(L, bad));
}

/* The common case of carts' bitwise operators: both operands Lua integers in PICO-8's range
 * (-32768..32767), whose 16.16 patterns have no fraction bits, so the result follows from
 * the integers alone (the general path, through the 16.16 pattern, gives the same). */
static int small_ints(lua_State *L, lua_Integer *a, lua_Integer *b)
{
    if (!lua_isinteger(L, 1) || !lua_isinteger(L, 2)) return 0;
    *a = lua_tointeger(L, 1);
    *b = lua_tointeger(L, 2);
    return *a >= -32768 && *a <= 32767 && *b >= -32768 && *b <= 32767;
}

static int h_band(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    lua_Integer a, b;
    if (small_ints(L, &a, &b)) {
        lua_pushinteger(L, a & b);
        return 1;
    }
    return arith2(L, m8_num_band, LUA_OPBAND, "__band", "bitwise operation");
}

static int h_bor(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    lua_Integer a, b;
    if (small_ints(L, &a, &b)) {
        lua_pushinteger(L, a | b);
        return 1;
    }
    return arith2(L, m8_num_bor, LUA_OPBOR, "__bor", "bitwise operation");
}

static int h_bxor(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    lua_Integer a, b;
    if (small_ints(L, &a, &b)) {
        lua_pushinteger(L, a ^ b);
        return 1;
    }
    return arith2(L, m8_num_bxor, LUA_OPBXOR, "__bxor", "bitwise operation");
}

static int h_shl(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    lua_Integer a, n;
    if (small_ints(L, &a, &n) && n >= 0 && n <= 15) {    /* the integer bits wrap at 16 */
        lua_pushinteger(L, (int16_t)(uint16_t)((uint64_t)a << n));
        return 1;
    }
    return arith2(L, m8_num_shl, LUA_OPSHL, "__shl", "bitwise operation");
}

static int h_shr(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    lua_Integer a, n;
    if (small_ints(L, &a, &n) && n >= 0 && n <= 16) {    /* no bit leaves the 16.16 pattern */
        lua_Integer low = a & (((lua_Integer)1 << n) - 1);
        if (low == 0) lua_pushinteger(L, a >> n);         /* arithmetic: floor for negatives */
        else lua_pushnumber(L, (double)a / (double)((lua_Integer)1 << n));
        return 1;
    }
    return arith2(L, m8_num_shr, LUA_OPSHR, "__shr", "bitwise operation");
}
static int h_lshr(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    return arith2(L, m8_num_lshr, -1, "", "bitwise operation");
}
static int h_rotl(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    return arith2(L, m8_num_rotl, -1, "", "bitwise operation");
}
static int h_rotr(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    return arith2(L, m8_num_rotr, -1, "", "bitwise operation");
}
static int h_div(lua_State *L)
{
    CHARGE_OP(L, M8_OP_DIVIDE_CYCLES);
    return arith2(L, m8_num_div, LUA_OPDIV, "__div", "arithmetic");
}
static int h_idiv(lua_State *L)
{
    CHARGE_OP(L, M8_OP_DIVIDE_CYCLES);
    return arith2(L, m8_num_idiv, LUA_OPIDIV, "__idiv", "arithmetic");
}
static int h_mod(lua_State *L)
{
    CHARGE_OP(L, M8_OP_DIVIDE_CYCLES);
    return arith2(L, m8_num_mod, LUA_OPMOD, "__mod", "arithmetic");
}
#ifdef LUA_M8FASTOP
/* The patched VM runs a call of __m8_div, __m8_idiv or __m8_mod with two numbers inline
 * (tools/lua5.4-p8fastop.patch): the same function of the two numbers as arith2's, the same
 * integer-or-float result as push_num's, and this charge, the helper's first upvalue `ud`. */
static void charge_divide(lua_State *L, void *ud)
{
    charge_op_with(L, (m8_op_charge)(uintptr_t)ud, M8_OP_DIVIDE_CYCLES);
}

static void register_inline_helpers(lua_State *L)
{
    lua_m8_setfastop(L, h_div, m8_num_div, charge_divide, LUA_OPDIV);
    lua_m8_setfastop(L, h_idiv, m8_num_idiv, charge_divide, LUA_OPIDIV);
    lua_m8_setfastop(L, h_mod, m8_num_mod, charge_divide, LUA_OPMOD);
}

void m8_translate_weight_backs_in_vm(lua_State *L)
{
    int back = M8_HELPER_CALL_CYCLES - M8_OP_DIVIDE_CYCLES;
    lua_m8_setfastopback(L, h_div, back);
    lua_m8_setfastopback(L, h_idiv, back);
    lua_m8_setfastopback(L, h_mod, back);
}

void m8_translate_fuse_upvalue_calls(lua_State *L)
{
    lua_m8_setfuseops(L, 1);
}
#else
static void register_inline_helpers(lua_State *L) { (void)L; }   /* the system's liblua5.4 */
void m8_translate_weight_backs_in_vm(lua_State *L) { (void)L; }
void m8_translate_fuse_upvalue_calls(lua_State *L) { (void)L; }
#endif

/* A numeric for's step: itself, except 0, which becomes minus the smallest double. Lua then
 * runs the loop as PICO-8's older Lua ran a zero step: no iteration when start < limit,
 * else for ever (start plus that step rounds back to start). */
static int h_forstep(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TNUMBER && lua_tonumber(L, 1) == 0) {
        lua_pushnumber(L, -4.9406564584124654e-324);
        return 1;
    }
    lua_settop(L, 1);
    return 1;
}

/* a ^ b wraps to 16.16 like PICO-8's, so 6^13 == 0x6000 */
static double num_pow_wrapped(double a, double b) { return m8_num_wrap(pow(a, b)); }
static int h_pow(lua_State *L)
{
    double e;
    int whole = num_arg(L, 2, &e) && e == floor(e);      /* x^4 costs half of x^.5 */
    CHARGE_OP(L, whole ? M8_OP_POW_INT_CYCLES : M8_OP_POW_CYCLES);
    return arith2(L, num_pow_wrapped, LUA_OPPOW, "__pow", "arithmetic");
}

static int h_bnot(lua_State *L)
{
    CHARGE_OP(L, M8_OP_BITWISE_CYCLES);
    double a;
    if (num_arg(L, 1, &a)) {
        push_num(L, m8_num_bnot(a));
        return 1;
    }
    lua_settop(L, 1);
    if (luaL_getmetafield(L, 1, "__bnot") == LUA_TNIL)
        return luaL_error(L, "attempt to perform bitwise operation on a %s value", luaL_typename(L, 1));
    lua_settop(L, 1);
    lua_arith(L, LUA_OPBNOT);
    return 1;
}

/* ---- tostr ---- */

static void push_number_str(lua_State *L, double v, int flags)
{
    char buf[32];
    int n = flags ? m8_num_format_flags(v, flags, buf) : m8_num_format(v, buf);
    lua_pushlstring(L, buf, (size_t)n);
}

static const char *push_tostr_flags(lua_State *L, int idx, int flags, size_t *len)
{
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER: push_number_str(L, lua_tonumber(L, idx), flags); break;
    case LUA_TSTRING: lua_pushvalue(L, idx); break;
    case LUA_TNIL: case LUA_TNONE: lua_pushliteral(L, "[nil]"); break;
    case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false"); break;
    default:
        if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
            lua_pop(L, 1);
            luaL_tolstring(L, idx, NULL);          /* calls __tostring */
        } else if (flags & 1) {
            lua_pushfstring(L, "%s: %p", luaL_typename(L, idx), lua_topointer(L, idx));
        } else {
            lua_pushfstring(L, "[%s]", luaL_typename(L, idx));
        }
    }
    return lua_tolstring(L, -1, len);
}

const char *m8_push_tostr(lua_State *L, int idx, size_t *len) { return push_tostr_flags(L, idx, 0, len); }

int m8_lua_tostr(lua_State *L)
{
    if (lua_gettop(L) == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    int flags = 0;
    if (lua_isboolean(L, 2)) flags = lua_toboolean(L, 2) ? 1 : 0;
    else if (lua_isnumber(L, 2)) flags = m8_num_to_int(lua_tonumber(L, 2));
    push_tostr_flags(L, 1, flags, NULL);
    return 1;
}

/* ---- tonum ---- */

int m8_lua_tonum(lua_State *L)
{
    int flags = lua_isnumber(L, 2) ? m8_num_to_int(lua_tonumber(L, 2)) : 0;
    double v;
    switch (lua_type(L, 1)) {
    case LUA_TNUMBER:
        lua_pushvalue(L, 1);
        return 1;
    case LUA_TBOOLEAN:
        lua_pushinteger(L, lua_toboolean(L, 1));
        return 1;
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, 1, &n);
        if (m8_num_parse(s, (int)n, flags, &v)) {
            push_num(L, v);
            return 1;
        }
        break;
    }
    default: break;
    }
    if (flags & 4) {
        lua_pushinteger(L, 0);
        return 1;
    }
    return 0;                                        /* no value at all, not nil */
}

/* ---- `..` ---- */

static int strnum(lua_State *L, int i)
{
    int t = lua_type(L, i);
    return t == LUA_TSTRING || t == LUA_TNUMBER;
}

/* Append value i in its `..` form (numbers in PICO-8 format). */
static void add_piece(lua_State *L, luaL_Buffer *B, int i)
{
    if (lua_type(L, i) == LUA_TNUMBER) {
        char buf[32];
        int n = m8_num_format(lua_tonumber(L, i), buf);
        luaL_addlstring(B, buf, (size_t)n);
    } else {
        size_t n;
        const char *s = lua_tolstring(L, i, &n);
        luaL_addlstring(B, s, n);
    }
}

/* A `..` costs 1 cycle per byte it makes (the result on top of the stack). */
static void charge_cat(lua_State *L)
{
    charge(L, (long long)lua_rawlen(L, -1), M8_CHARGE_WORK);
}

/* __m8_cat(a, b, c, ...) == a .. (b .. (c .. ...)) */
static int h_cat(lua_State *L)
{
    int n = lua_gettop(L), all = 1;
    for (int i = 1; i <= n && all; i++) all = strnum(L, i);
    if (all) {
        luaL_Buffer B;
        luaL_buffinit(L, &B);
        for (int i = 1; i <= n; i++) add_piece(L, &B, i);
        luaL_pushresult(&B);
        charge_cat(L);
        return 1;
    }
    /* general case, right to left, with __concat metamethods and Lua's error messages */
    lua_pushvalue(L, n);
    for (int i = n - 1; i >= 1; i--) {
        if (strnum(L, i) && strnum(L, -1)) {
            luaL_Buffer B;
            int acc = lua_gettop(L);
            luaL_buffinit(L, &B);
            add_piece(L, &B, i);
            add_piece(L, &B, acc);
            luaL_pushresult(&B);
            lua_replace(L, acc);
        } else {
            int acc = lua_gettop(L);
            if (luaL_getmetafield(L, i, "__concat") == LUA_TNIL &&
                luaL_getmetafield(L, acc, "__concat") == LUA_TNIL)
                return luaL_error(L, "attempt to concatenate a %s value",
                                  luaL_typename(L, strnum(L, i) ? acc : i));
            lua_settop(L, acc);
            lua_pushvalue(L, i);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
    }
    if (lua_type(L, -1) == LUA_TSTRING) charge_cat(L);
    return 1;
}

/* ---- peeks: call env.peek / peek2 / peek4 (looked up at call time) ---- */

static int call_env(lua_State *L, const char *name)
{
    lua_settop(L, 1);
    if (lua_getfield(L, lua_upvalueindex(1), name) != LUA_TFUNCTION)
        return luaL_error(L, "%s is not available for the @ %% $ operators", name);
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    return 1;
}
static int h_peek(lua_State *L) { return call_env(L, "peek"); }
static int h_peek2(lua_State *L) { return call_env(L, "peek2"); }
static int h_peek4(lua_State *L) { return call_env(L, "peek4"); }

/* ---- str[i] ---- */

static int str_index(lua_State *L)
{
    /* other keys: only PICO-8's string functions as methods (("abc"):sub(2)); Lua's string
     * library (dump, rep, gsub ...) is not reachable through a string */
    if (lua_type(L, 2) != LUA_TNUMBER) {
        if (lua_type(L, lua_upvalueindex(1)) != LUA_TTABLE) return 0;
        lua_pushvalue(L, 2);
        lua_rawget(L, lua_upvalueindex(1));
        return 1;
    }
    size_t n;
    const char *s = lua_tolstring(L, 1, &n);
    double d = floor(lua_tonumber(L, 2));
    if (d < 0) d += (double)n + 1;                   /* negative: from the end, like sub() */
    m8_op_charge fn = (m8_op_charge)(uintptr_t)lua_touserdata(L, lua_upvalueindex(2));
    if (fn) fn(L, M8_STR_INDEX_CYCLES + (long long)(n / 32), M8_CHARGE_WORK);
    if (d < 1 || d > (double)n) return 0;            /* out of range: nil */
    lua_pushlstring(L, s + (size_t)d - 1, 1);
    return 1;
}

/* ---- glyph globals (reference 6.2; raw 16.16 patterns) ---- */

const unsigned int m8_glyph_raw[26] = {
    0x00008000, /* 0x80 full block (0.5 as real PICO-8) */
    0x5a5a8000, /* 0x81 */
    0x511f8000, /* 0x82 cat */
    0x00030000, /* 0x83 down = 3 */
    0x7d7d8000, /* 0x84 */
    0xb81d8000, /* 0x85 */
    0xf99f8000, /* 0x86 */
    0x51bf8000, /* 0x87 heart */
    0xb5bf8000, /* 0x88 */
    0x999f8000, /* 0x89 */
    0xb11f8000, /* 0x8a house */
    0x00000000, /* 0x8b left = 0 */
    0xa0e08000, /* 0x8c */
    0x9b3f8000, /* 0x8d note */
    0x00040000, /* 0x8e O = 4 */
    0xb1bf8000, /* 0x8f diamond */
    0xf5ff8000, /* 0x90 ellipsis */
    0x00010000, /* 0x91 right = 1 */
    0xb15f8000, /* 0x92 star */
    0x1b1f8000, /* 0x93 hourglass */
    0x00020000, /* 0x94 up = 2 */
    0xf5bf8000, /* 0x95 */
    0x7adf8000, /* 0x96 */
    0x00050000, /* 0x97 X = 5 */
    0x0f0f8000, /* 0x98 */
    0x55558000, /* 0x99 */
};

void m8_set_glyph_globals(lua_State *L, int env_index)
{
    env_index = lua_absindex(L, env_index);
    for (int i = 0; i < 26; i++) {
        char name[8] = { (char)(0x80 + i), 0 };
        char lua_name[16];
        m8_translate_mangle(name, 1, lua_name, sizeof lua_name);
        if (lua_getfield(L, env_index, lua_name) == LUA_TNIL) {
            push_num(L, m8_num_from_raw((int32_t)m8_glyph_raw[i]));
            lua_setfield(L, env_index, lua_name);
        }
        lua_pop(L, 1);
    }
}

/* The string metatable's __index: str_index with its methods table and the charge. */
static void set_string_index(lua_State *L, int methods_index, m8_op_charge fn)
{
    methods_index = lua_absindex(L, methods_index);
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, methods_index);
    lua_pushlightuserdata(L, (void *)(uintptr_t)fn);
    lua_pushcclosure(L, str_index, 2);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 2);
}

void m8_translate_set_charge(lua_State *L, int env_index, m8_op_charge fn)
{
    env_index = lua_absindex(L, env_index);
#define M8_CHARGING_HELPER(name) \
    lua_pushlightuserdata(L, (void *)(uintptr_t)fn); \
    lua_pushcclosure(L, h_##name, 1); \
    lua_setfield(L, env_index, m8_helper_name(M8_HELPER_##name));
#define M8_SKIP_PEEK(name)
    M8_DIALECT_HELPERS(M8_CHARGING_HELPER, M8_SKIP_PEEK)
#undef M8_CHARGING_HELPER
#undef M8_SKIP_PEEK
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_getfield(L, -1, "__index");
    if (lua_tocfunction(L, -1) == str_index && lua_getupvalue(L, -1, 1)) {
        set_string_index(L, -1, fn);
        lua_pop(L, 1);
    }
    lua_pop(L, 3);
}

void m8_translate_register_helpers(lua_State *L, int env_index)
{
    env_index = lua_absindex(L, env_index);
#define M8_REGISTER_HELPER(name) \
    lua_pushlightuserdata(L, NULL);     /* the charge: m8_translate_set_charge */ \
    lua_pushcclosure(L, h_##name, 1); \
    lua_setfield(L, env_index, m8_helper_name(M8_HELPER_##name));
    /* a peek helper is the env's own function of that name when there is one */
#define M8_REGISTER_PEEK(name) \
    if (lua_getfield(L, env_index, #name) != LUA_TFUNCTION) { \
        lua_pop(L, 1); \
        lua_pushvalue(L, env_index); \
        lua_pushcclosure(L, h_##name, 1); \
    } \
    lua_setfield(L, env_index, m8_helper_name(M8_HELPER_##name));
    M8_DIALECT_HELPERS(M8_REGISTER_HELPER, M8_REGISTER_PEEK)
#undef M8_REGISTER_HELPER
#undef M8_REGISTER_PEEK
    register_inline_helpers(L);
    m8_set_glyph_globals(L, env_index);

    /* strings: s[i] -> i-th character; other keys keep reaching the previous __index */
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) {
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setmetatable(L, -3);
    }
    lua_getfield(L, -1, "__index");
    if (lua_tocfunction(L, -1) == str_index) {       /* already installed */
        lua_pop(L, 3);
        return;
    }
    lua_pop(L, 1);
    static const char *const methods[] = { "sub", "ord", "split", "tostr", "tonum" };
    lua_createtable(L, 0, 5);
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        lua_getfield(L, env_index, methods[i]);
        lua_setfield(L, -2, methods[i]);
    }
    lua_pushlightuserdata(L, NULL);
    lua_pushcclosure(L, str_index, 2);
    lua_setfield(L, -2, "__index");
    /* locked: getmetatable("") gives false, so a cart cannot replace __index or add __add
     * for every string of the state */
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}
