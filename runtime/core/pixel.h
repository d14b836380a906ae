/* pixel.h - the one place a drawing operation writes a screen pixel.
 *
 * Every rasteriser (shapes, sprites, map, tline, text) ends in m8_plot() or, for runs of
 * pixels already clipped by the caller, in m8_surface_write(): together they apply the clip
 * rectangle (0x5f20-0x5f23), the screen remapping (0x5f55) and the bit-plane mask
 * (0x5f5e, reference 1.10: new = (old & ~w) | (src & w & r)). Coordinates are screen
 * coordinates: the caller has already subtracted the camera. The colour is the final
 * 4-bit index after the draw palette. Depends on: ram.h. */
#ifndef M8_PIXEL_H
#define M8_PIXEL_H

#include "ram.h"

/* Base address of the screen drawn to (0x5f55 high byte; 0x00/0x60/0x80+ accepted). */
static inline uint32_t m8_screen_base(const uint8_t *ram)
{
    return (uint32_t)ram[M8_MAP_SCREEN_ADDR] << 8;
}

/* Base address of the sprite sheet read by spr/sspr/sget (0x5f54 high byte). */
static inline uint32_t m8_gfx_base(const uint8_t *ram)
{
    return (uint32_t)ram[M8_MAP_GFX_ADDR] << 8;
}

static inline int m8_in_clip(const uint8_t *ram, int x, int y)
{
    return x >= ram[M8_CLIP_X0] && y >= ram[M8_CLIP_Y0] &&
           x < ram[M8_CLIP_X1] && y < ram[M8_CLIP_Y1];
}

/* Inlined whatever the optimiser's sums say (GCC and clang): the one pixel store of every
 * loop, which a call would cost more than it does. */
#if defined(__GNUC__)
#define M8_PIXEL_INLINE static inline __attribute__((always_inline))
#else
#define M8_PIXEL_INLINE static inline
#endif

/* Write a 4-bit pixel to a 128x128 4bpp surface at `base`, with the bit-plane mask.
 * No clipping: x, y must be in 0..127. With the reset mask 0xff this is a plain nibble store. */
M8_PIXEL_INLINE void m8_surface_write(uint8_t *ram, uint32_t base, int x, int y, int col)
{
    uint32_t a = (base + (uint32_t)y * 64 + (uint32_t)(x >> 1)) & 0xffff;
    uint8_t mask = ram[M8_BITPLANE_MASK];
    int v = col & 15;
    if (mask != 0xff) {
        int old = (x & 1) ? ram[a] >> 4 : ram[a] & 15;
        int w = mask & 15, r = mask >> 4;
        v = (old & ~w) | (col & w & r);
    }
    if (x & 1) ram[a] = (uint8_t)((ram[a] & 0x0f) | (v << 4));
    else ram[a] = (uint8_t)((ram[a] & 0xf0) | (v & 15));
}

/* Plot a final colour at screen coordinates if inside the screen and the clip rectangle. */
static inline void m8_plot(uint8_t *ram, int x, int y, int col)
{
    if ((unsigned)x >= 128 || (unsigned)y >= 128 || !m8_in_clip(ram, x, y)) return;
    m8_surface_write(ram, m8_screen_base(ram), x, y, col);
}

/* Read a 4-bit pixel from a 128x128 4bpp surface at `base` (no clipping). */
static inline int m8_surface_read(const uint8_t *ram, uint32_t base, int x, int y)
{
    uint8_t b = ram[(base + (uint32_t)y * 64 + (uint32_t)(x >> 1)) & 0xffff];
    return (x & 1) ? b >> 4 : b & 15;
}

/* Draw palette lookup (0x5f00): colour substituted when drawing colour c. */
static inline int m8_draw_pal(const uint8_t *ram, int c)
{
    return ram[M8_DRAW_PAL + (c & 15)] & 15;
}

static inline int m8_is_transparent(const uint8_t *ram, int c)
{
    return (ram[M8_DRAW_PAL + (c & 15)] & 0x10) != 0;
}

static inline int m8_camera_x(const uint8_t *ram) { return m8_peek_s16(ram, M8_CAMERA_X); }
static inline int m8_camera_y(const uint8_t *ram) { return m8_peek_s16(ram, M8_CAMERA_Y); }

#endif
