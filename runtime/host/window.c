/* window.c - the SDL2 host: a resizable window showing the 128x128 screen at the largest
 * integer scale that fits (letterboxed), the keyboard mapping of reference 10.3, game
 * controllers, audio queued per tick (never blocking the game loop), a pause menu on
 * Escape/Enter/P or Start or a cart's extcmd("pause") (continue, the cart's menuitem()
 * entries, a load() breadcrumb, reset cart, exit: pause_menu.h), extcmd("shutdown") closes
 * the window (exit 0), fullscreen on F11 or Alt+Enter, F12 screenshots, - and = for volume,
 * F1 cost overlay and F2 profile recording (overlay.h). Exits 1 if the cart is on an
 * error when the window closes.
 * Settings (volume, scale, fullscreen) come from the file described in settings.h.
 * Ticks are paced at the cart's own rate from the performance counter.
 * Depends on: host.h, overlay.h, api/mote8.h, SDL2. */
#include <SDL.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "host.h"
#include "host_text.h"
#include "overlay.h"
#include "pause_menu.h"
#include "settings.h"

#define M8_AUDIO_MAX_QUEUED (MOTE8_AUDIO_RATE / 8)   /* samples: keep latency under 125 ms */

typedef struct window_host {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
    SDL_AudioDeviceID audio;
    SDL_GameController *pads[4];
    m8_pause_menu menu;         /* open = paused */
    int errored;                /* the cart stopped on an error: its error screen shows */
    int fullscreen;
    double volume;              /* 0-1, from the settings file, changed with - and = */
    uint8_t keys[8];            /* buttons from the keyboard, per player */
    m8_overlay overlay;         /* F1 cost overlay, F2 profiling */
} window_host;

/* Keyboard mapping, reference 10.3: player 0 arrows + Z/C/N (O) + X/V/M (X), player 1
 * ESDF + Left Shift (O) + Tab/W/Q/A (X). */
static void key_to_button(SDL_Keycode k, int *player, int *button)
{
    *player = 0;
    *button = -1;
    switch (k) {
    case SDLK_LEFT: *button = 0; break;
    case SDLK_RIGHT: *button = 1; break;
    case SDLK_UP: *button = 2; break;
    case SDLK_DOWN: *button = 3; break;
    case SDLK_z: case SDLK_c: case SDLK_n: *button = 4; break;
    case SDLK_x: case SDLK_v: case SDLK_m: *button = 5; break;
    case SDLK_s: *player = 1; *button = 0; break;
    case SDLK_f: *player = 1; *button = 1; break;
    case SDLK_e: *player = 1; *button = 2; break;
    case SDLK_d: *player = 1; *button = 3; break;
    case SDLK_LSHIFT: *player = 1; *button = 4; break;
    case SDLK_TAB: case SDLK_w: case SDLK_q: case SDLK_a: *player = 1; *button = 5; break;
    default: break;
    }
}

static uint8_t pad_buttons(SDL_GameController *pad)
{
    static const struct { SDL_GameControllerButton b; int bit; } map[] = {
        { SDL_CONTROLLER_BUTTON_DPAD_LEFT, 0 }, { SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 1 },
        { SDL_CONTROLLER_BUTTON_DPAD_UP, 2 },   { SDL_CONTROLLER_BUTTON_DPAD_DOWN, 3 },
        { SDL_CONTROLLER_BUTTON_A, 4 },         { SDL_CONTROLLER_BUTTON_B, 5 },
        { SDL_CONTROLLER_BUTTON_X, 5 },         { SDL_CONTROLLER_BUTTON_Y, 4 },
    };
    uint8_t bits = 0;
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (SDL_GameControllerGetButton(pad, map[i].b)) bits |= (uint8_t)(1 << map[i].bit);
    int x = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
    int y = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);
    if (x < -12000) bits |= 1;
    if (x > 12000) bits |= 2;
    if (y < -12000) bits |= 4;
    if (y > 12000) bits |= 8;
    return bits;
}

/* The largest integer scale that fits above the overlay's band (if shown), centred. */
static SDL_Rect picture_rect(window_host *h)
{
    int ww, wh;
    SDL_GetRendererOutputSize(h->renderer, &ww, &wh);
    int avail_h = wh - m8_overlay_reserved_height(&h->overlay, wh);
    int scale = (ww < avail_h ? ww : avail_h) / 128;
    if (scale < 1) scale = 1;
    SDL_Rect r = { (ww - 128 * scale) / 2, (avail_h - 128 * scale) / 2, 128 * scale, 128 * scale };
    return r;
}

/* The pause menu over the dimmed picture, in picture pixels: a black box with a white
 * frame, one line per entry, the selected one marked. */
static void draw_menu(window_host *h, SDL_Rect pic)
{
    int s = pic.w / 128, lines = h->menu.count;
    int bw = 88, bh = lines * 8 + 8, bx = (128 - bw) / 2, by = (128 - bh) / 2;
    SDL_Rect box = { pic.x + bx * s, pic.y + by * s, bw * s, bh * s };
    SDL_SetRenderDrawColor(h->renderer, 0, 0, 0, 255);
    SDL_RenderFillRect(h->renderer, &box);
    SDL_SetRenderDrawColor(h->renderer, 255, 241, 232, 255);
    for (int i = 0; i < s; i++) {
        SDL_Rect frame = { box.x + i, box.y + i, box.w - 2 * i, box.h - 2 * i };
        SDL_RenderDrawRect(h->renderer, &frame);
    }
    for (int i = 0; i < lines; i++) {
        int x = pic.x + (bx + 10) * s, y = pic.y + (by + 5 + 8 * i) * s;
        if (i == h->menu.selected) {
            SDL_SetRenderDrawColor(h->renderer, 255, 236, 39, 255);
            m8_host_draw_text(h->renderer, x - 6 * s, y, s, "\x17");   /* the P8SCII arrow */
        } else {
            SDL_SetRenderDrawColor(h->renderer, 194, 195, 199, 255);
        }
        m8_host_draw_text(h->renderer, x, y, s, h->menu.labels[i]);
    }
}

static void present(window_host *h, mote8 *m8)
{
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    mote8_screen_rgb(m8, rgb);
    if (h->menu.open)   /* dim the frozen frame while paused */
        for (size_t i = 0; i < sizeof rgb; i++) rgb[i] = (uint8_t)(rgb[i] / 3);
    SDL_UpdateTexture(h->texture, NULL, rgb, 128 * 3);
    SDL_SetRenderDrawColor(h->renderer, 0, 0, 0, 255);
    SDL_RenderClear(h->renderer);
    SDL_Rect r = picture_rect(h);
    SDL_RenderCopy(h->renderer, h->texture, NULL, &r);
    if (h->menu.open) draw_menu(h, r);
    m8_overlay_draw(&h->overlay, h->renderer, m8);
    SDL_RenderPresent(h->renderer);
}

static void screenshot(mote8 *m8)
{
    char path[64];
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    snprintf(path, sizeof path, "mote8_%ld.png", (long)time(NULL));
    mote8_screen_rgb(m8, rgb);
    if (mote8_write_png(path, rgb, MOTE8_WIDTH, MOTE8_HEIGHT, 4) == 0) fprintf(stderr, "screenshot: %s\n", path);
    else perror(path);
}

static int open_window(window_host *h, const m8_options *opt, const char *title)
{
    SDL_DisplayMode dm;
    int scale = opt->scale;
    if (!scale) {
        scale = 4;
        if (SDL_GetDesktopDisplayMode(0, &dm) == 0) {
            scale = (dm.h - 100) / 128;
            if (scale < 1) scale = 1;
            if (scale > 6) scale = 6;
        }
    }
    h->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                 128 * scale, 128 * scale,
                                 SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
                                     (opt->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0));
    if (!h->window) return -1;
    h->fullscreen = opt->fullscreen;
    h->renderer = SDL_CreateRenderer(h->window, -1, SDL_RENDERER_PRESENTVSYNC);
    if (!h->renderer) h->renderer = SDL_CreateRenderer(h->window, -1, SDL_RENDERER_SOFTWARE);
    if (!h->renderer) return -1;
    h->texture = SDL_CreateTexture(h->renderer, SDL_PIXELFORMAT_RGB24,
                                   SDL_TEXTUREACCESS_STREAMING, 128, 128);
    return h->texture ? 0 : -1;
}

static void open_audio(window_host *h)
{
    SDL_AudioSpec want = { 0 }, have;
    want.freq = MOTE8_AUDIO_RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = 512;
    h->audio = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (h->audio) SDL_PauseAudioDevice(h->audio, 0);
    else fprintf(stderr, "mote8: no audio (%s)\n", SDL_GetError());
}

static void open_menu(window_host *h, mote8 *m8)
{
    m8_pause_menu_open(&h->menu, m8);
    memset(h->keys, 0, sizeof h->keys);
    if (h->audio) SDL_PauseAudioDevice(h->audio, 1);
}

/* Keys in the menu: arrows (or ESDF) move, Z/X/C/V/N/M/Enter confirm, Escape/P go back. */
static int menu_key(SDL_Keycode k)
{
    switch (k) {
    case SDLK_UP: case SDLK_e: return M8_MENU_UP;
    case SDLK_DOWN: case SDLK_d: return M8_MENU_DOWN;
    case SDLK_LEFT: case SDLK_s: return M8_MENU_LEFT;
    case SDLK_RIGHT: case SDLK_f: return M8_MENU_RIGHT;
    case SDLK_z: case SDLK_x: case SDLK_c: case SDLK_v: case SDLK_n: case SDLK_m:
    case SDLK_RETURN: return M8_MENU_CONFIRM;
    case SDLK_ESCAPE: case SDLK_p: return M8_MENU_BACK;
    default: return -1;
    }
}

static int pad_menu_key(int button)
{
    switch (button) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return M8_MENU_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return M8_MENU_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return M8_MENU_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return M8_MENU_RIGHT;
    case SDL_CONTROLLER_BUTTON_A: case SDL_CONTROLLER_BUTTON_X: return M8_MENU_CONFIRM;
    case SDL_CONTROLLER_BUTTON_B: case SDL_CONTROLLER_BUTTON_START: return M8_MENU_BACK;
    default: return -1;
    }
}

/* Carry out a menu action; returns 1 to quit. */
static int menu_action(window_host *h, mote8 *m8, enum m8_menu_action a)
{
    if (a == M8_MENU_QUIT) return 1;
    if (a == M8_MENU_RESET) {
        h->errored = 0;
        if (mote8_reset(m8) != 0) {
            fprintf(stderr, "%s\n", mote8_error(m8));
            mote8_show_error(m8);
            h->errored = 1;
        }
    }
    if (!h->menu.open && h->audio) SDL_PauseAudioDevice(h->audio, 0);
    return 0;
}

/* Returns 0 to go on, 1 to quit. */
static int handle_event(window_host *h, mote8 *m8, const SDL_Event *e)
{
    int player, button;
    switch (e->type) {
    case SDL_QUIT:
        return 1;
    case SDL_KEYDOWN:
        if (e->key.repeat) break;
        if ((e->key.keysym.sym == SDLK_RETURN && (e->key.keysym.mod & KMOD_ALT)) ||
            e->key.keysym.sym == SDLK_F11) {
            h->fullscreen = !h->fullscreen;
            SDL_SetWindowFullscreen(h->window, h->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
            break;
        }
        if (m8_overlay_key(&h->overlay, m8, e->key.keysym.sym)) break;
        if (e->key.keysym.sym == SDLK_F12) {
            screenshot(m8);
            break;
        }
        if (e->key.keysym.sym == SDLK_MINUS || e->key.keysym.sym == SDLK_EQUALS) {
            h->volume += e->key.keysym.sym == SDLK_MINUS ? -0.1 : 0.1;
            h->volume = h->volume < 0 ? 0 : h->volume > 1 ? 1 : h->volume;
            break;
        }
        if (h->menu.open) {
            int key = menu_key(e->key.keysym.sym);
            if (key >= 0) return menu_action(h, m8, m8_pause_menu_key(&h->menu, m8, key));
            break;
        }
        if (e->key.keysym.sym == SDLK_ESCAPE || e->key.keysym.sym == SDLK_RETURN ||
            e->key.keysym.sym == SDLK_p) {
            open_menu(h, m8);
            break;
        }
        key_to_button(e->key.keysym.sym, &player, &button);
        if (button >= 0) h->keys[player] |= (uint8_t)(1 << button);
        break;
    case SDL_KEYUP:
        key_to_button(e->key.keysym.sym, &player, &button);
        if (button >= 0) h->keys[player] &= (uint8_t)~(1 << button);
        break;
    case SDL_CONTROLLERDEVICEADDED:
        for (int i = 0; i < 4; i++)
            if (!h->pads[i]) {
                h->pads[i] = SDL_GameControllerOpen(e->cdevice.which);
                break;
            }
        break;
    case SDL_CONTROLLERDEVICEREMOVED:
        for (int i = 0; i < 4; i++)
            if (h->pads[i] &&
                SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(h->pads[i])) == e->cdevice.which) {
                SDL_GameControllerClose(h->pads[i]);
                h->pads[i] = NULL;
            }
        break;
    case SDL_CONTROLLERBUTTONDOWN:
        if (!h->menu.open) {
            if (e->cbutton.button == SDL_CONTROLLER_BUTTON_START) open_menu(h, m8);
        } else {
            int key = pad_menu_key(e->cbutton.button);
            if (key >= 0) return menu_action(h, m8, m8_pause_menu_key(&h->menu, m8, key));
        }
        break;
    default:
        break;
    }
    return 0;
}

static void close_host(window_host *h)
{
    for (int i = 0; i < 4; i++)
        if (h->pads[i]) SDL_GameControllerClose(h->pads[i]);
    if (h->audio) SDL_CloseAudioDevice(h->audio);
    if (h->texture) SDL_DestroyTexture(h->texture);
    if (h->renderer) SDL_DestroyRenderer(h->renderer);
    if (h->window) SDL_DestroyWindow(h->window);
    SDL_Quit();
}

int m8_run_window(const m8_options *opt, mote8 *m8, const char *cart_name)
{
    window_host h;
    memset(&h, 0, sizeof h);
    m8_settings settings;
    m8_settings_load(&settings, NULL);
    h.volume = settings.volume;
    m8_options wopt = *opt;
    if (!wopt.scale) wopt.scale = settings.scale;
    wopt.fullscreen |= settings.fullscreen;
    opt = &wopt;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "mote8: cannot start SDL video: %s\n", SDL_GetError());
        return 1;
    }
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) == 0) open_audio(&h);
    char title[600];
    snprintf(title, sizeof title, "mote8 - %s", cart_name);
    if (open_window(&h, opt, title) != 0) {
        fprintf(stderr, "mote8: cannot open a window: %s\n", SDL_GetError());
        close_host(&h);
        return 1;
    }
    m8_input_script script = { 0 };
    if (opt->input_script && m8_input_script_load(&script, opt->input_script) != 0) {
        close_host(&h);
        return 2;
    }
    m8_overlay_init(&h.overlay, m8, opt->profile_dir);
    int quit = 0;
    long frame = 0;
    uint64_t freq = SDL_GetPerformanceFrequency();
    uint64_t next = SDL_GetPerformanceCounter();
    int16_t audio[MOTE8_AUDIO_RATE / 10];
    while (!quit) {
        SDL_Event e;
        while (SDL_PollEvent(&e))
            if (handle_event(&h, m8, &e)) quit = 1;
        if (quit) break;
        uint64_t now = SDL_GetPerformanceCounter();
        if (now < next) {
            SDL_Delay((Uint32)((next - now) * 1000 / freq));
            continue;
        }
        next += freq / (uint64_t)mote8_fps(m8);
        if (now > next + freq / 4) next = now;   /* fell far behind: don't race to catch up */
        if (!h.menu.open) {
            mote8_input in;
            m8_input_script_at(&script, frame, &in);
            for (int p = 0; p < 8; p++) in.buttons[p] |= h.keys[p];
            for (int i = 0; i < 4; i++)
                if (h.pads[i]) in.buttons[i] |= pad_buttons(h.pads[i]);
            int status = h.errored ? MOTE8_ERROR : mote8_tick(m8, &in);
            frame++;
            if (status == MOTE8_SHUTDOWN) quit = 1;              /* extcmd("shutdown") */
            if (mote8_pause_requested(m8)) open_menu(&h, m8);    /* extcmd("pause") */
            m8_overlay_tick(&h.overlay);
            if (status == MOTE8_ERROR && !h.errored) {  /* show it until the window closes */
                fprintf(stderr, "%s\n", mote8_error(m8));
                mote8_show_error(m8);
                h.errored = 1;
            }
            int n = mote8_pull_audio(m8, audio, (int)(sizeof audio / sizeof audio[0]));
            for (int i = 0; i < n; i++) audio[i] = (int16_t)(audio[i] * h.volume);
            if (h.audio && SDL_GetQueuedAudioSize(h.audio) / 2 < M8_AUDIO_MAX_QUEUED)
                SDL_QueueAudio(h.audio, audio, (Uint32)n * 2);
            if (opt->frames >= 0 && frame >= opt->frames) quit = 1;
        }
        present(&h, m8);
    }
    if (opt->screenshot) {
        uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
        mote8_screen_rgb(m8, rgb);
        if (mote8_write_png(opt->screenshot, rgb, MOTE8_WIDTH, MOTE8_HEIGHT, 1) != 0) perror(opt->screenshot);
    }
    m8_input_script_free(&script);
    m8_overlay_finish(&h.overlay);
    close_host(&h);
    return h.errored ? 1 : 0;
}
