/* test_gfx_map.c - Criterion suite "gfx_map": map addressing (rows 32-63 in the shared
 * region, 0x5f56/0x5f57 remap and width), mget/mset out-of-range values, map() (sprite-0
 * rule, 0x5f36&8, layers, camera, huge sizes) and tline() (precision bits, wrap masks and
 * offsets 0x5f38-0x5f3b, vertical lines). Depends on: gfx.h, Criterion. */
#include <limits.h>
#include "test_gfx_util.h"

/* Test sprite 1: pixel (i,j) = (i + 2*j) & 15; sprite 2 solid 9; sprite 0 solid 3. */
static int sc(int i, int j) { return (i + 2 * j) & 15; }

static void sheet_put(int x, int y, int c) { m8_surface_write(ram, 0x0000, x, y, c); }

static void map_setup(void)
{
    gfx_setup();
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) {
            sheet_put(i, j, 3);
            sheet_put(8 + i, j, sc(i, j));
            sheet_put(16 + i, j, 9);
        }
}

TestSuite(gfx_map, .init = map_setup);

Test(gfx_map, addressing_default_and_shared_rows)
{
    int w, h;
    m8_map_size(ram, &w, &h);
    cr_assert_eq(w, 128);
    cr_assert_eq(h, 64);
    m8_mset(ram, 5, 3, 42);
    cr_assert_eq(ram[0x2000 + 3 * 128 + 5], 42);
    cr_assert_eq(m8_mget(ram, 5, 3), 42);
    m8_mset(ram, 5, 40, 43);
    cr_assert_eq(ram[0x1000 + 8 * 128 + 5], 43);
    cr_assert_eq(m8_mget(ram, 5, 40), 43);
    m8_mset(ram, 127, 63, 44);
    cr_assert_eq(ram[0x1fff], 44);
    m8_mset(ram, 128, 0, 1);
    m8_mset(ram, 0, 64, 1);
    m8_mset(ram, -1, 0, 1);
    cr_assert_eq(ram[0x3000], 0);
    cr_assert_eq(ram[0x2000], 0);
}

Test(gfx_map, out_of_range_value)
{
    ram[0x2000] = 7;
    cr_assert_eq(m8_mget(ram, -1, 0), 0);
    cr_assert_eq(m8_mget(ram, 0, 64), 0);
    ram[M8_PRINT_CHAR_W2] = 99;
    cr_assert_eq(m8_mget(ram, 128, 0), 0);
    ram[M8_MISC_FLAGS] = 0x10;
    cr_assert_eq(m8_mget(ram, 128, 0), 99);
    cr_assert_eq(m8_mget(ram, INT_MIN, INT_MAX), 99);
    cr_assert_eq(m8_mget(ram, 0, 0), 7);
}

Test(gfx_map, remap_and_width)
{
    ram[M8_MAP_MAP_ADDR] = 0x80;
    ram[M8_MAP_WIDTH] = 0;   /* 256 wide */
    int w, h;
    m8_map_size(ram, &w, &h);
    cr_assert_eq(w, 256);
    cr_assert_eq(h, 128);
    m8_mset(ram, 255, 127, 5);
    cr_assert_eq(ram[0xffff], 5);
    m8_mset(ram, 1, 1, 6);
    cr_assert_eq(ram[0x8101], 6);
    cr_assert_eq(m8_mget(ram, 0, 128), 0);
    /* width 64 at the default base: 0x2000 bytes -> 128 rows, wrapping into 0x1000 */
    ram[M8_MAP_MAP_ADDR] = 0x20;
    ram[M8_MAP_WIDTH] = 64;
    m8_map_size(ram, &w, &h);
    cr_assert_eq(w, 64);
    cr_assert_eq(h, 128);
    m8_mset(ram, 3, 70, 8);
    cr_assert_eq(ram[0x1000 + 6 * 64 + 3], 8);
    /* 0x30-0x3f read as 0x10-0x1f */
    ram[M8_MAP_MAP_ADDR] = 0x30;
    ram[M8_MAP_WIDTH] = 128;
    m8_mset(ram, 0, 0, 9);
    cr_assert_eq(ram[0x1000], 9);
}

Test(gfx_map, map_draws_skips_sprite0_and_counts)
{
    m8_mset(ram, 0, 0, 1);
    m8_mset(ram, 1, 0, 2);
    m8_mset(ram, 2, 0, 0);
    m8_cls(ram, 5);
    cr_assert_eq(m8_map(ram, 0, 0, 10, 10, 3, 1, 0), 2);
    for (int i = 0; i < 8; i++) cr_assert_eq(pix(18 + i, 12), 9);
    cr_assert_eq(pix(11, 10), sc(1, 0));
    cr_assert_eq(pix(10, 10), 5, "colour 0 of sprite 1 is transparent");
    cr_assert_eq(pix(26, 10), 5, "sprite 0 is empty");
    ram[M8_MISC_FLAGS] = M8_MISC_SPRITE0;
    cr_assert_eq(m8_map(ram, 0, 0, 10, 10, 3, 1, 0), 3);
    cr_assert_eq(pix(26, 10), 3);
}

Test(gfx_map, map_layers_camera_and_huge)
{
    m8_mset(ram, 0, 0, 1);
    m8_mset(ram, 1, 0, 2);
    m8_fset(ram, 2, 2, 1);
    cr_assert_eq(m8_map(ram, 0, 0, 0, 0, 2, 1, 0x4), 1);
    cr_assert_eq(count_col(9), 64);
    cr_assert_eq(pix(1, 0), 0, "sprite 1 has no flag 2");
    m8_cls(ram, 0);
    cr_assert_eq(m8_map(ram, 0, 0, 0, 0, 2, 1, 0x3), 0);
    m8_camera(ram, 12, 0, NULL, NULL);
    m8_map(ram, 0, 0, 0, 0, 2, 1, 0);
    cr_assert_eq(count_col(9), 4 * 8);
    cr_assert_eq(pix(3, 0), 9);
    m8_camera(ram, 0, 0, NULL, NULL);
    m8_cls(ram, 0);
    m8_map(ram, 0, 0, 8, 0, INT_MAX, INT_MAX, 0);
    cr_assert_eq(pix(8, 0), 0);
    cr_assert_eq(pix(16, 0), 9);
    m8_map(ram, INT_MIN, INT_MIN, INT_MIN, INT_MIN, INT_MAX, INT_MAX, 0);
    cr_assert_eq(m8_map(ram, 0, 0, 0, 0, 0, 5, 0), 0);
    cr_assert_eq(m8_map(ram, 0, 0, 0, 0, -1, 5, 0), 0);
}

Test(gfx_map, map_uses_the_shared_rows)
{
    m8_mset(ram, 0, 32, 2);   /* stored at 0x1000 */
    m8_map(ram, 0, 32, 0, 0, 1, 1, 0);
    cr_assert_eq(count_col(9), 64);
}

Test(gfx_map, tline_default_precision)
{
    m8_mset(ram, 0, 0, 1);
    m8_mset(ram, 1, 0, 2);
    m8_palt_set(ram, 0, 0);
    /* mdx = 1/8 tile = one pixel: raw 0x2000 at 13 fraction bits */
    m8_tline(ram, 0, 0, 15, 0, 0, 0, 0x2000, 0, 0, M8_TLINE_DEFAULT_BITS);
    for (int i = 0; i < 8; i++) cr_assert_eq(pix(i, 0), sc(i, 0));
    for (int i = 8; i < 16; i++) cr_assert_eq(pix(i, 0), 9);
    /* my = 0.5 tile -> sprite row 4; mx = 0.25 tile -> pixel 2 */
    m8_tline(ram, 0, 1, 3, 1, 0x4000, 0x8000, 0x2000, 0, 0, 13);
    for (int i = 0; i < 4; i++) cr_assert_eq(pix(i, 1), sc(2 + i, 4));
    /* half-speed sampling */
    m8_tline(ram, 0, 2, 3, 2, 0, 0, 0x1000, 0, 0, 13);
    cr_assert_eq(pix(0, 2), sc(0, 0));
    cr_assert_eq(pix(1, 2), sc(0, 0));
    cr_assert_eq(pix(2, 2), sc(1, 0));
}

Test(gfx_map, tline_pixel_precision_and_direction)
{
    m8_mset(ram, 0, 0, 1);
    m8_palt_set(ram, 0, 0);
    /* tline(16): map coordinates in pixels */
    m8_tline(ram, 0, 0, 3, 0, 2 << 16, 1 << 16, 1 << 16, 0, 0, 16);
    for (int i = 0; i < 4; i++) cr_assert_eq(pix(i, 0), sc(2 + i, 1));
    /* right-to-left: the first sample lands on the first end point */
    m8_tline(ram, 3, 1, 0, 1, 0, 0, 0x2000, 0, 0, 13);
    for (int i = 0; i < 4; i++) cr_assert_eq(pix(3 - i, 1), sc(i, 0));
    /* vertical */
    m8_tline(ram, 20, 0, 20, 7, 0, 0, 0, 0x2000, 0, 13);
    for (int j = 0; j < 8; j++) cr_assert_eq(pix(20, j), sc(0, j));
}

Test(gfx_map, tline_wrap_mask_and_offset)
{
    m8_mset(ram, 0, 0, 1);
    m8_mset(ram, 1, 0, 2);
    m8_palt_set(ram, 0, 0);
    ram[M8_TLINE_MASK_X] = 1;   /* loop every tile */
    m8_tline(ram, 0, 0, 15, 0, 0, 0, 0x2000, 0, 0, 13);
    for (int i = 0; i < 16; i++) cr_assert_eq(pix(i, 0), sc(i & 7, 0));
    /* negative coordinates wrap too */
    m8_tline(ram, 0, 1, 0, 1, -0x2000, 0, 0x2000, 0, 0, 13);
    cr_assert_eq(pix(0, 1), sc(7, 0));
    ram[M8_TLINE_OFF_X] = 1;    /* sample from tile column 1 */
    m8_tline(ram, 0, 2, 7, 2, 0, 0, 0x2000, 0, 0, 13);
    for (int i = 0; i < 8; i++) cr_assert_eq(pix(i, 2), 9);
}

Test(gfx_map, tline_sprite0_layers_clip_and_huge)
{
    m8_mset(ram, 0, 0, 0);
    m8_mset(ram, 1, 0, 2);
    m8_cls(ram, 5);
    m8_tline(ram, 0, 0, 15, 0, 0, 0, 0x2000, 0, 0, 13);
    cr_assert_eq(pix(0, 0), 5, "sprite 0 skipped");
    cr_assert_eq(pix(8, 0), 9);
    ram[M8_MISC_FLAGS] = M8_MISC_SPRITE0;
    m8_tline(ram, 0, 0, 15, 0, 0, 0, 0x2000, 0, 0, 13);
    cr_assert_eq(pix(0, 0), 3);
    m8_tline(ram, 0, 1, 15, 1, 0, 0, 0x2000, 0, 0x1, 13);
    cr_assert_eq(pix(8, 1), 5, "layers: sprite 2 has no flag 0");
    m8_clip(ram, 4, 0, 2, 128, 0, NULL);
    m8_tline(ram, 0, 2, 15, 2, 0, 0, 0x2000, 0, 0, 13);
    cr_assert_eq(pix(3, 2), 5);
    cr_assert_eq(pix(4, 2), 3);
    cr_assert_eq(pix(6, 2), 5);
    m8_clip_reset(ram, NULL);
    /* clipped steps still advance the map position */
    m8_tline(ram, -8, 3, 7, 3, 0, 0, 0x2000, 0, 0, 13);
    cr_assert_eq(pix(0, 3), 9);
    m8_tline(ram, INT_MIN, INT_MIN, INT_MAX, INT_MAX, INT32_MIN, INT32_MAX, INT32_MAX, INT32_MIN, 0, 13);
    m8_tline(ram, 0, 0, 5, 0, 0, 0, 0x2000, 0, 0, 99);
}
