/* overlay.h - the window's live cost overlay and its profiling switch.
 *
 * F1 toggles an overlay drawn at window resolution in a band below the picture (never into
 * the cart's 128x128 screen; the window shrinks the picture's scale to make room): the CPU bar of the last displayed frame split Lua/system against the
 * budget, the frame rate, and the five costliest lines of the last frames (tab:line).
 * F2 starts/stops recording a profile; stopping writes it to --profile DIR (or
 * mote8_profile_TIME) like `mote8 --headless --profile`. With --profile DIR the window
 * records from the start and writes DIR on exit.
 * Environment, for checks and screenshots: MOTE8_OVERLAY=1 starts with the overlay shown;
 * MOTE8_WINDOW_SHOT=FILE.png saves the whole window (overlay included) at tick
 * MOTE8_WINDOW_SHOT_TICK (default 60).
 * Depends on: SDL2, api/mote8.h, api/mote8_profiler.h. */
#ifndef M8_OVERLAY_H
#define M8_OVERLAY_H

#include <SDL.h>
#include "mote8.h"
#include "mote8_profiler.h"

typedef struct m8_overlay {
    int shown;
    int recording;              /* F2 / --profile: a profile will be written */
    const char *profile_dir;    /* --profile DIR, or NULL */
    mote8_profiler *prof;       /* attached while shown or recording */
    long ticks;
    const char *shot_path;
    long shot_tick;
} m8_overlay;

void m8_overlay_init(m8_overlay *o, mote8 *m8, const char *profile_dir);
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
