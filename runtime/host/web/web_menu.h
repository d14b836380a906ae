/* web_menu.h - the web player's pause menu (web_menu.c) as web_host.c calls it: the shared
 * model (common/pause_menu.h) with the page's exit lines, opened by mote8Pause() (the page's
 * Enter/P/Escape, the touch pause button, a pad's Start) or the cart's extcmd("pause"),
 * driven by player 0's held buttons (edges) and the page's keys, and drawn in mote8's own
 * 128x128 style over the dimmed screen into the host's RGB buffer. The page's side is
 * web_menu.js; the m8web_menu_* functions it calls are in web_menu.c.
 * Depends on: api/mote8.h. */
#ifndef M8_WEB_MENU_H
#define M8_WEB_MENU_H

#include <stdint.h>
#include "mote8.h"

/* A new machine (m8web_start): the menu closed. */
void web_menu_started(void);
/* Player 0's held buttons changed from `before` to `now`: while the menu is open, each
 * newly pressed direction moves in it and O or X confirms (the pause bit is left to
 * mote8Pause()). Returns 1 when the menu used them (the machine does not see them). */
int web_menu_buttons(int before, int now);
/* After a tick: opens the menu when the cart asked (extcmd("pause")). */
void web_menu_after_tick(mote8 *m8);
/* 1 while open (the machine is not ticked). */
int web_menu_is_open(void);
/* Over the screen's RGB (128x128x3) when open: the picture dimmed and the menu. */
void web_menu_draw(uint8_t *rgb);

/* web_host.c's side, for the menu: the running machine (or NULL); the screen redrawn (the
 * machine's picture, then the menu); the menu's "reset cart". */
mote8 *web_host_machine(void);
void web_host_redraw(void);
void web_host_reset(void);

#endif
