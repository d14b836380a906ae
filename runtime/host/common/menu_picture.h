/* menu_picture.h - drawing the pause menu (pause_menu.h) into a 128x128 RGB screen, for the
 * hosts that show the machine's own pixels scaled by someone else (the web player's page,
 * the libretro core's frontend), plus the two primitives it is made of, which those hosts
 * use for their own screens (the libretro core's cart chooser). The window draws its menu
 * with SDL at its own scale instead (window/window.c).
 * Depends on: pause_menu.h, api/mote8.h. */
#ifndef M8_MENU_PICTURE_H
#define M8_MENU_PICTURE_H

#include <stdint.h>
#include "pause_menu.h"

/* The colours the menu is drawn in (the machine's 7, 6 and 10). */
#define M8_RGB_WHITE 255, 241, 232
#define M8_RGB_LIGHT_GREY 194, 195, 199
#define M8_RGB_YELLOW 255, 236, 39

/* A w x h rectangle at x,y in one colour, clipped to the screen. */
void m8_rgb_fill(uint8_t *rgb, int x, int y, int w, int h, uint8_t r, uint8_t g, uint8_t b);

/* P8SCII text at x,y in the built-in font (mote8_glyph), rows 0-5 of each glyph as the
 * window draws them; characters below 16 as '?'. Returns the x after the last character. */
int m8_rgb_text(uint8_t *rgb, int x, int y, const char *s, uint8_t r, uint8_t g, uint8_t b);

/* The open menu over the picture: the picture at a third of its brightness, a black box with
 * a white frame, one line an entry, the selected one yellow behind the P8SCII arrow. Nothing
 * when the menu is closed. */
void m8_pause_menu_draw_rgb(const m8_pause_menu *pm, uint8_t *rgb);

#endif
