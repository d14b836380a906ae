/* cost.h - the virtual CPU's cycle counters and frame pacing (reference 10.2, 11).
 *
 * A virtual 8 MHz CPU: 2^23 cycles per second, so a frame budget of 279,620 cycles at
 * 30 fps and 139,810 at 60 fps. Lua costs 2 cycles per VM instruction (counted exactly in
 * the interpreter loop, or by a count hook: docs/cost-model.md); API calls charge the system cost given by their row of the API
 * table. Everything here is virtual: no host clock is ever read, so the numbers and the
 * pacing decisions are the same headless and windowed, with or without the profiler.
 *
 * Vocabulary (docs/cost-model.md):
 *   tick   - one call of mote8_tick: one _update (or one flip() of a hand-written loop).
 *   frame  - one displayed frame: the ticks since the previous _draw, ending with a _draw.
 *            At full rate a frame is one tick; when halved (30->15, 60->30 fps) it is two
 *            ticks, _update twice then _draw.
 * The main loop reports its steps: tick_begin, want_draw (after _update: draw now?),
 * frame_end (end of the tick's bios loop iteration), flip, boot_end.
 * Depends on: m8conf.h. */
#ifndef M8_COST_H
#define M8_COST_H

#include <stdint.h>

#include "m8conf.h"     /* M8_CPU_HZ, M8_FRAME_BUDGET */

typedef struct m8_cost_frame {
    uint64_t lua, system;       /* cycles of all the frame's ticks */
    int updates;                /* update ticks in it: 1, or 2 when halved */
    int dropped;                /* 1 when the frame rate was halved for this frame */
} m8_cost_frame;

typedef struct m8_cost_tick {
    uint64_t update_lua, update_system;  /* tick start to the draw decision (the _update) */
    uint64_t draw_lua, draw_system;      /* draw decision to the frame end (the _draw) */
    int drew;                   /* _draw ran: this tick ended a displayed frame */
    int completed;              /* the tick reached its end of frame (0: cut off by the
                                   endless-loop slice limit, or an idle/ended program) */
} m8_cost_tick;

typedef struct m8_cost {
    int fps;                    /* 30 or 60 */
    uint64_t budget;            /* cycles per tick at the target rate */
    uint64_t lua_cycles;        /* the current displayed frame so far */
    uint64_t system_cycles;
    int halved;                 /* pacing: two ticks per displayed frame */
    int frame_updates;          /* draw decisions taken in the current frame */
    int deciding;               /* 1 from a loop iteration's start to want_draw */
    uint64_t mark_lua, mark_system;      /* counters at the tick start / draw decision */
    m8_cost_tick tick;          /* the running tick (finished after mote8_tick) */
    m8_cost_frame last;         /* the last displayed frame */
    int frame_done;             /* the last tick finished a displayed frame */
    int draw_resumes;           /* a flip() inside _draw: the next tick finishes that _draw */
    uint64_t boot_lua, boot_system;      /* top-level code and _init */
    uint64_t frames, dropped_frames, ticks;
} m8_cost;

void m8_cost_init(m8_cost *c, int fps);
void m8_cost_set_fps(m8_cost *c, int fps);

static inline void m8_cost_charge_lua(m8_cost *c, uint64_t cycles)
{
    c->lua_cycles += cycles;
}
static inline void m8_cost_charge_system(m8_cost *c, uint64_t cycles)
{
    c->system_cycles += cycles;
}

/* Main-loop steps. */
void m8_cost_tick_begin(m8_cost *c);
/* After _update: 1 = run _draw in this tick. */
int m8_cost_want_draw(m8_cost *c);
/* The bios loop iteration ended (after the optional _draw). Closes the frame when it drew
 * and decides the pacing of the next one. */
void m8_cost_frame_end(m8_cost *c);
/* flip() in a hand-written loop: a displayed frame, never halved. */
void m8_cost_flip(m8_cost *c);
/* Top-level code and _init finished. With callbacks their cost is set apart (boot_*) and
 * the first frame starts clean; without, the program's own run is the frame. */
void m8_cost_boot_end(m8_cost *c, int has_callbacks);
/* mote8_tick returns: fills tick.completed and frame_done. */
void m8_cost_tick_end(m8_cost *c, int completed);

/* Kept for callers of the first cost module: the pacer's current draw decision. */
int m8_cost_should_draw(const m8_cost *c);

/* The units of the drawing calls' cost rules (api/api_table.h), from their arguments. */
double m8_units_segment(int x0, int y0, int x1, int y1);  /* pixels: 1 + max(|dx|, |dy|) */
double m8_units_box(double w, double h);                   /* area, 0 when empty */
double m8_units_spr_side(int32_t size);  /* spr's w or h (16.16 sprites) in pixels: floor(8 size) */
double m8_units_rect_outline(double w, double h);          /* older wiki table (rect) */
double m8_units_rect_perimeter(int w, int h);              /* rrect: 2w + 2h */
double m8_units_oval_outline(double w, double h);          /* about 2(w + h) pixels */
double m8_units_circ(int r);                               /* about 8r + 1 pixels */
double m8_units_circfill(int r);                           /* the (2r+1)^2 box */

double m8_cost_stat_total(const m8_cost *c);   /* stat(1): frame so far / budget */
double m8_cost_stat_system(const m8_cost *c);  /* stat(2) */
int32_t m8_cost_stat_cycles(const m8_cost *c, int system_only);  /* stat(200), stat(201) */

#endif
