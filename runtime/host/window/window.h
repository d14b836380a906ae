/* window.h - the SDL2 window host: the launcher and a cart in a window (pause menu,
 * captures, overlay, hot reload). Its entry points are m8_launcher_run and m8_run_window.
 * Depends on: common/host.h, common/settings.h, api/mote8.h. */
#ifndef M8_WINDOW_H
#define M8_WINDOW_H

#include "host.h"
#include "settings.h"

/* The window's cart reader, through SDL_RWops (sdl_files.c). */
void *m8_sdl_read_file(const char *path, size_t *len);

/* The launcher window (launcher.c): the chosen cart (a file path or a bundled cart's
 * name: *bundled says which), or NULL when the player quit. */
const char *m8_launcher_run(const m8_options *opt, const m8_settings *settings, int *bundled);

/* m8_run_window's result besides 0 (closed) and 1 (closed on a cart error): the player
 * chose "exit to launcher" in the pause menu. */
#define M8_WINDOW_TO_LAUNCHER 3
/* `bundled`: the cart is a bundled one (m8_read_cart says), not a file (F7 keeps its
 * launcher picture). `settings` (NULL = defaults) gets the volume and mute the player sets
 * (and saves them). */
int m8_run_window(const m8_options *opt, mote8 *m8, const char *cart_name, int bundled,
                  m8_settings *settings);

#endif
