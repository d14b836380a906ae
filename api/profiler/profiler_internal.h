/* profiler_internal.h - the profiler's collected data (api/profiler/profiler.c), shared with its
 * tests. Depends on: profile_draws.h, profile_files.h, profile_live.h, profile_stacks.h,
 * profile_trace.h, api/vm_internal.h, runtime/core/cost.h. */
#ifndef M8_PROFILER_INTERNAL_H
#define M8_PROFILER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "cost.h"
#include "profile_draws.h"
#include "profile_files.h"
#include "profile_live.h"
#include "profile_stacks.h"
#include "profile_trace.h"
#include "vm_internal.h"

/* How many times a line called one API function. */
typedef struct m8_prof_fn_calls {
    int row;                    /* index into m8_api_rows */
    uint64_t calls;
} m8_prof_fn_calls;

typedef struct m8_prof_line_acc {
    double lua, system, pixels;
    uint64_t calls;
    m8_prof_fn_calls *fn;       /* the calls per function made from this line */
    int nfn, capfn;
} m8_prof_line_acc;

typedef struct m8_prof_api {
    uint64_t calls;
    double cycles, pixels, offscreen;
} m8_prof_api;

/* What drew a sprite: sprites.csv keeps spr, sspr and map apart (its source column). */
enum m8_prof_sprite_by { M8_PROF_BY_SPR, M8_PROF_BY_SSPR, M8_PROF_BY_MAP, M8_PROF_BY_COUNT };

typedef struct m8_prof_sprite {
    uint64_t draws;             /* times drawn: a cell of a spr, an sspr covering it, a map cell */
    double pixels, cycles;      /* requested area and its share of the calls' cycles */
    double offscreen;           /* of those cycles, spent outside the screen or clip */
} m8_prof_sprite;

#define M8_PROF_SPRITE_REPORTS (128 * 64 + 256)   /* a whole map, or a whole sheet */

typedef struct m8_prof_tick {
    uint64_t tick;
    long frame;                 /* displayed frame this tick belongs to */
    m8_cost_tick cost;
    int frame_done;
} m8_prof_tick;

typedef struct m8_prof_frame {
    uint64_t frame, tick;       /* tick = the tick that ended it */
    m8_cost_frame cost;
    uint64_t budget;
} m8_prof_frame;

struct mote8_profiler {
    m8_vm *vm;
    int detached;
    int fps;
    int nlines;                 /* code lines; index 0 = outside the cart */
    m8_prof_line_acc *lines;    /* [nlines + 1] */
    double *recent;             /* [nlines + 1]: decayed Lua + system, for live figures */
    const char *cart_source;    /* interned "=cart" source string, once seen */
    m8_prof_api *apis;          /* [m8_api_row_count] */
    int row;                    /* row of the call being observed */
    m8_prof_sprite sprites[M8_PROF_BY_COUNT][256];   /* [enum m8_prof_sprite_by][sprite] */
    m8_sprite_report *sprite_reports;           /* the VM's buffer while attached */
    double heat[M8_SCREEN_W * M8_SCREEN_H];     /* draw cycles per screen pixel */
    double on_screen, offscreen, unplaced;
    m8_prof_tick *ticks;
    size_t nticks, ticks_cap;
    m8_prof_frame *frames;
    size_t nframes, frames_cap;
    uint64_t boot_lua, boot_system;
    uint64_t seen_lua;          /* Lua cycles counted when the last instruction was seen */
    int seen_line;              /* that instruction's line */
    m8_stacks stacks;           /* the cycles per Lua call stack (profile_stacks.h) */
    m8_draws draws;             /* the cycles per draw (profile_draws.h) */
    m8_live live;               /* the recent frames' figures, for the overlay (profile_live.h) */
    int seen_stack;             /* the stack of the last instruction seen */
    lua_State *seen_state;      /* and where it ran (its activation record, function, line): */
    const void *seen_ci;        /* the next instruction at the same place has the same stack */
    const char *seen_source;
    int seen_defined, seen_current;
    int new_activation;         /* a function of the cart was called since the last instruction */
    uint64_t system_total;      /* system cycles of the API calls observed (trace positions) */
    m8_trace trace;             /* per-call slices for trace.json (profile_trace.h) */
};

/* Build report.html and summary.txt from the profile files in `set` and add them to it
 * (profiler_report.c); print the text summary to `text` when not NULL. 0, or -1 with err. */
int m8_profile_report_build(m8_profile_files *set, FILE *text, char *err, size_t errsz);

/* The vertical scale of the report's frame chart, in budgets (1 = 100% of a frame's
 * cycles): `top` fits the largest frame with some headroom (at least 125%, so the budget
 * line always shows) and is a whole number of `step`s, a step of 25%, 50%, 100%, 200%,
 * 250%, 500%, 1000% ... chosen so there are at most M8_CHART_GRIDLINES steps. */
#define M8_CHART_GRIDLINES 6
void m8_report_chart_scale(double largest, double *top, double *step);

#endif
