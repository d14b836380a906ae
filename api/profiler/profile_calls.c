/* profile_calls.c - calls of the cart's Lua functions per caller frame (profile_calls.h).
 *
 * The call hook runs for every call, C functions included: one lua_getinfo "S" tells the
 * cart's functions apart (source "=cart"); for those, the stack is walked up to the nearest
 * frame of the cart's code (C frames such as foreach are skipped, as in the stacks) and the
 * (caller frame, callee) pair is counted in a hash table. A tail call counts as a call; its
 * caller is the frame under the function it replaced, as the stacks show it.
 * Depends on: profile_calls.h, Lua. */
#include <stdlib.h>
#include <string.h>
#include "profile_calls.h"

static int is_cart_source(const char *source, const char **cart_source)
{
    if (!source) return 0;
    if (source != *cart_source) {
        if (strcmp(source, "=cart") != 0) return 0;
        *cart_source = source;   /* interned: later records share the pointer */
    }
    return 1;
}

static uint64_t hash_key(const int32_t k[5])
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 5; i++) {
        h ^= (uint32_t)k[i];
        h *= 1099511628211ull;
    }
    return h;
}

static int same_key(const m8_call_edge *e, const int32_t k[5])
{
    return e->caller_first == k[0] && e->caller_last == k[1] && e->caller_line == k[2] &&
           e->callee_first == k[3] && e->callee_last == k[4];
}

static void key_of(const m8_call_edge *e, int32_t k[5])
{
    k[0] = e->caller_first;
    k[1] = e->caller_last;
    k[2] = e->caller_line;
    k[3] = e->callee_first;
    k[4] = e->callee_last;
}

/* The edge with key k: found, or added with 0 calls; NULL when out of memory. */
static m8_call_edge *edge(m8_call_counts *c, const int32_t k[5])
{
    if (c->nedges * 2 >= c->nslots) {              /* keep the table at most half full */
        size_t nslots = c->nslots ? c->nslots * 2 : 256;
        int *slots = calloc(nslots, sizeof *slots);
        if (!slots) return NULL;
        for (size_t i = 0; i < c->nedges; i++) {
            int32_t ek[5];
            key_of(&c->edges[i], ek);
            size_t at = hash_key(ek) & (nslots - 1);
            while (slots[at]) at = (at + 1) & (nslots - 1);
            slots[at] = (int)i + 1;
        }
        free(c->slots);
        c->slots = slots;
        c->nslots = nslots;
    }
    size_t at = hash_key(k) & (c->nslots - 1);
    for (; c->slots[at]; at = (at + 1) & (c->nslots - 1))
        if (same_key(&c->edges[c->slots[at] - 1], k)) return &c->edges[c->slots[at] - 1];
    if (c->nedges == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 128;
        m8_call_edge *p = realloc(c->edges, cap * sizeof *p);
        if (!p) return NULL;
        c->edges = p;
        c->cap = cap;
    }
    c->edges[c->nedges] = (m8_call_edge){ k[0], k[1], k[2], k[3], k[4], 0 };
    c->slots[at] = (int)c->nedges + 1;
    return &c->edges[c->nedges++];
}

int m8_call_counts_add(m8_call_counts *c, lua_State *L, lua_Debug *ar, const char **cart_source,
                       int nlines)
{
    if (!lua_getinfo(L, "S", ar) || !is_cart_source(ar->source, cart_source)) return 0;
    int32_t k[5] = { M8_CALLER_NONE, 0, 0, ar->linedefined, ar->lastlinedefined };
    lua_Debug up;
    for (int lv = 1; lua_getstack(L, lv, &up); lv++) {
        if (!lua_getinfo(L, "Sl", &up) || !is_cart_source(up.source, cart_source)) continue;
        k[0] = up.linedefined;
        k[1] = up.lastlinedefined;
        k[2] = up.currentline > 0 && up.currentline <= nlines ? up.currentline : 0;
        break;
    }
    m8_call_edge *e = edge(c, k);
    if (!e) return -1;
    e->calls++;
    return 1;
}

uint64_t m8_call_counts_get(const m8_call_counts *c, int32_t caller_first, int32_t caller_last,
                            int32_t caller_line, int32_t callee_first, int32_t callee_last)
{
    if (!c->nslots) return 0;
    int32_t k[5] = { caller_first, caller_last, caller_line, callee_first, callee_last };
    for (size_t at = hash_key(k) & (c->nslots - 1); c->slots[at]; at = (at + 1) & (c->nslots - 1))
        if (same_key(&c->edges[c->slots[at] - 1], k)) return c->edges[c->slots[at] - 1].calls;
    return 0;
}

void m8_call_counts_free(m8_call_counts *c)
{
    free(c->edges);
    free(c->slots);
    memset(c, 0, sizeof *c);
}
