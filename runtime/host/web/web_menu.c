/* web_menu.c - the web player's pause menu: see web_menu.h. The lines and what a key does
 * are the shared model's (common/pause_menu.c: continue, the cart's menuitem() entries with
 * left/right/confirm, the load() breadcrumb, reset cart); the exits are the page's: "exit to
 * carts" on the bundled carts' page (the page goes back to the grid), none on an exported
 * page. Drawn as the window draws it (window/window.c, draw_menu) but in screen pixels, into
 * the RGB buffer the page scales (common/menu_picture.c, shared with the libretro core).
 * The page calls:
 *   m8web_menu_set_exits(launcher)  1: an "exit to carts" line (the bundled carts' page);
 *   m8web_menu_toggle()             open, or close as "continue" (mote8Pause());
 *   m8web_menu_key(key)             0-5: up down left right confirm back (the page's Enter,
 *                                   Escape, P; directions and O/X come as held buttons);
 *   m8web_menu_state()              0 closed, 1 open, 2 "exit to carts" chosen (closed);
 *   m8web_menu_selected(), m8web_menu_count(), m8web_menu_label(i): the lines of the menu
 *                                   open or last open (the test hook).
 * Depends on: web_menu.h, common/pause_menu.h, common/menu_picture.h, api/mote8.h,
 * emscripten.h. */
#include <emscripten.h>
#include <string.h>
#include "menu_picture.h"
#include "pause_menu.h"
#include "web_menu.h"

static struct {
    m8_pause_menu pm;
    m8_pause_menu_exits exits;
    int exit_chosen;            /* "exit to carts" was confirmed: the page leaves */
} menu;

void web_menu_started(void)
{
    memset(&menu.pm, 0, sizeof menu.pm);
    menu.exit_chosen = 0;
}

int web_menu_is_open(void) { return menu.pm.open; }

static void open_menu(mote8 *m8)
{
    m8_pause_menu_open_with(&menu.pm, m8, &menu.exits);
    menu.exit_chosen = 0;
}

/* One key in the open menu, its action carried out; the screen redrawn. */
static void press(enum m8_menu_key key)
{
    mote8 *m8 = web_host_machine();
    if (!m8 || !menu.pm.open) return;
    enum m8_menu_action action = m8_pause_menu_key(&menu.pm, m8, key);
    if (action == M8_MENU_RESET) web_host_reset();
    if (action == M8_MENU_LAUNCHER) menu.exit_chosen = 1;
    web_host_redraw();
}

int web_menu_buttons(int before, int now)
{
    if (!menu.pm.open) return 0;
    static const enum m8_menu_key by_button[6] = { M8_MENU_LEFT, M8_MENU_RIGHT, M8_MENU_UP,
                                                   M8_MENU_DOWN, M8_MENU_CONFIRM, M8_MENU_CONFIRM };
    int pressed = now & ~before;
    for (int b = 0; b < 6 && menu.pm.open; b++)
        if (pressed >> b & 1) press(by_button[b]);
    return 1;
}

void web_menu_after_tick(mote8 *m8)
{
    if (mote8_pause_requested(m8) && !menu.pm.open) open_menu(m8);
}

void web_menu_draw(uint8_t *rgb) { m8_pause_menu_draw_rgb(&menu.pm, rgb); }

/* --- the interface the page calls --- */

EMSCRIPTEN_KEEPALIVE void m8web_menu_set_exits(int launcher)
{
    menu.exits.launcher = launcher ? "exit to carts" : NULL;
    menu.exits.quit = 0;                    /* a page cannot close its own window */
}

EMSCRIPTEN_KEEPALIVE void m8web_menu_toggle(void)
{
    mote8 *m8 = web_host_machine();
    if (!m8) return;
    if (menu.pm.open) press(M8_MENU_BACK);
    else open_menu(m8);
    web_host_redraw();
}

EMSCRIPTEN_KEEPALIVE void m8web_menu_key(int key)
{
    if (key >= M8_MENU_UP && key <= M8_MENU_BACK) press((enum m8_menu_key)key);
}

EMSCRIPTEN_KEEPALIVE int m8web_menu_state(void)
{
    return menu.pm.open ? 1 : menu.exit_chosen ? 2 : 0;
}

EMSCRIPTEN_KEEPALIVE int m8web_menu_selected(void) { return menu.pm.selected; }
EMSCRIPTEN_KEEPALIVE int m8web_menu_count(void) { return menu.pm.count; }
EMSCRIPTEN_KEEPALIVE const char *m8web_menu_label(int i)
{
    return i >= 0 && i < menu.pm.count ? menu.pm.labels[i] : "";
}
