/* api_math.c - math bindings: flr ceil abs sgn min max mid sqrt sin cos atan2 rnd srand and
 * the bitwise functions (reference 7.4-7.6, 7.9). Numbers follow runtime/core/p8num.c;
 * trigonometry results are rounded to the nearest 1/65536 like PICO-8's fixed point, so
 * sin(0.5) is exactly 0. Depends on: api_internal.h, p8num.h, rng.h. */
#include <math.h>
#include "api_internal.h"
#include "p8num.h"
#include "rng.h"

#define M8_TAU 6.283185307179586

static double fixed_round(double v) { return floor(v * 65536.0 + 0.5) / 65536.0; }

int m8l_flr(lua_State *L) { m8_push_num(L, m8_num_flr(m8_arg_num(L, 1, 0))); return 1; }
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

int m8l_sqrt(lua_State *L)
{
    double x = m8_arg_num(L, 1, 0);
    m8_push_num(L, x <= 0 ? 0 : fixed_round(sqrt(x)));
    return 1;
}

int m8l_sin(lua_State *L)
{
    m8_push_num(L, fixed_round(-sin(m8_arg_num(L, 1, 0) * M8_TAU)) + 0.0);
    return 1;
}

int m8l_cos(lua_State *L)
{
    m8_push_num(L, fixed_round(cos(m8_arg_num(L, 1, 0) * M8_TAU)) + 0.0);
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
