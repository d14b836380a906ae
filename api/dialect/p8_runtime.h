/* p8_runtime.h - Lua-side runtime of the dialect translator: the __m8_* helper functions the
 * translated code calls, PICO-8 tostr/tonum, the glyph globals of reference 6.2 and the
 * string indexing metatable (str[i]). Depends on: Lua 5.4, p8num.h, p8_translate.h. */
#ifndef M8_P8_RUNTIME_H
#define M8_P8_RUNTIME_H

#include <stddef.h>
#include <lua.h>

/* Put everything translated code needs into the table at env_index:
 *   - the helpers of p8_helpers.h (__m8_band, __m8_div, __m8_cat ...; docs/dialect.md);
 *   - the 26 glyph globals (_x80 .. _x99, values of reference 6.2) unless already set;
 *   - the string metatable's __index so that ("abc")[2] == "b" (global to the lua_State).
 * __m8_peek/__m8_peek2/__m8_peek4 are the env's peek/peek2/peek4 functions as found NOW
 * (register the API table first), so `@a` keeps working if the cart redefines `peek`; if
 * they are not there yet, the helpers look up env.peek/peek2/peek4 at each call. */
void m8_translate_register_helpers(lua_State *L, int env_index);

/* What the operator helpers charge (docs/cost-model.md "Lua by kind of operation"). The host
 * gives one function; the helpers call it with signed cycles and a kind:
 *   M8_CHARGE_WEIGHT  a correction of the opcode weights: a helper call (its fetch, operand
 *                     loads and CALL) stands for ONE instruction of PICO-8's VM, so a helper
 *                     whose operator costs less gives the difference back (negative; the
 *                     host ignores it with unit weights, which count instructions);
 *   M8_CHARGE_WORK    work beyond the instructions (the bytes a `..` makes, what x^y costs
 *                     more than its call): charged however Lua is counted. */
typedef enum m8_charge_kind { M8_CHARGE_WEIGHT, M8_CHARGE_WORK } m8_charge_kind;
typedef void (*m8_op_charge)(lua_State *L, long long cycles, m8_charge_kind kind);

/* Cycles a helper call's fetch, CALL and one operand load weigh (1 + 2 + 1), and what PICO-8
 * charges for the operators they stand for (fitted: docs/cost-model.md). */
#define M8_HELPER_CALL_CYCLES 4
#define M8_OP_BITWISE_CYCLES 0      /* & | ^^ ~ << >> >>> <<> >>< */
#define M8_OP_DIVIDE_CYCLES 2       /* / \ % (as DIVK, MODK) */
#define M8_OP_POW_INT_CYCLES 16     /* x^n, n an integer */
#define M8_OP_POW_CYCLES 32         /* x^y otherwise */
/* A `..` costs 1 cycle per byte of its result, and str[i] (a number key) what sub(str,i,i)
 * costs with its call: M8_STR_INDEX_CYCLES + 1 per 32 characters of str (M8_CHARGE_WORK). */
#define M8_STR_INDEX_CYCLES 6

/* Install the charge in the helpers of the env at env_index (after
 * m8_translate_register_helpers): the operator helpers become closures holding it. */
void m8_translate_set_charge(lua_State *L, int env_index, m8_op_charge charge);

/* For a host whose charge takes a negative M8_CHARGE_WEIGHT back from a counter the VM adds
 * opcode weights to (never below its last reading of it): the division helpers' take-back,
 * run inline by the patched VM, is then made by the VM itself on that counter
 * (lua_m8_setfastopback; the CALL's own weight covers it), not through the charge. After
 * m8_translate_register_helpers; nothing with the system's liblua5.4. */
void m8_translate_weight_backs_in_vm(lua_State *L);

/* Code compiled from then on calls read-only (`<const>`) upvalues in one instruction where
 * there were two, a GETUPVAL and a CALL, when no argument makes a call (lua_m8_setfuseops):
 * the translator's chunk locals that the cart never assigns (the helpers __m8_div,
 * __m8_idiv and __m8_mod, with their quick path in the VM, and the API's builtins), as the
 * CALL would. The instruction weighs what those two weigh; a count hook sees one
 * instruction (api/lua_weights.c gives it 1 with unit weights). Nothing with the system's
 * liblua5.4. */
void m8_translate_fuse_upvalue_calls(lua_State *L);

/* Only the glyph globals (called by m8_translate_register_helpers). */
void m8_set_glyph_globals(lua_State *L, int env_index);
/* Raw 16.16 value of glyph byte 0x80+i, i in 0..25. */
extern const unsigned int m8_glyph_raw[26];

/* tostr(v, [flags]) and tonum(v, [flags]) as Lua C functions (reference 7.7 / 7.8). */
int m8_lua_tostr(lua_State *L);
int m8_lua_tonum(lua_State *L);

/* Push the PICO-8 string form of the value at idx (what print and `..` show: numbers as
 * tostr, nil "[nil]", tables "[table]" unless __tostring ...). Returns the pushed string. */
const char *m8_push_tostr(lua_State *L, int idx, size_t *len);

#endif
