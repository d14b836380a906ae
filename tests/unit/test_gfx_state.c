/* test_gfx_state.c - Criterion suite "gfx_state": reset defaults, cls, camera, clip,
 * color, pal/palt in all forms, fillp and the colour-argument encoding (0x5f34), checked
 * as RAM bytes and as drawn pixels. Depends on: gfx.h, ram.h, pixel.h, Criterion. */
#include "test_gfx_util.h"

TestSuite(gfx_state, .init = gfx_setup);

Test(gfx_state, reset_defaults)
{
    memset(ram, 0xaa, sizeof ram);
    m8_ram_reset_draw_state(ram);
    for (int i = 0; i < 16; i++) {
        cr_assert_eq(ram[M8_DRAW_PAL + i], i | (i == 0 ? 0x10 : 0));
        cr_assert_eq(ram[M8_SCREEN_PAL + i], i);
        cr_assert_eq(ram[M8_SECONDARY_PAL + i], i);
    }
    cr_assert_eq(ram[M8_CLIP_X0], 0);
    cr_assert_eq(ram[M8_CLIP_Y0], 0);
    cr_assert_eq(ram[M8_CLIP_X1], 128);
    cr_assert_eq(ram[M8_CLIP_Y1], 128);
    cr_assert_eq(ram[M8_PEN], 6);
    cr_assert_eq(m8_peek_s16(ram, M8_CAMERA_X), 0);
    cr_assert_eq(m8_peek_s16(ram, M8_CAMERA_Y), 0);
    cr_assert_eq(ram[M8_CURSOR_X], 0);
    cr_assert_eq(ram[M8_FILLP], 0);
    cr_assert_eq(ram[M8_FILLP + 1], 0);
    cr_assert_eq(ram[M8_FILLP_FLAGS], 0);
    cr_assert_eq(ram[M8_SCREEN_MODE], 0);
    cr_assert_eq(ram[M8_MAP_GFX_ADDR], 0x00);
    cr_assert_eq(ram[M8_MAP_SCREEN_ADDR], 0x60);
    cr_assert_eq(ram[M8_MAP_MAP_ADDR], 0x20);
    cr_assert_eq(ram[M8_MAP_WIDTH], 0x80);
    cr_assert_eq(ram[M8_BITPLANE_MASK], 0xff);
    cr_assert_eq(ram[M8_RASTER_MODE], 0);
    /* PRNG state and held buttons are machine state: kept */
    for (int a = M8_RNG_STATE; a < M8_MAP_GFX_ADDR; a++) cr_assert_eq(ram[a], 0xaa);
    /* outside 0x5f00-0x5f7f untouched */
    cr_assert_eq(ram[0x5eff], 0xaa);
    cr_assert_eq(ram[0x5f80], 0xaa);
}

Test(gfx_state, reset_call_restores_after_changes)
{
    m8_pal_set(ram, 3, 9, 0);
    m8_camera(ram, 5, 5, NULL, NULL);
    m8_fillp(ram, 0x5a5a0000);
    m8_gfx_reset(ram);
    cr_assert_eq(ram[M8_DRAW_PAL + 3], 3);
    cr_assert_eq(m8_camera_x(ram), 0);
    cr_assert_eq(ram[M8_FILLP], 0);
}

Test(gfx_state, cls_fills_resets_clip_and_cursor)
{
    m8_clip(ram, 10, 10, 5, 5, 0, NULL);
    ram[M8_CURSOR_X] = 40;
    ram[M8_CURSOR_Y] = 50;
    m8_cls(ram, 0x1c);   /* col & 15 */
    cr_assert_eq(count_col(12), 128 * 128);
    cr_assert_eq(ram[M8_SCREEN], 0xcc);
    cr_assert_eq(ram[M8_CLIP_X0], 0);
    cr_assert_eq(ram[M8_CLIP_X1], 128);
    cr_assert_eq(ram[M8_CLIP_Y1], 128);
    cr_assert_eq(ram[M8_CURSOR_X], 0);
    cr_assert_eq(ram[M8_CURSOR_Y], 0);
    cr_assert_eq(ram[M8_PEN], 6, "cls does not change the pen");
}

Test(gfx_state, cls_follows_screen_remap)
{
    ram[M8_MAP_SCREEN_ADDR] = 0x80;
    m8_cls(ram, 7);
    cr_assert_eq(ram[0x8000], 0x77);
    cr_assert_eq(ram[0x9fff], 0x77);
    cr_assert_eq(ram[0xa000], 0);
    cr_assert_eq(ram[M8_SCREEN], 0);
}

Test(gfx_state, camera_returns_previous_and_stores_s16)
{
    int ox, oy;
    m8_camera(ram, -3, 200, &ox, &oy);
    cr_assert_eq(ox, 0);
    cr_assert_eq(oy, 0);
    cr_assert_eq(ram[M8_CAMERA_X], 0xfd);
    cr_assert_eq(ram[M8_CAMERA_X + 1], 0xff);
    cr_assert_eq(m8_peek_s16(ram, M8_CAMERA_Y), 200);
    m8_camera(ram, 0, 0, &ox, &oy);
    cr_assert_eq(ox, -3);
    cr_assert_eq(oy, 200);
    /* a poke to the camera bytes is what drawing uses */
    m8_poke_16(ram, M8_CAMERA_X, (uint16_t)-10);
    m8_pset(ram, -10, 0, COL(7));
    cr_assert_eq(pix(0, 0), 7);
}

Test(gfx_state, clip_stores_clamped_and_returns_previous)
{
    int old[4];
    m8_clip(ram, -5, 10, 20, 200, 0, old);
    cr_assert_eq(old[0], 0);
    cr_assert_eq(old[1], 0);
    cr_assert_eq(old[2], 128);
    cr_assert_eq(old[3], 128);
    cr_assert_eq(ram[M8_CLIP_X0], 0);
    cr_assert_eq(ram[M8_CLIP_Y0], 10);
    cr_assert_eq(ram[M8_CLIP_X1], 15);
    cr_assert_eq(ram[M8_CLIP_Y1], 128);
    m8_clip(ram, 5, 20, 100, 10, 1, old);   /* clip_previous: intersect */
    cr_assert_eq(old[0], 0);
    cr_assert_eq(old[1], 10);
    cr_assert_eq(old[2], 15);
    cr_assert_eq(old[3], 118);
    cr_assert_eq(ram[M8_CLIP_X0], 5);
    cr_assert_eq(ram[M8_CLIP_Y0], 20);
    cr_assert_eq(ram[M8_CLIP_X1], 15);
    cr_assert_eq(ram[M8_CLIP_Y1], 30);
    m8_clip_reset(ram, old);
    cr_assert_eq(old[2], 10);
    cr_assert_eq(ram[M8_CLIP_X1], 128);
}

Test(gfx_state, clip_negative_size_and_huge_values_give_empty_or_full)
{
    m8_clip(ram, 50, 50, -10, -10, 0, NULL);
    cr_assert_eq(ram[M8_CLIP_X0], 50);
    cr_assert_eq(ram[M8_CLIP_X1], 50);
    m8_rectfill(ram, 0, 0, 127, 127, COL(8));
    cr_assert_eq(count_nonzero(), 0);
    m8_clip(ram, -1000000000, -5, 2000000000, 2147483647, 0, NULL);
    cr_assert_eq(ram[M8_CLIP_X0], 0);
    cr_assert_eq(ram[M8_CLIP_X1], 128);
    cr_assert_eq(ram[M8_CLIP_Y1], 128);
    m8_clip(ram, 2147483647, 0, 2147483647, 10, 0, NULL);
    cr_assert_eq(ram[M8_CLIP_X0], 128);
    cr_assert_eq(ram[M8_CLIP_X1], 128);
}

Test(gfx_state, clip_limits_drawing)
{
    m8_clip(ram, 2, 3, 4, 2, 0, NULL);
    m8_rectfill(ram, 0, 0, 127, 127, COL(9));
    cr_assert_eq(count_col(9), 8);
    cr_assert_eq(pix(2, 3), 9);
    cr_assert_eq(pix(5, 4), 9);
    cr_assert_eq(pix(6, 4), 0);
    cr_assert_eq(pix(2, 5), 0);
}

Test(gfx_state, color_sets_pen_and_returns_previous)
{
    cr_assert_eq(m8_color(ram, COL(0x4e)), 6);
    cr_assert_eq(ram[M8_PEN], 0x4e);
    cr_assert_eq(m8_color(ram, M8_NOCOL), 0x4e);
    cr_assert_eq(ram[M8_PEN], 6);
    /* colour arguments of primitives also become the pen */
    m8_pset(ram, 0, 0, COL(11));
    cr_assert_eq(ram[M8_PEN], 11);
    m8_pset(ram, 1, 0, M8_NOCOL);
    cr_assert_eq(pix(1, 0), 11);
}

Test(gfx_state, pal_draw_palette_keeps_transparency_bit)
{
    cr_assert_eq(m8_pal_set(ram, 0, 5, 0), 0);
    cr_assert_eq(ram[M8_DRAW_PAL + 0], 0x15);
    cr_assert_eq(m8_pal_set(ram, 8, 0x1c, 0), 8);
    cr_assert_eq(ram[M8_DRAW_PAL + 8], 12);
    cr_assert_eq(m8_pal_set(ram, 8, 3, 0), 12);
    m8_pset(ram, 4, 4, COL(8));
    cr_assert_eq(pix(4, 4), 3);
    /* p=1 screen palette: byte as given (extended colours) */
    cr_assert_eq(m8_pal_set(ram, 7, 143, 1), 7);
    cr_assert_eq(ram[M8_SCREEN_PAL + 7], 143);
    cr_assert_eq(m8_pal_set(ram, 7, 1, 1), 143);
    /* p=2 secondary palette */
    cr_assert_eq(m8_pal_set(ram, 12, 0x87, 2), 12);
    cr_assert_eq(ram[M8_SECONDARY_PAL + 12], 0x87);
    cr_assert_eq(m8_pal_set(ram, 3, 3, 7), 0, "unknown palette: ignored");
}

Test(gfx_state, pal_reset_all_and_one)
{
    m8_pal_set(ram, 1, 2, 0);
    m8_palt_set(ram, 1, 1);
    m8_palt_set(ram, 0, 0);
    m8_pal_set(ram, 1, 130, 1);
    m8_pal_set(ram, 1, 0x22, 2);
    m8_pal_reset(ram, 1);
    cr_assert_eq(ram[M8_SCREEN_PAL + 1], 1);
    cr_assert_eq(ram[M8_DRAW_PAL + 1], 0x12, "pal(1) leaves the draw palette");
    cr_assert_eq(ram[M8_SECONDARY_PAL + 1], 0x22);
    m8_pal_reset(ram, 0);
    cr_assert_eq(ram[M8_DRAW_PAL + 1], 1);
    cr_assert_eq(ram[M8_DRAW_PAL + 0], 0x10);
    cr_assert_eq(ram[M8_SECONDARY_PAL + 1], 0x22);
    m8_pal_set(ram, 1, 130, 1);
    m8_pal_reset(ram, -1);
    cr_assert_eq(ram[M8_SCREEN_PAL + 1], 1);
    cr_assert_eq(ram[M8_SECONDARY_PAL + 1], 1);
}

Test(gfx_state, palt_forms)
{
    cr_assert_eq(m8_palt_set(ram, 0, 0), 1);
    cr_assert_eq(m8_palt_set(ram, 5, 1), 0);
    cr_assert_eq(ram[M8_DRAW_PAL + 5], 0x15);
    cr_assert_eq(m8_palt_set(ram, 5, 1), 1);
    /* bitfield: bit 15 = colour 0 ... bit 0 = colour 15 */
    cr_assert_eq(m8_palt_bits(ram, 0x0001), 0x0400);
    cr_assert_eq(ram[M8_DRAW_PAL + 15], 0x1f);
    cr_assert_eq(ram[M8_DRAW_PAL + 0], 0x00);
    cr_assert_eq(ram[M8_DRAW_PAL + 5], 0x05);
    cr_assert_eq(m8_palt_reset(ram), 0x0001);
    cr_assert_eq(ram[M8_DRAW_PAL + 0], 0x10);
    cr_assert_eq(ram[M8_DRAW_PAL + 15], 0x0f);
    /* palt keeps the palette mapping */
    m8_pal_set(ram, 4, 9, 0);
    m8_palt_set(ram, 4, 1);
    cr_assert_eq(ram[M8_DRAW_PAL + 4], 0x19);
}

Test(gfx_state, fillp_stores_and_returns_previous)
{
    /* fillp(0b0011001111001100.101): transparency + global secondary */
    int32_t p = (int32_t)(0x33ccu << 16 | 0xa000u);
    cr_assert_eq(m8_fillp(ram, p), 0);
    cr_assert_eq(ram[M8_FILLP], 0xcc);
    cr_assert_eq(ram[M8_FILLP + 1], 0x33);
    cr_assert_eq(ram[M8_FILLP_FLAGS], 5);
    cr_assert_eq(m8_fillp(ram, 0x4000), p);
    cr_assert_eq(ram[M8_FILLP_FLAGS], 2);
    cr_assert_eq(m8_fillp(ram, 0), 0x4000);
    /* negative patterns (0xffff = -1) round-trip */
    cr_assert_eq(m8_fillp(ram, (int32_t)0xffff8000u), 0);
    cr_assert_eq(m8_fillp(ram, 0), (int32_t)0xffff8000u);
}

Test(gfx_state, colour_argument_encoding_needs_5f34_bit0)
{
    int32_t c = (int32_t)0x114eabcdu;
    cr_assert_eq(m8_gfx_color_arg(ram, c), 0);
    cr_assert_eq(ram[M8_PEN], 0x4e);
    cr_assert_eq(ram[M8_FILLP], 0, "encoding disabled: pattern untouched");
    ram[M8_COLOR_FILLP] = 1;
    cr_assert_eq(m8_gfx_color_arg(ram, c), 0);
    cr_assert_eq(ram[M8_FILLP], 0xcd);
    cr_assert_eq(ram[M8_FILLP + 1], 0xab);
    cr_assert_eq(ram[M8_FILLP_FLAGS], 1);
    /* without bit 0x1000.0000 the other bits are ignored */
    cr_assert_eq(m8_gfx_color_arg(ram, (int32_t)0x06070000u), 0);
    cr_assert_eq(ram[M8_PEN], 7);
    cr_assert_eq(ram[M8_FILLP], 0xcd);
    /* invert needs 0x5f34&2 */
    cr_assert_eq(m8_gfx_color_arg(ram, (int32_t)0x18000000u), 0);
    ram[M8_COLOR_FILLP] = 2;
    cr_assert_eq(m8_gfx_color_arg(ram, (int32_t)0x18000000u), 1);
    cr_assert_eq(m8_gfx_color_arg(ram, M8_NOCOL), 0);
    /* color() observes the encoding too */
    ram[M8_COLOR_FILLP] = 1;
    m8_color(ram, (int32_t)0x13081234u);
    cr_assert_eq(ram[M8_PEN], 8);
    cr_assert_eq(ram[M8_FILLP], 0x34);
    cr_assert_eq(ram[M8_FILLP_FLAGS], 3);
}

Test(gfx_state, bitplane_mask_applies_to_drawing)
{
    m8_cls(ram, 0xc);              /* 1100 */
    ram[M8_BITPLANE_MASK] = 0x3f;  /* write planes 0-3, read planes 0-1 */
    m8_pset(ram, 0, 0, COL(7));    /* 0111 & 0011 = 0011 into all planes -> 0011 */
    cr_assert_eq(pix(0, 0), 3);
    ram[M8_BITPLANE_MASK] = 0xf1;  /* write plane 0 only */
    m8_pset(ram, 1, 0, COL(7));    /* (1100 & ~0001) | (0111 & 0001) = 1101 */
    cr_assert_eq(pix(1, 0), 13);
    m8_rectfill(ram, 2, 0, 5, 0, COL(7));
    cr_assert_eq(pix(3, 0), 13);
}
