/* test_devkit.c - the devkit keyboard and mouse of reference 10.5 through mote8_input:
 * stat(30)/stat(31) hand out this tick's typed characters one by one only after
 * poke(0x5f2d,1); stat(32-34) position and buttons, stat(36) wheel, stat(38/39) movement;
 * poke(0x5f2d,4): mouse buttons as btn(4)-btn(6). */
#include <criterion/criterion.h>
#include <string.h>
#include "m8_test_util.h"

Test(devkit, typed_characters_need_the_devkit_bit)
{
    m8t_capture cap = { 0 };
    mote8 *m8 = m8t_start("function _update()\n"
                          " local s='' while stat(30) do s=s..stat(31) end\n"
                          " printh(t()..':'..s..':'..stat(32)..','..stat(33)..','..stat(34)..','..stat(36)..','..stat(38)..','..stat(39))\n"
                          " if t()>0 then poke(0x5f2d,1) end\n"
                          "end\n", &cap);
    mote8_input in;
    memset(&in, 0, sizeof in);
    strcpy(in.keys, "ab");
    in.mouse_x = 10;
    in.mouse_y = 20;
    in.mouse_buttons = 2;
    in.mouse_wheel = -1;
    in.mouse_dx = 3;
    in.mouse_dy = -4;
    for (int i = 0; i < 3; i++) cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING, "%s", mote8_error(m8));
    memset(in.keys, 0, sizeof in.keys);
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_str_eq(cap.text, "0::10,20,2,-1,3,-4\n"          /* devkit off: no keys */
                               "0.0333::10,20,2,-1,3,-4\n"     /* poked at the end of this tick */
                               "0.0667:ab:10,20,2,-1,3,-4\n"
                               "0.1::10,20,2,-1,3,-4\n");
    mote8_destroy(m8);
}

/* poke(0x5f2d,4): the mouse buttons also press btn(4), btn(5), btn(6) (left, right, middle);
 * without the bit they do not. */
Test(devkit, mouse_buttons_as_btn_with_bit_2)
{
    m8t_capture cap = { 0 };
    mote8 *m8 = m8t_start("function _update()\n"
                          " printh(tostr(btn(4))..tostr(btn(5))..tostr(btn(6)))\n"
                          " poke(0x5f2d,1|4)\n"
                          "end\n", &cap);
    mote8_input in;
    memset(&in, 0, sizeof in);
    in.mouse_buttons = 1 | 4;
    for (int i = 0; i < 2; i++) cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING, "%s", mote8_error(m8));
    in.mouse_buttons = 2;
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_str_eq(cap.text, "falsefalsefalse\n"     /* bit not set yet */
                               "truefalsetrue\n"       /* left and middle */
                               "falsetruefalse\n");    /* right */
    mote8_destroy(m8);
}

/* The host reads the cart's devkit flags (pointer lock is the window's to carry out). */
Test(devkit, flags_for_the_host)
{
    mote8 *m8 = m8t_start("function _update() poke(0x5f2d,1|16) end\n", NULL);
    cr_expect_eq(mote8_devkit_flags(m8), 0);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_eq(mote8_devkit_flags(m8), MOTE8_DEVKIT_INPUT | MOTE8_DEVKIT_POINTER_LOCK);
    mote8_destroy(m8);
}
