/* test_gfx_shapes.c - Criterion suite "gfx_shapes": pixel-exact pset/pget, line (three
 * forms and stored state), rect/rectfill, rrect/rrectfill, circ/circfill, oval/ovalfill,
 * fill patterns (screen-anchored bits, transparency, secondary palette), inverted fills,
 * camera, clipping and extreme arguments. Expected pixel sets are worked out by hand from
 * the algorithms described in gfx.h / docs/graphics.md. Depends on: gfx.h, Criterion. */
#include <limits.h>
#include "test_gfx_util.h"

TestSuite(gfx_shapes, .init = gfx_setup);

/* --- pset / pget --- */

Test(gfx_shapes, pset_camera_clip_and_palette)
{
    m8_pset(ram, 3, 4, COL(7));
    cr_assert_eq(pix(3, 4), 7);
    m8_camera(ram, 10, 20, NULL, NULL);
    m8_pset(ram, 15, 25, COL(8));
    cr_assert_eq(pix(5, 5), 8);
    m8_pset(ram, 9, 20, COL(8));   /* screen -1,0 */
    m8_camera(ram, 0, 0, NULL, NULL);
    m8_clip(ram, 0, 0, 2, 2, 0, NULL);
    m8_pset(ram, 2, 0, COL(9));
    m8_pal_set(ram, 9, 1, 0);
    m8_pset(ram, 1, 1, COL(9));
    cr_assert_eq(pix(1, 1), 1);
    cr_assert_eq(count_nonzero(), 3);
    m8_pset(ram, 200, 5, COL(9));
    m8_pset(ram, INT_MIN, INT_MAX, COL(9));
    cr_assert_eq(count_nonzero(), 3);
}

Test(gfx_shapes, pset_odd_and_even_nibbles)
{
    m8_pset(ram, 0, 0, COL(0xa));
    m8_pset(ram, 1, 0, COL(0x5));
    cr_assert_eq(ram[M8_SCREEN], 0x5a);
}

Test(gfx_shapes, pget_camera_and_out_of_range)
{
    m8_pset(ram, 2, 3, COL(12));
    cr_assert_eq(m8_pget(ram, 2, 3), 12);
    m8_camera(ram, -2, -3, NULL, NULL);
    cr_assert_eq(m8_pget(ram, 0, 0), 12);
    cr_assert_eq(m8_pget(ram, -3, 0), 0);
    ram[M8_PRINT_OFFSET] = 11;
    cr_assert_eq(m8_pget(ram, -3, 0), 0, "custom value needs 0x5f36&0x10");
    ram[M8_MISC_FLAGS] = 0x10;
    cr_assert_eq(m8_pget(ram, -3, 0), 11);
    cr_assert_eq(m8_pget(ram, 126, 0), 11);
    cr_assert_eq(m8_pget(ram, 125, 0), 0);
    cr_assert_eq(m8_pget(ram, INT_MAX, INT_MIN), 11);
}

/* --- line --- */

Test(gfx_shapes, line_shallow_exact_and_symmetric)
{
    static const int want[][2] = {{0, 0}, {1, 0}, {2, 1}, {3, 1}, {4, 1}};
    m8_line(ram, 0, 0, 4, 1, COL(7));
    expect_only(want, 5, 7);
    m8_cls(ram, 0);
    m8_line(ram, 4, 1, 0, 0, COL(7));
    expect_only(want, 5, 7);
}

Test(gfx_shapes, line_steep_exact)
{
    static const int want[][2] = {{0, 0}, {0, 1}, {1, 2}, {1, 3}, {1, 4}};
    m8_line(ram, 0, 0, 1, 4, COL(3));
    expect_only(want, 5, 3);
    m8_cls(ram, 0);
    m8_line(ram, 1, 4, 0, 0, COL(3));
    expect_only(want, 5, 3);
}

Test(gfx_shapes, line_point_diagonal_and_axes)
{
    static const int pt[][2] = {{9, 9}};
    m8_line(ram, 9, 9, 9, 9, COL(5));
    expect_only(pt, 1, 5);
    m8_cls(ram, 0);
    m8_line(ram, 3, 3, 0, 0, COL(5));
    static const int diag[][2] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}};
    expect_only(diag, 4, 5);
    m8_cls(ram, 0);
    m8_line(ram, 10, 5, 2, 5, COL(6));
    expect_row(5, 2, 10, 6);
    cr_assert_eq(count_nonzero(), 9);
    m8_cls(ram, 0);
    m8_line(ram, 7, 120, 7, 130, COL(6));
    cr_assert_eq(count_nonzero(), 8);
    cr_assert_eq(pix(7, 127), 6);
}

Test(gfx_shapes, line_clip_camera_and_huge)
{
    m8_clip(ram, 0, 0, 3, 128, 0, NULL);
    m8_line(ram, 0, 0, 10, 0, COL(7));
    expect_row(0, 0, 2, 7);
    m8_clip_reset(ram, NULL);
    m8_cls(ram, 0);
    m8_line(ram, -100000, 64, 100000, 64, COL(7));
    expect_row(64, 0, 127, 7);
    cr_assert_eq(count_nonzero(), 128);
    m8_cls(ram, 0);
    m8_line(ram, INT_MIN, INT_MIN, INT_MAX, INT_MAX, COL(7));
    cr_assert_eq(count_nonzero(), 128);
    for (int i = 0; i < 128; i++) cr_assert_eq(pix(i, i), 7);
    m8_cls(ram, 0);
    m8_camera(ram, -10, 0, NULL, NULL);
    m8_line(ram, 0, 0, 2, 0, COL(7));
    expect_row(0, 10, 12, 7);
    cr_assert_eq(m8_peek_s16(ram, M8_LINE_END_X), 2, "end point stored before the camera");
}

Test(gfx_shapes, line_continuation_state)
{
    cr_assert_eq(ram[M8_LINE_STATE] & 1, 1, "reset: stored point invalid");
    m8_line_to(ram, 10, 10, COL(7));
    cr_assert_eq(count_nonzero(), 0, "invalid state: only stores the point");
    cr_assert_eq(m8_peek_s16(ram, M8_LINE_END_X), 10);
    cr_assert_eq(m8_peek_s16(ram, M8_LINE_END_Y), 10);
    cr_assert_eq(ram[M8_LINE_STATE] & 1, 0);
    m8_line_to(ram, 12, 10, M8_NOCOL);
    expect_row(10, 10, 12, 7);
    m8_line_reset(ram, COL(9));
    cr_assert_eq(ram[M8_PEN], 9);
    m8_line_to(ram, 20, 20, M8_NOCOL);
    cr_assert_eq(count_nonzero(), 3);
    m8_line(ram, 0, 0, 5, 0, COL(4));
    m8_line_to(ram, 5, 3, M8_NOCOL);
    cr_assert_eq(pix(5, 3), 4);
    cr_assert_eq(pix(5, 1), 4);
    cr_assert_eq(m8_peek_s16(ram, M8_LINE_END_Y), 3);
}

/* --- rectangles --- */

Test(gfx_shapes, rect_outline_any_corner_order)
{
    m8_rect(ram, 5, 4, 1, 1, COL(8));
    expect_row(1, 1, 5, 8);
    expect_row(4, 1, 5, 8);
    for (int y = 2; y <= 3; y++) {
        cr_assert_eq(pix(1, y), 8);
        cr_assert_eq(pix(5, y), 8);
    }
    cr_assert_eq(count_nonzero(), 14);
    m8_cls(ram, 0);
    static const int one[][2] = {{7, 7}};
    m8_rect(ram, 7, 7, 7, 7, COL(2));
    expect_only(one, 1, 2);
}

Test(gfx_shapes, rectfill_inclusive_clipped_and_huge)
{
    m8_rectfill(ram, 3, 2, 1, 0, COL(10));
    for (int y = 0; y <= 2; y++) expect_row(y, 1, 3, 10);
    cr_assert_eq(count_nonzero(), 9);
    m8_rectfill(ram, -5, 126, 200, 300, COL(11));
    expect_row(126, 0, 127, 11);
    expect_row(127, 0, 127, 11);
    m8_rectfill(ram, INT_MIN, INT_MIN, INT_MAX, INT_MAX, COL(1));
    cr_assert_eq(count_col(1), 128 * 128);
}

Test(gfx_shapes, rectfill_odd_edges_keep_neighbours)
{
    m8_cls(ram, 3);
    m8_rectfill(ram, 1, 0, 4, 0, COL(9));
    cr_assert_eq(pix(0, 0), 3);
    cr_assert_eq(pix(1, 0), 9);
    cr_assert_eq(pix(4, 0), 9);
    cr_assert_eq(pix(5, 0), 3);
}

Test(gfx_shapes, rrect_shapes)
{
    /* r = 0 is a plain rect */
    m8_rrect(ram, 2, 2, 5, 4, 0, COL(7));
    static uint8_t a[128 * 64];
    memcpy(a, ram + M8_SCREEN, sizeof a);
    m8_cls(ram, 0);
    m8_rect(ram, 2, 2, 6, 5, COL(7));
    cr_assert_eq(memcmp(a, ram + M8_SCREEN, sizeof a), 0);
    /* 4x4, r=1: the four corners are cut */
    m8_cls(ram, 0);
    m8_rrectfill(ram, 0, 0, 4, 4, 1, COL(7));
    expect_row(0, 1, 2, 7);
    expect_row(1, 0, 3, 7);
    expect_row(2, 0, 3, 7);
    expect_row(3, 1, 2, 7);
    /* 5x5 with r=2 (or clamped r=99) is circfill r=2 */
    m8_cls(ram, 0);
    m8_circfill(ram, 12, 12, 2, COL(7));
    memcpy(a, ram + M8_SCREEN, sizeof a);
    m8_cls(ram, 0);
    m8_rrectfill(ram, 10, 10, 5, 5, 99, COL(7));
    cr_assert_eq(memcmp(a, ram + M8_SCREEN, sizeof a), 0);
    /* w or h < 1 draws nothing */
    m8_cls(ram, 0);
    m8_rrectfill(ram, 10, 10, 0, 5, 1, COL(7));
    m8_rrect(ram, 10, 10, 5, -1, 1, COL(7));
    cr_assert_eq(count_nonzero(), 0);
}

Test(gfx_shapes, rrect_outline_clamped_radius_exact)
{
    /* 10x8, r=99 -> r=(8-1)/2=3; corner centres (3,3),(6,3),(3,4),(6,4) */
    m8_rrect(ram, 0, 0, 10, 8, 99, COL(7));
    static const int want[][2] = {
        {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, 0}, {7, 0}, {1, 1}, {8, 1}, {0, 2}, {9, 2},
        {0, 3}, {9, 3}, {0, 4}, {9, 4}, {0, 5}, {9, 5}, {1, 6}, {8, 6},
        {2, 7}, {3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}};
    expect_only(want, 24, 7);
}

/* --- circles --- */

Test(gfx_shapes, circ_small_exact)
{
    static const int r0[][2] = {{5, 5}};
    m8_circ(ram, 5, 5, 0, COL(7));
    expect_only(r0, 1, 7);
    m8_cls(ram, 0);
    static const int r1[][2] = {{6, 5}, {4, 5}, {5, 6}, {5, 4}};
    m8_circ(ram, 5, 5, 1, COL(7));
    expect_only(r1, 4, 7);
    m8_cls(ram, 0);
    static const int r2[][2] = {{12, 10}, {8, 10}, {10, 12}, {10, 8}, {12, 11}, {12, 9},
                                {8, 11},  {8, 9},  {11, 12}, {9, 12}, {11, 8}, {9, 8}};
    m8_circ(ram, 10, 10, 2, COL(7));
    expect_only(r2, 12, 7);
    m8_cls(ram, 0);
    static const int r3[][2] = {{23, 20}, {17, 20}, {20, 23}, {20, 17}, {23, 21}, {23, 19},
                                {17, 21}, {17, 19}, {21, 23}, {19, 23}, {21, 17}, {19, 17},
                                {22, 22}, {18, 22}, {22, 18}, {18, 18}};
    m8_circ(ram, 20, 20, 3, COL(7));
    expect_only(r3, 16, 7);
    m8_cls(ram, 0);
    m8_circ(ram, 20, 20, -1, COL(7));
    m8_circfill(ram, 20, 20, -1, COL(7));
    cr_assert_eq(count_nonzero(), 0);
}

Test(gfx_shapes, circ_radius_7_octant_exact)
{
    /* midpoint octant for r=7, worked by hand: (7,0) (7,1) (7,2) (6,3) (6,4) (5,5) */
    static const int oct[6][2] = {{7, 0}, {7, 1}, {7, 2}, {6, 3}, {6, 4}, {5, 5}};
    static int want[48][2];
    int n = 0;
    for (int k = 0; k < 6; k++)
        for (int s = 0; s < 8; s++) {
            int a = oct[k][0], b = oct[k][1];
            int x = (s & 4) ? b : a, y = (s & 4) ? a : b;
            if (s & 1) x = -x;
            if (s & 2) y = -y;
            int dup = 0;
            for (int i = 0; i < n; i++) dup |= want[i][0] == 30 + x && want[i][1] == 30 + y;
            if (!dup) { want[n][0] = 30 + x; want[n][1] = 30 + y; n++; }
        }
    cr_assert_eq(n, 40);
    m8_circ(ram, 30, 30, 7, COL(7));
    expect_only((const int (*)[2])want, n, 7);
    /* circfill r=7 half-widths per row offset 0..7: 7 7 7 6 6 5 4 2 */
    m8_cls(ram, 0);
    m8_circfill(ram, 30, 30, 7, COL(7));
    static const int hw[8] = {7, 7, 7, 6, 6, 5, 4, 2};
    for (int dy = 0; dy <= 7; dy++) {
        expect_row(30 + dy, 30 - hw[dy], 30 + hw[dy], 7);
        expect_row(30 - dy, 30 - hw[dy], 30 + hw[dy], 7);
    }
}

Test(gfx_shapes, circfill_small_exact)
{
    m8_circfill(ram, 5, 5, 1, COL(7));
    expect_row(4, 5, 5, 7);
    expect_row(5, 4, 6, 7);
    expect_row(6, 5, 5, 7);
    cr_assert_eq(count_nonzero(), 5);
    m8_cls(ram, 0);
    m8_circfill(ram, 10, 10, 2, COL(7));
    expect_row(8, 9, 11, 7);
    expect_row(9, 8, 12, 7);
    expect_row(10, 8, 12, 7);
    expect_row(11, 8, 12, 7);
    expect_row(12, 9, 11, 7);
    cr_assert_eq(count_nonzero(), 21);
    m8_cls(ram, 0);
    m8_circfill(ram, 20, 20, 3, COL(7));
    expect_row(17, 19, 21, 7);
    expect_row(18, 18, 22, 7);
    expect_row(19, 17, 23, 7);
    expect_row(20, 17, 23, 7);
    expect_row(21, 17, 23, 7);
    expect_row(22, 18, 22, 7);
    expect_row(23, 19, 21, 7);
    cr_assert_eq(count_nonzero(), 37);
}

Test(gfx_shapes, circles_camera_edges_and_huge)
{
    m8_camera(ram, 100, 100, NULL, NULL);
    m8_circfill(ram, 100, 100, 1, COL(7));   /* centre at screen 0,0: quarter visible */
    cr_assert_eq(count_nonzero(), 3);
    m8_camera(ram, 0, 0, NULL, NULL);
    m8_circfill(ram, 64, 64, 100000, COL(2));
    cr_assert_eq(count_col(2), 128 * 128);
    m8_cls(ram, 0);
    m8_circ(ram, 64, 64, INT_MAX, COL(2));
    m8_circ(ram, INT_MIN, 0, 5, COL(2));
    cr_assert_eq(count_nonzero(), 0);
    m8_circfill(ram, INT_MAX, INT_MAX, INT_MAX, COL(2));   /* clamped: must return */
}

/* --- ovals --- */

Test(gfx_shapes, oval_exact)
{
    /* 7x5 box: filled rows [1,5],[0,6],[0,6],[0,6],[1,5] */
    m8_ovalfill(ram, 0, 0, 6, 4, COL(8));
    expect_row(0, 1, 5, 8);
    for (int y = 1; y <= 3; y++) expect_row(y, 0, 6, 8);
    expect_row(4, 1, 5, 8);
    m8_cls(ram, 0);
    m8_oval(ram, 6, 4, 0, 0, COL(8));   /* corners in any order */
    static const int want[][2] = {{1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {0, 1}, {6, 1},
                                  {0, 2}, {6, 2}, {0, 3}, {6, 3}, {1, 4}, {2, 4}, {3, 4},
                                  {4, 4}, {5, 4}};
    expect_only(want, 16, 8);
}

Test(gfx_shapes, ovalfill_even_width_exact)
{
    /* 10x6 box: rows [2,7],[1,8],[0,9],[0,9],[1,8],[2,7] */
    m8_ovalfill(ram, 0, 0, 9, 5, COL(9));
    expect_row(0, 2, 7, 9);
    expect_row(1, 1, 8, 9);
    expect_row(2, 0, 9, 9);
    expect_row(3, 0, 9, 9);
    expect_row(4, 1, 8, 9);
    expect_row(5, 2, 7, 9);
}

Test(gfx_shapes, oval_degenerate_and_huge)
{
    static const int one[][2] = {{10, 10}};
    m8_oval(ram, 10, 10, 10, 10, COL(7));
    expect_only(one, 1, 7);
    m8_cls(ram, 0);
    static const int two[][2] = {{20, 20}, {21, 20}};
    m8_ovalfill(ram, 21, 20, 20, 20, COL(7));
    expect_only(two, 2, 7);
    m8_cls(ram, 0);
    m8_ovalfill(ram, -100000, -100000, 100000, 100000, COL(3));
    cr_assert_eq(count_col(3), 128 * 128);
    m8_cls(ram, 0);
    m8_ovalfill(ram, INT_MIN, INT_MIN, INT_MAX, INT_MAX, COL(3));
    cr_assert_eq(count_col(3), 128 * 128);
    m8_cls(ram, 0);
    m8_oval(ram, -100000, -100000, 100000, 100000, COL(3));
    cr_assert_eq(count_nonzero(), 0, "the outline of a huge oval is off screen");
}

/* --- fill patterns --- */

Test(gfx_shapes, fill_pattern_bits_on_screen_coordinates)
{
    m8_fillp(ram, (int32_t)0x80000000u);   /* bit 15: pixel (0,0) of each 4x4 tile */
    m8_rectfill(ram, 0, 0, 7, 7, COL(0x4e));
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            cr_assert_eq(pix(x, y), ((x & 3) == 0 && (y & 3) == 0) ? 4 : 14, "%d,%d", x, y);
    /* bit 0 is pixel (3,3); the camera does not move the pattern */
    m8_cls(ram, 0);
    m8_fillp(ram, 0x00010000);
    m8_camera(ram, 1, 1, NULL, NULL);
    m8_pset(ram, 4, 4, COL(0x4e));   /* screen 3,3 */
    m8_pset(ram, 5, 5, COL(0x4e));   /* screen 4,4 */
    cr_assert_eq(pix(3, 3), 4);
    cr_assert_eq(pix(4, 4), 14);
}

Test(gfx_shapes, fill_pattern_transparency_and_palette_order)
{
    m8_cls(ram, 1);
    m8_fillp(ram, (int32_t)0x5a5a8000u);   /* 0b0101101001011010.1 */
    m8_rectfill(ram, 0, 0, 3, 3, COL(0x4e));
    /* rows 0101, 1010, 0101, 1010 (bit 1 = not drawn) */
    static const int rows[4] = {0x5, 0xa, 0x5, 0xa};
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            cr_assert_eq(pix(x, y), ((rows[y] >> (3 - x)) & 1) ? 1 : 14);
    /* the draw palette is applied after choosing the colour */
    m8_fillp(ram, (int32_t)0xffff0000u);
    m8_pal_set(ram, 4, 9, 0);
    m8_circfill(ram, 20, 20, 2, COL(0x4e));
    cr_assert_eq(pix(20, 20), 9);
    cr_assert_eq(count_col(9), 21);
}

Test(gfx_shapes, fill_pattern_global_secondary_palette)
{
    /* manual example: fillp(0b0011001111001100.001) pal(12,0x87,2) -> 7/8 checkerboard */
    m8_fillp(ram, (int32_t)0x33cc2000u);
    m8_pal_set(ram, 12, 0x87, 2);
    m8_rectfill(ram, 0, 0, 3, 3, COL(12));
    static const int want[4][4] = {{7, 7, 8, 8}, {7, 7, 8, 8}, {8, 8, 7, 7}, {8, 8, 7, 7}};
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) cr_assert_eq(pix(x, y), want[y][x], "%d,%d", x, y);
    /* secondary palette comes after the draw palette: pal(3,12) + colour 3 is the same */
    m8_cls(ram, 0);
    m8_pal_set(ram, 3, 12, 0);
    m8_rectfill(ram, 0, 0, 3, 3, COL(3));
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) cr_assert_eq(pix(x, y), want[y][x]);
}

Test(gfx_shapes, fill_pattern_from_colour_argument)
{
    ram[M8_COLOR_FILLP] = 1;
    m8_line(ram, 0, 0, 3, 0, (int32_t)0x104e7000u);   /* pattern 0x7000: row 0 = 0111 */
    cr_assert_eq(pix(0, 0), 14);
    cr_assert_eq(pix(1, 0), 4);
    cr_assert_eq(pix(3, 0), 4);
    cr_assert_eq(ram[M8_FILLP + 1], 0x70, "the pattern persists");
}

/* --- inverted fills --- */

Test(gfx_shapes, inverted_fills_paint_outside_within_clip)
{
    int32_t inv = (int32_t)0x18080000u;   /* colour 8 with 0x1800.0000 */
    m8_clip(ram, 0, 0, 8, 8, 0, NULL);
    m8_rectfill(ram, 2, 2, 5, 5, inv);
    cr_assert_eq(count_col(8), 16, "0x5f34&2 off: a normal fill");
    m8_cls(ram, 0);
    m8_clip(ram, 0, 0, 8, 8, 0, NULL);
    ram[M8_COLOR_FILLP] = 2;
    m8_rectfill(ram, 2, 2, 5, 5, inv);
    cr_assert_eq(count_col(8), 48);
    cr_assert_eq(pix(2, 2), 0);
    cr_assert_eq(pix(1, 2), 8);
    cr_assert_eq(pix(8, 0), 0, "outside the clip untouched");
    m8_cls(ram, 0);
    m8_clip(ram, 0, 0, 8, 8, 0, NULL);
    m8_circfill(ram, 3, 3, 1, inv);
    cr_assert_eq(count_col(8), 59);
    cr_assert_eq(pix(3, 3), 0);
    cr_assert_eq(pix(4, 4), 8);
    m8_cls(ram, 0);
    m8_clip(ram, 0, 0, 8, 8, 0, NULL);
    m8_ovalfill(ram, 0, 0, 6, 4, inv);
    cr_assert_eq(count_col(8), 64 - 31);
    m8_cls(ram, 0);
    m8_clip(ram, 0, 0, 8, 8, 0, NULL);
    m8_rrectfill(ram, 0, 0, 4, 4, 1, inv);
    cr_assert_eq(count_col(8), 64 - 12);
    cr_assert_eq(pix(0, 0), 8);
    /* an inverted fill entirely off screen paints the whole clip rectangle */
    m8_cls(ram, 0);
    m8_circfill(ram, -50, -50, 3, inv);
    cr_assert_eq(count_col(8), 128 * 128);
}
