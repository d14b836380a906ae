/* profile_live.h - the profiler's live figures, for the window's F1 overlay: the costliest
 * draws and functions of the last frames, and the draw cost per screen pixel of the last
 * frames split by who caused it (mote8_profiler_live_* of api/mote8_profiler.h).
 * The collector (profiler.c) charges cycles here as it charges its totals; once per
 * displayed frame the frame's stacks are folded into their functions and every live figure
 * decays (exponential forgetting, M8_RECENT_KEEP). Only what was charged in the last frames
 * is in the live sets, so a frame's work and a query walk those, never every draw or stack.
 * Causes of the heatmap are call stacks of drawing calls (the call path, API function
 * included): the costliest few own a plane of the heatmap each, kept while they stay among
 * the costliest (so their colour stays), the rest share one plane ("other").
 * Depends on: profile_stacks.h. */
#ifndef M8_PROFILE_LIVE_H
#define M8_PROFILE_LIVE_H

#include <stddef.h>
#include <stdint.h>
#include "profile_stacks.h"

#define M8_RECENT_KEEP 0.9      /* per displayed frame: weight of the past in the live figures */
#define M8_LIVE_FORGET 1e-3     /* a decayed figure below this (cycles) is dropped */
#define M8_LIVE_SLOTS 6         /* heatmap causes with a plane of their own (+ one "other") */
#define M8_LIVE_TAKEOVER 1.5    /* a cause takes the weakest owner's plane when this many
                                   times costlier (no flicker between two close causes) */
#define M8_LIVE_PIXELS (128 * 128)

/* Recent figures of items numbered from 0 (draws, stacks): the ones charged lately are
 * listed, the others are 0. */
typedef struct m8_live_items {
    double *cycles, *offscreen;     /* [cap] */
    unsigned char *listed;          /* [cap] */
    int *list;                      /* [count] listed items */
    size_t count, cap;
} m8_live_items;

typedef struct m8_live {
    m8_live_items draws;        /* by m8_draws index: recent cycles and off-screen cycles */
    m8_live_items causes;       /* by stack: recent cycles that landed on screen */
    m8_live_items frame_stacks; /* by stack: cycles of the frame being run (not decayed) */
    double *fn_inclusive, *fn_exclusive;   /* by m8_stacks.fns index: recent cycles */
    uint64_t *fn_mark;          /* the fold's recursion guard: a function counts once a stack */
    uint64_t mark;
    size_t fns_cap;
    double on_screen;           /* recent draw cycles on screen, all causes */
    float *heat;                /* [M8_LIVE_SLOTS + 1][M8_LIVE_PIXELS]: recent on-screen
                                   cycles per pixel, by slot (the last: other causes) */
    int slot_stack[M8_LIVE_SLOTS];   /* the cause owning each slot, -1 = free */
    uint64_t frames;            /* frames folded */
} m8_live;

/* Every figure decayed so far is raw: cycles per frame = raw * (1 - KEEP) / KEEP, as read
 * right after a frame's fold. */
#define M8_LIVE_PER_FRAME(raw) ((raw) * (1 - M8_RECENT_KEEP) / M8_RECENT_KEEP)

int m8_live_init(m8_live *l);       /* 0, or -1 out of memory */
void m8_live_free(m8_live *l);

/* Cycles run by stack `stack` (an instruction's or an API call's). */
void m8_live_charge_stack(m8_live *l, int stack, double cycles);
/* An API call's cycles added to draw `draw` (-1: none), `offscreen` of them outside. */
void m8_live_charge_draw(m8_live *l, int draw, double cycles, double offscreen);
/* The heatmap plane of cause `stack` (its slot's, else other's), for the collector to add
 * the call's on-screen cycles per pixel; then m8_live_charge_cause with their sum. */
float *m8_live_plane(m8_live *l, int stack);
void m8_live_charge_cause(m8_live *l, int stack, double on_screen);

/* A displayed frame ended: fold its stacks into their functions (`s` names them), decay
 * everything, and hand the heatmap's planes to the costliest causes. */
void m8_live_frame_end(m8_live *l, const m8_stacks *s);

#endif
