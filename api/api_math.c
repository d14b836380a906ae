/* api_math.c - math bindings: flr ceil abs sgn min max mid sqrt sin cos atan2 rnd srand and
 * the bitwise functions (reference 7.4-7.6, 7.9). Numbers follow runtime/core/p8num.c;
 * trigonometry results are rounded to the nearest 1/65536 like PICO-8's fixed point, so
 * sin(0.5) is exactly 0. sin, cos and sqrt of a number on the 16.16 grid work on its
 * pattern (sin and cos read runtime/core/p8trig.h's table; docs/speed.md, "Math bindings
 * without libm"). Depends on: api_internal.h, p8num.h, p8trig.h, rng.h. */
#include <math.h>
#include "api_internal.h"
#include "p8num.h"
#include "p8trig.h"
#include "rng.h"

#define M8_TAU 6.283185307179586

static double fixed_round(double v) { return floor(v * 65536.0 + 0.5) / 65536.0; }

/* Argument 1 as m8_arg_num reads it: 1 and *raw its 16.16 pattern when it lies on the grid
 * in range (every number the patched VM's arithmetic makes), else 0 and *x the double (a
 * numeric string off the grid, time() at 30 fps, a product in the system Lua's build, an
 * integer out of range), for which the bindings keep the formula on the double: its results
 * are what they were. One lua_tonumberx: cheaper for a single argument than the stack-slot
 * reader of the drawing calls (m8_arg_slot). */
static int arg_grid(lua_State *L, double *x, int32_t *raw)
{
    int ok = 0;
    double v = lua_tonumberx(L, 1, &ok);
    if (ok && m8_num_grid_raw(v, raw)) return 1;
    *x = m8_arg_num(L, 1, 0);
    return m8_num_grid_raw(*x, raw);
}

/* m8_push_num of the 16.16 value raw without going through floor. */
static void push_raw(lua_State *L, int32_t raw)
{
    if ((raw & 0xffff) == 0) lua_pushinteger(L, raw / 65536);
    else lua_pushnumber(L, raw / 65536.0);
}

/* A number in range is floored by a conversion and a compare (no libm call, integers are
 * their own floor); the rest (|v| near or past 2^31, NaN, infinities, booleans, nil) as
 * before. The bounds keep m8_push_num's choice of an integer or a float. */
int m8l_flr(lua_State *L)
{
    int ok = 0;
    double v = lua_tonumberx(L, 1, &ok);
    if (ok && v > -2147483647.0 && v < 2147483647.0) {
        lua_Integer t = (lua_Integer)v;                 /* toward zero */
        lua_pushinteger(L, t - (v < (double)t));
        return 1;
    }
    m8_push_num(L, m8_num_flr(m8_arg_num(L, 1, 0)));
    return 1;
}

int m8l_ceil(lua_State *L) { m8_push_num(L, m8_num_ceil(m8_arg_num(L, 1, 0))); return 1; }
/* abs(-32768) stays -32768: its positive is out of 16.16 range (reference 7.4). */
int m8l_abs(lua_State *L)
{
    double v = m8_arg_num(L, 1, 0);
    m8_push_num(L, v == -32768.0 ? v : fabs(v));
    return 1;
}
int m8l_sgn(lua_State *L) { m8_push_num(L, m8_arg_num(L, 1, 0) < 0 ? -1 : 1); return 1; }

int m8l_min(lua_State *L)
{
    double a = m8_arg_num(L, 1, 0), b = m8_arg_num(L, 2, 0);
    m8_push_num(L, a < b ? a : b);
    return 1;
}

int m8l_max(lua_State *L)
{
    double a = m8_arg_num(L, 1, 0), b = m8_arg_num(L, 2, 0);
    m8_push_num(L, a > b ? a : b);
    return 1;
}

int m8l_mid(lua_State *L)
{
    double a = m8_arg_num(L, 1, 0), b = m8_arg_num(L, 2, 0), c = m8_arg_num(L, 3, 0);
    double lo = a < b ? a : b, hi = a < b ? b : a;
    m8_push_num(L, c < lo ? lo : c > hi ? hi : c);
    return 1;
}

/* On the grid: sqrt(raw / 65536) * 65536 = sqrt(raw * 65536), rounded by adding 0.5 and
 * truncating; equal to the formula for every positive pattern (checked exhaustively). */
int m8l_sqrt(lua_State *L)
{
    double x;
    int32_t raw;
    if (arg_grid(L, &x, &raw)) push_raw(L, raw <= 0 ? 0 : (int32_t)(sqrt(raw * 65536.0) + 0.5));
    else m8_push_num(L, x <= 0 ? 0 : fixed_round(sqrt(x)));
    return 1;
}

/* On the grid: the table, equal to the formula for every 16.16 pattern (checked
 * exhaustively, docs/speed.md). */
int m8l_sin(lua_State *L)
{
    double x;
    int32_t raw;
    if (arg_grid(L, &x, &raw)) push_raw(L, m8_num_sin_raw(raw));
    else m8_push_num(L, fixed_round(-sin(x * M8_TAU)) + 0.0);
    return 1;
}

int m8l_cos(lua_State *L)
{
    double x;
    int32_t raw;
    if (arg_grid(L, &x, &raw)) push_raw(L, m8_num_cos_raw(raw));
    else m8_push_num(L, fixed_round(cos(x * M8_TAU)) + 0.0);
    return 1;
}

int m8l_atan2(lua_State *L)
{
    double dx = m8_arg_num(L, 1, 0), dy = m8_arg_num(L, 2, 0);
    if (dx == 0 && dy == 0) {
        m8_push_num(L, 0.75);
        return 1;
    }
    double a = 0.75 + atan2(dx, dy) / M8_TAU;
    if (a >= 1) a -= 1;
    a = fixed_round(a);
    if (a >= 1) a -= 1;
    m8_push_num(L, a);
    return 1;
}

int m8l_rnd(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    if (lua_istable(L, 1)) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
        if (n == 0) {
            lua_pushnil(L);
            return 1;
        }
        uint32_t r = m8_rng_rnd_raw(ram, (uint32_t)n << 16);
        lua_rawgeti(L, 1, (lua_Integer)(r >> 16) + 1);
        return 1;
    }
    uint32_t range = m8_arg_given(L, 1) ? (uint32_t)m8_arg_raw(L, 1, 0) : 0x10000u;
    m8_push_num(L, m8_num_from_raw((int32_t)m8_rng_rnd_raw(ram, range)));
    return 1;
}

int m8l_srand(lua_State *L)
{
    m8_rng_seed(m8_ram(L), (uint32_t)m8_arg_raw(L, 1, 0));
    return 0;
}

/* Function forms treat non-numbers as 0 (reference 7.5). */
#define BINARY_BITOP(name, fn) \
    int name(lua_State *L) \
    { \
        m8_push_num(L, fn(m8_arg_num(L, 1, 0), m8_arg_num(L, 2, 0))); \
        return 1; \
    }
BINARY_BITOP(m8l_band, m8_num_band)
BINARY_BITOP(m8l_bor, m8_num_bor)
BINARY_BITOP(m8l_bxor, m8_num_bxor)
BINARY_BITOP(m8l_shl, m8_num_shl)
BINARY_BITOP(m8l_shr, m8_num_shr)
BINARY_BITOP(m8l_lshr, m8_num_lshr)
BINARY_BITOP(m8l_rotl, m8_num_rotl)
BINARY_BITOP(m8l_rotr, m8_num_rotr)

int m8l_bnot(lua_State *L)
{
    m8_push_num(L, m8_num_bnot(m8_arg_num(L, 1, 0)));
    return 1;
}
