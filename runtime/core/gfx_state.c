/* gfx_state.c - draw state: reset defaults, cls, camera, clip, pen, palettes, palt, fillp,
 * and the colour-argument encoding of reference 8.3 (0x5f34).
 *
 * All state is bytes of the RAM image (0x5f00-0x5f7f, reference 1.9/1.10/1.14); nothing is
 * cached, so poke() and peek() see exactly what these calls do. Depends on: ram.h,
 * pixel.h, gfx.h, gfx_internal.h. */
#include <string.h>
#include "gfx.h"
#include "gfx_internal.h"

void m8_ram_reset_draw_state(uint8_t *ram)
{
    /* 0x5f44-0x5f53 (PRNG state, held buttons) is machine state and survives. */
    memset(ram + M8_DRAW, 0, M8_RNG_STATE - M8_DRAW);
    memset(ram + M8_MAP_GFX_ADDR, 0, M8_GPIO - M8_MAP_GFX_ADDR);
    for (int i = 0; i < 16; i++) {
        ram[M8_DRAW_PAL + i] = (uint8_t)i;
        ram[M8_SCREEN_PAL + i] = (uint8_t)i;
        ram[M8_SECONDARY_PAL + i] = (uint8_t)i;
    }
    ram[M8_DRAW_PAL] |= 0x10;
    ram[M8_CLIP_X1] = 128;
    ram[M8_CLIP_Y1] = 128;
    ram[M8_PEN] = 6;
    ram[M8_LINE_STATE] = 1;            /* [?] first line(x,y) after reset only moves */
    ram[M8_MAP_GFX_ADDR] = 0x00;
    ram[M8_MAP_SCREEN_ADDR] = 0x60;
    ram[M8_MAP_MAP_ADDR] = 0x20;
    ram[M8_MAP_WIDTH] = 0x80;
    ram[M8_BITPLANE_MASK] = 0xff;
}

void m8_gfx_reset(uint8_t *ram) { m8_ram_reset_draw_state(ram); }

int m8_gfx_color_arg(uint8_t *ram, int32_t col)
{
    if (col == M8_NOCOL) return 0;
    uint32_t u = (uint32_t)col;
    ram[M8_PEN] = (uint8_t)(u >> 16);
    if ((ram[M8_COLOR_FILLP] & 1) && (u & 0x10000000u)) {
        m8_poke_16(ram, M8_FILLP, (uint16_t)u);
        ram[M8_FILLP_FLAGS] = (uint8_t)((u >> 24) & 7);
    }
    return (ram[M8_COLOR_FILLP] & 2) && (u & 0x08000000u);
}

int m8_gfx_general_only;

m8_ink m8_gfx_ink(uint8_t *ram, int32_t col, int *invert)
{
    int inv = m8_gfx_color_arg(ram, col);
    if (invert) *invert = inv;
    m8_ink k;
    uint8_t pen = ram[M8_PEN], flags = ram[M8_FILLP_FLAGS];
    k.pat = (uint16_t)(ram[M8_FILLP] | (ram[M8_FILLP + 1] << 8));
    k.transp = flags & 1;
    if (flags & 4) {
        /* 0x0.2: secondary palette applied after the draw palette; its two nibbles are the
         * colours for pattern bits 0 and 1 (manual example: pal(12,0x87,2) -> 7 and 8). */
        uint8_t sec = ram[M8_SECONDARY_PAL + m8_draw_pal(ram, pen)];
        k.c0 = sec & 15;
        k.c1 = sec >> 4;
    } else {
        k.c0 = (uint8_t)m8_draw_pal(ram, pen & 15);
        k.c1 = (uint8_t)m8_draw_pal(ram, pen >> 4);
    }
    return k;
}

void m8_cls(uint8_t *ram, int col)
{
    uint32_t base = m8_screen_base(ram);
    int c = col & 15;
    if (ram[M8_BITPLANE_MASK] == 0xff && base + 0x2000 <= 0x10000) {
        memset(ram + base, c | c << 4, 0x2000);
    } else if (ram[M8_BITPLANE_MASK] == 0xff) {
        for (uint32_t i = 0; i < 0x2000; i++) ram[(base + i) & 0xffff] = (uint8_t)(c | c << 4);
    } else {
        for (int y = 0; y < 128; y++)
            for (int x = 0; x < 128; x++) m8_surface_write(ram, base, x, y, c);
    }
    ram[M8_CLIP_X0] = ram[M8_CLIP_Y0] = 0;
    ram[M8_CLIP_X1] = ram[M8_CLIP_Y1] = 128;
    ram[M8_CURSOR_X] = ram[M8_CURSOR_Y] = 0;
    ram[M8_PRINT_HOME_X] = 0;
}

void m8_camera(uint8_t *ram, int x, int y, int *old_x, int *old_y)
{
    if (old_x) *old_x = m8_camera_x(ram);
    if (old_y) *old_y = m8_camera_y(ram);
    m8_poke_16(ram, M8_CAMERA_X, (uint16_t)x);
    m8_poke_16(ram, M8_CAMERA_Y, (uint16_t)y);
}

static void clip_old(const uint8_t *ram, int old[4])
{
    if (!old) return;
    old[0] = ram[M8_CLIP_X0];
    old[1] = ram[M8_CLIP_Y0];
    old[2] = ram[M8_CLIP_X1] - ram[M8_CLIP_X0];
    old[3] = ram[M8_CLIP_Y1] - ram[M8_CLIP_Y0];
}

static int clamp128(int64_t v) { return v < 0 ? 0 : v > 128 ? 128 : (int)v; }

void m8_clip(uint8_t *ram, int x, int y, int w, int h, int previous, int old[4])
{
    clip_old(ram, old);
    int64_t x0 = x, y0 = y, x1 = (int64_t)x + w, y1 = (int64_t)y + h;
    if (previous) {
        if (x0 < ram[M8_CLIP_X0]) x0 = ram[M8_CLIP_X0];
        if (y0 < ram[M8_CLIP_Y0]) y0 = ram[M8_CLIP_Y0];
        if (x1 > ram[M8_CLIP_X1]) x1 = ram[M8_CLIP_X1];
        if (y1 > ram[M8_CLIP_Y1]) y1 = ram[M8_CLIP_Y1];
    }
    int cx0 = clamp128(x0), cy0 = clamp128(y0), cx1 = clamp128(x1), cy1 = clamp128(y1);
    if (cx1 < cx0) cx1 = cx0;
    if (cy1 < cy0) cy1 = cy0;
    ram[M8_CLIP_X0] = (uint8_t)cx0;
    ram[M8_CLIP_Y0] = (uint8_t)cy0;
    ram[M8_CLIP_X1] = (uint8_t)cx1;
    ram[M8_CLIP_Y1] = (uint8_t)cy1;
}

void m8_clip_reset(uint8_t *ram, int old[4])
{
    clip_old(ram, old);
    ram[M8_CLIP_X0] = ram[M8_CLIP_Y0] = 0;
    ram[M8_CLIP_X1] = ram[M8_CLIP_Y1] = 128;
}

int m8_color(uint8_t *ram, int32_t col)
{
    int prev = ram[M8_PEN];
    if (col == M8_NOCOL) ram[M8_PEN] = 6;
    else m8_gfx_color_arg(ram, col);
    return prev;
}

int m8_pal_set(uint8_t *ram, int c0, int c1, int p)
{
    int i = c0 & 15, prev;
    switch (p) {
    case 0:
        prev = ram[M8_DRAW_PAL + i] & 15;
        ram[M8_DRAW_PAL + i] = (uint8_t)((ram[M8_DRAW_PAL + i] & 0x10) | (c1 & 15));
        return prev;
    case 1:
        prev = ram[M8_SCREEN_PAL + i];
        ram[M8_SCREEN_PAL + i] = (uint8_t)c1;
        return prev;
    case 2:
        prev = ram[M8_SECONDARY_PAL + i];
        ram[M8_SECONDARY_PAL + i] = (uint8_t)c1;
        return prev;
    default:
        return 0;
    }
}

void m8_pal_reset(uint8_t *ram, int p)
{
    for (int i = 0; i < 16; i++) {
        if (p < 0 || p == 0) ram[M8_DRAW_PAL + i] = (uint8_t)(i | (i == 0 ? 0x10 : 0));
        if (p < 0 || p == 1) ram[M8_SCREEN_PAL + i] = (uint8_t)i;
        if (p < 0 || p == 2) ram[M8_SECONDARY_PAL + i] = (uint8_t)i;
    }
}

int m8_palt_set(uint8_t *ram, int c, int t)
{
    int i = c & 15;
    int prev = (ram[M8_DRAW_PAL + i] & 0x10) != 0;
    ram[M8_DRAW_PAL + i] = (uint8_t)((ram[M8_DRAW_PAL + i] & ~0x10) | (t ? 0x10 : 0));
    return prev;
}

static int palt_get_bits(const uint8_t *ram)
{
    int bits = 0;
    for (int i = 0; i < 16; i++)
        if (ram[M8_DRAW_PAL + i] & 0x10) bits |= 1 << (15 - i);
    return bits;
}

int m8_palt_bits(uint8_t *ram, int bits)
{
    int prev = palt_get_bits(ram);
    for (int i = 0; i < 16; i++) m8_palt_set(ram, i, (bits >> (15 - i)) & 1);
    return prev;
}

int m8_palt_reset(uint8_t *ram) { return m8_palt_bits(ram, 0x8000); }

int32_t m8_fillp(uint8_t *ram, int32_t p)
{
    uint32_t u = (uint32_t)p;
    uint32_t prev_pat = ram[M8_FILLP] | (ram[M8_FILLP + 1] << 8);
    uint8_t pf = ram[M8_FILLP_FLAGS];
    uint32_t prev = prev_pat << 16 | (uint32_t)(pf & 1) << 15 | (uint32_t)((pf >> 1) & 1) << 14 |
                    (uint32_t)((pf >> 2) & 1) << 13;
    m8_poke_16(ram, M8_FILLP, (uint16_t)(u >> 16));
    ram[M8_FILLP_FLAGS] = (uint8_t)(((u >> 15) & 1) | ((u >> 13) & 2) | ((u >> 11) & 4));
    return (int32_t)prev;
}
