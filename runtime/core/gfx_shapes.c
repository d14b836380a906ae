/* gfx_shapes.c - primitives: pset/pget, line (three forms, stored line state), rect,
 * rectfill, rrect, rrectfill, circ, circfill, oval, ovalfill; fill patterns and inverted
 * fills (reference 8.2, 8.3).
 *
 * Filled shapes are built as one span per visible screen row (m8_rows) and then painted
 * (or, for inverted fills, their complement inside the clip rectangle); loops only visit
 * visible rows and columns, so huge arguments cost no more than the screen.
 * Depends on: ram.h, pixel.h, gfx.h, gfx_internal.h, libm (sqrt). */
#include <limits.h>
#include <stddef.h>
#include <math.h>
#include <string.h>
#include "gfx.h"
#include "gfx_internal.h"

#define M8_RADIUS_LIMIT 65536   /* beyond PICO-8's number range; keeps midpoint loops short */

/* n bytes (1..64) of value b at p: a few possibly overlapping word stores, which for the
 * short spans of shapes costs less than a call to memset. */
static inline void fill_bytes(uint8_t *p, int n, uint8_t b)
{
    uint64_t w = 0x0101010101010101ull * b;
    if (n >= 8) {
        for (int i = 0; i + 8 < n; i += 8) memcpy(p + i, &w, 8);
        memcpy(p + n - 8, &w, 8);
    } else if (n >= 4) {
        uint32_t h = (uint32_t)w;
        memcpy(p, &h, 4);
        memcpy(p + n - 4, &h, 4);
    } else {
        p[0] = b;
        p[n - 1] = b;
        p[n >> 1] = b;
    }
}

/* Pixels xa..xb (inclusive, on screen) of a screen row in colour c, two per byte. */
static inline void solid_row(uint8_t *row, int xa, int xb, uint8_t c)
{
    if (xa & 1) {
        row[xa >> 1] = (uint8_t)((row[xa >> 1] & 0x0f) | (c << 4));
        xa++;
    }
    if (xa > xb) return;
    if (!(xb & 1)) {
        row[xb >> 1] = (uint8_t)((row[xb >> 1] & 0xf0) | c);
        xb--;
    }
    if (xa < xb) fill_bytes(row + (xa >> 1), (xb - xa + 1) >> 1, (uint8_t)(c | c << 4));
}

/* Pixels xa..xb (inclusive, on screen) of a screen row in the colour whose nibble fills
 * `all`, sixteen pixels (one 64-bit read-modify-write) a step from the even pixel at or
 * before xa. May read and write back unchanged up to 8 bytes past the row: the caller
 * checks there is room. */
static inline void span_words(uint8_t *row, int xa, int xb, uint64_t all)
{
    uint8_t *p = row + (xa >> 1);
    unsigned n = (unsigned)(xb - xa + 1 + (xa & 1));    /* nibbles from p, odd xa: one skipped */
    uint64_t m = ~0ull << ((xa & 1) * 4), v;
    for (; n > 16; n -= 16, p += 8, m = ~0ull) {
        memcpy(&v, p, 8);
        v = (v & ~m) | (all & m);
        memcpy(p, &v, 8);
    }
    m &= ~0ull >> (64 - 4 * n);                         /* n is 1..16 here */
    memcpy(&v, p, 8);
    v = (v & ~m) | (all & m);
    memcpy(p, &v, 8);
}

/* Rows ya..yb, pixels xa..xb (all on screen) of the screen at `screen` in the colour whose
 * nibble fills `all`: the masks of the first and last 64-bit word of a row made once, the
 * words between stored whole. Same room past the rows as span_words. */
static void box_words(uint8_t *screen, int xa, int xb, int ya, int yb, uint64_t all)
{
    unsigned n = (unsigned)(xb - xa + 1 + (xa & 1));    /* nibbles from the first byte */
    unsigned words = (n - 1) / 16;                      /* words before the last one */
    uint64_t head = ~0ull << ((xa & 1) * 4), last = ~0ull >> (64 - 4 * (n - 16 * words)), v;
    if (!words) head &= last;
    for (int y = ya; y <= yb; y++) {
        uint8_t *p = screen + y * 64 + (xa >> 1);
        memcpy(&v, p, 8);
        v = (v & ~head) | (all & head);
        memcpy(p, &v, 8);
        if (!words) continue;
        for (unsigned i = 1; i < words; i++) memcpy(p + 8 * i, &all, 8);
        p += 8 * words;
        memcpy(&v, p, 8);
        v = (v & ~last) | (all & last);
        memcpy(p, &v, 8);
    }
}

void m8_ink_span(uint8_t *ram, int y, int xa, int xb, const m8_ink *k, const m8_win *w)
{
    if (y < w->y0 || y >= w->y1) return;
    if (xa < w->x0) xa = w->x0;
    if (xb > w->x1 - 1) xb = w->x1 - 1;
    if (xa > xb) return;
    uint32_t base = m8_screen_base(ram);
    if (k->pat == 0 && ram[M8_BITPLANE_MASK] == 0xff) {
        uint32_t row = base + (uint32_t)y * 64;
        uint8_t c = k->c0 & 15, pair = (uint8_t)(c | c << 4);
        if (row + 64 <= 0x10000) {              /* no wrap: straight into the row */
            solid_row(ram + row, xa, xb, c);
            return;
        }
        int x = xa;
        if (x & 1) {
            uint32_t a = (row + (x >> 1)) & 0xffff;
            ram[a] = (uint8_t)((ram[a] & 0x0f) | (c << 4));
            x++;
        }
        for (; x < xb; x += 2) ram[(row + (x >> 1)) & 0xffff] = pair;
        if (x == xb) {
            uint32_t a = (row + (x >> 1)) & 0xffff;
            ram[a] = (uint8_t)((ram[a] & 0xf0) | c);
        }
        return;
    }
    unsigned rowbits = (k->pat >> (12 - 4 * (y & 3))) & 15;
    for (int x = xa; x <= xb; x++) {
        int c = k->c0;
        if ((rowbits >> (3 - (x & 3))) & 1) {
            if (k->transp) continue;
            c = k->c1;
        }
        m8_surface_write(ram, base, x, y, c);
    }
}

/* --- per-row span sets for filled shapes --- */

typedef struct m8_rows {
    int lo[128], hi[128];       /* valid only for rows ymin..ymax */
    int ymin, ymax;             /* rows touched so far (ymin > ymax: none) */
} m8_rows;

static void rows_init(m8_rows *r)
{
    r->ymin = 128;
    r->ymax = -1;
}

/* Make row y part of the touched range, starting the rows newly covered empty. */
static inline void rows_cover(m8_rows *r, int y)
{
    if (r->ymin > r->ymax) {
        r->ymin = r->ymax = y;
        r->lo[y] = INT_MAX;
        r->hi[y] = INT_MIN;
        return;
    }
    for (; r->ymin > y; ) { r->ymin--; r->lo[r->ymin] = INT_MAX; r->hi[r->ymin] = INT_MIN; }
    for (; r->ymax < y; ) { r->ymax++; r->lo[r->ymax] = INT_MAX; r->hi[r->ymax] = INT_MIN; }
}

static inline void rows_add(m8_rows *r, int64_t y, int xa, int xb)
{
    if (y < 0 || y >= 128) return;
    if (y < r->ymin || y > r->ymax) rows_cover(r, (int)y);
    if (xa < r->lo[y]) r->lo[y] = xa;
    if (xb > r->hi[y]) r->hi[y] = xb;
}

static void rows_fill(uint8_t *ram, const m8_rows *r, const m8_ink *k, int invert)
{
    m8_win w = m8_clip_win(ram);
    if (!invert) {                      /* only the rows the shape touched */
        if (r->ymin > w.y0) w.y0 = r->ymin;
        if (r->ymax + 1 < w.y1) w.y1 = r->ymax + 1;
        uint32_t base = m8_screen_base(ram);
        if (k->pat == 0 && ram[M8_BITPLANE_MASK] == 0xff &&
            base + (uint32_t)w.y1 * 64 <= 0x10000) {    /* solid: straight into the rows */
            for (int y = w.y0; y < w.y1; y++) {
                int xa = m8_imax(r->lo[y], w.x0), xb = m8_imin(r->hi[y], w.x1 - 1);
                if (xa <= xb) solid_row(ram + base + (uint32_t)y * 64, xa, xb, k->c0 & 15);
            }
            return;
        }
    }
    for (int y = w.y0; y < w.y1; y++) {
        int empty = y < r->ymin || y > r->ymax || r->lo[y] > r->hi[y];
        if (!invert) {
            if (!empty) m8_ink_span(ram, y, r->lo[y], r->hi[y], k, &w);
        } else if (empty) {
            m8_ink_span(ram, y, w.x0, w.x1 - 1, k, &w);
        } else {
            if (r->lo[y] > w.x0) m8_ink_span(ram, y, w.x0, r->lo[y] - 1, k, &w);
            if (r->hi[y] < w.x1 - 1) m8_ink_span(ram, y, r->hi[y] + 1, w.x1 - 1, k, &w);
        }
    }
}

/* --- pset / pget --- */

/* m8_ink_plot with m8_gfx_ink's ink, resolving only the one colour the pixel takes: the
 * pattern bit first, then the draw palette (and the secondary palette) of that colour. */
void m8_pset(uint8_t *ram, int x, int y, int32_t col)
{
    m8_gfx_color_arg(ram, col);
    x = m8_cc(x) - m8_camera_x(ram);
    y = m8_cc(y) - m8_camera_y(ram);
    unsigned pen = ram[M8_PEN], flags = ram[M8_FILLP_FLAGS];
    unsigned pat = ram[M8_FILLP] | (unsigned)ram[M8_FILLP + 1] << 8;
    int bit = pat && m8_pat_bit(pat, x, y);
    if (bit && (flags & 1)) return;                      /* transparent pattern bit */
    int c;
    if (flags & 4) {
        unsigned sec = ram[M8_SECONDARY_PAL + m8_draw_pal(ram, (int)pen)];
        c = bit ? (int)(sec >> 4) : (int)(sec & 15);
    } else {
        c = m8_draw_pal(ram, bit ? (int)(pen >> 4) : (int)(pen & 15));
    }
    m8_plot(ram, x, y, c);
}

int m8_pget(const uint8_t *ram, int x, int y)
{
    x = m8_cc(x) - m8_camera_x(ram);
    y = m8_cc(y) - m8_camera_y(ram);
    if ((unsigned)x >= 128 || (unsigned)y >= 128)
        return (ram[M8_MISC_FLAGS] & M8_MISC_OOB_VALUES) ? ram[M8_PRINT_OFFSET] : 0;
    return m8_surface_read(ram, m8_screen_base(ram), x, y);
}

/* --- line --- */

/* The solid line's steps, the walk's q/r in 32 bits (|2d| <= den < 2^27 here), one loop
 * per axis: `steps` pixels from the major coordinate (x in solid_line_x, y in solid_line_y:
 * on screen, stepping by s) and the minor one, which the remainder r steps; pixels whose
 * minor coordinate is outside [lo, lo + span) are skipped. The row's offset moves with the
 * walk (a row a step along y, a row at each minor step along x; an integer, as it leaves
 * the screen with a skipped pixel's row: |y| < 2^24, so y * 64 fits), and a pixel's nibble
 * takes its mask and colour from two pairs indexed by the column's parity, with no shift
 * by a variable. */
static void solid_line_x(uint8_t *screen, int x, int s, int y, int32_t r, int32_t d2,
                         int32_t den, int steps, unsigned ylo, unsigned yspan, unsigned c)
{
    const uint8_t keep[2] = { 0xf0, 0x0f }, ink[2] = { (uint8_t)c, (uint8_t)(c << 4) };
    int row = y * 64;
    for (; steps > 0; steps--) {
        if ((unsigned)y - ylo < yspan) {
            uint8_t *b = screen + row + (x >> 1);
            *b = (uint8_t)((*b & keep[x & 1]) | ink[x & 1]);
        }
        x += s;
        r += d2;
        if (r >= den) { r -= den; y++; row += 64; }
        else if (r < 0) { r += den; y--; row -= 64; }
    }
}

static void solid_line_y(uint8_t *screen, int y, int s, int x, int32_t r, int32_t d2,
                         int32_t den, int steps, unsigned xlo, unsigned xspan, unsigned c)
{
    const uint8_t keep[2] = { 0xf0, 0x0f }, ink[2] = { (uint8_t)c, (uint8_t)(c << 4) };
    int row = y * 64, next = s * 64;
    for (; steps > 0; steps--) {
        if ((unsigned)x - xlo < xspan) {
            uint8_t *b = screen + row + (x >> 1);
            *b = (uint8_t)((*b & keep[x & 1]) | ink[x & 1]);
        }
        row += next;
        r += d2;
        if (r >= den) { r -= den; x++; }
        else if (r < 0) { r += den; x--; }
    }
}

static void draw_line(uint8_t *ram, int x0, int y0, int x1, int y1, const m8_ink *k)
{
    m8_win w = m8_clip_win(ram);
    m8_walk wk;
    if (!m8_walk_init(&wk, x0, y0, x1, y1, &w)) return;
    uint32_t base = m8_screen_base(ram);
    if (k->pat == 0 && ram[M8_BITPLANE_MASK] == 0xff && base + 0x2000 <= 0x10000 &&
        !m8_gfx_general_only) {                 /* solid, no wrap: the walk in 32 bits */
        int maj = (int)(wk.maj0 + wk.s * wk.i), mn = (int)(wk.min0 + wk.q);
        unsigned mlo = (unsigned)(wk.xmajor ? w.y0 : w.x0);
        unsigned mspan = (unsigned)(wk.xmajor ? w.y1 - w.y0 : w.x1 - w.x0);
        int steps = (int)(wk.hi - wk.i + 1);    /* at most 128: clipped to the window */
        if (wk.xmajor)
            solid_line_x(ram + base, maj, wk.s, mn, (int32_t)wk.r, (int32_t)(2 * wk.d),
                         (int32_t)wk.den, steps, mlo, mspan, k->c0 & 15u);
        else
            solid_line_y(ram + base, maj, wk.s, mn, (int32_t)wk.r, (int32_t)(2 * wk.d),
                         (int32_t)wk.den, steps, mlo, mspan, k->c0 & 15u);
        return;
    }
    do {
        int x, y;
        m8_walk_pos(&wk, &x, &y);
        m8_ink_plot(ram, x, y, k);
    } while (m8_walk_next(&wk));
}

static void store_line_end(uint8_t *ram, int x, int y)
{
    m8_poke_16(ram, M8_LINE_END_X, (uint16_t)x);
    m8_poke_16(ram, M8_LINE_END_Y, (uint16_t)y);
    ram[M8_LINE_STATE] &= (uint8_t)~1;
}

void m8_line(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col)
{
    m8_ink k = m8_gfx_ink(ram, col, NULL);
    int cx = m8_camera_x(ram), cy = m8_camera_y(ram);
    x0 = m8_cc(x0); y0 = m8_cc(y0); x1 = m8_cc(x1); y1 = m8_cc(y1);
    draw_line(ram, x0 - cx, y0 - cy, x1 - cx, y1 - cy, &k);
    store_line_end(ram, x1, y1);
}

void m8_line_to(uint8_t *ram, int x1, int y1, int32_t col)
{
    m8_ink k = m8_gfx_ink(ram, col, NULL);
    x1 = m8_cc(x1); y1 = m8_cc(y1);
    if (!(ram[M8_LINE_STATE] & 1)) {
        int cx = m8_camera_x(ram), cy = m8_camera_y(ram);
        int x0 = m8_peek_s16(ram, M8_LINE_END_X), y0 = m8_peek_s16(ram, M8_LINE_END_Y);
        draw_line(ram, x0 - cx, y0 - cy, x1 - cx, y1 - cy, &k);
    }
    store_line_end(ram, x1, y1);
}

void m8_line_reset(uint8_t *ram, int32_t col)
{
    m8_gfx_color_arg(ram, col);
    ram[M8_LINE_STATE] |= 1;
}

/* --- rectangles --- */

static void order(int *a, int *b)
{
    if (*a > *b) { int t = *a; *a = *b; *b = t; }
}

void m8_rect(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col)
{
    m8_ink k = m8_gfx_ink(ram, col, NULL);
    int cx = m8_camera_x(ram), cy = m8_camera_y(ram);
    x0 = m8_cc(x0) - cx; x1 = m8_cc(x1) - cx;
    y0 = m8_cc(y0) - cy; y1 = m8_cc(y1) - cy;
    order(&x0, &x1);
    order(&y0, &y1);
    m8_win w = m8_clip_win(ram);
    m8_ink_span(ram, y0, x0, x1, &k, &w);
    if (y1 != y0) m8_ink_span(ram, y1, x0, x1, &k, &w);
    int ya = m8_imax(y0 + 1, w.y0), yb = m8_imin(y1 - 1, w.y1 - 1);
    for (int y = ya; y <= yb; y++) {
        m8_ink_plot(ram, x0, y, &k);
        if (x1 != x0) m8_ink_plot(ram, x1, y, &k);
    }
}

void m8_rectfill(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col)
{
    int invert;
    m8_ink k = m8_gfx_ink(ram, col, &invert);
    int cx = m8_camera_x(ram), cy = m8_camera_y(ram);
    x0 = m8_cc(x0) - cx; x1 = m8_cc(x1) - cx;
    y0 = m8_cc(y0) - cy; y1 = m8_cc(y1) - cy;
    order(&x0, &x1);
    order(&y0, &y1);
    m8_win w = m8_clip_win(ram);
    if (!invert) {
        int ya = m8_imax(y0, w.y0), yb = m8_imin(y1, w.y1 - 1);
        int xa = m8_imax(x0, w.x0), xb = m8_imin(x1, w.x1 - 1);
        uint32_t base = m8_screen_base(ram);
        if (k.pat == 0 && ram[M8_BITPLANE_MASK] == 0xff && base + (uint32_t)(yb + 1) * 64 + 8 <= 0x10000) {
            if (xa <= xb && ya <= yb)                   /* a solid box, a word at a time */
                box_words(ram + base, xa, xb, ya, yb, 0x1111111111111111ull * (k.c0 & 15));
            return;
        }
        if (k.pat == 0 && ram[M8_BITPLANE_MASK] == 0xff && base + (uint32_t)(yb + 1) * 64 <= 0x10000) {
            for (int y = ya; y <= yb && xa <= xb; y++)   /* a solid box: row by row */
                solid_row(ram + base + (uint32_t)y * 64, xa, xb, k.c0 & 15);
            return;
        }
        for (int y = ya; y <= yb; y++) m8_ink_span(ram, y, x0, x1, &k, &w);
        return;
    }
    m8_rows r;
    rows_init(&r);
    for (int y = m8_imax(y0, 0); y <= m8_imin(y1, 127); y++) rows_add(&r, y, x0, x1);
    rows_fill(ram, &r, &k, invert);
}

/* --- circles and rounded rectangles: the midpoint circle, optionally "stretched" --- */

/* Rows of a filled circle of radius r split at its centre: the left half is centred on
 * (cxl, .), the right half on (cxr, .), the top half on (., cyt), the bottom on (., cyb).
 * cxl == cxr and cyt == cyb is a plain circle; otherwise these are rrect corners. */
static void circle_rows(m8_rows *rows, int cxl, int cxr, int cyt, int cyb, int r)
{
    int x = r, y = 0, d = 1 - r;
    while (x >= y) {
        rows_add(rows, (int64_t)cyt - y, cxl - x, cxr + x);
        rows_add(rows, (int64_t)cyb + y, cxl - x, cxr + x);
        rows_add(rows, (int64_t)cyt - x, cxl - y, cxr + y);
        rows_add(rows, (int64_t)cyb + x, cxl - y, cxr + y);
        y++;
        if (d < 0) d += 2 * y + 1;
        else { x--; d += 2 * (y - x) + 1; }
    }
}

static void circle_outline(uint8_t *ram, int cxl, int cxr, int cyt, int cyb, int r,
                           const m8_ink *k)
{
    int x = r, y = 0, d = 1 - r;
    while (x >= y) {
        m8_ink_plot(ram, cxr + x, cyb + y, k);
        m8_ink_plot(ram, cxr + y, cyb + x, k);
        m8_ink_plot(ram, cxl - y, cyb + x, k);
        m8_ink_plot(ram, cxl - x, cyb + y, k);
        m8_ink_plot(ram, cxl - x, cyt - y, k);
        m8_ink_plot(ram, cxl - y, cyt - x, k);
        m8_ink_plot(ram, cxr + y, cyt - x, k);
        m8_ink_plot(ram, cxr + x, cyt - y, k);
        y++;
        if (d < 0) d += 2 * y + 1;
        else { x--; d += 2 * (y - x) + 1; }
    }
}

void m8_circ(uint8_t *ram, int x, int y, int r, int32_t col)
{
    m8_ink k = m8_gfx_ink(ram, col, NULL);
    if (r < 0) return;
    r = m8_imin(r, M8_RADIUS_LIMIT);
    x = m8_cc(x) - m8_camera_x(ram);
    y = m8_cc(y) - m8_camera_y(ram);
    circle_outline(ram, x, x, y, y, r, &k);
}

/* Half-widths of the plain circle of radius r (0..127) for the row offsets 0..r: the widest
 * span the general path's rows would merge for that offset (every span of a plain circle is
 * centred on its x). The midpoint walk gives every offset a value (x runs down from r and y
 * up from 0 by at most one a step, and the walk stops as soon as x < y), never increasing
 * with the offset. Made once per radius (and thread). */
static const uint8_t *circle_half_widths(int r)
{
    static _Thread_local uint8_t table[128][128];
    static _Thread_local uint8_t made[128];
    uint8_t *half = table[r];
    if (made[r]) return half;
    memset(half, 0, (size_t)r + 1);
    int x = r, y = 0, d = 1 - r;
    while (x >= y) {
        if (x > half[y]) half[y] = (uint8_t)x;
        if (y > half[x]) half[x] = (uint8_t)y;
        y++;
        if (d < 0) d += 2 * y + 1;
        else { x--; d += 2 * (y - x) + 1; }
    }
    made[r] = 1;
    return half;
}

/* The small circle's row masks: for radius r <= M8_MASKED_RADIUS and the parity of its
 * leftmost pixel cx - r, row offset dy covers the nibbles of two 64-bit words from the byte
 * of cx - r given by mask[dy][0] (nibbles 0-15) and mask[dy][1] (16-31): the span
 * cx - half[dy] .. cx + half[dy], which is nibbles odd + r - h .. odd + r + h. Made once per
 * radius and parity (and thread). */
#define M8_MASKED_RADIUS 15
static const uint64_t (*circle_masks(int r, int odd))[2]
{
    static _Thread_local uint64_t table[M8_MASKED_RADIUS + 1][2][M8_MASKED_RADIUS + 1][2];
    static _Thread_local uint8_t made[M8_MASKED_RADIUS + 1][2];
    uint64_t (*mask)[2] = table[r][odd];
    if (made[r][odd]) return (const uint64_t (*)[2])mask;
    const uint8_t *half = circle_half_widths(r);
    for (int dy = 0; dy <= r; dy++) {
        mask[dy][0] = mask[dy][1] = 0;
        for (int n = odd + r - half[dy]; n <= odd + r + half[dy]; n++)
            mask[dy][n >> 4] |= 15ull << (4 * (n & 15));
    }
    made[r][odd] = 1;
    return (const uint64_t (*)[2])mask;
}

/* n rows from p (64 bytes apart) each take the masks at m, the masks stepping by mstep
 * words a row: one word a row, or (two) two words. */
static inline __attribute__((always_inline)) void
masked_rows(uint8_t *p, const uint64_t *m, ptrdiff_t mstep, int n, uint64_t all, int two)
{
    uint64_t v;
    for (; n > 0; n--, p += 64, m += mstep) {
        memcpy(&v, p, 8);
        v = (v & ~m[0]) | (all & m[0]);
        memcpy(p, &v, 8);
        if (two) {
            memcpy(&v, p + 8, 8);
            v = (v & ~m[1]) | (all & m[1]);
            memcpy(p + 8, &v, 8);
        }
    }
}

/* A solid circle of radius r <= M8_MASKED_RADIUS whose columns cx - r .. cx + r all lie in
 * the window, on a screen with room for a word past its rows: each visible row one
 * read-modify-write of a 64-bit word (radius 8 and up, 2r + 2 > 16 nibbles: two) with its
 * precomputed mask, the rows above the centre walking the masks down, the rest up. The
 * second word starts at a byte the widest row covers, so neither word reaches more than
 * 7 bytes past its row. */
static void masked_circle(uint8_t *screen, int cx, int cy, int r, uint64_t all,
                          const m8_win *w)
{
    const uint64_t (*mask)[2] = circle_masks(r, (cx - r) & 1);
    int ya = m8_imax(cy - r, w->y0), yb = m8_imin(cy + r, w->y1 - 1);
    if (ya > yb) return;
    uint8_t *p = screen + ya * 64 + ((cx - r) >> 1);
    int above = m8_imin(yb + 1, cy) - ya;           /* rows ya .. cy - 1 that are visible */
    if (above < 0) above = 0;
    int first = ya + above, below = yb + 1 - first;  /* rows first .. yb: offsets >= 0 */
    const uint64_t *top = mask[above ? cy - ya : 0], *rest = mask[below > 0 ? first - cy : 0];
    if (r < 8) {
        masked_rows(p, top, -2, above, all, 0);
        masked_rows(p + 64 * above, rest, 2, below, all, 0);
    } else {
        masked_rows(p, top, -2, above, all, 1);
        masked_rows(p + 64 * above, rest, 2, below, all, 1);
    }
}

/* A solid circle of radius r <= 127 centred on (cx, cy) on a screen that does not wrap:
 * rows cy - dy and cy + dy written straight in from the half-width of offset dy. */
static void solid_circle(uint8_t *ram, int cx, int cy, int r, uint8_t c, const m8_win *w)
{
    uint32_t base = m8_screen_base(ram);
    uint8_t *screen = ram + base;
    uint64_t all = 0x1111111111111111ull * c;
    int room = base + 128 * 64 + 8 <= 0x10000;      /* room past the rows: 16 pixels a step */
    if (room && r <= M8_MASKED_RADIUS && cx - r >= w->x0 && cx + r < w->x1) {
        masked_circle(screen, cx, cy, r, all, w);
        return;
    }
    const uint8_t *half = circle_half_widths(r);
    unsigned rows = (unsigned)(w->y1 - w->y0);
#define M8_CIRCLE_ROWS(SPAN)                                                           \
    for (int dy = 0; dy <= r; dy++) {                                                  \
        int h = half[dy];                                                              \
        int xa = m8_imax(cx - h, w->x0), xb = m8_imin(cx + h, w->x1 - 1);              \
        if (xa > xb) break;                         /* the rows only get narrower */   \
        if ((unsigned)(cy - dy - w->y0) < rows) SPAN(screen + (cy - dy) * 64);         \
        if (dy && (unsigned)(cy + dy - w->y0) < rows) SPAN(screen + (cy + dy) * 64);   \
    }
#define M8_SPAN_WORDS(row) span_words(row, xa, xb, all)
#define M8_SPAN_BYTES(row) solid_row(row, xa, xb, c)
    if (room) {
        M8_CIRCLE_ROWS(M8_SPAN_WORDS)
    } else {
        M8_CIRCLE_ROWS(M8_SPAN_BYTES)
    }
#undef M8_CIRCLE_ROWS
#undef M8_SPAN_WORDS
#undef M8_SPAN_BYTES
}

void m8_circfill(uint8_t *ram, int x, int y, int r, int32_t col)
{
    int invert;
    m8_ink k = m8_gfx_ink(ram, col, &invert);
    m8_rows rows;
    rows_init(&rows);
    if (r >= 0) {
        r = m8_imin(r, M8_RADIUS_LIMIT);
        x = m8_cc(x) - m8_camera_x(ram);
        y = m8_cc(y) - m8_camera_y(ram);
        if (!invert && r <= 127 && k.pat == 0 && ram[M8_BITPLANE_MASK] == 0xff &&
            m8_screen_base(ram) + 128 * 64 <= 0x10000) {
            m8_win w = m8_clip_win(ram);
            solid_circle(ram, x, y, r, k.c0 & 15, &w);
            return;
        }
        circle_rows(&rows, x, x, y, y, r);
    } else if (!invert) {
        return;
    }
    rows_fill(ram, &rows, &k, invert);
}

/* Normalised rrect geometry in screen coordinates; returns 0 when nothing is drawn. */
static int rrect_geom(uint8_t *ram, int *x, int *y, int w, int h, int *r)
{
    if (w < 1 || h < 1) return 0;
    w = m8_imin(w, 2 * M8_COORD_LIMIT);
    h = m8_imin(h, 2 * M8_COORD_LIMIT);
    *x = m8_cc(*x) - m8_camera_x(ram);
    *y = m8_cc(*y) - m8_camera_y(ram);
    int rmax = (m8_imin(w, h) - 1) / 2;
    *r = m8_imin(m8_imax(*r, 0), m8_imin(rmax, M8_RADIUS_LIMIT));
    return 1;
}

void m8_rrect(uint8_t *ram, int x, int y, int w, int h, int r, int32_t col)
{
    m8_ink k = m8_gfx_ink(ram, col, NULL);
    if (!rrect_geom(ram, &x, &y, w, h, &r)) return;
    int cxl = x + r, cxr = x + w - 1 - r, cyt = y + r, cyb = y + h - 1 - r;
    m8_win win = m8_clip_win(ram);
    m8_ink_span(ram, y, cxl, cxr, &k, &win);
    if (h > 1) m8_ink_span(ram, y + h - 1, cxl, cxr, &k, &win);
    int ya = m8_imax(cyt, win.y0), yb = m8_imin(cyb, win.y1 - 1);
    for (int yy = ya; yy <= yb; yy++) {
        m8_ink_plot(ram, x, yy, &k);
        if (w > 1) m8_ink_plot(ram, x + w - 1, yy, &k);
    }
    if (r > 0) circle_outline(ram, cxl, cxr, cyt, cyb, r, &k);
}

void m8_rrectfill(uint8_t *ram, int x, int y, int w, int h, int r, int32_t col)
{
    int invert;
    m8_ink k = m8_gfx_ink(ram, col, &invert);
    m8_rows rows;
    rows_init(&rows);
    if (rrect_geom(ram, &x, &y, w, h, &r)) {
        int cxl = x + r, cxr = x + w - 1 - r, cyt = y + r, cyb = y + h - 1 - r;
        for (int yy = m8_imax(cyt, 0); yy <= m8_imin(cyb, 127); yy++)
            rows_add(&rows, yy, x, x + w - 1);
        circle_rows(&rows, cxl, cxr, cyt, cyb, r);
    } else if (!invert) {
        return;
    }
    rows_fill(ram, &rows, &k, invert);
}

/* --- ovals --- */

/* The ellipse inscribed in the pixel rectangle: pixel (x,y) is inside when
 * DX^2/W^2 + DY^2/H^2 <= 1 with DX = 2x-(x0+x1), DY = 2y-(y0+y1) and W, H the pixel width
 * and height (so the centre and radii may be half-integers). Exact integer test when
 * W, H <= 32768; beyond that (outside PICO-8's range) the double estimate is used. */
typedef struct m8_oval_geom { int64_t w, h, s, t; int y0, y1; } m8_oval_geom;

static int oval_span(const m8_oval_geom *g, int y, int *xl, int *xr)
{
    if (y < g->y0 || y > g->y1) return 0;
    int64_t dy = 2 * (int64_t)y - g->t, w = g->w, h = g->h;
    if (dy * dy > h * h) return 0;
    double q = (double)w * (double)w * (double)(h * h - dy * dy) / ((double)h * (double)h);
    int64_t dx = (int64_t)sqrt(q);
    if (w <= 32768 && h <= 32768) {
        int64_t lim = w * w * (h * h - dy * dy);
        while (dx > 0 && dx * dx * h * h > lim) dx--;
        while ((dx + 1) * (dx + 1) * h * h <= lim) dx++;
    }
    if ((dx ^ g->s) & 1) dx--;
    if (dx < 0) return 0;
    *xl = (int)((g->s - dx) / 2);
    *xr = (int)((g->s + dx) / 2);
    return 1;
}

static void oval_geom(uint8_t *ram, int x0, int y0, int x1, int y1, m8_oval_geom *g)
{
    int cx = m8_camera_x(ram), cy = m8_camera_y(ram);
    x0 = m8_cc(x0) - cx; x1 = m8_cc(x1) - cx;
    y0 = m8_cc(y0) - cy; y1 = m8_cc(y1) - cy;
    order(&x0, &x1);
    order(&y0, &y1);
    g->w = (int64_t)x1 - x0 + 1;
    g->h = (int64_t)y1 - y0 + 1;
    g->s = (int64_t)x0 + x1;
    g->t = (int64_t)y0 + y1;
    g->y0 = y0;
    g->y1 = y1;
}

void m8_ovalfill(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col)
{
    int invert;
    m8_ink k = m8_gfx_ink(ram, col, &invert);
    m8_oval_geom g;
    oval_geom(ram, x0, y0, x1, y1, &g);
    m8_rows rows;
    rows_init(&rows);
    for (int y = m8_imax(g.y0, 0); y <= m8_imin(g.y1, 127); y++) {
        int l, r;
        if (oval_span(&g, y, &l, &r)) rows_add(&rows, y, l, r);
    }
    rows_fill(ram, &rows, &k, invert);
}

/* Outline = the pixels of the filled ellipse that have a 4-neighbour outside it. */
void m8_oval(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col)
{
    m8_ink k = m8_gfx_ink(ram, col, NULL);
    m8_oval_geom g;
    oval_geom(ram, x0, y0, x1, y1, &g);
    m8_win w = m8_clip_win(ram);
    for (int y = m8_imax(g.y0, w.y0); y <= m8_imin(g.y1, w.y1 - 1); y++) {
        int l, r, la, ra, lb, rb;
        if (!oval_span(&g, y, &l, &r)) continue;
        int il = l + 1, ir = r - 1;
        if (oval_span(&g, y - 1, &la, &ra) && oval_span(&g, y + 1, &lb, &rb)) {
            il = m8_imax(il, m8_imax(la, lb));
            ir = m8_imin(ir, m8_imin(ra, rb));
        } else {
            il = 1; ir = 0;   /* top or bottom row: all of it is outline */
        }
        if (il > ir) {
            m8_ink_span(ram, y, l, r, &k, &w);
        } else {
            m8_ink_span(ram, y, l, il - 1, &k, &w);
            m8_ink_span(ram, y, ir + 1, r, &k, &w);
        }
    }
}
