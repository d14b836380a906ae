/* pause_menu.h - the pause menu's model, shared by the hosts (no SDL, no browser): the lines
 * (continue, the cart's menuitem() entries, the breadcrumb of a load() back to the previous
 * cart, reset cart, then the host's exits: a launcher line and "exit", each optional), the
 * selection, and what a key does. The window (window/window.c: both exits) and the web
 * player (web/web_menu.c: "exit to carts" on the bundled carts' page, no "exit") draw it
 * over the dimmed picture and carry out the actions.
 * Depends on: api/mote8.h. */
#ifndef M8_PAUSE_MENU_H
#define M8_PAUSE_MENU_H

#include "mote8.h"

enum m8_menu_action { M8_MENU_STAY, M8_MENU_CONTINUE, M8_MENU_RESET, M8_MENU_LAUNCHER,
                      M8_MENU_QUIT };
enum m8_menu_key { M8_MENU_UP, M8_MENU_DOWN, M8_MENU_LEFT, M8_MENU_RIGHT, M8_MENU_CONFIRM,
                   M8_MENU_BACK };
enum m8_menu_line_kind { M8_LINE_CONTINUE, M8_LINE_CART_ITEM, M8_LINE_BACK, M8_LINE_RESET,
                         M8_LINE_LAUNCHER,
                         M8_LINE_QUIT };

#define M8_MENU_LINES (MOTE8_MENU_MAX + 4)

/* The host's exit lines, below "reset cart". */
typedef struct m8_pause_menu_exits {
    const char *launcher;       /* the launcher line's label ("exit to launcher"), or NULL */
    int quit;                   /* 1: an "exit" line */
} m8_pause_menu_exits;

typedef struct m8_pause_menu {
    int open;
    m8_pause_menu_exits exits;
    int selected;
    int count;
    char labels[M8_MENU_LINES][MOTE8_MENU_LABEL];   /* P8SCII */
    int kind[M8_MENU_LINES];                        /* enum m8_menu_line_kind */
    int item[M8_MENU_LINES];                        /* menuitem index for cart items */
} m8_pause_menu;

/* Open the menu on "continue", reading the cart's items, with both exits ("exit to
 * launcher", "exit": the window's menu). */
void m8_pause_menu_open(m8_pause_menu *pm, mote8 *m8);
/* The same with the host's own exit lines (`exits` is copied; its label must outlive the
 * menu, e.g. a string literal). */
void m8_pause_menu_open_with(m8_pause_menu *pm, mote8 *m8, const m8_pause_menu_exits *exits);
/* A key while open; returns what the host must do (the menu closes for every action but
 * STAY). Cart items run their callbacks here, and the breadcrumb line loads the previous
 * cart here (mote8_go_back; a failure shows as MOTE8_ERROR from the next tick). */
enum m8_menu_action m8_pause_menu_key(m8_pause_menu *pm, mote8 *m8, enum m8_menu_key key);

#endif
