/* api_fastcall.c - the bodies of the frameless variants of small API functions (declared and
 * listed in api_fastcall.h): each reads its numbers as the binding's argument readers do
 * (api_args.c: absent = the default, NaN and infinities made finite, coordinates floored and
 * saturated, colours as 16.16 patterns), computes what the binding computes and returns its
 * result as the binding would push it (m8_push_num's integer-or-float choice). A value the
 * fast reading does not cover (a coordinate past 2^31, an angle off the 16.16 grid) makes
 * the body decline before it changes anything; the full call then runs.
 * Depends on: api_fastcall.h, vm_internal.h, runtime/core gfx.h, p8num.h, p8trig.h, rng.h. */
#include <math.h>
#include <stdint.h>
#include "api_fastcall.h"
#include "gfx.h"
#include "p8num.h"
#include "p8trig.h"
#include "rng.h"

#ifdef LUA_M8_FASTARGS

/* As api_args.c: NaN is 0, infinities the ends of the 16.16 range. */
static inline double finite_or_zero(double v)
{
    if (isnan(v)) return 0;
    if (isinf(v)) return v > 0 ? 32767.99998474121 : -32768.0;
    return v;
}

/* Argument i as m8_arg_num reads a number (def when absent). */
static inline double num_arg(int n, const double *a, int i, double def)
{
    return i < n ? finite_or_zero(a[i]) : def;
}

/* Argument i as m8_arg_int reads a number: floored (no libm: a conversion and a compare);
 * 0 (decline) outside (-2^31, 2^31), NaN included, which the full reader saturates. */
static inline int int_arg(int n, const double *a, int i, int def, int *out)
{
    if (i >= n) {
        *out = def;
        return 1;
    }
    double v = a[i];
    if (!(v > -2147483648.0 && v < 2147483648.0)) return 0;
    int t = (int)v;                                 /* toward zero */
    *out = t - (v < (double)t);
    return 1;
}

/* Argument i as m8_arg_raw reads a number: an integral value shifted into the pattern
 * (wrapping), any other by m8_num_to_raw; 0 (decline) outside (-2^31, 2^31). */
static inline int raw_arg(int n, const double *a, int i, int32_t def, int32_t *out)
{
    if (i >= n) {
        *out = def;
        return 1;
    }
    double v = a[i];
    if (!(v > -2147483648.0 && v < 2147483648.0)) return 0;
    int64_t t = (int64_t)v;
    *out = (double)t == v ? (int32_t)((uint32_t)t << 16) : m8_num_to_raw(v);
    return 1;
}

/* The result m8_push_num would push: an integer when integral and below 2^31 in size. */
static inline int num_result(double v, double *out)
{
    v = finite_or_zero(v);
    *out = v;
    if (v > -2147483648.0 && v < 2147483648.0 && (double)(int64_t)v == v)
        return LUA_M8FAST_INT;
    return LUA_M8FAST_FLT;
}

/* The result push_raw (api_math.c) would push for a 16.16 pattern. */
static inline int raw_result(int32_t raw, double *out)
{
    if ((raw & 0xffff) == 0) {
        *out = (double)(raw / 65536);
        return LUA_M8FAST_INT;
    }
    *out = raw / 65536.0;
    return LUA_M8FAST_FLT;
}

/* The result push_int (api_gfx.c) would push; the colours and cells read here are small. */
static inline int int_result(int v, double *out)
{
    return num_result((double)v, out);
}

/* --- drawing and reading pixels, sprites, map cells --- */

/* pset's and sset's arguments x, y, [col]: 1 when they take the fast path. */
static inline int xy_col_args(int n, const double *a, int *x, int *y, int32_t *col)
{
    return int_arg(n, a, 0, 0, x) && int_arg(n, a, 1, 0, y) && raw_arg(n, a, 2, M8_NOCOL, col);
}

int m8f_pset(m8_vm *vm, int n, const double *a, double *out)
{
    int x, y;
    int32_t col;
    (void)out;
    if (!xy_col_args(n, a, &x, &y, &col)) return LUA_M8FAST_DECLINE;
    m8_pset(vm->machine->ram, x, y, col);   /* (m8_call_area: only for a profiler, which
                                               takes the full call) */
    return LUA_M8FAST_NONE;
}

int m8f_sset(m8_vm *vm, int n, const double *a, double *out)
{
    int x, y;
    int32_t col;
    (void)out;
    if (!xy_col_args(n, a, &x, &y, &col)) return LUA_M8FAST_DECLINE;
    m8_sset(vm->machine->ram, x, y, col);
    return LUA_M8FAST_NONE;
}

#define FAST_XY_READER(name, fn) \
    int m8f_##name(m8_vm *vm, int n, const double *a, double *out) \
    { \
        int x, y; \
        if (!int_arg(n, a, 0, 0, &x) || !int_arg(n, a, 1, 0, &y)) return LUA_M8FAST_DECLINE; \
        return int_result(fn(vm->machine->ram, x, y), out); \
    }
FAST_XY_READER(pget, m8_pget)
FAST_XY_READER(sget, m8_sget)
FAST_XY_READER(mget, m8_mget)

/* --- math (api_math.c) --- */

int m8f_flr(m8_vm *vm, int n, const double *a, double *out)
{
    (void)vm;
    double v = n > 0 ? a[0] : 0;        /* flr() is flr(0) */
    if (!(v > -2147483647.0 && v < 2147483647.0)) return LUA_M8FAST_DECLINE;
    int64_t t = (int64_t)v;             /* toward zero */
    *out = (double)(t - (v < (double)t));
    return LUA_M8FAST_INT;
}

int m8f_abs(m8_vm *vm, int n, const double *a, double *out)
{
    (void)vm;
    double v = num_arg(n, a, 0, 0);
    return num_result(v == -32768.0 ? v : fabs(v), out);
}

int m8f_sgn(m8_vm *vm, int n, const double *a, double *out)
{
    (void)vm;
    return num_result(num_arg(n, a, 0, 0) < 0 ? -1 : 1, out);
}

int m8f_min(m8_vm *vm, int n, const double *a, double *out)
{
    (void)vm;
    double x = num_arg(n, a, 0, 0), y = num_arg(n, a, 1, 0);
    return num_result(x < y ? x : y, out);
}

int m8f_max(m8_vm *vm, int n, const double *a, double *out)
{
    (void)vm;
    double x = num_arg(n, a, 0, 0), y = num_arg(n, a, 1, 0);
    return num_result(x > y ? x : y, out);
}

int m8f_mid(m8_vm *vm, int n, const double *a, double *out)
{
    (void)vm;
    double x = num_arg(n, a, 0, 0), y = num_arg(n, a, 1, 0), z = num_arg(n, a, 2, 0);
    double lo = x < y ? x : y, hi = x < y ? y : x;
    return num_result(z < lo ? lo : z > hi ? hi : z, out);
}

/* sin, cos and sqrt of a number on the 16.16 grid (absent: 0) work on its pattern as the
 * bindings do; any other number declines (the binding's formula on the double). */
static inline int grid_arg(int n, const double *a, int32_t *raw)
{
    return m8_num_grid_raw(n > 0 ? a[0] : 0, raw);
}

int m8f_sin(m8_vm *vm, int n, const double *a, double *out)
{
    int32_t raw;
    (void)vm;
    if (!grid_arg(n, a, &raw)) return LUA_M8FAST_DECLINE;
    return raw_result(m8_num_sin_raw(raw), out);
}

int m8f_cos(m8_vm *vm, int n, const double *a, double *out)
{
    int32_t raw;
    (void)vm;
    if (!grid_arg(n, a, &raw)) return LUA_M8FAST_DECLINE;
    return raw_result(m8_num_cos_raw(raw), out);
}

int m8f_sqrt(m8_vm *vm, int n, const double *a, double *out)
{
    int32_t raw;
    (void)vm;
    if (!grid_arg(n, a, &raw)) return LUA_M8FAST_DECLINE;
    return raw_result(raw <= 0 ? 0 : (int32_t)(sqrt(raw * 65536.0) + 0.5), out);
}

#define FAST_BITOP(name, fn) \
    int m8f_##name(m8_vm *vm, int n, const double *a, double *out) \
    { \
        (void)vm; \
        return num_result(fn(num_arg(n, a, 0, 0), num_arg(n, a, 1, 0)), out); \
    }
FAST_BITOP(band, m8_num_band)
FAST_BITOP(bor, m8_num_bor)
FAST_BITOP(bxor, m8_num_bxor)
FAST_BITOP(shl, m8_num_shl)
FAST_BITOP(shr, m8_num_shr)
FAST_BITOP(lshr, m8_num_lshr)

int m8f_rnd(m8_vm *vm, int n, const double *a, double *out)
{
    int32_t range;
    if (!raw_arg(n, a, 0, 0x10000, &range)) return LUA_M8FAST_DECLINE;
    uint32_t r = m8_rng_rnd_raw(vm->machine->ram, (uint32_t)range);
    return num_result(m8_num_from_raw((int32_t)r), out);
}

#endif
