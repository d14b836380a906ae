/* api_args.c - reading a binding's arguments the way PICO-8 coerces them (absent or nil =
 * the default, numeric strings are numbers, booleans are 0/1, NaN and infinities made
 * finite) and pushing numbers back (integral values as Lua integers, so they print without
 * ".0"). Declared in api_internal.h.
 * Depends on: api_internal.h, p8num.h. */
#include <limits.h>
#include <math.h>
#include "api_internal.h"
#include "p8num.h"

static double finite_or_zero(double v)
{
    if (isnan(v)) return 0;
    if (isinf(v)) return v > 0 ? 32767.99998474121 : -32768.0;
    return v;
}

int m8_arg_given(lua_State *L, int i) { return !lua_isnoneornil(L, i); }

double m8_arg_num(lua_State *L, int i, double def)
{
    int ok = 0;
    double v = lua_tonumberx(L, i, &ok);
    if (!ok) {
        if (lua_isboolean(L, i)) return lua_toboolean(L, i);
        return def;
    }
    return finite_or_zero(v);
}

/* Integers (and floats with integral values, and numeric strings that are integers) take
 * the fast path: no floor, no float conversion; everything else the general one. */
int m8_arg_int(lua_State *L, int i, int def)
{
    int is_int = 0;
    lua_Integer n = lua_tointegerx(L, i, &is_int);
    if (is_int) return n < INT_MIN ? INT_MIN : n > INT_MAX ? INT_MAX : (int)n;
    if (!m8_arg_given(L, i)) return def;
    return m8_num_to_int(m8_arg_num(L, i, def));
}

/* Arguments 1..n as ints into out (defaults def), from the integers of arguments 1..want
 * read in one pass (want >= n); returns that pass's bit mask and values (v). */
static unsigned read_ints(lua_State *L, int n, int want, int *out, const int *def, lua_Integer *v)
{
    int top = lua_gettop(L);
#ifdef M8_COUNTING_VM
    unsigned ok = lua_m8_tointegers(L, want, v);    /* the integers, in one pass */
#else
    unsigned ok = 0;
    (void)want;
    (void)v;
#endif
    for (int i = 0; i < n; i++) {
        if (ok >> i & 1) out[i] = v[i] < INT_MIN ? INT_MIN : v[i] > INT_MAX ? INT_MAX : (int)v[i];
        else out[i] = i < top ? m8_arg_int(L, i + 1, def[i]) : def[i];
    }
    return ok;
}

void m8_arg_ints(lua_State *L, int n, int *out, const int *def)
{
    lua_Integer v[M8_ARG_INTS_MAX];
    read_ints(L, n, n, out, def, v);
}

int32_t m8_arg_ints_raw(lua_State *L, int n, int *out, const int *def, int32_t def_raw)
{
    lua_Integer v[M8_ARG_INTS_MAX];
    unsigned ok = read_ints(L, n, n + 1, out, def, v);
    if (ok >> n & 1) return (int32_t)((uint32_t)v[n] << 16);   /* as m8_arg_raw */
    return m8_arg_raw(L, n + 1, def_raw);
}

int32_t m8_arg_raw(lua_State *L, int i, int32_t def)
{
    int is_int = 0;
    lua_Integer n = lua_tointegerx(L, i, &is_int);
    if (is_int) return (int32_t)((uint32_t)n << 16);    /* n * 65536, wrapped to 32 bits */
    if (!m8_arg_given(L, i)) return def;
    return m8_num_to_raw(m8_arg_num(L, i, 0));
}

int m8_arg_bool(lua_State *L, int i, int def)
{
    if (lua_isnone(L, i)) return def;
    return lua_toboolean(L, i);
}

void m8_push_num(lua_State *L, double v)
{
    v = finite_or_zero(v);
    if (v == floor(v) && fabs(v) < 2147483648.0) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushnumber(L, v);
}

/* The string at i; numbers are formatted as tostr would and replace the argument.
 * Returns NULL for other types. */
const char *m8_arg_string(lua_State *L, int i, size_t *len)
{
    if (lua_type(L, i) == LUA_TSTRING) return lua_tolstring(L, i, len);
    if (lua_type(L, i) == LUA_TNUMBER) {
        char buf[40];
        int n = m8_num_format(lua_tonumber(L, i), buf);
        lua_pushlstring(L, buf, (size_t)n);
        lua_replace(L, i);
        return lua_tolstring(L, i, len);
    }
    return NULL;
}
