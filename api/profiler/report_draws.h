/* report_draws.h - the report's "Top draws" section and the summary's advice, read back from
 * a profile's draws.csv (profile_draws.c writes it); a profile without the file has neither.
 * Depends on: profile_files.h, libc. */
#ifndef M8_REPORT_DRAWS_H
#define M8_REPORT_DRAWS_H

#include <stdio.h>
#include "profile_files.h"

#define M8_REPORT_DRAWS 20      /* rows shown (the advised ones are among the first 10) */

typedef struct m8_report_draw {
    char site[32], callers[1024], function[32], sprite[8];
    int has_source, sx, sy, sw, sh;
    int has_scale;
    double scale_x, scale_y;
    double cells, cells_visible;
    unsigned long long calls;
    double cycles, per_frame, onscreen, offscreen, pixels_drawn, pixels_charged, saving;
    char advice[1024];
} m8_report_draw;

typedef struct m8_report_draws {
    m8_report_draw rows[M8_REPORT_DRAWS];
    int n;
} m8_report_draws;

/* The first rows of draws.csv; none (n = 0) when the profile has no such file. */
void m8_report_draws_read(m8_report_draws *d, const m8_profile_files *dir);
/* The "Top draws" section: site and caller chain, function, what it drew from (a thumbnail
 * cut from `sheet_b64`, spritesheet.png, when not NULL), scale, calls and cycles per frame,
 * share of the run's `run_cycles`, off-screen share, pixels drawn / charged, and the advice
 * under its row. Nothing when there are no rows. */
void m8_report_draws_html(const m8_report_draws *d, FILE *f, double frames, double run_cycles,
                          const char *sheet_b64);
/* The summary's top draws and the three largest savings the advice names. */
void m8_report_draws_text(const m8_report_draws *d, FILE *f);

#endif
