/* profile_draws.h - the profiler's "top draws": every drawing call's cycles go to one draw,
 * told apart by the Lua call stack that made it (profile_stacks.h, whose API leaf names the
 * function) and what it drew from (a sprite, a sheet rectangle, a map rectangle's size),
 * whatever its scale (kept as a range and a cost-weighted mean); per draw, on/off-screen
 * cycles, pixels drawn and charged, and what the cost rules would charge done the cheaper
 * way (cut to the visible part, zoom capped at 1:1), summed call by call, written as
 * draws.csv with the advice that names the cut. The draws of one line through one chain of
 * functions make a draw site (the line that called, the functions of its caller chain, the
 * API function), written as draw_sites.csv with the site's own advice, so a helper drawing
 * many sprites for many callers' lines is judged as a whole.
 * Depends on: profile_files.h, profile_stacks.h, api/vm_internal.h (m8_call_rect),
 * api/api_registry.h, runtime/core/cart.h. */
#ifndef M8_PROFILE_DRAWS_H
#define M8_PROFILE_DRAWS_H

#include <stddef.h>
#include <stdint.h>
#include "api_registry.h"
#include "profile_files.h"
#include "profile_stacks.h"
#include "vm_internal.h"

#define M8_DRAWS_MAX 65536      /* distinct draws kept; later new ones fold per stack */
#define M8_DRAW_SOURCE_OTHER (-1)   /* the fold: sources of a stack past M8_DRAWS_MAX */
#define M8_DRAW_TOP_ADVISED 10      /* advice for at most this many of the costliest draws, */
#define M8_DRAW_ADVICE_RUN_SHARE 0.01   /* each at least 1% of the run's cycles, */
#define M8_DRAW_ADVICE_MIN_SAVING 0.10  /* and a cut saving at least 10% of the draw's */
#define M8_DRAW_SITES_ADVISED 10        /* sites: the same, a site's cut also counting when it
                                           saves at least 1% of the run */

typedef struct m8_draw_key {
    int stack;                  /* interned stack, API leaf included */
    int source;                 /* enum m8_call_source_kind, or M8_DRAW_SOURCE_OTHER */
    int sx, sy, sw, sh;         /* sheet rectangle (spr, sspr); map: 0, 0, cells wide, high */
} m8_draw_key;

typedef struct m8_draw {
    m8_draw_key key;
    int row;                    /* m8_api_rows index */
    uint64_t calls;
    double cycles, offscreen;   /* cycles outside the screen or clip rectangle (by area) */
    double pixels_drawn, pixels_charged;   /* visible part / whole requested rectangle */
    double dest_w, dest_h, src_w, src_h;   /* sums over the calls (sspr) */
    uint64_t sheet_calls;       /* sspr calls charged by area (those with a scale) */
    double scale_weight;        /* sspr: the cycles of its calls (the weights of the mean), */
    double scale_x_sum, scale_y_sum;       /* sum of each call's cycles x its scale */
    double scale_min, scale_max;           /* linear scale sqrt(destination / source area) */
    double above_cycles;        /* cycles of calls scaled past 1:1 */
    double cells, cells_visible;           /* map: cells requested, cells on screen */
    double clip_cycles;         /* the rules' charge for the calls cut to their visible part */
    double cap_cycles;          /* ... with the destination capped at the source size (1:1) */
    uint64_t by_area;           /* calls charged by their area (spr, sspr, rectfill...) */
    int first_x, first_y;       /* map: the first call's celx, cely */
} m8_draw;

typedef struct m8_draws {
    m8_draw *draws;
    size_t n, cap;
    int *slots;                 /* open-addressed hash: index + 1 into draws, 0 = free */
    size_t nslots;
} m8_draws;

/* One API call made by `stack` (its row, rectangle and source as the binding reported them,
 * its cycles and units): added to its draw, whose index it returns (-1 when out of memory).
 * Calls of functions that never report an area are counted too, and left out when written. */
int m8_draws_add(m8_draws *d, int stack, const m8_api_row *row, const m8_call_rect *a,
                  uint64_t cycles, double units);

/* draws.csv and draw_sites.csv: the draws of every function that reported an area, and
 * their sites, costliest first, with their caller chain (names from
 * `stacks`), cycles per displayed frame (`frames`), and advice for the costly ones (a share
 * of `run_cycles`). 0, or -1 with err. */
int m8_draws_write(const m8_draws *d, const m8_stacks *stacks, const struct m8_cart *cart,
                   double frames, double run_cycles, m8_profile_files *dir, char *err,
                   size_t errsz);

void m8_draws_free(m8_draws *d);

#endif
