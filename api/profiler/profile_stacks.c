/* profile_stacks.c - the profiler's Lua call stacks (profile_stacks.h).
 *
 * Each event (an instruction, an API call) walks the Lua stack once with lua_getstack /
 * lua_getinfo "Sl", keeps the frames of the cart's code (source "=cart": bios and C
 * functions are left out) as (lines the function was defined on, line it is at), root first,
 * and finds that sequence in a hash table; only a stack seen for the first time costs more
 * (its functions' names, lua_getinfo "n"). Writes stacks.folded, functions.csv (with the
 * call counts of profile_calls.c) and calls.csv (each adjacent pair of frames of a stack is a
 * caller -> callee at the caller frame's line).
 * Depends on: profile_stacks.h, profile_calls.h, profile_files.h, api/api_registry.h, runtime/core/cart.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

#include "api_registry.h"
#include "cart.h"
#include "profile_stacks.h"

static uint64_t hash_frames(const m8_stack_frame *f, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) {
        int32_t v[3] = { f[i].first, f[i].last, f[i].line };
        for (int k = 0; k < 3; k++) {
            h ^= (uint32_t)v[k];
            h *= 1099511628211ull;
        }
    }
    return h;
}

static int same_frames(const m8_stack_frame *a, const m8_stack_frame *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i].first != b[i].first || a[i].last != b[i].last || a[i].line != b[i].line) return 0;
    return 1;
}

/* The code line of a record filled by lua_getinfo "S" or "l", 0 if not the cart's code. */
static int is_cart(m8_stacks *s, const lua_Debug *ar)
{
    if (!ar->source) return 0;
    if (ar->source != s->cart_source) {
        if (strcmp(ar->source, "=cart") != 0) return 0;
        s->cart_source = ar->source;   /* interned: later records share the pointer */
    }
    return 1;
}

static int find_fn(const m8_stacks *s, int32_t first, int32_t last)
{
    for (size_t i = 0; i < s->nfns; i++)
        if (s->fns[i].first == first && s->fns[i].last == last) return (int)i;
    return -1;
}

static int add_fn(m8_stacks *s, int32_t first, int32_t last, const char *name)
{
    if (s->nfns == s->fns_cap) {
        size_t cap = s->fns_cap ? s->fns_cap * 2 : 64;
        m8_stack_fn *p = realloc(s->fns, cap * sizeof *p);
        if (!p) return -1;
        s->fns = p;
        s->fns_cap = cap;
    }
    char *copy = strdup(name);
    if (!copy) return -1;
    s->fns[s->nfns] = (m8_stack_fn){ first, last, copy };
    return (int)s->nfns++;
}

/* The name of a global whose value is the function at the top of L's stack, NULL if none
 * (raw lookups, no metamethod; run once per function, when first seen). */
static const char *global_name(const m8_stacks *s, lua_State *L, char *buf, size_t size)
{
    const char *found = NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->env_ref);
    if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {             /* function, globals, key, value */
            if (!found && lua_type(L, -2) == LUA_TSTRING && lua_rawequal(L, -1, -4)) {
                snprintf(buf, size, "%s", lua_tostring(L, -2));
                found = buf;
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return found;
}

/* The name of the cart function running at `level`: as its caller named it (lua_getinfo
 * "n"), else a global holding it (a callback, a function foreach calls), else
 * function@LINE of its definition (the writer makes LINE tab:line). */
static void frame_name(const m8_stacks *s, lua_State *L, int level, const m8_stack_frame *f,
                       char *buf, size_t size)
{
    lua_Debug ar;
    if (f->first == 0) {
        snprintf(buf, size, "(main chunk)");
        return;
    }
    if (lua_checkstack(L, 4) && lua_getstack(L, level, &ar) && lua_getinfo(L, "nf", &ar)) {
        const char *name = ar.name ? ar.name : global_name(s, L, buf, size);
        if (name && name != buf) snprintf(buf, size, "%s", name);
        lua_pop(L, 1);
        if (name && *buf) {
            for (char *c = buf; *c; c++)   /* the files' separators (and @) stay theirs */
                if (strchr(" ;,@\"\r\n\t", *c)) *c = '_';
            return;
        }
    }
    snprintf(buf, size, "function@%d", f->first);
}

static int intern(m8_stacks *s, lua_State *L, const m8_stack_frame *f, const int *levels, int n)
{
    if (s->nstacks * 2 >= s->nslots) {             /* keep the table at most half full */
        size_t nslots = s->nslots ? s->nslots * 2 : 1024;
        int *slots = calloc(nslots, sizeof *slots);
        if (!slots) return -1;
        for (size_t i = 0; i < s->nstacks; i++) {
            const m8_stack *st = &s->stacks[i];
            size_t at = hash_frames(s->frames + st->at, st->n) & (nslots - 1);
            while (slots[at]) at = (at + 1) & (nslots - 1);
            slots[at] = (int)i + 1;
        }
        free(s->slots);
        s->slots = slots;
        s->nslots = nslots;
    }
    size_t at = hash_frames(f, n) & (s->nslots - 1);
    for (; s->slots[at]; at = (at + 1) & (s->nslots - 1)) {
        const m8_stack *st = &s->stacks[s->slots[at] - 1];
        if (st->n == n && same_frames(s->frames + st->at, f, n)) return s->slots[at] - 1;
    }
    /* a new stack: store its frames and resolve its functions */
    if (s->nstacks == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        m8_stack *p = realloc(s->stacks, cap * sizeof *p);
        if (!p) return -1;
        s->stacks = p;
        s->cap = cap;
    }
    while (s->nframes + (size_t)n > s->frames_cap) {
        size_t cap = s->frames_cap ? s->frames_cap * 2 : 1024;
        m8_stack_frame *p = realloc(s->frames, cap * sizeof *p);
        if (!p) return -1;
        s->frames = p;
        s->frames_cap = cap;
    }
    m8_stack_frame *dst = s->frames + s->nframes;
    for (int i = 0; i < n; i++) {
        dst[i] = f[i];
        int fn = find_fn(s, f[i].first, f[i].last);
        if (fn < 0) {
            char name[96];
            if (f[i].first == M8_FRAME_API)
                snprintf(name, sizeof name, "%s", m8_api_rows[f[i].last].name);
            else if (f[i].first == M8_FRAME_CUT)
                snprintf(name, sizeof name, "(stack cut: deeper than %d frames)", M8_STACK_DEPTH);
            else if (f[i].first == M8_FRAME_OUTSIDE)
                snprintf(name, sizeof name, "(outside the cart)");
            else frame_name(s, L, levels[i], &f[i], name, sizeof name);
            fn = add_fn(s, f[i].first, f[i].last, name);
            if (fn < 0) return -1;
        }
        dst[i].fn = fn;
    }
    s->stacks[s->nstacks] = (m8_stack){ s->nframes, n, 0, 0 };
    s->nframes += (size_t)n;
    s->slots[at] = (int)s->nstacks + 1;
    return (int)s->nstacks++;
}

int m8_stacks_capture(m8_stacks *s, lua_State *L, int level, int api_row)
{
    m8_stack_frame leaf_first[M8_STACK_DEPTH + 2];   /* leaf first while walking */
    int levels[M8_STACK_DEPTH + 2];
    int n = 0, cut = 0;
    lua_Debug ar;
    for (int lv = level; L && lua_getstack(L, lv, &ar); lv++) {
        if (!lua_getinfo(L, "Sl", &ar) || !is_cart(s, &ar)) continue;
        if (n == M8_STACK_DEPTH) {          /* one more frame of the cart's: the stack is cut */
            cut = 1;
            break;
        }
        int line = ar.currentline > 0 && ar.currentline <= s->nlines ? ar.currentline : 0;
        leaf_first[n] = (m8_stack_frame){ ar.linedefined, ar.lastlinedefined, line, -1 };
        levels[n++] = lv;
    }
    m8_stack_frame f[M8_STACK_DEPTH + 3];
    int rlevels[M8_STACK_DEPTH + 3], k = 0;
    if (cut) f[k++] = (m8_stack_frame){ M8_FRAME_CUT, 0, 0, -1 };
    else if (n == 0) f[k++] = (m8_stack_frame){ M8_FRAME_OUTSIDE, 0, 0, -1 };
    for (int i = n - 1; i >= 0; i--) {
        rlevels[k] = levels[i];
        f[k++] = leaf_first[i];
    }
    if (api_row >= 0) f[k++] = (m8_stack_frame){ M8_FRAME_API, api_row, 0, -1 };
    return intern(s, L, f, rlevels, k);
}

void m8_stacks_free(m8_stacks *s)
{
    for (size_t i = 0; i < s->nfns; i++) free(s->fns[i].name);
    free(s->fns);
    free(s->stacks);
    free(s->slots);
    free(s->frames);
    m8_call_counts_free(&s->calls);
    memset(s, 0, sizeof *s);
}

/* ---------------------------------------------------------------- writers --- */

static void put_location(FILE *f, const m8_cart *cart, int code_line)
{
    int tab = 0, tab_line = code_line;
    if (code_line > 0) m8_cart_code_location(cart, code_line, &tab, &tab_line);
    fprintf(f, "%d:%d", tab, tab_line);
}

/* A function's name; function@LINE (code line) is written as function@tab:line. */
static void put_name(FILE *f, const m8_stack_fn *fn, const m8_cart *cart)
{
    int line;
    if (sscanf(fn->name, "function@%d", &line) == 1) {
        fputs("function@", f);
        put_location(f, cart, line);
    } else {
        fputs(fn->name, f);
    }
}

static uint64_t stack_cycles(const m8_stacks *s, size_t i, int pending_stack, uint64_t pending)
{
    return s->stacks[i].cycles + ((int)i == pending_stack ? pending : 0);
}

static int write_folded(const m8_stacks *s, const m8_cart *cart, int pending_stack,
                        uint64_t pending, m8_profile_files *dir, char *err, size_t errsz)
{
    FILE *f = m8_profile_file_create(dir, "stacks.folded", err, errsz);
    if (!f) return -1;
    for (size_t i = 0; i < s->nstacks; i++) {
        uint64_t cycles = stack_cycles(s, i, pending_stack, pending);
        if (!cycles) continue;
        const m8_stack *st = &s->stacks[i];
        for (int k = 0; k < st->n; k++) {
            const m8_stack_frame *fr = &s->frames[st->at + k];
            if (k) fputc(';', f);
            put_name(f, &s->fns[fr->fn], cart);
            if (fr->first >= 0) {           /* a frame of the cart's code: where it is */
                fputs(" (", f);
                put_location(f, cart, fr->line);
                fputc(')', f);
            }
        }
        fprintf(f, " %llu\n", (unsigned long long)cycles);
    }
    if (fclose(f) != 0) {
        snprintf(err, errsz, "stacks.folded: cannot be written");
        return -1;
    }
    return 0;
}

typedef struct fn_total {
    uint64_t inclusive, exclusive, calls;
    size_t last_stack;      /* + 1: the stack that last added to inclusive (recursion once) */
} fn_total;

static const fn_total *sort_totals;
static int by_inclusive_desc(const void *a, const void *b)
{
    const fn_total *x = &sort_totals[*(const int *)a], *y = &sort_totals[*(const int *)b];
    if (x->inclusive != y->inclusive) return x->inclusive < y->inclusive ? 1 : -1;
    if (x->exclusive != y->exclusive) return x->exclusive < y->exclusive ? 1 : -1;
    return *(const int *)a - *(const int *)b;
}

static int write_functions(const m8_stacks *s, const m8_cart *cart, int pending_stack,
                           uint64_t pending, m8_profile_files *dir, char *err, size_t errsz)
{
    fn_total *t = calloc(s->nfns + 1, sizeof *t);
    int *order = calloc(s->nfns + 1, sizeof *order);
    FILE *f = t && order ? m8_profile_file_create(dir, "functions.csv", err, errsz) : NULL;
    if (!f) {
        if (!t || !order) snprintf(err, errsz, "out of memory");
        free(t);
        free(order);
        return -1;
    }
    for (size_t i = 0; i < s->nstacks; i++) {
        const m8_stack *st = &s->stacks[i];
        uint64_t cycles = stack_cycles(s, i, pending_stack, pending);
        for (int k = 0; k < st->n; k++) {
            fn_total *ft = &t[s->frames[st->at + k].fn];
            if (ft->last_stack == i + 1) continue;   /* recursion: counted once per stack */
            ft->last_stack = i + 1;
            ft->inclusive += cycles;
        }
        fn_total *leaf = &t[s->frames[st->at + st->n - 1].fn];
        leaf->exclusive += cycles;
        leaf->calls += st->calls;
    }
    for (size_t i = 0; i < s->calls.nedges; i++) {   /* calls of the cart's functions */
        const m8_call_edge *e = &s->calls.edges[i];
        int fn = find_fn(s, e->callee_first, e->callee_last);
        if (fn >= 0) t[fn].calls += e->calls;
    }
    int n = 0;
    for (size_t i = 0; i < s->nfns; i++)
        if (t[i].inclusive) order[n++] = (int)i;
    sort_totals = t;
    qsort(order, (size_t)n, sizeof *order, by_inclusive_desc);
    fputs("function,defined_at,calls,inclusive_cycles,exclusive_cycles\n", f);
    for (int i = 0; i < n; i++) {
        const m8_stack_fn *fn = &s->fns[order[i]];
        put_name(f, fn, cart);
        fputc(',', f);
        if (fn->first == M8_FRAME_API) fputs("api", f);
        else if (fn->first > 0) put_location(f, cart, fn->first);
        fputc(',', f);
        if (fn->first >= 0 || fn->first == M8_FRAME_API)
            fprintf(f, "%llu", (unsigned long long)t[order[i]].calls);
        fprintf(f, ",%llu,%llu\n", (unsigned long long)t[order[i]].inclusive,
                (unsigned long long)t[order[i]].exclusive);
    }
    free(t);
    free(order);
    if (fclose(f) != 0) {
        snprintf(err, errsz, "functions.csv: cannot be written");
        return -1;
    }
    return 0;
}

/* One adjacent pair of frames of one stack: caller frame (function, line) -> callee. */
typedef struct call_pair {
    int caller, line, callee;           /* m8_stacks.fns indices; code line of the call */
    size_t stack;
} call_pair;

static int by_pair_then_stack(const void *a, const void *b)
{
    const call_pair *x = a, *y = b;
    if (x->caller != y->caller) return x->caller - y->caller;
    if (x->line != y->line) return x->line - y->line;
    if (x->callee != y->callee) return x->callee - y->callee;
    return x->stack < y->stack ? -1 : x->stack > y->stack;
}

typedef struct call_total {
    int caller, line, callee;
    uint64_t calls, inclusive;
} call_total;

static int by_total_inclusive_desc(const void *a, const void *b)
{
    const call_total *x = a, *y = b;
    if (x->inclusive != y->inclusive) return x->inclusive < y->inclusive ? 1 : -1;
    if (x->calls != y->calls) return x->calls < y->calls ? 1 : -1;
    return by_pair_then_stack(&(call_pair){ x->caller, x->line, x->callee, 0 },
                              &(call_pair){ y->caller, y->line, y->callee, 0 });
}

static void put_defined(FILE *f, const m8_stack_fn *fn, const m8_cart *cart)
{
    if (fn->first == M8_FRAME_API) fputs("api", f);
    else if (fn->first > 0) put_location(f, cart, fn->first);
}

/* calls.csv: per caller frame (function, line) and callee, the calls made there (Lua
 * callees: the call hook's count; API callees: the stacks' calls) and the cycles of the
 * stacks holding the pair (once per stack), most first. */
static int write_calls(const m8_stacks *s, const m8_cart *cart, int pending_stack,
                       uint64_t pending, m8_profile_files *dir, char *err, size_t errsz)
{
    size_t npairs = 0;
    for (size_t i = 0; i < s->nstacks; i++)
        if (s->stacks[i].n > 1) npairs += (size_t)s->stacks[i].n - 1;
    call_pair *pairs = malloc((npairs + 1) * sizeof *pairs);
    call_total *totals = malloc((npairs + 1) * sizeof *totals);
    FILE *f = pairs && totals ? m8_profile_file_create(dir, "calls.csv", err, errsz) : NULL;
    if (!f) {
        if (!pairs || !totals) snprintf(err, errsz, "out of memory");
        free(pairs);
        free(totals);
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < s->nstacks; i++) {
        const m8_stack *st = &s->stacks[i];
        if (!stack_cycles(s, i, pending_stack, pending) && !st->calls) continue;
        for (int k = 0; k + 1 < st->n; k++) {
            const m8_stack_frame *a = &s->frames[st->at + k], *b = a + 1;
            if (a->first < 0) continue;          /* a cut stack's root calls nothing */
            pairs[n++] = (call_pair){ a->fn, a->line, b->fn, i };
        }
    }
    qsort(pairs, n, sizeof *pairs, by_pair_then_stack);
    size_t ntotals = 0;
    for (size_t i = 0; i < n; i++) {
        const call_pair *pr = &pairs[i];
        int same_pair = i > 0 && pr->caller == pairs[i - 1].caller && pr->line == pairs[i - 1].line &&
                        pr->callee == pairs[i - 1].callee;
        if (!same_pair) {
            const m8_stack_fn *caller = &s->fns[pr->caller], *callee = &s->fns[pr->callee];
            uint64_t calls = callee->first == M8_FRAME_API ? 0
                             : m8_call_counts_get(&s->calls, caller->first, caller->last, pr->line,
                                                  callee->first, callee->last);
            totals[ntotals++] = (call_total){ pr->caller, pr->line, pr->callee, calls, 0 };
        } else if (pr->stack == pairs[i - 1].stack) {
            continue;                            /* recursion: once per stack */
        }
        call_total *t = &totals[ntotals - 1];
        const m8_stack *st = &s->stacks[pr->stack];
        t->inclusive += stack_cycles(s, pr->stack, pending_stack, pending);
        if (s->fns[pr->callee].first == M8_FRAME_API) t->calls += st->calls;
    }
    qsort(totals, ntotals, sizeof *totals, by_total_inclusive_desc);
    fputs("caller,caller_defined_at,call_site,callee,callee_defined_at,calls,inclusive_cycles\n", f);
    for (size_t i = 0; i < ntotals; i++) {
        const call_total *t = &totals[i];
        const m8_stack_fn *caller = &s->fns[t->caller], *callee = &s->fns[t->callee];
        put_name(f, caller, cart);
        fputc(',', f);
        put_defined(f, caller, cart);
        fputc(',', f);
        put_location(f, cart, t->line);
        fputc(',', f);
        put_name(f, callee, cart);
        fputc(',', f);
        put_defined(f, callee, cart);
        fprintf(f, ",%llu,%llu\n", (unsigned long long)t->calls, (unsigned long long)t->inclusive);
    }
    free(pairs);
    free(totals);
    if (fclose(f) != 0) {
        snprintf(err, errsz, "calls.csv: cannot be written");
        return -1;
    }
    return 0;
}

int m8_stacks_write(const m8_stacks *s, const m8_cart *cart, int pending_stack, uint64_t pending,
                    m8_profile_files *dir, char *err, size_t errsz)
{
    if (write_folded(s, cart, pending_stack, pending, dir, err, errsz) != 0) return -1;
    if (write_functions(s, cart, pending_stack, pending, dir, err, errsz) != 0) return -1;
    return write_calls(s, cart, pending_stack, pending, dir, err, errsz);
}
