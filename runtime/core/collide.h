/* collide.h - the pixel-exact sprite collision query (a mote8 extension, docs/collision.md):
 * how many opaque pixels two sprite-sheet rectangles share when drawn unstretched at given
 * positions, with flips and the draw palette's transparency bits. Depends on: nothing but
 * <stdint.h>; reads the RAM image of ram.h. */
#ifndef M8_COLLIDE_H
#define M8_COLLIDE_H

#include <stdint.h>

#define M8_HIT_FLIP_X 1
#define M8_HIT_FLIP_Y 2

/* A sprite-sheet rectangle sx,sy,w,h drawn with its top-left corner at x,y (the cart's own
 * coordinates: no camera, no clip), flipped by M8_HIT_FLIP_* bits. w and h are clamped to
 * 0..128 (the sheet's size); pixels outside the sheet read as sget() reads them. */
typedef struct m8_hit_rect {
    int sx, sy, w, h, x, y, flip;
} m8_hit_rect;

/* The hit rectangle of sprite n (0-255) covering w x h sprites, like spr(n,x,y,w,h). */
m8_hit_rect m8_hit_sprite(int n, int x, int y, int w, int h, int flip);

/* Pixels of the overlap of the two drawn rectangles (0 when they cannot overlap): the area
 * the per-pixel count looks at, and what the cost model charges. */
long m8_hit_overlap(const m8_hit_rect *a, const m8_hit_rect *b);

/* Opaque pixels the two share (a pixel of colour c is opaque when draw-palette entry c has
 * no transparency bit). Adds the overlap area examined to *area when area is not NULL. */
long m8_hit_count(const uint8_t *ram, const m8_hit_rect *a, const m8_hit_rect *b, long *area);

/* The group form: counts[i] = m8_hit_count(a, list[i]) for n rectangles; the overlap areas
 * summed into *area. */
void m8_hit_group(const uint8_t *ram, const m8_hit_rect *a, const m8_hit_rect *list, int n,
                  long *counts, long *area);

#endif
