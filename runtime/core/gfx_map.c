/* gfx_map.c - the map: addressing (0x5f56/0x5f57, rows 32-63 in the shared sprite region),
 * mget, mset, map() and tline() (reference 1.3, 1.13, 8.4).
 *
 * Map base 0x10-0x2f (0x30-0x3f read as 0x10-0x1f) lives in the 8 KiB ring 0x1000-0x2fff:
 * with the default base 0x20 rows 0-31 are at 0x2000 and rows 32-63 wrap to 0x1000. Any
 * other base addresses linearly up to 0xffff. Height = region size / width.
 * Depends on: ram.h, pixel.h, gfx.h, gfx_internal.h, string.h (memcpy). */
#include "gfx.h"
#include "gfx_internal.h"

#include <string.h>

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
    uint32_t mbias, mmask, madd, maskx, masky;
    int mw, mh, sprite0, layers, offx, offy;
} tline_src;

/* The sprite row base of map cell cx,cy (its sprite's top-left byte), NULL when the cell
 * is not drawn (empty, outside the map, or not in `layers`). The cell's address is
 * madd + ((mbias + offset) & mmask): the ring's (0x1000, base - 0x1000, 0x1fff) or the
 * linear map's (0, base, 0xffff). */
static inline __attribute__((always_inline)) const uint8_t *
tline_cell_at(const tline_src *t, int cx, int cy)
{
    int tile = 0;
    if (cx < t->mw && cy < t->mh) {
        uint32_t off = (uint32_t)cy * (uint32_t)t->mw + (uint32_t)cx;
        tile = t->ram[t->madd + ((t->mbias + off) & t->mmask)];
    }
    int drawn = (tile || t->sprite0) && (!t->layers || (t->ram[M8_FLAGS + tile] & t->layers));
    return drawn ? t->sheet + (tile / 16) * 8 * 64 + (tile % 16) * 4 : NULL;
}

/* The same out of line (the texel runs' loop has no registers to spare for it). */
static __attribute__((noinline)) const uint8_t *tline_cell(const tline_src *t, int cx, int cy)
{
    return tline_cell_at(t, cx, cy);
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
 * 19 up (its map cell before the wrap mask and offset) change: floor(num / d) + 1, d = |sa|,
 * num = the distance to the edge it moves towards ((a & 0x7ffff) ^ flip, below 2^19; flip
 * = 0x7ffff moving up, 0 moving down), found without a division as (num * rec) >> shift
 * with rec = ceil(2^shift / d), shift = 32 for d below 2^13, else 51: exact, as num * (rec
 * * d - 2^shift) < 2^19 * d <= 2^shift, and num * rec < 2^57. A coordinate that does not move
 * has flip = 0xfffff, rec = 2^12, shift 0: at least 2^31 steps, more than any line's. */
typedef struct tline_cell_count { uint64_t rec; uint32_t flip, shift; } tline_cell_count;

static void tline_cell_count_setup(uint32_t sa, tline_cell_count *c)
{
    int32_t v = (int32_t)sa;
    if (v == 0) { c->rec = 1u << 12; c->flip = 0xfffffu; c->shift = 0; return; }
    uint32_t d = v > 0 ? (uint32_t)v : 0u - (uint32_t)v;
    c->shift = d < (1u << 13) ? 32 : 51;
    c->rec = (((uint64_t)1 << c->shift) + d - 1) / d;
    c->flip = v > 0 ? 0x7ffffu : 0;
}

static inline __attribute__((always_inline)) uint32_t
tline_cell_steps(uint32_t a, const tline_cell_count *c)
{
    uint64_t num = (a & 0x7ffffu) ^ c->flip;
    return (uint32_t)((num * c->rec) >> c->shift) + 1;
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

/* tline_colour for both positions in one word: ax's bits 0-18 at bits 0-18, ay's at bits
 * 32-50 (tline_gather): the sprite's row as one 32-bit word (pixel i in bits 4i-4i+3, as
 * the sheet's nibbles are little-endian in each byte) and the pixel's nibble shifted out
 * of it. */
static inline uint32_t tline_row4(const uint8_t *q)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t v;
    memcpy(&v, q, 4);
    return v;
#else
    return q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
#endif
}

static inline unsigned tline_colour_row(const uint8_t *spr, const uint8_t *lut0, uint64_t a)
{
    uint32_t row = tline_row4(spr + ((a >> 42) & 0x1c0u));
    return lut0[(row >> ((a >> 14) & 0x1cu)) & 15u];
}

/* Magnified texture (a map step of at most half a pixel each way, as on the near rows of a
 * mode-7 floor): the walk stays on one sprite pixel (texel) for several steps, so a cell's
 * run is taken a texel at a time, its colour looked up once. The steps a 16.16 coordinate
 * a (step sa) takes before its bits from 16 up change are floor(num / |sa|) + 1, num = the
 * fraction's distance to the edge it moves towards ((a & 0xffff) ^ flip, below 2^16; flip
 * = 0xffff moving up, 0 moving down), found by a multiply with rec = ceil(2^32 / |sa|):
 * exact, as num * (rec * |sa| - 2^32) < 2^16 * |sa| <= 2^32. A coordinate that does not
 * move has flip = 0x1ffff and rec = 2^32: at least 2^16 steps, more than any line's. */
typedef struct tline_texel_step { uint64_t rec; uint32_t flip; } tline_texel_step;

/* Whether a step of sa (16.16) is small enough for texel runs. */
static int tline_texel_fits(uint32_t sa)
{
    int32_t v = (int32_t)sa;
    return v >= -0x8000 && v <= 0x8000;
}

/* The texel constants of a step sa that fits, from its cell count's (c): rec = ceil(2^32 /
 * d) is the cell's ceil(2^shift / d) itself at shift 32, else that divided by 2^19
 * rounding up (ceil(ceil(a / b) / c) = ceil(a / (b * c)) for positive integers), so no
 * division is made a second time. */
static void tline_texel_setup(uint32_t sa, const tline_cell_count *c, tline_texel_step *ts)
{
    int32_t v = (int32_t)sa;
    if (v == 0) { ts->rec = (uint64_t)1 << 32; ts->flip = 0x1ffffu; return; }
    ts->rec = c->shift == 32 ? c->rec : (c->rec + ((uint64_t)1 << 19) - 1) >> 19;
    ts->flip = v > 0 ? 0xffffu : 0;
}

static inline __attribute__((always_inline)) uint32_t
tline_texel_steps(uint32_t a, const tline_texel_step *ts)
{
    uint64_t num = (a & 0xffffu) ^ ts->flip;
    return (uint32_t)((num * ts->rec) >> 32) + 1;
}

/* The shapes of walk a texel's steps are drawn with (a compile-time constant each):
 * straight ones (inc 0) along a row either way and down or up a column, sloping ones
 * (inc > 0, a minor step when the remainder passes den) likewise. */
enum { TK_ROW_R, TK_ROW_L, TK_COL, TK_SROW_R, TK_SROW_L, TK_SCOL };

/* n >= 1 steps of a straight walk (inc 0) from pixel *pp writing colour v (not 0xff):
 * along a row one nibble at each end and whole bytes between, down a column the same
 * nibble of every row. */
static inline __attribute__((always_inline)) void
tline_texel_fill(uint8_t *screen, unsigned v, uint32_t n, int kind, uint32_t *pp, uint32_t pm)
{
    uint32_t p = *pp;
    if (kind == TK_ROW_R || kind == TK_ROW_L) {
        uint32_t lo = kind == TK_ROW_R ? p : p - (n - 1);
        p += kind == TK_ROW_R ? n : 0u - n;
        uint8_t *d = screen + (lo >> 1);
        if (lo & 1u) { *d = (uint8_t)((*d & 0x0fu) | v << 4); d++; n--; }
        uint8_t both = (uint8_t)(v * 0x11u);
        for (; n >= 2; n -= 2) *d++ = both;
        if (n) *d = (uint8_t)((*d & 0xf0u) | v);
        *pp = p;
        return;
    }
    /* a straight column: the same nibble of every row */
    unsigned sh = (p & 1u) * 4;
    uint8_t keep = (uint8_t)(0xf0u >> sh), put = (uint8_t)(v << sh);
    /* a byte offset, not a pointer: the step after the last row may leave the screen */
    size_t o = p >> 1, ostep = (size_t)(ptrdiff_t)((int32_t)pm / 2);
    *pp = p + n * pm;
    do { screen[o] = (uint8_t)((screen[o] & keep) | put); o += ostep; } while (--n);
}

/* What a texel run reads (set once per call) and the walk's state it moves. */
typedef struct tline_texels {
    uint8_t *screen;
    const uint8_t *lut0;
    uint32_t pm, pn, sx, sy;
    int32_t inc, den;
    tline_texel_step tx, ty;
} tline_texels;

typedef struct tline_state { uint32_t p, ax, ay; int32_t r; } tline_state;

/* The texel at (ax, ay) for a run with n steps left: its colour in *v (0xff: transparent)
 * and the steps that stay on it (at most n), by which ax and ay are moved on. */
static inline __attribute__((always_inline)) uint32_t
tline_next_texel(const tline_texels *w, const uint8_t *spr, uint32_t n, uint32_t *ax,
                 uint32_t *ay, unsigned *v)
{
    uint32_t m = tline_texel_steps(*ax, &w->tx), my = tline_texel_steps(*ay, &w->ty);
    if (my < m) m = my;
    if (n < m) m = n;
    *v = tline_colour(spr, w->lut0, *ax, *ay);
    *ax += m * w->sx;
    *ay += m * w->sy;
    return m;
}

/* One cell's run of n >= 1 steps of a straight walk taken a texel at a time (see
 * tline_texel_step): the colour looked up once per texel, a transparent texel skipped. */
static inline __attribute__((always_inline)) void
tline_run_texels(const tline_texels *w, const uint8_t *spr, uint32_t n, int kind, tline_state *st)
{
    uint32_t ax = st->ax, ay = st->ay;
    do {
        unsigned v;
        uint32_t m = tline_next_texel(w, spr, n, &ax, &ay, &v);
        n -= m;
        if (v != 0xff) tline_texel_fill(w->screen, v, m, kind, &st->p, w->pm);
        else st->p += m * w->pm;
    } while (n);
    st->ax = ax; st->ay = ay;
}

/* The same for a sloping walk (inc > 0, a minor step when the remainder passes den). The
 * pixel is kept as the screen byte offset o (size_t: only read for drawn pixels, whose
 * offsets are in range) and its x parity odd, in locals for the whole run: p = 2*o + odd
 * (modulo 2^32; 128 is even, so p's low bit is x's). Along a row (kind TK_SROW_R or
 * TK_SROW_L) the steps go by pairs that share a byte, a minor step moving o a row; down a
 * column each step moves o a row and a minor step moves x, its nibble's masks (keep the
 * other nibble, put v in this one) toggled. */
static inline __attribute__((always_inline)) void
tline_run_texels_sloped(const tline_texels *w, const uint8_t *spr, uint32_t n, int kind,
                        tline_state *st)
{
    uint8_t *const screen = w->screen;
    const int32_t inc = w->inc, den = w->den;
    const size_t orow = (size_t)(ptrdiff_t)((int32_t)w->pn / 2);   /* TK_SROW_*: pn = +-128 */
    const size_t ocol = (size_t)(ptrdiff_t)((int32_t)w->pm / 2);   /* TK_SCOL: pm = +-128 */
    const int right = (int32_t)w->pn > 0;                          /* TK_SCOL: pn = +-1 */
    uint32_t ax = st->ax, ay = st->ay;
    size_t o = st->p >> 1;
    unsigned odd = st->p & 1u;
    int32_t r = st->r;
#define TLINE_LO(c) (screen[o] = (uint8_t)((screen[o] & 0xf0u) | (c)))
#define TLINE_HI(c) (screen[o] = (uint8_t)((screen[o] & 0x0fu) | (c) << 4))
#define TLINE_ROW_STEP() do { r += inc; if (r >= den) { r -= den; o += orow; } } while (0)
    do {
        unsigned v;
        uint32_t m = tline_next_texel(w, spr, n, &ax, &ay, &v);
        n -= m;
        if (kind == TK_SROW_R && v != 0xff) {
            if (odd) { TLINE_HI(v); o++; odd = 0; TLINE_ROW_STEP(); m--; }
            for (; m >= 2; m -= 2) {
                TLINE_LO(v); TLINE_ROW_STEP();
                TLINE_HI(v); o++; TLINE_ROW_STEP();
            }
            if (m) { TLINE_LO(v); odd = 1; TLINE_ROW_STEP(); }
        } else if (kind == TK_SROW_L && v != 0xff) {
            if (!odd) { TLINE_LO(v); o--; odd = 1; TLINE_ROW_STEP(); m--; }
            for (; m >= 2; m -= 2) {
                TLINE_HI(v); TLINE_ROW_STEP();
                TLINE_LO(v); o--; TLINE_ROW_STEP();
            }
            if (m) { TLINE_HI(v); odd = 0; TLINE_ROW_STEP(); }
        } else if (kind == TK_SROW_R || kind == TK_SROW_L) {     /* transparent */
            do {
                if (kind == TK_SROW_R) { o += odd; odd ^= 1u; }
                else { odd ^= 1u; o -= odd; }
                TLINE_ROW_STEP();
            } while (--m);
        } else {
            uint8_t keep = odd ? 0x0fu : 0xf0u, put = (uint8_t)(odd ? v << 4 : v);
            uint8_t both = (uint8_t)(v * 0x11u);
            do {
                if (v != 0xff) screen[o] = (uint8_t)((screen[o] & keep) | put);
                o += ocol;
                r += inc;
                if (r >= den) {
                    r -= den;
                    if (right) { o += odd; odd ^= 1u; }
                    else { odd ^= 1u; o -= odd; }
                    keep ^= 0xffu;
                    put ^= both;
                }
            } while (--m);
        }
    } while (n);
#undef TLINE_LO
#undef TLINE_HI
#undef TLINE_ROW_STEP
    st->ax = ax; st->ay = ay;
    st->p = (uint32_t)(2 * o + odd);
    st->r = r;
}

/* The texel runs out of line, one function per shape of walk: with the drawing loop's
 * state around them the fills' loops would not have the registers they need. */
typedef void tline_texels_fn(const tline_texels *, const uint8_t *, uint32_t, tline_state *);
#define TLINE_TEXELS_FN(name, run, kind) \
    static __attribute__((noinline)) void name(const tline_texels *w, const uint8_t *spr, \
                                               uint32_t n, tline_state *st) \
    { run(w, spr, n, kind, st); }
TLINE_TEXELS_FN(tline_texels_row_r, tline_run_texels, TK_ROW_R)
TLINE_TEXELS_FN(tline_texels_row_l, tline_run_texels, TK_ROW_L)
TLINE_TEXELS_FN(tline_texels_col, tline_run_texels, TK_COL)
TLINE_TEXELS_FN(tline_texels_srow_r, tline_run_texels_sloped, TK_SROW_R)
TLINE_TEXELS_FN(tline_texels_srow_l, tline_run_texels_sloped, TK_SROW_L)
TLINE_TEXELS_FN(tline_texels_scol, tline_run_texels_sloped, TK_SCOL)

/* The walk taken a pixel at a time (any map step the texel runs do not take: a texture
 * drawn smaller than it is, a new sprite pixel every step or so), in two passes over a
 * chunk of the line's steps: tline_gather puts each step's colour (0xff: not drawn) in a
 * buffer, walking the map only, then a loop for the walk's shape (tline_put_*) writes the
 * buffer's colours along the screen's walk. Each loop has its registers, and the colours'
 * chain (map position, sprite byte, colour table) no longer waits on the screen's. A
 * chunk is 128 steps: a line has at most 128 inside the clip (m8_walk_init keeps the major
 * coordinate inside it), so one round takes it; the loop is for safety. */
#define TLINE_CHUNK 128

/* The colours of steps 0..n-1 (n >= 1) from map position ax,ay into buf, a cell's run at a
 * time: the cell's sprite looked up once, then each step reads the sprite's row (one
 * 32-bit word), its nibble and the colour table, until a step leaves the cell (seen in the
 * packed positions, below); a cell not drawn gives 0xff for each of its steps. The last cell's run is not
 * cut at n: it may write up to 15 colours past buf[n - 1] (see TLINE_CHUNK's buffer), as
 * the walk is only taken with a map step past half a pixel (0x8000) on one axis, so no
 * cell holds more than 16 of its steps (2^19 / 0x8001 < 16). */
static __attribute__((noinline)) void tline_gather(const tline_src *t, const tline_texels *w,
                                                   uint32_t n, uint32_t ax, uint32_t ay,
                                                   uint8_t *buf)
{
    const tline_src tl = *t;            /* a local copy: the stores to buf cannot alias it */
    uint8_t lut0[16];                   /* on the stack: indexed without a register */
    memcpy(lut0, w->lut0, sizeof lut0);
    const uint32_t sx = w->sx, sy = w->sy, maskx = tl.maskx, masky = tl.masky;
    const int cellx = tl.offx >> 3, celly = tl.offy >> 3;
    const uint64_t s2 = (uint64_t)(int64_t)(int32_t)sx + ((uint64_t)(int64_t)(int32_t)sy << 32);
    const uint64_t out = 0xfff80000fff80000u;   /* a half past 0..2^19 - 1: the cell left */
    uint8_t *b = buf, *const end = buf + n;
    do {
        const uint8_t *spr = tline_cell_at(&tl, (int)((ax & maskx) >> 19) + cellx,
                                           (int)((ay & masky) >> 19) + celly);
        /* both positions in the cell in one register: ax's bits 0-18 low, ay's from bit
         * 32, stepped by the signed steps in one add. While both halves stay in
         * 0..2^19 - 1 nothing carries or borrows between them; the step that takes either
         * out of it (up: a bit from 19 up; down: the half's borrow sets its bits from 19
         * up) leaves the cell, as the cell is the position's bits from 19 up. */
        uint64_t a2 = (ax & 0x7ffffu) | (uint64_t)(ay & 0x7ffffu) << 32;
        uint8_t *const b0 = b;
        if (spr)
            do { *b++ = (uint8_t)tline_colour_row(spr, lut0, a2); a2 += s2; } while (!(a2 & out));
        else
            do { *b++ = 0xff; a2 += s2; } while (!(a2 & out));
        uint32_t k = (uint32_t)(b - b0);
        ax += k * sx;
        ay += k * sy;
    } while (b < end);
}

/* Writes the n >= 1 colours of buf (0xff: not drawn) along the walk from st->p (see
 * tline_cells for p, pm, pn and the remainder). The pixel is kept as its screen byte's
 * address o, an integer (uintptr_t: a pointer only for drawn pixels, whose bytes are on
 * the screen; the step after the last may leave it), and its x parity odd (p = 2*(o -
 * screen) + odd modulo 2^32; 128 is even, so p's low bit is x's). `kind` (a
 * compile-time constant) is the walk's shape: along a row a step moves x and a minor step
 * o by a row, the steps taken two a round so that each knows its nibble (on a straight
 * row two drawn colours make the byte); down a column a step moves o by a row and a minor
 * step moves x, the nibble's mask `keep` and shift sh toggled with the parity. */
static inline __attribute__((always_inline)) void
tline_put(const tline_texels *w, const uint8_t *buf, uint32_t n, int kind, tline_state *st)
{
    const int32_t inc = w->inc, den = w->den;
    const int row = kind == TK_ROW_R || kind == TK_ROW_L || kind == TK_SROW_R || kind == TK_SROW_L;
    const int right = kind == TK_ROW_R || kind == TK_SROW_R;      /* rows: the way x goes */
    const int straight = kind == TK_ROW_R || kind == TK_ROW_L || kind == TK_COL;
    const int minor_right = (int32_t)w->pn > 0;                    /* sloping columns */
    const uintptr_t orow = (uintptr_t)(intptr_t)((int32_t)(row ? w->pn : w->pm) / 2);  /* +-64 */
    const uintptr_t base = (uintptr_t)w->screen;
    uintptr_t o = base + (st->p >> 1);
    unsigned odd = st->p & 1u;
    int32_t rn = st->r - den;           /* the remainder less den: a minor step at >= 0 */
    unsigned c;
#define TLINE_AT(o) (*(uint8_t *)(o))
#define TLINE_LO(c) do { if ((c) != 0xffu) TLINE_AT(o) = (uint8_t)((TLINE_AT(o) & 0xf0u) | (c)); } while (0)
#define TLINE_HI(c) do { if ((c) != 0xffu) TLINE_AT(o) = (uint8_t)((TLINE_AT(o) & 0x0fu) | (c) << 4); } while (0)
#define TLINE_ROW_MINOR() do { \
        if (!straight) { rn += inc; if (rn >= 0) { rn -= den; o += orow; } } \
    } while (0)
    if (row) {
        /* the first step on the nibble a byte is entered by (low going right, high going
         * left); then two a round */
        if (odd == (right ? 1u : 0u)) {
            c = *buf++;
            n--;
            if (right) { TLINE_HI(c); o++; }
            else { TLINE_LO(c); o--; }
            TLINE_ROW_MINOR();
        }
        for (uint32_t j = n >> 1; j; j--, buf += 2) {
            unsigned c0 = buf[0], c1 = buf[1];
            if (straight) {
                unsigned lo = right ? c0 : c1, hi = right ? c1 : c0;
                if ((lo | hi) < 16u) TLINE_AT(o) = (uint8_t)(lo | hi << 4);
                else { TLINE_LO(lo); TLINE_HI(hi); }
                if (right) o++; else o--;
            } else if (right) {
                TLINE_LO(c0); TLINE_ROW_MINOR();
                TLINE_HI(c1); o++; TLINE_ROW_MINOR();
            } else {
                TLINE_HI(c0); TLINE_ROW_MINOR();
                TLINE_LO(c1); o--; TLINE_ROW_MINOR();
            }
        }
        odd = right ? 0u : 1u;
        if (n & 1u) {
            c = *buf;
            if (right) TLINE_LO(c);
            else TLINE_HI(c);
            odd ^= 1u;
            TLINE_ROW_MINOR();
        }
    } else {
        unsigned sh = odd * 4, keep = 0xf0u >> sh;
        for (uint32_t j = n; j; j--) {
            c = *buf++;
            if (c != 0xffu) TLINE_AT(o) = (uint8_t)((TLINE_AT(o) & keep) | c << sh);
            o += orow;
            if (!straight) {
                rn += inc;
                if (rn >= 0) {
                    rn -= den;
                    if (minor_right) { o += odd; odd ^= 1u; } else { odd ^= 1u; o -= odd; }
                    sh ^= 4u;
                    keep ^= 0xffu;
                }
            }
        }
    }
#undef TLINE_AT
#undef TLINE_LO
#undef TLINE_HI
#undef TLINE_ROW_MINOR
    st->p = (uint32_t)(2 * (o - base) + odd); st->r = rn + den;
}

typedef void tline_put_fn(const tline_texels *, const uint8_t *, uint32_t, tline_state *);
#define TLINE_PUT_FN(name, kind) \
    static __attribute__((noinline)) void name(const tline_texels *w, const uint8_t *buf, \
                                               uint32_t n, tline_state *st) \
    { tline_put(w, buf, n, kind, st); }
TLINE_PUT_FN(tline_put_row_r, TK_ROW_R)
TLINE_PUT_FN(tline_put_row_l, TK_ROW_L)
TLINE_PUT_FN(tline_put_col, TK_COL)
TLINE_PUT_FN(tline_put_srow_r, TK_SROW_R)
TLINE_PUT_FN(tline_put_srow_l, TK_SROW_L)
TLINE_PUT_FN(tline_put_scol, TK_SCOL)

/* The walk a pixel at a time: TLINE_CHUNK steps at most a round, gathered then put. */
static void tline_pixels(const tline_src *t, const tline_texels *w, int64_t steps,
                         tline_put_fn *put, tline_state *st)
{
    uint8_t buf[TLINE_CHUNK + 16];
    while (steps > 0) {
        uint32_t n = steps > TLINE_CHUNK ? TLINE_CHUNK : (uint32_t)steps;
        tline_gather(t, w, n, st->ax, st->ay, buf);
        put(w, buf, n, st);
        st->ax += n * w->sx;
        st->ay += n * w->sy;
        steps -= n;
    }
}

/* tline's drawing steps, all inside the clip: `steps` pixels from screen pixel index p
 * (y*128 + x), each step adding pm, and pn more when the remainder r (0 <= r < den) plus
 * inc reaches den (pm, pn may be negative: added modulo 2^32). The map position ax,ay
 * (16.16 pixels, stepped by sx,sy modulo 2^32) is taken a run at a time: the steps before
 * either coordinate leaves its cell are counted (tline_cell_count), the cell's sprite
 * looked up once, and the run drawn by tfn, which only reads the sprite's byte, its nibble
 * and the colour table and writes the screen (the cell's pixel is the position's bits
 * 16-18 whatever the wrap mask and offset, which are whole cells; nothing written to the
 * screen can alias the state). This is the loop of the magnified textures (a map step of
 * at most half a pixel each way), whose runs go to tfn a sprite pixel at a time
 * (tline_texel_step); other steps take tline_pixels (a chunk's colours gathered, then
 * put along the walk). tline_draw picks the loop once per call. */
static void tline_cells(const tline_src *t, int64_t steps, uint32_t p, uint32_t pm, uint32_t pn,
                        int32_t r, int32_t inc, int32_t den, uint32_t ax, uint32_t ay,
                        uint32_t sx, uint32_t sy, const tline_cell_count *ccx,
                        const tline_cell_count *ccy, const tline_texels *tw, tline_texels_fn *tfn)
{
    const uint32_t maskx = t->maskx, masky = t->masky;
    const int cellx = t->offx >> 3, celly = t->offy >> 3;
    const tline_cell_count cx = *ccx, cy = *ccy;
    while (steps > 0) {
        uint32_t run = tline_cell_steps(ax, &cx), runy = tline_cell_steps(ay, &cy);
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
        } else {
            tline_state st = { p, ax, ay, r };
            tfn(tw, spr, run, &st);
            p = st.p; ax = st.ax; ay = st.ay; r = st.r;
        }
    }
}

static void tline_draw(uint8_t *screen, const tline_src *t, int64_t steps, uint32_t p,
                       uint32_t pm, uint32_t pn, int32_t r, int32_t inc, int32_t den,
                       uint32_t ax, uint32_t ay, uint32_t sx, uint32_t sy)
{
    tline_texels tw;
    tw.screen = screen;
    tw.lut0 = t->lut0;
    tw.pm = pm;
    tw.pn = pn;
    tw.sx = sx;
    tw.sy = sy;
    tw.inc = inc;
    tw.den = den;
    int row_r = pm == 1, row_l = pm == 0xffffffffu;
    if (tline_texel_fits(sx) && tline_texel_fits(sy)) {
        tline_cell_count cx, cy;
        tline_cell_count_setup(sx, &cx);
        tline_cell_count_setup(sy, &cy);
        tline_texel_setup(sx, &cx, &tw.tx);
        tline_texel_setup(sy, &cy, &tw.ty);
        tline_texels_fn *tfn =
            inc == 0 ? (row_r ? tline_texels_row_r : row_l ? tline_texels_row_l : tline_texels_col)
                     : (row_r ? tline_texels_srow_r : row_l ? tline_texels_srow_l : tline_texels_scol);
        tline_cells(t, steps, p, pm, pn, r, inc, den, ax, ay, sx, sy, &cx, &cy, &tw, tfn);
    } else {
        tline_put_fn *put =
            inc == 0 ? (row_r ? tline_put_row_r : row_l ? tline_put_row_l : tline_put_col)
                     : (row_r ? tline_put_srow_r : row_l ? tline_put_srow_l : tline_put_scol);
        tline_state st = { p, ax, ay, r };
        tline_pixels(t, &tw, steps, put, &st);
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
    t.mbias = ring ? mbase - 0x1000 : mbase;
    t.mmask = ring ? 0x1fffu : 0xffffu;
    t.madd = ring ? 0x1000u : 0;
    t.maskx = maskx;
    t.masky = masky;
    t.mw = ram[M8_MAP_WIDTH] ? ram[M8_MAP_WIDTH] : 256;
    t.mh = (int)(size / (uint32_t)t.mw);
    t.sprite0 = (ram[M8_MISC_FLAGS] & M8_MISC_SPRITE0) != 0;
    t.layers = layers;
    t.offx = offx;
    t.offy = offy;
    /* the walk's remaining steps; only those whose minor coordinate is inside the clip
     * are drawn, and as it moves one way these are the steps k0 <= k < k1: all of them,
     * with no division, when the line's minor coordinates (from min0 to its end's, min0 +
     * d) are inside the clip */
    int64_t steps = wk->hi - wk->i + 1, mn = wk->min0 + wk->q, r = wk->r, d2 = 2 * wk->d;
    int64_t den = wk->den;
    int64_t clo = wk->xmajor ? w->y0 : w->x0, chi = wk->xmajor ? w->y1 : w->x1;
    int64_t minlo = wk->d < 0 ? wk->min0 + wk->d : wk->min0;
    int64_t minhi = minlo + (wk->d < 0 ? -wk->d : wk->d);
    int64_t k0 = 0, k1 = steps;
    if (minlo < clo || minhi >= chi) {
        k0 = tline_minor_reach(mn, r, d2, den, d2 >= 0 ? clo : chi);
        k1 = tline_minor_reach(mn, r, d2, den, d2 >= 0 ? chi : clo);
        if (k1 > steps) k1 = steps;
        if (k0 >= k1) return 1;
    }
    int64_t i = wk->i + k0, sum = r + k0 * d2;
    int64_t q = k0 ? m8_floordiv(sum, den) : 0;     /* (0 <= r < den) */
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
