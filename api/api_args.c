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

/* Argument i (1..ARG_SLOT_MAX) read from its stack slot in one step: 1 and *iv for an
 * integer or a float with an integral value, 2 and *fv for any other float, 0 for other
 * types, an absent argument and other indices (which take the general path). */
#define ARG_SLOT_MAX 4
static int arg_slot(lua_State *L, int i, lua_Integer *iv, double *fv)
{
#ifdef M8_COUNTING_VM
    if (i < 1 || i > ARG_SLOT_MAX) return 0;
    lua_Integer v[ARG_SLOT_MAX];
    double f[ARG_SLOT_MAX];
    unsigned fmask;
    unsigned ok = lua_m8_tonumbers(L, i, v, f, &fmask);
    if (ok >> (i - 1) & 1) {
        *iv = v[i - 1];
        return 1;
    }
    if (fmask >> (i - 1) & 1) {
        *fv = f[i - 1];
        return 2;
    }
#else
    (void)L, (void)i, (void)iv, (void)fv;
#endif
    return 0;
}

/* Integers (and floats with integral values, and numeric strings that are integers) take
 * the fast path: no floor, no float conversion; everything else the general one. */
int m8_arg_int(lua_State *L, int i, int def)
{
    lua_Integer iv;
    double fv;
    switch (arg_slot(L, i, &iv, &fv)) {
    case 1: return iv < INT_MIN ? INT_MIN : iv > INT_MAX ? INT_MAX : (int)iv;
    case 2: return m8_num_to_int(finite_or_zero(fv));
    }
    int is_int = 0;
    lua_Integer n = lua_tointegerx(L, i, &is_int);
    if (is_int) return n < INT_MIN ? INT_MIN : n > INT_MAX ? INT_MAX : (int)n;
    if (!m8_arg_given(L, i)) return def;
    return m8_num_to_int(m8_arg_num(L, i, def));
}

/* Arguments 1..n as ints into out (defaults def), from the numbers of arguments 1..want
 * read straight from the stack slots in one pass (want >= n): integers (and integral
 * floats) into v with their bits in the returned mask, the other floats into f with their
 * bits in *fmask, read as m8_arg_int reads them (finite, then floored and saturated).
 * Strings, booleans and nil take m8_arg_int itself. */
static unsigned read_ints(lua_State *L, int n, int want, int *out, const int *def, lua_Integer *v,
                          double *f, unsigned *fmask)
{
    int top = lua_gettop(L);
#ifdef M8_COUNTING_VM
    unsigned ok = lua_m8_tonumbers(L, want, v, f, fmask);
#else
    unsigned ok = 0;
    for (int i = 0; i < want; i++) v[i] = 0, f[i] = 0;   /* never read: no mask bit */
    *fmask = 0;
#endif
    for (int i = 0; i < n; i++) {
        if (ok >> i & 1) out[i] = v[i] < INT_MIN ? INT_MIN : v[i] > INT_MAX ? INT_MAX : (int)v[i];
        else if (*fmask >> i & 1) out[i] = m8_num_to_int(finite_or_zero(f[i]));
        else out[i] = i < top ? m8_arg_int(L, i + 1, def[i]) : def[i];
    }
    return ok;
}

void m8_arg_ints(lua_State *L, int n, int *out, const int *def)
{
    lua_Integer v[M8_ARG_INTS_MAX];
    double f[M8_ARG_INTS_MAX];
    unsigned fmask;
    read_ints(L, n, n, out, def, v, f, &fmask);
}

int32_t m8_arg_ints_raw(lua_State *L, int n, int *out, const int *def, int32_t def_raw)
{
    lua_Integer v[M8_ARG_INTS_MAX];
    double f[M8_ARG_INTS_MAX];
    unsigned fmask;
    unsigned ok = read_ints(L, n, n + 1, out, def, v, f, &fmask);
    if (ok >> n & 1) return (int32_t)((uint32_t)v[n] << 16);   /* as m8_arg_raw */
    if (fmask >> n & 1) return m8_num_to_raw(finite_or_zero(f[n]));
    return m8_arg_raw(L, n + 1, def_raw);
}

int32_t m8_arg_raw(lua_State *L, int i, int32_t def)
{
    lua_Integer iv;
    double fv;
    switch (arg_slot(L, i, &iv, &fv)) {
    case 1: return (int32_t)((uint32_t)iv << 16);
    case 2: return m8_num_to_raw(finite_or_zero(fv));
    }
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
