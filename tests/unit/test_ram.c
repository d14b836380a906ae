/* test_ram.c - the memory map, reset defaults (reference 1.14), little-endian helpers and the
 * PRNG's placement in RAM (reference 7.9). */
#include <criterion/criterion.h>
#include <string.h>
#include "machine.h"
#include "ram.h"
#include "rng.h"

Test(ram, map_offsets)
{
    cr_expect_eq(M8_MAP, 0x2000);
    cr_expect_eq(M8_FLAGS, 0x3000);
    cr_expect_eq(M8_MUSIC, 0x3100);
    cr_expect_eq(M8_SFX, 0x3200);
    cr_expect_eq(M8_FONT, 0x5600);
    cr_expect_eq(M8_CARTDATA, 0x5e00);
    cr_expect_eq(M8_DRAW_PAL, 0x5f00);
    cr_expect_eq(M8_SCREEN_PAL, 0x5f10);
    cr_expect_eq(M8_HW, 0x5f40);
    cr_expect_eq(M8_SCREEN, 0x6000);
}

Test(ram, reset_defaults)
{
    static uint8_t ram[M8_RAM_SIZE];
    memset(ram, 0xaa, sizeof ram);
    m8_ram_reset_draw_state(ram);
    for (int i = 0; i < 16; i++) {
        cr_expect_eq(ram[M8_DRAW_PAL + i] & 15, i);
        cr_expect_eq(ram[M8_SCREEN_PAL + i], i);
    }
    cr_expect(ram[M8_DRAW_PAL] & 0x10, "colour 0 transparent");
    cr_expect_eq(ram[M8_DRAW_PAL + 1] & 0x10, 0);
    cr_expect_eq(ram[M8_CLIP_X0], 0);
    cr_expect_eq(ram[M8_CLIP_Y0], 0);
    cr_expect_eq(ram[M8_CLIP_X1], 128);
    cr_expect_eq(ram[M8_CLIP_Y1], 128);
    cr_expect_eq(ram[M8_PEN] & 15, 6);
    cr_expect_eq(m8_peek_s16(ram, M8_CAMERA_X), 0);
    cr_expect_eq(m8_peek_s16(ram, M8_CAMERA_Y), 0);
    cr_expect_eq(ram[M8_FILLP], 0);
    cr_expect_eq(ram[M8_MAP_SCREEN_ADDR], 0x60);
    cr_expect_eq(ram[M8_MAP_MAP_ADDR], 0x20);
    cr_expect_eq(ram[M8_MAP_WIDTH], 0x80);
    cr_expect_eq(ram[M8_BITPLANE_MASK], 0xff);
}

Test(ram, little_endian_helpers_wrap)
{
    static uint8_t ram[M8_RAM_SIZE];
    m8_poke_16(ram, 0xffff, 0x1234);
    cr_expect_eq(ram[0xffff], 0x34);
    cr_expect_eq(ram[0x0000], 0x12);
    m8_poke_32(ram, 0x100, 0xdeadbeef);
    cr_expect_eq(m8_peek_32(ram, 0x100), 0xdeadbeef);
    cr_expect_eq(ram[0x100], 0xef);
    cr_expect_eq(m8_peek_s16(ram, 0x102), (int16_t)0xdead);
}

Test(ram, rng_steps_and_lives_in_ram)
{
    static uint8_t ram[M8_RAM_SIZE];
    m8_rng_seed(ram, 0);
    /* seed 0 means 0xdeadbeef; check one step by hand from the stored words */
    uint32_t lo = m8_peek_32(ram, M8_RNG_STATE), hi = m8_peek_32(ram, M8_RNG_STATE + 4);
    uint32_t want_lo = ((lo << 16) | (lo >> 16)) + hi;
    cr_expect_eq(m8_rng_next(ram), want_lo);
    cr_expect_eq(m8_peek_32(ram, M8_RNG_STATE + 4), hi + want_lo);
    /* same seed, same sequence; range respected */
    static uint8_t a[M8_RAM_SIZE], b[M8_RAM_SIZE];
    m8_rng_seed(a, 1234 << 16);
    m8_rng_seed(b, 1234 << 16);
    for (int i = 0; i < 100; i++) {
        uint32_t x = m8_rng_rnd_raw(a, 10 << 16);
        cr_expect_eq(x, m8_rng_rnd_raw(b, 10 << 16));
        cr_expect_lt(x, 10u << 16);
    }
    uint32_t before = m8_peek_32(a, M8_RNG_STATE);
    cr_expect_eq(m8_rng_rnd_raw(a, 0), 0);
    cr_expect_eq(m8_peek_32(a, M8_RNG_STATE), before, "rnd(0) does not step");
}

Test(ram, power_on_copies_rom_and_screen_to_rgb)
{
    m8_machine *m = m8_machine_new();
    cr_assert(m);
    m->cart.rom[0x0000] = 0x21;
    m->cart.rom[0x42ff] = 0x99;
    m8_machine_power_on(m);
    cr_expect_eq(m->ram[0], 0x21);
    cr_expect_eq(m->ram[0x42ff], 0x99);
    m->ram[M8_SCREEN] = 0x8f;                  /* pixel 0 = 15 (peach), pixel 1 = 8 (red) */
    m->ram[M8_SCREEN_PAL + 15] = 0x80 | 4;     /* peach shown as extended colour 132 */
    static uint8_t rgb[128 * 128 * 3];
    m8_machine_screen_rgb(m, rgb);
    cr_expect(rgb[0] == 0x74 && rgb[1] == 0x2f && rgb[2] == 0x29, "extended 132");
    cr_expect(rgb[3] == 0xff && rgb[4] == 0x00 && rgb[5] == 0x4d, "red");
    m8_machine_free(m);
}

/* The definitions m8_ram_fill and m8_ram_copy keep (ram_block.c): byte loops on wrapped
 * addresses, the copy backwards when dst > src and dst < src + len before the wrap. */
static void reference_fill(uint8_t *ram, uint32_t dst, uint8_t v, int len)
{
    for (int i = 0; i < len; i++) ram[(dst + (uint32_t)i) & 0xffff] = v;
}

static void reference_copy(uint8_t *ram, uint32_t dst, uint32_t src, int len)
{
    if (dst > src && dst < src + (uint32_t)len) {
        for (int i = len - 1; i >= 0; i--)
            ram[(dst + (uint32_t)i) & 0xffff] = ram[(src + (uint32_t)i) & 0xffff];
    } else {
        for (int i = 0; i < len; i++)
            ram[(dst + (uint32_t)i) & 0xffff] = ram[(src + (uint32_t)i) & 0xffff];
    }
}

/* An address as a cart gives it: in 0..0xffff, near an end, near another address, or a
 * negative number (0x8000 and up as PICO-8 writes them) seen as a uint32. */
static uint32_t some_address(uint32_t *seed, uint32_t near)
{
    *seed = *seed * 1103515245u + 12345u;
    uint32_t r = *seed >> 8;
    switch (r % 5) {
    case 0: return r >> 3 & 0xffff;
    case 1: return 0x10000 - (r >> 3) % 64;
    case 2: return near + (r >> 3) % 64 - 32;
    case 3: return (uint32_t)-(int32_t)((r >> 3) % 0x8000 + 1);
    default: return (r >> 3) % 64;
    }
}

Test(ram, block_fill_and_copy_match_their_byte_loops)
{
    static uint8_t got[M8_RAM_SIZE], want[M8_RAM_SIZE];
    uint32_t seed = 99;
    for (int i = 0; i < M8_RAM_SIZE; i++) got[i] = want[i] = (uint8_t)(i * 7 + (i >> 8));
    static const int lengths[] = { 0, 1, 2, 31, 64, 100, 0x2000, 0x7fff, 0xffff, 0x10000 };
    for (int trial = 0; trial < 3000; trial++) {
        uint32_t src = some_address(&seed, 0x6000);
        uint32_t dst = some_address(&seed, src);
        seed = seed * 1103515245u + 12345u;
        int len = (trial % 3 == 0) ? lengths[(seed >> 9) % 10] : (int)((seed >> 9) % 300);
        if (trial % 4 == 0) {
            m8_ram_fill(got, dst, (uint8_t)trial, len);
            reference_fill(want, dst, (uint8_t)trial, len);
        } else {
            m8_ram_copy(got, dst, src, len);
            reference_copy(want, dst, src, len);
        }
        if (memcmp(got, want, sizeof got) != 0) {
            cr_assert_fail("trial %d: %s dst 0x%x src 0x%x len %d", trial,
                    trial % 4 == 0 ? "fill" : "copy", dst, src, len);
            return;
        }
        if (trial % 97 == 0)      /* fresh contents now and then, so copies move new bytes */
            for (int i = 0; i < M8_RAM_SIZE; i++) got[i] = want[i] = (uint8_t)(i * 13 + trial);
    }
}
