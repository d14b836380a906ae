/* api_gfx.c - Lua bindings of the graphics API (reference 8.1-8.4): draw state, primitives,
 * sprites, map and tline. Each binding converts its arguments (coordinates floored,
 * colours and fractional values as raw 16.16 patterns, absent colour = M8_NOCOL), picks
 * the call form from the arguments given, calls the rasteriser in runtime/core/gfx.h and
 * reports its cost units. The tline(bits) precision is VM state kept in the Lua registry
 * (it has no RAM address). Depends on: api_internal.h, runtime/core gfx.h, p8num.h. */
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

static void push_int(lua_State *L, int v) { m8_push_num(L, (double)v); }

static double iabs(double v) { return v < 0 ? -v : v; }

/* --- draw state --- */

int m8l_cls(lua_State *L)
{
    m8_cls(m8_ram(L), m8_arg_int(L, 1, 0));
    m8_cost_screen_area(L, 0, 0, 128, 128);
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
    m8_cost_area(L, m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), 1, 1);
    m8_pset(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), col_arg(L, 3));
    return 0;
}

int m8l_pget(lua_State *L)
{
    push_int(L, m8_pget(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0)));
    return 1;
}

int m8l_line(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int n = nargs(L);
    if (n >= 4) {
        int x0 = m8_arg_int(L, 1, 0), y0 = m8_arg_int(L, 2, 0);
        int x1 = m8_arg_int(L, 3, 0), y1 = m8_arg_int(L, 4, 0);
        m8_cost_units(L, 1 + (iabs((double)x1 - x0) > iabs((double)y1 - y0)
                                  ? iabs((double)x1 - x0) : iabs((double)y1 - y0)) +
                             2 * (m8_cost_clipped(L, x0, y0) || m8_cost_clipped(L, x1, y1)));
        m8_cost_area(L, x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, iabs((double)x1 - x0) + 1,
                     iabs((double)y1 - y0) + 1);
        m8_line(ram, x0, y0, x1, y1, col_arg(L, 5));
    } else if (n >= 2) {
        int x0 = m8_peek_s16(ram, M8_LINE_END_X), y0 = m8_peek_s16(ram, M8_LINE_END_Y);
        int x1 = m8_arg_int(L, 1, 0), y1 = m8_arg_int(L, 2, 0);
        if (!(ram[M8_LINE_STATE] & 1)) {
            m8_cost_units(L, 1 + (iabs((double)x1 - x0) > iabs((double)y1 - y0)
                                      ? iabs((double)x1 - x0) : iabs((double)y1 - y0)) +
                                 2 * (m8_cost_clipped(L, x0, y0) || m8_cost_clipped(L, x1, y1)));
            m8_cost_area(L, x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, iabs((double)x1 - x0) + 1,
                         iabs((double)y1 - y0) + 1);
        }
        m8_line_to(ram, x1, y1, col_arg(L, 3));
    } else {
        m8_line_reset(ram, col_arg(L, 1));
    }
    return 0;
}

/* Width and height (in pixels, as doubles) of a corner-form rectangle. */
static void corner_size(lua_State *L, double *w, double *h)
{
    *w = iabs((double)m8_arg_int(L, 3, 0) - m8_arg_int(L, 1, 0)) + 1;
    *h = iabs((double)m8_arg_int(L, 4, 0) - m8_arg_int(L, 2, 0)) + 1;
    int x0 = m8_arg_int(L, 1, 0), y0 = m8_arg_int(L, 2, 0);
    int x1 = m8_arg_int(L, 3, 0), y1 = m8_arg_int(L, 4, 0);
    m8_cost_area(L, x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, *w, *h);   /* profiler heatmap */
}

int m8l_rect(lua_State *L)
{
    double w, h;
    corner_size(L, &w, &h);
    /* older wiki table: max(1, 2*ceil(a/4)) + max(0, 2*ceil(b/2 - 1)) ticks */
    double a = w > h ? w : h, b = w > h ? h : w;
    double t1 = 2 * ceil(a / 4), t2 = 2 * ceil(b / 2 - 1);
    m8_cost_units(L, (t1 < 1 ? 1 : t1) + (t2 < 0 ? 0 : t2));
    m8_rect(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0),
            m8_arg_int(L, 4, 0), col_arg(L, 5));
    return 0;
}

int m8l_rectfill(lua_State *L)
{
    double w, h;
    corner_size(L, &w, &h);
    m8_cost_units(L, w * h);
    m8_rectfill(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0),
                m8_arg_int(L, 4, 0), col_arg(L, 5));
    return 0;
}

int m8l_rrect(lua_State *L)
{
    int w = m8_arg_int(L, 3, 0), h = m8_arg_int(L, 4, 0);
    m8_cost_units(L, 2.0 * (w > 0 ? w : 0) + 2.0 * (h > 0 ? h : 0));
    m8_cost_area(L, m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), w, h);
    m8_rrect(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), w, h, m8_arg_int(L, 5, 0),
             col_arg(L, 6));
    return 0;
}

int m8l_rrectfill(lua_State *L)
{
    int w = m8_arg_int(L, 3, 0), h = m8_arg_int(L, 4, 0);
    m8_cost_units(L, (w > 0 ? (double)w : 0) * (h > 0 ? (double)h : 0));
    m8_cost_area(L, m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), w, h);
    m8_rrectfill(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), w, h,
                 m8_arg_int(L, 5, 0), col_arg(L, 6));
    return 0;
}

int m8l_circ(lua_State *L)
{
    int r = m8_arg_int(L, 3, 4);
    m8_cost_units(L, r < 0 ? 0 : 8.0 * r + 1);
    m8_cost_area(L, m8_arg_int(L, 1, 0) - (double)r, m8_arg_int(L, 2, 0) - (double)r, 2.0 * r + 1,
                 2.0 * r + 1);
    m8_circ(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), r, col_arg(L, 4));
    return 0;
}

int m8l_circfill(lua_State *L)
{
    int r = m8_arg_int(L, 3, 4);
    m8_cost_units(L, r < 0 ? 0 : (2.0 * r + 1) * (2.0 * r + 1));
    m8_cost_area(L, m8_arg_int(L, 1, 0) - (double)r, m8_arg_int(L, 2, 0) - (double)r, 2.0 * r + 1,
                 2.0 * r + 1);
    m8_circfill(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), r, col_arg(L, 4));
    return 0;
}

int m8l_oval(lua_State *L)
{
    double w, h;
    corner_size(L, &w, &h);
    m8_cost_units(L, 2 * (w + h));
    m8_oval(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0),
            m8_arg_int(L, 4, 0), col_arg(L, 5));
    return 0;
}

int m8l_ovalfill(lua_State *L)
{
    double w, h;
    corner_size(L, &w, &h);
    m8_cost_units(L, w * h);
    m8_ovalfill(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0),
                m8_arg_int(L, 4, 0), col_arg(L, 5));
    return 0;
}

/* --- sprites --- */

int m8l_spr(lua_State *L)
{
    int n = m8_arg_int(L, 1, 0);
    int32_t w = m8_arg_raw(L, 4, 0x10000), h = m8_arg_raw(L, 5, 0x10000);
    double pw = floor((double)w * 8 / 65536), ph = floor((double)h * 8 / 65536);
    if (n >= 0 && n <= 255 && pw > 0 && ph > 0) {
        m8_cost_units(L, pw * ph);
        m8_cost_area(L, m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0), pw, ph);
    }
    m8_spr(m8_ram(L), n, m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0), w, h, m8_arg_bool(L, 6, 0),
           m8_arg_bool(L, 7, 0));
    return 0;
}

int m8l_sspr(lua_State *L)
{
    int sw = m8_arg_int(L, 3, 0), sh = m8_arg_int(L, 4, 0);
    int dw = m8_arg_int(L, 7, sw), dh = m8_arg_int(L, 8, sh);
    m8_cost_units(L, iabs((double)dw) * iabs((double)dh));
    m8_cost_area(L, m8_arg_int(L, 5, 0), m8_arg_int(L, 6, 0), iabs((double)dw), iabs((double)dh));
    m8_sspr(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), sw, sh, m8_arg_int(L, 5, 0),
            m8_arg_int(L, 6, 0), dw, dh, m8_arg_bool(L, 9, 0), m8_arg_bool(L, 10, 0));
    return 0;
}

int m8l_sget(lua_State *L)
{
    push_int(L, m8_sget(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0)));
    return 1;
}

int m8l_sset(lua_State *L)
{
    m8_sset(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), col_arg(L, 3));
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
    push_int(L, m8_mget(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0)));
    return 1;
}

int m8l_mset(lua_State *L)
{
    m8_mset(m8_ram(L), m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0));
    return 0;
}

/* Non-empty cells of the requested map rectangle, on screen or not: map's cost counts the
 * requested area like the other calls (docs/cost-model.md). Same cell test as m8_map. */
static double map_cells(const uint8_t *ram, int tx, int ty, int tw, int th, int layers,
                        int mw, int mh)
{
    double n = 0;
    long i0 = tx < 0 ? 0 : tx, j0 = ty < 0 ? 0 : ty;
    long i1 = (long)tx + tw < mw ? (long)tx + tw : mw, j1 = (long)ty + th < mh ? (long)ty + th : mh;
    for (long j = j0; j < j1; j++)
        for (long i = i0; i < i1; i++) {
            int tile = m8_mget(ram, (int)i, (int)j);
            if (tile == 0 && !(ram[M8_MISC_FLAGS] & M8_MISC_SPRITE0)) continue;
            if (layers && !(m8_fget(ram, tile) & layers)) continue;
            n++;
        }
    return n;
}

int m8l_map(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int mw, mh;
    m8_map_size(ram, &mw, &mh);
    int tw = m8_arg_int(L, 5, mw), th = m8_arg_int(L, 6, mh);
    m8_cost_units(L, map_cells(ram, m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), tw, th,
                               m8_arg_int(L, 7, 0), mw, mh));
    m8_cost_area(L, m8_arg_int(L, 3, 0), m8_arg_int(L, 4, 0), 8.0 * (tw > 0 ? tw : 0),
                 8.0 * (th > 0 ? th : 0));
    m8_map(ram, m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0),
           m8_arg_int(L, 4, 0), tw, th, m8_arg_int(L, 7, 0));
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
    m8_cost_units(L, 1 + (iabs((double)x1 - x0) > iabs((double)y1 - y0)
                              ? iabs((double)x1 - x0) : iabs((double)y1 - y0)));
    m8_cost_area(L, x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, iabs((double)x1 - x0) + 1,
                 iabs((double)y1 - y0) + 1);
    m8_tline(m8_ram(L), x0, y0, x1, y1, m8_arg_raw(L, 5, 0), m8_arg_raw(L, 6, 0),
             m8_arg_raw(L, 7, (int32_t)((uint32_t)1 << bits)), m8_arg_raw(L, 8, 0), m8_arg_int(L, 9, 0),
             bits);
    return 0;
}
