/* test_collide.c - Criterion suite "collide": the pixel-exact collision query of
 * runtime/core/collide.c on hand-made sprites (an L, a block with a hole, a diagonal):
 * exact counts worked out by hand, with every flip, palt changes, offsets, multi-sprite
 * rectangles, sspr regions and the group form; the bounding test (no overlap: 0 and no area
 * examined); and, for many random placements, agreement with what spr/sspr draw: each
 * sprite drawn alone in one colour, the pixels lit in both pictures counted.
 * Depends on: collide.h, test_gfx_util.h (RAM with the reset draw state), Criterion. */
#include <stdlib.h>
#include "collide.h"
#include "test_gfx_util.h"

/* Sprite 1: an L (column x=0 in colour 8, bottom row x=1..7 in colour 9): 15 pixels.
 * Sprite 2: a block of colour 3 with a colour-0 hole at (0,0): 63 pixels.
 * Sprite 3: the diagonal (i,i) in colour 5: 8 pixels.
 * Sprite 4: empty. */
static void draw_sheet(void)
{
    gfx_setup();
    for (int i = 0; i < 8; i++) {
        m8_sset(ram, 8 + 0, i, COL(8));
        if (i) m8_sset(ram, 8 + i, 7, COL(9));
        for (int j = 0; j < 8; j++) m8_sset(ram, 16 + i, j, COL(i || j ? 3 : 0));
        m8_sset(ram, 24 + i, i, COL(5));
    }
}

static long hit(int n1, int x1, int y1, int f1, int n2, int x2, int y2, int f2)
{
    m8_hit_rect a = m8_hit_sprite(n1, x1, y1, 1, 1, f1), b = m8_hit_sprite(n2, x2, y2, 1, 1, f2);
    long ab = m8_hit_count(ram, &a, &b, NULL), ba = m8_hit_count(ram, &b, &a, NULL);
    cr_assert_eq(ab, ba, "the count is not symmetric: %ld vs %ld", ab, ba);
    return ab;
}

#define FX M8_HIT_FLIP_X
#define FY M8_HIT_FLIP_Y

Test(collide, hand_counted_at_the_same_place, .init = draw_sheet)
{
    cr_assert_eq(hit(1, 0, 0, 0, 1, 0, 0, 0), 15);
    cr_assert_eq(hit(2, 0, 0, 0, 2, 0, 0, 0), 63);
    cr_assert_eq(hit(1, 0, 0, 0, 2, 0, 0, 0), 14);     /* the L's corner is in the hole */
    cr_assert_eq(hit(3, 0, 0, 0, 1, 0, 0, 0), 2);      /* (0,0) and (7,7) */
    cr_assert_eq(hit(4, 0, 0, 0, 2, 0, 0, 0), 0);
}

Test(collide, flips, .init = draw_sheet)
{
    cr_assert_eq(hit(1, 0, 0, FX, 2, 0, 0, 0), 15);      /* column at x=7: misses the hole */
    cr_assert_eq(hit(1, 0, 0, FY, 2, 0, 0, 0), 14);      /* top row from x=1, column at 0 */
    cr_assert_eq(hit(1, 0, 0, FX | FY, 2, 0, 0, 0), 14); /* top row from x=0 */
    cr_assert_eq(hit(3, 0, 0, FX, 1, 0, 0, 0), 1);       /* anti-diagonal meets (0,7) */
    cr_assert_eq(hit(3, 0, 0, FX, 1, 0, 0, FX), 2);      /* both flipped: as unflipped */
    cr_assert_eq(hit(2, 0, 0, FX | FY, 2, 0, 0, 0), 62); /* the holes at (7,7) and (0,0) */
    cr_assert_eq(hit(1, 0, 0, FX, 1, 0, 0, 0), 8);       /* the bottom rows: x=0..7 */
    cr_assert_eq(hit(1, 0, 0, FY, 1, 0, 0, 0), 8);       /* the shared column */
}

Test(collide, transparency_palette, .init = draw_sheet)
{
    m8_palt_set(ram, 8, 1);                              /* the L's column vanishes */
    cr_assert_eq(hit(1, 0, 0, 0, 2, 0, 0, 0), 7);
    m8_palt_set(ram, 3, 1);                              /* and the whole block */
    cr_assert_eq(hit(1, 0, 0, 0, 2, 0, 0, 0), 0);
    m8_palt_reset(ram);
    m8_palt_set(ram, 0, 0);                              /* colour 0 opaque: all 64 */
    cr_assert_eq(hit(1, 0, 0, 0, 2, 0, 0, 0), 64);
    cr_assert_eq(hit(4, 0, 0, 0, 4, 3, 2, 0), 5 * 6);
    m8_palt_bits(ram, 0xffff);                           /* everything transparent */
    cr_assert_eq(hit(2, 0, 0, 0, 2, 0, 0, 0), 0);
    /* pal() remaps the colour drawn, not the transparency of the sheet's colour */
    m8_palt_reset(ram);
    m8_pal_set(ram, 8, 0, 0);
    cr_assert_eq(hit(1, 0, 0, 0, 2, 0, 0, 0), 14);
}

Test(collide, offsets_and_the_bounding_test, .init = draw_sheet)
{
    cr_assert_eq(hit(2, 0, 0, 0, 2, 4, 4, 0), 15);       /* 4x4 overlap, b's hole inside */
    cr_assert_eq(hit(2, 100, 50, 0, 2, 104, 54, 0), 15); /* anywhere, even off screen: */
    cr_assert_eq(hit(2, -300, 900, 0, 2, -296, 904, 0), 15);
    cr_assert_eq(hit(1, 0, 0, 0, 1, 7, 0, 0), 1);        /* the corner pixels (7,7) */
    m8_hit_rect a = m8_hit_sprite(2, 0, 0, 1, 1, 0), b = m8_hit_sprite(2, 8, 0, 1, 1, 0);
    long area = 0;
    cr_assert_eq(m8_hit_count(ram, &a, &b, &area), 0);   /* touching edges do not overlap */
    cr_assert_eq(area, 0);
    cr_assert_eq(m8_hit_overlap(&a, &b), 0);
    b.x = 5;
    b.y = -6;
    cr_assert_eq(m8_hit_overlap(&a, &b), 3 * 2);
    cr_assert_eq(m8_hit_count(ram, &a, &b, &area), 3 * 2);
    cr_assert_eq(area, 6);
    /* sprites outside 0-255 have no pixels */
    cr_assert_eq(hit(256, 0, 0, 0, 2, 0, 0, 0), 0);
    cr_assert_eq(hit(-1, 0, 0, 0, 2, 0, 0, 0), 0);
}

Test(collide, wide_sprites_and_sheet_regions, .init = draw_sheet)
{
    /* sprites 1-3 as one 24x8 rectangle against the block at x=8: the block's own pixels */
    m8_hit_rect wide = m8_hit_sprite(1, 0, 0, 3, 1, 0), block = m8_hit_sprite(2, 8, 0, 1, 1, 0);
    cr_assert_eq(m8_hit_count(ram, &wide, &block, NULL), 63);
    wide.flip = FX;                                      /* flipped: the block lands on x=8 */
    cr_assert_eq(m8_hit_count(ram, &wide, &block, NULL), 62);  /* its hole now at x=15 */
    /* sspr regions: the L's bottom row (sheet 9..15, 7) against the diagonal's (7,7) */
    m8_hit_rect row = { 9, 7, 7, 1, 1, 7, 0 }, diag = { 24, 0, 8, 8, 0, 0, 0 };
    cr_assert_eq(m8_hit_count(ram, &row, &diag, NULL), 1);
    row.flip = FX;
    cr_assert_eq(m8_hit_count(ram, &row, &diag, NULL), 1);
    row.w = 0;                                           /* empty regions never hit */
    cr_assert_eq(m8_hit_count(ram, &row, &diag, NULL), 0);
    row.w = -5;
    cr_assert_eq(m8_hit_count(ram, &row, &diag, NULL), 0);
}

Test(collide, group_form, .init = draw_sheet)
{
    m8_hit_rect me = m8_hit_sprite(1, 10, 10, 1, 1, 0);
    m8_hit_rect list[5] = {
        m8_hit_sprite(2, 10, 10, 1, 1, 0),   /* 14 */
        m8_hit_sprite(2, 40, 10, 1, 1, 0),   /* far: 0 */
        m8_hit_sprite(3, 10, 10, 1, 1, FX),  /* 1 */
        m8_hit_sprite(1, 10, 10, 1, 1, FY),  /* 8 */
        m8_hit_sprite(4, 10, 10, 1, 1, 0),   /* empty sprite: 0, but its area is examined */
    };
    long counts[5], area = 0;
    m8_hit_group(ram, &me, list, 5, counts, &area);
    cr_assert_eq(counts[0], 14);
    cr_assert_eq(counts[1], 0);
    cr_assert_eq(counts[2], 1);
    cr_assert_eq(counts[3], 8);
    cr_assert_eq(counts[4], 0);
    cr_assert_eq(area, 4 * 64);
}

/* Reference: draw each rectangle alone in colour 1 (every colour mapped to 1, transparency
 * kept) with sspr, unstretched, and count the screen pixels lit in both pictures. */
static long drawn_overlap(const m8_hit_rect *a, const m8_hit_rect *b)
{
    static uint8_t first[128][128];
    for (int c = 0; c < 16; c++) m8_pal_set(ram, c, 1, 0);
    m8_cls(ram, 0);
    m8_sspr(ram, a->sx, a->sy, a->w, a->h, a->x, a->y, a->w, a->h, a->flip & FX, a->flip & FY);
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) first[y][x] = (uint8_t)pix(x, y);
    m8_cls(ram, 0);
    m8_sspr(ram, b->sx, b->sy, b->w, b->h, b->x, b->y, b->w, b->h, b->flip & FX, b->flip & FY);
    long n = 0;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) n += first[y][x] == 1 && pix(x, y) == 1;
    for (int c = 0; c < 16; c++) m8_pal_set(ram, c, c, 0);
    return n;
}

Test(collide, agrees_with_what_sspr_draws, .init = draw_sheet)
{
    /* a richer sheet: random colours in the top-left 32x32, some transparent */
    srand(1234);
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) m8_sset(ram, x, y, COL(rand() % 4 == 0 ? 0 : rand() % 16));
    m8_palt_set(ram, 5, 1);
    for (int trial = 0; trial < 300; trial++) {
        m8_hit_rect r[2];
        for (int k = 0; k < 2; k++) {
            int w = 1 + rand() % 24, h = 1 + rand() % 24;
            r[k] = (m8_hit_rect){ rand() % (33 - w), rand() % (33 - h), w, h,
                                  40 + rand() % 30, 40 + rand() % 30, rand() % 4 };
        }
        long want = drawn_overlap(&r[0], &r[1]);
        long got = m8_hit_count(ram, &r[0], &r[1], NULL);
        cr_assert_eq(got, want, "trial %d: %ld counted, %ld drawn", trial, got, want);
    }
}
