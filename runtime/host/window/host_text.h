/* host_text.h - text the window draws itself (cost overlay, pause menu, launcher, capture paths) at window
 * resolution, in the project's font (mote8_glyph of api/mote8.h).
 * Depends on: SDL2. */
#ifndef M8_HOST_TEXT_H
#define M8_HOST_TEXT_H

#include <SDL.h>

/* Draw P8SCII `s` with its top-left at x,y, each font pixel `scale` window pixels, in the
 * renderer's draw colour. Characters 128-255 advance 8 pixels, the rest 4; control codes
 * are drawn as '?'. Returns the x after the last character. */
int m8_host_draw_text(SDL_Renderer *r, int x, int y, int scale, const char *s);

/* The same for host text in ASCII (a file name, a path, a message) in its own case: lower
 * case is drawn with the font's small letters (its "puny" A-Z glyphs), upper case with its
 * capitals, so "MyCart.p8" never reads as "mYcART.P8" or as "MYCART.P8". */
int m8_host_draw_name(SDL_Renderer *r, int x, int y, int scale, const char *s);

#endif
