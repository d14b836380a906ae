/* chooser.c - the bundled-cart chooser that `mote8` (and `make run`) opens when no cart is
 * named, until a launcher exists: a window listing the carts embedded in the binary, each
 * with the first comment line of its code as a description; arrows or the d-pad move,
 * Enter / Z / X or a controller's A run the selection, Escape or closing the window quits.
 * MOTE8_WINDOW_SHOT=FILE saves the first drawn window as a PNG (for checks and docs).
 * Depends on: host.h, host_text.h, api/mote8.h, SDL2. */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"
#include "host_text.h"

#define MAX_CARTS 32

/* The first `-- ` comment of a cart's __lua__ section (the font shows lower case as
 * PICO-8's capitals); drawn without a leading "NAME:". */
static void describe(const char *data, size_t len, char *out, size_t outsz)
{
    out[0] = 0;
    const char *end = data + len, *p = data;
    const char *lua = NULL;
    for (; p + 7 <= end; p++)
        if (memcmp(p, "__lua__", 7) == 0) {
            lua = p + 7;
            break;
        }
    for (p = lua; p && p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = nl ? nl : end;
        if (line_end - p > 3 && memcmp(p, "-- ", 3) == 0) {
            size_t n = (size_t)(line_end - p - 3);
            if (n >= outsz) n = outsz - 1;
            memcpy(out, p + 3, n);
            out[n] = 0;
            return;
        }
        if (line_end - p > 2 && memcmp(p, "__", 2) == 0) return;   /* next section */
        p = nl ? nl + 1 : end;
    }
}

static void save_window(SDL_Renderer *r, const char *path)
{
    int w, h;
    SDL_GetRendererOutputSize(r, &w, &h);
    uint8_t *rgb = malloc((size_t)w * h * 3);
    if (rgb && SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, rgb, w * 3) == 0 &&
        mote8_write_png(path, rgb, w, h, 1) == 0)
        fprintf(stderr, "window screenshot: %s\n", path);
    free(rgb);
}

static void draw(SDL_Renderer *r, const char *names[], const char *about[], int n, int sel)
{
    int w, h;
    SDL_GetRendererOutputSize(r, &w, &h);
    int s = w / 128 > 1 ? w / 128 : 1;          /* one font pixel per screen pixel */
    SDL_SetRenderDrawColor(r, 29, 43, 83, 255);
    SDL_RenderClear(r);
    SDL_SetRenderDrawColor(r, 255, 241, 232, 255);
    m8_host_draw_text(r, 6 * s, 6 * s, 2 * s, "mote8");
    SDL_SetRenderDrawColor(r, 131, 118, 156, 255);
    m8_host_draw_text(r, 6 * s, 20 * s, s, "bundled carts");
    for (int i = 0; i < n; i++) {
        int y = (32 + i * 16) * s;
        if (i == sel) {
            SDL_SetRenderDrawColor(r, 126, 37, 83, 255);
            SDL_Rect bar = { 3 * s, y - 2 * s, w - 6 * s, 15 * s };
            SDL_RenderFillRect(r, &bar);
            SDL_SetRenderDrawColor(r, 255, 236, 39, 255);
            m8_host_draw_text(r, 5 * s, y, s, "\x17");    /* the P8SCII arrow */
        }
        SDL_SetRenderDrawColor(r, 255, 241, 232, 255);
        m8_host_draw_text(r, 14 * s, y, s, names[i]);
        SDL_SetRenderDrawColor(r, 194, 195, 199, 255);
        char line[28];                                 /* what fits beside the arrow */
        size_t nl = strlen(names[i]);
        const char *text = about[i];
        if (strncmp(text, names[i], nl) == 0 && text[nl] == ':') text += nl + 1;
        while (*text == ' ') text++;
        snprintf(line, sizeof line, "%s", text);
        m8_host_draw_text(r, 14 * s, y + 7 * s, s, line);
    }
    SDL_SetRenderDrawColor(r, 95, 87, 79, 255);
    m8_host_draw_text(r, 6 * s, 120 * s, s, "\x94\x83 choose  \x8e run  esc quit");
    SDL_RenderPresent(r);
}

const char *m8_choose_cart(const m8_options *opt)
{
    static char chosen[64];
    const char *names[MAX_CARTS];
    static char about[MAX_CARTS][64];
    const char *about_p[MAX_CARTS];
    int n = 0;
    for (int i = 0; mote8_bundled_cart_name(i) && n < MAX_CARTS; i++) {
        size_t len = 0;
        const char *name = mote8_bundled_cart_name(i);
        const void *data = mote8_bundled_cart(name, &len);
        names[n] = name;
        describe(data, len, about[n], sizeof about[n]);
        about_p[n] = about[n];
        n++;
    }
    if (n == 0) return NULL;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "mote8: cannot start SDL video: %s\n", SDL_GetError());
        return NULL;
    }
    int scale = opt->scale ? opt->scale : 4;
    SDL_Window *win = SDL_CreateWindow("mote8", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                       128 * scale, 128 * scale, SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Renderer *r = win ? SDL_CreateRenderer(win, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
    if (win && !r) r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    if (!r) {
        fprintf(stderr, "mote8: cannot open a window: %s\n", SDL_GetError());
        if (win) SDL_DestroyWindow(win);
        SDL_Quit();
        return NULL;
    }
    SDL_GameController *pad = NULL;
    int sel = 0, done = 0, shot_taken = 0;
    const char *result = NULL;
    const char *shot = getenv("MOTE8_WINDOW_SHOT");
    while (!done) {
        draw(r, names, about_p, n, sel);
        if (shot && !shot_taken) {
            draw(r, names, about_p, n, sel);          /* read back a fully drawn frame */
            save_window(r, shot);
            shot_taken = 1;
        }
        SDL_Event e;
        if (!SDL_WaitEvent(&e)) break;
        do {
            int move = 0, run = 0;
            if (e.type == SDL_QUIT) done = 1;
            else if (e.type == SDL_KEYDOWN) {
                SDL_Keycode k = e.key.keysym.sym;
                if (k == SDLK_UP) move = -1;
                else if (k == SDLK_DOWN) move = 1;
                else if (k == SDLK_RETURN || k == SDLK_z || k == SDLK_x || k == SDLK_c ||
                         k == SDLK_v || k == SDLK_n || k == SDLK_m) run = 1;
                else if (k == SDLK_ESCAPE) done = 1;
            } else if (e.type == SDL_CONTROLLERDEVICEADDED && !pad) {
                pad = SDL_GameControllerOpen(e.cdevice.which);
            } else if (e.type == SDL_CONTROLLERBUTTONDOWN) {
                int b = e.cbutton.button;
                if (b == SDL_CONTROLLER_BUTTON_DPAD_UP) move = -1;
                else if (b == SDL_CONTROLLER_BUTTON_DPAD_DOWN) move = 1;
                else if (b == SDL_CONTROLLER_BUTTON_A || b == SDL_CONTROLLER_BUTTON_START) run = 1;
                else if (b == SDL_CONTROLLER_BUTTON_B) done = 1;
            }
            if (move) sel = (sel + move + n) % n;
            if (run) {
                snprintf(chosen, sizeof chosen, "%s", names[sel]);
                result = chosen;
                done = 1;
            }
        } while (!done && SDL_PollEvent(&e));
    }
    if (pad) SDL_GameControllerClose(pad);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return result;
}
