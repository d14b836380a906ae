/* profile_live.c - the profiler's live figures (profile_live.h) and the queries of
 * api/mote8_profiler.h that read them: mote8_profiler_live_draws, _functions, _heatmap.
 * Charging is a few additions (the hook of every Lua instruction charges a stack); the
 * frame's fold walks the stacks run in that frame, the decay walks the live sets, the
 * functions and the heatmap's planes (7 x 128 x 128 floats).
 * Depends on: profile_live.h, profiler_internal.h (the collector's draws and stacks),
 * api/mote8_profiler.h, runtime/core/cart.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cart.h"
#include "mote8_profiler.h"
#include "profile_live.h"
#include "profiler_internal.h"

/* ---------------------------------------------------------------- live sets --- */

/* Room for item `i`: 0, or -1 when out of memory (the charge is then dropped). */
static int items_reserve(m8_live_items *it, size_t i)
{
    if (i < it->cap) return 0;
    size_t cap = it->cap ? it->cap : 256;
    while (cap <= i) cap *= 2;
    double *c = realloc(it->cycles, cap * sizeof *c);
    if (c) it->cycles = c;
    double *o = realloc(it->offscreen, cap * sizeof *o);
    if (o) it->offscreen = o;
    unsigned char *l = realloc(it->listed, cap);
    if (l) it->listed = l;
    int *list = realloc(it->list, cap * sizeof *list);
    if (list) it->list = list;
    if (!c || !o || !l || !list) return -1;
    memset(it->cycles + it->cap, 0, (cap - it->cap) * sizeof *c);
    memset(it->offscreen + it->cap, 0, (cap - it->cap) * sizeof *o);
    memset(it->listed + it->cap, 0, cap - it->cap);
    it->cap = cap;
    return 0;
}

static void items_charge(m8_live_items *it, int i, double cycles, double offscreen)
{
    if (i < 0 || items_reserve(it, (size_t)i) != 0) return;
    it->cycles[i] += cycles;
    it->offscreen[i] += offscreen;
    if (!it->listed[i]) {
        it->listed[i] = 1;
        it->list[it->count++] = i;
    }
}

/* Decay every listed item; the ones faded below M8_LIVE_FORGET leave the list. */
static void items_decay(m8_live_items *it)
{
    size_t kept = 0;
    for (size_t k = 0; k < it->count; k++) {
        int i = it->list[k];
        it->cycles[i] *= M8_RECENT_KEEP;
        it->offscreen[i] *= M8_RECENT_KEEP;
        if (it->cycles[i] < M8_LIVE_FORGET) {
            it->cycles[i] = it->offscreen[i] = 0;
            it->listed[i] = 0;
        } else {
            it->list[kept++] = i;
        }
    }
    it->count = kept;
}

static void items_free(m8_live_items *it)
{
    free(it->cycles);
    free(it->offscreen);
    free(it->listed);
    free(it->list);
    memset(it, 0, sizeof *it);
}

/* ---------------------------------------------------------------- charging --- */

int m8_live_init(m8_live *l)
{
    memset(l, 0, sizeof *l);
    l->heat = calloc((size_t)(M8_LIVE_SLOTS + 1) * M8_LIVE_PIXELS, sizeof *l->heat);
    for (int k = 0; k < M8_LIVE_SLOTS; k++) l->slot_stack[k] = -1;
    return l->heat ? 0 : -1;
}

void m8_live_free(m8_live *l)
{
    items_free(&l->draws);
    items_free(&l->causes);
    items_free(&l->frame_stacks);
    free(l->fn_inclusive);
    free(l->fn_exclusive);
    free(l->fn_mark);
    free(l->heat);
    memset(l, 0, sizeof *l);
}

void m8_live_charge_stack(m8_live *l, int stack, double cycles)
{
    if (cycles > 0) items_charge(&l->frame_stacks, stack, cycles, 0);
}

void m8_live_charge_draw(m8_live *l, int draw, double cycles, double offscreen)
{
    if (cycles > 0) items_charge(&l->draws, draw, cycles, offscreen);
}

static int slot_of(const m8_live *l, int stack)
{
    for (int k = 0; k < M8_LIVE_SLOTS; k++)
        if (l->slot_stack[k] == stack) return k;
    return M8_LIVE_SLOTS;
}

float *m8_live_plane(m8_live *l, int stack)
{
    return l->heat ? l->heat + (size_t)slot_of(l, stack) * M8_LIVE_PIXELS : NULL;
}

void m8_live_charge_cause(m8_live *l, int stack, double on_screen)
{
    if (!(on_screen > 0)) return;
    items_charge(&l->causes, stack, on_screen, 0);
    l->on_screen += on_screen;
}

/* ---------------------------------------------------------------- the frame's end --- */

static int fns_reserve(m8_live *l, size_t n)
{
    if (n <= l->fns_cap) return 0;
    size_t cap = l->fns_cap ? l->fns_cap * 2 : 64;
    while (cap < n) cap *= 2;
    double *inc = realloc(l->fn_inclusive, cap * sizeof *inc);
    if (inc) l->fn_inclusive = inc;
    double *exc = realloc(l->fn_exclusive, cap * sizeof *exc);
    if (exc) l->fn_exclusive = exc;
    uint64_t *mark = realloc(l->fn_mark, cap * sizeof *mark);
    if (mark) l->fn_mark = mark;
    if (!inc || !exc || !mark) return -1;
    memset(l->fn_inclusive + l->fns_cap, 0, (cap - l->fns_cap) * sizeof *inc);
    memset(l->fn_exclusive + l->fns_cap, 0, (cap - l->fns_cap) * sizeof *exc);
    memset(l->fn_mark + l->fns_cap, 0, (cap - l->fns_cap) * sizeof *mark);
    l->fns_cap = cap;
    return 0;
}

/* The frame's stacks into their functions: inclusive once per stack, exclusive to its leaf
 * (as functions.csv counts them). */
static void fold_stacks(m8_live *l, const m8_stacks *s)
{
    m8_live_items *fs = &l->frame_stacks;
    int room = fns_reserve(l, s->nfns) == 0;
    for (size_t k = 0; k < fs->count; k++) {
        int i = fs->list[k];
        double c = fs->cycles[i];
        fs->cycles[i] = 0;
        fs->listed[i] = 0;
        if (!room || (size_t)i >= s->nstacks) continue;
        const m8_stack *st = &s->stacks[i];
        l->mark++;
        for (int f = 0; f < st->n; f++) {
            int fn = s->frames[st->at + f].fn;
            if (fn < 0 || l->fn_mark[fn] == l->mark) continue;
            l->fn_mark[fn] = l->mark;
            l->fn_inclusive[fn] += c;
        }
        int leaf = s->frames[st->at + st->n - 1].fn;
        if (leaf >= 0) l->fn_exclusive[leaf] += c;
    }
    fs->count = 0;
}

static void release_slot(m8_live *l, int k)
{
    float *plane = l->heat + (size_t)k * M8_LIVE_PIXELS;
    float *other = l->heat + (size_t)M8_LIVE_SLOTS * M8_LIVE_PIXELS;
    for (int i = 0; i < M8_LIVE_PIXELS; i++) {
        other[i] += plane[i];
        plane[i] = 0;
    }
    l->slot_stack[k] = -1;
}

/* The costliest causes get the planes: a faded owner gives its plane back (its cycles go to
 * other), a cause among the M8_LIVE_SLOTS costliest takes a free plane, or the weakest
 * owner's when it is M8_LIVE_TAKEOVER times costlier. */
static void assign_slots(m8_live *l)
{
    const m8_live_items *c = &l->causes;
    for (int k = 0; k < M8_LIVE_SLOTS; k++) {
        int owner = l->slot_stack[k];
        if (owner >= 0 && ((size_t)owner >= c->cap || !c->listed[owner])) release_slot(l, k);
    }
    int top[M8_LIVE_SLOTS], ntop = 0;     /* the costliest causes, costliest first */
    for (size_t j = 0; j < c->count; j++) {
        int i = c->list[j], at = ntop < M8_LIVE_SLOTS ? ntop : M8_LIVE_SLOTS;
        while (at > 0 && c->cycles[top[at - 1]] < c->cycles[i]) {
            if (at < M8_LIVE_SLOTS) top[at] = top[at - 1];
            at--;
        }
        if (at < M8_LIVE_SLOTS) {
            top[at] = i;
            if (ntop < M8_LIVE_SLOTS) ntop++;
        }
    }
    for (int t = 0; t < ntop; t++) {
        int cause = top[t];
        if (slot_of(l, cause) < M8_LIVE_SLOTS) continue;
        int slot = -1, weakest = -1;
        for (int k = 0; k < M8_LIVE_SLOTS && slot < 0; k++)
            if (l->slot_stack[k] < 0) slot = k;
        for (int k = 0; k < M8_LIVE_SLOTS && slot < 0; k++)
            if (weakest < 0 || c->cycles[l->slot_stack[k]] < c->cycles[l->slot_stack[weakest]])
                weakest = k;
        if (slot < 0 && c->cycles[cause] > M8_LIVE_TAKEOVER * c->cycles[l->slot_stack[weakest]]) {
            release_slot(l, weakest);
            slot = weakest;
        }
        if (slot >= 0) l->slot_stack[slot] = cause;
    }
}

void m8_live_frame_end(m8_live *l, const m8_stacks *s)
{
    fold_stacks(l, s);
    for (size_t fn = 0; fn < l->fns_cap; fn++) {
        l->fn_inclusive[fn] *= M8_RECENT_KEEP;
        l->fn_exclusive[fn] *= M8_RECENT_KEEP;
        if (l->fn_inclusive[fn] < M8_LIVE_FORGET) l->fn_inclusive[fn] = l->fn_exclusive[fn] = 0;
    }
    items_decay(&l->draws);
    items_decay(&l->causes);
    l->on_screen *= M8_RECENT_KEEP;
    if (l->heat) {
        for (size_t i = 0; i < (size_t)(M8_LIVE_SLOTS + 1) * M8_LIVE_PIXELS; i++)
            l->heat[i] *= (float)M8_RECENT_KEEP;
        assign_slots(l);
    }
    l->frames++;
}

/* ---------------------------------------------------------------- labels --- */

/* A function's name; function@LINE (a code line) is written function@tab:line. */
static void fn_name(const m8_stack_fn *fn, const m8_cart *cart, char *buf, size_t size)
{
    int line, tab = 0, tab_line;
    if (sscanf(fn->name, "function@%d", &line) == 1) {
        tab_line = line;
        m8_cart_code_location(cart, line, &tab, &tab_line);
        snprintf(buf, size, "function@%d:%d", tab, tab_line);
    } else {
        snprintf(buf, size, "%s", fn->name);
    }
}

#define LABEL_FUNCTIONS 3       /* functions named up the stack, innermost first */

/* " at 1:40 in spr3d < boss < _draw" for stack `stack`: the line of its leaf frame of the
 * cart's code, and the functions from there up; the line's tab and line in *tab, *tab_line
 * (tab -1: no frame of the cart's code). */
static void put_where(const mote8_profiler *p, int stack, char *buf, size_t size, int *tab,
                      int *tab_line)
{
    const m8_stacks *s = &p->stacks;
    const m8_cart *cart = &p->vm->machine->cart;
    const m8_stack *st = &s->stacks[stack];
    size_t o = 0;
    int named = 0;
    *tab = -1;
    *tab_line = 0;
    buf[0] = 0;
    for (int k = st->n - 1; k >= 0 && named < LABEL_FUNCTIONS && o < size; k--) {
        const m8_stack_frame *fr = &s->frames[st->at + k];
        if (fr->first == M8_FRAME_API) continue;
        if (fr->first < 0) {                     /* a cut stack's root, or outside the cart */
            if (!named) o += (size_t)snprintf(buf + o, size - o, " %s", s->fns[fr->fn].name);
            break;
        }
        char name[64];
        fn_name(&s->fns[fr->fn], cart, name, sizeof name);
        if (!named) {
            *tab = 0;
            *tab_line = fr->line;
            if (fr->line > 0) m8_cart_code_location(cart, fr->line, tab, tab_line);
            o += (size_t)snprintf(buf + o, size - o, " at %d:%d in %s", *tab, *tab_line, name);
        } else {
            o += (size_t)snprintf(buf + o, size - o, " < %s", name);
        }
        named++;
    }
}

/* The API function a stack ends in ("?" when it ends in none). */
static const char *api_of(const m8_stacks *s, int stack)
{
    const m8_stack *st = &s->stacks[stack];
    const m8_stack_frame *leaf = &s->frames[st->at + st->n - 1];
    return leaf->first == M8_FRAME_API ? m8_api_rows[leaf->last].name : "?";
}

/* What a draw drew: "spr 12", "spr 12 16x16", "sspr 64x64 x3.2", "map 16x16", "rectfill". */
static void put_what(const m8_draw *d, char *buf, size_t size)
{
    const char *fn = m8_api_rows[d->row].name;
    const m8_draw_key *k = &d->key;
    if (k->source == M8_SOURCE_SPRITE) {
        int n = snprintf(buf, size, "%s %d", fn, k->sy / 8 * 16 + k->sx / 8);
        if ((k->sw != 8 || k->sh != 8) && n > 0 && (size_t)n < size)
            snprintf(buf + n, size - (size_t)n, " %dx%d", k->sw, k->sh);
    } else if (k->source == M8_SOURCE_SHEET) {
        double sx = d->src_w > 0 ? d->dest_w / d->src_w : 1, sy = d->src_h > 0 ? d->dest_h / d->src_h : 1;
        snprintf(buf, size, "%s %dx%d x%.1f", fn, abs(k->sw), abs(k->sh), fmax(sx, sy));
    } else if (k->source == M8_SOURCE_MAP) {
        snprintf(buf, size, "%s %dx%d", fn, k->sw, k->sh);
    } else {
        snprintf(buf, size, "%s", fn);
    }
}

/* ---------------------------------------------------------------- queries --- */

/* Insert item `i` of value `v` into the sorted top list `top` (n at most, *count now). */
static void top_insert(int *top, double *vals, int *count, int n, int i, double v)
{
    int at = *count < n ? *count : n;
    while (at > 0 && vals[at - 1] < v) {
        if (at < n) {
            top[at] = top[at - 1];
            vals[at] = vals[at - 1];
        }
        at--;
    }
    if (at < n) {
        top[at] = i;
        vals[at] = v;
        if (*count < n) (*count)++;
    }
}

#define QUERY_MAX 64

int mote8_profiler_live_draws(const mote8_profiler *p, mote8_prof_draw *out, int n)
{
    const m8_live_items *it = &p->live.draws;
    int top[QUERY_MAX], count = 0;
    double vals[QUERY_MAX];
    if (n > QUERY_MAX) n = QUERY_MAX;
    for (size_t k = 0; k < it->count; k++) {
        int i = it->list[k];
        if ((size_t)i >= p->draws.n || !(it->cycles[i] > 0)) continue;
        const m8_draw *d = &p->draws.draws[i];   /* a call that drew (flr, btn... do not) */
        if (d->pixels_charged > 0 || d->key.source != M8_SOURCE_NONE)
            top_insert(top, vals, &count, n, i, it->cycles[i]);
    }
    for (int t = 0; t < count; t++) {
        const m8_draw *d = &p->draws.draws[top[t]];
        mote8_prof_draw *o = &out[t];
        char what[64], where[96];
        put_what(d, what, sizeof what);
        put_where(p, d->key.stack, where, sizeof where, &o->tab, &o->tab_line);
        snprintf(o->label, sizeof o->label, "%.63s%.64s", what, where);   /* fits 128 */
        o->function = m8_api_rows[d->row].name;
        o->cycles = M8_LIVE_PER_FRAME(it->cycles[top[t]]);
        o->offscreen = M8_LIVE_PER_FRAME(it->offscreen[top[t]]);
    }
    return count;
}

int mote8_profiler_live_functions(const mote8_profiler *p, mote8_prof_function *out, int n)
{
    const m8_live *l = &p->live;
    const m8_stacks *s = &p->stacks;
    int top[QUERY_MAX], count = 0;
    double vals[QUERY_MAX];
    if (n > QUERY_MAX) n = QUERY_MAX;
    for (size_t fn = 0; fn < l->fns_cap && fn < s->nfns; fn++)
        if (s->fns[fn].first >= 0 && l->fn_inclusive[fn] > 0)   /* the cart's functions */
            top_insert(top, vals, &count, n, (int)fn, l->fn_inclusive[fn]);
    const m8_cart *cart = &p->vm->machine->cart;
    for (int t = 0; t < count; t++) {
        const m8_stack_fn *fn = &s->fns[top[t]];
        mote8_prof_function *o = &out[t];
        fn_name(fn, cart, o->name, sizeof o->name);
        o->tab = 0;
        o->tab_line = fn->first;
        if (fn->first > 0) m8_cart_code_location(cart, fn->first, &o->tab, &o->tab_line);
        o->inclusive = M8_LIVE_PER_FRAME(l->fn_inclusive[top[t]]);
        o->exclusive = M8_LIVE_PER_FRAME(l->fn_exclusive[top[t]]);
    }
    return count;
}

int mote8_profiler_live_heatmap(const mote8_profiler *p, mote8_prof_heatmap *out)
{
    const m8_live *l = &p->live;
    out->ncauses = 0;
    out->hottest = 0;
    if (!l->heat) {
        memset(out->cycles, 0, sizeof out->cycles);
        out->other = 0;
        return 0;
    }
    const float per_frame = (float)M8_LIVE_PER_FRAME(1.0);
    for (int k = 0; k <= M8_LIVE_SLOTS; k++)
        for (int i = 0; i < M8_LIVE_PIXELS; i++)
            out->cycles[k][i] = l->heat[(size_t)k * M8_LIVE_PIXELS + i] * per_frame;
    for (int i = 0; i < M8_LIVE_PIXELS; i++) {
        double sum = 0;
        for (int k = 0; k <= M8_LIVE_SLOTS; k++) sum += out->cycles[k][i];
        if (sum > out->hottest) out->hottest = sum;
    }
    double named = 0;
    int order[M8_LIVE_SLOTS], n = 0;
    double vals[M8_LIVE_SLOTS];
    for (int k = 0; k < M8_LIVE_SLOTS; k++) {
        int st = l->slot_stack[k];
        if (st >= 0 && (size_t)st < l->causes.cap)
            top_insert(order, vals, &n, M8_LIVE_SLOTS, k, l->causes.cycles[st]);
    }
    for (int t = 0; t < n; t++) {
        int k = order[t], st = l->slot_stack[k], tab, tab_line;
        mote8_prof_cause *c = &out->causes[t];
        char where[96];
        put_where(p, st, where, sizeof where, &tab, &tab_line);
        snprintf(c->label, sizeof c->label, "%s%s", api_of(&p->stacks, st), where);
        c->slot = k;
        c->cycles = M8_LIVE_PER_FRAME(l->causes.cycles[st]);
        named += c->cycles;
    }
    out->ncauses = n;
    out->other = fmax(0, M8_LIVE_PER_FRAME(l->on_screen) - named);
    return n;
}
