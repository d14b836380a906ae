/* overlay.h - the window's live cost overlay and its profiling switch.
 *
 * F1 steps through the overlay's views: off -> figures -> heatmap -> off. Both views keep a
 * band below the picture (the window shrinks the picture's scale to make room; the band's
 * text scale is chosen so its three columns fit the window's width):
 *  - figures: the CPU bar of the last displayed frame split Lua/system against the budget,
 *    the frame rate, and three columns of the last frames (cycles per frame, exponentially
 *    averaged): the five costliest lines (tab:line), the five costliest draws (cycles, % of
 *    the budget, off-screen share, "sspr 64x64 x3.2 at 1:40 in spr3d < boss") and the five
 *    costliest functions (inclusive cycles, % of the budget, exclusive share);
 *  - heatmap: the picture dimmed, each pixel tinted by the draw cost that landed on it in the
 *    last frames, in the colour of the call path that caused it (the six costliest causes
 *    have a colour each, the rest grey), stronger where it costs more; the band holds the
 *    CPU bar and the legend (colour, cycles per frame, % of the budget, the cause).
 * F2 starts/stops recording a profile; the window shows "profiling..." when it starts and,
 * when it stops, the full path of the report written like `mote8 --headless --profile`:
 * into --profile DIR, else a new folder CART_profile_N of the capture folder (capture.h).
 * With --profile DIR the window records from the start and writes DIR on exit.
 * Environment, for checks and screenshots: MOTE8_OVERLAY=1 starts with the figures shown,
 * MOTE8_OVERLAY=heat with the heatmap; MOTE8_WINDOW_SHOT=FILE.png saves the whole window
 * (overlay included) at tick MOTE8_WINDOW_SHOT_TICK (default 60).
 * Depends on: capture.h, SDL2, api/mote8.h, api/mote8_profiler.h. */
#ifndef M8_OVERLAY_H
#define M8_OVERLAY_H

#include <SDL.h>
#include "capture.h"
#include "mote8.h"
#include "mote8_profiler.h"

enum m8_overlay_view { M8_OVERLAY_OFF, M8_OVERLAY_FIGURES, M8_OVERLAY_HEATMAP, M8_OVERLAY_VIEWS };

typedef struct m8_overlay {
    int shown;                  /* enum m8_overlay_view */
    int recording;              /* F2 / --profile: a profile will be written */
    const char *profile_dir;    /* --profile DIR, or NULL */
    m8_capture *capture;        /* names F2's profile folders; shows the messages */
    mote8_profiler *prof;       /* attached while shown or recording */
    mote8_prof_heatmap *heat;   /* the heatmap view's figures (allocated when first shown) */
    SDL_Texture *heat_texture;  /* its 128x128 tint over the picture */
    long ticks;
    const char *shot_path;
    long shot_tick;
} m8_overlay;

void m8_overlay_init(m8_overlay *o, mote8 *m8, const char *profile_dir, m8_capture *capture);
/* A key press; returns 1 when the overlay used it. */
int m8_overlay_key(m8_overlay *o, mote8 *m8, SDL_Keycode key);
void m8_overlay_tick(m8_overlay *o);
/* Height in window pixels of the band the overlay needs at the bottom of a window_w x
 * window_h window (0 when hidden). */
int m8_overlay_reserved_height(const m8_overlay *o, int window_w, int window_h);
/* Draw what goes over the picture `pic` (the heatmap's tint), right after the picture. */
void m8_overlay_draw_picture(m8_overlay *o, SDL_Renderer *r, mote8 *m8, SDL_Rect pic);
/* Draw the band (call last, before SDL_RenderPresent). */
void m8_overlay_draw(m8_overlay *o, SDL_Renderer *r, mote8 *m8);
/* Writes the profile when recording; frees everything. */
void m8_overlay_finish(m8_overlay *o);

#endif
