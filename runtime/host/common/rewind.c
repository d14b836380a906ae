/* rewind.c - the recent past of a run as shared-page states plus an input log: see
 * rewind.h.
 * Depends on: rewind.h, api/mote8.h, libc. */
#include <stdlib.h>
#include <string.h>
#include "rewind.h"

typedef struct page {
    int refs;                           /* states holding it */
    uint8_t data[REWIND_PAGE];
} page;

typedef struct kept_state {
    long tick;                          /* the machine after this tick (0: at the clear) */
    size_t size;                        /* bytes of the state */
    int npages;
    page **pages;
} kept_state;

struct m8_rewind {
    int seconds;
    size_t cap;
    kept_state *states;                 /* oldest first */
    int nstates, state_cap;
    mote8_input *inputs;                /* inputs[i]: the input of tick base + 1 + i */
    long ninputs, input_cap;
    long now;                           /* the tick the machine is at */
    size_t bytes;                       /* pages and page tables */
    int recording;                      /* 0 after a clear that failed */
    uint8_t *buf;                       /* a state being made or loaded */
    size_t buf_cap;
};

m8_rewind *m8_rewind_create(int seconds, size_t memory_cap)
{
    m8_rewind *rw = calloc(1, sizeof *rw);
    if (!rw) return NULL;
    rw->seconds = seconds > 0 ? seconds : 1;
    rw->cap = memory_cap;
    return rw;
}

static void drop_page(m8_rewind *rw, page *p)
{
    if (--p->refs > 0) return;
    rw->bytes -= sizeof *p;
    free(p);
}

static void drop_state(m8_rewind *rw, kept_state *s)
{
    for (int i = 0; i < s->npages; i++) drop_page(rw, s->pages[i]);
    rw->bytes -= (size_t)s->npages * sizeof *s->pages;
    free(s->pages);
    memset(s, 0, sizeof *s);
}

static void forget_all(m8_rewind *rw)
{
    for (int i = 0; i < rw->nstates; i++) drop_state(rw, &rw->states[i]);
    rw->nstates = 0;
    rw->ninputs = 0;
    rw->now = 0;
    rw->recording = 0;
}

void m8_rewind_destroy(m8_rewind *rw)
{
    if (!rw) return;
    forget_all(rw);
    free(rw->states);
    free(rw->inputs);
    free(rw->buf);
    free(rw);
}

static int buffer(m8_rewind *rw, size_t size)
{
    if (size <= rw->buf_cap) return 0;
    uint8_t *b = realloc(rw->buf, size);
    if (!b) return -1;
    rw->buf = b;
    rw->buf_cap = size;
    return 0;
}

/* The machine's state now, kept as tick `tick`: each page shared with the newest kept
 * state when equal to its page there. 0, or -1 (not now, or out of memory). */
static int keep(m8_rewind *rw, mote8 *m8, long tick)
{
    size_t size = mote8_state_size(m8);
    if (size == 0 || buffer(rw, size) != 0 || mote8_state_save(m8, rw->buf, size) != 0) return -1;
    if (rw->nstates == rw->state_cap) {
        int cap = rw->state_cap ? rw->state_cap * 2 : 64;
        kept_state *s = realloc(rw->states, (size_t)cap * sizeof *s);
        if (!s) return -1;
        rw->states = s;
        rw->state_cap = cap;
    }
    const kept_state *before = rw->nstates ? &rw->states[rw->nstates - 1] : NULL;
    kept_state s = { tick, size, (int)((size + REWIND_PAGE - 1) / REWIND_PAGE), NULL };
    s.pages = calloc((size_t)s.npages, sizeof *s.pages);
    if (!s.pages) return -1;
    rw->bytes += (size_t)s.npages * sizeof *s.pages;
    for (int i = 0; i < s.npages; i++) {
        size_t at = (size_t)i * REWIND_PAGE;
        size_t n = size - at < REWIND_PAGE ? size - at : REWIND_PAGE;
        int same_length = before && i < before->npages &&
                          (before->size - at < REWIND_PAGE ? before->size - at : REWIND_PAGE) == n;
        if (same_length && memcmp(before->pages[i]->data, rw->buf + at, n) == 0) {
            s.pages[i] = before->pages[i];
            s.pages[i]->refs++;
            continue;
        }
        page *p = malloc(sizeof *p);
        if (!p) {
            s.npages = i;
            drop_state(rw, &s);
            return -1;
        }
        p->refs = 1;
        memcpy(p->data, rw->buf + at, n);
        rw->bytes += sizeof *p;
        s.pages[i] = p;
    }
    rw->states[rw->nstates++] = s;
    return 0;
}

int m8_rewind_clear(m8_rewind *rw, mote8 *m8)
{
    forget_all(rw);
    if (keep(rw, m8, 0) != 0) return -1;
    rw->recording = 1;
    return 0;
}

/* Drop the oldest states while the history is longer or larger than allowed (the newest
 * state always stays), and the inputs before the new oldest state. */
static void trim(m8_rewind *rw, int fps)
{
    long max_ticks = (long)rw->seconds * (fps > 0 ? fps : MOTE8_FPS);
    long base_before = rw->nstates ? rw->states[0].tick : 0;
    int drop = 0;
    while (drop < rw->nstates - 1) {
        /* the oldest state is needed while the next one alone covers less than the
         * history's length; memory beyond the cap goes regardless */
        int long_enough = rw->now - rw->states[drop + 1].tick >= max_ticks;
        if (!long_enough && rw->bytes <= rw->cap) break;
        drop_state(rw, &rw->states[drop]);
        drop++;
    }
    if (drop == 0) return;
    memmove(rw->states, rw->states + drop, (size_t)(rw->nstates - drop) * sizeof *rw->states);
    rw->nstates -= drop;
    long gone = rw->states[0].tick - base_before;
    memmove(rw->inputs, rw->inputs + gone, (size_t)(rw->ninputs - gone) * sizeof *rw->inputs);
    rw->ninputs -= gone;
}

void m8_rewind_record(m8_rewind *rw, mote8 *m8, const mote8_input *in)
{
    if (!rw->recording) return;
    if (rw->ninputs == rw->input_cap) {
        long cap = rw->input_cap ? rw->input_cap * 2 : 1024;
        mote8_input *p = realloc(rw->inputs, (size_t)cap * sizeof *p);
        if (!p) {
            forget_all(rw);
            return;
        }
        rw->inputs = p;
        rw->input_cap = cap;
    }
    rw->inputs[rw->ninputs++] = *in;
    rw->now++;
    if (rw->now % REWIND_EVERY == 0 && keep(rw, m8, rw->now) != 0) {
        forget_all(rw);                 /* cannot be saved now, or out of memory: no rewind
                                           until the next clear */
        return;
    }
    trim(rw, mote8_fps(m8));
}

/* Load kept state `s` into the machine. 0, or -1 (mote8_state_error says why). */
static int load(m8_rewind *rw, mote8 *m8, const kept_state *s)
{
    if (buffer(rw, s->size) != 0) return -1;
    for (int i = 0; i < s->npages; i++) {
        size_t at = (size_t)i * REWIND_PAGE;
        memcpy(rw->buf + at, s->pages[i]->data, s->size - at < REWIND_PAGE ? s->size - at : REWIND_PAGE);
    }
    return mote8_state_load(m8, rw->buf, s->size);
}

int m8_rewind_step_back(m8_rewind *rw, mote8 *m8)
{
    if (!rw->recording || rw->nstates == 0) return 0;
    long target = rw->now - 1, base = rw->states[0].tick;
    if (target < base) return 0;
    int k = rw->nstates - 1;
    while (k > 0 && rw->states[k].tick > target) k--;
    if (load(rw, m8, &rw->states[k]) != 0) {
        forget_all(rw);
        return -1;
    }
    static int16_t samples[MOTE8_AUDIO_RATE];
    char request[64];
    for (long t = rw->states[k].tick + 1; t <= target; t++) {
        mote8_input in = rw->inputs[t - base - 1];
        if (mote8_tick(m8, &in) != MOTE8_RUNNING) break;
        while (mote8_pull_audio(m8, samples, MOTE8_AUDIO_RATE) > 0) {}
        while (mote8_take_host_request(m8, request, sizeof request)) {}
        (void)mote8_pause_requested(m8);
    }
    while (mote8_pull_audio(m8, samples, MOTE8_AUDIO_RATE) > 0) {}   /* the loaded state's */
    for (int i = k + 1; i < rw->nstates; i++) drop_state(rw, &rw->states[i]);
    rw->nstates = k + 1;
    rw->now = target;
    rw->ninputs = target - base;
    return 1;
}

long m8_rewind_ticks(const m8_rewind *rw)
{
    return rw->recording && rw->nstates ? rw->now - rw->states[0].tick : 0;
}

size_t m8_rewind_bytes(const m8_rewind *rw) { return rw->bytes; }
