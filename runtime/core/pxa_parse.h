/* pxa_parse.h - internal to the PXA encoder (pxa.c, pxa_search.c): the steps a parse is made
 * of, the back-reference candidates found per position, and the bit cost of each kind of item
 * in the stream (reference 5.5).
 * Depends on: libc. */
#ifndef M8_PXA_PARSE_H
#define M8_PXA_PARSE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define M8_PXA_MAX_CANDIDATES 12     /* back references kept per position */
#define M8_PXA_FULL_LENGTHS 64       /* longer matches are tried at their whole length only */

/* One step of a parse: a literal (len 1, offset 0) or a back reference. */
typedef struct m8_pxa_step {
    uint32_t len, offset;
} m8_pxa_step;

/* A back reference found at a position: `len` bytes from `offset` back. */
typedef struct m8_pxa_match {
    size_t len, offset;
    int gain;                  /* estimated bits saved against literals (first parse only) */
} m8_pxa_match;

/* How many 1-bits announce a literal at move-to-front index idx (its field has 4 + u bits). */
static inline int m8_pxa_literal_prefix(unsigned idx)
{
    int u = 0;
    while (idx >= 16u * ((2u << u) - 1u)) u++;
    return u;
}

/* Bits of a literal at move-to-front index idx: 1 + (u + 1) + (4 + u). */
static inline int m8_pxa_literal_bits(unsigned idx) { return 6 + 2 * m8_pxa_literal_prefix(idx); }

static inline int m8_pxa_offset_bits(size_t offset)
{
    size_t o = offset - 1;
    return o < 32 ? 5 : o < 1024 ? 10 : 15;
}

/* Bits of a back reference: flag, offset form, offset, 3 bits per started group of 7. */
static inline int m8_pxa_match_bits(size_t offset, size_t len)
{
    int ob = m8_pxa_offset_bits(offset);
    return 1 + (ob == 15 ? 1 : 2) + ob + 3 * (int)((len - 3) / 7 + 1);
}

static inline unsigned m8_pxa_mtf_index(const uint8_t *mtf, uint8_t c)
{
    unsigned i = 0;
    while (mtf[i] != c) i++;
    return i;
}

/* The decoder's table update after sending c as a literal. */
static inline void m8_pxa_mtf_take(uint8_t *mtf, uint8_t c)
{
    unsigned idx = m8_pxa_mtf_index(mtf, c);
    memmove(mtf + 1, mtf, idx);
    mtf[0] = c;
}

/* Cheapest parse of s[0..n) found by a forward beam search over real move-to-front tables
 * (pxa_search.c): up to `width` partial parses are kept per position, those with different
 * tables, ranked by their bits so far plus, when ref_literal is given, the bits the literals
 * of a reference parse (ref_literal[i] = 1 where it sends a literal) would cost over the next
 * `lookahead` positions from their table. cands holds M8_PXA_MAX_CANDIDATES entries per
 * position (ncand[i] of them used), each longer than all nearer ones. Fills steps along the
 * chosen path; returns 0 when out of memory. Deterministic. */
int m8_pxa_beam_parse(const uint8_t *s, size_t n, const m8_pxa_match *cands, const uint8_t *ncand,
                      int width, const uint8_t *ref_literal, int lookahead, m8_pxa_step *steps);

#endif
