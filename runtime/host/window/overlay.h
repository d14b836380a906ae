/* overlay.h - the window's live cost overlay and its profiling switch.
 *
 * F1 toggles an overlay drawn at window resolution in a band below the picture (never into
 * the cart's 128x128 screen; the window shrinks the picture's scale to make room): the CPU bar of the last displayed frame split Lua/system against the
 * budget, the frame rate, and the five costliest lines of the last frames (tab:line).
 * F2 starts/stops recording a profile; the window shows "profiling..." when it starts and,
 * when it stops, the full path of the report written like `mote8 --headless --profile`:
 * into --profile DIR, else a new folder CART_profile_N of the capture folder (capture.h).
 * With --profile DIR the window records from the start and writes DIR on exit.
 * Environment, for checks and screenshots: MOTE8_OVERLAY=1 starts with the overlay shown;
 * MOTE8_WINDOW_SHOT=FILE.png saves the whole window (overlay included) at tick
 * MOTE8_WINDOW_SHOT_TICK (default 60).
 * Depends on: capture.h, SDL2, api/mote8.h, api/mote8_profiler.h. */
#ifndef M8_OVERLAY_H
#define M8_OVERLAY_H

#include <SDL.h>
#include "capture.h"
#include "mote8.h"
#include "mote8_profiler.h"

typedef struct m8_overlay {
    int shown;
    int recording;              /* F2 / --profile: a profile will be written */
    const char *profile_dir;    /* --profile DIR, or NULL */
    m8_capture *capture;        /* names F2's profile folders; shows the messages */
    mote8_profiler *prof;       /* attached while shown or recording */
    long ticks;
    const char *shot_path;
    long shot_tick;
} m8_overlay;

void m8_overlay_init(m8_overlay *o, mote8 *m8, const char *profile_dir, m8_capture *capture);
/* A key press; returns 1 when the overlay used it. */
int m8_overlay_key(m8_overlay *o, mote8 *m8, SDL_Keycode key);
void m8_overlay_tick(m8_overlay *o);
/* Height in window pixels of the band the overlay needs at the bottom (0 when hidden). */
int m8_overlay_reserved_height(const m8_overlay *o, int window_h);
/* Draw the band (call before SDL_RenderPresent). */
void m8_overlay_draw(m8_overlay *o, SDL_Renderer *r, mote8 *m8);
/* Writes the profile when recording; frees everything. */
void m8_overlay_finish(m8_overlay *o);

#endif
