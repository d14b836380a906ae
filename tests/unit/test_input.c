/* test_input.c - btn/btnp state and the auto-repeat rule of reference 10.4; the
 * undocumented _update_buttons() and holdframe() through a running cart. */
#include <criterion/criterion.h>
#include <string.h>
#include "input.h"
#include "m8_test_util.h"
#include "ram.h"
#include "vm_internal.h"

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

/* ---- _update_buttons() and holdframe() (undocumented PICO-8 functions, api/api_compat.c) ---- */

static void press(mote8 *m8, int buttons)
{
    mote8_input in = { 0 };
    in.buttons[0] = (uint8_t)buttons;
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING, "%s", mote8_error(m8));
}

Test(input, update_buttons_moves_btnp_on_between_two_updates)
{
    /* PICO-8's own compatibility line for _update60 on a 30 fps machine */
    m8t_capture cap;
    mote8 *m8 = m8t_start("function u() printh(tostr(btnp(4))..' '..tostr(btn(4))) end\n"
                          "_update=function() u() _update_buttons() u() end\n", &cap);
    press(m8, 0);
    press(m8, 16);
    cr_expect_str_eq(cap.text, "false false\nfalse false\ntrue true\nfalse true\n");
    mote8_destroy(m8);
}

Test(input, update_buttons_after_flip_sees_each_press_once)
{
    /* a hand-written loop: flip() then _update_buttons(), as carts with coroutine loops do */
    m8t_capture cap;
    mote8 *m8 = m8t_start("function _init() while true do flip() _update_buttons()\n"
                          "if btnp(5) then printh('x '..t()) end end end\n", &cap);
    int script[] = { 0, 0, 32, 32, 0, 32, 0 };
    for (int i = 0; i < 7; i++) press(m8, script[i]);
    cr_expect_str_eq(cap.text, "x 0.0667\nx 0.1667\n");
    mote8_destroy(m8);
}

static int screen_pixel(const mote8 *m8)
{
    static uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    mote8_screen_rgb(m8, rgb);
    return rgb[0] << 16 | rgb[1] << 8 | rgb[2];
}

Test(input, holdframe_keeps_the_screen_until_the_frame_ends)
{
    /* a frame that takes several ticks (its work is cut into slices): after holdframe() the
       host is shown red until the frame ends, then blue */
    mote8 *m8 = m8t_start("function _init() cls(8) flip() holdframe() cls(12)\n"
                          "for j=1,1000 do for i=1,30000 do end end flip() stop() end\n", NULL);
    press(m8, 0);                            /* red drawn, flip */
    int red = screen_pixel(m8);
    int ticks = 0;
    while (m8->status == MOTE8_RUNNING && ticks < 200) {
        mote8_tick(m8, NULL);
        ticks++;
        if (m8->status == MOTE8_RUNNING && m8->holding)
            cr_expect_eq(screen_pixel(m8), red, "tick %d shows the unfinished frame", ticks);
    }
    cr_assert_gt(ticks, 2, "the frame took %d ticks: not cut into slices", ticks);
    cr_assert_eq(m8->status, MOTE8_STOPPED, "%s", mote8_error(m8));
    cr_expect_neq(screen_pixel(m8), red, "the finished frame is shown");
    cr_expect_eq(screen_pixel(m8), 0x29adff);          /* colour 12 */
    mote8_destroy(m8);
}
