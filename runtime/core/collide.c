/* collide.c - the pixel-exact sprite collision query (docs/collision.md): bounding
 * rectangles first (0 at once when the drawn rectangles do not overlap), then a count of the
 * pixels opaque in both, over the overlap only, honouring flips and the transparency bits of
 * the draw palette (palt). A mote8 extension beyond the PICO-8 API.
 * Depends on: collide.h, gfx.h (m8_sget), ram.h (M8_DRAW_PAL). */
#include "collide.h"

#include "gfx.h"
#include "ram.h"

#define SHEET 128

static int clamp_size(int v) { return v < 0 ? 0 : v > SHEET ? SHEET : v; }

m8_hit_rect m8_hit_sprite(int n, int x, int y, int w, int h, int flip)
{
    if (n < 0 || n > 255) return (m8_hit_rect){ 0, 0, 0, 0, x, y, flip };
    return (m8_hit_rect){ (n % 16) * 8, (n / 16) * 8, w * 8, h * 8, x, y, flip };
}

typedef struct span { long lo, hi; } span;   /* [lo, hi) in drawn coordinates */

static span overlap_1d(long a, long aw, long b, long bw)
{
    span s = { a > b ? a : b, a + aw < b + bw ? a + aw : b + bw };
    if (s.hi < s.lo) s.hi = s.lo;
    return s;
}

long m8_hit_overlap(const m8_hit_rect *a, const m8_hit_rect *b)
{
    span sx = overlap_1d(a->x, clamp_size(a->w), b->x, clamp_size(b->w));
    span sy = overlap_1d(a->y, clamp_size(a->h), b->y, clamp_size(b->h));
    return (sx.hi - sx.lo) * (sy.hi - sy.lo);
}

/* Is the pixel of r drawn at X,Y opaque? (X,Y inside r's drawn rectangle.) */
static int opaque_at(const uint8_t *ram, const m8_hit_rect *r, int w, int h, long X, long Y)
{
    int u = (int)(X - r->x), v = (int)(Y - r->y);
    if (r->flip & M8_HIT_FLIP_X) u = w - 1 - u;
    if (r->flip & M8_HIT_FLIP_Y) v = h - 1 - v;
    int c = m8_sget(ram, r->sx + u, r->sy + v) & 15;
    return !(ram[M8_DRAW_PAL + c] & 0x10);
}

long m8_hit_count(const uint8_t *ram, const m8_hit_rect *a, const m8_hit_rect *b, long *area)
{
    int aw = clamp_size(a->w), ah = clamp_size(a->h), bw = clamp_size(b->w), bh = clamp_size(b->h);
    span sx = overlap_1d(a->x, aw, b->x, bw), sy = overlap_1d(a->y, ah, b->y, bh);
    if (sx.lo == sx.hi || sy.lo == sy.hi) return 0;          /* the bounding test */
    if (area) *area += (sx.hi - sx.lo) * (sy.hi - sy.lo);
    long hits = 0;
    for (long Y = sy.lo; Y < sy.hi; Y++)
        for (long X = sx.lo; X < sx.hi; X++)
            hits += opaque_at(ram, a, aw, ah, X, Y) && opaque_at(ram, b, bw, bh, X, Y);
    return hits;
}

void m8_hit_group(const uint8_t *ram, const m8_hit_rect *a, const m8_hit_rect *list, int n,
                  long *counts, long *area)
{
    for (int i = 0; i < n; i++) counts[i] = m8_hit_count(ram, a, &list[i], area);
}
