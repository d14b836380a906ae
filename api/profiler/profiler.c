/* profiler.c - the cost profiler's collector and its file writers.
 *
 * Attached to a machine it installs the VM's three observers (api/vm_internal.h):
 *  - instruction: the count hook reports every Lua instruction; its 2 cycles go to the
 *    current line of the cart's code (lua_getinfo "Sl"); the call hook reports every call,
 *    counted per caller frame and callee (profile_calls.c);
 *  - call: after each API call, its cycles, units and requested area (m8_call_rect) go to
 *    the call site (the calling Lua frame's line), the API function, the sprites (by spr, sspr, map)
 *    and the heatmap: the cycles are spread evenly over the requested rectangle, and the
 *    share falling outside the screen or the clip rectangle is counted apart (off-screen);
 *    the call also goes to its Lua call stack (profile_stacks.c) and to its draw (stack,
 *    source: profile_draws.c, draws.csv and its sites draw_sites.csv);
 *  - tick: the cost model's tick and frame records (update/draw, Lua/system, dropped).
 * Each charge also goes to the live figures (profile_live.c: the recent frames' draws,
 * functions and heatmap by cause, for the window's overlay), folded at each frame's end.
 * Instructions, calls and ticks also open and close the per-call slices of trace.json
 * (profile_trace.c).
 * Nothing here runs Lua code, so observing does not change the counts.
 * The HTML report and text summary are written by profiler_report.c from the files.
 * Depends on: p8scii.h, profile_draws.h, profile_files.h, palette.h, profiler_internal.h, api/mote8_profiler.h,
 * api/vm_internal.h, runtime/core (cost, cart, png_io, machine). */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

#include "p8scii.h"
#include "png_io.h"
#include "profile_files.h"
#include "mote8_profiler.h"
#include "palette.h"
#include "profiler_internal.h"
#include "vm_internal.h"


void mote8_last_frame_cost(const mote8 *m8, mote8_frame_cost *out)
{
    const m8_cost *c = &m8->machine->cost;
    out->lua = c->last.lua;
    out->system = c->last.system;
    out->budget = c->budget;
    out->dropped = c->last.dropped;
    out->target_fps = c->fps;
    out->display_fps = c->last.dropped ? c->fps / 2 : c->fps;
    out->frames = c->frames;
}

/* ---------------------------------------------------------------- growth --- */

static int grow(void **items, size_t *cap, size_t n, size_t size)
{
    if (n < *cap) return 0;
    size_t ncap = *cap ? *cap * 2 : 256;
    void *p = realloc(*items, ncap * size);
    if (!p) return -1;
    *items = p;
    *cap = ncap;
    return 0;
}

/* ---------------------------------------------------------------- observers --- */

/* The code line of a Lua activation record filled by lua_getinfo("Sl"), 0 if not the
 * cart's code (bios, C functions). */
static int cart_line(mote8_profiler *p, const lua_Debug *ar)
{
    if (ar->currentline <= 0 || !ar->source) return 0;
    if (ar->source != p->cart_source) {
        if (strcmp(ar->source, "=cart") != 0) return 0;
        p->cart_source = ar->source;   /* interned: later records share the pointer */
    }
    return ar->currentline <= p->nlines ? ar->currentline : 0;
}

/* Instructions weigh by opcode (api/lua_weights.c) and the hook cannot see which one runs,
 * so the Lua cycles counted since the last instruction observed (that instruction's weight,
 * or more after C code) go to that instruction's line. */
static void on_instruction(m8_vm *vm, lua_State *L, lua_Debug *ar)
{
    mote8_profiler *p = vm->observer_user;
    if (ar->event == LUA_HOOKCALL || ar->event == LUA_HOOKTAILCALL) {   /* a call: counted */
        if (m8_call_counts_add(&p->stacks.calls, L, ar, &p->stacks.cart_source, p->nlines) > 0)
            p->new_activation = 1;
        return;
    }
    int line = 0, same_frame = 0;
    if (lua_getinfo(L, "Sl", ar)) {
        line = cart_line(p, ar);
        /* the same function at the same line in the same activation record as the last
         * instruction: only C code ran in between, so the stack under it is the same too */
        same_frame = L == p->seen_state && ar->i_ci == p->seen_ci && ar->source == p->seen_source &&
                     ar->linedefined == p->seen_defined && ar->currentline == p->seen_current;
        p->seen_state = L;
        p->seen_ci = ar->i_ci;
        p->seen_source = ar->source;
        p->seen_defined = ar->linedefined;
        p->seen_current = ar->currentline;
    } else {
        p->seen_state = NULL;
    }
    uint64_t now = m8_vm_lua_cycles(vm);
    /* a helper's weight correction can take back a few cycles counted after the last
     * instruction was seen: the next instructions absorb it (seen_lua stays), so the lines
     * and stacks still add up to the count */
    if (now < p->seen_lua) now = p->seen_lua;
    uint64_t d = now - p->seen_lua;
    p->lines[p->seen_line].lua += (double)d;
    p->recent[p->seen_line] += (double)d;
    if (p->seen_stack >= 0) {
        p->stacks.stacks[p->seen_stack].cycles += d;
        m8_live_charge_stack(&p->live, p->seen_stack, (double)d);
    }
    p->seen_lua = now;
    p->seen_line = line;
    if (!same_frame) {              /* else the stack is the last instruction's */
        int stack = m8_stacks_capture(&p->stacks, L, 0, -1);
        if (stack >= 0) p->seen_stack = stack;
    }
    if (!same_frame || p->new_activation || p->trace.nopen == 0)
        m8_trace_stack(&p->trace, &p->stacks, p->seen_stack, now + p->system_total,
                       p->new_activation);
    p->new_activation = 0;
}

/* Spread `cycles` over the requested rectangle (also on the live heatmap's `plane` when not
 * NULL); count what falls outside the screen or the clip rectangle apart. Returns the
 * cycles outside. */
static double heat(mote8_profiler *p, const m8_call_rect *a, double cycles, float *plane)
{
    double area = a->w * a->h;
    if (!(area > 0) || cycles <= 0) return 0;
    double share = cycles / area;
    double x0 = fmax(a->x, fmax(0, a->clip_x0)), y0 = fmax(a->y, fmax(0, a->clip_y0));
    double x1 = fmin(a->x + a->w, fmin(128, a->clip_x1));
    double y1 = fmin(a->y + a->h, fmin(128, a->clip_y1));
    double inside = 0;
    if (x1 > x0 && y1 > y0) {
        int ix0 = (int)floor(x0), iy0 = (int)floor(y0);
        int ix1 = (int)ceil(x1), iy1 = (int)ceil(y1);
        for (int y = iy0; y < iy1; y++)
            for (int x = ix0; x < ix1; x++) {
                /* fractional edges (never with integer coordinates) weigh their overlap */
                double wx = fmin(x + 1, x1) - fmax(x, x0), wy = fmin(y + 1, y1) - fmax(y, y0);
                double part = share * wx * wy;
                p->heat[y * 128 + x] += part;
                if (plane) plane[y * 128 + x] += (float)part;
                inside += part;
            }
    }
    double outside = cycles - inside;
    if (outside < 1e-9) outside = 0;
    p->offscreen += outside;
    p->on_screen += inside;
    p->apis[p->row].offscreen += outside;
    return outside;
}

/* The share of rectangle r inside the screen and the clip rectangle of call area a. */
static double inside_share(const m8_sprite_report *r, const m8_call_rect *a)
{
    double area = r->w * r->h;
    if (!(area > 0)) return 1;
    double x0 = fmax(r->x, fmax(0, a->clip_x0)), y0 = fmax(r->y, fmax(0, a->clip_y0));
    double x1 = fmin(r->x + r->w, fmin(128, a->clip_x1)), y1 = fmin(r->y + r->h, fmin(128, a->clip_y1));
    return x1 > x0 && y1 > y0 ? (x1 - x0) * (y1 - y0) / area : 0;
}

/* Split a call's cycles over the sprites it reported, by area, on and off screen. */
static void sprite_costs(mote8_profiler *p, m8_vm *vm, double cycles)
{
    int source = vm->call_area.set ? vm->call_area.source : M8_SOURCE_NONE;
    int by = source == M8_SOURCE_MAP ? M8_PROF_BY_MAP
             : source == M8_SOURCE_SHEET ? M8_PROF_BY_SSPR : M8_PROF_BY_SPR;
    double total = 0;
    for (int i = 0; i < vm->n_sprite_reports; i++)
        total += vm->sprite_reports[i].w * vm->sprite_reports[i].h;
    for (int i = 0; i < vm->n_sprite_reports; i++) {
        const m8_sprite_report *r = &vm->sprite_reports[i];
        double area = r->w * r->h;
        double share = total > 0 ? cycles * area / total : cycles / vm->n_sprite_reports;
        m8_prof_sprite *s = &p->sprites[by][r->n & 255];
        s->draws++;
        s->pixels += area;
        s->cycles += share;
        if (vm->call_area.set) s->offscreen += share * (1 - inside_share(r, &vm->call_area));
    }
}

/* One more call of API row `row` from a line (its per-function counts). */
static void count_fn_call(m8_prof_line_acc *l, int row)
{
    for (int i = 0; i < l->nfn; i++)
        if (l->fn[i].row == row) {
            l->fn[i].calls++;
            return;
        }
    if (l->nfn == l->capfn) {
        int cap = l->capfn ? l->capfn * 2 : 4;
        m8_prof_fn_calls *fn = realloc(l->fn, (size_t)cap * sizeof *fn);
        if (!fn) return;
        l->fn = fn;
        l->capfn = cap;
    }
    l->fn[l->nfn++] = (m8_prof_fn_calls){ row, 1 };
}

static void on_call(m8_vm *vm, lua_State *L, const m8_api_row *row, uint64_t cycles,
                    double units)
{
    mote8_profiler *p = vm->observer_user;
    lua_Debug ar;
    int line = 0;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar)) line = cart_line(p, &ar);
    double pixels = vm->call_area.set ? vm->call_area.w * vm->call_area.h : 0;
    p->row = (int)(row - m8_api_rows);
    p->lines[line].system += (double)cycles;
    p->lines[line].calls++;
    p->lines[line].pixels += pixels;
    count_fn_call(&p->lines[line], p->row);
    p->recent[line] += (double)cycles;
    p->apis[p->row].calls++;
    p->apis[p->row].cycles += (double)cycles;
    p->apis[p->row].pixels += pixels;
    if ((row->flags & M8_ROW_SPRITE) && vm->n_sprite_reports > 0) sprite_costs(p, vm, (double)cycles);
    int stack = m8_stacks_capture(&p->stacks, L, 1, p->row);
    double outside = 0, c = (double)cycles;
    if (vm->call_area.set) {
        outside = heat(p, &vm->call_area, c, stack >= 0 ? m8_live_plane(&p->live, stack) : NULL);
        if (stack >= 0) m8_live_charge_cause(&p->live, stack, c - outside);
    } else if (cycles) {
        p->unplaced += c;
    }
    p->system_total += cycles;
    if (stack >= 0) {
        p->stacks.stacks[stack].cycles += cycles;
        p->stacks.stacks[stack].calls++;
        m8_live_charge_stack(&p->live, stack, c);
        int draw = m8_draws_add(&p->draws, stack, row, &vm->call_area, cycles, units);
        m8_live_charge_draw(&p->live, draw, c, outside);
        uint64_t pos = m8_vm_lua_cycles(vm) + p->system_total;
        m8_trace_api(&p->trace, &p->stacks, stack, pos - cycles, pos);
    }
}

static void on_tick(m8_vm *vm)
{
    mote8_profiler *p = vm->observer_user;
    const m8_cost *c = &vm->machine->cost;
    if (!c->tick.completed && !c->tick.update_lua && !c->tick.update_system &&
        vm->booted && !vm->has_callbacks)
        return;                                   /* an ended program's idle ticks */
    if (grow((void **)&p->ticks, &p->ticks_cap, p->nticks, sizeof *p->ticks) == 0) {
        m8_prof_tick *t = &p->ticks[p->nticks++];
        t->tick = c->ticks - 1;
        t->frame = c->frame_done ? (long)c->frames - 1 : (long)c->frames;
        t->cost = c->tick;
        t->frame_done = c->frame_done;
        m8_trace_tick(&p->trace, &p->stacks, t->tick, m8_vm_lua_cycles(vm) + p->system_total,
                      c->tick.update_lua + c->tick.update_system + c->tick.draw_lua +
                          c->tick.draw_system);
    }
    if (c->frame_done && grow((void **)&p->frames, &p->frames_cap, p->nframes,
                              sizeof *p->frames) == 0) {
        m8_prof_frame *f = &p->frames[p->nframes++];
        f->frame = c->frames - 1;
        f->tick = c->ticks - 1;
        f->cost = c->last;
        f->budget = c->budget;
        for (int i = 0; i <= p->nlines; i++) p->recent[i] *= M8_RECENT_KEEP;
        m8_live_frame_end(&p->live, &p->stacks);
    }
    p->boot_lua = c->boot_lua;
    p->boot_system = c->boot_system;
    p->fps = c->fps;
}

/* ---------------------------------------------------------------- lifecycle --- */

mote8_profiler *mote8_profiler_attach(mote8 *m8)
{
    if (m8->observer_user) return NULL;   /* one profiler per machine */
    mote8_profiler *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    const m8_cart *cart = &m8->machine->cart;
    int n = 1;
    for (size_t i = 0; cart->code && i < cart->code_len; i++) n += cart->code[i] == '\n';
    p->nlines = n;
    p->lines = calloc((size_t)n + 1, sizeof *p->lines);
    p->recent = calloc((size_t)n + 1, sizeof *p->recent);
    p->apis = calloc((size_t)m8_api_row_count, sizeof *p->apis);
    p->sprite_reports = malloc(M8_PROF_SPRITE_REPORTS * sizeof *p->sprite_reports);
    if (!p->lines || !p->recent || !p->apis || !p->sprite_reports || m8_live_init(&p->live) != 0) {
        mote8_profiler_free(p);
        return NULL;
    }
    p->vm = m8;
    p->stacks.nlines = n;
    p->stacks.env_ref = m8->env_ref;
    p->seen_stack = m8_stacks_capture(&p->stacks, NULL, 0, -1);   /* until the first instruction */
    p->seen_lua = m8_vm_lua_cycles(m8);
    p->fps = m8->machine->cost.fps;
    m8->observer_user = p;
    m8->call_observer = on_call;
    m8_vm_observe_instructions(m8, on_instruction);
    m8->tick_observer = on_tick;
    m8->sprite_reports = p->sprite_reports;
    m8->sprite_reports_cap = M8_PROF_SPRITE_REPORTS;
    m8->n_sprite_reports = 0;
    return p;
}

void mote8_profiler_detach(mote8_profiler *p)
{
    if (!p || !p->vm) return;
    m8_vm *vm = p->vm;
    if (vm->observer_user == p) {
        uint64_t now = m8_vm_lua_cycles(vm);     /* the Lua run since the last instruction */
        if (now > p->seen_lua && p->seen_stack >= 0)
            p->stacks.stacks[p->seen_stack].cycles += now - p->seen_lua;
        p->seen_lua = now;
        vm->call_observer = NULL;
        m8_vm_observe_instructions(vm, NULL);
        vm->tick_observer = NULL;
        vm->observer_user = NULL;
        vm->sprite_reports = NULL;
        vm->sprite_reports_cap = vm->n_sprite_reports = 0;
    }
    p->detached = 1;
}

void mote8_profiler_free(mote8_profiler *p)
{
    if (!p) return;
    mote8_profiler_detach(p);
    for (int i = 0; p->lines && i <= p->nlines; i++) free(p->lines[i].fn);
    free(p->lines);
    free(p->recent);
    free(p->apis);
    free(p->sprite_reports);
    free(p->ticks);
    free(p->frames);
    m8_stacks_free(&p->stacks);
    m8_draws_free(&p->draws);
    m8_live_free(&p->live);
    m8_trace_free(&p->trace);
    free(p);
}

/* ---------------------------------------------------------------- queries --- */

static void describe_line(const mote8_profiler *p, int line, mote8_prof_line *out)
{
    out->code_line = line;
    out->tab = 0;
    out->tab_line = line;
    if (line > 0 && p->vm) m8_cart_code_location(&p->vm->machine->cart, line, &out->tab,
                                                 &out->tab_line);
    out->lua_cycles = p->lines[line].lua;
    out->system_cycles = p->lines[line].system;
    out->calls = p->lines[line].calls;
    out->pixels = p->lines[line].pixels;
}

int mote8_profiler_top_lines(const mote8_profiler *p, int recent, mote8_prof_line *out, int n)
{
    int count = 0;
    for (int line = 1; line <= p->nlines; line++) {
        double v = recent ? p->recent[line] : p->lines[line].lua + p->lines[line].system;
        if (v <= 0) continue;
        int at = count < n ? count : n;   /* insertion into the sorted top n */
        while (at > 0) {
            const mote8_prof_line *prev = &out[at - 1];
            double pv = recent ? p->recent[prev->code_line] : prev->lua_cycles + prev->system_cycles;
            if (pv >= v) break;
            if (at < n) out[at] = out[at - 1];
            at--;
        }
        if (at < n) {
            describe_line(p, line, &out[at]);
            if (recent) {   /* live figures: per frame, split like the totals */
                double total = p->lines[line].lua + p->lines[line].system;
                double per_frame = v * (1 - M8_RECENT_KEEP) / M8_RECENT_KEEP;
                out[at].lua_cycles = total > 0 ? per_frame * p->lines[line].lua / total : 0;
                out[at].system_cycles = total > 0 ? per_frame * p->lines[line].system / total : 0;
            }
            if (count < n) count++;
        }
    }
    return count;
}

const char *mote8_profiler_source(const mote8_profiler *p, int line, char *buf, size_t size)
{
    const m8_cart *cart = &p->vm->machine->cart;
    const char *s = cart->code, *end = cart->code ? cart->code + cart->code_len : NULL;
    size_t o = 0;
    for (int l = 1; s && l < line && s < end; l++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        s = nl ? nl + 1 : end;
    }
    if (s && line > 0) {
        while (s < end && (*s == ' ' || *s == '\t')) s++;
        for (; s < end && *s != '\n' && *s != '\r' && o + 1 < size; s++)   /* glyphs kept: */
            buf[o++] = (unsigned char)*s < 32 || *s == 127 ? '?' : *s;    /* the font has them */
    }
    if (size) buf[o] = 0;
    return buf;
}

/* ---------------------------------------------------------------- writers --- */

/* The text of code line `line` as a CSV field (quoted, quotes doubled, trimmed). */
static void csv_source(FILE *f, const m8_cart *cart, int line)
{
    const char *p = cart->code, *end = cart->code ? cart->code + cart->code_len : NULL;
    fputc('"', f);
    for (int l = 1; p && l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    if (p && line > 0) {                /* at most 120 characters, glyphs as UTF-8 */
        while (p < end && (*p == ' ' || *p == '\t')) p++;
        size_t n = 0;
        while (p + n < end && p[n] != '\n' && p[n] != '\r' && n < 120) n++;
        size_t ulen = 0;
        char *utf8 = m8_p8scii_to_utf8(p, n, &ulen);
        for (size_t i = 0; utf8 && i < ulen; i++) {
            unsigned char ch = (unsigned char)utf8[i];
            if (ch == '"') fputs("\"\"", f);
            else if (ch < 32 || ch == 127) fputc('?', f);
            else fputc(ch, f);
        }
        free(utf8);
    }
    fputc('"', f);
}

static FILE *open_in(m8_profile_files *dir, const char *name, char *err, size_t errsz)
{
    return m8_profile_file_create(dir, name, err, errsz);
}

static int close_file(FILE *f, m8_profile_files *dir, const char *name, char *err, size_t errsz)
{
    (void)dir;
    if (fclose(f) != 0) {
        snprintf(err, errsz, "%s: cannot be written", name);
        return -1;
    }
    return 0;
}

#define OPEN(name)                                        \
    FILE *f = open_in(dir, name, err, errsz);             \
    if (!f) return -1

static int write_frames(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    OPEN("frames.csv");
    fputs("frame,lua,system,budget,dropped\n", f);
    for (size_t i = 0; i < p->nframes; i++) {
        const m8_prof_frame *fr = &p->frames[i];
        fprintf(f, "%llu,%llu,%llu,%llu,%d\n", (unsigned long long)fr->frame,
                (unsigned long long)fr->cost.lua, (unsigned long long)fr->cost.system,
                (unsigned long long)fr->budget, fr->cost.dropped);
    }
    return close_file(f, dir, "frames.csv", err, errsz);
}

static int write_ticks(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    OPEN("ticks.csv");
    fputs("tick,frame,update_lua,update_system,draw_lua,draw_system,drew,completed\n", f);
    for (size_t i = 0; i < p->nticks; i++) {
        const m8_prof_tick *t = &p->ticks[i];
        fprintf(f, "%llu,%ld,%llu,%llu,%llu,%llu,%d,%d\n", (unsigned long long)t->tick, t->frame,
                (unsigned long long)t->cost.update_lua, (unsigned long long)t->cost.update_system,
                (unsigned long long)t->cost.draw_lua, (unsigned long long)t->cost.draw_system,
                t->cost.drew, t->cost.completed);
    }
    return close_file(f, dir, "ticks.csv", err, errsz);
}

static int by_total_desc(const void *a, const void *b)
{
    const mote8_prof_line *x = a, *y = b;
    double vx = x->lua_cycles + x->system_cycles, vy = y->lua_cycles + y->system_cycles;
    if (vx != vy) return vx < vy ? 1 : -1;
    return x->code_line - y->code_line;
}

static int write_callsites(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    mote8_prof_line *all = malloc(((size_t)p->nlines + 1) * sizeof *all);
    if (!all) {
        snprintf(err, errsz, "out of memory");
        return -1;
    }
    int n = 0;
    for (int line = 0; line <= p->nlines; line++) {
        if (p->lines[line].lua <= 0 && p->lines[line].calls == 0) continue;
        describe_line(p, line, &all[n++]);
    }
    qsort(all, (size_t)n, sizeof *all, by_total_desc);
    FILE *f = open_in(dir, "callsites.csv", err, errsz);
    if (!f) {
        free(all);
        return -1;
    }
    fputs("site,tab,line,code_line,cycles,lua,system,calls,pixels,source,calls_by_function\n", f);
    for (int i = 0; i < n; i++) {
        const mote8_prof_line *l = &all[i];
        if (l->code_line == 0) fputs("(outside the cart),-1,0,0,", f);
        else fprintf(f, "%d:%d,%d,%d,%d,", l->tab, l->tab_line, l->tab, l->tab_line, l->code_line);
        fprintf(f, "%.0f,%.0f,%.0f,%llu,%.0f,", l->lua_cycles + l->system_cycles, l->lua_cycles,
                l->system_cycles, (unsigned long long)l->calls, l->pixels);
        csv_source(f, &p->vm->machine->cart, l->code_line);
        fputc(',', f);                  /* the calls per function, most first: spr:30;flr:60 */
        const m8_prof_line_acc *acc = &p->lines[l->code_line];
        int done[64], ndone = 0;
        for (int k = 0; k < acc->nfn && k < 64; k++) {
            int best = -1;
            for (int j = 0; j < acc->nfn; j++) {
                int used = 0;
                for (int d = 0; d < ndone; d++) used |= done[d] == j;
                if (!used && (best < 0 || acc->fn[j].calls > acc->fn[best].calls)) best = j;
            }
            done[ndone++] = best;
            fprintf(f, "%s%s:%llu", k ? ";" : "", m8_api_rows[acc->fn[best].row].name,
                    (unsigned long long)acc->fn[best].calls);
        }
        fputc('\n', f);
    }
    free(all);
    return close_file(f, dir, "callsites.csv", err, errsz);
}

static int write_apis(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    OPEN("api.csv");
    fputs("function,calls,cycles,pixels,offscreen_cycles\n", f);
    /* sorted by cycles, then calls */
    int order[512], n = 0;
    for (int i = 0; i < m8_api_row_count && n < 512; i++)
        if (p->apis[i].calls) order[n++] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            const m8_prof_api *a = &p->apis[order[j - 1]], *b = &p->apis[order[j]];
            if (a->cycles > b->cycles || (a->cycles == b->cycles && a->calls >= b->calls)) break;
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        const m8_prof_api *a = &p->apis[order[i]];
        fprintf(f, "%s,%llu,%.0f,%.0f,%.0f\n", m8_api_rows[order[i]].name,
                (unsigned long long)a->calls, a->cycles, a->pixels, a->offscreen);
    }
    return close_file(f, dir, "api.csv", err, errsz);
}

static int write_sprites(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    static const char *const by_name[M8_PROF_BY_COUNT] = { "spr", "sspr", "map" };
    OPEN("sprites.csv");
    fputs("sprite,draws,pixels,cycles,onscreen_cycles,offscreen_cycles,source\n", f);
    enum { N = M8_PROF_BY_COUNT * 256 };    /* (source, sprite) pairs, costliest first */
    int order[N];
    const m8_prof_sprite *all = &p->sprites[0][0];
    for (int i = 0; i < N; i++) order[i] = i;
    for (int i = 1; i < N; i++)
        for (int j = i; j > 0 && all[order[j - 1]].cycles < all[order[j]].cycles; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < N; i++) {
        const m8_prof_sprite *s = &all[order[i]];
        if (!s->draws) continue;
        fprintf(f, "%d,%llu,%.0f,%.0f,%.0f,%.0f,%s\n", order[i] % 256, (unsigned long long)s->draws,
                s->pixels, s->cycles, s->cycles - s->offscreen, s->offscreen, by_name[order[i] / 256]);
    }
    return close_file(f, dir, "sprites.csv", err, errsz);
}

static int write_summary(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    OPEN("summary.csv");
    uint64_t lua = 0, sys = 0, dropped = 0;
    for (size_t i = 0; i < p->nframes; i++) {
        lua += p->frames[i].cost.lua;
        sys += p->frames[i].cost.system;
        dropped += (uint64_t)p->frames[i].cost.dropped;
    }
    fputs("key,value\n", f);
    fprintf(f, "cart,%s\n", p->vm->cart_name);
    fprintf(f, "fps,%d\n", p->fps);
    fprintf(f, "budget,%llu\n", (unsigned long long)(M8_CPU_HZ / (unsigned)p->fps));
    fprintf(f, "ticks,%zu\n", p->nticks);
    fprintf(f, "frames,%zu\n", p->nframes);
    fprintf(f, "dropped_frames,%llu\n", (unsigned long long)dropped);
    fprintf(f, "lua_cycles,%llu\n", (unsigned long long)lua);
    fprintf(f, "system_cycles,%llu\n", (unsigned long long)sys);
    fprintf(f, "boot_lua_cycles,%llu\n", (unsigned long long)p->boot_lua);
    fprintf(f, "boot_system_cycles,%llu\n", (unsigned long long)p->boot_system);
    fprintf(f, "draw_cycles_on_screen,%.0f\n", p->on_screen);
    fprintf(f, "draw_cycles_off_screen,%.0f\n", p->offscreen);
    fprintf(f, "system_cycles_without_area,%.0f\n", p->unplaced);
    double hot = 0;
    for (int i = 0; i < 128 * 128; i++) hot = fmax(hot, p->heat[i]);
    fprintf(f, "heatmap_max_cycles_per_pixel,%.3f\n", hot);
    return close_file(f, dir, "summary.csv", err, errsz);
}

/* Heatmap colours: black -> purple -> red -> orange -> yellow -> white, linear in cycles
 * per pixel from 0 to the hottest pixel (its value is in summary.csv). */
static void ramp(double t, uint8_t *rgb)
{
    static const double stops[6][3] = { { 0, 0, 0 },       { 60, 20, 110 }, { 190, 30, 60 },
                                        { 240, 120, 20 },  { 250, 220, 60 }, { 255, 255, 255 } };
    if (t <= 0) {
        rgb[0] = rgb[1] = rgb[2] = 0;
        return;
    }
    if (t > 1) t = 1;
    double s = t * 5;
    int i = (int)s;
    if (i > 4) i = 4;
    double u = s - i;
    for (int k = 0; k < 3; k++) rgb[k] = (uint8_t)(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * u);
}

/* An RGB picture added to the profile as a PNG. */
static int add_png(m8_profile_files *dir, const char *name, const uint8_t *rgb, int scale,
                   char *err, size_t errsz)
{
    size_t len = 0;
    uint8_t *png = m8_png_encode_rgb(rgb, M8_SCREEN_W, M8_SCREEN_H, scale, &len);
    if (!png || m8_profile_file_add(dir, name, png, len) != 0) {
        snprintf(err, errsz, "%s: cannot be encoded", name);
        return -1;
    }
    return 0;
}

static int write_images(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    uint8_t rgb[M8_SCREEN_W * M8_SCREEN_H * 3];
    double max = 0;
    for (int i = 0; i < M8_SCREEN_W * M8_SCREEN_H; i++) max = fmax(max, p->heat[i]);
    for (int i = 0; i < M8_SCREEN_W * M8_SCREEN_H; i++)
        ramp(max > 0 ? p->heat[i] / max : 0, rgb + 3 * i);
    if (add_png(dir, "heatmap.png", rgb, 4, err, errsz) != 0) return -1;
    /* the sprite sheet as it is now (0x0000-0x1fff), base palette, for report thumbnails */
    const uint8_t *ram = p->vm->machine->ram;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) {
            uint8_t b = ram[y * 64 + x / 2];
            int c = x & 1 ? b >> 4 : b & 15;
            m8_palette_rgb(c, rgb + 3 * (y * 128 + x), rgb + 3 * (y * 128 + x) + 1,
                           rgb + 3 * (y * 128 + x) + 2);
        }
    return add_png(dir, "spritesheet.png", rgb, 1, err, errsz);
}

/* trace.json (profile_trace.c): _update and _draw slices per tick holding the slices of
 * the cart's functions and API calls, counters per displayed frame. */
static int write_trace(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    return m8_trace_write(p, dir, err, errsz);
}

/* stacks.folded and functions.csv, with the Lua cycles run since the last instruction seen
 * (the end of the last _draw) on that instruction's stack, so they add up to the run's. */
static int write_stacks(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    uint64_t now = p->detached ? p->seen_lua : m8_vm_lua_cycles(p->vm);
    uint64_t pending = now >= p->seen_lua ? now - p->seen_lua : 0;
    return m8_stacks_write(&p->stacks, &p->vm->machine->cart, p->seen_stack, pending, dir, err,
                           errsz);
}

/* draws.csv and draw_sites.csv: cycles per displayed frame, advice for draws and sites
 * above a share of the run's cycles (the ticks' and the boot's). */
static int write_draws(const mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    double run = (double)(p->boot_lua + p->boot_system);
    for (size_t i = 0; i < p->nticks; i++) {
        const m8_cost_tick *t = &p->ticks[i].cost;
        run += (double)(t->update_lua + t->update_system + t->draw_lua + t->draw_system);
    }
    return m8_draws_write(&p->draws, &p->stacks, &p->vm->machine->cart, (double)p->nframes, run,
                          dir, err, errsz);
}

int mote8_profiler_write(const mote8_profiler *p, const char *dir, char *err, size_t errsz)
{
    m8_profile_files files = { 0 };
    int rc = -1;
    if (write_frames(p, &files, err, errsz) || write_ticks(p, &files, err, errsz) ||
        write_callsites(p, &files, err, errsz) || write_apis(p, &files, err, errsz) ||
        write_sprites(p, &files, err, errsz) || write_summary(p, &files, err, errsz) ||
        write_images(p, &files, err, errsz) || write_trace(p, &files, err, errsz) ||
        write_stacks(p, &files, err, errsz) || write_draws(p, &files, err, errsz) ||
        m8_profile_report_build(&files, NULL, err, errsz))
        goto done;
    rc = m8_profile_files_store(&files, &p->vm->config.platform, dir, err, errsz);
done:
    m8_profile_files_free(&files);
    return rc;
}
