/* pxa.c - PXA code compression (reference 5.5): decoder and encoder.
 *
 * Stream: bits taken least-significant first from each byte, fields assembled LSB first.
 * 1 + unary(u) + (4+u) bits = literal, move-to-front index v + 16*(2^u-1); 0 + offset form
 * (11 -> 5 bits, 10 -> 10 bits, 0 -> 15 bits) + offset-1, then the length 3 + sum of 3-bit
 * groups while a group is 7. A 10-bit offset of 1 is a raw block of 8-bit characters ended
 * by a 0 byte. The encoder finds back references with hash chains over 3-byte prefixes in a
 * 32 KiB window. A first parse is greedy with one byte of lazy lookahead (short far matches
 * checked against the real move-to-front cost of the literals they replace); then rounds of
 * backward dynamic programming find the cheapest parse, pricing each literal by its
 * move-to-front index under the previous parse. When that stream is near or over a cart's
 * code region, two beam searches over real move-to-front tables follow (pxa_search.c). The
 * smallest stream is kept.
 * Depends on: pxa.h, pxa_parse.h, libc. */
#include "pxa.h"
#include "pxa_parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 32768              /* largest offset: a 15-bit field + 1 */
#define HASH_BITS 15
#define MAX_CHAIN 1024            /* candidates tried per position */
#define GOOD_ENOUGH 512           /* stop searching at a match this long */
#define EST_LITERAL_BITS 7        /* typical literal cost, for ranking candidates */

int m8_pxa_is_pxa(const uint8_t *in, size_t in_len)
{
    return in_len >= 4 && in[0] == 0 && in[1] == 'p' && in[2] == 'x' && in[3] == 'a';
}

/* ---------------------------------------------------------------- decoder --- */

typedef struct bit_reader {
    const uint8_t *p;
    size_t total_bits, pos;
    int truncated;
} bit_reader;

static unsigned read_bit(bit_reader *r)
{
    if (r->pos >= r->total_bits) {
        r->truncated = 1;
        return 0;
    }
    unsigned b = (r->p[r->pos >> 3] >> (r->pos & 7)) & 1u;
    r->pos++;
    return b;
}

static unsigned read_bits(bit_reader *r, int n)
{
    unsigned v = 0;
    for (int i = 0; i < n; i++) v |= read_bit(r) << i;
    return v;
}

char *m8_code_fail(char *out, char *err, size_t errsz, const char *fmt, ...)
{
    free(out);
    if (err && errsz) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsz, fmt, ap);
        va_end(ap);
    }
    return NULL;
}

char *m8_pxa_decompress(const uint8_t *in, size_t in_len, size_t *out_len, char *err,
                        size_t errsz)
{
    if (in_len < M8_PXA_HEADER_SIZE)
        return m8_code_fail(NULL, err, errsz, "PXA header truncated (%zu of 8 bytes)", in_len);
    if (!m8_pxa_is_pxa(in, in_len))
        return m8_code_fail(NULL, err, errsz, "not a PXA stream (no \\0pxa magic)");
    size_t want = (size_t)in[4] << 8 | in[5];
    size_t comp = (size_t)in[6] << 8 | in[7];
    if (comp < M8_PXA_HEADER_SIZE)
        return m8_code_fail(NULL, err, errsz, "PXA header gives a compressed size of %zu bytes, less than the header", comp);
    if (comp > in_len)
        return m8_code_fail(NULL, err, errsz, "PXA stream truncated: the header says %zu bytes, %zu are there", comp, in_len);
    char *out = malloc(want + 1);
    if (!out) return m8_code_fail(NULL, err, errsz, "out of memory");
    uint8_t mtf[256];
    for (int i = 0; i < 256; i++) mtf[i] = (uint8_t)i;
    bit_reader r = { in + M8_PXA_HEADER_SIZE, (comp - M8_PXA_HEADER_SIZE) * 8, 0, 0 };
    size_t n = 0;
    while (n < want) {
        if (read_bit(&r)) {
            int u = 0;
            while (read_bit(&r) && !r.truncated)
                if (++u > 4) break;
            unsigned idx = read_bits(&r, 4 + u) + 16u * ((1u << u) - 1u);
            if (r.truncated) break;
            if (idx > 255)
                return m8_code_fail(out, err, errsz, "PXA literal index %u out of range at output byte %zu", idx, n);
            uint8_t c = mtf[idx];
            memmove(mtf + 1, mtf, idx);
            mtf[0] = c;
            out[n++] = (char)c;
            continue;
        }
        int bits = read_bit(&r) ? (read_bit(&r) ? 5 : 10) : 15;
        size_t offset = read_bits(&r, bits) + 1;
        if (r.truncated) break;
        if (bits == 10 && offset == 1) {        /* raw block up to a 0 byte */
            for (;;) {
                unsigned c = read_bits(&r, 8);
                if (r.truncated || c == 0) break;
                if (n >= want)
                    return m8_code_fail(out, err, errsz, "PXA raw block runs past the stated length of %zu chars", want);
                out[n++] = (char)c;
            }
            if (r.truncated) break;
            continue;
        }
        size_t len = 3;
        unsigned part;
        do {
            part = read_bits(&r, 3);
            len += part;
        } while (part == 7 && !r.truncated);
        if (r.truncated) break;
        if (offset > n)
            return m8_code_fail(out, err, errsz, "PXA back reference %zu bytes back at output byte %zu", offset, n);
        if (len > want - n) len = want - n;     /* never write past the stated length */
        for (size_t i = 0; i < len; i++, n++) out[n] = out[n - offset];
    }
    if (r.truncated)
        return m8_code_fail(out, err, errsz, "PXA stream truncated: %zu bytes end after %zu of %zu chars", comp, n, want);
    out[n] = 0;
    if (out_len) *out_len = n;
    return out;
}

/* ---------------------------------------------------------------- encoder --- */

typedef struct bit_writer {
    uint8_t *p;
    size_t cap, bits;
    int failed;
} bit_writer;

static void put_bits(bit_writer *w, unsigned v, int n)
{
    for (int i = 0; i < n; i++) {
        if ((w->bits >> 3) >= w->cap) {
            size_t cap = w->cap * 2 + 64;
            uint8_t *p = realloc(w->p, cap);
            if (!p) { w->failed = 1; return; }
            memset(p + w->cap, 0, cap - w->cap);
            w->p = p;
            w->cap = cap;
        }
        if ((v >> i) & 1u) w->p[w->bits >> 3] |= (uint8_t)(1u << (w->bits & 7));
        w->bits++;
    }
}

static void put_literal(bit_writer *w, uint8_t *mtf, uint8_t c)
{
    unsigned idx = m8_pxa_mtf_index(mtf, c);
    int u = m8_pxa_literal_prefix(idx);
    put_bits(w, 1, 1);
    put_bits(w, (1u << u) - 1u, u);      /* u ones */
    put_bits(w, 0, 1);
    put_bits(w, idx - 16u * ((1u << u) - 1u), 4 + u);
    memmove(mtf + 1, mtf, idx);
    mtf[0] = c;
}

static void put_match(bit_writer *w, size_t offset, size_t len)
{
    int ob = m8_pxa_offset_bits(offset);
    put_bits(w, 0, 1);
    if (ob == 15) put_bits(w, 0, 1);
    else put_bits(w, ob == 5 ? 3u : 1u, 2);  /* first bit 1, then 1 -> 5 bits, 0 -> 10 bits */
    put_bits(w, (unsigned)(offset - 1), ob);
    size_t rem = len - 3;
    while (rem >= 7) {
        put_bits(w, 7, 3);
        rem -= 7;
    }
    put_bits(w, (unsigned)rem, 3);
}

/* The real cost in bits of sending `len` bytes as literals from move-to-front state mtf. */
static int literal_run_bits(const uint8_t *mtf_in, const uint8_t *s, size_t len)
{
    uint8_t mtf[256];
    memcpy(mtf, mtf_in, sizeof mtf);
    int bits = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned idx = m8_pxa_mtf_index(mtf, s[i]);
        bits += m8_pxa_literal_bits(idx);
        memmove(mtf + 1, mtf, idx);
        mtf[0] = s[i];
    }
    return bits;
}

typedef struct matcher {
    const uint8_t *s;
    size_t n;
    int32_t head[1 << HASH_BITS];
    int32_t *prev;             /* previous position with the same hash, per position */
    size_t inserted;           /* positions below this are in the chains */
} matcher;

static unsigned hash3(const uint8_t *p)
{
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
    return (v * 2654435761u) >> (32 - HASH_BITS);
}

static void insert_upto(matcher *m, size_t end)
{
    for (; m->inserted < end && m->inserted + 3 <= m->n; m->inserted++) {
        unsigned h = hash3(m->s + m->inserted);
        m->prev[m->inserted] = m->head[h];
        m->head[h] = (int32_t)m->inserted;
    }
    if (m->inserted < end) m->inserted = end;
}

typedef m8_pxa_match match;
typedef m8_pxa_step step;

static match find_match(matcher *m, size_t pos)
{
    match best = { 0, 0, 0 };
    if (pos + 3 > m->n) return best;
    insert_upto(m, pos);
    size_t limit = m->n - pos;
    int chain = 0;
    for (int32_t c = m->head[hash3(m->s + pos)]; c >= 0 && chain < MAX_CHAIN; c = m->prev[c], chain++) {
        size_t offset = pos - (size_t)c;
        if (offset > WINDOW) break;
        const uint8_t *a = m->s + c, *b = m->s + pos;
        if (best.len && (best.len >= limit || a[best.len] != b[best.len])) continue;
        size_t len = 0;
        while (len < limit && a[len] == b[len]) len++;
        if (len < 3) continue;
        int gain = (int)len * EST_LITERAL_BITS - m8_pxa_match_bits(offset, len);
        if (gain > best.gain || !best.len) {
            best.len = len;
            best.offset = offset;
            best.gain = gain;
        }
        if (len >= GOOD_ENOUGH) break;
    }
    return best;
}


/* Every useful back reference at pos: for increasing offsets, only those longer than all
 * nearer ones (a farther match must be longer to be worth its bigger offset field). */
static int find_candidates(matcher *m, size_t pos, match *out, int max)
{
    int n = 0;
    if (pos + 3 > m->n) return 0;
    insert_upto(m, pos);
    size_t limit = m->n - pos, best = 2;
    int chain = 0;
    for (int32_t c = m->head[hash3(m->s + pos)]; c >= 0 && chain < MAX_CHAIN; c = m->prev[c], chain++) {
        size_t offset = pos - (size_t)c;
        if (offset > WINDOW) break;
        const uint8_t *a = m->s + c, *b = m->s + pos;
        if (best >= limit || a[best] != b[best]) continue;
        size_t len = 0;
        while (len < limit && a[len] == b[len]) len++;
        if (len <= best) continue;
        best = len;
        if (n < max) out[n++] = (match){ len, offset, 0 };
        else out[n - 1] = (match){ len, offset, 0 };
        if (len >= GOOD_ENOUGH) break;
    }
    return n;
}

/* A match of length 3 (or 4) can cost more than the literals it replaces when the offset is
 * far and the characters are near the front of the move-to-front table. */
static int worth_it(const match *mt, const uint8_t *mtf, const uint8_t *s)
{
    if (!mt->len) return 0;
    if (mt->len > 4) return 1;
    return m8_pxa_match_bits(mt->offset, mt->len) < literal_run_bits(mtf, s, mt->len);
}

/* Greedy parse with one byte of lazy lookahead; steps[pos] for each position on the path. */
static void lazy_parse(matcher *m, step *steps)
{
    uint8_t mtf[256];
    for (int i = 0; i < 256; i++) mtf[i] = (uint8_t)i;
    size_t pos = 0, len = m->n;
    while (pos < len) {
        match here = find_match(m, pos);
        if (worth_it(&here, mtf, m->s + pos)) {
            int defer = 0;
            if (here.len < GOOD_ENOUGH && pos + 1 < len) {
                match next = find_match(m, pos + 1);
                defer = next.len > here.len && next.gain > here.gain;
            }
            if (!defer) {
                steps[pos] = (step){ (uint32_t)here.len, (uint32_t)here.offset };
                pos += here.len;
                continue;
            }
        }
        steps[pos] = (step){ 1, 0 };
        m8_pxa_mtf_take(mtf, m->s[pos]);
        pos++;
    }
}

/* Literal cost per position if it were sent as a literal, with the move-to-front table as
 * the parse `steps` leaves it just before that position. */
static void literal_costs(const uint8_t *s, size_t n, const step *steps, uint8_t *cost)
{
    uint8_t mtf[256];
    for (int i = 0; i < 256; i++) mtf[i] = (uint8_t)i;
    size_t pos = 0;
    while (pos < n) {
        size_t end = pos + steps[pos].len;
        for (size_t i = pos; i < end; i++)
            cost[i] = (uint8_t)m8_pxa_literal_bits(m8_pxa_mtf_index(mtf, s[i]));
        if (steps[pos].offset == 0) m8_pxa_mtf_take(mtf, s[pos]);
        pos = end;
    }
}


/* Cheapest parse for the given literal costs (backward dynamic programming). */
static void optimal_parse(size_t n, const match *cands, const uint8_t *ncand,
                          const uint8_t *lit_cost, step *steps, uint32_t *best)
{
    best[n] = 0;
    for (size_t i = n; i-- > 0;) {
        uint32_t b = lit_cost[i] + best[i + 1];
        step st = { 1, 0 };
        size_t prev_len = 2;
        for (int k = 0; k < ncand[i]; k++) {
            const match *c = &cands[i * M8_PXA_MAX_CANDIDATES + k];
            size_t hi = c->len;
            for (size_t l = prev_len + 1; l <= hi; l++) {
                if (l > M8_PXA_FULL_LENGTHS && l < hi) l = hi;    /* past 64: the whole length only */
                uint32_t cost = (uint32_t)m8_pxa_match_bits(c->offset, l) + best[i + l];
                if (cost < b) {
                    b = cost;
                    st = (step){ (uint32_t)l, (uint32_t)c->offset };
                }
            }
            prev_len = c->len;
        }
        best[i] = b;
        steps[i] = st;
    }
}

/* Write the parse as a whole stream, header included. */
static uint8_t *emit(const uint8_t *s, size_t n, const step *steps, size_t *out_len)
{
    bit_writer w = { calloc(1, n + 64), n + 64, M8_PXA_HEADER_SIZE * 8, 0 };
    if (!w.p) return NULL;
    uint8_t mtf[256];
    for (int i = 0; i < 256; i++) mtf[i] = (uint8_t)i;
    for (size_t pos = 0; pos < n && !w.failed;) {
        if (steps[pos].offset == 0) {
            put_literal(&w, mtf, s[pos]);
            pos++;
        } else {
            put_match(&w, steps[pos].offset, steps[pos].len);
            pos += steps[pos].len;
        }
    }
    if (w.failed) {
        free(w.p);
        return NULL;
    }
    size_t total = (w.bits + 7) / 8;
    size_t field = total > 0xffff ? 0xffff : total;
    memcpy(w.p, "\0pxa", 4);
    w.p[4] = (uint8_t)(n >> 8);
    w.p[5] = (uint8_t)n;
    w.p[6] = (uint8_t)(field >> 8);
    w.p[7] = (uint8_t)field;
    *out_len = total;
    return w.p;
}

static void reset_matcher(matcher *m)
{
    for (size_t i = 0; i < (1u << HASH_BITS); i++) m->head[i] = -1;
    m->inserted = 0;
}

#define PARSE_ROUNDS 3
#define SEARCH_WIDTH 16            /* partial parses kept per position by the beam search */
#define SEARCH_LOOKAHEAD 256       /* positions of the first search's literals priced ahead */

/* Emit the parse in steps; keep it in *out if it is smaller than what *out holds. */
static void keep_smaller(const uint8_t *s, size_t len, const step *steps, uint8_t **out, size_t *out_n)
{
    size_t n2 = 0;
    uint8_t *out2 = emit(s, len, steps, &n2);
    if (out2 && (!*out || n2 < *out_n)) {
        free(*out);
        *out = out2;
        *out_n = n2;
    } else {
        free(out2);
    }
}

/* Two beam searches (pxa_search.c): the first ranks partial parses by their bits so far, the
 * second also by what the first one's literals would cost ahead of them. */
static void search_parse(const uint8_t *s, size_t len, const match *cands, const uint8_t *ncand,
                         step *steps, uint8_t **out, size_t *out_n)
{
    uint8_t *literal_at = calloc(len + 1, 1);
    if (!literal_at) return;
    if (m8_pxa_beam_parse(s, len, cands, ncand, SEARCH_WIDTH, NULL, 0, steps)) {
        keep_smaller(s, len, steps, out, out_n);
        for (size_t pos = 0; pos < len; pos += steps[pos].len) literal_at[pos] = steps[pos].offset == 0;
        if (m8_pxa_beam_parse(s, len, cands, ncand, SEARCH_WIDTH, literal_at, SEARCH_LOOKAHEAD, steps))
            keep_smaller(s, len, steps, out, out_n);
    }
    free(literal_at);
}

uint8_t *m8_pxa_compress_effort(const char *code, size_t len, m8_pxa_effort effort, size_t *out_len)
{
    if (len > M8_PXA_MAX_CODE) return NULL;
    const uint8_t *s = (const uint8_t *)code;
    matcher *m = malloc(sizeof *m);
    step *steps = malloc((len + 1) * sizeof *steps);
    match *cands = malloc((len + 1) * M8_PXA_MAX_CANDIDATES * sizeof *cands);
    uint8_t *ncand = malloc(len + 1), *lit_cost = malloc(len + 1);
    uint32_t *best = malloc((len + 1) * sizeof *best);
    int32_t *prev = malloc((len + 1) * sizeof *prev);
    uint8_t *out = NULL;
    size_t out_n = 0;
    if (m && steps && cands && ncand && lit_cost && best && prev) {
        m->s = s;
        m->n = len;
        m->prev = prev;
        reset_matcher(m);
        lazy_parse(m, steps);
        out = emit(s, len, steps, &out_n);
        reset_matcher(m);
        for (size_t i = 0; i < len; i++)
            ncand[i] = (uint8_t)find_candidates(m, i, cands + i * M8_PXA_MAX_CANDIDATES,
                                                M8_PXA_MAX_CANDIDATES);
        for (int round = 0; out && round < PARSE_ROUNDS; round++) {
            literal_costs(s, len, steps, lit_cost);
            optimal_parse(len, cands, ncand, lit_cost, steps, best);
            keep_smaller(s, len, steps, &out, &out_n);
        }
        if (out && (effort == M8_PXA_SEARCH ||
                    (effort == M8_PXA_AUTO && out_n > M8_PXA_SEARCH_ABOVE && out_n <= M8_PXA_SEARCH_UPTO)))
            search_parse(s, len, cands, ncand, steps, &out, &out_n);
    }
    free(m);
    free(steps);
    free(cands);
    free(ncand);
    free(lit_cost);
    free(best);
    free(prev);
    if (out && out_len) *out_len = out_n;
    return out;
}

uint8_t *m8_pxa_compress(const char *code, size_t len, size_t *out_len)
{
    return m8_pxa_compress_effort(code, len, M8_PXA_AUTO, out_len);
}
