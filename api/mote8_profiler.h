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
 * api/profiler/profiler_report.c, api/profiler/profile_draws.c). */
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
