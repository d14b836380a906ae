/* profile_draws.c - the profiler's top draws (profile_draws.h).
 *
 * After each API call the collector hands over the call's interned stack, rectangle and
 * source; the call is added to its draw in a hash table. What the cheaper way would cost is
 * worked out per call with the row's own cost rule (m8_call_rule_cycles over api_table.h):
 * a call charged by its area (its units are its requested area, as spr, sspr and rectfill's)
 * cut to its visible part costs rule(units x visible share); a map cut to its visible cells
 * costs rule(units x visible cells / cells); an sspr capped at 1:1 costs rule(units x capped
 * area / area). So the savings follow the rules as they are, never a copy of their numbers;
 * a draw's saving is the sum of its calls' own. At the end the draws are grouped into draw
 * sites (site_key below) and both are written with their advice.
 * Depends on: profile_draws.h, profile_stacks.h, profile_files.h, api/api_call.h,
 * runtime/core/cart.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_call.h"
#include "cart.h"
#include "profile_draws.h"

/* ---------------------------------------------------------------- collecting --- */

static uint64_t hash_key(const m8_draw_key *k)
{
    int32_t v[6] = { k->stack, k->source, k->sx, k->sy, k->sw, k->sh };
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 6; i++) {
        h ^= (uint32_t)v[i];
        h *= 1099511628211ull;
    }
    return h;
}

static int same_key(const m8_draw_key *a, const m8_draw_key *b)
{
    return a->stack == b->stack && a->source == b->source && a->sx == b->sx && a->sy == b->sy &&
           a->sw == b->sw && a->sh == b->sh;
}

static int rehash(m8_draws *d)
{
    size_t nslots = d->nslots ? d->nslots * 2 : 1024;
    int *slots = calloc(nslots, sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i < d->n; i++) {
        size_t at = hash_key(&d->draws[i].key) & (nslots - 1);
        while (slots[at]) at = (at + 1) & (nslots - 1);
        slots[at] = (int)i + 1;
    }
    free(d->slots);
    d->slots = slots;
    d->nslots = nslots;
    return 0;
}

/* The draw of key `k`, made when new; NULL when out of memory or when the table is full
 * (*full set: the caller folds the key). */
static m8_draw *find_draw(m8_draws *d, const m8_draw_key *k, int row, int *full)
{
    *full = 0;
    if (d->n * 2 >= d->nslots && rehash(d) != 0) return NULL;
    size_t at = hash_key(k) & (d->nslots - 1);
    for (; d->slots[at]; at = (at + 1) & (d->nslots - 1))
        if (same_key(&d->draws[d->slots[at] - 1].key, k)) return &d->draws[d->slots[at] - 1];
    if (d->n >= M8_DRAWS_MAX && k->source != M8_DRAW_SOURCE_OTHER) {
        *full = 1;
        return NULL;
    }
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 256;
        m8_draw *p = realloc(d->draws, cap * sizeof *p);
        if (!p) return NULL;
        d->draws = p;
        d->cap = cap;
    }
    m8_draw *nd = &d->draws[d->n];
    memset(nd, 0, sizeof *nd);
    nd->key = *k;
    nd->row = row;
    d->slots[at] = (int)d->n + 1;
    d->n++;
    return nd;
}

/* The area of the part of rectangle (x, y, w, h) inside the screen and the clip rectangle,
 * and that part's corners; the same rectangle the heatmap spreads a call's cycles over. */
static double visible(const m8_call_rect *a, double *x0, double *y0, double *x1, double *y1)
{
    *x0 = fmax(a->x, fmax(0, a->clip_x0));
    *y0 = fmax(a->y, fmax(0, a->clip_y0));
    *x1 = fmin(a->x + a->w, fmin(128, a->clip_x1));
    *y1 = fmin(a->y + a->h, fmin(128, a->clip_y1));
    return *x1 > *x0 && *y1 > *y0 ? (*x1 - *x0) * (*y1 - *y0) : 0;
}

int m8_draws_add(m8_draws *d, int stack, const m8_api_row *row, const m8_call_rect *a,
                 uint64_t cycles, double units)
{
    m8_draw_key k = { stack, M8_SOURCE_NONE, 0, 0, 0, 0 };
    int source = a->set ? a->source : M8_SOURCE_NONE;
    if (source == M8_SOURCE_SHEET || source == M8_SOURCE_SPRITE) {
        k.source = source;
        k.sx = (int)a->src_x;
        k.sy = (int)a->src_y;
        k.sw = (int)a->src_w;
        k.sh = (int)a->src_h;
    } else if (source == M8_SOURCE_MAP) {       /* a scrolling map stays one draw */
        k.source = source;
        k.sw = (int)a->src_w;
        k.sh = (int)a->src_h;
    }
    int full;
    m8_draw *dr = find_draw(d, &k, (int)(row - m8_api_rows), &full);
    if (!dr && full) {
        m8_draw_key other = { stack, M8_DRAW_SOURCE_OTHER, 0, 0, 0, 0 };
        dr = find_draw(d, &other, (int)(row - m8_api_rows), &full);
    }
    if (!dr) return -1;
    if (!dr->calls && source == M8_SOURCE_MAP) {
        dr->first_x = (int)a->src_x;
        dr->first_y = (int)a->src_y;
    }
    double c = (double)cycles;
    dr->calls++;
    dr->cycles += c;
    if (!a->set) {                  /* no rectangle: nothing to cut */
        dr->clip_cycles += c;
        dr->cap_cycles += c;
        return (int)(dr - d->draws);
    }
    double x0, y0, x1, y1, area = a->w * a->h;
    double inside = visible(a, &x0, &y0, &x1, &y1);
    double share = area > 0 ? inside / area : 1;
    if (area > 0 && c > 0) {        /* as the heatmap counts it */
        double out = c - c * share;
        dr->offscreen += out < 1e-9 ? 0 : out;
    }
    dr->pixels_charged += area;
    dr->pixels_drawn += inside;
    /* charged by area: an sspr or spr, or a call whose units are its requested area */
    int by_area = source == M8_SOURCE_SHEET || source == M8_SOURCE_SPRITE ||
                  (area > 0 && fabs(units - area) <= 1e-9 * area);
    double clip = c, cap = c;
    if (by_area) {
        dr->by_area++;
        if (share < 1) clip = (double)m8_call_rule_cycles(&row->cost, units * share);
    } else if (source == M8_SOURCE_MAP && a->src_w > 0 && a->src_h > 0) {
        double cells = a->src_w * a->src_h, seen = 0;
        if (inside > 0)             /* the cells the visible part touches */
            seen = (ceil((x1 - a->x) / 8) - floor((x0 - a->x) / 8)) *
                   (ceil((y1 - a->y) / 8) - floor((y0 - a->y) / 8));
        dr->cells += cells;
        dr->cells_visible += seen;
        if (seen < cells) clip = (double)m8_call_rule_cycles(&row->cost, units * seen / cells);
    }
    if (source == M8_SOURCE_SHEET && by_area) {
        double sw = fabs(a->src_w), sh = fabs(a->src_h);
        dr->dest_w += a->w;
        dr->dest_h += a->h;
        dr->src_w += sw;
        dr->src_h += sh;
        double capped = fmin(a->w, sw) * fmin(a->h, sh);
        if (area > 0 && capped < area) {    /* this call's own saving, summed per call */
            cap = (double)m8_call_rule_cycles(&row->cost, units * capped / area);
            dr->above_cycles += c;
        }
        if (sw > 0 && sh > 0) {
            double scale = sqrt(area / (sw * sh));
            if (!dr->sheet_calls || scale < dr->scale_min) dr->scale_min = scale;
            if (!dr->sheet_calls || scale > dr->scale_max) dr->scale_max = scale;
            dr->sheet_calls++;
            dr->scale_weight += c;
            dr->scale_x_sum += c * a->w / sw;
            dr->scale_y_sum += c * a->h / sh;
        }
    }
    dr->clip_cycles += clip;
    dr->cap_cycles += cap;
    return (int)(dr - d->draws);
}

void m8_draws_free(m8_draws *d)
{
    free(d->draws);
    free(d->slots);
    memset(d, 0, sizeof *d);
}

/* ---------------------------------------------------------------- advice --- */

/* What a draw or a draw site adds up to, for its advice. */
typedef struct cut_figures {
    const char *fn;             /* the API function */
    int source;                 /* enum m8_call_source_kind or M8_DRAW_SOURCE_OTHER */
    int draws;                  /* 1 for a draw; a site's draws (sources) */
    double calls, cycles, offscreen, pixels_drawn, clip_cycles, cap_cycles, above_cycles;
    double scale_max, cells, cells_visible;
    int first_x, first_y, sw, sh;   /* a map draw's first call: named when one draw */
} cut_figures;

typedef struct advice {
    double saving;              /* cycles a frame */
    char text[320];
} advice;

enum { ADVICE_MAX = 2 };

static void put_location(char *buf, size_t size, const m8_cart *cart, int code_line)
{
    int tab = 0, tab_line = code_line;
    if (code_line > 0) m8_cart_code_location(cart, code_line, &tab, &tab_line);
    snprintf(buf, size, "%d:%d", tab, tab_line);
}

/* The cuts worth making, largest saving first; returns how many. A cut is worth it when it
 * saves at least M8_DRAW_ADVICE_MIN_SAVING of the figures' cycles, or (`run_floor` > 0)
 * at least that many cycles in the run. Savings are the sums of each call's own saving. */
static int cut_advice(const cut_figures *d, double frames, double run_floor, advice *out)
{
    int n = 0;
    double min = d->cycles * M8_DRAW_ADVICE_MIN_SAVING;
    if (run_floor > 0 && run_floor < min) min = run_floor;
    double clip_saving = d->cycles - d->clip_cycles, cap_saving = d->cycles - d->cap_cycles;
    char is[64];                /* "this sspr is", "these sspr calls are" */
    snprintf(is, sizeof is, d->draws > 1 ? "these %s calls are" : "this %s is", d->fn);
    if (clip_saving >= min && clip_saving > 0) {
        advice *a = &out[n++];
        a->saving = clip_saving / frames;
        int off = (int)lround(100 * d->offscreen / d->cycles);
        char head[128] = "";
        if (d->source == M8_SOURCE_MAP && d->draws == 1)
            snprintf(head, sizeof head, "map(%d,%d,..,%d,%d)", d->first_x, d->first_y, d->sw, d->sh);
        else snprintf(head, sizeof head, "%s", d->fn);
        if (d->source == M8_SOURCE_MAP) {
            snprintf(a->text, sizeof a->text,
                     "%s charges %.0f cells a call, %.0f visible: draw only the visible window, "
                     "saves %.0f cycles a frame (%.0f -> %.0f)",
                     head, d->cells / d->calls, d->cells_visible / d->calls, a->saving,
                     d->cycles / frames, d->clip_cycles / frames);
        } else if (d->pixels_drawn <= 0) {     /* nothing of it ever showed */
            snprintf(a->text, sizeof a->text,
                     "%s never on screen (or clipped away): skip the call, saves "
                     "%.0f cycles a frame (%.0f -> %.0f)",
                     is, a->saving, d->cycles / frames, d->clip_cycles / frames);
            return n;
        } else if (d->source == M8_SOURCE_SHEET) {
            snprintf(a->text, sizeof a->text,
                     "%d%% of %s off screen or clipped: clip the source rectangle to "
                     "the screen first, saves %.0f cycles a frame (%.0f -> %.0f)",
                     off, is, a->saving, d->cycles / frames, d->clip_cycles / frames);
        } else if (d->source == M8_SOURCE_SPRITE) {
            snprintf(a->text, sizeof a->text,
                     "%d%% of %s off screen or clipped: skip it when it is outside, or "
                     "draw only its visible part (sspr), saves %.0f cycles a frame (%.0f -> %.0f)",
                     off, is, a->saving, d->cycles / frames, d->clip_cycles / frames);
        } else {
            snprintf(a->text, sizeof a->text,
                     "%d%% of %s off screen or clipped: cut it to the visible part "
                     "first, saves %.0f cycles a frame (%.0f -> %.0f)",
                     off, is, a->saving, d->cycles / frames, d->clip_cycles / frames);
        }
    }
    if (cap_saving >= min && cap_saving > 0) {
        advice *a = &out[n++];
        a->saving = cap_saving / frames;
        snprintf(a->text, sizeof a->text,
                 "%d%% of its cycles scaled past 1:1 (up to %.1fx): a zoom cap at 1:1 (as "
                 "racer's zoom_cap) saves %.0f cycles a frame (%.0f -> %.0f)",
                 (int)lround(100 * d->above_cycles / d->cycles), d->scale_max, a->saving,
                 d->cycles / frames, d->cap_cycles / frames);
    }
    if (n == 2 && out[1].saving > out[0].saving) {
        advice t = out[0];
        out[0] = out[1];
        out[1] = t;
    }
    return n;
}

static cut_figures draw_figures(const m8_draw *d)
{
    cut_figures f = { m8_api_rows[d->row].name, d->key.source, 1, (double)d->calls, d->cycles,
                      d->offscreen, d->pixels_drawn, d->clip_cycles, d->cap_cycles,
                      d->above_cycles, d->scale_max, d->cells, d->cells_visible, d->first_x,
                      d->first_y, d->key.sw, d->key.sh };
    return f;
}

/* The advice field: the cuts joined by "; ", quoted. */
static void put_advice(FILE *f, const advice *adv, int na)
{
    fprintf(f, "%.0f,\"", na ? adv[0].saving : 0.0);
    for (int a = 0; a < na; a++) fprintf(f, "%s%s", a ? "; " : "", adv[a].text);
    fputs("\"\n", f);
}

/* ---------------------------------------------------------------- sites --- */

/* A draw site: the draws of one site key (below): the line that called, the functions of its
 * callers, the API function. */
typedef struct draw_site {
    cut_figures fig;
    int stack;
    double pixels_charged;
    int rank;                   /* 1 = costliest */
} draw_site;

static void site_add(draw_site *s, const m8_draw *d)
{
    cut_figures *f = &s->fig;
    if (!f->draws) {
        *f = draw_figures(d);
        s->stack = d->key.stack;
        s->pixels_charged = d->pixels_charged;
        return;
    }
    f->draws++;
    f->calls += (double)d->calls;
    f->cycles += d->cycles;
    f->offscreen += d->offscreen;
    f->pixels_drawn += d->pixels_drawn;
    f->clip_cycles += d->clip_cycles;
    f->cap_cycles += d->cap_cycles;
    f->above_cycles += d->above_cycles;
    f->scale_max = fmax(f->scale_max, d->scale_max);
    f->cells += d->cells;
    f->cells_visible += d->cells_visible;
    if (f->source != d->key.source) f->source = M8_DRAW_SOURCE_OTHER;
    s->pixels_charged += d->pixels_charged;
}

/* A site's key: the line that called the API and the functions of its stack, root first
 * (the API function last), without the lines the callers called from, so the calls a
 * helper makes for callers on different lines are one site. */
typedef struct site_key {
    int line, n;
    const m8_stack_frame *frames;
} site_key;

static int leaf_line(const m8_stacks *s, const m8_stack *st);

static site_key key_of(const m8_stacks *s, int stack)
{
    const m8_stack *st = &s->stacks[stack];
    site_key k = { leaf_line(s, st), st->n, &s->frames[st->at] };
    return k;
}

static uint64_t hash_site(const site_key *k)
{
    uint64_t h = 1469598103934665603ull ^ (uint32_t)k->line;
    for (int i = 0; i < k->n; i++) {
        h ^= (uint32_t)k->frames[i].fn;
        h *= 1099511628211ull;
    }
    return h;
}

static int same_site(const site_key *a, const site_key *b)
{
    if (a->line != b->line || a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++)
        if (a->frames[i].fn != b->frames[i].fn) return 0;
    return 1;
}

/* ---------------------------------------------------------------- writing --- */

static const m8_draw *sort_draws;
static int by_cycles_desc(const void *a, const void *b)
{
    const m8_draw *x = &sort_draws[*(const int *)a], *y = &sort_draws[*(const int *)b];
    if (x->cycles != y->cycles) return x->cycles < y->cycles ? 1 : -1;
    return *(const int *)a - *(const int *)b;
}

static int site_by_cycles_desc(const void *a, const void *b)
{
    const draw_site *x = a, *y = b;
    if (x->fig.cycles != y->fig.cycles) return x->fig.cycles < y->fig.cycles ? 1 : -1;
    return x->stack - y->stack;
}

/* The line of the stack's leaf frame of the cart's code (the line that called the API),
 * 0 when none. */
static int leaf_line(const m8_stacks *s, const m8_stack *st)
{
    for (int k = st->n - 1; k >= 0; k--) {
        const m8_stack_frame *fr = &s->frames[st->at + k];
        if (fr->first >= 0) return fr->line;
        if (fr->first != M8_FRAME_API) break;
    }
    return 0;
}

/* The caller chain, root first: "_draw (0:4) > boss (0:9) > big (1:2)", as a CSV field;
 * without `lines`, the function names alone: "_draw > boss > big". */
static void put_chain(FILE *f, const m8_stacks *s, const m8_stack *st, const m8_cart *cart,
                      int lines)
{
    fputc('"', f);
    int first = 1;
    for (int k = 0; k < st->n; k++) {
        const m8_stack_frame *fr = &s->frames[st->at + k];
        if (fr->first == M8_FRAME_API) continue;
        if (!first) fputs(" > ", f);
        first = 0;
        const char *name = s->fns[fr->fn].name;   /* names keep clear of '"' and ',' */
        char where[32];
        int line;
        if (sscanf(name, "function@%d", &line) == 1) {
            put_location(where, sizeof where, cart, line);
            fprintf(f, "function@%s", where);
        } else {
            fputs(name, f);
        }
        if (fr->first >= 0 && lines) {
            put_location(where, sizeof where, cart, fr->line);
            fprintf(f, " (%s)", where);
        }
    }
    fputc('"', f);
}

/* draw_sites.csv: one row per site, costliest first, with the site's advice. */
static int write_sites(const draw_site *sites, int n, const m8_stacks *stacks,
                       const m8_cart *cart, double frames, double run_cycles,
                       m8_profile_files *dir, char *err, size_t errsz)
{
    FILE *f = m8_profile_file_create(dir, "draw_sites.csv", err, errsz);
    if (!f) return -1;
    fputs("rank,site,callers,function,draws,calls,cycles,cycles_per_frame,offscreen_cycles,"
          "above_1to1_cycles,scale_max,pixels_drawn,pixels_charged,clip_saving_per_frame,"
          "zoom_saving_per_frame,saving_per_frame,advice\n", f);
    int advised = 0;
    for (int i = 0; i < n; i++) {
        const draw_site *s = &sites[i];
        const cut_figures *g = &s->fig;
        const m8_stack *st = &stacks->stacks[s->stack];
        int line = leaf_line(stacks, st);
        char where[32] = "(outside the cart)";
        if (line > 0) put_location(where, sizeof where, cart, line);
        fprintf(f, "%d,%s,", s->rank, where);
        put_chain(f, stacks, st, cart, 0);
        fprintf(f, ",%s,%d,%.0f,%.0f,%.1f,%.0f,%.0f,", g->fn, g->draws, g->calls, g->cycles,
                g->cycles / frames, g->offscreen, g->above_cycles);
        if (g->scale_max > 0) fprintf(f, "%.2f", g->scale_max);
        fprintf(f, ",%.0f,%.0f,%.1f,%.1f,", g->pixels_drawn, s->pixels_charged,
                (g->cycles - g->clip_cycles) / frames, (g->cycles - g->cap_cycles) / frames);
        advice adv[ADVICE_MAX];
        int na = 0;
        double floor = M8_DRAW_ADVICE_RUN_SHARE * run_cycles;
        if (advised < M8_DRAW_SITES_ADVISED && g->cycles > 0 && g->cycles >= floor) {
            advised++;
            na = cut_advice(g, frames, floor, adv);
        }
        put_advice(f, adv, na);
    }
    if (fclose(f) != 0) {
        snprintf(err, errsz, "draw_sites.csv: cannot be written");
        return -1;
    }
    return 0;
}

int m8_draws_write(const m8_draws *d, const m8_stacks *stacks, const m8_cart *cart,
                   double frames, double run_cycles, m8_profile_files *dir, char *err,
                   size_t errsz)
{
    if (!(frames >= 1)) frames = 1;
    /* functions that drew: reported an area at least once */
    char *drew = calloc((size_t)m8_api_row_count, 1);
    int *order = malloc((d->n + 1) * sizeof *order);
    int *site_of = calloc(stacks->nstacks + 1, sizeof *site_of);    /* stack -> site + 1 */
    size_t nslots = 16;                 /* open-addressed: site keys -> site + 1 */
    while (nslots < 2 * (d->n + 1)) nslots *= 2;
    int *slots = calloc(nslots, sizeof *slots);
    int *rank_of = calloc(d->n + 1, sizeof *rank_of);               /* site -> rank */
    draw_site *sites = calloc(d->n + 1, sizeof *sites);
    FILE *f = NULL;
    int rc = -1;
    if (!drew || !order || !site_of || !slots || !rank_of || !sites) {
        snprintf(err, errsz, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < d->n; i++)
        if (d->draws[i].pixels_charged > 0 || d->draws[i].key.source != M8_SOURCE_NONE)
            drew[d->draws[i].row] = 1;
    int n = 0, nsites = 0;
    for (size_t i = 0; i < d->n; i++)
        if (drew[d->draws[i].row]) order[n++] = (int)i;
    sort_draws = d->draws;
    qsort(order, (size_t)n, sizeof *order, by_cycles_desc);
    for (int i = 0; i < n; i++) {       /* the sites, in the order of their costliest draw */
        const m8_draw *dr = &d->draws[order[i]];
        int *at = &site_of[dr->key.stack];
        if (!*at) {
            site_key k = key_of(stacks, dr->key.stack);
            size_t h = hash_site(&k) & (nslots - 1);
            for (; slots[h]; h = (h + 1) & (nslots - 1)) {
                site_key o = key_of(stacks, sites[slots[h] - 1].stack);
                if (same_site(&k, &o)) break;
            }
            if (!slots[h]) slots[h] = ++nsites;
            *at = slots[h];
        }
        site_add(&sites[*at - 1], dr);
    }
    for (int i = 0; i < nsites; i++) sites[i].rank = i;     /* first-seen index, for now */
    qsort(sites, (size_t)nsites, sizeof *sites, site_by_cycles_desc);
    for (int i = 0; i < nsites; i++) {
        rank_of[sites[i].rank] = i + 1;
        sites[i].rank = i + 1;
    }
    if (write_sites(sites, nsites, stacks, cart, frames, run_cycles, dir, err, errsz) != 0)
        goto done;
    if (!(f = m8_profile_file_create(dir, "draws.csv", err, errsz))) goto done;
    fputs("site_rank,site,callers,function,sprite,source_x,source_y,source_w,source_h,scale_x,"
          "scale_y,scale_min,scale_max,cells_charged,cells_visible,calls,cycles,"
          "cycles_per_frame,onscreen_cycles,offscreen_cycles,pixels_drawn,pixels_charged,"
          "clip_saving_per_frame,zoom_saving_per_frame,saving_per_frame,advice\n", f);
    int advised = 0;
    for (int i = 0; i < n; i++) {
        const m8_draw *dr = &d->draws[order[i]];
        const m8_stack *st = &stacks->stacks[dr->key.stack];
        int line = leaf_line(stacks, st);
        char where[32] = "(outside the cart)";
        if (line > 0) put_location(where, sizeof where, cart, line);
        fprintf(f, "%d,%s,", rank_of[site_of[dr->key.stack] - 1], where);
        put_chain(f, stacks, st, cart, 1);
        fprintf(f, ",%s,", m8_api_rows[dr->row].name);
        const m8_draw_key *k = &dr->key;
        if (k->source == M8_SOURCE_SPRITE) fprintf(f, "%d", k->sy / 8 * 16 + k->sx / 8);
        if (k->source == M8_SOURCE_SPRITE || k->source == M8_SOURCE_SHEET)
            fprintf(f, ",%d,%d,%d,%d,", k->sx, k->sy, k->sw, k->sh);
        else if (k->source == M8_SOURCE_MAP)
            fprintf(f, ",%d,%d,%d,%d,", dr->first_x, dr->first_y, k->sw, k->sh);
        else fputs(",,,,,", f);
        if (k->source == M8_SOURCE_SHEET && dr->sheet_calls) {   /* cost-weighted mean */
            double sx = dr->dest_w / dr->src_w, sy = dr->dest_h / dr->src_h;
            if (dr->scale_weight > 0) {
                sx = dr->scale_x_sum / dr->scale_weight;
                sy = dr->scale_y_sum / dr->scale_weight;
            }
            fprintf(f, "%.2f,%.2f,%.2f,%.2f,", sx, sy, dr->scale_min, dr->scale_max);
        } else if (k->source == M8_SOURCE_SPRITE || k->source == M8_SOURCE_MAP) {
            fputs("1,1,1,1,", f);
        } else {
            fputs(",,,,", f);
        }
        if (k->source == M8_SOURCE_MAP) fprintf(f, "%.0f,%.0f,", dr->cells, dr->cells_visible);
        else fputs(",,", f);
        fprintf(f, "%llu,%.0f,%.1f,%.0f,%.0f,%.0f,%.0f,%.1f,%.1f,", (unsigned long long)dr->calls,
                dr->cycles, dr->cycles / frames, dr->cycles - dr->offscreen, dr->offscreen,
                dr->pixels_drawn, dr->pixels_charged, (dr->cycles - dr->clip_cycles) / frames,
                (dr->cycles - dr->cap_cycles) / frames);
        advice adv[ADVICE_MAX];
        int na = 0;
        if (advised < M8_DRAW_TOP_ADVISED && dr->cycles > 0 &&
            dr->cycles >= M8_DRAW_ADVICE_RUN_SHARE * run_cycles) {
            advised++;
            cut_figures fig = draw_figures(dr);
            na = cut_advice(&fig, frames, 0, adv);
        }
        put_advice(f, adv, na);
    }
    rc = 0;
    if (fclose(f) != 0) {
        snprintf(err, errsz, "draws.csv: cannot be written");
        rc = -1;
    }
done:
    free(drew);
    free(order);
    free(site_of);
    free(slots);
    free(rank_of);
    free(sites);
    return rc;
}
