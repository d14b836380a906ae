/* key_script.h - scripted window events, for checks and screenshots under Xvfb: an
 * environment variable holds entries "TICK:WHAT" separated by spaces; after frame TICK of
 * the window (counted from 0: a cart's frames shown, its ticks and the frames shown while
 * paused alike, or the launcher's frames) WHAT happens as if the player
 * did it: an SDL key name pressed and released ("F2", "Escape", "-", "Return"; "ctrl+" in
 * front holds Control, "shift+" Shift), "hold=KEY" and "release=KEY" (only pressed, only
 * released: a key held over several frames, e.g. "30:hold=F3 60:release=F3"), "quit" (the
 * window is closed), "size=WxH" (the
 * window is resized to W x H window pixels) or "mouse=X,Y,B" (the mouse moves to window
 * pixel X,Y with buttons B held: bit 0 left, 1 right, 2 middle; presses and releases are
 * the changes from the last mouse entry) or "text=TEXT" (TEXT typed, as SDL_TEXTINPUT:
 * "%XX" is the byte of hex XX, e.g. %20 a space, %25 a percent sign). MOTE8_WINDOW_KEYS drives a cart's window, MOTE8_LAUNCHER_KEYS
 * the launcher. A bad entry is reported on stderr and skipped.
 * Depends on: SDL2. */
#ifndef M8_KEY_SCRIPT_H
#define M8_KEY_SCRIPT_H

#include <SDL.h>

#define M8_KEY_SCRIPT_MAX 64

typedef struct m8_key_step {
    long tick;
    int quit;                   /* close the window */
    int width, height;          /* resize, when width > 0 */
    SDL_Keycode key;            /* press and release, when not SDLK_UNKNOWN */
    int hold;                   /* 1: only press it, -1: only release it, 0: both */
    Uint16 mod;
    int mouse;                  /* a mouse step: mouse_x, mouse_y, buttons */
    int mouse_x, mouse_y, buttons;
    char text[32];              /* typed text, when not empty */
} m8_key_step;

typedef struct m8_key_script {
    m8_key_step steps[M8_KEY_SCRIPT_MAX];
    int count;
    long tick;                  /* ticks seen */
    int buttons;                /* mouse buttons held by the last mouse step */
} m8_key_script;

/* Read the entries of environment variable `env_name` (none: an empty script). */
void m8_key_script_init(m8_key_script *ks, const char *env_name);
/* Queue the events due at the current tick for `window`, then count the tick. */
void m8_key_script_tick(m8_key_script *ks, SDL_Window *window);

#endif
