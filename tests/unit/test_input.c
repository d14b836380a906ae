/* test_input.c - btn/btnp state and the auto-repeat rule of reference 10.4. */
#include <criterion/criterion.h>
#include <string.h>
#include "input.h"
#include "ram.h"

static uint8_t ram[M8_RAM_SIZE];

static void hold(m8_input *in, int frames, uint8_t p0)
{
    uint8_t held[M8_PLAYERS] = { p0 };
    for (int i = 0; i < frames; i++) m8_input_latch(in, ram, held);
}

/* The updates (1-based) on which btnp(4) is true while O is held for `frames` updates. */
static int pressed_frames(int fps60, int frames, int *out, int max)
{
    m8_input in;
    memset(&in, 0, sizeof in);
    uint8_t held[M8_PLAYERS] = { 1 << 4 };
    int n = 0;
    for (int f = 1; f <= frames; f++) {
        m8_input_latch(&in, ram, held);
        if (m8_btnp(&in, ram, 4, 0, fps60) && n < max) out[n++] = f;
    }
    return n;
}

Test(input, btnp_default_repeat_at_30fps)
{
    memset(ram, 0, sizeof ram);
    int got[16];
    int n = pressed_frames(0, 30, got, 16);
    /* first update, then after 15 updates, then every 4 */
    int want[] = { 1, 16, 20, 24, 28 };
    cr_assert_eq(n, 5);
    for (int i = 0; i < n; i++) cr_expect_eq(got[i], want[i], "press %d", i);
}

Test(input, btnp_same_real_time_at_60fps)
{
    memset(ram, 0, sizeof ram);
    int got[16];
    int n = pressed_frames(1, 50, got, 16);
    int want[] = { 1, 31, 39, 47 };
    cr_assert_eq(n, 4);
    for (int i = 0; i < n; i++) cr_expect_eq(got[i], want[i]);
}

Test(input, btnp_honours_5f5c_5f5d)
{
    memset(ram, 0, sizeof ram);
    ram[M8_BTNP_DELAY] = 2;
    ram[M8_BTNP_INTERVAL] = 1;
    int got[16];
    int n = pressed_frames(0, 6, got, 16);
    int want[] = { 1, 3, 4, 5, 6 };
    cr_assert_eq(n, 5);
    for (int i = 0; i < n; i++) cr_expect_eq(got[i], want[i]);
    ram[M8_BTNP_DELAY] = 255;   /* never repeat */
    n = pressed_frames(0, 40, got, 16);
    cr_expect_eq(n, 1);
}

Test(input, btn_bits_and_ram_mirror)
{
    memset(ram, 0, sizeof ram);
    m8_input in;
    memset(&in, 0, sizeof in);
    uint8_t held[M8_PLAYERS] = { 0x11, 0x22, 0, 0, 0, 0, 0, 0x3f };
    m8_input_latch(&in, ram, held);
    cr_expect_eq(m8_btn_bits(&in), 0x11 | (0x22 << 8));
    cr_expect(m8_btn(&in, 0, 0));
    cr_expect(m8_btn(&in, 4, 0));
    cr_expect(!m8_btn(&in, 1, 0));
    cr_expect(m8_btn(&in, 5, 7));
    cr_expect(!m8_btn(&in, 9, 0));
    cr_expect(!m8_btn(&in, 0, 8));
    cr_expect_eq(ram[M8_BUTTONS + 0], 0x11);
    cr_expect_eq(ram[M8_BUTTONS + 7], 0x3f);
    cr_expect_eq(m8_btnp_bits(&in, ram, 0), 0x11 | (0x22 << 8));
    hold(&in, 1, 0x11);
    cr_expect_eq(m8_btnp_bits(&in, ram, 0), 0);   /* still held: no new press */
    hold(&in, 1, 0);
    cr_expect_eq(m8_btn_bits(&in), 0);
}
