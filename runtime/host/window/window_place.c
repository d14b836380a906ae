/* window_place.c - the session's window size and place; see window_place.h.
 * Depends on: window_place.h, api/mote8.h (screen size), SDL2. */
#include "mote8.h"
#include "window_place.h"

static struct {
    int known;                  /* a window closed already */
    int x, y, w, h;             /* its last windowed place and size */
    int fullscreen;
} kept;

/* The largest scale (1-6) whose window fits the desktop's height, 4 when it is unknown. */
static int desktop_scale(void)
{
    SDL_DisplayMode dm;
    if (SDL_GetDesktopDisplayMode(0, &dm) != 0) return 4;
    int scale = (dm.h - 100) / MOTE8_HEIGHT;
    return scale < 1 ? 1 : scale > 6 ? 6 : scale;
}

/* The first window's scale: the option, the setting, else what fits the desktop. */
static int first_scale(const m8_options *opt, const m8_settings *settings)
{
    if (opt->scale) return opt->scale;
    if (settings && settings->scale) return settings->scale;
    return desktop_scale();
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
        int scale = desktop_scale();
        kept.w = MOTE8_WIDTH * scale;
        kept.h = MOTE8_HEIGHT * scale;
    }
    kept.known = 1;
}
