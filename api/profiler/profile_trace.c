/* profile_trace.c - per-call slices and trace.json (profile_trace.h).
 *
 * Slices follow the stacks the profiler already interns: at each instruction observed at
 * another place, the new stack is compared with the frames open now, frame by frame from
 * the root (same function, and below the leaf the same line: a caller at another line has
 * called again); frames past the common part end and the new ones start. The call hook
 * marks a new activation, so a function called again with nothing of the cart's code
 * running in between (foreach) starts a new slice. trace.json is written in the Chrome
 * Trace Event format with B/E events in order, so slices nest by construction: per tick,
 * an _update and a _draw slice (as before: tick k at k/fps s, cycles at 8 MHz, in whole
 * nanoseconds) holding the cart's functions and API calls at their cycle position.
 * Depends on: profile_trace.h, profiler_internal.h, runtime/core/cart.h, libc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"
#include "profile_trace.h"
#include "profiler_internal.h"

static void record(m8_trace *t, const m8_stacks *s, int32_t fn, uint64_t start, uint64_t end,
                   int depth)
{
    if (fn < 0 || (size_t)fn >= s->nfns) return;
    int32_t first = s->fns[fn].first;
    if (first < 0 && first != M8_FRAME_API) return;    /* frames standing for none */
    if (end < start + M8_TRACE_MIN_CYCLES) return;
    if (t->nslices >= M8_TRACE_MAX_SLICES) {
        t->dropped++;
        return;
    }
    if (t->nslices == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        m8_trace_slice *p = realloc(t->slices, cap * sizeof *p);
        if (!p) {
            t->dropped++;
            return;
        }
        t->slices = p;
        t->cap = cap;
    }
    t->slices[t->nslices++] = (m8_trace_slice){ start, end, 0, fn, depth };
}

/* The frames fr[0 .. n) run from `pos`. */
static void sync(m8_trace *t, const m8_stacks *s, const m8_stack_frame *fr, int n, uint64_t pos,
                 int new_activation)
{
    int common = 0;
    while (common < n && common < t->nopen && t->open_fn[common] == fr[common].fn) {
        int moved = t->open_line[common] != fr[common].line;
        t->open_line[common] = fr[common].line;
        common++;
        if (moved) break;                   /* the frames it called before are over */
    }
    if (new_activation && common == n && n > 0) common = n - 1;
    for (int d = t->nopen - 1; d >= common; d--) record(t, s, t->open_fn[d], t->open_start[d], pos, d);
    for (int d = common; d < n; d++) {
        t->open_fn[d] = fr[d].fn;
        t->open_line[d] = fr[d].line;
        t->open_start[d] = pos;
    }
    t->nopen = n;
}

void m8_trace_stack(m8_trace *t, const m8_stacks *s, int stack, uint64_t pos, int new_activation)
{
    if (stack < 0 || (size_t)stack >= s->nstacks) return;
    const m8_stack *st = &s->stacks[stack];
    sync(t, s, s->frames + st->at, st->n, pos, new_activation);
}

void m8_trace_api(m8_trace *t, const m8_stacks *s, int stack, uint64_t start, uint64_t end)
{
    if (stack < 0 || (size_t)stack >= s->nstacks) return;
    const m8_stack *st = &s->stacks[stack];
    if (st->n < 1) return;
    sync(t, s, s->frames + st->at, st->n - 1, start, 0);
    record(t, s, s->frames[st->at + st->n - 1].fn, start, end, st->n - 1);
}

void m8_trace_tick(m8_trace *t, const m8_stacks *s, uint64_t tick, uint64_t pos, uint64_t cycles)
{
    for (int d = t->nopen - 1; d >= 0; d--) record(t, s, t->open_fn[d], t->open_start[d], pos, d);
    t->nopen = 0;
    uint64_t start = pos >= cycles ? pos - cycles : 0;
    size_t keep = t->placed;
    for (size_t i = t->placed; i < t->nslices; i++) {
        m8_trace_slice sl = t->slices[i];
        if (sl.end <= start) continue;      /* before the tick (the boot) */
        uint64_t a = (sl.start > start ? sl.start : start) - start;
        uint64_t b = (sl.end < pos ? sl.end : pos) - start;
        if (b <= a) continue;
        t->slices[keep++] = (m8_trace_slice){ a, b, tick, sl.fn, sl.depth };
    }
    t->nslices = t->placed = keep;
}

void m8_trace_free(m8_trace *t)
{
    free(t->slices);
    memset(t, 0, sizeof *t);
}

/* ---------------------------------------------------------------- writer --- */

static int by_tick_start_depth(const void *a, const void *b)
{
    const m8_trace_slice *x = a, *y = b;
    if (x->tick != y->tick) return x->tick < y->tick ? -1 : 1;
    if (x->start != y->start) return x->start < y->start ? -1 : 1;
    if (x->depth != y->depth) return x->depth < y->depth ? -1 : 1;
    return x->end > y->end ? -1 : x->end < y->end;
}

/* Whole nanoseconds, written as microseconds with three decimals. */
static void put_ts(FILE *f, uint64_t ns)
{
    fprintf(f, "%llu.%03llu", (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
}

static void put_json_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 32) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
}

static void put_location(FILE *f, const m8_cart *cart, int code_line)
{
    int tab = 0, tab_line = code_line;
    if (code_line > 0) m8_cart_code_location(cart, code_line, &tab, &tab_line);
    fprintf(f, "%d:%d", tab, tab_line);
}

typedef struct emitter {
    FILE *f;
    uint64_t base_ns;           /* the tick's start */
    uint64_t ends[M8_STACK_DEPTH + 8];
    int n;
} emitter;

static uint64_t ns_of(const emitter *e, uint64_t cycles)
{
    return e->base_ns + cycles * 1000000000ull / M8_CPU_HZ;
}

static void end_until(emitter *e, uint64_t at)
{
    while (e->n > 0 && e->ends[e->n - 1] <= at) {
        fputs(",\n{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":", e->f);
        put_ts(e->f, ns_of(e, e->ends[--e->n]));
        fputc('}', e->f);
    }
}

/* Opens a slice [start, end) inside the open ones (cut to the innermost); 0 when it cannot
 * nest (nothing open, or too deep), so the caller writes nothing for it. */
static int begin(emitter *e, uint64_t start, uint64_t *end, int outer)
{
    end_until(e, start);
    if (!outer && e->n == 0) return 0;
    if (e->n > 0 && *end > e->ends[e->n - 1]) *end = e->ends[e->n - 1];
    if (*end <= start || e->n == (int)(sizeof e->ends / sizeof e->ends[0])) return 0;
    e->ends[e->n++] = *end;
    fputs(",\n{", e->f);
    return 1;
}

static void slice_event(emitter *e, const m8_stacks *s, const m8_cart *cart,
                        const m8_trace_slice *sl)
{
    uint64_t end = sl->end;
    if (!begin(e, sl->start, &end, 0)) return;
    const m8_stack_fn *fn = &s->fns[sl->fn];
    FILE *f = e->f;
    int line;
    fputs("\"name\":\"", f);
    if (sscanf(fn->name, "function@%d", &line) == 1) {
        fputs("function@", f);
        put_location(f, cart, line);
    } else {
        put_json_text(f, fn->name);
    }
    fprintf(f, "\",\"cat\":\"%s\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":",
            fn->first == M8_FRAME_API ? "api" : "lua");
    put_ts(f, ns_of(e, sl->start));
    fprintf(f, ",\"args\":{\"cycles\":%llu", (unsigned long long)(end - sl->start));
    if (fn->first > 0) {
        fputs(",\"defined_at\":\"", f);
        put_location(f, cart, fn->first);
        fputc('"', f);
    }
    fputs("}}", f);
}

int m8_trace_write(const struct mote8_profiler *p, m8_profile_files *dir, char *err, size_t errsz)
{
    const m8_trace *t = &p->trace;
    m8_trace_slice *sorted = malloc((t->placed + 1) * sizeof *sorted);
    FILE *f = sorted ? m8_profile_file_create(dir, "trace.json", err, errsz) : NULL;
    if (!f) {
        if (!sorted) snprintf(err, errsz, "out of memory");
        free(sorted);
        return -1;
    }
    if (t->placed) memcpy(sorted, t->slices, t->placed * sizeof *sorted);
    qsort(sorted, t->placed, sizeof *sorted, by_tick_start_depth);
    const m8_cart *cart = &p->vm->machine->cart;
    fprintf(f, "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"clock\":\"virtual 8 MHz CPU\","
               "\"slices\":\"the cart's functions and API calls of at least %d cycles, at most "
               "%d slices\",\"slices_left_out\":%llu},\"traceEvents\":[\n",
            M8_TRACE_MIN_CYCLES, M8_TRACE_MAX_SLICES, (unsigned long long)t->dropped);
    fputs("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":\"mote8 ", f);
    put_json_text(f, p->vm->cart_name);
    fputs("\"}},\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"cart\"}}", f);
    size_t j = 0;
    for (size_t i = 0; i < p->nticks; i++) {
        const m8_prof_tick *tk = &p->ticks[i];
        emitter e = { f, tk->tick * 1000000000ull / (uint64_t)p->fps, { 0 }, 0 };
        uint64_t ud = tk->cost.update_lua + tk->cost.update_system;
        uint64_t dd = tk->cost.draw_lua + tk->cost.draw_system;
        uint64_t end = ud;
        while (j < t->placed && sorted[j].tick < tk->tick) j++;
        if (begin(&e, 0, &end, 1))
            fprintf(f, "\"name\":\"_update\",\"cat\":\"tick\",\"ph\":\"B\",\"pid\":1,\"tid\":1,"
                       "\"ts\":%llu.%03llu,\"args\":{\"tick\":%llu,\"lua\":%llu,\"system\":%llu}}",
                    (unsigned long long)(e.base_ns / 1000), (unsigned long long)(e.base_ns % 1000),
                    (unsigned long long)tk->tick,
                    (unsigned long long)tk->cost.update_lua, (unsigned long long)tk->cost.update_system);
        int draw_open = 0;
        for (; j < t->placed && sorted[j].tick == tk->tick; j++) {
            if (tk->cost.drew && !draw_open && sorted[j].start >= ud) {
                end = ud + dd;
                draw_open = 1;
                if (begin(&e, ud, &end, 1)) {
                    fputs("\"name\":\"_draw\",\"cat\":\"tick\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":", f);
                    put_ts(f, ns_of(&e, ud));
                    fprintf(f, ",\"args\":{\"frame\":%ld,\"lua\":%llu,\"system\":%llu}}", tk->frame,
                            (unsigned long long)tk->cost.draw_lua,
                            (unsigned long long)tk->cost.draw_system);
                }
            }
            slice_event(&e, &p->stacks, cart, &sorted[j]);
        }
        if (tk->cost.drew && !draw_open) {
            end = ud + dd;
            if (begin(&e, ud, &end, 1)) {
                fputs("\"name\":\"_draw\",\"cat\":\"tick\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":", f);
                put_ts(f, ns_of(&e, ud));
                fprintf(f, ",\"args\":{\"frame\":%ld,\"lua\":%llu,\"system\":%llu}}", tk->frame,
                        (unsigned long long)tk->cost.draw_lua, (unsigned long long)tk->cost.draw_system);
            }
        }
        end_until(&e, UINT64_MAX);
    }
    for (size_t i = 0; i < p->nframes; i++) {
        const m8_prof_frame *fr = &p->frames[i];
        uint64_t ns = (fr->tick + 1) * 1000000000ull / (uint64_t)p->fps;
        fputs(",\n{\"name\":\"cycles\",\"ph\":\"C\",\"pid\":1,\"ts\":", f);
        put_ts(f, ns);
        fprintf(f, ",\"args\":{\"lua\":%llu,\"system\":%llu}}", (unsigned long long)fr->cost.lua,
                (unsigned long long)fr->cost.system);
        fputs(",\n{\"name\":\"cpu\",\"ph\":\"C\",\"pid\":1,\"ts\":", f);
        put_ts(f, ns);
        fprintf(f, ",\"args\":{\"stat1\":%.4f}}", (double)(fr->cost.lua + fr->cost.system) / (double)fr->budget);
        if (fr->cost.dropped) {
            fputs(",\n{\"name\":\"frame rate halved\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":1,\"ts\":", f);
            put_ts(f, ns);
            fputc('}', f);
        }
    }
    fputs("\n]}\n", f);
    free(sorted);
    if (fclose(f) != 0) {
        snprintf(err, errsz, "trace.json: cannot be written");
        return -1;
    }
    return 0;
}
