/* gfx_internal.h - helpers shared by the gfx_*.c files (not part of the public API).
 *
 * An "ink" is the resolved colour state of one draw call: the two final colours chosen by
 * the fill pattern (after the draw palette and, when enabled, the secondary palette), the
 * pattern and its transparency flag. Spans and rows are clipped once, then written with
 * m8_surface_write() so the inner loops stay tight. Depends on: ram.h, pixel.h. */
#ifndef M8_GFX_INTERNAL_H
#define M8_GFX_INTERNAL_H

#include <stddef.h>
#include "ram.h"
#include "pixel.h"

#define M8_COORD_LIMIT (1 << 24)

typedef struct m8_ink {
    uint16_t pat;    /* fill pattern, 0 = solid */
    uint8_t c0, c1;  /* final colours for pattern bit 0 / bit 1 */
    uint8_t transp;  /* pattern-1 pixels are not drawn */
} m8_ink;

/* Clip rectangle intersected with the screen: [x0,x1) x [y0,y1). */
typedef struct m8_win { int x0, y0, x1, y1; } m8_win;

/* Clamp a coordinate so that sums and differences cannot overflow an int. */
static inline int m8_cc(int v)
{
    return v < -M8_COORD_LIMIT ? -M8_COORD_LIMIT : v > M8_COORD_LIMIT ? M8_COORD_LIMIT : v;
}

static inline int m8_imin(int a, int b) { return a < b ? a : b; }
static inline int m8_imax(int a, int b) { return a > b ? a : b; }

/* Floor division for a positive divisor. */
static inline int64_t m8_floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static inline m8_win m8_clip_win(const uint8_t *ram)
{
    m8_win w;
    w.x0 = ram[M8_CLIP_X0];
    w.y0 = ram[M8_CLIP_Y0];
    w.x1 = m8_imin(ram[M8_CLIP_X1], 128);
    w.y1 = m8_imin(ram[M8_CLIP_Y1], 128);
    return w;
}

/* Fill-pattern bit of screen pixel (x,y): bit 15-(x&3)-4*(y&3) (reference 8.3). */
static inline int m8_pat_bit(unsigned pat, int x, int y)
{
    return (pat >> (15 - (x & 3) - 4 * (y & 3))) & 1;
}

/* Walk of the pixels of a line (x0,y0)-(x1,y1), both ends inclusive: one pixel per step
 * along the major axis, the minor coordinate rounded half up (m0 + floor((2*i*d + n)/2n)),
 * which gives the same pixels in both directions. Only the steps whose major coordinate is
 * inside the window are visited; k->i is the step index from (x0,y0) (tline uses it). */
typedef struct m8_walk {
    int xmajor, s;
    int64_t maj0, min0, d, den, q, r, i, hi;
} m8_walk;

static inline int m8_walk_init(m8_walk *k, int x0, int y0, int x1, int y1, const m8_win *w)
{
    if (w->x0 >= w->x1 || w->y0 >= w->y1) return 0;
    int64_t dx = (int64_t)x1 - x0, dy = (int64_t)y1 - y0;
    int64_t adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    k->xmajor = adx >= ady;
    int64_t n = k->xmajor ? adx : ady;
    k->maj0 = k->xmajor ? x0 : y0;
    k->min0 = k->xmajor ? y0 : x0;
    k->d = k->xmajor ? dy : dx;
    k->s = (k->xmajor ? dx : dy) < 0 ? -1 : 1;
    int64_t wmin = k->xmajor ? w->x0 : w->y0, wmax = (k->xmajor ? w->x1 : w->y1) - 1;
    int64_t lo = 0, hi = n;
    if (k->s > 0) {
        if (wmin - k->maj0 > lo) lo = wmin - k->maj0;
        if (wmax - k->maj0 < hi) hi = wmax - k->maj0;
    } else {
        if (k->maj0 - wmax > lo) lo = k->maj0 - wmax;
        if (k->maj0 - wmin < hi) hi = k->maj0 - wmin;
    }
    if (lo > hi) return 0;
    k->den = n ? 2 * n : 1;
    int64_t num = 2 * lo * k->d + n;
    if (lo == 0) {                      /* the start is inside: num = n < den, no division */
        k->q = 0;
        k->r = num;
    } else {
        k->q = m8_floordiv(num, k->den);
        k->r = num - k->q * k->den;
    }
    k->i = lo;
    k->hi = hi;
    return 1;
}

static inline void m8_walk_pos(const m8_walk *k, int *x, int *y)
{
    int maj = (int)(k->maj0 + k->s * k->i), mn = (int)(k->min0 + k->q);
    if (k->xmajor) { *x = maj; *y = mn; }
    else { *x = mn; *y = maj; }
}

/* Advance one step; returns 0 after the last visible step. */
static inline int m8_walk_next(m8_walk *k)
{
    k->r += 2 * k->d;
    if (k->r >= k->den) { k->r -= k->den; k->q++; }
    else if (k->r < 0) { k->r += k->den; k->q--; }
    return ++k->i <= k->hi;
}

/* Plot one inked pixel at screen coordinates (clipped). */
static inline void m8_ink_plot(uint8_t *ram, int x, int y, const m8_ink *k)
{
    int c = k->c0;
    if (k->pat && m8_pat_bit(k->pat, x, y)) {
        if (k->transp) return;
        c = k->c1;
    }
    m8_plot(ram, x, y, c);
}

/* Test hook: non-zero makes line, tline and print take their general per-pixel paths, which
 * the unit tests compare the fast paths with (gfx_state.c; 0 in every program). */
extern int m8_gfx_general_only;

/* Resolve the colour argument and the current pen/fill state into an ink; *invert gets the
 * inverted-fill request (may be NULL). Defined in gfx_state.c. */
m8_ink m8_gfx_ink(uint8_t *ram, int32_t col, int *invert);

/* Draw the inclusive span xa..xb of screen row y with ink k, clipped to w (gfx_shapes.c). */
void m8_ink_span(uint8_t *ram, int y, int xa, int xb, const m8_ink *k, const m8_win *w);

/* Map cell address for cell (x,y), or -1 outside the map (gfx_map.c). */
int32_t m8_map_addr(const uint8_t *ram, int x, int y);

/* Per-colour lookup used by sprite drawing: lut0[c]/lut1[c] = final colour for pattern bit
 * 0/1, or 0xff when not drawn; *pat = pattern to use (0 = lut0 only). (gfx_sprite.c) */
typedef struct m8_sprite_ink {
    uint8_t lut0[16], lut1[16];
    uint16_t pat;
    uint8_t plain;      /* no pattern and the reset palette: colours as they are, 0 skipped */
} m8_sprite_ink;
void m8_sprite_ink_init(const uint8_t *ram, m8_sprite_ink *s);

/* Blit the sw x sh source rectangle of the sprite sheet at screen (dx,dy) 1:1, with flips,
 * clipped to w (gfx_sprite.c). Source pixels outside the sheet read 0. */
void m8_blit(uint8_t *ram, int sx, int sy, int sw, int sh, int dx, int dy, int fx, int fy,
             const m8_sprite_ink *s, const m8_win *w);

#endif
