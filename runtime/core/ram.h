/* ram.h - the PICO-8 memory map of mote8's 64 KiB RAM and 32 KiB cart ROM.
 *
 * RAM is the single source of truth: every API call reads and writes these bytes.
 * Addresses and defaults follow ../shared/spec/pico8-reference.md section 1.
 * Depends on: nothing (C11 only). */
#ifndef M8_RAM_H
#define M8_RAM_H

#include <stdint.h>
#include <string.h>

#define M8_RAM_SIZE 0x10000
#define M8_ROM_SIZE 0x8000          /* 0x0000-0x42ff data, 0x4300-0x7fff code */
#define M8_ROM_DATA_SIZE 0x4300     /* the part of the ROM copied into RAM */

/* --- regions (section 1.1) --- */
#define M8_GFX          0x0000  /* sprite sheet, 128x128 4bpp, low nibble = left pixel */
#define M8_SHEET_W      128     /* the sprite sheet's pixels: 64 bytes a row */
#define M8_SHEET_H      128
#define M8_GFX_SHARED   0x1000  /* sprites 128-255 == map rows 32-63 */
#define M8_MAP          0x2000  /* map rows 0-31, 128 bytes per row */
#define M8_FLAGS        0x3000  /* sprite flags, one byte per sprite */
#define M8_MUSIC        0x3100  /* 64 patterns x 4 bytes */
#define M8_SFX          0x3200  /* 64 sfx x 68 bytes */
#define M8_SFX_SIZE     68
#define M8_USER         0x4300  /* general-use RAM */
#define M8_FONT         0x5600  /* custom font, 2 KiB */
#define M8_CARTDATA     0x5e00  /* 64 persistent 16.16 numbers */
#define M8_DRAW         0x5f00  /* draw state, 64 bytes */
#define M8_HW           0x5f40  /* hardware state, 64 bytes */
#define M8_GPIO         0x5f80  /* 128 bytes */
#define M8_SCREEN       0x6000  /* 128x128 4bpp */
#define M8_UPPER        0x8000  /* general-use / remappable */

/* --- draw state 0x5f00-0x5f3f (section 1.9) --- */
#define M8_DRAW_PAL      0x5f00 /* 16 bytes: low nibble colour, 0x10 transparent */
#define M8_SCREEN_PAL    0x5f10 /* 16 bytes: low nibble colour, 0x80 extended */
#define M8_CLIP_X0       0x5f20
#define M8_CLIP_Y0       0x5f21
#define M8_CLIP_X1       0x5f22 /* exclusive */
#define M8_CLIP_Y1       0x5f23 /* exclusive */
#define M8_PRINT_HOME_X  0x5f24
#define M8_PEN           0x5f25 /* low nibble primary, high nibble secondary */
#define M8_CURSOR_X      0x5f26
#define M8_CURSOR_Y      0x5f27
#define M8_CAMERA_X      0x5f28 /* s16 LE */
#define M8_CAMERA_Y      0x5f2a /* s16 LE */
#define M8_SCREEN_MODE   0x5f2c
#define M8_DEVKIT        0x5f2d
#define M8_KEEP_PAL      0x5f2e
#define M8_MUSIC_PAUSE   0x5f2f
#define M8_SWALLOW_PAUSE 0x5f30
#define M8_FILLP         0x5f31 /* u16 LE */
#define M8_FILLP_FLAGS   0x5f33
#define M8_COLOR_FILLP   0x5f34 /* 1: colour args carry fill patterns, 2: inverted fills */
#define M8_LINE_STATE    0x5f35
#define M8_MISC_FLAGS    0x5f36
#define M8_NO_RELOAD     0x5f37
#define M8_TLINE_MASK_X  0x5f38
#define M8_TLINE_MASK_Y  0x5f39
#define M8_TLINE_OFF_X   0x5f3a
#define M8_TLINE_OFF_Y   0x5f3b
#define M8_LINE_END_X    0x5f3c /* s16 LE */
#define M8_LINE_END_Y    0x5f3e /* s16 LE */

/* 0x5f36 bits */
#define M8_MISC_NO_NEWLINE   0x04
#define M8_MISC_SPRITE0      0x08
#define M8_MISC_OOB_VALUES   0x10
#define M8_MISC_NO_SCROLL    0x40
#define M8_MISC_CHAR_WRAP    0x80

/* --- hardware state 0x5f40-0x5f7f (section 1.10) --- */
#define M8_AUDIO_HALFRATE 0x5f40
#define M8_AUDIO_REVERB   0x5f41
#define M8_AUDIO_DISTORT  0x5f42
#define M8_AUDIO_DAMPEN   0x5f43
#define M8_RNG_STATE      0x5f44 /* two u32 LE words: 0x5f44 (output, "lo"), 0x5f48 ("hi") */
#define M8_BUTTONS        0x5f4c /* 8 bytes, held buttons of players 0-7 */
#define M8_MAP_GFX_ADDR   0x5f54 /* sprite sheet address high byte */
#define M8_MAP_SCREEN_ADDR 0x5f55
#define M8_MAP_MAP_ADDR   0x5f56
#define M8_MAP_WIDTH      0x5f57
#define M8_PRINT_ATTRS    0x5f58
#define M8_PRINT_CHAR_SIZE 0x5f59 /* also sget() out-of-range value */
#define M8_PRINT_CHAR_W2  0x5f5a /* also mget() out-of-range value */
#define M8_PRINT_OFFSET   0x5f5b /* also pget() out-of-range value */
#define M8_BTNP_DELAY     0x5f5c
#define M8_BTNP_INTERVAL  0x5f5d
#define M8_BITPLANE_MASK  0x5f5e
#define M8_RASTER_MODE    0x5f5f
#define M8_SECONDARY_PAL  0x5f60 /* 16 bytes */
#define M8_RASTER_ROWS    0x5f70 /* 16 bytes, one bit per screen row */

/* --- cart ROM trailer (section 5.1) --- */
#define M8_ROM_CODE       0x4300
#define M8_ROM_CODE_SIZE  0x3d00

/* Compile-time checks that the map is laid out as the reference says. */
_Static_assert(M8_SFX + 64 * M8_SFX_SIZE == M8_USER, "sfx region ends at 0x4300");
_Static_assert(M8_MUSIC + 64 * 4 == M8_SFX, "music region ends at 0x3200");
_Static_assert(M8_FLAGS + 256 == M8_MUSIC, "flags region ends at 0x3100");
_Static_assert(M8_FONT + 0x800 == M8_CARTDATA, "custom font is 2 KiB");
_Static_assert(M8_CARTDATA + 256 == M8_DRAW, "cart data is 256 bytes");
_Static_assert(M8_LINE_END_Y + 2 == M8_HW, "draw state is 64 bytes");
_Static_assert(M8_RASTER_ROWS + 16 == M8_GPIO, "hardware state is 64 bytes");
_Static_assert(M8_GPIO + 128 == M8_SCREEN, "gpio is 128 bytes");
_Static_assert(M8_SCREEN + 0x2000 == M8_UPPER, "screen is 8 KiB");
_Static_assert(M8_ROM_CODE + M8_ROM_CODE_SIZE == M8_ROM_SIZE, "code fills the ROM");

/* Little-endian helpers on a RAM image (addresses wrap at 64 KiB). */
static inline uint8_t m8_peek(const uint8_t *ram, uint32_t a) { return ram[a & 0xffff]; }
static inline void m8_poke(uint8_t *ram, uint32_t a, uint8_t v) { ram[a & 0xffff] = v; }
static inline int16_t m8_peek_s16(const uint8_t *ram, uint32_t a)
{
    return (int16_t)(ram[a & 0xffff] | (ram[(a + 1) & 0xffff] << 8));
}
static inline void m8_poke_16(uint8_t *ram, uint32_t a, uint16_t v)
{
    ram[a & 0xffff] = (uint8_t)v;
    ram[(a + 1) & 0xffff] = (uint8_t)(v >> 8);
}
static inline uint32_t m8_peek_32(const uint8_t *ram, uint32_t a)
{
    return (uint32_t)ram[a & 0xffff] | ((uint32_t)ram[(a + 1) & 0xffff] << 8) |
           ((uint32_t)ram[(a + 2) & 0xffff] << 16) | ((uint32_t)ram[(a + 3) & 0xffff] << 24);
}
/* Without a wrap, a little-endian host stores the word at once: the byte stores of two words
 * side by side (the PRNG's) were merged by GCC into one 8-byte store built a byte at a time. */
static inline void m8_poke_32(uint8_t *ram, uint32_t a, uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if ((a & 0xffff) <= 0xfffc) {
        memcpy(ram + (a & 0xffff), &v, 4);
        return;
    }
#endif
    for (int i = 0; i < 4; i++) ram[(a + i) & 0xffff] = (uint8_t)(v >> (8 * i));
}

/* memset's fill and memcpy's copy on a RAM image, addresses wrapping at 64 KiB; len from 0
 * to 64 KiB (the callers clamp it); the copy's direction as ram_block.c says. */
void m8_ram_fill(uint8_t *ram, uint32_t dst, uint8_t v, int len);
void m8_ram_copy(uint8_t *ram, uint32_t dst, uint32_t src, int len);

/* Restore the draw and hardware state 0x5f00-0x5f7f to the reset defaults of section 1.14
 * (the PRNG words and held buttons are kept: they are machine state, not draw state). */
void m8_ram_reset_draw_state(uint8_t *ram);

#endif
