/* budget_watch.c - the once-a-run "over its CPU budget" line: see budget_watch.h.
 * Depends on: budget_watch.h, api/mote8_profiler.h. */
#include "budget_watch.h"
#include "mote8_profiler.h"

int m8_budget_watch_tick(m8_budget_watch *w, const mote8 *m8, const char *name, const char *hint,
                         FILE *out)
{
    mote8_frame_cost fc;
    mote8_last_frame_cost(m8, &fc);
    w->over = fc.frames > 0 && fc.dropped;
    w->display_fps = fc.display_fps;
    if (w->over && !w->warned) {
        double stat1 = fc.budget ? (double)(fc.lua + fc.system) / (double)fc.budget : 0;
        fprintf(out, "mote8: %s is over its CPU budget (stat(1)=%.2f): running at %d fps (%s)\n",
                name, stat1, fc.display_fps, hint);
        fflush(out);
        w->warned = 1;
    }
    return w->over;
}
