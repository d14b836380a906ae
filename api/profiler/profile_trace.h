/* profile_trace.h - the profiler's per-call slices for trace.json: while the cart runs, the
 * frames of the observed Lua stack open and close slices (a function's activation, from its
 * first instruction to the first instruction seen outside it), API calls are slices of their
 * cycles; positions are the run's cycles (Lua + system) and each tick's slices are placed
 * inside its _update or _draw on the virtual timeline when the tick ends. Slices shorter
 * than M8_TRACE_MIN_CYCLES are left out and at most M8_TRACE_MAX_SLICES are kept (the
 * rest are counted, and the count is written into trace.json).
 * Depends on: profile_stacks.h, profile_files.h. */
#ifndef M8_PROFILE_TRACE_H
#define M8_PROFILE_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include "profile_files.h"
#include "profile_stacks.h"

#define M8_TRACE_MIN_CYCLES 256      /* about 30 us of the 8 MHz CPU; 0.09% of a 30 fps frame */
#define M8_TRACE_MAX_SLICES 40000

typedef struct m8_trace_slice {
    uint64_t start, end;        /* run cycles while open; cycles into the tick once placed */
    uint64_t tick;              /* the tick it belongs to (placed slices) */
    int32_t fn;                 /* m8_stacks.fns index (a function of the cart, or an API) */
    int32_t depth;              /* frames under it in its stack */
} m8_trace_slice;

typedef struct m8_trace {
    m8_trace_slice *slices;
    size_t nslices, cap;
    size_t placed;              /* slices[0 .. placed) belong to ended ticks */
    uint64_t dropped;           /* slices left out for the cap */
    int32_t open_fn[M8_STACK_DEPTH + 3];   /* the frames of the stack now running: function, */
    int32_t open_line[M8_STACK_DEPTH + 3]; /* line it is at, run cycle its slice started */
    uint64_t open_start[M8_STACK_DEPTH + 3];
    int nopen;
} m8_trace;

/* The stack `stack` of s runs from run cycle `pos`: frames no longer in it end, new ones
 * start. `new_activation`: its leaf frame was just called (a call since the last
 * instruction), so a same-looking leaf is another activation. */
void m8_trace_stack(m8_trace *t, const m8_stacks *s, int stack, uint64_t pos, int new_activation);

/* An API call (the leaf of API-leaf stack `stack`) ran from run cycle `start` to `end`. */
void m8_trace_api(m8_trace *t, const m8_stacks *s, int stack, uint64_t start, uint64_t end);

/* Tick `tick` ended at run cycle `pos`, after `cycles` cycles (its _update and _draw):
 * every open slice ends, and the tick's slices are placed into it (clipped to it). */
void m8_trace_tick(m8_trace *t, const m8_stacks *s, uint64_t tick, uint64_t pos, uint64_t cycles);

void m8_trace_free(m8_trace *t);

struct mote8_profiler;
/* trace.json from the profiler's ticks, frames and slices. 0, or -1 with err. */
int m8_trace_write(const struct mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz);

#endif
