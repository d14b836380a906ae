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

/* tline's fast steps, like the solid line's (gfx_shapes.c): `steps` pixels from major
 * coordinate maj (stepping by s) and minor coordinate mn, the minor step decided by the
 * remainder r in 32 bits; a pixel whose minor coordinate is outside [mlo, mlo + mspan) is
 * skipped but still advances the map position ax,ay by sx,sy. Every bit of state is a local
 * (nothing written to the screen can alias it), and the cell's sprite is looked up only
 * when the cell changes. Inlined twice so each axis gets its own loop. */
static inline void tline_steps(uint8_t *screen, const tline_src *t, int xmajor, int maj, int s,
                               int mn, int32_t r, int32_t d2, int32_t den, int64_t steps,
                               unsigned mlo, unsigned mspan, uint32_t ax, uint32_t ay,
                               uint32_t sx, uint32_t sy)
{
    const uint32_t maskx = t->maskx, masky = t->masky;
    const int offx = t->offx, offy = t->offy;
    const uint8_t *lut0 = t->lut0;
    uint32_t lastcell = 0xffffffffu;        /* no cell has this key */
    const uint8_t *spr = NULL;
    for (; steps > 0; steps--) {
        if ((unsigned)mn - mlo < mspan) {
            int mpx = (int)((ax & maskx) >> 16) + offx, mpy = (int)((ay & masky) >> 16) + offy;
            uint32_t cell = ((uint32_t)(mpy >> 3) << 16) | (uint32_t)(mpx >> 3);
            if (cell != lastcell) {
                lastcell = cell;
                spr = tline_cell(t, mpx >> 3, mpy >> 3);
            }
            if (spr) {
                uint8_t b = spr[(mpy & 7) * 64 + ((mpx & 7) >> 1)];
                uint8_t v = lut0[(mpx & 1) ? b >> 4 : b & 15];
                if (v != 0xff) {
                    int x = xmajor ? maj : mn, y = xmajor ? mn : maj;
                    uint8_t *d = screen + y * 64 + (x >> 1);
                    unsigned sh = (unsigned)(x & 1) * 4;
                    *d = (uint8_t)((*d & ~(15u << sh)) | ((unsigned)v << sh));
                }
            }
        }
        ax += sx;
        ay += sy;
        maj += s;
        r += d2;
        if (r >= den) { r -= den; mn++; }
        else if (r < 0) { r += den; mn--; }
    }
}

/* tline's common case: no fill pattern, full bit-plane mask, the sheet and the screen
 * apart and unwrapped, the map (and the flags) not under the screen, so nothing the line
 * writes is read again. Map positions are stepped in 32 bits (the masks keep only bits
 * below 2^27, so the sum modulo 2^32 masks to the same value as the 64-bit product), the
 * map is addressed with its base, width and height read once, and the walk is the solid
 * line's 32-bit one (tline_steps). Returns 0 (nothing drawn) when the case does not
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
    uint32_t ax = (uint32_t)((uint64_t)px + (uint64_t)wk->i * (uint64_t)dpx);
    uint32_t ay = (uint32_t)((uint64_t)py + (uint64_t)wk->i * (uint64_t)dpy);
    uint32_t sx = (uint32_t)(uint64_t)dpx, sy = (uint32_t)(uint64_t)dpy;
    int maj = (int)(wk->maj0 + wk->s * wk->i), mn = (int)(wk->min0 + wk->q);
    unsigned wlo = (unsigned)(wk->xmajor ? w->y0 : w->x0);
    unsigned wspan = (unsigned)(wk->xmajor ? w->y1 - w->y0 : w->x1 - w->x0);
    if (wk->xmajor)
        tline_steps(ram + dst, &t, 1, maj, wk->s, mn, (int32_t)wk->r, (int32_t)(2 * wk->d),
                    (int32_t)wk->den, wk->hi - wk->i + 1, wlo, wspan, ax, ay, sx, sy);
    else
        tline_steps(ram + dst, &t, 0, maj, wk->s, mn, (int32_t)wk->r, (int32_t)(2 * wk->d),
                    (int32_t)wk->den, wk->hi - wk->i + 1, wlo, wspan, ax, ay, sx, sy);
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
