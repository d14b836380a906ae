/* window_place.h - one window size for the whole session: the launcher and each cart it
 * runs open their window where and as large as the last one was when it closed (the
 * player's resizing and fullscreen included), so going from the launcher to a cart and
 * back never changes the size. The first window of the process takes --scale, else the
 * settings' scale, else the largest of 1-6 that fits the desktop, and --fullscreen or the
 * settings' fullscreen.
 * Depends on: common/host.h (options), settings.h, SDL2. */
#ifndef M8_WINDOW_PLACE_H
#define M8_WINDOW_PLACE_H

#include <SDL.h>
#include "host.h"
#include "settings.h"

/* A resizable window titled `title` (SDL video started), or NULL (SDL_GetError says why). */
SDL_Window *m8_window_place_open(const char *title, const m8_options *opt,
                                 const m8_settings *settings);
/* Remember `window`'s size, position and fullscreen for the next window; call it before
 * destroying the window. */
void m8_window_place_keep(SDL_Window *window);

#endif
