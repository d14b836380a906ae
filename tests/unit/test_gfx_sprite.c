/* test_gfx_sprite.c - Criterion suite "gfx_sprite": spr (flips, fractional sizes,
 * transparency, draw palette, camera, clip), sspr (stretch, shrink, negative sizes, source
 * outside the sheet), sget/sset (out-of-range values, draw palette, 0x5f54 remap),
 * fget/fset and fill patterns on sprites. Depends on: gfx.h, Criterion. */
#include <limits.h>
#include "test_gfx_util.h"

/* Colour of pixel (i,j) of test sprite 1 (sheet x 8-15, y 0-7): includes colour 0. */
static int sc(int i, int j) { return (i + 2 * j) & 15; }

static void sheet_put(int x, int y, int c) { m8_surface_write(ram, 0x0000, x, y, c); }

static void sprite_setup(void)
{
    gfx_setup();
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) {
            sheet_put(8 + i, j, sc(i, j));
            sheet_put(16 + i, j, 9);   /* sprite 2: solid 9 */
        }
}

TestSuite(gfx_sprite, .init = sprite_setup);

Test(gfx_sprite, spr_copies_with_transparency)
{
    m8_cls(ram, 5);
    m8_spr(ram, 1, 10, 20, M8_FIX(1), M8_FIX(1), 0, 0);
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) {
            int want = sc(i, j) == 0 ? 5 : sc(i, j);
            cr_assert_eq(pix(10 + i, 20 + j), want, "%d,%d", i, j);
        }
    cr_assert_eq(pix(9, 20), 5);
    cr_assert_eq(pix(18, 20), 5);
    cr_assert_eq(pix(10, 28), 5);
}

Test(gfx_sprite, spr_flips)
{
    m8_spr(ram, 1, 0, 0, M8_FIX(1), M8_FIX(1), 1, 0);
    m8_spr(ram, 1, 0, 10, M8_FIX(1), M8_FIX(1), 0, 1);
    m8_spr(ram, 1, 10, 0, M8_FIX(1), M8_FIX(1), 1, 1);
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) {
            cr_assert_eq(pix(i, j), sc(7 - i, j));
            cr_assert_eq(pix(i, 10 + j), sc(i, 7 - j));
            cr_assert_eq(pix(10 + i, j), sc(7 - i, 7 - j));
        }
}

Test(gfx_sprite, spr_fractional_and_multi_sprite_sizes)
{
    m8_spr(ram, 2, 0, 0, M8_FIX(0.5), M8_FIX(0.25), 0, 0);
    cr_assert_eq(count_col(9), 4 * 2);
    cr_assert_eq(pix(3, 1), 9);
    cr_assert_eq(pix(4, 1), 0);
    m8_cls(ram, 0);
    m8_spr(ram, 1, 0, 0, M8_FIX(1.5), M8_FIX(1), 0, 0);   /* sprite 1 + half of sprite 2 */
    for (int y = 0; y < 8; y++)
        for (int x = 8; x < 16; x++) cr_assert_eq(pix(x, y), x < 12 ? 9 : 0);
    /* flipping a 1.5-wide sprite mirrors the whole 12-pixel block */
    m8_cls(ram, 0);
    m8_spr(ram, 1, 0, 0, M8_FIX(1.5), M8_FIX(1), 1, 0);
    cr_assert_eq(pix(0, 0), 9);
    cr_assert_eq(pix(3, 0), 9);
    cr_assert_eq(pix(4, 0), sc(7, 0));
    m8_cls(ram, 0);
    m8_spr(ram, 1, 0, 0, 0, M8_FIX(1), 0, 0);
    m8_spr(ram, 1, 0, 0, M8_FIX(-1), M8_FIX(1), 0, 0);
    m8_spr(ram, 256, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    m8_spr(ram, -1, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(count_nonzero(), 0);
    m8_spr(ram, 2, 0, 0, INT32_MAX, INT32_MAX, 0, 0);   /* huge: reads 0 outside the sheet */
    cr_assert_eq(count_col(9), 8 * 8);
}

Test(gfx_sprite, spr_palette_palt_camera_clip)
{
    m8_cls(ram, 5);
    m8_pal_set(ram, 9, 3, 0);
    m8_palt_set(ram, 0, 0);
    m8_spr(ram, 2, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(count_col(3), 64);
    m8_spr(ram, 1, 20, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(pix(20, 0), 0, "colour 0 opaque after palt(0,false)");
    m8_palt_set(ram, 1, 1);
    m8_spr(ram, 1, 40, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(pix(41, 0), 5, "colour 1 transparent");
    cr_assert_eq(pix(42, 0), 2);
    m8_cls(ram, 0);
    m8_pal_reset(ram, -1);
    m8_camera(ram, 4, 4, NULL, NULL);
    m8_spr(ram, 2, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(count_col(9), 16);
    m8_camera(ram, 0, 0, NULL, NULL);
    m8_cls(ram, 0);
    m8_clip(ram, 2, 2, 3, 3, 0, NULL);
    m8_spr(ram, 2, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(count_col(9), 9);
    m8_spr(ram, 2, INT_MIN, INT_MAX, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(count_col(9), 9);
}

Test(gfx_sprite, sspr_stretch_and_shrink)
{
    m8_palt_set(ram, 0, 0);
    m8_sspr(ram, 8, 0, 8, 8, 0, 0, 16, 16, 0, 0);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) cr_assert_eq(pix(x, y), sc(x / 2, y / 2));
    m8_cls(ram, 0);
    m8_sspr(ram, 8, 0, 8, 8, 0, 0, 4, 4, 0, 0);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) cr_assert_eq(pix(x, y), sc(2 * x, 2 * y));
    cr_assert_eq(pix(4, 0), 0);
    /* 8 -> 3: source x = floor(i*8/3) = 0, 2, 5 */
    m8_cls(ram, 0);
    m8_sspr(ram, 8, 0, 8, 1, 0, 0, 3, 1, 0, 0);
    cr_assert_eq(pix(0, 0), sc(0, 0));
    cr_assert_eq(pix(1, 0), sc(2, 0));
    cr_assert_eq(pix(2, 0), sc(5, 0));
    /* flip with stretch */
    m8_cls(ram, 0);
    m8_sspr(ram, 8, 0, 8, 8, 0, 0, 16, 8, 1, 0);
    for (int x = 0; x < 16; x++) cr_assert_eq(pix(x, 3), sc(7 - x / 2, 3));
}

Test(gfx_sprite, sspr_negative_sizes_mirror)
{
    m8_palt_set(ram, 0, 0);
    m8_cls(ram, 5);
    m8_sspr(ram, 8, 0, 8, 8, 20, 0, -8, 8, 0, 0);   /* columns 12..19, mirrored */
    for (int i = 0; i < 8; i++) cr_assert_eq(pix(12 + i, 2), sc(7 - i, 2));
    cr_assert_eq(pix(11, 2), 5);
    cr_assert_eq(pix(20, 2), 5);
    m8_cls(ram, 5);
    m8_sspr(ram, 8, 0, 8, 8, 0, 20, 8, -8, 0, 0);   /* rows 12..19, mirrored */
    for (int j = 0; j < 8; j++) cr_assert_eq(pix(1, 12 + j), sc(1, 7 - j));
    m8_cls(ram, 5);
    m8_sspr(ram, 8, 0, 8, 8, 0, 0, 0, 8, 0, 0);
    m8_sspr(ram, 8, 0, 0, 8, 0, 0, 8, 8, 0, 0);
    cr_assert_eq(count_col(5), 128 * 128);
}

Test(gfx_sprite, sspr_source_outside_sheet_reads_zero)
{
    m8_palt_set(ram, 0, 0);
    m8_cls(ram, 5);
    sheet_put(127, 0, 7);
    m8_sspr(ram, 124, 0, 8, 1, 0, 0, 8, 1, 0, 0);
    cr_assert_eq(pix(3, 0), 7);
    for (int x = 4; x < 8; x++) cr_assert_eq(pix(x, 0), 0);
    m8_sspr(ram, -4, -1, 4, 2, 10, 10, 40, 40, 0, 0);
    cr_assert_eq(pix(10, 10), 0);
    m8_sspr(ram, 0, 0, 128, 128, -100000, -100000, 200000, 200000, 0, 0);   /* huge: returns */
}

Test(gfx_sprite, sget_sset)
{
    cr_assert_eq(m8_sget(ram, 9, 0), sc(1, 0));
    cr_assert_eq(m8_sget(ram, -1, 0), 0);
    ram[M8_PRINT_CHAR_SIZE] = 0x37;
    cr_assert_eq(m8_sget(ram, 128, 0), 0);
    ram[M8_MISC_FLAGS] = 0x10;
    cr_assert_eq(m8_sget(ram, 128, 0), 0x37);
    cr_assert_eq(m8_sget(ram, 0, INT_MIN), 0x37);
    m8_sset(ram, 0, 0, COL(12));
    cr_assert_eq(m8_sget(ram, 0, 0), 12);
    cr_assert_eq(ram[0], 12);
    m8_pal_set(ram, 12, 4, 0);
    m8_sset(ram, 1, 0, COL(12));   /* draw palette applied */
    cr_assert_eq(ram[0], 0x4c);
    ram[M8_PEN] = 0x3b;
    m8_sset(ram, 2, 0, M8_NOCOL);
    cr_assert_eq(m8_sget(ram, 2, 0), 11);
    cr_assert_eq(ram[M8_PEN], 0x3b);
    m8_sset(ram, -1, 0, COL(1));
    m8_sset(ram, 0, 128, COL(1));
    cr_assert_eq(ram[0x2000], 0);
}

Test(gfx_sprite, sprite_sheet_remap_0x5f54)
{
    m8_pset(ram, 8, 0, COL(10));   /* the screen becomes the sheet */
    ram[M8_MAP_GFX_ADDR] = 0x60;
    cr_assert_eq(m8_sget(ram, 8, 0), 10);
    m8_spr(ram, 1, 40, 40, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(pix(40, 40), 10);
    cr_assert_eq(pix(41, 40), 0);
    m8_sset(ram, 3, 3, COL(2));
    cr_assert_eq(pix(3, 3), 2);
    ram[M8_MAP_GFX_ADDR] = 0x80;
    ram[0x8000] = 0x0e;
    cr_assert_eq(m8_sget(ram, 0, 0), 14);
}

Test(gfx_sprite, fget_fset)
{
    m8_fset(ram, 5, -1, 0xa5);
    cr_assert_eq(m8_fget(ram, 5), 0xa5);
    cr_assert_eq(ram[M8_FLAGS + 5], 0xa5);
    m8_fset(ram, 5, 1, 1);
    m8_fset(ram, 5, 0, 0);
    cr_assert_eq(m8_fget(ram, 5), 0xa6);
    m8_fset(ram, 5, 9, 1);
    m8_fset(ram, 256, -1, 1);
    m8_fset(ram, -1, 0, 1);
    cr_assert_eq(m8_fget(ram, 5), 0xa6);
    cr_assert_eq(m8_fget(ram, 256), 0);
    cr_assert_eq(ram[M8_MUSIC], 0);
}

Test(gfx_sprite, fill_pattern_on_sprites_uses_secondary_palette)
{
    /* manual example: pal(i, i+i*16, 2) for all, pal(12, 0x87, 2), fillp(0b0011001111001100.01) */
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) sheet_put(24 + i, j, i < 4 ? 12 : 6);   /* sprite 3 */
    for (int i = 0; i < 16; i++) m8_pal_set(ram, i, i + i * 16, 2);
    m8_pal_set(ram, 12, 0x87, 2);
    m8_fillp(ram, (int32_t)0x33cc4000u);
    m8_spr(ram, 3, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    static const int want[4][4] = {{7, 7, 8, 8}, {7, 7, 8, 8}, {8, 8, 7, 7}, {8, 8, 7, 7}};
    for (int y = 0; y < 8; y++) {
        for (int x = 0; x < 4; x++) cr_assert_eq(pix(x, y), want[y & 3][x], "%d,%d", x, y);
        for (int x = 4; x < 8; x++) cr_assert_eq(pix(x, y), 6);
    }
    /* without the sprite flag the pattern is ignored by spr */
    m8_cls(ram, 0);
    m8_fillp(ram, (int32_t)0x33cc0000u);
    m8_spr(ram, 3, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(count_col(12), 32);
    /* with transparency: pattern-1 pixels are skipped */
    m8_cls(ram, 1);
    m8_fillp(ram, (int32_t)0x33ccc000u);
    m8_spr(ram, 3, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(pix(0, 0), 7);
    cr_assert_eq(pix(2, 0), 1);
    cr_assert_eq(pix(6, 0), 1, "colour 6 has pattern bit 1 at x=6: skipped");
    cr_assert_eq(pix(4, 0), 6);
}

Test(gfx_sprite, sprites_honour_bitplane_mask_and_screen_remap)
{
    m8_cls(ram, 0xc);
    ram[M8_BITPLANE_MASK] = 0xf1;   /* write plane 0 only */
    m8_spr(ram, 2, 0, 0, M8_FIX(1), M8_FIX(1), 0, 0);   /* 9 = 1001: (1100 & ~1) | 1 */
    cr_assert_eq(pix(0, 0), 13);
    cr_assert_eq(pix(7, 7), 13);
    cr_assert_eq(pix(8, 0), 12);
    ram[M8_BITPLANE_MASK] = 0xff;
    ram[M8_MAP_SCREEN_ADDR] = 0x80;   /* draw into upper RAM */
    m8_spr(ram, 2, 2, 0, M8_FIX(1), M8_FIX(1), 0, 0);
    cr_assert_eq(ram[0x8001], 0x99);
    cr_assert_eq(pix(2, 0), 13, "the 0x6000 screen is untouched");
}
