/* inflate.c - DEFLATE and zlib decompression written from RFC 1951 and RFC 1950: stored
 * blocks, blocks with the fixed Huffman codes and blocks with codes of their own (dynamic).
 * A canonical Huffman code is kept as the number of codes of each length and its symbols in
 * code order, and decoded one bit at a time (codes of one length are consecutive numbers, so
 * a code is found by counting). Every input byte is taken through one bounds-checked reader
 * and every output byte written through bounds-checked copies; the first failure stops
 * decoding with a static message. Sets of code lengths are checked as zlib checks them:
 * over-subscribed sets and incomplete ones are refused, except a code of a single symbol of
 * length 1 and (for distances) a code with no symbols at all.
 * Depends on: inflate.h, libc. */
#include "inflate.h"

#include <string.h>

#define MAX_CODE_BITS 15
#define LITLEN_SYMBOLS 288     /* 286 usable; 286 and 287 only in the fixed code's table */
#define DIST_SYMBOLS 32        /* 30 usable; 30 and 31 only in the fixed code's table */
#define CODELEN_SYMBOLS 19
#define END_OF_BLOCK 256

typedef struct huffman {
    uint16_t count[MAX_CODE_BITS + 1];   /* count[n]: codes of length n (count[0] unused) */
    uint16_t symbol[LITLEN_SYMBOLS];     /* the symbols, ordered by their code */
} huffman;

typedef struct inflater {
    const uint8_t *in;
    size_t in_len, in_pos;
    uint32_t bits;        /* bits read but not used, the next one lowest */
    int bit_count;
    uint8_t *out;
    size_t out_cap, out_len;
    const char *error;    /* the first failure */
} inflater;

static int fail(inflater *s, const char *message)
{
    if (!s->error) s->error = message;
    return -1;
}

/* The next n (0-16) bits of the stream, first bit lowest, into *v. */
static int take_bits(inflater *s, int n, unsigned *v)
{
    while (s->bit_count < n) {
        if (s->in_pos >= s->in_len) return fail(s, "truncated input (the stream ends early)");
        s->bits |= (uint32_t)s->in[s->in_pos++] << s->bit_count;
        s->bit_count += 8;
    }
    *v = (unsigned)(s->bits & ((1u << n) - 1));
    s->bits >>= n;
    s->bit_count -= n;
    return 0;
}

/* Drop the bits up to the next byte boundary. */
static void align_to_byte(inflater *s)
{
    int drop = s->bit_count & 7;
    s->bits >>= drop;
    s->bit_count -= drop;
}

/* The next whole byte after align_to_byte: from the bit buffer first, then the input. */
static int take_byte(inflater *s, uint8_t *b)
{
    unsigned v;
    if (take_bits(s, 8, &v) != 0) return -1;
    *b = (uint8_t)v;
    return 0;
}

/* Build h from the code lengths of n symbols (0: symbol unused). Returns the number of
 * missing codes scaled to length 15 (0: complete code), or -1 when over-subscribed. */
static int build_code(huffman *h, const uint8_t *lengths, int n)
{
    uint16_t next[MAX_CODE_BITS + 2];
    memset(h->count, 0, sizeof h->count);
    for (int i = 0; i < n; i++) h->count[lengths[i]]++;
    h->count[0] = 0;
    int left = 1;
    for (int len = 1; len <= MAX_CODE_BITS; len++) {
        left = left * 2 - h->count[len];
        if (left < 0) return -1;
    }
    next[1] = 0;
    for (int len = 1; len <= MAX_CODE_BITS; len++) next[len + 1] = (uint16_t)(next[len] + h->count[len]);
    for (int i = 0; i < n; i++)
        if (lengths[i]) h->symbol[next[lengths[i]]++] = (uint16_t)i;
    return left;
}

/* The code count of h. */
static int code_count(const huffman *h)
{
    int total = 0;
    for (int len = 1; len <= MAX_CODE_BITS; len++) total += h->count[len];
    return total;
}

/* Acceptable as zlib accepts: complete, or a single code of length 1, or (allow_empty) none. */
static int code_usable(const huffman *h, int left, int allow_empty)
{
    if (left < 0) return 0;
    if (left == 0) return 1;
    int total = code_count(h);
    if (total == 0) return allow_empty;
    return total == 1 && h->count[1] == 1;
}

/* The next symbol of code h. Codes of length len are the consecutive numbers first ..
 * first+count[len]-1, read most significant bit first. */
static int decode_symbol(inflater *s, const huffman *h, int *symbol)
{
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= MAX_CODE_BITS; len++) {
        unsigned bit;
        if (take_bits(s, 1, &bit) != 0) return -1;
        code |= (int)bit;
        int count = h->count[len];
        if (code - first < count) {
            *symbol = h->symbol[index + code - first];
            return 0;
        }
        index += count;
        first = (first + count) * 2;
        code *= 2;
    }
    return fail(s, "invalid Huffman code (a code no symbol has)");
}

/* Length symbols 257..285 and distance symbols 0..29: base value and extra bits (3.2.5). */
static const uint16_t k_length_base[29] = {
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t k_length_extra[29] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint16_t k_dist_base[30] = {
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
    1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const uint8_t k_dist_extra[30] = {
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
    13, 13 };

/* The symbols of one Huffman-coded block up to its end-of-block. */
static int inflate_codes(inflater *s, const huffman *litlen, const huffman *dist)
{
    for (;;) {
        int sym;
        if (decode_symbol(s, litlen, &sym) != 0) return -1;
        if (sym < 256) {
            if (s->out_len >= s->out_cap) return fail(s, "output larger than expected");
            s->out[s->out_len++] = (uint8_t)sym;
            continue;
        }
        if (sym == END_OF_BLOCK) return 0;
        sym -= 257;
        if (sym >= 29) return fail(s, "invalid length symbol (286 or 287)");
        unsigned extra;
        if (take_bits(s, k_length_extra[sym], &extra) != 0) return -1;
        size_t length = k_length_base[sym] + extra;
        int dsym;
        if (decode_symbol(s, dist, &dsym) != 0) return -1;
        if (dsym >= 30) return fail(s, "invalid distance symbol (30 or 31)");
        if (take_bits(s, k_dist_extra[dsym], &extra) != 0) return -1;
        size_t distance = k_dist_base[dsym] + extra;
        if (distance > s->out_len) return fail(s, "distance too far back (before the output's start)");
        if (length > s->out_cap - s->out_len) return fail(s, "output larger than expected");
        uint8_t *to = s->out + s->out_len;
        const uint8_t *from = to - distance;
        for (size_t i = 0; i < length; i++) to[i] = from[i];   /* may overlap: byte by byte */
        s->out_len += length;
    }
}

static int inflate_stored(inflater *s)
{
    align_to_byte(s);
    uint8_t b[4];
    for (int i = 0; i < 4; i++)
        if (take_byte(s, &b[i]) != 0) return -1;
    unsigned len = b[0] | (unsigned)b[1] << 8, nlen = b[2] | (unsigned)b[3] << 8;
    if (len != (~nlen & 0xffffu)) return fail(s, "stored block length does not match its complement");
    if (len > s->out_cap - s->out_len) return fail(s, "output larger than expected");
    /* whole bytes still in the bit buffer come first */
    while (len > 0 && s->bit_count >= 8) {
        if (take_byte(s, &s->out[s->out_len]) != 0) return -1;
        s->out_len++;
        len--;
    }
    if (len > s->in_len - s->in_pos) return fail(s, "truncated input (the stream ends early)");
    memcpy(s->out + s->out_len, s->in + s->in_pos, len);
    s->in_pos += len;
    s->out_len += len;
    return 0;
}

/* The fixed codes (3.2.6), built for each block: a few hundred steps, and no shared state
 * between threads (the launcher reads labels on threads of its own). */
static int inflate_fixed(inflater *s)
{
    huffman litlen, dist;
    uint8_t lengths[LITLEN_SYMBOLS];
    int i = 0;
    for (; i < 144; i++) lengths[i] = 8;
    for (; i < 256; i++) lengths[i] = 9;
    for (; i < 280; i++) lengths[i] = 7;
    for (; i < LITLEN_SYMBOLS; i++) lengths[i] = 8;
    build_code(&litlen, lengths, LITLEN_SYMBOLS);
    for (i = 0; i < DIST_SYMBOLS; i++) lengths[i] = 5;
    build_code(&dist, lengths, DIST_SYMBOLS);
    return inflate_codes(s, &litlen, &dist);
}

static int inflate_dynamic(inflater *s)
{
    static const uint8_t k_order[CODELEN_SYMBOLS] = {
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
    unsigned hlit, hdist, hclen;
    if (take_bits(s, 5, &hlit) != 0 || take_bits(s, 5, &hdist) != 0 || take_bits(s, 4, &hclen) != 0)
        return -1;
    int nlit = (int)hlit + 257, ndist = (int)hdist + 1, nclen = (int)hclen + 4;
    if (nlit > 286 || ndist > 30) return fail(s, "bad code lengths (too many length or distance symbols)");

    uint8_t lengths[LITLEN_SYMBOLS + DIST_SYMBOLS];
    memset(lengths, 0, sizeof lengths);
    for (int i = 0; i < nclen; i++) {
        unsigned v;
        if (take_bits(s, 3, &v) != 0) return -1;
        lengths[k_order[i]] = (uint8_t)v;
    }
    huffman clen, litlen, dist;
    if (build_code(&clen, lengths, CODELEN_SYMBOLS) != 0)
        return fail(s, "bad code lengths (the code-length code is not complete)");

    memset(lengths, 0, sizeof lengths);
    for (int i = 0; i < nlit + ndist;) {
        int sym;
        if (decode_symbol(s, &clen, &sym) != 0) return -1;
        if (sym < 16) {
            lengths[i++] = (uint8_t)sym;
            continue;
        }
        unsigned repeat;
        uint8_t value = 0;
        if (sym == 16) {
            if (i == 0) return fail(s, "bad code lengths (a repeat with no length before it)");
            value = lengths[i - 1];
            if (take_bits(s, 2, &repeat) != 0) return -1;
            repeat += 3;
        } else if (sym == 17) {
            if (take_bits(s, 3, &repeat) != 0) return -1;
            repeat += 3;
        } else {
            if (take_bits(s, 7, &repeat) != 0) return -1;
            repeat += 11;
        }
        if ((int)repeat > nlit + ndist - i) return fail(s, "bad code lengths (a repeat past the last symbol)");
        while (repeat--) lengths[i++] = value;
    }
    if (lengths[END_OF_BLOCK] == 0) return fail(s, "bad code lengths (no code for the end of block)");
    int left = build_code(&litlen, lengths, nlit);
    if (!code_usable(&litlen, left, 0))
        return fail(s, left < 0 ? "bad code lengths (over-subscribed literal/length code)"
                                : "bad code lengths (incomplete literal/length code)");
    left = build_code(&dist, lengths + nlit, ndist);
    if (!code_usable(&dist, left, 1))
        return fail(s, left < 0 ? "bad code lengths (over-subscribed distance code)"
                                : "bad code lengths (incomplete distance code)");
    return inflate_codes(s, &litlen, &dist);
}

/* The blocks of a raw stream, up to the final one. */
static int inflate_blocks(inflater *s)
{
    unsigned final;
    do {
        unsigned type;
        if (take_bits(s, 1, &final) != 0 || take_bits(s, 2, &type) != 0) return -1;
        int rc;
        if (type == 0) rc = inflate_stored(s);
        else if (type == 1) rc = inflate_fixed(s);
        else if (type == 2) rc = inflate_dynamic(s);
        else rc = fail(s, "bad block type (3)");
        if (rc != 0) return -1;
    } while (!final);
    return 0;
}

static void start(inflater *s, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap)
{
    memset(s, 0, sizeof *s);
    s->in = in;
    s->in_len = in ? in_len : 0;
    s->out = out;
    s->out_cap = out ? out_cap : 0;
}

int m8_inflate_raw(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                   size_t *out_len, size_t *in_used, const char **error)
{
    inflater s;
    start(&s, in, in_len, out, out_cap);
    int rc = inflate_blocks(&s);
    *out_len = s.out_len;
    if (in_used) *in_used = s.in_pos - (size_t)(s.bit_count / 8);
    if (error) *error = rc == 0 ? NULL : s.error;
    return rc;
}

uint32_t m8_adler32(uint32_t adler, const uint8_t *p, size_t n)
{
    uint32_t a = adler & 0xffff, b = adler >> 16;
    while (n > 0) {
        size_t chunk = n < 5552 ? n : 5552;    /* sums stay below 2^32 before the modulo */
        n -= chunk;
        while (chunk--) {
            a += *p++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    return b << 16 | a;
}

int m8_inflate_zlib(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                    size_t *out_len, const char **error)
{
    inflater s;
    start(&s, in, in_len, out, out_cap);
    *out_len = 0;
    uint8_t cmf, flg;
    int rc = take_byte(&s, &cmf) == 0 && take_byte(&s, &flg) == 0 ? 0 : -1;
    if (rc == 0) {
        if ((cmf & 15) != 8) rc = fail(&s, "zlib header: not the deflate method");
        else if ((cmf >> 4) > 7) rc = fail(&s, "zlib header: window larger than 32 KiB");
        else if (((unsigned)cmf * 256 + flg) % 31 != 0) rc = fail(&s, "zlib header: check bits wrong");
        else if (flg & 0x20) rc = fail(&s, "zlib header: preset dictionary not supported");
    }
    if (rc == 0) rc = inflate_blocks(&s);
    if (rc == 0) {
        align_to_byte(&s);
        uint8_t b[4];
        for (int i = 0; rc == 0 && i < 4; i++) rc = take_byte(&s, &b[i]);
        if (rc == 0) {
            uint32_t stored = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
            if (stored != m8_adler32(1, s.out, s.out_len)) rc = fail(&s, "Adler-32 check failed (corrupt data)");
        }
    }
    *out_len = s.out_len;
    if (error) *error = rc == 0 ? NULL : s.error;
    return rc;
}
