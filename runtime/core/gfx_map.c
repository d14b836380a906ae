/* gfx_map.c - the map: addressing (0x5f56/0x5f57, rows 32-63 in the shared sprite region),
 * mget, mset, map() and tline() (reference 1.3, 1.13, 8.4).
 *
 * Map base 0x10-0x2f (0x30-0x3f read as 0x10-0x1f) lives in the 8 KiB ring 0x1000-0x2fff:
 * with the default base 0x20 rows 0-31 are at 0x2000 and rows 32-63 wrap to 0x1000. Any
 * other base addresses linearly up to 0xffff. Height = region size / width.
 * Depends on: ram.h, pixel.h, gfx.h, gfx_internal.h. */
#include "gfx.h"
#include "gfx_internal.h"

static uint32_t map_base(const uint8_t *ram, uint32_t *size)
{
    uint32_t b = ram[M8_MAP_MAP_ADDR];
    if (b >= 0x30 && b <= 0x3f) b -= 0x20;
    if (b >= 0x10 && b <= 0x2f) *size = 0x2000;
    else *size = 0x10000 - (b << 8);
    return b << 8;
}

void m8_map_size(const uint8_t *ram, int *w, int *h)
{
    uint32_t size;
    map_base(ram, &size);
    int mw = ram[M8_MAP_WIDTH] ? ram[M8_MAP_WIDTH] : 256;
    if (w) *w = mw;
    if (h) *h = (int)(size / (uint32_t)mw);
}

int32_t m8_map_addr(const uint8_t *ram, int x, int y)
{
    uint32_t size, base = map_base(ram, &size);
    int mw = ram[M8_MAP_WIDTH] ? ram[M8_MAP_WIDTH] : 256;
    int mh = (int)(size / (uint32_t)mw);
    if (x < 0 || x >= mw || y < 0 || y >= mh) return -1;
    uint32_t off = (uint32_t)y * (uint32_t)mw + (uint32_t)x;
    if (size == 0x2000 && base < 0x3000) return (int32_t)(0x1000 + ((base - 0x1000 + off) & 0x1fff));
    return (int32_t)((base + off) & 0xffff);
}

int m8_mget(const uint8_t *ram, int x, int y)
{
    int32_t a = m8_map_addr(ram, x, y);
    if (a < 0) return (ram[M8_MISC_FLAGS] & M8_MISC_OOB_VALUES) ? ram[M8_PRINT_CHAR_W2] : 0;
    return ram[a];
}

void m8_mset(uint8_t *ram, int x, int y, int v)
{
    int32_t a = m8_map_addr(ram, x, y);
    if (a >= 0) ram[a] = (uint8_t)v;
}

/* Tile at (x,y) for drawing: cells outside the map are empty (0). */
static inline int map_tile(const uint8_t *ram, int x, int y)
{
    int32_t a = m8_map_addr(ram, x, y);
    return a < 0 ? 0 : ram[a];
}

static inline int tile_drawn(const uint8_t *ram, int tile, int layers)
{
    if (tile == 0 && !(ram[M8_MISC_FLAGS] & M8_MISC_SPRITE0)) return 0;
    return !layers || (ram[M8_FLAGS + tile] & layers);
}

int m8_map(uint8_t *ram, int tx, int ty, int sx, int sy, int tw, int th, int layers)
{
    tx = m8_cc(tx); ty = m8_cc(ty);
    sx = m8_cc(sx) - m8_camera_x(ram);
    sy = m8_cc(sy) - m8_camera_y(ram);
    m8_win w = m8_clip_win(ram);
    if (tw <= 0 || th <= 0 || w.x0 >= w.x1 || w.y0 >= w.y1) return 0;
    /* only the cells that can touch the clip window */
    int64_t i0 = m8_floordiv((int64_t)w.x0 - sx, 8), i1 = m8_floordiv((int64_t)w.x1 - 1 - sx, 8);
    int64_t j0 = m8_floordiv((int64_t)w.y0 - sy, 8), j1 = m8_floordiv((int64_t)w.y1 - 1 - sy, 8);
    if (i0 < 0) i0 = 0;
    if (j0 < 0) j0 = 0;
    if (i1 > tw - 1) i1 = tw - 1;
    if (j1 > th - 1) j1 = th - 1;
    m8_sprite_ink s;
    m8_sprite_ink_init(ram, &s);
    int drawn = 0;
    for (int64_t j = j0; j <= j1; j++) {
        for (int64_t i = i0; i <= i1; i++) {
            int tile = map_tile(ram, (int)(tx + i), (int)(ty + j));
            if (!tile_drawn(ram, tile, layers)) continue;
            drawn++;
            m8_blit(ram, (tile % 16) * 8, (tile / 16) * 8, 8, 8, (int)(sx + 8 * i),
                    (int)(sy + 8 * j), 0, 0, &s, &w);
        }
    }
    return drawn;
}

/* Raw value with `bits` fraction bits -> pixels in 16.16 (int64, no overflow). */
static int64_t to_px16(int32_t raw, int bits)
{
    if (bits <= 16) return (int64_t)raw * ((int64_t)1 << (16 - bits));
    return m8_floordiv(raw, (int64_t)1 << (bits - 16));
}

/* What tline's fast steps read: the map (base, ring, size), the sheet, the ink's table, the
 * wrap masks and offsets, and the layers. */
typedef struct tline_src {
    const uint8_t *ram, *sheet, *lut0;
    uint32_t mbase, maskx, masky;
    int ring, mw, mh, sprite0, layers, offx, offy;
} tline_src;

/* The sprite row base of map cell cx,cy (its sprite's top-left byte), NULL when the cell
 * is not drawn (empty, outside the map, or not in `layers`). */
static __attribute__((noinline)) const uint8_t *tline_cell(const tline_src *t, int cx, int cy)
{
    int tile = 0;
    if (cx < t->mw && cy < t->mh) {
        uint32_t off = (uint32_t)cy * (uint32_t)t->mw + (uint32_t)cx;
        tile = t->ram[t->ring ? 0x1000 + ((t->mbase - 0x1000 + off) & 0x1fff)
                              : (t->mbase + off) & 0xffff];
    }
    int drawn = (tile || t->sprite0) && (!t->layers || (t->ram[M8_FLAGS + tile] & t->layers));
    return drawn ? t->sheet + (tile / 16) * 8 * 64 + (tile % 16) * 4 : NULL;
}

/* Steps from the walk's present one until its minor coordinate mn + floor((r + k*d2)/den)
 * (0 <= r < den, |d2| <= den) first reaches `edge` going the way d2 goes: the first k with
 * a coordinate >= edge when d2 >= 0, < edge when d2 < 0; INT64_MAX when it never does. */
static int64_t tline_minor_reach(int64_t mn, int64_t r, int64_t d2, int64_t den, int64_t edge)
{
    if (d2 >= 0) {
        int64_t need = (edge - mn) * den - r;        /* r + k*d2 >= (edge - mn)*den */
        if (need <= 0) return 0;
        return d2 ? (need + d2 - 1) / d2 : INT64_MAX;
    }
    int64_t over = r - (edge - mn) * den;            /* r + k*d2 < (edge - mn)*den */
    return over < 0 ? 0 : over / -d2 + 1;
}

/* Steps a 16.16 map coordinate a can take by step sa (modulo 2^32) before its bits from
 * 19 up (its map cell before the wrap mask and offset) change: at least 1. */
static inline uint32_t tline_cell_steps(uint32_t a, uint32_t sa)
{
    uint32_t lo = a & 0x7ffffu;
    if (sa == 0) return 0xffffffffu;
    if ((int32_t)sa > 0) return (0x7ffffu - lo) / sa + 1;
    return lo / (0u - sa) + 1;
}

/* The colour tline draws for map position ax,ay in a cell whose sprite starts at spr: the
 * sprite's byte (row = bits 16-18 of ay, byte = bits 17-18 of ax), its nibble (bit 16 of
 * ax) through the ink's table; 0xff = not drawn. */
static inline unsigned tline_colour(const uint8_t *spr, const uint8_t *lut0, uint32_t ax,
                                    uint32_t ay)
{
    unsigned b = spr[((ay >> 10) & 0x1c0u) + ((ax >> 17) & 3u)];
    return lut0[(b >> ((ax >> 14) & 4u)) & 15u];
}

/* Screen pixel p (y*128 + x) set to colour v unless v is 0xff. */
static inline void tline_put(uint8_t *screen, uint32_t p, unsigned v)
{
    if (v != 0xff) {
        uint8_t *d = screen + (p >> 1);
        unsigned sh = (p & 1u) * 4;
        *d = (uint8_t)((*d & (0xf0u >> sh)) | (v << sh));
    }
}

/* Colours v0 (pixel p) and v1 (the next one, p + dir) into the screen byte they share:
 * one store when both are drawn (0xff = not drawn). */
static inline void tline_put2(uint8_t *screen, uint32_t p, int dir, unsigned v0, unsigned v1)
{
    unsigned lo = dir > 0 ? v0 : v1, hi = dir > 0 ? v1 : v0;
    uint8_t *d = screen + (p >> 1);
    if (!((lo | hi) & 0x80u)) *d = (uint8_t)(lo | hi << 4);
    else if (lo != 0xff) *d = (uint8_t)((*d & 0xf0u) | lo);
    else if (hi != 0xff) *d = (uint8_t)((*d & 0x0fu) | hi << 4);
}

/* One cell's run of n >= 1 pixels (see tline_draw) along a row: pm = dir (1 or -1, a
 * compile-time constant, as is `straight`: inc is 0, the minor coordinate never moves).
 * Two pixels that share a screen byte (the first at an even x going right, at an odd x
 * going left, and no minor step between them) are written together. The state is passed
 * by pointer and kept in locals by inlining. */
static inline __attribute__((always_inline)) void
tline_run_row(uint8_t *screen, const uint8_t *spr, const uint8_t *lut0, uint32_t n, int dir,
              int straight, uint32_t *pp, uint32_t pn, int32_t *rp, int32_t inc, int32_t den,
              uint32_t *axp, uint32_t *ayp, uint32_t sx, uint32_t sy)
{
    uint32_t p = *pp, ax = *axp, ay = *ayp;
    int32_t r = *rp;
    const uint32_t first = dir > 0 ? 0u : 1u;       /* the parity of a pair's first pixel */
    if (straight) {
        if ((p & 1u) != first) {
            tline_put(screen, p, tline_colour(spr, lut0, ax, ay));
            ax += sx; ay += sy; p += (uint32_t)dir;
            n--;
        }
        for (; n >= 2; n -= 2) {
            tline_put2(screen, p, dir, tline_colour(spr, lut0, ax, ay),
                       tline_colour(spr, lut0, ax + sx, ay + sy));
            ax += 2 * sx; ay += 2 * sy; p += 2 * (uint32_t)dir;
        }
        if (n) {
            tline_put(screen, p, tline_colour(spr, lut0, ax, ay));
            ax += sx; ay += sy; p += (uint32_t)dir;
        }
    } else {
        while (n) {
            if (n >= 2 && (p & 1u) == first && r + inc < den) {
                tline_put2(screen, p, dir, tline_colour(spr, lut0, ax, ay),
                           tline_colour(spr, lut0, ax + sx, ay + sy));
                ax += 2 * sx; ay += 2 * sy; p += 2 * (uint32_t)dir;
                r += 2 * inc;
                n -= 2;
            } else {
                tline_put(screen, p, tline_colour(spr, lut0, ax, ay));
                ax += sx; ay += sy; p += (uint32_t)dir;
                r += inc;
                n--;
            }
            if (r >= den) { r -= den; p += pn; }
        }
    }
    *pp = p; *axp = ax; *ayp = ay; *rp = r;
}

/* One cell's run of n >= 1 pixels (see tline_draw) along a column (pm = 128 or -128) or
 * with `straight` 0 any direction: one pixel a step. */
static inline __attribute__((always_inline)) void
tline_run(uint8_t *screen, const uint8_t *spr, const uint8_t *lut0, uint32_t n, int straight,
          uint32_t *pp, uint32_t pm, uint32_t pn, int32_t *rp, int32_t inc, int32_t den,
          uint32_t *axp, uint32_t *ayp, uint32_t sx, uint32_t sy)
{
    uint32_t p = *pp, ax = *axp, ay = *ayp;
    int32_t r = *rp;
    do {
        tline_put(screen, p, tline_colour(spr, lut0, ax, ay));
        ax += sx;
        ay += sy;
        p += pm;
        if (!straight) {
            r += inc;
            if (r >= den) { r -= den; p += pn; }
        }
    } while (--n);
    *pp = p; *axp = ax; *ayp = ay; *rp = r;
}

/* tline's drawing steps, all inside the clip: `steps` pixels from screen pixel index p
 * (y*128 + x), each step adding pm, and pn more when the remainder r (0 <= r < den) plus
 * inc reaches den (pm, pn may be negative: added modulo 2^32). The map position ax,ay
 * (16.16 pixels, stepped by sx,sy modulo 2^32) is taken a run at a time: the steps before
 * either coordinate leaves its cell are counted, the cell's sprite looked up once, and the
 * run drawn by tline_run, which only reads the sprite's byte, its nibble and the colour
 * table and writes the screen (the cell's pixel is the position's bits 16-18 whatever the
 * wrap mask and offset, which are whole cells). Every bit of state is a local (nothing
 * written to the screen can alias it). */
static void tline_draw(uint8_t *screen, const tline_src *t, int64_t steps, uint32_t p,
                       uint32_t pm, uint32_t pn, int32_t r, int32_t inc, int32_t den,
                       uint32_t ax, uint32_t ay, uint32_t sx, uint32_t sy)
{
    const uint8_t *lut0 = t->lut0;
    const uint32_t maskx = t->maskx, masky = t->masky;
    const int cellx = t->offx >> 3, celly = t->offy >> 3;
    while (steps > 0) {
        uint32_t run = tline_cell_steps(ax, sx), runy = tline_cell_steps(ay, sy);
        if (runy < run) run = runy;
        if ((int64_t)run > steps) run = (uint32_t)steps;
        steps -= run;
        const uint8_t *spr = tline_cell(t, (int)((ax & maskx) >> 19) + cellx,
                                        (int)((ay & masky) >> 19) + celly);
        if (!spr) {                         /* nothing drawn: the run in one go */
            int64_t sum = (int64_t)r + (int64_t)run * inc;
            p += run * pm + (uint32_t)(sum / den) * pn;
            r = (int32_t)(sum % den);
            ax += run * sx;
            ay += run * sy;
        } else if (pm == 1) {
            if (inc == 0)
                tline_run_row(screen, spr, lut0, run, 1, 1, &p, pn, &r, inc, den, &ax, &ay, sx, sy);
            else
                tline_run_row(screen, spr, lut0, run, 1, 0, &p, pn, &r, inc, den, &ax, &ay, sx, sy);
        } else if (pm == 0xffffffffu) {
            if (inc == 0)
                tline_run_row(screen, spr, lut0, run, -1, 1, &p, pn, &r, inc, den, &ax, &ay, sx, sy);
            else
                tline_run_row(screen, spr, lut0, run, -1, 0, &p, pn, &r, inc, den, &ax, &ay, sx, sy);
        } else if (inc == 0) {
            tline_run(screen, spr, lut0, run, 1, &p, pm, pn, &r, inc, den, &ax, &ay, sx, sy);
        } else {
            tline_run(screen, spr, lut0, run, 0, &p, pm, pn, &r, inc, den, &ax, &ay, sx, sy);
        }
    }
}

/* tline's common case: no fill pattern, full bit-plane mask, the sheet and the screen
 * apart and unwrapped, the map (and the flags) not under the screen, so nothing the line
 * writes is read again. Map positions are stepped in 32 bits (the masks keep only bits
 * below 2^27, so the sum modulo 2^32 masks to the same value as the 64-bit product), the
 * map is addressed with its base, width and height read once, and the walk is the solid
 * line's 32-bit one (tline_draw). Returns 0 (nothing drawn) when the case does not
 * apply. */
static int tline_fast(uint8_t *ram, const m8_walk *wk, const m8_win *w, const m8_sprite_ink *s,
                      int64_t px, int64_t py, int64_t dpx, int64_t dpy, uint32_t maskx,
                      uint32_t masky, int offx, int offy, int layers)
{
    uint32_t src = m8_gfx_base(ram), dst = m8_screen_base(ram), size;
    uint32_t mbase = map_base(ram, &size);
    int ring = size == 0x2000 && mbase < 0x3000;
    uint32_t mlo = ring ? 0x1000 : mbase, mhi = ring ? 0x3000 : mbase + size;
    if (m8_gfx_general_only || s->pat || ram[M8_BITPLANE_MASK] != 0xff || dst < 0x6000 ||
        dst + 0x2000 > 0x10000 || src + 0x2000 > 0x10000 ||
        (src < dst + 0x2000 && dst < src + 0x2000) || (mlo < dst + 0x2000 && dst < mhi))
        return 0;
    tline_src t;
    t.ram = ram;
    t.sheet = ram + src;
    t.lut0 = s->lut0;
    t.mbase = mbase;
    t.maskx = maskx;
    t.masky = masky;
    t.ring = ring;
    t.mw = ram[M8_MAP_WIDTH] ? ram[M8_MAP_WIDTH] : 256;
    t.mh = (int)(size / (uint32_t)t.mw);
    t.sprite0 = (ram[M8_MISC_FLAGS] & M8_MISC_SPRITE0) != 0;
    t.layers = layers;
    t.offx = offx;
    t.offy = offy;
    /* the walk's remaining steps; only those whose minor coordinate is inside the clip
     * are drawn, and as it moves one way these are the steps k0 <= k < k1 */
    int64_t steps = wk->hi - wk->i + 1, mn = wk->min0 + wk->q, r = wk->r, d2 = 2 * wk->d;
    int64_t den = wk->den;
    int64_t clo = wk->xmajor ? w->y0 : w->x0, chi = wk->xmajor ? w->y1 : w->x1;
    int64_t k0 = tline_minor_reach(mn, r, d2, den, d2 >= 0 ? clo : chi);
    int64_t k1 = tline_minor_reach(mn, r, d2, den, d2 >= 0 ? chi : clo);
    if (k1 > steps) k1 = steps;
    if (k0 >= k1) return 1;
    int64_t i = wk->i + k0, sum = r + k0 * d2;
    int64_t q = m8_floordiv(sum, den);
    mn += q;
    r = sum - q * den;
    int64_t maj = wk->maj0 + wk->s * i;
    uint32_t ax = (uint32_t)((uint64_t)px + (uint64_t)i * (uint64_t)dpx);
    uint32_t ay = (uint32_t)((uint64_t)py + (uint64_t)i * (uint64_t)dpy);
    int x = (int)(wk->xmajor ? maj : mn), y = (int)(wk->xmajor ? mn : maj);
    int pm = wk->xmajor ? wk->s : 128 * wk->s, pn = wk->xmajor ? 128 : 1;
    if (d2 < 0) {                           /* the minor coordinate goes down: mirror r */
        r = den - 1 - r;
        d2 = -d2;
        pn = -pn;
    }
    tline_draw(ram + dst, &t, k1 - k0, (uint32_t)(y * 128 + x), (uint32_t)pm, (uint32_t)pn,
               (int32_t)r, (int32_t)d2, (int32_t)den, ax, ay, (uint32_t)(uint64_t)dpx, (uint32_t)(uint64_t)dpy);
    return 1;
}

void m8_tline(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t mx, int32_t my,
              int32_t mdx, int32_t mdy, int layers, int bits)
{
    if (bits < 0) bits = 0;
    if (bits > 31) bits = 31;
    int cx = m8_camera_x(ram), cy = m8_camera_y(ram);
    m8_win w = m8_clip_win(ram);
    m8_walk wk;
    if (!m8_walk_init(&wk, m8_cc(x0) - cx, m8_cc(y0) - cy, m8_cc(x1) - cx, m8_cc(y1) - cy, &w))
        return;
    int64_t px = to_px16(mx, bits), py = to_px16(my, bits);
    int64_t dpx = to_px16(mdx, bits), dpy = to_px16(mdy, bits);
    /* wrap masks: (tiles at 0x5f38/0x5f39, 0 = 256) - 0x0.0001, here in pixel 16.16 units */
    int64_t mw = ram[M8_TLINE_MASK_X] ? ram[M8_TLINE_MASK_X] : 256;
    int64_t mh = ram[M8_TLINE_MASK_Y] ? ram[M8_TLINE_MASK_Y] : 256;
    int64_t maskx = ((mw * 8) << 16) - 1, masky = ((mh * 8) << 16) - 1;
    int offx = ram[M8_TLINE_OFF_X] * 8, offy = ram[M8_TLINE_OFF_Y] * 8;
    m8_sprite_ink s;
    m8_sprite_ink_init(ram, &s);
    uint32_t src = m8_gfx_base(ram), dst = m8_screen_base(ram);
    if (tline_fast(ram, &wk, &w, &s, px, py, dpx, dpy, (uint32_t)maskx, (uint32_t)masky,
                   offx, offy, layers))
        return;
    do {
        int x, y;
        m8_walk_pos(&wk, &x, &y);
        if (y < w.y0 || y >= w.y1 || x < w.x0 || x >= w.x1) continue;
        /* unsigned: a far-off start may overflow the product; the masks keep low bits */
        int mpx = (int)((((uint64_t)px + (uint64_t)wk.i * (uint64_t)dpx) & (uint64_t)maskx) >> 16) + offx;
        int mpy = (int)((((uint64_t)py + (uint64_t)wk.i * (uint64_t)dpy) & (uint64_t)masky) >> 16) + offy;
        int tile = map_tile(ram, mpx >> 3, mpy >> 3);
        if (!tile_drawn(ram, tile, layers)) continue;
        int c = m8_surface_read(ram, src, (tile % 16) * 8 + (mpx & 7), (tile / 16) * 8 + (mpy & 7));
        uint8_t v = (s.pat && m8_pat_bit(s.pat, x, y)) ? s.lut1[c] : s.lut0[c];
        if (v != 0xff) m8_surface_write(ram, dst, x, y, v);
    } while (m8_walk_next(&wk));
}

double m8_map_cells_covered(const uint8_t *ram, int tx, int ty, int tw, int th)
{
    int mw, mh;
    m8_map_size(ram, &mw, &mh);
    long i0 = tx < 0 ? 0 : tx, j0 = ty < 0 ? 0 : ty;
    long i1 = (long)tx + tw < mw ? (long)tx + tw : mw, j1 = (long)ty + th < mh ? (long)ty + th : mh;
    return i1 > i0 && j1 > j0 ? (double)(i1 - i0) * (double)(j1 - j0) : 0;
}

double m8_map_cells_drawn(const uint8_t *ram, int tx, int ty, int tw, int th, int layers)
{
    int mw, mh;
    m8_map_size(ram, &mw, &mh);
    double n = 0;
    long i0 = tx < 0 ? 0 : tx, j0 = ty < 0 ? 0 : ty;
    long i1 = (long)tx + tw < mw ? (long)tx + tw : mw, j1 = (long)ty + th < mh ? (long)ty + th : mh;
    int sprite0 = ram[M8_MISC_FLAGS] & M8_MISC_SPRITE0;
    for (long j = j0; j < j1; j++)
        for (long i = i0; i < i1; i++) {
            int tile = m8_mget(ram, (int)i, (int)j);
            if (tile == 0 && !sprite0) continue;
            if (layers && !(m8_fget(ram, tile) & layers)) continue;
            n++;
        }
    return n;
}
