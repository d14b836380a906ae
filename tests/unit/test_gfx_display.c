/* test_gfx_display.c - Criterion suite "gfx_display": the 32-colour RGB table, screen to
 * RGB through the screen palette (extended colours, 0x8f mask), the 0x5f2c screen modes
 * and the 0x5f5f raster modes. Depends on: gfx.h, palette.h, Criterion. */
#include "palette.h"
#include "test_gfx_util.h"

TestSuite(gfx_display, .init = gfx_setup);

static uint8_t rgb[128 * 128 * 3];

static void expect_rgb(int x, int y, int r, int g, int b)
{
    const uint8_t *p = rgb + (y * 128 + x) * 3;
    cr_assert(p[0] == r && p[1] == g && p[2] == b, "pixel %d,%d is %d,%d,%d, expected %d,%d,%d",
              x, y, p[0], p[1], p[2], r, g, b);
}

static int is_red(int x, int y) { return rgb[(y * 128 + x) * 3] == 255 && rgb[(y * 128 + x) * 3 + 1] == 0; }

static int count_red(void)
{
    int n = 0;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) n += is_red(x, y);
    return n;
}

Test(gfx_display, palette_table)
{
    uint8_t r, g, b;
    m8_palette_rgb(0, &r, &g, &b);
    cr_assert(r == 0 && g == 0 && b == 0);
    m8_palette_rgb(7, &r, &g, &b);
    cr_assert(r == 255 && g == 241 && b == 232);
    m8_palette_rgb(12, &r, &g, &b);
    cr_assert(r == 41 && g == 173 && b == 255);
    m8_palette_rgb(16, &r, &g, &b);   /* 128 */
    cr_assert(r == 41 && g == 24 && b == 20);
    m8_palette_rgb(31, &r, &g, &b);   /* 143 */
    cr_assert(r == 255 && g == 157 && b == 129);
    m8_palette_rgb(32 + 8, &r, &g, &b);   /* masked */
    cr_assert(r == 255 && g == 0 && b == 77);
}

Test(gfx_display, screen_palette_and_extended_colours)
{
    m8_pset(ram, 0, 0, COL(7));
    m8_pset(ram, 1, 0, COL(8));
    m8_pset(ram, 2, 0, COL(9));
    m8_pset(ram, 3, 0, COL(10));
    m8_pal_set(ram, 8, 0x83, 1);   /* 131 */
    m8_pal_set(ram, 9, 0x9f, 1);   /* & 0x8f = 143 */
    m8_pal_set(ram, 10, 0x1c, 1);  /* & 0x8f = 12 */
    m8_gfx_screen_to_rgb(ram, rgb);
    expect_rgb(0, 0, 255, 241, 232);
    expect_rgb(1, 0, 18, 83, 89);
    expect_rgb(2, 0, 255, 157, 129);
    expect_rgb(3, 0, 41, 173, 255);
    expect_rgb(4, 0, 0, 0, 0);
    /* the display reads 0x6000 even when drawing is remapped */
    ram[M8_MAP_SCREEN_ADDR] = 0x80;
    m8_pset(ram, 4, 0, COL(7));
    m8_gfx_screen_to_rgb(ram, rgb);
    expect_rgb(4, 0, 0, 0, 0);
}

Test(gfx_display, screen_modes)
{
    m8_pset(ram, 1, 0, COL(8));
    ram[M8_SCREEN_MODE] = 1;   /* horizontal stretch */
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(2, 0) && is_red(3, 0) && count_red() == 2);
    ram[M8_SCREEN_MODE] = 3;   /* 64x64 */
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(2, 0) && is_red(3, 1) && count_red() == 4);
    ram[M8_SCREEN_MODE] = 5;   /* horizontal mirror */
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(1, 0) && is_red(126, 0) && count_red() == 2);
    ram[M8_SCREEN_MODE] = 6;   /* vertical mirror */
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(1, 0) && is_red(1, 127) && count_red() == 2);
    ram[M8_SCREEN_MODE] = 0x81;
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(126, 0) && count_red() == 1);
    ram[M8_SCREEN_MODE] = 0x82;
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(1, 127) && count_red() == 1);
    ram[M8_SCREEN_MODE] = 0x85;   /* 90 degrees clockwise: top-left goes top-right */
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(127, 1) && count_red() == 1);
    ram[M8_SCREEN_MODE] = 0x86;
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(126, 127) && count_red() == 1);
    ram[M8_SCREEN_MODE] = 0x87;
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(0, 126) && count_red() == 1);
    ram[M8_SCREEN_MODE] = 0x84;   /* identity */
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert(is_red(1, 0) && count_red() == 1);
}

Test(gfx_display, raster_palette_swap_rows)
{
    m8_pal_set(ram, 0, 8, 2);   /* secondary palette: colour 0 -> red */
    ram[M8_RASTER_ROWS] = 0x04;        /* row 2 */
    ram[M8_RASTER_ROWS + 15] = 0x80;   /* row 127 */
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert_eq(count_red(), 0, "raster mode off");
    ram[M8_RASTER_MODE] = 0x10;
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert_eq(count_red(), 256);
    cr_assert(is_red(0, 2) && is_red(127, 127) && !is_red(0, 3));
}

Test(gfx_display, raster_gradient_mode)
{
    m8_rectfill(ram, 0, 0, 127, 127, COL(12));
    m8_rectfill(ram, 0, 0, 63, 127, COL(0));
    ram[M8_SECONDARY_PAL + 1] = 8;   /* rows 8-15 */
    ram[M8_SECONDARY_PAL + 8] = 0;   /* rows 64-71 stay black */
    ram[M8_RASTER_MODE] = 0x30;      /* gradient on colour 0 */
    m8_gfx_screen_to_rgb(ram, rgb);
    cr_assert_eq(count_red(), 64 * 8);
    cr_assert(is_red(0, 8) && is_red(63, 15) && !is_red(64, 8) && !is_red(0, 16));
    expect_rgb(0, 0, 0, 0, 0);
    expect_rgb(100, 8, 41, 173, 255);
}
