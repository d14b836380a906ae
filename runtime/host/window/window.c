/* window.c - the SDL2 host: a resizable window showing the 128x128 screen at the largest
 * integer scale that fits (letterboxed), the keys and controller buttons of the settings
 * (input_map.h; defaults: reference 10.3), up to 8 game controllers as players 0-7 in the
 * order they are plugged in (hot plug), audio queued per tick (never blocking the game
 * loop), a pause menu on Escape/Enter/P or Start or a cart's extcmd("pause") (continue, the
 * cart's menuitem() entries, a load() breadcrumb, reset cart, exit to launcher, exit:
 * pause_menu.h), extcmd("shutdown") closes the window (exit 0), fullscreen on F11 or
 * Alt+Enter, - and = for volume and F10 or Ctrl+M to mute (sound_level.h: shown as a bar
 * for 1.5 s, saved in the settings file 1.5 s after the last change and on closing), F1
 * cost overlay and F2 profile recording (overlay.h), captures on F6/F12 (screenshot),
 * F7 (label), F8/F9 (GIF) and the cart's extcmd (capture.h), Ctrl+R re-runs
 * the cart (re-read from disk), --watch reloads it when it changes (cart_watch.h).
 * F5/F4 save and load a machine state in the current slot (Shift+F5/F4 choose it), and
 * holding F3 rewinds the run, also out of a runtime error (state_keys.h).
 * Ctrl+E switches between the cart and the built-in editors (mote8.h, "the built-in
 * editors"; docs/editors.md): while they show, the cart waits (no ticks, its sound stops;
 * what the sfx and music editors play is queued instead), mouse, keys and typed text go to
 * them (the window's own keys above stay, but - and = type in the code editor), Ctrl+S
 * saves, Escape or Ctrl+E goes back to the cart, which sees the edits at once (code edits
 * from its next run, Ctrl+R); --edit starts in them, and after a cart error they open at
 * its line.
 * Closing the window (or the menu's exits) with unsaved edits asks first: save and quit,
 * quit without saving, or back (unsaved_prompt.h).
 * A cart that fails to load opens on its error screen (syntax or cart error), as one that
 * stops on a runtime error does; exits 1 if the cart is on an error when the window closes.
 * A cart over its CPU budget is said once a run on stderr (a re-run says it again) and
 * marked beside the picture while it lasts (budget_watch.h, budget_mark.h).
 * The loop keeps time with the performance counter: tick k is due at start + k/fps, so
 * rounding never adds up to drift, and the loop sleeps (SDL_Delay) until then instead of
 * spinning; --unpaced runs ticks back to back, presenting each, without vsync.
 * Settings (settings.h) come from main.c.
 * Depends on: host_text.h, host.h, budget_watch.h, budget_mark.h, overlay.h, pause_menu.h,
 * capture.h, input_map.h, cart_watch.h, key_script.h, settings.h, sound_level.h,
 * state_keys.h, unsaved_prompt.h, window_place.h, api/mote8.h, SDL2. */
#include <SDL.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "budget_mark.h"
#include "budget_watch.h"
#include "capture.h"
#include "cart_watch.h"
#include "window.h"
#include "host_text.h"
#include "input_map.h"
#include "key_script.h"
#include "overlay.h"
#include "pause_menu.h"
#include "settings.h"
#include "sound_level.h"
#include "state_keys.h"
#include "unsaved_prompt.h"
#include "window_place.h"

#define M8_AUDIO_MAX_QUEUED (MOTE8_AUDIO_RATE / 8)   /* samples: keep latency under 125 ms */
#define M8_MAX_PADS 8                                /* players 0-7 */

typedef struct window_host {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
    SDL_AudioDeviceID audio;
    SDL_GameController *pads[M8_MAX_PADS];   /* slot = player */
    m8_input_map map;
    m8_pause_menu menu;         /* open = paused */
    int errored;                /* the cart stopped on an error: its error screen shows */
    int fullscreen;
    int to_launcher;            /* the menu's "exit to launcher" */
    m8_sound_level sound;       /* - and =, F10/Ctrl+M mute; saved in the settings file */
    Uint32 sound_shown_until;   /* SDL_GetTicks() until which the volume bar shows */
    int sound_unsaved;          /* volume or mute changed since the settings file was written */
    Uint32 sound_save_at;       /* SDL_GetTicks() when to write it (M8_SOUND_SAVE_MS after) */
    m8_settings *settings;      /* volume and mute are written back (and saved) */
    uint8_t keys[8];            /* buttons from the keyboard, per player */
    char typed[16];             /* characters typed since the last tick (devkit keyboard) */
    int wheel;                  /* wheel steps since the last tick */
    m8_overlay overlay;         /* F1 cost overlay, F2 profiling */
    m8_capture capture;         /* F6-F9, F12, extcmd */
    m8_cart_watch watch;        /* --watch and Ctrl+R */
    m8_budget_watch budget;     /* over the CPU budget: said once, marked while it lasts */
    m8_key_script script_keys;  /* MOTE8_WINDOW_KEYS (checks) */
    m8_state_keys states;       /* F5/F4 state slots, F3 rewind */
    const char *cart_name;
    int editing;                /* the editors show (Ctrl+E, --edit); the cart waits */
    int edit_buttons;           /* mouse buttons held over the editors */
    m8_unsaved_prompt unsaved;  /* quitting with unsaved edits: the question asked */
} window_host;

/* The largest integer scale that fits above the overlay's band (if shown), centred. */
static SDL_Rect picture_rect(window_host *h)
{
    int ww, wh;
    SDL_GetRendererOutputSize(h->renderer, &ww, &wh);
    int avail_h = wh - m8_overlay_reserved_height(&h->overlay, ww, wh);
    int sw = ww / MOTE8_WIDTH, sh = avail_h / MOTE8_HEIGHT;
    int scale = sw < sh ? sw : sh;
    if (scale < 1) scale = 1;
    int pw = MOTE8_WIDTH * scale, ph = MOTE8_HEIGHT * scale;
    SDL_Rect r = { (ww - pw) / 2, (avail_h - ph) / 2, pw, ph };
    return r;
}

/* The pause menu over the dimmed picture, in picture pixels: a black box with a white
 * frame, one line per entry, the selected one marked. */
static void draw_menu(window_host *h, SDL_Rect pic)
{
    int s = pic.w / MOTE8_WIDTH, lines = h->menu.count;
    int bw = 88, bh = lines * 8 + 8, bx = (MOTE8_WIDTH - bw) / 2, by = (MOTE8_HEIGHT - bh) / 2;
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

/* The capture message (full path of the last file) on a dark strip over the picture's foot,
 * at window resolution so a long path fits. */
static void draw_message(window_host *h, SDL_Rect pic)
{
    const char *msg = m8_capture_message(&h->capture);
    if (!msg) return;
    int s = pic.w / 256 > 1 ? pic.w / 256 : 1;
    char line[161];
    size_t n = strlen(msg), room = (size_t)(pic.w / (4 * s)) - 2;
    if (room >= sizeof line) room = sizeof line - 1;
    if (n > room && room > 3)           /* keep the end, after "..." */
        snprintf(line, sizeof line, "...%s", msg + (n - (room - 3)));
    else
        snprintf(line, sizeof line, "%s", msg);
    SDL_Rect strip = { pic.x, pic.y + pic.h - 9 * s, pic.w, 9 * s };
    SDL_SetRenderDrawColor(h->renderer, 0, 0, 0, 255);
    SDL_RenderFillRect(h->renderer, &strip);
    SDL_SetRenderDrawColor(h->renderer, 255, 241, 232, 255);
    m8_host_draw_name(h->renderer, pic.x + 2 * s, strip.y + 2 * s, s, line);
}

#define M8_VOLUME_SHOWN_MS 1500
#define M8_SOUND_SAVE_MS 1500    /* the settings file is written this long after the last
                                    volume or mute change (once, not per key press) */

/* The volume after a change: "volume 5/8" and eight boxes, filled up to the level (dim
 * when muted), on a dark strip over the picture's top. */
static void draw_volume(window_host *h, SDL_Rect pic)
{
    if (!h->sound_shown_until || SDL_TICKS_PASSED(SDL_GetTicks(), h->sound_shown_until)) return;
    int s = pic.w / 256 > 1 ? pic.w / 256 : 1;
    char text[40];
    m8_sound_level_text(&h->sound, text, sizeof text);
    int box = 5 * s, gap = 2 * s, text_w = (int)strlen(text) * 4 * s;
    int w = 4 * s + text_w + 4 * s + M8_SOUND_LEVELS * (box + gap) + 2 * s;
    SDL_Rect strip = { pic.x + (pic.w - w) / 2, pic.y + 4 * s, w, 9 * s };
    SDL_SetRenderDrawColor(h->renderer, 0, 0, 0, 255);
    SDL_RenderFillRect(h->renderer, &strip);
    SDL_SetRenderDrawColor(h->renderer, 255, 241, 232, 255);
    int x = m8_host_draw_text(h->renderer, strip.x + 4 * s, strip.y + 2 * s, s, text) + 4 * s;
    for (int i = 0; i < M8_SOUND_LEVELS; i++) {
        SDL_Rect b = { x + i * (box + gap), strip.y + 2 * s, box, box };
        if (i < h->sound.level) {
            if (h->sound.muted) SDL_SetRenderDrawColor(h->renderer, 131, 118, 156, 255);
            else SDL_SetRenderDrawColor(h->renderer, 0, 228, 54, 255);
            SDL_RenderFillRect(h->renderer, &b);
        } else {
            SDL_SetRenderDrawColor(h->renderer, 95, 87, 79, 255);
            SDL_RenderDrawRect(h->renderer, &b);
        }
    }
}

/* Write volume and mute to the settings file if they changed since it was last written. */
static void save_sound(window_host *h)
{
    if (!h->sound_unsaved) return;
    h->sound_unsaved = 0;
    if (h->settings->path[0])     /* "" when the path was too long (reported at the start) */
        m8_settings_save_sound(h->settings->path, h->settings->volume, h->settings->mute, NULL);
}

/* Show the volume, print it, and keep it in the settings (memory now, the file once the
 * keys have rested M8_SOUND_SAVE_MS, or on closing). */
static void sound_changed(window_host *h)
{
    char text[40];
    m8_sound_level_text(&h->sound, text, sizeof text);
    printf("%s\n", text);
    fflush(stdout);
    h->sound_shown_until = SDL_GetTicks() + M8_VOLUME_SHOWN_MS;
    h->settings->volume = m8_sound_level_volume(&h->sound);
    h->settings->mute = h->sound.muted;
    h->sound_unsaved = 1;
    h->sound_save_at = SDL_GetTicks() + M8_SOUND_SAVE_MS;
}

static void present(window_host *h, mote8 *m8)
{
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    if (h->editing) mote8_editor_frame(m8, rgb);
    else mote8_screen_rgb(m8, rgb);
    if (h->menu.open || h->unsaved.open)   /* dim the frozen frame while paused */
        for (size_t i = 0; i < sizeof rgb; i++) rgb[i] = (uint8_t)(rgb[i] / 3);
    SDL_UpdateTexture(h->texture, NULL, rgb, MOTE8_WIDTH * 3);
    SDL_SetRenderDrawColor(h->renderer, 0, 0, 0, 255);
    SDL_RenderClear(h->renderer);
    SDL_Rect r = picture_rect(h);
    SDL_RenderCopy(h->renderer, h->texture, NULL, &r);
    if (!h->editing) m8_overlay_draw_picture(&h->overlay, h->renderer, m8, r);   /* F1's heatmap */
    if (h->budget.over && !h->errored && !h->editing)
        m8_budget_mark_draw(h->renderer, r, h->budget.display_fps);
    if (h->menu.open) draw_menu(h, r);
    draw_message(h, r);
    if (!h->editing) m8_state_keys_draw(&h->states, h->renderer, r, mote8_fps(m8));
    draw_volume(h, r);
    m8_unsaved_prompt_draw(&h->unsaved, h->renderer, r, h->cart_name);
    m8_overlay_draw(&h->overlay, h->renderer, m8);   /* also MOTE8_WINDOW_SHOT */
    SDL_RenderPresent(h->renderer);
}

/* A capture command (a key or the cart's extcmd): "screen", "label", "rec", "video". */
static void capture(window_host *h, mote8 *m8, const char *cmd)
{
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    mote8_screen_rgb(m8, rgb);
    if (strcmp(cmd, "screen") == 0) m8_capture_screenshot(&h->capture, rgb);
    else if (strcmp(cmd, "label") == 0) m8_capture_label(&h->capture, rgb);
    else if (strcmp(cmd, "rec") == 0) m8_capture_gif_start(&h->capture);
    else if (strcmp(cmd, "video") == 0) m8_capture_gif_save(&h->capture, mote8_fps(m8));
}

static int open_window(window_host *h, const m8_options *opt, const m8_settings *settings,
                       const char *title)
{
    h->window = m8_window_place_open(title, opt, settings);   /* the launcher's size */
    if (!h->window) return -1;
    h->fullscreen = (SDL_GetWindowFlags(h->window) & SDL_WINDOW_FULLSCREEN) != 0;
    /* paced: vsync keeps tearing away; unpaced: every frame presented at once */
    h->renderer = SDL_CreateRenderer(h->window, -1, opt->unpaced ? 0 : SDL_RENDERER_PRESENTVSYNC);
    if (!h->renderer) h->renderer = SDL_CreateRenderer(h->window, -1, SDL_RENDERER_SOFTWARE);
    if (!h->renderer) return -1;
    h->texture = SDL_CreateTexture(h->renderer, SDL_PIXELFORMAT_RGB24,
                                   SDL_TEXTUREACCESS_STREAMING, MOTE8_WIDTH,
                                   MOTE8_HEIGHT);
    return h->texture ? 0 : -1;
}

/* Sound. Without a sound card ALSA's library prints its own errors on stderr; they are
 * held back while the device opens, and one line of ours says what happened. */
static void open_audio(window_host *h)
{
    fflush(stderr);
    int saved = dup(2), quiet = open("/dev/null", O_WRONLY);
    if (saved >= 0 && quiet >= 0) dup2(quiet, 2);
    int ok = SDL_InitSubSystem(SDL_INIT_AUDIO) == 0;
    if (ok) {
        SDL_AudioSpec want = { 0 }, have;
        want.freq = MOTE8_AUDIO_RATE;
        want.format = AUDIO_S16SYS;
        want.channels = 1;
        want.samples = 512;
        h->audio = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    }
    fflush(stderr);
    if (saved >= 0 && quiet >= 0) dup2(saved, 2);
    if (saved >= 0) close(saved);
    if (quiet >= 0) close(quiet);
    if (h->audio) SDL_PauseAudioDevice(h->audio, 0);
    else fprintf(stderr, "mote8: no sound device (%s); running without sound\n", SDL_GetError());
}

static void open_menu(window_host *h, mote8 *m8)
{
    m8_pause_menu_open(&h->menu, m8);
    memset(h->keys, 0, sizeof h->keys);
    if (h->audio) SDL_PauseAudioDevice(h->audio, 1);
    SDL_SetRelativeMouseMode(SDL_FALSE);    /* a locked pointer is freed in the menu; the next
                                               tick locks it again if the cart still asks */
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

static int pad_menu_key(const window_host *h, int button)
{
    switch (button) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return M8_MENU_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return M8_MENU_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return M8_MENU_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return M8_MENU_RIGHT;
    default: break;
    }
    if (m8_input_map_pad_is(&h->map, button, M8_PAD_O) || m8_input_map_pad_is(&h->map, button, M8_PAD_X))
        return M8_MENU_CONFIRM;
    if (m8_input_map_pad_is(&h->map, button, M8_PAD_PAUSE)) return M8_MENU_BACK;
    return -1;
}

/* The cart's error: printed once, drawn on its screen until a reload or reset. */
static void show_error(window_host *h, mote8 *m8)
{
    fprintf(stderr, "%s\n", mote8_error(m8));
    mote8_show_error(m8);
    h->errored = 1;
}

/* Re-run the cart: from the file again when it is one (Ctrl+R, --watch), else from the
 * bytes loaded (bundled carts, the menu's reset). A new run: its first halved frame is
 * said again (budget_watch.h). */
static void rerun(window_host *h, mote8 *m8, int from_disk)
{
    h->errored = 0;
    memset(&h->budget, 0, sizeof h->budget);
    int rc;
    if (from_disk && m8_cart_watch_is_file(&h->watch)) rc = m8_cart_watch_reload(&h->watch, m8);
    else rc = mote8_reset(m8);
    if (rc != 0) show_error(h, m8);
    else if (from_disk) printf("%s: reloaded\n", h->cart_name);
    m8_state_keys_restarted(&h->states, m8);
}

/* The player asks to quit (to the launcher): 1 to quit now, 0 when the editors hold unsaved
 * changes, which first get the question (unsaved_prompt.h). */
static int player_quits(window_host *h, mote8 *m8, int to_launcher)
{
    if (mote8_editor_unsaved(m8)) {
        m8_unsaved_prompt_ask(&h->unsaved, to_launcher);
        return 0;
    }
    h->to_launcher = to_launcher;
    return 1;
}

/* A key while the question shows; returns 1 to quit. */
static int unsaved_answer(window_host *h, mote8 *m8, SDL_Keycode key)
{
    int to_launcher = h->unsaved.to_launcher;
    switch (m8_unsaved_prompt_key(&h->unsaved, key)) {
    case M8_UNSAVED_SAVE_AND_QUIT: {
        char err[600];
        if (mote8_editor_save(m8, err, sizeof err) != 0) {
            fprintf(stderr, "mote8: %s\n", err);
            m8_unsaved_prompt_failed(&h->unsaved, "saving failed: see terminal");
            return 0;
        }
        printf("%s: saved\n", h->cart_name);
        fflush(stdout);
        h->to_launcher = to_launcher;
        return 1;
    }
    case M8_UNSAVED_DISCARD_AND_QUIT:
        h->to_launcher = to_launcher;
        return 1;
    default:
        return 0;
    }
}

/* Carry out a menu action; returns 1 to quit. */
static int menu_action(window_host *h, mote8 *m8, enum m8_menu_action a)
{
    if (a == M8_MENU_QUIT || a == M8_MENU_LAUNCHER)
        return player_quits(h, m8, a == M8_MENU_LAUNCHER);
    if (a == M8_MENU_RESET) rerun(h, m8, 0);
    if (!h->menu.open && h->audio) SDL_PauseAudioDevice(h->audio, 0);
    return 0;
}

static void pad_added(window_host *h, int device)
{
    for (int i = 0; i < M8_MAX_PADS; i++)
        if (!h->pads[i]) {
            h->pads[i] = SDL_GameControllerOpen(device);
            if (h->pads[i])
                printf("controller '%s' is player %d\n", SDL_GameControllerName(h->pads[i]), i);
            return;
        }
}

static void pad_removed(window_host *h, SDL_JoystickID id)
{
    for (int i = 0; i < M8_MAX_PADS; i++)
        if (h->pads[i] && SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(h->pads[i])) == id) {
            SDL_GameControllerClose(h->pads[i]);
            h->pads[i] = NULL;
            printf("controller of player %d unplugged\n", i);
        }
}

/* The system clipboard for the editors' copy and paste (mote8_editor_set_clipboard). */
static void sdl_clipboard_set(void *user, const char *text)
{
    (void)user;
    SDL_SetClipboardText(text);
}

static char *sdl_clipboard_get(void *user)
{
    (void)user;
    if (!SDL_HasClipboardText()) return NULL;
    char *text = SDL_GetClipboardText(), *copy = text ? strdup(text) : NULL;
    SDL_free(text);
    return copy;
}

/* Show the editors (the cart waits: no ticks, its sound dropped; the editors' own sound
 * plays) or go back to the cart. */
static void set_editing(window_host *h, mote8 *m8, int on)
{
    if (on && !mote8_editor_is_open(m8)) return;
    if (on && h->menu.open) m8_pause_menu_key(&h->menu, m8, M8_MENU_BACK);
    h->editing = on;
    h->edit_buttons = 0;
    h->states.rewinding = 0;
    if (!on) m8_state_keys_restarted(&h->states, m8);  /* edits are not in the past's states */
    memset(h->keys, 0, sizeof h->keys);
    if (h->audio) {
        SDL_ClearQueuedAudio(h->audio);     /* the cart's queued sound, or the editors' */
        SDL_PauseAudioDevice(h->audio, 0);
    }
    if (on) SDL_SetRelativeMouseMode(SDL_FALSE);
    if (on) mote8_editor_enter(m8);                     /* the code editor at the error line */
    SDL_ShowCursor(on ? SDL_DISABLE : SDL_ENABLE);     /* the editors draw their own pointer */
}

/* Window pixels to screen pixels (high-DPI aware), clamped to the picture. */
static void window_to_screen(window_host *h, int wx, int wy, int *x, int *y)
{
    int rw, rh, ww, wh;
    SDL_GetRendererOutputSize(h->renderer, &rw, &rh);
    SDL_GetWindowSize(h->window, &ww, &wh);
    SDL_Rect pic = picture_rect(h);
    int s = pic.w / MOTE8_WIDTH > 0 ? pic.w / MOTE8_WIDTH : 1;
    int px = ww ? wx * rw / ww : wx, py = wh ? wy * rh / wh : wy;
    int sx = (px - pic.x) / s, sy = (py - pic.y) / s;
    *x = sx < 0 ? 0 : sx > MOTE8_WIDTH - 1 ? MOTE8_WIDTH - 1 : sx;
    *y = sy < 0 ? 0 : sy > MOTE8_HEIGHT - 1 ? MOTE8_HEIGHT - 1 : sy;
}

/* An SDL key as the editors number it, or -1. */
static int editor_key(SDL_Keycode k)
{
    if (k >= 32 && k < 127) return (int)k;      /* SDL's printable keys are their ASCII */
    switch (k) {
    case SDLK_LEFT: return MOTE8_KEY_LEFT;
    case SDLK_RIGHT: return MOTE8_KEY_RIGHT;
    case SDLK_UP: return MOTE8_KEY_UP;
    case SDLK_DOWN: return MOTE8_KEY_DOWN;
    case SDLK_TAB: return MOTE8_KEY_TAB;
    case SDLK_ESCAPE: return MOTE8_KEY_ESCAPE;
    case SDLK_RETURN: case SDLK_KP_ENTER: return MOTE8_KEY_ENTER;
    case SDLK_DELETE: return MOTE8_KEY_DELETE;
    case SDLK_BACKSPACE: return MOTE8_KEY_BACKSPACE;
    case SDLK_HOME: return MOTE8_KEY_HOME;
    case SDLK_END: return MOTE8_KEY_END;
    case SDLK_PAGEUP: return MOTE8_KEY_PAGEUP;
    case SDLK_PAGEDOWN: return MOTE8_KEY_PAGEDOWN;
    default: return -1;
    }
}

/* A key while the editors show: Ctrl+S saves, Escape goes back to the cart. */
static void editing_key(window_host *h, mote8 *m8, const SDL_Keysym *k)
{
    int key = editor_key(k->sym);
    if (key < 0) return;
    int mods = ((k->mod & KMOD_CTRL) ? MOTE8_MOD_CTRL : 0) | ((k->mod & KMOD_SHIFT) ? MOTE8_MOD_SHIFT : 0);
    int act = mote8_editor_key(m8, key, mods);
    if (act == MOTE8_EDITOR_LEAVE) {
        set_editing(h, m8, 0);
    } else if (act == MOTE8_EDITOR_SAVE) {
        char err[600];
        if (mote8_editor_save(m8, err, sizeof err) == 0) printf("%s: saved\n", h->cart_name);
        else fprintf(stderr, "mote8: %s\n", err);
        fflush(stdout);
    }
}

/* Mouse events while the editors show. */
static void editing_mouse(window_host *h, mote8 *m8, const SDL_Event *e)
{
    int x, y, wheel = 0, wx, wy;
    if (e->type == SDL_MOUSEWHEEL) {
        SDL_GetMouseState(&wx, &wy);
        wheel = e->wheel.y;
    } else if (e->type == SDL_MOUSEMOTION) {
        wx = e->motion.x;
        wy = e->motion.y;
    } else {
        wx = e->button.x;
        wy = e->button.y;
        int bit = e->button.button == SDL_BUTTON_LEFT ? 1 : e->button.button == SDL_BUTTON_RIGHT ? 2
                : e->button.button == SDL_BUTTON_MIDDLE ? 4 : 0;
        if (e->type == SDL_MOUSEBUTTONDOWN) h->edit_buttons |= bit;
        else h->edit_buttons &= ~bit;
    }
    window_to_screen(h, wx, wy, &x, &y);
    mote8_editor_mouse(m8, x, y, h->edit_buttons, wheel);
}

/* Keys the window keeps for itself, whatever the bindings: returns 1 when used. */
static int window_key(window_host *h, mote8 *m8, const SDL_Keysym *k)
{
    if ((k->sym == SDLK_RETURN && (k->mod & KMOD_ALT)) || k->sym == SDLK_F11) {
        h->fullscreen = !h->fullscreen;
        SDL_SetWindowFullscreen(h->window, h->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
        return 1;
    }
    if (k->sym == SDLK_e && (k->mod & KMOD_CTRL)) {
        set_editing(h, m8, !h->editing);
        return 1;
    }
    if (k->sym == SDLK_r && (k->mod & KMOD_CTRL)) {
        if (h->editing) set_editing(h, m8, 0);          /* run the edited cart */
        if (h->menu.open) m8_pause_menu_key(&h->menu, m8, M8_MENU_BACK);
        rerun(h, m8, 1);
        if (h->audio) SDL_PauseAudioDevice(h->audio, 0);
        return 1;
    }
    if (k->sym == SDLK_m && (k->mod & KMOD_CTRL)) {
        m8_sound_level_toggle_mute(&h->sound);
        sound_changed(h);
        return 1;
    }
    if (m8_overlay_key(&h->overlay, m8, k->sym)) return 1;
    if (!h->editing && !h->menu.open) {
        int done = m8_state_keys_down(&h->states, m8, k);
        if (done == 2) h->errored = 0;          /* a state loaded: the cart runs from it */
        if (done) return 1;
    }
    switch (k->sym) {
    case SDLK_F6: case SDLK_F12: capture(h, m8, "screen"); return 1;
    case SDLK_F7: capture(h, m8, "label"); return 1;
    case SDLK_F8: capture(h, m8, "rec"); return 1;
    case SDLK_F9: capture(h, m8, "video"); return 1;
    case SDLK_MINUS: case SDLK_EQUALS: case SDLK_KP_MINUS: case SDLK_KP_PLUS:
        if (h->editing && mote8_editor_wants_text(m8)) return 0;   /* typed into the code */
        m8_sound_level_step(&h->sound, k->sym == SDLK_MINUS || k->sym == SDLK_KP_MINUS ? -1 : 1);
        sound_changed(h);
        return 1;
    case SDLK_F10:
        m8_sound_level_toggle_mute(&h->sound);
        sound_changed(h);
        return 1;
    default: return 0;
    }
}

/* Returns 0 to go on, 1 to quit. */
static int handle_event(window_host *h, mote8 *m8, const SDL_Event *e)
{
    int player, button;
    switch (e->type) {
    case SDL_QUIT:
        return player_quits(h, m8, 0);
    case SDL_KEYDOWN:
        if (h->unsaved.open) {
            if (!e->key.repeat) return unsaved_answer(h, m8, e->key.keysym.sym);
            break;
        }
        if (e->key.repeat && !h->editing) break;
        if (!e->key.repeat && window_key(h, m8, &e->key.keysym)) break;
        if (h->editing) {
            editing_key(h, m8, &e->key.keysym);
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
        if (e->key.keysym.sym == SDLK_BACKSPACE && strlen(h->typed) + 1 < sizeof h->typed)
            strcat(h->typed, "\b");
        if (m8_input_map_key(&h->map, e->key.keysym.sym, &player, &button))
            h->keys[player] |= (uint8_t)(1 << button);
        break;
    case SDL_MOUSEMOTION: case SDL_MOUSEBUTTONDOWN: case SDL_MOUSEBUTTONUP:
        if (h->editing && !h->unsaved.open) editing_mouse(h, m8, e);
        break;
    case SDL_TEXTINPUT:                 /* devkit keyboard: printable ASCII, lower case */
        if (h->editing) {               /* the code editor: as typed */
            mote8_editor_text(m8, e->text.text);
            break;
        }
        for (const char *c = e->text.text; *c; c++) {
            size_t n = strlen(h->typed);
            if ((unsigned char)*c >= 32 && (unsigned char)*c < 127 && n + 1 < sizeof h->typed) {
                h->typed[n] = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
                h->typed[n + 1] = 0;
            }
        }
        break;
    case SDL_MOUSEWHEEL:
        if (h->editing && !h->unsaved.open) editing_mouse(h, m8, e);
        else h->wheel += e->wheel.y;
        break;
    case SDL_KEYUP:
        m8_state_keys_up(&h->states, e->key.keysym.sym);
        if (m8_input_map_key(&h->map, e->key.keysym.sym, &player, &button))
            h->keys[player] &= (uint8_t)~(1 << button);
        break;
    case SDL_CONTROLLERDEVICEADDED:
        pad_added(h, e->cdevice.which);
        break;
    case SDL_CONTROLLERDEVICEREMOVED:
        pad_removed(h, e->cdevice.which);
        break;
    case SDL_CONTROLLERBUTTONDOWN:
        if (!h->menu.open) {
            if (m8_input_map_pad_is(&h->map, e->cbutton.button, M8_PAD_PAUSE)) open_menu(h, m8);
        } else {
            int key = pad_menu_key(h, e->cbutton.button);
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
    save_sound(h);
    for (int i = 0; i < M8_MAX_PADS; i++)
        if (h->pads[i]) SDL_GameControllerClose(h->pads[i]);
    if (h->audio) SDL_CloseAudioDevice(h->audio);
    if (h->texture) SDL_DestroyTexture(h->texture);
    if (h->renderer) SDL_DestroyRenderer(h->renderer);
    m8_window_place_keep(h->window);        /* the next window (the launcher) keeps its size */
    if (h->window) SDL_DestroyWindow(h->window);
    SDL_Quit();
}

/* The mouse in screen pixels (devkit, stat 32-39): position over the picture, buttons,
 * wheel steps and movement since the last tick; the characters typed since then. */
static void mouse_input(window_host *h, mote8_input *in)
{
    int wx, wy, rw, rh, ww, wh;
    Uint32 b = SDL_GetMouseState(&wx, &wy);
    SDL_GetRendererOutputSize(h->renderer, &rw, &rh);
    SDL_GetWindowSize(h->window, &ww, &wh);
    SDL_Rect pic = picture_rect(h);
    int s = pic.w / MOTE8_WIDTH > 0 ? pic.w / MOTE8_WIDTH : 1;
    int px = ww ? wx * rw / ww : wx, py = wh ? wy * rh / wh : wy;     /* high-DPI */
    int x = (px - pic.x) / s, y = (py - pic.y) / s;
    in->mouse_x = x < 0 ? 0 : x > 127 ? 127 : x;
    in->mouse_y = y < 0 ? 0 : y > 127 ? 127 : y;
    in->mouse_buttons = ((b & SDL_BUTTON_LMASK) ? 1 : 0) | ((b & SDL_BUTTON_RMASK) ? 2 : 0) |
                        ((b & SDL_BUTTON_MMASK) ? 4 : 0);
    int dx, dy;
    SDL_GetRelativeMouseState(&dx, &dy);
    in->mouse_dx = dx / s;
    in->mouse_dy = dy / s;
    in->mouse_wheel = h->wheel;
    h->wheel = 0;
    memcpy(in->keys, h->typed, sizeof in->keys);
    h->typed[0] = 0;
}

/* One tick of the cart (not while paused): input, the tick, errors, sound, captures.
 * Returns 1 when the cart asked to end the program (extcmd("shutdown")). */
static int run_tick(window_host *h, mote8 *m8, const m8_input_script *script, long frame)
{
    mote8_input in;
    m8_input_script_at(script, frame, &in);
    for (int p = 0; p < 8; p++) in.buttons[p] |= h->keys[p];
    for (int i = 0; i < M8_MAX_PADS; i++)
        if (h->pads[i]) in.buttons[i] |= m8_input_map_pad(&h->map, h->pads[i]);
    mouse_input(h, &in);
    int status = h->errored ? MOTE8_ERROR : mote8_tick(m8, &in);
    if (status == MOTE8_RUNNING) m8_state_keys_ticked(&h->states, m8, &in);
    if (mote8_pause_requested(m8)) open_menu(h, m8);    /* extcmd("pause") */
    m8_overlay_tick(&h->overlay);
    if (status == MOTE8_ERROR && !h->errored) show_error(h, m8);
    if (!h->errored) m8_budget_watch_tick(&h->budget, m8, h->cart_name, "F1 shows the cost", stderr);
    int16_t audio[MOTE8_AUDIO_RATE / 10];
    int n = mote8_pull_audio(m8, audio, (int)(sizeof audio / sizeof audio[0]));
    double gain = m8_sound_level_gain(&h->sound);
    for (int i = 0; i < n; i++) audio[i] = (int16_t)(audio[i] * gain);
    if (h->audio && SDL_GetQueuedAudioSize(h->audio) / 2 < M8_AUDIO_MAX_QUEUED)
        SDL_QueueAudio(h->audio, audio, (Uint32)n * 2);
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    mote8_screen_rgb(m8, rgb);
    m8_capture_tick(&h->capture, rgb, mote8_fps(m8));
    char cmd[16];
    while (mote8_take_host_request(m8, cmd, sizeof cmd)) capture(h, m8, cmd);
    /* devkit pointer lock: the pointer hidden, only its movement reported */
    int lock = (mote8_devkit_flags(m8) & MOTE8_DEVKIT_POINTER_LOCK) != 0;
    if (lock != (SDL_GetRelativeMouseMode() == SDL_TRUE)) SDL_SetRelativeMouseMode(lock ? SDL_TRUE : SDL_FALSE);
    return status == MOTE8_SHUTDOWN;
}

/* The sound the editors made for the frame just drawn (the sfx and music editors' Space). */
static void queue_editor_audio(window_host *h, mote8 *m8)
{
    int16_t audio[MOTE8_AUDIO_RATE / 10];
    int n = mote8_editor_pull_audio(m8, audio, (int)(sizeof audio / sizeof audio[0]));
    double gain = m8_sound_level_gain(&h->sound);
    for (int i = 0; i < n; i++) audio[i] = (int16_t)(audio[i] * gain);
    if (h->audio && SDL_GetQueuedAudioSize(h->audio) / 2 < M8_AUDIO_MAX_QUEUED)
        SDL_QueueAudio(h->audio, audio, (Uint32)n * 2);
}

/* The window's ticks against the clock: `fps` ticks a second counted from `start`. */
typedef struct tick_clock {
    uint64_t freq, start;
    long since_start;
    int fps;
} tick_clock;

/* 1 when the next tick is due (and counted), 0 after sleeping until it is nearer. A new
 * frame rate counts from now; a stall (a quarter second behind) does not make the cart
 * race to catch up. */
static int tick_due(tick_clock *c, int fps)
{
    if (fps != c->fps) {                    /* a new rate: count from here */
        c->fps = fps;
        c->start = SDL_GetPerformanceCounter();
        c->since_start = 0;
    }
    uint64_t due = c->start + (uint64_t)c->since_start * c->freq / (uint64_t)c->fps;
    uint64_t now = SDL_GetPerformanceCounter();
    if (now < due) {                        /* sleep until the tick is due */
        uint32_t ms = (uint32_t)((due - now) * 1000 / c->freq);
        SDL_Delay(ms ? ms : 1);
        return 0;
    }
    if (now - due > c->freq / 4) {          /* fell far behind (a stall): no racing */
        c->start = now;
        c->since_start = 0;
    }
    c->since_start++;
    return 1;
}

/* SDL, controllers, audio and the window, with the settings' choices; 0, or the exit code
 * after printing why not. */
static int start_window(window_host *h, const m8_options *opt, const m8_settings *settings,
                        const char *cart_name)
{
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "mote8: cannot start SDL video: %s\n", SDL_GetError());
        return 1;
    }
    if (settings->pad_mappings[0] &&
        SDL_GameControllerAddMappingsFromFile(settings->pad_mappings) < 0)
        fprintf(stderr, "%s: controller mappings: %s\n", settings->pad_mappings, SDL_GetError());
    m8_input_map_init(&h->map, settings);
    open_audio(h);
    char title[600];
    snprintf(title, sizeof title, "mote8 - %s", cart_name);
    if (open_window(h, opt, settings, title) != 0) {
        fprintf(stderr, "mote8: cannot open a window: %s\n", SDL_GetError());
        close_host(h);
        return 1;
    }
    return 0;
}

/* The loop: events, --watch reloads, then a tick when one is due (none while the pause
 * menu is open), until the player closes the window or the cart ends the program. */
static void window_loop(window_host *h, const m8_options *opt, mote8 *m8,
                        const m8_input_script *script)
{
    long frame = 0;
    tick_clock clock = { SDL_GetPerformanceFrequency(), SDL_GetPerformanceCounter(), 0,
                         mote8_fps(m8) };
    for (;;) {
        SDL_Event e;
        int quit = 0;
        while (SDL_PollEvent(&e))
            if (handle_event(h, m8, &e)) quit = 1;
        if (quit) return;
        if (h->sound_unsaved && SDL_TICKS_PASSED(SDL_GetTicks(), h->sound_save_at)) save_sound(h);
        if (opt->watch && m8_cart_watch_changed(&h->watch)) rerun(h, m8, 1);
        if (!opt->unpaced && !tick_due(&clock, h->editing ? MOTE8_FPS : mote8_fps(m8))) continue;
        if (h->editing) m8_overlay_tick(&h->overlay);   /* frames shown count (MOTE8_WINDOW_SHOT) */
        if (h->unsaved.open) {
            /* the question waits for its answer: no ticks */
        } else if (!h->menu.open && !h->editing && h->states.rewinding) {
            if (m8_state_keys_rewind(&h->states, m8)) h->errored = 0;   /* back before it */
            m8_overlay_tick(&h->overlay);       /* frames shown count (MOTE8_WINDOW_SHOT) */
        } else if (!h->menu.open && !h->editing) {
            if (run_tick(h, m8, script, frame)) quit = 1;   /* extcmd("shutdown") */
            frame++;
            if (opt->frames >= 0 && frame >= opt->frames) quit = 1;
        }
        present(h, m8);
        if (h->editing) queue_editor_audio(h, m8);
        m8_key_script_tick(&h->script_keys, h->window);    /* paused frames count too */
        if (quit) return;
    }
}

int m8_run_window(const m8_options *opt, mote8 *m8, const char *cart_name, int bundled,
                  m8_settings *settings)
{
    window_host h;
    memset(&h, 0, sizeof h);
    m8_settings defaults;
    if (!settings) {
        m8_settings_defaults(&defaults);
        settings = &defaults;
    }
    h.settings = settings;
    m8_sound_level_set(&h.sound, settings->volume, settings->mute);
    h.cart_name = cart_name;
    int rc = start_window(&h, opt, settings, cart_name);
    if (rc) return rc;
    static const mote8_clipboard system_clipboard = { NULL, sdl_clipboard_set, sdl_clipboard_get };
    mote8_editor_set_clipboard(m8, &system_clipboard);
    if (h.sound.muted) h.sound_shown_until = SDL_GetTicks() + M8_VOLUME_SHOWN_MS;  /* say so */
    m8_input_script script = { 0 };
    if (opt->input_script && m8_input_script_load(&script, opt->input_script) != 0) {
        close_host(&h);
        return 2;
    }
    char folder[600];
    m8_settings_folder(settings, M8_FOLDER_CAPTURE, folder, sizeof folder);
    m8_capture_init(&h.capture, folder, cart_name, bundled, settings->capture_scale);
    m8_cart_watch_init(&h.watch, opt->cart, cart_name);
    m8_overlay_init(&h.overlay, m8, opt->profile_dir, &h.capture);
    m8_key_script_init(&h.script_keys, "MOTE8_WINDOW_KEYS");
    m8_state_keys_init(&h.states, settings, cart_name);
    m8_state_keys_restarted(&h.states, m8);
    if (settings->overlay) h.overlay.shown = 1;
    if (mote8_error_kind(m8) != MOTE8_ERROR_NONE) show_error(&h, m8);   /* it failed to load */
    if (opt->edit) set_editing(&h, m8, 1);
    window_loop(&h, opt, m8, &script);
    if (mote8_editor_unsaved(m8))
        fprintf(stderr, "mote8: %s: note: the editors' changes were not saved (Ctrl+S saves)\n",
                cart_name);
    if (opt->screenshot) {
        uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
        mote8_screen_rgb(m8, rgb);
        if (mote8_write_png(opt->screenshot, rgb, MOTE8_WIDTH, MOTE8_HEIGHT, 1) != 0)
            perror(opt->screenshot);
    }
    m8_input_script_free(&script);
    m8_overlay_finish(&h.overlay);
    m8_capture_free(&h.capture);
    m8_cart_watch_free(&h.watch);
    m8_state_keys_free(&h.states);
    close_host(&h);
    if (h.to_launcher) return M8_WINDOW_TO_LAUNCHER;
    return h.errored ? 1 : 0;
}
