/* report_flame.h - report.html's call-stack views, each reading the profile files itself so
 * tools/m8prof rebuilds them: the flame graph (from stacks.folded, report_flame.c) and the
 * callers and callees of the top functions (from functions.csv and calls.csv,
 * report_calls.c). A profile without those files gets no such section and no error.
 * Depends on: profile_files.h. */
#ifndef M8_REPORT_FLAME_H
#define M8_REPORT_FLAME_H

#include <stdio.h>
#include "profile_files.h"

/* The flame graph section: inline SVG, root at the bottom, widths in cycles; frames under
 * M8_FLAME_MIN_SHARE of the total stay in their parent. Writes nothing without stacks.folded. */
#define M8_FLAME_MIN_SHARE 0.001
#define M8_FLAME_MAX_FRAMES 4000   /* frames drawn at most (the widest first) */
void m8_report_flame(FILE *html, const m8_profile_files *dir);

/* The callers and callees section: for the top M8_CALLGRAPH_FUNCTIONS functions (of the
 * cart, or API functions: callers only; by inclusive cycles), their top callers and callees with the call site, calls and
 * inclusive cycles. `total` = the run's cycles, for shares. Nothing without calls.csv. */
#define M8_CALLGRAPH_FUNCTIONS 12
#define M8_CALLGRAPH_ROWS 8
void m8_report_callgraph(FILE *html, const m8_profile_files *dir, double total);

#endif
