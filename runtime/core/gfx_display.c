/* gfx_display.c - the visible frame: screen RAM 0x6000 -> RGB through the screen palette
 * (0x5f10, value & 0x8f, bit 7 = extended colours 128-143), the screen mode 0x5f2c
 * (stretch, mirror, flip, rotate) and the raster mode 0x5f5f-0x5f7f (reference 1.9, 1.10,
 * 1.12, 2). Depends on: ram.h, gfx.h, palette.h. */
#include "gfx.h"
#include "palette.h"
#include "ram.h"

/* Palette-table entry (0-31) of a screen-palette byte. */
static int pal_entry(uint8_t v)
{
    v &= 0x8f;
    return (v & 0x80) ? 16 + (v & 15) : v;
}

/* Source pixel of output pixel (ox,oy) for screen mode m; unknown modes are identity. */
static void mode_src(int m, int ox, int oy, int *sx, int *sy)
{
    int x = ox, y = oy;
    switch (m) {
    case 1: x = ox >> 1; break;
    case 2: y = oy >> 1; break;
    case 3: x = ox >> 1; y = oy >> 1; break;
    case 5: x = ox < 64 ? ox : 127 - ox; break;
    case 6: y = oy < 64 ? oy : 127 - oy; break;
    case 7: x = ox < 64 ? ox : 127 - ox; y = oy < 64 ? oy : 127 - oy; break;
    case 0x81: x = 127 - ox; break;
    case 0x82: y = 127 - oy; break;
    case 0x83: x = 127 - ox; y = 127 - oy; break;
    case 0x85: x = oy; y = 127 - ox; break;          /* 90 degrees clockwise */
    case 0x86: x = 127 - ox; y = 127 - oy; break;    /* 180 degrees */
    case 0x87: x = 127 - oy; y = ox; break;          /* 270 degrees clockwise */
    default: break;
    }
    *sx = x;
    *sy = y;
}

void m8_gfx_screen_to_rgb(const uint8_t *ram, uint8_t *rgb)
{
    uint8_t table[32][3];
    for (int i = 0; i < 32; i++) m8_palette_rgb(i, &table[i][0], &table[i][1], &table[i][2]);
    int mode = ram[M8_SCREEN_MODE];
    uint8_t raster = ram[M8_RASTER_MODE];
    for (int oy = 0; oy < 128; oy++) {
        /* the palette of this output scanline */
        uint8_t lut[16];
        int swap = (raster & 0xf0) == 0x10 && ((ram[M8_RASTER_ROWS + (oy >> 3)] >> (oy & 7)) & 1);
        for (int c = 0; c < 16; c++)
            lut[c] = (uint8_t)pal_entry(ram[(swap ? M8_SECONDARY_PAL : M8_SCREEN_PAL) + c]);
        if ((raster & 0xf0) == 0x30)   /* gradient: colour n takes entry oy/8 of 0x5f60 */
            lut[raster & 15] = (uint8_t)pal_entry(ram[M8_SECONDARY_PAL + (oy >> 3)]);
        for (int ox = 0; ox < 128; ox++) {
            int sx, sy;
            mode_src(mode, ox, oy, &sx, &sy);
            uint8_t b = ram[M8_SCREEN + sy * 64 + (sx >> 1)];
            const uint8_t *e = table[lut[(sx & 1) ? b >> 4 : b & 15]];
            uint8_t *o = rgb + (oy * 128 + ox) * 3;
            o[0] = e[0];
            o[1] = e[1];
            o[2] = e[2];
        }
    }
}
