/* mote8_profiler.h - the cost profiler and live cost figures, for hosts and tools (next to the
 * embedding API of mote8.h).
 *
 * Attach a profiler to a running machine; it observes every tick, every API call (with its
 * call site, tab:line, and its Lua call stack) and, through the count hook, every Lua
 * instruction's line and call stack. It runs in
 * C outside the counted Lua code, so it never changes the numbers it reports. Write the
 * profile to a directory (docs/cost-model.md lists the files: frames.csv, ticks.csv,
 * callsites.csv, api.csv, sprites.csv, summary.csv, heatmap.png, spritesheet.png,
 * trace.json, stacks.folded, functions.csv, calls.csv, draws.csv, draw_sites.csv,
 * report.html, summary.txt).
 * Depends on: api/mote8.h (implementation in api/profiler/profiler.c,
 * api/profiler/profiler_report.c, api/profiler/profile_draws.c, live figures in
 * api/profiler/profile_live.c). */
#ifndef MOTE8_PROFILER_H
#define MOTE8_PROFILER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "mote8.h"

typedef struct mote8_profiler mote8_profiler;

/* The last displayed frame, from the cost model (works without a profiler). */
typedef struct mote8_frame_cost {
    uint64_t lua, system;       /* cycles of the frame (all its ticks) */
    uint64_t budget;            /* cycles per tick at the target rate */
    int dropped;                /* 1 when the rate was halved for it */
    int target_fps;             /* 30 or 60 */
    int display_fps;            /* target_fps, or half of it when dropped */
    uint64_t frames;            /* displayed frames (_draw calls ended) since the cart started */
} mote8_frame_cost;

void mote8_last_frame_cost(const mote8 *m8, mote8_frame_cost *out);

/* One line of the cart's code with its cost. */
typedef struct mote8_prof_line {
    int code_line;              /* 1-based line of the whole code (0 = outside the cart) */
    int tab, tab_line;          /* PICO-8 tab (from 0) and line in it */
    double lua_cycles, system_cycles;
    uint64_t calls;             /* API calls made from this line */
    double pixels;              /* requested area of those calls */
} mote8_prof_line;

/* Start observing `m8` (one profiler per machine). NULL when out of memory. */
mote8_profiler *mote8_profiler_attach(mote8 *m8);
/* Stop observing; the collected data stays readable and writable. */
void mote8_profiler_detach(mote8_profiler *p);
void mote8_profiler_free(mote8_profiler *p);     /* detaches first */

/* The n costliest lines (Lua + system): totals over the whole run (recent = 0), or cycles
 * per frame averaged over the last frames with exponential forgetting (recent = 1, for a
 * live overlay). Returns the count. */
int mote8_profiler_top_lines(const mote8_profiler *p, int recent, mote8_prof_line *out, int n);

/* Live figures of the last frames, for an overlay called every frame: cycles per displayed
 * frame averaged with exponential forgetting (as mote8_profiler_top_lines with recent = 1),
 * so what stopped fades out within a few seconds. Each query walks only what ran lately. */

/* One draw (an API call site's call stack with what it drew from and its scale, as in
 * draws.csv). */
typedef struct mote8_prof_draw {
    char label[128];            /* what, where and who: "sspr 64x64 x3.2 at 1:40 in spr3d <
                                   boss < _draw" (spr: its sprite number and size, sspr: source
                                   size and scale, map: its cells; the line that called the
                                   API; the functions up the stack, innermost first, 3 at most) */
    const char *function;       /* the API function: "sspr" */
    int tab, tab_line;          /* the line that called the API (tab -1: outside the cart) */
    double cycles;              /* cycles per frame */
    double offscreen;           /* of them, outside the screen or clip rectangle */
} mote8_prof_draw;

/* The n costliest draws of the recent frames, costliest first. Returns the count. */
int mote8_profiler_live_draws(const mote8_profiler *p, mote8_prof_draw *out, int n);

/* One function of the cart (named as in functions.csv). */
typedef struct mote8_prof_function {
    char name[64];              /* "boss", "function@1:4" (where defined), "(main chunk)" */
    int tab, tab_line;          /* where it is defined */
    double inclusive;           /* cycles per frame of every stack holding it (once a stack) */
    double exclusive;           /* of the stacks it ends (its own instructions) */
} mote8_prof_function;

/* The n functions of the cart costliest by recent inclusive cycles. Returns the count. */
int mote8_profiler_live_functions(const mote8_profiler *p, mote8_prof_function *out, int n);

/* Draw cost per screen pixel of the recent frames, split by cause: a cause is the call path
 * of a drawing call (its Lua call stack with the API function). The costliest causes own a
 * plane each, kept while they stay among the costliest (so a host can give each slot a fixed
 * colour); all other causes share the last plane. Only the cycles that landed on screen. */
#define MOTE8_HEAT_CAUSES 6
typedef struct mote8_prof_cause {
    char label[128];            /* "sspr at 1:40 in spr3d < boss < _draw" */
    int slot;                   /* its plane, 0 .. MOTE8_HEAT_CAUSES - 1 */
    double cycles;              /* on-screen cycles per frame */
} mote8_prof_cause;

typedef struct mote8_prof_heatmap {
    int ncauses;                /* causes with a plane, costliest first */
    mote8_prof_cause causes[MOTE8_HEAT_CAUSES];
    double other;               /* on-screen cycles per frame of all other causes */
    double hottest;             /* the largest cycles per frame of one pixel, planes summed */
    float cycles[MOTE8_HEAT_CAUSES + 1][128 * 128];  /* per plane (the last: other causes)
                                                        and pixel (y * 128 + x), per frame */
} mote8_prof_heatmap;

/* Fill `out` (about 460 KB: allocate it once). Returns the number of causes. */
int mote8_profiler_live_heatmap(const mote8_profiler *p, mote8_prof_heatmap *out);

/* The text of code line `line` (leading blanks dropped, non-ASCII shown as '?'), for
 * displays; control characters become '?', P8SCII glyphs stay for the built-in font; returns buf. */
const char *mote8_profiler_source(const mote8_profiler *p, int line, char *buf, size_t size);

/* Write the profile files into `dir`, then report.html and summary.txt, through the
 * machine's platform write_file (api/mote8.h). Returns 0, or -1 with a message in err. */
int mote8_profiler_write(const mote8_profiler *p, const char *dir, char *err, size_t errsz);

/* From a profile directory's files, read and written through `pf` (api/mote8.h): write
 * DIR/report.html and DIR/summary.txt, and print the text summary to `text` when not NULL
 * (tools/m8prof). 0, or -1 with err. */
int mote8_profile_report(const mote8_platform *pf, const char *dir, FILE *text, char *err,
                         size_t errsz);

#endif
