/* api_fastcall.c - the bodies of the frameless variants of small API functions (declared and
 * listed in api_fastcall.h): each reads its arguments as the VM holds them on the stack
 * (lua_M8Arg: integers, floats; for most also nil and booleans) as the binding's argument
 * readers do (api_args.c: absent or nil = the default, booleans 0 or 1, NaN and infinities
 * made finite, coordinates floored and saturated, colours as 16.16 patterns), computes what
 * the binding computes and returns its result as the binding would push it (m8_push_num's
 * integer-or-float choice). The drawing calls (spr, sspr, map, rectfill, circfill, line,
 * oval ...), peek/poke and memcpy/memset report their cost units as their bindings do.
 * Coordinates and colours take every number (past 2^31, NaN and infinities as the full
 * readers take them); a value the fast path does not cover (flr past 2^31, an angle off the
 * 16.16 grid, a peek of several values) makes the body decline before it changes anything;
 * the full call then runs. spr(n, x, y)'s reading and out-of-line draw for api_registry.c's
 * short path are here too.
 * Depends on: api_fastcall.h, api_internal.h (m8_ram_clipped), vm_internal.h, runtime/core
 * gfx.h, cost.h (the drawing calls' units), pixel.h, ram.h, p8num.h, p8trig.h, rng.h,
 * emmintrin.h (SSE2's conversion, where the target has it). */
#include <math.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "api_fastcall.h"
#include "api_internal.h"
#include "cost.h"
#include "gfx.h"
#include "pixel.h"
#include "ram.h"
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

/* Argument i as a double: a float as it is, an integer converted (as lua_tonumber does). */
static inline double arg_double(const lua_M8Arg *a, int i)
{
    return a[i].tag == LUA_M8ARG_INT ? (double)a[i].v.i : a[i].v.n;
}

/* Argument i, neither integer nor float (nil or a boolean, for the rows that take them:
 * api_registry.c), as the full readers take it: nil as absent (def), a boolean as 0 or 1. */
static inline int other_arg(const lua_M8Arg *a, int i, int def)
{
    if ((a[i].tag & 0x0f) == LUA_TNIL) return def;
    return a[i].tag == LUA_M8ARG_TRUE;
}

/* Argument i as m8_arg_num reads it (def when absent or nil). */
static inline double num_arg(int n, const lua_M8Arg *a, int i, double def)
{
    if (i >= n) return def;
    if (a[i].tag == LUA_M8ARG_INT) return (double)a[i].v.i;
    if (a[i].tag == LUA_M8ARG_FLT) return finite_or_zero(a[i].v.n);
    return (a[i].tag & 0x0f) == LUA_TNIL ? def : a[i].tag == LUA_M8ARG_TRUE;
}

/* n less the nils at its end: the count api_gfx.c's bindings that choose a form by their
 * arguments (pal, line) go by. */
static inline int count_given(int n, const lua_M8Arg *a)
{
    while (n > 0 && (a[n - 1].tag & 0x0f) == LUA_TNIL) n--;
    return n;
}

/* Argument i as m8_arg_bool reads it (0 when absent): false and nil are 0, anything else
 * (a number too) 1. */
static inline int bool_arg(int n, const lua_M8Arg *a, int i)
{
    return i < n && a[i].tag != LUA_M8ARG_FALSE && (a[i].tag & 0x0f) != LUA_TNIL;
}

/* 1 when v is integral and a 64-bit integer holds it: the full readers then read it as that
 * integer (lua_m8_tonumbers, lua_tointegerx), saturated (ints) or shifted and wrapped
 * (16.16 patterns). */
static inline int int64_integral(double v)
{
    return v >= -9223372036854775808.0 && v < 9223372036854775808.0 && (double)(int64_t)v == v;
}

/* Argument i as m8_arg_int reads a number (def when absent): an integer saturated to an
 * int; a float inside (-2^31, 2^31) floored with a conversion and a compare (no libm); past
 * it saturated; NaN 0, infinities the ends of the 16.16 range (m8_num_to_int). */
static inline int int_arg(int n, const lua_M8Arg *a, int i, int def)
{
    if (i >= n) return def;
    if (a[i].tag == LUA_M8ARG_INT) {
        lua_Integer v = a[i].v.i;
        return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int)v;
    }
    if (a[i].tag != LUA_M8ARG_FLT) return other_arg(a, i, def);
    double v = a[i].v.n;
#if defined(__SSE2__)
    /* the conversion toward zero answers INT32_MIN outside the range and for NaN: an
       integral float is one compare, a fraction inside the range one more */
    int t = _mm_cvttsd_si32(_mm_set_sd(v));
    double d = (double)t;
    if (d == v) return t;                           /* (-2^31 itself: INT32_MIN, as below) */
    if (t != INT32_MIN) return t - (v < d);
#else
    if (v > -2147483648.0 && v < 2147483648.0) {
        int t = (int)v;                             /* toward zero */
        return t - (v < (double)t);
    }
#endif
    if (int64_integral(v)) return v < 0 ? INT32_MIN : INT32_MAX;
    return m8_num_to_int(finite_or_zero(v));
}

/* Argument i as m8_arg_raw reads a number (def when absent): an integer, or an integral
 * float, shifted into the pattern (wrapping), any other by m8_num_to_raw. */
static inline int32_t raw_arg(int n, const lua_M8Arg *a, int i, int32_t def)
{
    if (i >= n) return def;
    if (a[i].tag == LUA_M8ARG_INT) return (int32_t)((uint32_t)a[i].v.i << 16);
    if (a[i].tag != LUA_M8ARG_FLT)      /* nil: def; a boolean: 0 or 1 */
        return (a[i].tag & 0x0f) == LUA_TNIL ? def : a[i].tag == LUA_M8ARG_TRUE ? 0x10000 : 0;
    double v = a[i].v.n;
    if (int64_integral(v)) return (int32_t)((uint32_t)(int64_t)v << 16);
    return m8_num_to_raw(finite_or_zero(v));
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

int m8f_pset(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)out;
    m8_pset(vm->machine->ram, int_arg(n, a, 0, 0), int_arg(n, a, 1, 0),
            raw_arg(n, a, 2, M8_NOCOL));     /* (m8_call_area: only for a profiler, which
                                                takes the full call) */
    return LUA_M8FAST_NONE;
}

int m8f_sset(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)out;
    m8_sset(vm->machine->ram, int_arg(n, a, 0, 0), int_arg(n, a, 1, 0),
            raw_arg(n, a, 2, M8_NOCOL));
    return LUA_M8FAST_NONE;
}

#define FAST_XY_READER(name, fn) \
    int m8f_##name(m8_vm *vm, int n, const lua_M8Arg *a, double *out) \
    { \
        return int_result(fn(vm->machine->ram, int_arg(n, a, 0, 0), int_arg(n, a, 1, 0)), out); \
    }
FAST_XY_READER(pget, m8_pget)
FAST_XY_READER(sget, m8_sget)
FAST_XY_READER(mget, m8_mget)

int m8f_mset(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)out;
    m8_mset(vm->machine->ram, int_arg(n, a, 0, 0), int_arg(n, a, 1, 0), int_arg(n, a, 2, 0));
    return LUA_M8FAST_NONE;
}

/* Arguments 0..count-1 as int_arg reads them (defaults def). */
static inline void int_args(int n, const lua_M8Arg *a, int count, const int *def, int *out)
{
    for (int i = 0; i < count; i++) out[i] = int_arg(n, a, i, def[i]);
}

/* Pixels from p to q inclusive, in doubles (as api_gfx.c's span). */
static inline double span(int p, int q) { return fabs((double)q - p) + 1; }

/* The drawing calls below report their cost units as their bindings do (m8_call_units: the
 * row's rule reads vm->call_units in m8_call_end); the profiler's areas, sources and
 * sprite reports are skipped: a profiler (which sets both the call observer and the sprite
 * reports, profiler.c) makes fast_dispatch decline. They take every number. */

int m8f_cls(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)out;
    m8_cls(vm->machine->ram, int_arg(n, a, 0, 0));
    return LUA_M8FAST_NONE;
}

int m8f_color(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    return int_result(m8_color(vm->machine->ram, raw_arg(n, a, 0, M8_NOCOL)), out);
}

int m8f_fillp(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    return num_result(m8_num_from_raw(m8_fillp(vm->machine->ram, raw_arg(n, a, 0, 0))), out);
}

/* pal(): reset all; pal(p): reset palette p; pal(c0, c1, [p]): set, the previous colour. */
int m8f_pal(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    uint8_t *ram = vm->machine->ram;
    n = count_given(n, a);
    if (n == 0) {
        m8_pal_reset(ram, -1);
        return LUA_M8FAST_NONE;
    }
    if (n == 1) {
        m8_pal_reset(ram, int_arg(n, a, 0, 0));
        return LUA_M8FAST_NONE;
    }
    return int_result(m8_pal_set(ram, int_arg(n, a, 0, 0), int_arg(n, a, 1, 0),
                                 int_arg(n, a, 2, 0)), out);
}

/* line's units for a segment: its pixels, +2 when an end point is clipped. */
static inline void line_units(m8_vm *vm, int x0, int y0, int x1, int y1)
{
    const uint8_t *ram = vm->machine->ram;
    vm->call_units = m8_units_segment(x0, y0, x1, y1) +
                     2 * (m8_ram_clipped(ram, x0, y0) || m8_ram_clipped(ram, x1, y1));
}

/* line(x0, y0, x1, y1, [col]) / line(x1, y1, [col]) / line([col]) */
int m8f_line(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    static const int zero[4];
    int v[4];
    uint8_t *ram = vm->machine->ram;
    (void)out;
    n = count_given(n, a);
    if (n >= 4) {
        int_args(n, a, 4, zero, v);
        line_units(vm, v[0], v[1], v[2], v[3]);
        m8_line(ram, v[0], v[1], v[2], v[3], raw_arg(n, a, 4, M8_NOCOL));
    } else if (n >= 2) {
        int_args(n, a, 2, zero, v);
        if (!(ram[M8_LINE_STATE] & 1))
            line_units(vm, m8_peek_s16(ram, M8_LINE_END_X), m8_peek_s16(ram, M8_LINE_END_Y),
                       v[0], v[1]);
        m8_line_to(ram, v[0], v[1], raw_arg(n, a, 2, M8_NOCOL));
    } else {
        m8_line_reset(ram, raw_arg(n, a, 0, M8_NOCOL));
    }
    return LUA_M8FAST_NONE;
}

/* The shapes given by two corners: x0, y0, x1, y1, [col]; units from the covered size. */
#define FAST_CORNERS(name, fn, units) \
    int m8f_##name(m8_vm *vm, int n, const lua_M8Arg *a, double *out) \
    { \
        static const int zero[4]; \
        int v[4]; \
        (void)out; \
        int_args(n, a, 4, zero, v); \
        vm->call_units = units(span(v[0], v[2]), span(v[1], v[3])); \
        fn(vm->machine->ram, v[0], v[1], v[2], v[3], raw_arg(n, a, 4, M8_NOCOL)); \
        return LUA_M8FAST_NONE; \
    }
FAST_CORNERS(rect, m8_rect, m8_units_rect_outline)
FAST_CORNERS(rectfill, m8_rectfill, m8_units_box)
FAST_CORNERS(oval, m8_oval, m8_units_oval_outline)
FAST_CORNERS(ovalfill, m8_ovalfill, m8_units_box)

/* circ, circfill: x, y, [r = 4], [col]. */
#define FAST_CIRCLE(name, fn, units) \
    int m8f_##name(m8_vm *vm, int n, const lua_M8Arg *a, double *out) \
    { \
        static const int def[3] = { 0, 0, 4 }; \
        int v[3]; \
        (void)out; \
        int_args(n, a, 3, def, v); \
        vm->call_units = units(v[2]); \
        fn(vm->machine->ram, v[0], v[1], v[2], raw_arg(n, a, 3, M8_NOCOL)); \
        return LUA_M8FAST_NONE; \
    }
FAST_CIRCLE(circ, m8_circ, m8_units_circ)
FAST_CIRCLE(circfill, m8_circfill, m8_units_circfill)

int m8f_spr3_ints(const lua_M8Arg *a, int *s, int *x, int *y)
{
    *s = int_arg(3, a, 0, 0);
    *x = int_arg(3, a, 1, 0);
    *y = int_arg(3, a, 2, 0);
    return (unsigned)*s <= 255;
}

__attribute__((noinline)) void m8f_spr3_clipped(m8_vm *vm, int s, int x, int y)
{
    m8_spr(vm->machine->ram, s, x, y, 0x10000, 0x10000, 0, 0);
}

/* spr(n, x, y, [w, h], [flip_x], [flip_y]): a number as a flip is true, as in Lua; nil as a
 * size is the default, a boolean 0 or 1. */
int m8f_spr(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    static const int zero[3];
    int v[3];
    (void)out;
    int_args(n, a, 3, zero, v);
    if (n <= 3) {                       /* one sprite, 8x8: the units without the sides */
        if (v[0] >= 0 && v[0] <= 255) vm->call_units = 64;
        m8_spr(vm->machine->ram, v[0], v[1], v[2], 0x10000, 0x10000, 0, 0);
        return LUA_M8FAST_NONE;
    }
    int32_t w = raw_arg(n, a, 3, 0x10000), h = raw_arg(n, a, 4, 0x10000);
    double pw = m8_units_spr_side(w), ph = m8_units_spr_side(h);
    if (v[0] >= 0 && v[0] <= 255 && pw > 0 && ph > 0) vm->call_units = m8_units_box(pw, ph);
    m8_spr(vm->machine->ram, v[0], v[1], v[2], w, h, bool_arg(n, a, 5), bool_arg(n, a, 6));
    return LUA_M8FAST_NONE;
}

/* sspr(sx, sy, sw, sh, dx, dy, [dw = sw, dh = sh]): eight numbers at most, so no flip (a
 * ninth argument makes the full call). */
int m8f_sspr(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    static const int zero[6];
    int v[6];
    (void)out;
    int_args(n, a, 6, zero, v);
    int dw = int_arg(n, a, 6, v[2]), dh = int_arg(n, a, 7, v[3]);
    vm->call_units = m8_units_box(fabs((double)dw), fabs((double)dh));
    m8_sspr(vm->machine->ram, v[0], v[1], v[2], v[3], v[4], v[5], dw, dh, 0, 0);
    return LUA_M8FAST_NONE;
}

/* map([tx, ty], [sx, sy], [tw, th], [layers]): 128 cycles a drawn cell, 1 every other
 * covered cell (units of 1/128), as the binding. */
int m8f_map(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    uint8_t *ram = vm->machine->ram;
    int mw, mh;
    (void)out;
    m8_map_size(ram, &mw, &mh);
    int def[7] = { 0, 0, 0, 0, mw, mh, 0 }, v[7];
    int_args(n, a, 7, def, v);
    double drawn = m8_map_cells_drawn(ram, v[0], v[1], v[4], v[5], v[6]);
    double covered = m8_map_cells_covered(ram, v[0], v[1], v[4], v[5]);
    vm->call_units = drawn + (covered - drawn) / 128.0;
    m8_map(ram, v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    return LUA_M8FAST_NONE;
}

/* --- memory (api_memory.c) --- */

/* peek(a, [n]) / peek2 / peek4: one value (n absent or 1) as the binding pushes it; no value
 * for n < 1; more values decline (the full call returns them all). */
#define FAST_PEEK(name, width) \
    int m8f_##name(m8_vm *vm, int n, const lua_M8Arg *a, double *out) \
    { \
        const uint8_t *ram = vm->machine->ram; \
        uint32_t at = (uint32_t)int_arg(n, a, 0, 0); \
        int count = int_arg(n, a, 1, 1); \
        if (count < 1) return LUA_M8FAST_NONE; \
        if (count > 1) return LUA_M8FAST_DECLINE; \
        if (width == 1) return int_result(m8_peek(ram, at), out); \
        if (width == 2) return int_result(m8_peek_s16(ram, at), out); \
        return num_result(m8_num_from_raw((int32_t)m8_peek_32(ram, at)), out); \
    }
FAST_PEEK(peek, 1)
FAST_PEEK(peek2, 2)
FAST_PEEK(peek4, 4)

/* poke(a, v, ...) / poke2 / poke4: the values from address a on; units: the values after
 * the first. */
#define FAST_POKE(name, width) \
    int m8f_##name(m8_vm *vm, int n, const lua_M8Arg *a, double *out) \
    { \
        uint8_t *ram = vm->machine->ram; \
        uint32_t at = (uint32_t)int_arg(n, a, 0, 0); \
        (void)out; \
        if (n > 2) vm->call_units = n - 2; \
        for (int i = 1; i < n; i++, at += (uint32_t)(width)) { \
            if (width == 4) m8_poke_32(ram, at, (uint32_t)raw_arg(n, a, i, 0)); \
            else if (width == 2) m8_poke_16(ram, at, (uint16_t)int_arg(n, a, i, 0)); \
            else m8_poke(ram, at, (uint8_t)int_arg(n, a, i, 0)); \
        } \
        return LUA_M8FAST_NONE; \
    }
FAST_POKE(poke, 1)
FAST_POKE(poke2, 2)
FAST_POKE(poke4, 4)

/* memcpy(dst, src, len) / memset(dst, val, len): len bytes at most 64 KiB, through the 64 KiB
 * wrap (ram_block.c); units: the bytes (none, and nothing done, for len <= 0). */
static int block_call(m8_vm *vm, int n, const lua_M8Arg *a, int fill)
{
    int len = int_arg(n, a, 2, 0);
    if (len <= 0) return LUA_M8FAST_NONE;
    if (len > M8_RAM_SIZE) len = M8_RAM_SIZE;
    uint32_t dst = (uint32_t)int_arg(n, a, 0, 0);
    if (fill) m8_ram_fill(vm->machine->ram, dst, (uint8_t)int_arg(n, a, 1, 0), len);
    else m8_ram_copy(vm->machine->ram, dst, (uint32_t)int_arg(n, a, 1, 0), len);
    vm->call_units = len;
    return LUA_M8FAST_NONE;
}

int m8f_memcpy(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)out;
    return block_call(vm, n, a, 0);
}

int m8f_memset(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)out;
    return block_call(vm, n, a, 1);
}

/* --- math (api_math.c) --- */

int m8f_flr(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)vm;
    double v = n > 0 ? arg_double(a, 0) : 0;     /* flr() is flr(0) */
    if (!(v > -2147483647.0 && v < 2147483647.0)) return LUA_M8FAST_DECLINE;
    int64_t t = (int64_t)v;             /* toward zero */
    *out = (double)(t - (v < (double)t));
    return LUA_M8FAST_INT;
}

int m8f_abs(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)vm;
    double v = num_arg(n, a, 0, 0);
    return num_result(v == -32768.0 ? v : fabs(v), out);
}

int m8f_sgn(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)vm;
    return num_result(num_arg(n, a, 0, 0) < 0 ? -1 : 1, out);
}

int m8f_min(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)vm;
    double x = num_arg(n, a, 0, 0), y = num_arg(n, a, 1, 0);
    return num_result(x < y ? x : y, out);
}

int m8f_max(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)vm;
    double x = num_arg(n, a, 0, 0), y = num_arg(n, a, 1, 0);
    return num_result(x > y ? x : y, out);
}

int m8f_mid(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    (void)vm;
    double x = num_arg(n, a, 0, 0), y = num_arg(n, a, 1, 0), z = num_arg(n, a, 2, 0);
    double lo = x < y ? x : y, hi = x < y ? y : x;
    return num_result(z < lo ? lo : z > hi ? hi : z, out);
}

/* sin, cos and sqrt of a number on the 16.16 grid (absent: 0) work on its pattern as the
 * bindings do; any other number declines (the binding's formula on the double). */
static inline int grid_arg(int n, const lua_M8Arg *a, int32_t *raw)
{
    return m8_num_grid_raw(n > 0 ? arg_double(a, 0) : 0, raw);
}

int m8f_sin(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    int32_t raw;
    (void)vm;
    if (!grid_arg(n, a, &raw)) return LUA_M8FAST_DECLINE;
    return raw_result(m8_num_sin_raw(raw), out);
}

int m8f_cos(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    int32_t raw;
    (void)vm;
    if (!grid_arg(n, a, &raw)) return LUA_M8FAST_DECLINE;
    return raw_result(m8_num_cos_raw(raw), out);
}

int m8f_sqrt(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    int32_t raw;
    (void)vm;
    if (!grid_arg(n, a, &raw)) return LUA_M8FAST_DECLINE;
    return raw_result(raw <= 0 ? 0 : (int32_t)(sqrt(raw * 65536.0) + 0.5), out);
}

#define FAST_BITOP(name, fn) \
    int m8f_##name(m8_vm *vm, int n, const lua_M8Arg *a, double *out) \
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

int m8f_rnd(m8_vm *vm, int n, const lua_M8Arg *a, double *out)
{
    uint32_t r = m8_rng_rnd_raw(vm->machine->ram, (uint32_t)raw_arg(n, a, 0, 0x10000));
    return num_result(m8_num_from_raw((int32_t)r), out);
}

#endif
