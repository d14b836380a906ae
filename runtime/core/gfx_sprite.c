/* gfx_sprite.c - sprites: spr, sspr, sget, sset, fget, fset and the 1:1 blitter that map()
 * shares (reference 8.4, 8.3 "apply to sprites"); m8_spr_whole8, the straight path of a
 * whole 8x8 sprite on the screen in the reset draw state (the frameless spr(n, x, y)).
 *
 * A sprite pixel of colour c is skipped when draw-palette entry c has the transparency bit
 * (0x10), otherwise drawn as its low nibble; when fill-pattern flag 0x5f33&2 is set the
 * result is looked up in the secondary palette (0x5f60) and the pattern bit of the screen
 * pixel picks its low (bit 0) or high (bit 1) nibble. The sheet is read at 0x5f54.
 * Depends on: ram.h, pixel.h, gfx.h, gfx_internal.h. */
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include "gfx.h"
#include "gfx_internal.h"

/* The reset draw palette (colour 0 transparent) and the ink it gives. */
static const uint8_t reset_draw_pal[16] = { 0x10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
static const m8_sprite_ink plain_ink = {
    { 0xff, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 0xff, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    0, 1
};
static const uint8_t identity_lut[16] = { 0xff, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

void m8_sprite_ink_init(const uint8_t *ram, m8_sprite_ink *s)
{
    uint8_t flags = ram[M8_FILLP_FLAGS];
    int fill = flags & 2;
    if (!fill && memcmp(ram + M8_DRAW_PAL, reset_draw_pal, 16) == 0) {   /* the usual case */
        *s = plain_ink;
        return;
    }
    s->pat = fill ? (uint16_t)(ram[M8_FILLP] | (ram[M8_FILLP + 1] << 8)) : 0;
    for (int c = 0; c < 16; c++) {
        uint8_t dp = ram[M8_DRAW_PAL + c];
        if (dp & 0x10) {
            s->lut0[c] = s->lut1[c] = 0xff;
        } else if (fill) {
            uint8_t sec = ram[M8_SECONDARY_PAL + (dp & 15)];
            s->lut0[c] = sec & 15;
            s->lut1[c] = (flags & 1) ? 0xff : (uint8_t)(sec >> 4);
        } else {
            s->lut0[c] = s->lut1[c] = dp & 15;
        }
    }
    s->plain = (uint8_t)(!fill && memcmp(s->lut0, identity_lut, 16) == 0);
}

static inline int sheet_read(const uint8_t *ram, uint32_t base, int x, int y)
{
    if ((unsigned)x >= 128 || (unsigned)y >= 128) return 0;
    return m8_surface_read(ram, base, x, y);
}

/* --- the fast path: two pixels per byte ---
 * For the common case (no fill pattern, full bit-plane mask, the source rectangle inside the
 * sheet, no address wrap in a row) a source byte (two pixels) becomes a destination byte in
 * one step: val[b] holds the colours it draws, keep[b] the destination bits it leaves
 * (transparent pixels). The tables follow lut0 and are rebuilt only when the draw palette
 * changed since the last blit of this thread. The golden frames pin both paths. */
typedef struct pair_ink {
    uint8_t lut[16];
    uint8_t val[256], keep[256];
    uint64_t rep_val[16], rep_opq[16];  /* colour c's value in every nibble; ~0 if drawn */
    int plain;                  /* the reset palette: colours as they are, only 0 transparent */
} pair_ink;

static const pair_ink *pair_ink_for(const m8_sprite_ink *s)
{
    static _Thread_local pair_ink cache;
    static _Thread_local int valid;
    if (valid && memcmp(cache.lut, s->lut0, 16) == 0) return &cache;
    memcpy(cache.lut, s->lut0, 16);
    for (int b = 0; b < 256; b++) {
        uint8_t lo = s->lut0[b & 15], hi = s->lut0[b >> 4];
        cache.val[b] = (uint8_t)((lo == 0xff ? 0 : lo) | (hi == 0xff ? 0 : hi << 4));
        cache.keep[b] = (uint8_t)((lo == 0xff ? 0x0f : 0) | (hi == 0xff ? 0xf0 : 0));
    }
    for (int c = 0; c < 16; c++) {
        uint8_t v = s->lut0[c];
        cache.rep_val[c] = v == 0xff ? 0 : v * 0x1111111111111111ull;
        cache.rep_opq[c] = v == 0xff ? 0 : ~(uint64_t)0;
    }
    cache.plain = s->lut0[0] == 0xff;
    for (int c = 1; c < 16; c++) cache.plain &= s->lut0[c] == c;
    valid = 1;
    return &cache;
}

/* One pixel of colour c (before the palette) at x of destination row d. */
static inline void put_pixel(uint8_t *d, int x, int c, const pair_ink *k)
{
    uint8_t v = k->lut[c];
    if (v == 0xff) return;
    uint8_t *p = d + (x >> 1);
    *p = (x & 1) ? (uint8_t)((*p & 0x0f) | (v << 4)) : (uint8_t)((*p & 0xf0) | v);
}

static inline int nibble(const uint8_t *row, int c) { return (row[c >> 1] >> ((c & 1) * 4)) & 15; }

/* How the pixels xa..xb-1 of a destination row take source columns: the same for every
 * row of a blit, so worked out once. Pixel x takes column c0 + (x - xa), or c0 - (x - xa)
 * when mirrored; every column used lies in 0..127. */
typedef struct row_plan {
    int xa, xb, c0, flip;       /* the row as asked */
    int lead, lead_c;           /* a single first pixel (odd xa) and its column */
    int x, c, pairs;            /* the pairs: first x (even), its column, how many */
    int tail, tail_x, tail_c;   /* a single last pixel */
    int mode;                   /* 0 aligned, 1 straddling, 2 mirrored, 3 mirrored straddling */
} row_plan;

static row_plan plan_row(int xa, int xb, int c0, int flip)
{
    row_plan p;
    int step = flip ? -1 : 1;
    p.xa = xa;
    p.xb = xb;
    p.c0 = c0;
    p.flip = flip;
    p.lead = xa & 1;
    p.lead_c = c0;
    p.x = xa + p.lead;
    p.c = c0 + p.lead * step;
    p.pairs = (xb - p.x) >> 1;
    p.tail_x = p.x + 2 * p.pairs;
    p.tail = p.tail_x < xb;
    p.tail_c = p.c + 2 * p.pairs * step;
    p.mode = flip ? ((p.c & 1) ? 2 : 3) : ((p.c & 1) ? 1 : 0);
    return p;
}

/* 0xf in every nibble of w that is not colour 0. */
static inline uint64_t opaque_nibbles64(uint64_t w)
{
    uint64_t t = w | (w >> 1);
    t |= t >> 2;
    return (t & 0x1111111111111111ull) * 15u;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Eight pixels at once for the reset palette: a 32-bit word holds pixels 0-7 in its nibbles
 * (little-endian), and a pixel is drawn when it is not colour 0. */
static inline uint32_t load4(const uint8_t *q)
{
    uint32_t w;
    memcpy(&w, q, 4);
    return w;
}

/* Source pixels c..c+7 of a sheet row (all inside it). */
static inline uint32_t source8(const uint8_t *s, int c)
{
    const uint8_t *q = s + (c >> 1);
    return (c & 1) ? (load4(q) >> 4) | ((uint32_t)(q[4] & 15) << 28) : load4(q);
}

/* Draw the non-0 pixels of w at x..x+7 of destination row d. */
static inline void put8_plain(uint8_t *d, int x, uint32_t w)
{
    uint32_t t = w | (w >> 1);
    t |= t >> 2;
    uint32_t m = (t & 0x11111111u) * 15u;          /* 0xf where the pixel is not 0 */
    uint8_t *p = d + (x >> 1);
    uint32_t v;
    memcpy(&v, p, 4);
    if (!(x & 1)) {
        v = (v & ~m) | (w & m);
        memcpy(p, &v, 4);
        return;
    }
    uint64_t W = (uint64_t)(w & m) << 4, M = (uint64_t)m << 4;   /* odd x: five bytes */
    v = (v & ~(uint32_t)M) | (uint32_t)W;
    memcpy(p, &v, 4);
    p[4] = (uint8_t)((p[4] & ~(uint8_t)(M >> 32)) | (uint8_t)(W >> 32));
}

/* Pixels 0-7 of w in reverse order. */
static inline uint32_t nibbles_reversed(uint32_t w)
{
    w = __builtin_bswap32(w);
    return ((w >> 4) & 0x0f0f0f0fu) | ((w & 0x0f0f0f0fu) << 4);
}

/* 0xf in every nibble of w that is not colour 0. */
static inline uint32_t opaque_nibbles(uint32_t w)
{
    uint32_t t = w | (w >> 1);
    t |= t >> 2;
    return (t & 0x11111111u) * 15u;
}

/* Write the pixels of w selected by m at the byte p (odd: starting at its high nibble, so
 * the eight pixels span five bytes; one 64-bit step then). */
static inline __attribute__((always_inline)) void put8_masked(uint8_t *p, int odd, uint32_t w, uint32_t m)
{
    if (!odd) {
        uint32_t v;
        memcpy(&v, p, 4);
        v ^= (v ^ w) & m;
        memcpy(p, &v, 4);
    } else {
        uint64_t v;
        memcpy(&v, p, 8);
        v ^= (v ^ ((uint64_t)w << 4)) & ((uint64_t)m << 4);
        memcpy(p, &v, 8);
    }
}

/* The sheet and the screen (with the 8 bytes the word writers may touch past each) do not
 * overlap: a blit may then read two source rows before writing the first. */
static inline int sheet_apart(uint32_t src, uint32_t dst)
{
    return src + 0x2000 + 8 <= dst || dst + 0x2000 + 8 <= src;
}

/* The reset palette's blit: `rows` rows of n pixels from destination x (row start d,
 * rows 64 bytes apart) taking source columns c, c+1, ... (mirrored: c, c-1, ...) of the
 * source rows from s, sstep bytes apart; eight pixels a step, the last step masked to what
 * is left. Reads up to 5 bytes past a source row's last column and writes (unchanged) up to
 * 8 bytes past the destination's: the caller checks there is room. `odd` = x & 1; constant
 * arguments make one loop per case. */
static inline __attribute__((always_inline)) void
blit_plain(uint8_t *d, const uint8_t *s, ptrdiff_t sstep, int rows, int x, int c, int n,
           int odd, int flip)
{
    for (; rows > 0; rows--, d += 64, s += sstep) {
        int xx = x, cc = c;
        for (int left = n; left > 0; left -= 8, xx += 8) {
            uint32_t w;
            int k = left < 8 ? left : 8;
            if (!flip) {
                w = source8(s, cc);
                cc += 8;
            } else {
                w = nibbles_reversed(source8(s, cc - k + 1)) >> (4 * (8 - k));
                cc -= 8;
            }
            uint32_t m = opaque_nibbles(w);
            if (k < 8) m &= (1u << (4 * k)) - 1;
            put8_masked(d + (xx >> 1), odd, w, m);
        }
    }
}

/* blit_plain for destination x's parity and the mirroring, each case a loop of its own */
static inline __attribute__((always_inline)) void
blit_plain_case(uint8_t *d, const uint8_t *s, ptrdiff_t sstep, int rows,
                int x, int c, int n, int flip)
{
    switch ((x & 1) | (flip ? 2 : 0)) {
    case 0: blit_plain(d, s, sstep, rows, x, c, n, 0, 0); break;
    case 1: blit_plain(d, s, sstep, rows, x, c, n, 1, 0); break;
    case 2: blit_plain(d, s, sstep, rows, x, c, n, 0, 1); break;
    default: blit_plain(d, s, sstep, rows, x, c, n, 1, 1); break;
    }
}
/* --- eight pixels wide from whole source bytes: spr's 8x8 sprites, map's cells ---
 * A row of an 8x8 sprite is four whole bytes of the sheet (its first column is even), one
 * 32-bit load; two rows make one 64-bit word. The palette (the pair tables, a byte a step;
 * none for the reset palette, whose drawn pixels are the non-0 ones), the mirroring (the
 * nibbles of each 32-bit half reversed), the clipping (shifted down by the pixels cut off on
 * the left, the opaque mask cut to the pixels left) all work on that word, and each row is
 * then one read-modify-write at its first visible pixel (odd x: 8 bytes from the byte that
 * holds it). A pixel shifted into a row's word from the other row lies past its pixels
 * left, so the mask drops it. */

/* Pixels 0-7 of each 32-bit half of w in reverse order (each half stays where it is). */
static inline uint64_t halves_reversed(uint64_t w)
{
    w = __builtin_bswap64(w);
    w = (w >> 32) | (w << 32);
    return ((w >> 4) & 0x0f0f0f0f0f0f0f0full) | ((w & 0x0f0f0f0f0f0f0f0full) << 4);
}

/* opaque_nibbles64 by an add: a nibble's low three bits plus 7 reach its bit 3 (never the
 * next nibble) unless they are 0, and its own bit 3 is kept; fewer instructions where the
 * constants stay in registers, as in blit8's loops (sspr's keep the shifts). */
static inline uint64_t opaque_nibbles64_add(uint64_t w)
{
    uint64_t t = (((w & 0x7777777777777777ull) + 0x7777777777777777ull) | w) &
                 0x8888888888888888ull;
    return (t >> 3) * 15u;
}

/* The source rows in w (two halves, or one in the low half) as they are drawn: *v the
 * colours, *o 0xf in each nibble drawn; plain: the reset palette (k unused). `cut` is in bits,
 * `left` holds 0xf in each half's nibbles still to draw. */
static inline __attribute__((always_inline)) void
row8_ink(uint64_t w, const pair_ink *k, int plain, int flip, int cut, uint64_t left,
         uint64_t *v, uint64_t *o)
{
    if (plain) {
        if (flip) w = halves_reversed(w);
        w >>= cut;
        *v = w;
        *o = opaque_nibbles64_add(w) & left;
        return;
    }
    uint64_t val = 0, keep = 0;
    for (int i = 0; i < 64; i += 8) {
        uint8_t b = (uint8_t)(w >> i);
        val |= (uint64_t)k->val[b] << i;
        keep |= (uint64_t)k->keep[b] << i;
    }
    if (flip) {
        val = halves_reversed(val);
        keep = halves_reversed(keep);
    }
    *v = val >> cut;
    *o = ~(keep >> cut) & left;
}

/* The low 32 bits of v where o says, at the byte p (odd: from its high nibble). */
static inline __attribute__((always_inline)) void put8_row(uint8_t *p, int odd, uint64_t v,
                                                           uint64_t o)
{
    put8_masked(p, odd, (uint32_t)v, (uint32_t)o);
}

/* `rows` rows (64 bytes apart from p) of the source rows from q (sstep bytes apart), two a
 * step when the sheet and the screen are apart (else each row read just before it is
 * written: the sheet may be the screen). rows8: exactly 8 rows, unclipped in x. */
static inline __attribute__((always_inline)) void
blit8_rows(uint8_t *p, const uint8_t *q, ptrdiff_t sstep, int rows, int cut, uint64_t left,
           int apart, const pair_ink *k, int plain, int odd, int flip, int rows8)
{
    uint64_t v, o;
    if (rows8) {
        for (int i = 0; i < 4; i++, p += 128, q += 2 * sstep) {
            row8_ink(load4(q) | (uint64_t)load4(q + sstep) << 32, k, plain, flip, 0,
                     ~(uint64_t)0, &v, &o);
            put8_row(p, odd, v, o);
            put8_row(p + 64, odd, v >> 32, o >> 32);
        }
        return;
    }
    if (apart) {
        for (; rows >= 2; rows -= 2, p += 128, q += 2 * sstep) {
            row8_ink(load4(q) | (uint64_t)load4(q + sstep) << 32, k, plain, flip, cut, left, &v,
                     &o);
            put8_row(p, odd, v, o);
            put8_row(p + 64, odd, v >> 32, o >> 32);
        }
    }
    for (; rows > 0; rows--, p += 64, q += sstep) {
        row8_ink(load4(q), k, plain, flip, cut, left, &v,
                     &o);
        put8_row(p, odd, v, o);
    }
}

/* Destination pixels xa..xa+n-1 (n 1-8) of `rows` rows from the row start d, from the
 * 8-pixel source rows at q (whole bytes, sstep apart; mirrored: last pixel first), the
 * first `cut` of each left out; k NULL for the reset palette. Reads 4 bytes a source row;
 * writes (unchanged) up to 8 bytes from the byte of xa: the caller checks there is room. */
static inline __attribute__((always_inline)) void
blit8(uint8_t *d, const uint8_t *q, ptrdiff_t sstep, int rows, int xa, int cut, int n,
      int flip, int apart, const pair_ink *k, int plain)
{
    uint8_t *p = d + (xa >> 1);
    static const uint64_t left_of[9] = {        /* n pixels in each half */
        0, 0x0000000f0000000full, 0x000000ff000000ffull, 0x00000fff00000fffull,
        0x0000ffff0000ffffull, 0x000fffff000fffffull, 0x00ffffff00ffffffull,
        0x0fffffff0fffffffull, ~(uint64_t)0
    };
    int full = rows == 8 && n == 8 && apart;
    uint64_t left = left_of[n];
    int c = 4 * cut;
#define M8_BLIT8(odd, fl, r8) blit8_rows(p, q, sstep, rows, c, left, apart, k, plain, odd, fl, r8)
    switch ((xa & 1) | (flip ? 2 : 0) | (full ? 4 : 0)) {
    case 0: M8_BLIT8(0, 0, 0); break;
    case 1: M8_BLIT8(1, 0, 0); break;
    case 2: M8_BLIT8(0, 1, 0); break;
    case 3: M8_BLIT8(1, 1, 0); break;
    case 4: M8_BLIT8(0, 0, 1); break;
    case 5: M8_BLIT8(1, 0, 1); break;
    case 6: M8_BLIT8(0, 1, 1); break;
    default: M8_BLIT8(1, 1, 1); break;
    }
#undef M8_BLIT8
}

/* blit8 with the reset palette (k NULL) or the pair tables k, each its own copy of the
 * loops. */
static inline __attribute__((always_inline)) void
blit8_ink(uint8_t *d, const uint8_t *q, ptrdiff_t sstep, int rows, int xa, int cut, int n,
          int flip, int apart, const pair_ink *k)
{
    if (!k) blit8(d, q, sstep, rows, xa, cut, n, flip, apart, NULL, 1);
    else blit8(d, q, sstep, rows, xa, cut, n, flip, apart, k, 0);
}

#define M8_SWAR 1
#else
#define M8_SWAR 0
#endif

static inline void blit_row(uint8_t *d, const uint8_t *s, const row_plan *r, const pair_ink *k)
{
#if M8_SWAR
    if (k->plain && !r->flip) {         /* the reset palette, not mirrored: 8 pixels a step */
        int x = r->xa, c = r->c0;
        for (; r->xb - x >= 8; x += 8, c += 8) put8_plain(d, x, source8(s, c));
        for (; x < r->xb; x++, c++) put_pixel(d, x, nibble(s, c), k);
        return;
    }
#endif
    if (r->lead) put_pixel(d, r->x - 1, nibble(s, r->lead_c), k);
    uint8_t *p = d + (r->x >> 1);
    const uint8_t *q = s + (r->c >> 1);
    int n = r->pairs;
    switch (r->mode) {
    case 0:                             /* source and destination bytes line up */
        for (int i = 0; i < n; i++) p[i] = (uint8_t)((p[i] & k->keep[q[i]]) | k->val[q[i]]);
        break;
    case 1:                             /* off by one pixel: straddle two source bytes */
        for (int i = 0; i < n; i++) {
            uint8_t b = (uint8_t)((q[i] >> 4) | (q[i + 1] << 4));
            p[i] = (uint8_t)((p[i] & k->keep[b]) | k->val[b]);
        }
        break;
    case 2:                             /* mirrored, columns c and c-1 share a byte */
        for (int i = 0; i < n; i++) {
            uint8_t t = q[-i], b = (uint8_t)((t >> 4) | (t << 4));
            p[i] = (uint8_t)((p[i] & k->keep[b]) | k->val[b]);
        }
        break;
    default:                            /* mirrored and straddling */
        for (int i = 0; i < n; i++) {
            uint8_t b = (uint8_t)((q[-i] & 0x0f) | (q[-i - 1] & 0xf0));
            p[i] = (uint8_t)((p[i] & k->keep[b]) | k->val[b]);
        }
        break;
    }
    if (r->tail) put_pixel(d, r->tail_x, nibble(s, r->tail_c), k);
}

/* Whole rows of `rows` 64-byte lines from `base` stay below 0x10000 (no wrap). */
static inline int no_wrap(uint32_t base, int first_row, int end_row)
{
    return base + (uint32_t)end_row * 64 <= 0x10000 && first_row >= 0;
}

void m8_blit(uint8_t *ram, int sx, int sy, int sw, int sh, int dx, int dy, int fx, int fy,
             const m8_sprite_ink *s, const m8_win *w)
{
    int xa = m8_imax(dx, w->x0), xb = m8_imin(dx + sw, w->x1);
    int ya = m8_imax(dy, w->y0), yb = m8_imin(dy + sh, w->y1);
    if (xa >= xb || ya >= yb) return;
    uint32_t src = m8_gfx_base(ram), dst = m8_screen_base(ram);
    int plain = s->pat == 0 && ram[M8_BITPLANE_MASK] == 0xff;
    if (plain && sx >= 0 && sx + sw <= 128 && sy >= 0 && sy + sh <= 128 &&
        no_wrap(src, sy, sy + sh) && no_wrap(dst, ya, yb)) {
#if M8_SWAR
        /* eight columns from an even one (map's cells, 1:1 sspr) with room for a word past
           the rows: a row (or two) a step, any palette */
        if (sw == 8 && !(sx & 1) && dst + (uint32_t)yb * 64 + 8 <= 0x10000) {
            int r0 = fy ? sy + sh - 1 - (ya - dy) : sy + (ya - dy);
            blit8_ink(ram + dst + (uint32_t)ya * 64, ram + src + (uint32_t)r0 * 64 + sx / 2,
                      fy ? -64 : 64, yb - ya, xa, xa - dx, xb - xa, fx,
                      sheet_apart(src, dst), s->plain ? NULL : pair_ink_for(s));
            return;
        }
        /* the reset palette with room for whole words past the rows: eight pixels a step */
        if (s->plain && src + (uint32_t)(sy + sh) * 64 + 8 <= 0x10000 &&
            dst + (uint32_t)yb * 64 + 8 <= 0x10000) {
            int c0 = fx ? sx + sw - 1 - (xa - dx) : sx + (xa - dx);
            int r0 = fy ? sy + sh - 1 - (ya - dy) : sy + (ya - dy);
            uint8_t *d = ram + dst + (uint32_t)ya * 64;
            const uint8_t *q = ram + src + (uint32_t)r0 * 64;
            ptrdiff_t step = fy ? -64 : 64;
            blit_plain_case(d, q, step, yb - ya, xa, c0, xb - xa, fx);
            return;
        }
#endif
        const pair_ink *k = pair_ink_for(s);
        row_plan plan = plan_row(xa, xb, fx ? sx + sw - 1 - (xa - dx) : sx + (xa - dx), fx);
        for (int y = ya; y < yb; y++) {
            int j = y - dy, srow = fy ? sy + sh - 1 - j : sy + j;
            blit_row(ram + dst + (uint32_t)y * 64, ram + src + (uint32_t)srow * 64, &plan, k);
        }
        return;
    }
    if (plain) {
        /* no pattern, no bit-plane mask, but the source leaves the sheet or an address
           wraps: plain nibble copy through lut0, reading 0 outside the sheet */
        for (int y = ya; y < yb; y++) {
            int j = y - dy;
            int srow = fy ? sy + sh - 1 - j : sy + j;
            uint32_t sa = src + (uint32_t)srow * 64, da = dst + (uint32_t)y * 64;
            int inrow = (unsigned)srow < 128;
            for (int x = xa; x < xb; x++) {
                int i = x - dx, scol = fx ? sx + sw - 1 - i : sx + i, c = 0;
                if (inrow && (unsigned)scol < 128) {
                    uint8_t b = ram[(sa + (uint32_t)(scol >> 1)) & 0xffff];
                    c = (scol & 1) ? b >> 4 : b & 15;
                }
                uint8_t v = s->lut0[c];
                if (v == 0xff) continue;
                uint8_t *p = &ram[(da + (uint32_t)(x >> 1)) & 0xffff];
                *p = (x & 1) ? (uint8_t)((*p & 0x0f) | (v << 4)) : (uint8_t)((*p & 0xf0) | v);
            }
        }
        return;
    }
    for (int y = ya; y < yb; y++) {
        int j = y - dy;
        int srow = fy ? sy + sh - 1 - j : sy + j;
        unsigned rowbits = (s->pat >> (12 - 4 * (y & 3))) & 15;
        for (int x = xa; x < xb; x++) {
            int i = x - dx;
            int c = sheet_read(ram, src, fx ? sx + sw - 1 - i : sx + i, srow);
            uint8_t v = ((rowbits >> (3 - (x & 3))) & 1) ? s->lut1[c] : s->lut0[c];
            if (v != 0xff) m8_surface_write(ram, dst, x, y, v);
        }
    }
}

#if M8_SWAR
/* The draw palette is the reset one (two 64-bit compares, little-endian). */
static inline int reset_palette(const uint8_t *ram)
{
    uint64_t a, b;
    memcpy(&a, ram + M8_DRAW_PAL, 8);
    memcpy(&b, ram + M8_DRAW_PAL + 8, 8);
    return a == 0x0706050403020110ull && b == 0x0f0e0d0c0b0a0908ull;
}

/* The usual spr(): one 8x8 sprite (n 0-255), no fill pattern on sprites, all bit planes,
 * the sheet and the screen each with room for a word past it (bases up to 0xdf00): blit8
 * without re-checking what holds for every 8x8 sprite (inside the sheet, no wrap); the
 * sprite ink built only for a palette other than the reset one. Same pixels as m8_blit. */
static void spr8(uint8_t *ram, int n, int x, int y, int fx, int fy)
{
    /* only dx, dy in -7..127 show a pixel, so m8_cc's clamp (to +-2^24, far off the
       screen) changes nothing here */
    int64_t dx = (int64_t)x - m8_camera_x(ram), dy = (int64_t)y - m8_camera_y(ram);
    if ((uint64_t)(dx + 7) > 134 || (uint64_t)(dy + 7) > 134) return;
    m8_win w = m8_clip_win(ram);
    int xa = m8_imax((int)dx, w.x0), xb = m8_imin((int)dx + 8, w.x1);
    int ya = m8_imax((int)dy, w.y0), yb = m8_imin((int)dy + 8, w.y1);
    if (xa >= xb || ya >= yb) return;
    const pair_ink *k = NULL;
    if (!reset_palette(ram)) {
        m8_sprite_ink s;
        m8_sprite_ink_init(ram, &s);
        if (!s.plain) k = pair_ink_for(&s);
    }
    int r0 = (n >> 4) * 8 + (fy ? 7 - (ya - (int)dy) : ya - (int)dy);
    int a = ram[M8_MAP_GFX_ADDR], b = ram[M8_MAP_SCREEN_ADDR];
    int apart = (unsigned)(b - a + 0x20) > 0x40;    /* sheet_apart for bases <= 0xdf00 */
    blit8_ink(ram + (uint32_t)b * 256 + (uint32_t)ya * 64,
              ram + (uint32_t)a * 256 + (uint32_t)r0 * 64 + (n & 15) * 4, fy ? -64 : 64,
              yb - ya, xa, xa - (int)dx, xb - xa, fx, apart, k);
}

/* blit8_rows' eight unclipped rows of the reset palette from the sheet to the screen (64
 * bytes a row both), apart, unmirrored, the four two-row steps written out. */
static inline __attribute__((always_inline)) void blit8_whole(uint8_t *p, const uint8_t *q,
                                                              int odd)
{
    uint64_t v, o;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int i = 0; i < 4; i++, p += 128, q += 128) {
        row8_ink(load4(q) | (uint64_t)load4(q + 64) << 32, NULL, 1, 0, 0, ~(uint64_t)0, &v, &o);
        put8_row(p, odd, v, o);
        put8_row(p + 64, odd, v >> 32, o >> 32);
    }
}

/* The sprite a cart draws most often: spr(n, x, y), n 0-255, wholly on the screen after the
 * camera (x - camera_x and y - camera_y in 0..120), with the draw state as reset (clip the
 * whole screen, the reset palette, no fill pattern on sprites, all bit planes, the sheet at
 * 0x0000 and the screen at 0x6000): no clipping, no palette, fixed bases, the sheet and the
 * screen apart, so blit8's eight unclipped rows straight away. 32-bit differences suffice:
 * x and the camera are ints and shorts, so a wrapped difference never lands in 0..120. */
int m8_spr_whole8(uint8_t *ram, int n, int x, int y)
{
    uint32_t dx = (uint32_t)x - (uint32_t)m8_camera_x(ram);
    uint32_t dy = (uint32_t)y - (uint32_t)m8_camera_y(ram);
    uint32_t clip;
    uint16_t bases;
    memcpy(&clip, ram + M8_CLIP_X0, 4);
    memcpy(&bases, ram + M8_MAP_GFX_ADDR, 2);
    if (dx > 120 || dy > 120 || clip != 0x80800000u || bases != 0x6000 ||
        (ram[M8_FILLP_FLAGS] & 2) || ram[M8_BITPLANE_MASK] != 0xff || !reset_palette(ram))
        return 0;
    uint8_t *p = ram + M8_SCREEN + dy * 64 + (dx >> 1);
    const uint8_t *q = ram + (uint32_t)(n >> 4) * 512 + (uint32_t)(n & 15) * 4;
    if (dx & 1) blit8_whole(p, q, 1);
    else blit8_whole(p, q, 0);
    return 1;
}
#else
int m8_spr_whole8(uint8_t *ram, int n, int x, int y)
{
    (void)ram, (void)n, (void)x, (void)y;
    return 0;
}
#endif

void m8_spr(uint8_t *ram, int n, int x, int y, int32_t w, int32_t h, int flip_x, int flip_y)
{
    if (n < 0 || n > 255) return;
#if M8_SWAR
    /* w and h in [1, 1.125): 8 pixels each */
    if ((uint32_t)w - 0x10000u < 0x2000u && (uint32_t)h - 0x10000u < 0x2000u &&
        !(ram[M8_FILLP_FLAGS] & 2) && ram[M8_BITPLANE_MASK] == 0xff &&
        ram[M8_MAP_GFX_ADDR] <= 0xdf && ram[M8_MAP_SCREEN_ADDR] <= 0xdf) {
        spr8(ram, n, x, y, flip_x, flip_y);
        return;
    }
#endif
    int64_t pw = ((int64_t)w * 8) >> 16, ph = ((int64_t)h * 8) >> 16;
    if (pw <= 0 || ph <= 0) return;
    if (pw > M8_COORD_LIMIT) pw = M8_COORD_LIMIT;
    if (ph > M8_COORD_LIMIT) ph = M8_COORD_LIMIT;
    m8_sprite_ink s;
    m8_sprite_ink_init(ram, &s);
    m8_win win = m8_clip_win(ram);
    m8_blit(ram, (n % 16) * 8, (n / 16) * 8, (int)pw, (int)ph, m8_cc(x) - m8_camera_x(ram),
            m8_cc(y) - m8_camera_y(ram), flip_x, flip_y, &s, &win);
}

/* floor(i * num / den) for i = i0, i0 + 1, ... or i0, i0 - 1, ... (i >= 0, num >= 0,
 * den > 0) with two divisions in all instead of one per step. */
typedef struct scale_walk { int64_t q, r, dq, dr, den; } scale_walk;

static inline scale_walk scale_walk_at(int64_t i0, int64_t num, int64_t den)
{
    scale_walk w = { i0 * num / den, i0 * num % den, num / den, num % den, den };
    return w;
}

static inline void scale_walk_step(scale_walk *w, int down)
{
    if (!down) {
        w->q += w->dq;
        w->r += w->dr;
        if (w->r >= w->den) { w->r -= w->den; w->q++; }
    } else {
        w->q -= w->dq;
        w->r -= w->dr;
        if (w->r < 0) { w->r += w->den; w->q--; }
    }
}

/* How many steps from the walk's current one (at most `left`) keep its quotient, the walk
 * left at the first step that does not: when scaled up (num < den) one division for the
 * whole run of equal quotients. */
static inline int scale_walk_run(scale_walk *w, int down, int left)
{
    if (w->dq) {
        scale_walk_step(w, down);
        return 1;
    }
    int64_t n = 1 + (down ? w->r : w->den - 1 - w->r) / w->dr;
    if (n >= left) return left;
    if (!down) {
        w->r += n * w->dr - w->den;
        w->q++;
    } else {
        w->r += w->den - n * w->dr;
        w->q--;
    }
    return (int)n;
}

/* --- scaled sspr ---
 * A destination row of a scaled draw depends only on its source row, so it is made once per
 * source row as 64-bit words of the screen row, from the byte holding its first visible
 * pixel: val (the colours drawn, 0 elsewhere) and opq (0xf in every nibble drawn); every
 * destination row that repeats the source row is then one read-modify-write per word. The
 * words are filled as a stream of nibbles: `bits` of the current word are taken, and a
 * piece of `len` bits (at most 64) goes in at that offset, the rest into the next word. */
typedef struct nib_stream {
    uint64_t v, o;              /* the word being filled */
    int bits, j;                /* its bits taken, its index */
    uint64_t *val, *opq;
} nib_stream;

static inline __attribute__((always_inline)) void stream_put(nib_stream *s, uint64_t v,
                                                             uint64_t o, int len)
{
    s->v |= v << s->bits;
    s->o |= o << s->bits;
    s->bits += len;
    if (s->bits >= 64) {
        s->val[s->j] = s->v;
        s->opq[s->j] = s->o;
        s->j++;
        s->bits -= 64;
        s->v = s->bits ? v >> (len - s->bits) : 0;
        s->o = s->bits ? o >> (len - s->bits) : 0;
    }
}

#define SSPR_WORDS 10           /* a row's 8 words and what a last piece spills past them */

/* One run of a row made pixel by pixel: `len` (1-16) destination pixels of the source column
 * at byte `byte` and nibble `shift` of the row (shift 8: outside the sheet, colour 0). */
typedef struct sspr_run {
    uint64_t mask;              /* the low 4*len bits */
    uint8_t byte, shift, bits;
} sspr_run;

/* What one scaled draw needs per source row: the destination columns [xa, xb), the words'
 * count and the last one's mask, and either the runs or (whole magnification 2x-4x of
 * columns inside the sheet) the chunks of four source columns to expand. */
typedef struct sspr_plan {
    int xa, xb, nw;
    uint64_t last;              /* the bits of word nw-1 inside the row */
    int whole;                  /* expand whole chunks: the fields below */
    int scale, flip, m0, chunks, drop;
    const uint32_t *expand;     /* byte -> its two pixels, each `scale` times (mirrored) */
    int nruns;                  /* otherwise: the runs */
    sspr_run runs[128];
} sspr_plan;

/* byte -> its two pixels (low nibble first; mirrored: high first), each repeated s times,
 * for s = 2, 3, 4: made on first use. */
static const uint32_t *expand_table(int s, int flip)
{
    static _Thread_local uint32_t tab[3][2][256];
    static _Thread_local int made;
    if (!made) {
        for (int k = 2; k <= 4; k++) {
            uint32_t rep = 0;
            for (int t = 0; t < k; t++) rep |= 1u << (4 * t);
            for (int b = 0; b < 256; b++) {
                uint32_t lo = (uint32_t)(b & 15) * rep, hi = (uint32_t)(b >> 4) * rep;
                tab[k - 2][0][b] = lo | hi << (4 * k);
                tab[k - 2][1][b] = hi | lo << (4 * k);
            }
        }
        made = 1;
    }
    return tab[s - 2][flip];
}

/* Source byte b of the row through the palette and the expansion: the colours drawn and
 * (not plain) 0xf where drawn. */
static inline __attribute__((always_inline)) void expand_byte(const uint32_t *X,
                                                               const pair_ink *k, uint8_t b,
                                                               int plain, uint64_t *v,
                                                               uint64_t *o, int at)
{
    if (plain) {
        *v |= (uint64_t)X[b] << at;
    } else {
        *v |= (uint64_t)X[k->val[b]] << at;
        *o |= (uint64_t)X[(uint8_t)~k->keep[b]] << at;
    }
}

/* The row's words from chunks: the source pixels of sheet columns cw*m .. cw*m+cw-1 (cw = 8
 * at 2x, a 64-bit piece; 4 otherwise), their bytes expanded by the table, m walking up
 * (mirrored: down, each chunk's bytes last first) from m0, the first chunk's first `drop`
 * pixels left out. The reset palette draws a pixel when it is not 0 (the masks made per
 * word at the end); other palettes go through the pair tables before the expansion. */
static inline __attribute__((always_inline)) void
sspr_row_whole(const uint8_t *row, const sspr_plan *pl, const pair_ink *k, uint64_t *val,
               uint64_t *opq, int plain, int flip, int wide)
{
    nib_stream st = { 0, 0, 4 * (pl->xa & 1), 0, val, opq };
    const uint32_t *X = pl->expand;
    int sb = wide ? 16 : 8 * pl->scale, len = wide ? 64 : 2 * sb, nb = wide ? 4 : 2;
    int shift = 4 * pl->drop;
    const uint8_t *q = row + nb * pl->m0;
    for (int n = pl->chunks; n > 0; n--, q += flip ? -nb : nb) {
        uint64_t v = 0, o = 0;
        for (int i = 0; i < nb; i++)
            expand_byte(X, k, q[flip ? nb - 1 - i : i], plain, &v, &o, i * sb);
        stream_put(&st, v >> shift, o >> shift, len - shift);
        shift = 0;
    }
    val[st.j] = st.v;
    opq[st.j] = st.o;
    val[pl->nw - 1] &= pl->last;
    if (plain) {
        for (int j = 0; j < pl->nw; j++) opq[j] = opaque_nibbles64(val[j]);
    } else {
        opq[pl->nw - 1] &= pl->last;
    }
}

/* The row's words from the runs, a source pixel a run, through the palette's colour words. */
static inline void sspr_row_runs(const uint8_t *row, const sspr_plan *pl, const pair_ink *k,
                                 uint64_t *val, uint64_t *opq)
{
    nib_stream st = { 0, 0, 4 * (pl->xa & 1), 0, val, opq };
    for (int i = 0; i < pl->nruns; i++) {
        const sspr_run *r = &pl->runs[i];
        int c = (row[r->byte] >> r->shift) & 15;
        stream_put(&st, k->rep_val[c] & r->mask, k->rep_opq[c] & r->mask, r->bits);
    }
    val[st.j] = st.v;
    opq[st.j] = st.o;
}

/* Plan the rows of a draw whose destination pixel i (from dx; mirrored: from the far side)
 * takes source column sx + floor(i * sw / dw). */
static void sspr_plan_rows(sspr_plan *pl, int xa, int xb, int sx, int sw, int dx, int dw,
                           int flip)
{
    int n = xb - xa;
    int64_t i0 = flip ? (int64_t)dw - 1 - (xa - dx) : xa - dx;
    int64_t i1 = flip ? (int64_t)dw - 1 - (xb - 1 - dx) : xb - 1 - dx;
    int c0 = sx + (int)(i0 * sw / dw), c1 = sx + (int)(i1 * sw / dw);
    int nib = (xa & 1) + n;                     /* nibbles from the first byte */
    pl->xa = xa;
    pl->xb = xb;
    pl->nw = (nib + 15) / 16;
    pl->last = (nib & 15) ? ((uint64_t)1 << (4 * (nib & 15))) - 1 : ~(uint64_t)0;
    int s = dw / sw;
    pl->scale = pl->flip = pl->m0 = pl->chunks = pl->drop = pl->nruns = 0;
    pl->expand = NULL;
    pl->whole = dw == s * sw && s >= 2 && s <= 4 && m8_imin(c0, c1) >= 0 &&
                m8_imax(c0, c1) < 128;
    if (pl->whole) {
        int ph = (int)(i0 % s);                 /* pixels of column c0 before xa */
        pl->scale = s;
        pl->flip = flip;
        pl->expand = expand_table(s, flip);
        int cw = s == 2 ? 8 : 4, lg = s == 2 ? 3 : 2;    /* a chunk's columns */
        pl->m0 = c0 >> lg;
        if (!flip) {
            pl->chunks = (c1 >> lg) - (c0 >> lg) + 1;
            pl->drop = ph + s * (c0 & (cw - 1));
        } else {
            pl->chunks = (c0 >> lg) - (c1 >> lg) + 1;
            pl->drop = (s - 1 - ph) + s * (cw - 1 - (c0 & (cw - 1)));
        }
        return;
    }
    scale_walk cw = scale_walk_at(i0, sw, dw);
    for (int i = 0; i < n;) {
        int col = sx + (int)cw.q, len = 0;
        do {
            len++;
            scale_walk_step(&cw, flip);
        } while (i + len < n && len < 16 && sx + (int)cw.q == col);
        int in = (unsigned)col < 128;
        sspr_run *r = &pl->runs[pl->nruns++];
        r->byte = (uint8_t)(in ? col >> 1 : 0);
        r->shift = (uint8_t)(in ? (col & 1) * 4 : 8);
        r->bits = (uint8_t)(4 * len);
        r->mask = len == 16 ? ~(uint64_t)0 : ((uint64_t)1 << (4 * len)) - 1;
        i += len;
    }
}

/* Source row `srow` of the sheet: in place, or copied (an address wraps past 0xffff), or
 * zeros (outside the sheet). */
static inline const uint8_t *sheet_row(const uint8_t *ram, uint32_t src, int srow,
                                       uint8_t *copy)
{
    if ((unsigned)srow >= 128) {
        memset(copy, 0, 64);
        return copy;
    }
    uint32_t a = src + (uint32_t)srow * 64;
    if (a + 64 <= 0x10000) return ram + a;
    for (int b = 0; b < 64; b++) copy[b] = ram[(a + (uint32_t)b) & 0xffff];
    return copy;
}

/* One word of `rows` destination rows from p, 64 bytes apart. */
static inline void put_word_rows(uint8_t *p, int rows, uint64_t val, uint64_t opq)
{
    for (; rows > 0; rows--, p += 64) {
        uint64_t v;
        memcpy(&v, p, 8);
        memcpy(p, &(uint64_t){ (v & ~opq) | val }, 8);
    }
}

/* Words 0..n-1 of `rows` destination rows from p; one to three words with the words in
 * registers, a row a step. */
static inline void put_rows(uint8_t *p, int rows, int n, const uint64_t *val,
                            const uint64_t *opq)
{
    switch (n) {
    case 0: return;
    case 1: put_word_rows(p, rows, val[0], opq[0]); return;
    case 2: {
        uint64_t v0 = val[0], o0 = opq[0], v1 = val[1], o1 = opq[1];
        for (; rows > 0; rows--, p += 64) {
            uint64_t a, b;
            memcpy(&a, p, 8);
            memcpy(&b, p + 8, 8);
            memcpy(p, &(uint64_t){ (a & ~o0) | v0 }, 8);
            memcpy(p + 8, &(uint64_t){ (b & ~o1) | v1 }, 8);
        }
        return;
    }
    case 3: {
        uint64_t v0 = val[0], o0 = opq[0], v1 = val[1], o1 = opq[1], v2 = val[2], o2 = opq[2];
        for (; rows > 0; rows--, p += 64) {
            uint64_t a, b, c;
            memcpy(&a, p, 8);
            memcpy(&b, p + 8, 8);
            memcpy(&c, p + 16, 8);
            memcpy(p, &(uint64_t){ (a & ~o0) | v0 }, 8);
            memcpy(p + 8, &(uint64_t){ (b & ~o1) | v1 }, 8);
            memcpy(p + 16, &(uint64_t){ (c & ~o2) | v2 }, 8);
        }
        return;
    }
    default:
        for (int j = 0; j < n; j++) put_word_rows(p + 8 * j, rows, val[j], opq[j]);
    }
}

/* The fast path's rows (no fill pattern on sprites, all bit planes, the screen's rows not
 * wrapping): each source row's words made when its first destination row comes, then
 * written to it and to the rows after it that repeat the source row (scaled up); with
 * fewer than 8 bytes of RAM past the screen the last word goes a byte at a time. `whole`
 * (expanded chunks) and its palette kind, mirroring and chunk width are constants in each
 * copy of the loop. */
static inline __attribute__((always_inline)) void
sspr_fast_rows(uint8_t *ram, const pair_ink *k, const sspr_plan *pl, int sy, int sh, int dy,
               int dh, int ya, int yb, int flip_y, int whole, int plain, int flip, int wide)
{
    uint32_t src = m8_gfx_base(ram), dst = m8_screen_base(ram);
    int room = dst + (uint32_t)yb * 64 + 8 <= 0x10000;
    int nw = pl->nw, full = room ? nw : nw - 1;
    int last_bytes = ((pl->xa & 1) + pl->xb - pl->xa + 1) / 2 - 8 * (nw - 1);
    uint64_t val[SSPR_WORDS], opq[SSPR_WORDS];
    uint8_t copy[64];
    scale_walk rw = scale_walk_at(flip_y ? (int64_t)dh - 1 - (ya - dy) : ya - dy, sh, dh);
    for (int y = ya; y < yb;) {
        int srow = sy + (int)rw.q;
        int y1 = y + scale_walk_run(&rw, flip_y, yb - y);   /* the rows taking srow */
        const uint8_t *row = sheet_row(ram, src, srow, copy);
        if (whole) sspr_row_whole(row, pl, k, val, opq, plain, flip, wide);
        else sspr_row_runs(row, pl, k, val, opq);
        uint8_t *p = ram + dst + (uint32_t)y * 64 + (pl->xa >> 1);
        put_rows(p, y1 - y, full, val, opq);
        if (!room) {
            for (int r = y; r < y1; r++, p += 64) {
                uint8_t *q = p + 8 * (nw - 1);
                uint64_t v = val[nw - 1], o = opq[nw - 1];
                for (int b = 0; b < last_bytes; b++, v >>= 8, o >>= 8)
                    q[b] = (uint8_t)((q[b] & ~o) | v);
            }
        }
        y = y1;
    }
}

static void sspr_fast(uint8_t *ram, const m8_sprite_ink *s, const sspr_plan *pl, int sy,
                      int sh, int dy, int dh, int ya, int yb, int flip_y)
{
    const pair_ink *k = pair_ink_for(s);
#define M8_ROWS(...) sspr_fast_rows(ram, k, pl, sy, sh, dy, dh, ya, yb, flip_y, __VA_ARGS__)
    if (!pl->whole) {
        M8_ROWS(0, 0, 0, 0);
        return;
    }
    switch ((k->plain ? 1 : 0) | (pl->flip ? 2 : 0) | (pl->scale == 2 ? 4 : 0)) {
    case 0: M8_ROWS(1, 0, 0, 0); break;
    case 1: M8_ROWS(1, 1, 0, 0); break;
    case 2: M8_ROWS(1, 0, 1, 0); break;
    case 3: M8_ROWS(1, 1, 1, 0); break;
    case 4: M8_ROWS(1, 0, 0, 1); break;
    case 5: M8_ROWS(1, 1, 0, 1); break;
    case 6: M8_ROWS(1, 0, 1, 1); break;
    default: M8_ROWS(1, 1, 1, 1); break;
    }
#undef M8_ROWS
}

/* Any pattern, bit-plane mask or wrap-around: pixel by pixel. */
static void sspr_general(uint8_t *ram, const m8_sprite_ink *s, int xa, int xb, int sx, int sw,
                         int dx, int dw, int flip_x, int sy, int sh, int dy, int dh, int ya,
                         int yb, int flip_y)
{
    uint32_t src = m8_gfx_base(ram), dst = m8_screen_base(ram);
    int srcx[128];
    scale_walk cw = scale_walk_at(flip_x ? (int64_t)dw - 1 - (xa - dx) : xa - dx, sw, dw);
    for (int x = xa; x < xb; x++, scale_walk_step(&cw, flip_x))
        srcx[x - xa] = sx + (int)cw.q;          /* source column of i = x - dx (mirrored) */
    for (int y = ya; y < yb; y++) {
        int64_t j = y - dy;
        if (flip_y) j = dh - 1 - j;
        int srow = sy + (int)(j * sh / dh);
        unsigned rowbits = (s->pat >> (12 - 4 * (y & 3))) & 15;
        for (int x = xa; x < xb; x++) {
            int col = sheet_read(ram, src, srcx[x - xa], srow);
            uint8_t v = ((rowbits >> (3 - (x & 3))) & 1) ? s->lut1[col] : s->lut0[col];
            if (v != 0xff) m8_surface_write(ram, dst, x, y, v);
        }
    }
}

void m8_sspr(uint8_t *ram, int sx, int sy, int sw, int sh, int dx, int dy, int dw, int dh,
             int flip_x, int flip_y)
{
    sx = m8_cc(sx); sy = m8_cc(sy); sw = m8_cc(sw); sh = m8_cc(sh);
    dx = m8_cc(dx) - m8_camera_x(ram); dy = m8_cc(dy) - m8_camera_y(ram);
    dw = m8_cc(dw); dh = m8_cc(dh);
    /* Negative sizes mirror: the rectangle lies between dx and dx+dw (likewise source). */
    if (dw < 0) { dx += dw; dw = -dw; flip_x = !flip_x; }
    if (dh < 0) { dy += dh; dh = -dh; flip_y = !flip_y; }
    if (sw < 0) { sx += sw; sw = -sw; flip_x = !flip_x; }
    if (sh < 0) { sy += sh; sh = -sh; flip_y = !flip_y; }
    if (dw == 0 || dh == 0 || sw == 0 || sh == 0) return;
    m8_sprite_ink s;
    m8_sprite_ink_init(ram, &s);
    m8_win w = m8_clip_win(ram);
    if (sw == dw && sh == dh) {
        m8_blit(ram, sx, sy, sw, sh, dx, dy, flip_x, flip_y, &s, &w);
        return;
    }
    int xa = m8_imax(dx, w.x0), xb = m8_imin(dx + dw, w.x1);
    int ya = m8_imax(dy, w.y0), yb = m8_imin(dy + dh, w.y1);
    if (xa >= xb || ya >= yb) return;
    if (s.pat == 0 && ram[M8_BITPLANE_MASK] == 0xff && no_wrap(m8_screen_base(ram), ya, yb)) {
        sspr_plan plan;
        sspr_plan_rows(&plan, xa, xb, sx, sw, dx, dw, flip_x);
        sspr_fast(ram, &s, &plan, sy, sh, dy, dh, ya, yb, flip_y);
    } else {
        sspr_general(ram, &s, xa, xb, sx, sw, dx, dw, flip_x, sy, sh, dy, dh, ya, yb, flip_y);
    }
}

int m8_sget(const uint8_t *ram, int x, int y)
{
    if ((unsigned)x >= 128 || (unsigned)y >= 128)
        return (ram[M8_MISC_FLAGS] & M8_MISC_OOB_VALUES) ? ram[M8_PRINT_CHAR_SIZE] : 0;
    return m8_surface_read(ram, m8_gfx_base(ram), x, y);
}

void m8_sset(uint8_t *ram, int x, int y, int32_t col)
{
    if ((unsigned)x >= 128 || (unsigned)y >= 128) return;
    int c = col == M8_NOCOL ? ram[M8_PEN] : (int)((uint32_t)col >> 16);
    c = m8_draw_pal(ram, c & 15);
    uint32_t a = (m8_gfx_base(ram) + (uint32_t)y * 64 + (uint32_t)(x >> 1)) & 0xffff;
    if (x & 1) ram[a] = (uint8_t)((ram[a] & 0x0f) | (c << 4));
    else ram[a] = (uint8_t)((ram[a] & 0xf0) | c);
}

int m8_fget(const uint8_t *ram, int n)
{
    if (n < 0 || n > 255) return 0;
    return ram[M8_FLAGS + n];
}

void m8_fset(uint8_t *ram, int n, int f, int v)
{
    if (n < 0 || n > 255) return;
    if (f < 0) {
        ram[M8_FLAGS + n] = (uint8_t)v;
    } else if (f < 8) {
        if (v) ram[M8_FLAGS + n] |= (uint8_t)(1 << f);
        else ram[M8_FLAGS + n] &= (uint8_t)~(1 << f);
    }
}
