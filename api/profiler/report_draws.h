/* report_draws.h - the report's "Top draw sites" and "Top draws" sections and the summary's
 * advice, read back from a profile's draw_sites.csv and draws.csv (profile_draws.c writes
 * them); a profile without a file has no section of it.
 * Depends on: profile_files.h, libc. */
#ifndef M8_REPORT_DRAWS_H
#define M8_REPORT_DRAWS_H

#include <stdio.h>
#include "profile_files.h"

#define M8_REPORT_DRAWS 20      /* rows shown (the advised ones are among the first 10) */
#define M8_REPORT_SITES 12      /* sites shown (likewise) */

typedef struct m8_report_draw {
    int site_rank;
    char site[32], callers[1024], function[32], sprite[8];
    int has_source, sx, sy, sw, sh;
    int has_scale;
    double scale_x, scale_y, scale_min, scale_max;
    double clip_saving, zoom_saving;
    double cells, cells_visible;
    unsigned long long calls;
    double cycles, per_frame, onscreen, offscreen, pixels_drawn, pixels_charged, saving;
    char advice[1024];
} m8_report_draw;

typedef struct m8_report_site {
    int rank;
    char site[32], callers[1024], function[32];
    int draws;
    double calls, cycles, per_frame, offscreen, above, scale_max, pixels_drawn, pixels_charged;
    double clip_saving, zoom_saving, saving;
    char advice[1024];
} m8_report_site;

typedef struct m8_report_draws {
    m8_report_draw rows[M8_REPORT_DRAWS];
    int n;
    m8_report_site sites[M8_REPORT_SITES];
    int nsites;
} m8_report_draws;

/* The first rows of draws.csv and draw_sites.csv; none (n, nsites = 0) for a file the
 * profile lacks or of an older layout. */
void m8_report_draws_read(m8_report_draws *d, const m8_profile_files *dir);
/* The "Top draw sites" section (site and caller chain, function, draws, calls and cycles per
 * frame, share of the run's `run_cycles`, off-screen and above-1:1 shares, saving, advice
 * under its row), then "Top draws": site and caller chain, function, what it drew from (a
 * thumbnail cut from `sheet_b64`, spritesheet.png, when not NULL), scale, calls and cycles
 * per frame, share of the run, off-screen share, pixels drawn / charged, and the advice
 * under its row. Nothing for a table without rows. */
void m8_report_draws_html(const m8_report_draws *d, FILE *f, double frames, double run_cycles,
                          const char *sheet_b64);
/* The summary's top draw sites and the three largest savings their advice names. */
void m8_report_draws_text(const m8_report_draws *d, FILE *f);

#endif
