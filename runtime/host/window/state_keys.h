/* state_keys.h - the window's save states and rewind (docs/snapshots.md, "In the window"):
 * F5 saves the machine's state into the current slot, F4 loads it, Shift+F5 / Shift+F4
 * choose the next / previous slot (0-9), each shown on screen for 1.5 s; slot N of cart
 * NAME.p8 is the file `states/NAME.N.m8state` in the data folder (settings' data_folder).
 * Holding F3 runs the cart backwards, one tick a frame, through the last rewind_seconds of
 * the run (common/rewind.h), with "<< REWIND" and the seconds left shown; letting go plays
 * on from there. No SDL rendering outside the draw function.
 * Depends on: common/rewind.h, common/state_file.h, common/settings.h, host_text.h,
 * api/mote8.h, SDL2. */
#ifndef M8_STATE_KEYS_H
#define M8_STATE_KEYS_H

#include <SDL.h>
#include "mote8.h"
#include "rewind.h"
#include "settings.h"

#define M8_STATE_SLOTS 10

typedef struct m8_state_keys {
    m8_rewind *rewind;          /* NULL when rewind is off (rewind_seconds = 0) */
    int rewinding;              /* F3 held */
    int slot;                   /* 0-9 */
    char folder[600];           /* the data folder's states/ */
    char base[256];             /* the cart's name without folder and .p8 */
    char message[200];
    Uint32 message_until;       /* SDL_GetTicks() */
} m8_state_keys;

void m8_state_keys_init(m8_state_keys *sk, const m8_settings *settings, const char *cart_name);
void m8_state_keys_free(m8_state_keys *sk);

/* The machine (re)started from its beginning or from a state: the rewind history starts
 * again from here. */
void m8_state_keys_restarted(m8_state_keys *sk, mote8 *m8);

/* A key pressed (not a repeat): 0 when it is none of these, 2 when a state was loaded
 * (the rewind history starts again from it), else 1. F5 and F4 act at once. */
int m8_state_keys_down(m8_state_keys *sk, mote8 *m8, const SDL_Keysym *k);
/* A key released: F3 ends rewinding. */
void m8_state_keys_up(m8_state_keys *sk, SDL_Keycode key);

/* After a tick run with `in` (not while rewinding). */
void m8_state_keys_ticked(m8_state_keys *sk, mote8 *m8, const mote8_input *in);

/* Instead of a tick while F3 is held: one tick back. 1 when the machine went back (its
 * screen is that tick's frame), 0 at the oldest tick kept. */
int m8_state_keys_rewind(m8_state_keys *sk, mote8 *m8);

/* The rewind mark and the last message, over the picture `pic` (window pixels). */
void m8_state_keys_draw(m8_state_keys *sk, SDL_Renderer *r, SDL_Rect pic, int fps);

#endif
