/* budget_watch.h - tells the player once when a cart runs over its CPU budget: the first
 * displayed frame whose rate the machine halved (30 -> 15 or 60 -> 30 fps) prints one line
 * on stderr, in the window and headless alike; the window also marks the picture for as
 * long as the cart stays over (window/budget_mark.h).
 * Depends on: api/mote8.h, api/mote8_profiler.h (mote8_last_frame_cost). */
#ifndef M8_BUDGET_WATCH_H
#define M8_BUDGET_WATCH_H

#include <stdio.h>
#include "mote8.h"

typedef struct m8_budget_watch {
    int warned;                 /* the line was printed in this run */
    int over;                   /* the last displayed frame was halved */
    int display_fps;            /* its rate (target, or half of it) */
} m8_budget_watch;

/* After each tick: update `over` and `display_fps` from the last displayed frame and, the
 * first time it is halved, print to `out`
 *   mote8: NAME is over its CPU budget (stat(1)=1.23): running at 15 fps (HINT)
 * with HINT saying how to see the cost (e.g. "F1 shows the cost"). Returns `over`. */
int m8_budget_watch_tick(m8_budget_watch *w, const mote8 *m8, const char *name, const char *hint,
                         FILE *out);

#endif
