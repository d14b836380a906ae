/* test_gfx_fastpath.c - Criterion suite "gfx_fastpath": the two-pixels-per-byte paths of
 * spr/sspr/map and the span fill give exactly the pixels of a plain per-pixel reference
 * written here from the rules (sheet colour through the draw palette, transparent colours
 * skipped, clip and camera), over thousands of random sprites, positions, sizes, flips,
 * palettes and clip rectangles, odd and even x on both sides.
 * Depends on: gfx.h, pixel.h, Criterion. */
#include "test_gfx_util.h"

static uint8_t want[M8_RAM_SIZE];
static uint32_t seed = 12345;

static int rnd(int n)
{
    seed = seed * 1103515245u + 12345u;
    return (int)((seed >> 8) % (uint32_t)n);
}

static void random_state(void)
{
    gfx_setup();
    for (int i = 0; i < 0x2000; i++) ram[i] = (uint8_t)rnd(256);        /* sheet */
    for (int i = 0x6000; i < 0x8000; i++) ram[i] = (uint8_t)rnd(256);   /* screen */
    if (rnd(3) == 0) {
        for (int c = 0; c < 16; c++) {
            ram[M8_DRAW_PAL + c] = (uint8_t)rnd(16);
            if (rnd(4) == 0) ram[M8_DRAW_PAL + c] |= 0x10;              /* transparent */
        }
    }                           /* else the reset palette (its own eight-pixel path) */
    if (rnd(3) == 0) {
        int x0 = rnd(128), y0 = rnd(128);
        ram[M8_CLIP_X0] = (uint8_t)x0;
        ram[M8_CLIP_Y0] = (uint8_t)y0;
        ram[M8_CLIP_X1] = (uint8_t)(x0 + rnd(129 - x0));
        ram[M8_CLIP_Y1] = (uint8_t)(y0 + rnd(129 - y0));
    }
    if (rnd(3) == 0) {
        m8_poke_16(ram, M8_CAMERA_X, (uint16_t)(rnd(40) - 20));
        m8_poke_16(ram, M8_CAMERA_Y, (uint16_t)(rnd(40) - 20));
    }
}

static int sheet(int x, int y)
{
    if ((unsigned)x >= 128 || (unsigned)y >= 128) return 0;
    return m8_surface_read(ram, 0, x, y);
}

/* The reference: pixel (x,y) of the destination rectangle takes source (sx + i*sw/dw, ...). */
static void reference_sspr(int sx, int sy, int sw, int sh, int dx, int dy, int dw, int dh,
                           int fx, int fy)
{
    memcpy(want, ram, sizeof want);
    dx -= m8_camera_x(ram);
    dy -= m8_camera_y(ram);
    for (int j = 0; j < dh; j++)
        for (int i = 0; i < dw; i++) {
            int x = dx + i, y = dy + j;
            if ((unsigned)x >= 128 || (unsigned)y >= 128 || !m8_in_clip(ram, x, y)) continue;
            int si = fx ? dw - 1 - i : i, sj = fy ? dh - 1 - j : j;
            int c = sheet(sx + si * sw / dw, sy + sj * sh / dh);
            uint8_t p = ram[M8_DRAW_PAL + c];
            if (p & 0x10) continue;
            m8_surface_write(want, M8_SCREEN, x, y, p & 15);
        }
}

static void expect_same(const char *what, int trial)
{
    for (int a = 0x6000; a < 0x8000; a++)
        if (ram[a] != want[a])
            cr_assert_fail("%s, trial %d: screen byte 0x%04x is 0x%02x, want 0x%02x", what,
                           trial, a, ram[a], want[a]);
}

Test(gfx_fastpath, spr_matches_reference)
{
    for (int t = 0; t < 3000; t++) {
        random_state();
        int n = rnd(256), x = rnd(150) - 11, y = rnd(150) - 11;
        int w = 1 + rnd(3), h = 1 + rnd(3), fx = rnd(2), fy = rnd(2);
        reference_sspr((n % 16) * 8, (n / 16) * 8, 8 * w, 8 * h, x, y, 8 * w, 8 * h, fx, fy);
        m8_spr(ram, n, x, y, M8_FIX(w), M8_FIX(h), fx, fy);
        expect_same("spr", t);
    }
}

Test(gfx_fastpath, sspr_matches_reference)
{
    for (int t = 0; t < 3000; t++) {
        random_state();
        int sx = rnd(136) - 4, sy = rnd(136) - 4, sw = 1 + rnd(40), sh = 1 + rnd(40);
        int dw = rnd(3) == 0 ? sw : 1 + rnd(90), dh = rnd(3) == 0 ? sh : 1 + rnd(90);
        int dx = rnd(170) - 30, dy = rnd(170) - 30, fx = rnd(2), fy = rnd(2);
        reference_sspr(sx, sy, sw, sh, dx, dy, dw, dh, fx, fy);
        m8_sspr(ram, sx, sy, sw, sh, dx, dy, dw, dh, fx, fy);
        expect_same("sspr", t);
    }
}

Test(gfx_fastpath, rectfill_matches_reference)
{
    for (int t = 0; t < 2000; t++) {
        random_state();
        int x0 = rnd(170) - 20, y0 = rnd(170) - 20, x1 = rnd(170) - 20, y1 = rnd(170) - 20;
        int c = rnd(16);
        memcpy(want, ram, sizeof want);
        int cx = m8_camera_x(ram), cy = m8_camera_y(ram);
        for (int y = (y0 < y1 ? y0 : y1); y <= (y0 < y1 ? y1 : y0); y++)
            for (int x = (x0 < x1 ? x0 : x1); x <= (x0 < x1 ? x1 : x0); x++) {
                int X = x - cx, Y = y - cy;
                if ((unsigned)X >= 128 || (unsigned)Y >= 128 || !m8_in_clip(ram, X, Y)) continue;
                m8_surface_write(want, M8_SCREEN, X, Y, ram[M8_DRAW_PAL + c] & 15);
            }
        m8_rectfill(ram, x0, y0, x1, y1, COL(c));
        expect_same("rectfill", t);
    }
}
