/* test_pause_menu.c - the pause menu: the cart's menuitem() entries between "continue" and
 * "reset cart"/"exit", the host's exit lines (the web player's: "exit to carts" or none),
 * navigation, callbacks with button bits and the 0xff00 mask, keeping the menu open on
 * true, relabelling with menuitem(nil, label), callback errors, and resetting the cart. */
#include <criterion/criterion.h>
#include <string.h>
#include "m8_test_util.h"
#include "pause_menu.h"

static const char *menu_cart =
    "menuitem(1, 'sound: on', function(b) snd = not snd\n"
    "  menuitem(nil, snd and 'sound: on' or 'sound: off') printh('sound '..b) return true end)\n"
    "menuitem(0x303, 'level', function(b) printh('level '..b) end)\n"
    "menuitem(5, 'boom', function() error_here.x = 1 end)\n"
    "snd = true printh('start')\n"
    "function _update() end\n";

Test(pause_menu, lines_and_navigation)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start(menu_cart, &cap);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    m8_pause_menu pm;
    m8_pause_menu_open(&pm, m8);
    cr_assert_eq(pm.count, 7);
    const char *want[] = { "continue", "sound: on", "level", "boom", "reset cart",
                           "exit to launcher", "exit" };
    for (int i = 0; i < 7; i++) cr_expect_str_eq(pm.labels[i], want[i]);
    cr_expect_eq(pm.item[2], 3);
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_UP), M8_MENU_STAY);
    cr_expect_eq(pm.selected, 6, "up from the top wraps to exit");
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_QUIT);
    cr_expect(!pm.open);
    m8_pause_menu_open(&pm, m8);
    m8_pause_menu_key(&pm, m8, M8_MENU_UP);
    m8_pause_menu_key(&pm, m8, M8_MENU_UP);
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_LAUNCHER);
    m8_pause_menu_open(&pm, m8);
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_BACK), M8_MENU_CONTINUE);
    mote8_destroy(m8);
}

Test(pause_menu, the_hosts_exit_lines)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start(menu_cart, &cap);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    m8_pause_menu pm;
    const m8_pause_menu_exits carts_page = { "exit to carts", 0 }, exported = { NULL, 0 };
    m8_pause_menu_open_with(&pm, m8, &carts_page);
    cr_assert_eq(pm.count, 6);
    cr_expect_str_eq(pm.labels[5], "exit to carts");
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_UP), M8_MENU_STAY);
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_LAUNCHER);
    m8_pause_menu_open_with(&pm, m8, &exported);
    cr_assert_eq(pm.count, 5);
    cr_expect_str_eq(pm.labels[4], "reset cart", "no exit line below reset cart");
    m8_pause_menu_key(&pm, m8, M8_MENU_UP);
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_RESET);
    mote8_destroy(m8);
}

Test(pause_menu, callbacks_masks_and_relabel)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start(menu_cart, &cap);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    m8_pause_menu pm;
    m8_pause_menu_open(&pm, m8);
    m8_pause_menu_key(&pm, m8, M8_MENU_DOWN);                 /* sound */
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_LEFT), M8_MENU_STAY);
    cr_expect_str_eq(pm.labels[1], "sound: on", "default mask: left does not trigger");
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_STAY, "returned true");
    cr_expect_str_eq(pm.labels[1], "sound: off");
    m8_pause_menu_key(&pm, m8, M8_MENU_DOWN);                 /* level: mask 0x3 = L/R */
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_RIGHT), M8_MENU_STAY);
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_STAY,
                 "confirm is not in the mask: nothing runs, the menu stays");
    cr_expect_str_eq(cap.text, "start\nsound 32\nlevel 2\n");
    mote8_destroy(m8);
}

Test(pause_menu, callback_error_becomes_the_cart_error)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start(menu_cart, &cap);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    m8_pause_menu pm;
    m8_pause_menu_open(&pm, m8);
    pm.selected = 3;                                          /* boom */
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_CONTINUE);
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_ERROR);
    cr_expect(strstr(mote8_error(m8), "menu item") != NULL, "%s", mote8_error(m8));
    mote8_destroy(m8);
}

Test(pause_menu, reset_restarts_the_cart)
{
    m8t_capture cap;
    mote8 *m8 = m8t_start("x = (x or 0) + 1 printh('run '..x) menuitem(1,'a',function() end)\n"
                          "function _update() end\n", &cap);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    m8_pause_menu pm;
    m8_pause_menu_open(&pm, m8);
    pm.selected = pm.count - 3;
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_RESET);
    cr_assert_eq(mote8_reset(m8), 0, "%s", mote8_error(m8));
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    cr_expect_str_eq(cap.text, "run 1\nrun 1\n", "a fresh Lua state: globals are gone");
    mote8_destroy(m8);
}
