/* window_place.c - the session's window size and place; see window_place.h.
 * Depends on: window_place.h, api/mote8.h (screen size), SDL2. */
#include "mote8.h"
#include "window_place.h"

static struct {
    int known;                  /* a window closed already */
    int x, y, w, h;             /* its last windowed place and size */
    int fullscreen;
} kept;

/* The first window's scale: the option, the setting, else what fits the desktop (1-6). */
static int first_scale(const m8_options *opt, const m8_settings *settings)
{
    if (opt->scale) return opt->scale;
    if (settings && settings->scale) return settings->scale;
    SDL_DisplayMode dm;
    int scale = 4;
    if (SDL_GetDesktopDisplayMode(0, &dm) == 0) {
        scale = (dm.h - 100) / MOTE8_HEIGHT;
        if (scale < 1) scale = 1;
        if (scale > 6) scale = 6;
    }
    return scale;
}

SDL_Window *m8_window_place_open(const char *title, const m8_options *opt,
                                 const m8_settings *settings)
{
    int x = SDL_WINDOWPOS_CENTERED, y = SDL_WINDOWPOS_CENTERED, w, h, fullscreen;
    if (kept.known) {
        x = kept.x;
        y = kept.y;
        w = kept.w;
        h = kept.h;
        fullscreen = kept.fullscreen;
    } else {
        int scale = first_scale(opt, settings);
        w = MOTE8_WIDTH * scale;
        h = MOTE8_HEIGHT * scale;
        fullscreen = opt->fullscreen || (settings && settings->fullscreen);
    }
    return SDL_CreateWindow(title, x, y, w, h,
                            SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
                                (fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0));
}

void m8_window_place_keep(SDL_Window *window)
{
    if (!window) return;
    kept.fullscreen = (SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN) != 0;
    if (!kept.fullscreen) {             /* fullscreen: keep the windowed size seen last */
        SDL_GetWindowPosition(window, &kept.x, &kept.y);
        SDL_GetWindowSize(window, &kept.w, &kept.h);
    } else if (!kept.known) {           /* fullscreen from the start: a desktop-fit size */
        kept.x = kept.y = SDL_WINDOWPOS_CENTERED;
        SDL_DisplayMode dm;
        int scale = SDL_GetDesktopDisplayMode(0, &dm) == 0 ? (dm.h - 100) / MOTE8_HEIGHT : 4;
        scale = scale < 1 ? 1 : scale > 6 ? 6 : scale;
        kept.w = MOTE8_WIDTH * scale;
        kept.h = MOTE8_HEIGHT * scale;
    }
    kept.known = 1;
}
