/* pxa_search.c - the slow, thorough parse of the PXA encoder: a forward beam search whose
 * partial parses carry their own move-to-front tables, so every literal is priced exactly.
 * The backward dynamic programming of pxa.c has to price literals from the tables of an
 * earlier parse; since a literal's cost depends on every literal sent before it, that parse
 * settles about 0.3% above what this search finds. Used for code whose normal encoding is
 * just over the size of a cart's code region.
 * Depends on: pxa_parse.h, libc. */
#include "pxa_parse.h"

#include <stdlib.h>
#include <string.h>

#define RING 1024                  /* positions ahead whose arrivals are held; matches stay shorter */

/* A way to reach a position, waiting for the search to get there. */
typedef struct arrival {
    uint32_t cost;                 /* bits so far */
    uint32_t rank;                 /* cost plus the look-ahead estimate; lower is kept first */
    int32_t parent;                /* node of the partial parse it extends; -1 at the start */
    int32_t table_id;              /* names its move-to-front table (for merging equal ones) */
    uint32_t len, offset;          /* the step taken; offset 0 is a literal */
    uint16_t parent_slot;          /* the parent's place in its position's beam */
    uint16_t built;                /* where its table was built while ranking */
} arrival;

/* A kept partial parse, for reading the winner back. */
typedef struct node {
    int32_t parent;
    uint32_t start, len, offset;
} node;

typedef struct beam {
    int width, cap;                /* parses kept per position, arrivals held per position */
    arrival *pending;              /* RING x cap */
    int *npending;                 /* RING */
    uint8_t *tables;               /* RING x width x 256: the kept parses' tables */
    uint32_t *cost;                /* RING x width */
    int32_t *node_of, *table_of;   /* RING x width */
    uint8_t *built;                /* cap x 256: tables of the arrivals being ranked */
    node *nodes;
    size_t nnodes;
} beam;

/* Hold an arrival: one with the same table as a held one replaces it if cheaper; else it takes
 * a free place or the place of the worst-ranked held arrival it beats. */
static void hold(beam *b, size_t pos, arrival a)
{
    size_t slot = pos % RING;
    arrival *list = b->pending + slot * (size_t)b->cap;
    int *count = &b->npending[slot], worst = -1;
    for (int k = 0; k < *count; k++) {
        if (list[k].table_id == a.table_id) {
            if (a.rank < list[k].rank) list[k] = a;
            return;
        }
        if (worst < 0 || list[k].rank > list[worst].rank) worst = k;
    }
    if (*count < b->cap) list[(*count)++] = a;
    else if (a.rank < list[worst].rank) list[worst] = a;
}

/* A total order, so the result never depends on the sort's handling of ties. */
static int arrival_order(const void *pa, const void *pb)
{
    const arrival *x = pa, *y = pb;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    if (x->cost != y->cost) return x->cost < y->cost ? -1 : 1;
    if (x->len != y->len) return x->len > y->len ? -1 : 1;
    if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
    if (x->parent != y->parent) return x->parent < y->parent ? -1 : 1;
    return (x->parent_slot > y->parent_slot) - (x->parent_slot < y->parent_slot);
}

/* Bits the reference parse's literals in [pos, pos + lookahead) cost from table t. lits holds
 * the reference's literal positions in order, first the index of the first one >= pos. */
static uint32_t lookahead_bits(const uint8_t *s, const uint8_t *t, const uint32_t *lits,
                               size_t nlits, size_t first, size_t end)
{
    uint8_t mtf[256];
    memcpy(mtf, t, sizeof mtf);
    uint32_t bits = 0;
    for (size_t k = first; k < nlits && lits[k] < end; k++) {
        unsigned idx = m8_pxa_mtf_index(mtf, s[lits[k]]);
        bits += (uint32_t)m8_pxa_literal_bits(idx);
        memmove(mtf + 1, mtf, idx);
        mtf[0] = s[lits[k]];
    }
    return bits;
}

static void beam_free(beam *b)
{
    free(b->pending);
    free(b->npending);
    free(b->tables);
    free(b->cost);
    free(b->node_of);
    free(b->table_of);
    free(b->built);
    free(b->nodes);
}

static int beam_alloc(beam *b, size_t n, int width)
{
    memset(b, 0, sizeof *b);
    b->width = width;
    b->cap = 2 * width;
    size_t kept = (size_t)RING * (size_t)width;
    b->pending = malloc((size_t)RING * (size_t)b->cap * sizeof *b->pending);
    b->npending = calloc(RING, sizeof *b->npending);
    b->tables = malloc(kept * 256);
    b->cost = malloc(kept * sizeof *b->cost);
    b->node_of = malloc(kept * sizeof *b->node_of);
    b->table_of = malloc(kept * sizeof *b->table_of);
    b->built = malloc((size_t)b->cap * 256);
    b->nodes = malloc((n + 1) * (size_t)width * sizeof *b->nodes);
    return b->pending && b->npending && b->tables && b->cost && b->node_of && b->table_of &&
           b->built && b->nodes;
}

/* Reference literal positions in order, and for each position the index of the first at or
 * after it. */
static int reference_literals(const uint8_t *ref, size_t n, uint32_t **lits, size_t *nlits,
                              uint32_t **first)
{
    *lits = malloc((n + 1) * sizeof **lits);
    *first = malloc((n + 1) * sizeof **first);
    if (!*lits || !*first) return 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (ref[i]) (*lits)[k++] = (uint32_t)i;
    *nlits = k;
    for (size_t i = n + 1, j = k; i-- > 0;) {
        while (j > 0 && (*lits)[j - 1] >= i) j--;
        (*first)[i] = (uint32_t)j;
    }
    return 1;
}

/* Build the tables of the arrivals waiting at pos, rank them, keep the best `width` with
 * distinct tables as nodes. Returns how many were kept. */
static int settle(beam *b, const uint8_t *s, size_t pos, const uint32_t *lits,
                  size_t nlits, const uint32_t *first, int lookahead)
{
    size_t slot = pos % RING;
    arrival *list = b->pending + slot * (size_t)b->cap;
    int count = b->npending[slot];
    for (int a = 0; a < count; a++) {
        uint8_t *t = b->built + (size_t)a * 256;
        if (list[a].parent < 0) {
            for (int c = 0; c < 256; c++) t[c] = (uint8_t)c;
        } else {
            size_t from = ((pos - list[a].len) % RING * (size_t)b->width + list[a].parent_slot) * 256;
            memcpy(t, b->tables + from, 256);
            if (list[a].offset == 0) m8_pxa_mtf_take(t, s[pos - 1]);
        }
        list[a].built = (uint16_t)a;
        list[a].rank = list[a].cost;
        if (lits && lookahead > 0)
            list[a].rank += lookahead_bits(s, t, lits, nlits, first[pos], pos + (size_t)lookahead);
    }
    qsort(list, (size_t)count, sizeof *list, arrival_order);
    int kept = 0;
    for (int a = 0; a < count && kept < b->width; a++) {
        size_t at = slot * (size_t)b->width + (size_t)kept;
        uint8_t *t = b->tables + at * 256;
        memcpy(t, b->built + (size_t)list[a].built * 256, 256);
        int same = 0;
        for (int k = 0; k < kept && !same; k++)
            same = memcmp(t, b->tables + (slot * (size_t)b->width + (size_t)k) * 256, 256) == 0;
        if (same) continue;                 /* an equal table reached here more cheaply */
        int32_t id = (int32_t)b->nnodes++;
        b->nodes[id] = (node){ list[a].parent, (uint32_t)(pos - list[a].len), list[a].len, list[a].offset };
        b->cost[at] = list[a].cost;
        b->node_of[at] = id;
        b->table_of[at] = list[a].offset == 0 ? id : list[a].table_id;
        kept++;
    }
    b->npending[slot] = 0;
    return kept;
}

/* From each parse kept at pos: a literal, and every match length of every candidate. */
static void expand(beam *b, const uint8_t *s, size_t pos, int kept, const m8_pxa_match *cands,
                   const uint8_t *ncand)
{
    size_t slot = pos % RING;
    for (int k = 0; k < kept; k++) {
        size_t at = slot * (size_t)b->width + (size_t)k;
        const uint8_t *t = b->tables + at * 256;
        uint32_t c0 = b->cost[at];
        int32_t parent = b->node_of[at];
        uint32_t lit = c0 + (uint32_t)m8_pxa_literal_bits(m8_pxa_mtf_index(t, s[pos]));
        hold(b, pos + 1, (arrival){ lit, lit, parent, -2 - parent, 1, 0, (uint16_t)k, 0 });
        size_t shorter = 2;
        for (int q = 0; q < ncand[pos]; q++) {
            const m8_pxa_match *mc = &cands[pos * M8_PXA_MAX_CANDIDATES + (size_t)q];
            size_t hi = mc->len < RING - 1 ? mc->len : RING - 1;
            for (size_t l = shorter + 1; l <= hi; l++) {
                if (l > M8_PXA_FULL_LENGTHS && l < hi) l = hi;
                uint32_t c = c0 + (uint32_t)m8_pxa_match_bits(mc->offset, l);
                hold(b, pos + l, (arrival){ c, c, parent, b->table_of[at], (uint32_t)l,
                                            (uint32_t)mc->offset, (uint16_t)k, 0 });
            }
            if (hi > shorter) shorter = hi;
        }
    }
}

int m8_pxa_beam_parse(const uint8_t *s, size_t n, const m8_pxa_match *cands, const uint8_t *ncand,
                      int width, const uint8_t *ref_literal, int lookahead, m8_pxa_step *steps)
{
    if (width < 1) width = 1;
    beam b;
    uint32_t *lits = NULL, *first = NULL;
    size_t nlits = 0;
    int ok = beam_alloc(&b, n, width);
    if (ok && ref_literal) ok = reference_literals(ref_literal, n, &lits, &nlits, &first);
    int32_t winner = -1;
    if (ok) {
        b.pending[0] = (arrival){ 0, 0, -1, 0, 0, 0, 0, 0 };
        b.npending[0] = 1;
        for (size_t pos = 0;; pos++) {
            int kept = settle(&b, s, pos, lits, nlits, first, lookahead);
            if (pos == n) {
                winner = kept ? b.node_of[(pos % RING) * (size_t)width] : -1;
                break;
            }
            expand(&b, s, pos, kept, cands, ncand);
        }
    }
    if (winner < 0) ok = 0;
    for (int32_t v = winner; ok && b.nodes[v].parent >= 0; v = b.nodes[v].parent)
        steps[b.nodes[v].start] = (m8_pxa_step){ b.nodes[v].len, b.nodes[v].offset };
    beam_free(&b);
    free(lits);
    free(first);
    return ok;
}
