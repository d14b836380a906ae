/* api_gfx.c - Lua bindings of the graphics API (reference 8.1-8.4): draw state, primitives,
 * sprites, map and tline. Each binding converts its arguments (coordinates floored,
 * colours and fractional values as raw 16.16 patterns, absent colour = M8_NOCOL), picks
 * the call form from the arguments given, calls the rasteriser in runtime/core/gfx.h and
 * reports its cost units. The tline(bits) precision is VM state kept in the Lua registry
 * (it has no RAM address). Depends on: api_internal.h, runtime/core gfx.h, p8num.h. */
#include <limits.h>
#include <math.h>

#include "api_internal.h"
#include "gfx.h"
#include "p8num.h"

#define TLINE_BITS_KEY "mote8.tline_bits"

/* Number of arguments after dropping trailing nils (PICO-8 treats them as absent). */
static int nargs(lua_State *L)
{
    int n = lua_gettop(L);
    while (n > 0 && lua_isnil(L, n)) n--;
    return n;
}

static int col_arg(lua_State *L, int i) { return m8_arg_raw(L, i, M8_NOCOL); }

/* As m8_push_num((double)v): an int is integral and finite, and below 2^31 in size but
 * for INT_MIN, which m8_push_num pushes as a float. */
static void push_int(lua_State *L, int v)
{
    if (v != INT_MIN) lua_pushinteger(L, v);
    else m8_push_num(L, (double)v);
}

/* Arguments 1 and 2 as ints (default 0), in one pass: pget, sget, mget. */
static void arg_xy(lua_State *L, int *xy)
{
    static const int zero[2];
    m8_arg_ints(L, 2, xy, zero);
}

/* Pixels from a to b inclusive, in doubles (the ints may be far apart). */
static double span(int a, int b) { return fabs((double)b - a) + 1; }

/* --- draw state --- */

int m8l_cls(lua_State *L)
{
    m8_cls(m8_ram(L), m8_arg_int(L, 1, 0));
    m8_call_screen_area(L, 0, 0, M8_SCREEN_W, M8_SCREEN_H);
    return 0;
}

int m8l_camera(lua_State *L)
{
    int ox, oy;
    m8_camera(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), &ox, &oy);
    push_int(L, ox);
    push_int(L, oy);
    return 2;
}

int m8l_clip(lua_State *L)
{
    int old[4];
    if (!m8_arg_given(L, 1) && !m8_arg_given(L, 2) && !m8_arg_given(L, 3) && !m8_arg_given(L, 4))
        m8_clip_reset(m8_ram(L), old);
    else
        m8_clip(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 128),
                m8_arg_int(L, 4, 128), m8_arg_bool(L, 5, 0), old);
    for (int i = 0; i < 4; i++) push_int(L, old[i]);
    return 4;
}

int m8l_color(lua_State *L)
{
    push_int(L, m8_color(m8_ram(L), col_arg(L, 1)));
    return 1;
}

int m8l_pal(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int n = nargs(L);
    if (n == 0) {
        m8_pal_reset(ram, -1);
        return 0;
    }
    if (lua_istable(L, 1)) {
        int p = m8_arg_int(L, 2, 0);
        lua_pushnil(L);
        while (lua_next(L, 1)) {
            if (lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER) {
                int c = m8_num_to_int(lua_tonumber(L, -2));
                m8_pal_set(ram, c & 15, m8_num_to_int(lua_tonumber(L, -1)), p);
            }
            lua_pop(L, 1);
        }
        return 0;
    }
    if (n == 1) {
        m8_pal_reset(ram, m8_arg_int(L, 1, 0));
        return 0;
    }
    push_int(L, m8_pal_set(ram, m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0)));
    return 1;
}

int m8l_palt(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int n = nargs(L);
    if (n == 0) {   /* bitfields are 16-bit: bit 15 makes a negative PICO-8 number */
        m8_push_num(L, m8_num_from_raw((int32_t)((uint32_t)m8_palt_reset(ram) << 16)));
    } else if (n == 1) {
        int bits = m8_arg_int(L, 1, 0);
        m8_push_num(L, m8_num_from_raw((int32_t)((uint32_t)m8_palt_bits(ram, bits) << 16)));
    } else {
        lua_pushboolean(L, m8_palt_set(ram, m8_arg_int(L, 1, 0), m8_arg_bool(L, 2, 0)));
    }
    return 1;
}

int m8l_fillp(lua_State *L)
{
    int32_t prev = m8_fillp(m8_ram(L), m8_arg_raw(L, 1, 0));
    m8_push_num(L, m8_num_from_raw(prev));
    return 1;
}

int m8l_reset(lua_State *L)
{
    m8_gfx_reset(m8_ram(L));
    return 0;
}

/* --- primitives --- */

int m8l_pset(lua_State *L)
{
    static const int zero[2];
    int a[2];
    int32_t col = m8_arg_ints_raw(L, 2, a, zero, M8_NOCOL);
    int x = a[0], y = a[1];
    m8_call_area(L, x, y, 1, 1);
    m8_pset(m8_ram(L), x, y, col);
    return 0;
}

int m8l_pget(lua_State *L)
{
    int xy[2];
    arg_xy(L, xy);
    push_int(L, m8_pget(m8_ram(L), xy[0], xy[1]));
    return 1;
}

/* A segment's units (pixels, +2 when clipped: line's rule) and its area, for line(). */
static void charge_segment(lua_State *L, int x0, int y0, int x1, int y1)
{
    m8_call_units(L, m8_units_segment(x0, y0, x1, y1) +
                         2 * (m8_call_clipped(L, x0, y0) || m8_call_clipped(L, x1, y1)));
    m8_call_area(L, x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, span(x0, x1), span(y0, y1));
}

int m8l_line(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int n = nargs(L);
    if (n >= 4) {
        static const int zero[4];
        int a[4];
        int col = m8_arg_ints_raw(L, 4, a, zero, M8_NOCOL);
        int x0 = a[0], y0 = a[1], x1 = a[2], y1 = a[3];
        charge_segment(L, x0, y0, x1, y1);
        m8_line(ram, x0, y0, x1, y1, col);
    } else if (n >= 2) {
        static const int zero[2];
        int a[2];
        int col = m8_arg_ints_raw(L, 2, a, zero, M8_NOCOL);
        int x1 = a[0], y1 = a[1];
        if (!(ram[M8_LINE_STATE] & 1))
            charge_segment(L, m8_peek_s16(ram, M8_LINE_END_X), m8_peek_s16(ram, M8_LINE_END_Y),
                           x1, y1);
        m8_line_to(ram, x1, y1, col);
    } else {
        m8_line_reset(ram, col_arg(L, 1));
    }
    return 0;
}

/* Width and height (in pixels, as doubles) of a corner-form rectangle. */
/* The arguments of the shapes given by two corners (x0,y0,x1,y1,[col]), read once; reports
 * the covered rectangle to the profiler and gives its size. */
typedef struct corners { int x0, y0, x1, y1, col; double w, h; } corners;

static corners corner_args(lua_State *L)
{
    static const int zero[4];
    int a[4];
    int32_t col = m8_arg_ints_raw(L, 4, a, zero, M8_NOCOL);
    corners c = { a[0], a[1], a[2], a[3], col, 0, 0 };
    c.w = span(c.x0, c.x1);
    c.h = span(c.y0, c.y1);
    m8_call_area(L, c.x0 < c.x1 ? c.x0 : c.x1, c.y0 < c.y1 ? c.y0 : c.y1, c.w, c.h);
    return c;
}

int m8l_rect(lua_State *L)
{
    corners c = corner_args(L);
    m8_call_units(L, m8_units_rect_outline(c.w, c.h));
    m8_rect(m8_ram(L), c.x0, c.y0, c.x1, c.y1, c.col);
    return 0;
}

int m8l_rectfill(lua_State *L)
{
    corners c = corner_args(L);
    m8_call_units(L, m8_units_box(c.w, c.h));
    m8_rectfill(m8_ram(L), c.x0, c.y0, c.x1, c.y1, c.col);
    return 0;
}

/* rrect/rrectfill(x,y,w,h,r,[col]), read once; reports the area. */
typedef struct rounded { int x, y, w, h, r, col; } rounded;

static rounded rounded_args(lua_State *L)
{
    rounded a = { m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0),
                  m8_arg_int(L, 4, 0), m8_arg_int(L, 5, 0), col_arg(L, 6) };
    m8_call_area(L, a.x, a.y, a.w, a.h);
    return a;
}

int m8l_rrect(lua_State *L)
{
    rounded a = rounded_args(L);
    m8_call_units(L, m8_units_rect_perimeter(a.w, a.h));
    m8_rrect(m8_ram(L), a.x, a.y, a.w, a.h, a.r, a.col);
    return 0;
}

int m8l_rrectfill(lua_State *L)
{
    rounded a = rounded_args(L);
    m8_call_units(L, m8_units_box(a.w, a.h));
    m8_rrectfill(m8_ram(L), a.x, a.y, a.w, a.h, a.r, a.col);
    return 0;
}

/* circ/circfill(x,y,[r=4],[col]), read once; reports the bounding box. */
typedef struct circle { int x, y, r, col; } circle;

static circle circle_args(lua_State *L)
{
    static const int def[3] = { 0, 0, 4 };
    int a[3];
    int32_t col = m8_arg_ints_raw(L, 3, a, def, M8_NOCOL);
    circle c = { a[0], a[1], a[2], col };
    m8_call_area(L, c.x - (double)c.r, c.y - (double)c.r, 2.0 * c.r + 1, 2.0 * c.r + 1);
    return c;
}

int m8l_circ(lua_State *L)
{
    circle c = circle_args(L);
    m8_call_units(L, m8_units_circ(c.r));
    m8_circ(m8_ram(L), c.x, c.y, c.r, c.col);
    return 0;
}

int m8l_circfill(lua_State *L)
{
    circle c = circle_args(L);
    m8_call_units(L, m8_units_circfill(c.r));
    m8_circfill(m8_ram(L), c.x, c.y, c.r, c.col);
    return 0;
}

int m8l_oval(lua_State *L)
{
    corners c = corner_args(L);
    m8_call_units(L, m8_units_oval_outline(c.w, c.h));
    m8_oval(m8_ram(L), c.x0, c.y0, c.x1, c.y1, c.col);
    return 0;
}

int m8l_ovalfill(lua_State *L)
{
    corners c = corner_args(L);
    m8_call_units(L, m8_units_box(c.w, c.h));
    m8_ovalfill(m8_ram(L), c.x0, c.y0, c.x1, c.y1, c.col);
    return 0;
}

/* --- sprites --- */

/* The sheet's sprites an sspr source rectangle (or a spr's block) covers, each with the part of the
 * destination it stretches to (flips mirror it), for the profiler. */
static void sspr_sprites(lua_State *L, int sx, int sy, int sw, int sh, int dx, int dy, int dw,
                         int dh, int flip_x, int flip_y)
{
    if (sw <= 0 || sh <= 0 || dw == 0 || dh == 0) return;
    double fx = fabs((double)dw) / sw, fy = fabs((double)dh) / sh;
    int x0 = sx < 0 ? 0 : sx, y0 = sy < 0 ? 0 : sy;
    /* (in 64 bits and doubles: the ints may be far apart, past the int's range together) */
    int x1 = (int64_t)sx + sw > 128 ? 128 : sx + sw, y1 = (int64_t)sy + sh > 128 ? 128 : sy + sh;
    for (int cy = y0 / 8 * 8; cy < y1; cy += 8)
        for (int cx = x0 / 8 * 8; cx < x1; cx += 8) {
            int ix0 = cx > x0 ? cx : x0, ix1 = cx + 8 < x1 ? cx + 8 : x1;
            int iy0 = cy > y0 ? cy : y0, iy1 = cy + 8 < y1 ? cy + 8 : y1;
            if (ix1 <= ix0 || iy1 <= iy0) continue;
            double w = (ix1 - ix0) * fx, h = (iy1 - iy0) * fy;
            double px = flip_x ? dx + fabs((double)dw) - (ix1 - (double)sx) * fx
                               : dx + (ix0 - (double)sx) * fx;
            double py = flip_y ? dy + fabs((double)dh) - (iy1 - (double)sy) * fy
                               : dy + (iy0 - (double)sy) * fy;
            m8_call_sprite(L, cy / 8 * 16 + cx / 8, px, py, w, h);
        }
}

int m8l_spr(lua_State *L)
{
    static const int zero[3];
    int a[3], top = lua_gettop(L);
    m8_arg_ints(L, 3, a, zero);
    int n = a[0], x = a[1], y = a[2];
    int32_t w = top >= 4 ? m8_arg_raw(L, 4, 0x10000) : 0x10000;
    int32_t h = top >= 5 ? m8_arg_raw(L, 5, 0x10000) : 0x10000;
    int flip_x = top >= 6 && m8_arg_bool(L, 6, 0), flip_y = top >= 7 && m8_arg_bool(L, 7, 0);
    double pw = m8_units_spr_side(w), ph = m8_units_spr_side(h);
    if (n >= 0 && n <= 255 && pw > 0 && ph > 0) {
        m8_call_units(L, m8_units_box(pw, ph));
        m8_call_area(L, x, y, pw, ph);
        m8_call_source(L, M8_SOURCE_SPRITE, n % 16 * 8, n / 16 * 8, pw, ph);
        if (m8_call_wants_sprites(L))   /* a w x h block: each sheet sprite, as sspr does */
            sspr_sprites(L, n % 16 * 8, n / 16 * 8, (int)pw, (int)ph, x, y, (int)pw, (int)ph,
                         flip_x, flip_y);
    }
    m8_spr(m8_ram(L), n, x, y, w, h, flip_x, flip_y);
    return 0;
}

int m8l_sspr(lua_State *L)
{
    static const int zero[6];
    int a[6];
    m8_arg_ints(L, 6, a, zero);
    int sx = a[0], sy = a[1], sw = a[2], sh = a[3], dx = a[4], dy = a[5];
    int dw = m8_arg_int(L, 7, sw), dh = m8_arg_int(L, 8, sh);
    int flip_x = m8_arg_bool(L, 9, 0), flip_y = m8_arg_bool(L, 10, 0);
    m8_call_units(L, m8_units_box(fabs((double)dw), fabs((double)dh)));
    m8_call_area(L, dx, dy, fabs((double)dw), fabs((double)dh));
    m8_call_source(L, M8_SOURCE_SHEET, sx, sy, sw, sh);
    if (m8_call_wants_sprites(L))
        sspr_sprites(L, sx, sy, sw, sh, dx, dy, dw, dh, flip_x, flip_y);
    m8_sspr(m8_ram(L), sx, sy, sw, sh, dx, dy, dw, dh, flip_x, flip_y);
    return 0;
}

int m8l_sget(lua_State *L)
{
    int xy[2];
    arg_xy(L, xy);
    push_int(L, m8_sget(m8_ram(L), xy[0], xy[1]));
    return 1;
}

int m8l_sset(lua_State *L)
{
    static const int zero[2];
    int xy[2];
    int32_t col = m8_arg_ints_raw(L, 2, xy, zero, M8_NOCOL);
    m8_sset(m8_ram(L), xy[0], xy[1], col);
    return 0;
}

int m8l_fget(lua_State *L)
{
    int flags = m8_fget(m8_ram(L), m8_arg_int(L, 1, 0));
    if (m8_arg_given(L, 2)) {
        int f = m8_arg_int(L, 2, 0);
        lua_pushboolean(L, f >= 0 && f < 8 && ((flags >> f) & 1));
    } else {
        push_int(L, flags);
    }
    return 1;
}

int m8l_fset(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int n = m8_arg_int(L, 1, 0);
    if (nargs(L) >= 3) {
        int f = m8_arg_int(L, 2, 0);
        if (f >= 0 && f < 8) m8_fset(ram, n, f, m8_arg_bool(L, 3, 0));
    } else {
        m8_fset(ram, n, -1, m8_arg_int(L, 2, 0));
    }
    return 0;
}

/* --- map --- */

int m8l_mget(lua_State *L)
{
    int xy[2];
    arg_xy(L, xy);
    push_int(L, m8_mget(m8_ram(L), xy[0], xy[1]));
    return 1;
}

int m8l_mset(lua_State *L)
{
    static const int zero[3];
    int a[3];
    m8_arg_ints(L, 3, a, zero);
    m8_mset(m8_ram(L), a[0], a[1], a[2]);
    return 0;
}

/* Non-empty cells of the requested map rectangle, on screen or not: map's cost counts the
 * requested area like the other calls (docs/cost-model.md). Same cell test as m8_map. */

int m8l_map(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int mw, mh;
    m8_map_size(ram, &mw, &mh);
    int def[7] = { 0, 0, 0, 0, mw, mh, 0 }, a[7];
    m8_arg_ints(L, 7, a, def);
    int tx = a[0], ty = a[1], sx = a[2], sy = a[3], tw = a[4], th = a[5], layers = a[6];
    /* a drawn cell costs the row's 128; every other cell of the map the request covers is
       looked at too: 1 cycle each (units of 1/128), so no request is free */
    double drawn = m8_map_cells_drawn(ram, tx, ty, tw, th, layers);
    double covered = m8_map_cells_covered(ram, tx, ty, tw, th);
    m8_call_units(L, drawn + (covered - drawn) / 128.0);
    m8_call_area(L, sx, sy, 8.0 * (tw > 0 ? tw : 0), 8.0 * (th > 0 ? th : 0));
    m8_call_source(L, M8_SOURCE_MAP, tx, ty, tw > 0 ? tw : 0, th > 0 ? th : 0);
    if (m8_call_wants_sprites(L)) {   /* for the profiler: the cells inside the map (in 64
                                         bits: the ints may be far apart) */
        int64_t cx0 = tx < 0 ? -(int64_t)tx : 0, cy0 = ty < 0 ? -(int64_t)ty : 0;
        int64_t cx1 = (int64_t)tx + tw < mw ? tw : (int64_t)mw - tx;
        int64_t cy1 = (int64_t)ty + th < mh ? th : (int64_t)mh - ty;
        for (int64_t cy = cy0; cy < cy1; cy++)
            for (int64_t cx = cx0; cx < cx1; cx++) {
                int n = m8_mget(ram, (int)(tx + cx), (int)(ty + cy));
                if (n == 0 && !(ram[M8_MISC_FLAGS] & M8_MISC_SPRITE0)) continue;
                if (layers && !(m8_fget(ram, n) & layers)) continue;
                m8_call_sprite(L, n, sx + cx * 8.0, sy + cy * 8.0, 8, 8);
            }
    }
    m8_map(ram, tx, ty, sx, sy, tw, th, layers);
    return 0;
}

static int tline_bits(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, TLINE_BITS_KEY);
    int bits = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : M8_TLINE_DEFAULT_BITS;
    lua_pop(L, 1);
    return bits;
}

int m8l_tline(lua_State *L)
{
    int bits = tline_bits(L);
    if (nargs(L) <= 1) {   /* tline(bits): set the precision, return the previous one */
        int nb = m8_arg_int(L, 1, M8_TLINE_DEFAULT_BITS);
        nb = nb < 0 ? 0 : nb > 31 ? 31 : nb;
        lua_pushinteger(L, nb);
        lua_setfield(L, LUA_REGISTRYINDEX, TLINE_BITS_KEY);
        push_int(L, bits);
        return 1;
    }
    int x0 = m8_arg_int(L, 1, 0), y0 = m8_arg_int(L, 2, 0);
    int x1 = m8_arg_int(L, 3, 0), y1 = m8_arg_int(L, 4, 0);
    m8_call_units(L, m8_units_segment(x0, y0, x1, y1));
    m8_call_area(L, x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, span(x0, x1), span(y0, y1));
    m8_tline(m8_ram(L), x0, y0, x1, y1, m8_arg_raw(L, 5, 0), m8_arg_raw(L, 6, 0),
             m8_arg_raw(L, 7, (int32_t)((uint32_t)1 << bits)), m8_arg_raw(L, 8, 0), m8_arg_int(L, 9, 0),
             bits);
    return 0;
}
