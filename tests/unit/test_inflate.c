/* test_inflate.c - runtime/core/inflate.c against zlib: random and structured inputs (random
 * bytes, small alphabets, runs, repeated phrases, zeros; 0 bytes to 200 KB) compressed by
 * zlib's deflate at every level 0-9 with every strategy, as zlib streams and raw DEFLATE,
 * decode to the same bytes; a smaller output buffer is an error. Hostile input: every
 * prefix of a stream, random bit flips and byte changes (our verdict must be zlib's: both
 * decode the same bytes or both refuse), and streams written bit by bit here for each check
 * (bad block type, stored length, distance too far back, bad code lengths, zlib header,
 * Adler-32), each with its message. Run under ASan+UBSan too (tests/sanitize_run.sh). */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "inflate.h"

static uint32_t rng_state;

static uint32_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* ---------------------------------------------------------------- inputs --- */

enum { KIND_RANDOM, KIND_ALPHABET2, KIND_ALPHABET16, KIND_RUNS, KIND_PHRASES, KIND_ZEROS,
       KIND_GRADIENT, KIND_COUNT };

static uint8_t *make_input(int kind, size_t len, uint32_t seed)
{
    static const char *const k_words[] = { "function ", "end\n", "spr(", "local ", "x+=1 ",
                                           "if btn(0) then ", "--[[ comment ]] ", "0x5f00" };
    rng_state = seed * 2654435761u + 1;
    uint8_t *p = malloc(len ? len : 1);
    size_t i = 0;
    while (i < len) {
        switch (kind) {
        case KIND_RANDOM: p[i++] = (uint8_t)next_random(); break;
        case KIND_ALPHABET2: p[i++] = (uint8_t)('a' + (next_random() & 1)); break;
        case KIND_ALPHABET16: p[i++] = (uint8_t)(next_random() & 15); break;
        case KIND_RUNS: {
            uint8_t b = (uint8_t)next_random();
            size_t run = 1 + next_random() % 300;
            for (size_t k = 0; k < run && i < len; k++) p[i++] = b;
            break;
        }
        case KIND_PHRASES: {
            const char *w = k_words[next_random() % 8];
            for (size_t k = 0; w[k] && i < len; k++) p[i++] = (uint8_t)w[k];
            break;
        }
        case KIND_ZEROS: p[i++] = 0; break;
        default: p[i] = (uint8_t)(i / 160 + (i % 160) * 3); i++; break;
        }
    }
    return p;
}

/* zlib's deflate of `in`: a zlib stream (window_bits 15) or raw DEFLATE (-15). */
static uint8_t *zlib_deflate(const uint8_t *in, size_t len, int level, int strategy,
                             int window_bits, size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(deflateInit2(&z, level, Z_DEFLATED, window_bits, 8, strategy), Z_OK);
    size_t cap = deflateBound(&z, (uLong)len) + 16;
    uint8_t *out = malloc(cap);
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    *out_len = z.total_out;
    deflateEnd(&z);
    return out;
}

/* zlib's own verdict on a zlib stream with an output buffer of `cap`: 1 and the bytes when
 * the stream ends inside it. */
static int zlib_inflate(const uint8_t *in, size_t len, uint8_t *out, size_t cap, size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(inflateInit(&z), Z_OK);
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    int rc = inflate(&z, Z_FINISH);
    *out_len = z.total_out;
    inflateEnd(&z);
    return rc == Z_STREAM_END;
}

static const int k_strategies[] = { Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED };
static const char *const k_strategy_names[] = { "default", "filtered", "huffman-only", "rle", "fixed" };

/* `in` through zlib at every level and strategy, back through ours, both wrappers. */
static void check_round_trips(const uint8_t *in, size_t len, const char *what)
{
    uint8_t *out = malloc(len + 1);
    for (int level = 0; level <= 9; level++)
        for (int s = 0; s < 5; s++) {
            for (int raw = 0; raw <= 1; raw++) {
                size_t zlen, got = 12345, used = 0;
                uint8_t *z = zlib_deflate(in, len, level, k_strategies[s], raw ? -15 : 15, &zlen);
                const char *error = "unset";
                int rc = raw ? m8_inflate_raw(z, zlen, out, len, &got, &used, &error)
                             : m8_inflate_zlib(z, zlen, out, len, &got, &error);
                cr_assert_eq(rc, 0, "%s, %zu bytes, level %d, %s, %s: %s", what, len, level,
                             k_strategy_names[s], raw ? "raw" : "zlib", error);
                cr_assert_null(error);
                cr_assert_eq(got, len, "%s level %d %s: %zu bytes out of %zu", what, level,
                             k_strategy_names[s], got, len);
                cr_assert(len == 0 || memcmp(out, in, len) == 0, "%s level %d %s: bytes differ",
                          what, level, k_strategy_names[s]);
                if (raw) cr_assert_eq(used, zlen, "%s: %zu of %zu input bytes used", what, used, zlen);
                if (len > 0) {   /* one byte less room than needed */
                    rc = raw ? m8_inflate_raw(z, zlen, out, len - 1, &got, NULL, &error)
                             : m8_inflate_zlib(z, zlen, out, len - 1, &got, &error);
                    cr_assert_eq(rc, -1, "%s: decoded into a buffer too small", what);
                    cr_assert_str_eq(error, "output larger than expected");
                    cr_assert_leq(got, len - 1);
                }
                free(z);
            }
        }
    free(out);
}

static const size_t k_sizes[] = { 0, 1, 2, 3, 257, 4096, 32768, 65535, 65536, 70001, 200000 };

Test(inflate, zlib_streams_of_every_kind_level_and_strategy, .timeout = 600)
{
    static const char *const k_kind_names[] = { "random", "2 letters", "16 values", "runs",
                                                "phrases", "zeros", "gradient" };
    for (int kind = 0; kind < KIND_COUNT; kind++)
        for (size_t i = 0; i < sizeof k_sizes / sizeof k_sizes[0]; i++) {
            uint8_t *in = make_input(kind, k_sizes[i], (uint32_t)(kind * 100 + i));
            check_round_trips(in, k_sizes[i], k_kind_names[kind]);
            free(in);
        }
}

Test(inflate, random_mixtures)
{
    /* inputs glued from pieces of every kind, random sizes */
    for (uint32_t seed = 1; seed <= 40; seed++) {
        rng_state = seed;
        size_t len = next_random() % 50000;
        uint8_t *in = malloc(len + 1);
        for (size_t at = 0; at < len;) {
            rng_state = seed * 77 + (uint32_t)at;
            size_t piece = 1 + next_random() % 3000;
            if (piece > len - at) piece = len - at;
            uint8_t *part = make_input((int)(next_random() % KIND_COUNT), piece, seed + (uint32_t)at);
            memcpy(in + at, part, piece);
            free(part);
            at += piece;
        }
        check_round_trips(in, len, "mixture");
        free(in);
    }
}

Test(inflate, adler32_as_zlib)
{
    uint8_t *in = make_input(KIND_RANDOM, 100000, 9);
    cr_assert_eq(m8_adler32(1, in, 0), 1u);
    for (size_t n = 0; n <= 100000; n = n * 3 + 1)
        cr_assert_eq(m8_adler32(1, in, n), (uint32_t)adler32(1, in, (uInt)n), "%zu bytes", n);
    uint8_t *ff = malloc(100000);
    memset(ff, 0xff, 100000);   /* the largest sums */
    cr_assert_eq(m8_adler32(1, ff, 100000), (uint32_t)adler32(1, ff, 100000));
    free(ff);
    free(in);
}

/* ---------------------------------------------------------------- hostile --- */

Test(inflate, every_prefix_is_an_error)
{
    uint8_t *in = make_input(KIND_PHRASES, 3000, 5);
    uint8_t out[3000];
    for (int level = 0; level <= 9; level += 3)
        for (int raw = 0; raw <= 1; raw++) {
            size_t zlen, got;
            uint8_t *z = zlib_deflate(in, sizeof out, level, Z_DEFAULT_STRATEGY, raw ? -15 : 15, &zlen);
            for (size_t cut = 0; cut < zlen; cut++) {
                uint8_t *copy = malloc(cut ? cut : 1);   /* exactly `cut` bytes, for ASan */
                memcpy(copy, z, cut);
                const char *error = NULL;
                int rc = raw ? m8_inflate_raw(copy, cut, out, sizeof out, &got, NULL, &error)
                             : m8_inflate_zlib(copy, cut, out, sizeof out, &got, &error);
                cr_assert_eq(rc, -1, "level %d: a prefix of %zu of %zu bytes decoded", level, cut, zlen);
                cr_assert_not_null(error);
                free(copy);
            }
            free(z);
        }
    free(in);
}

/* Our verdict on a damaged zlib stream must be zlib's: the same bytes or an error both. */
static void check_same_verdict(const uint8_t *z, size_t zlen, size_t cap, const char *what)
{
    uint8_t *ours = malloc(cap + 1), *theirs = malloc(cap + 1);
    size_t ours_len, theirs_len;
    const char *error = NULL;
    int ok = m8_inflate_zlib(z, zlen, ours, cap, &ours_len, &error) == 0;
    int zlib_ok = zlib_inflate(z, zlen, theirs, cap, &theirs_len);
    cr_assert_eq(ok, zlib_ok, "%s: ours %s (%s), zlib %s", what, ok ? "decodes" : "refuses",
                 error ? error : "", zlib_ok ? "decodes" : "refuses");
    cr_assert_leq(ours_len, cap);
    if (ok) {
        cr_assert_eq(ours_len, theirs_len, "%s", what);
        cr_assert(memcmp(ours, theirs, ours_len) == 0, "%s: bytes differ", what);
    } else {
        cr_assert_not_null(error, "%s", what);
    }
    free(ours);
    free(theirs);
}

Test(inflate, damaged_streams_as_zlib_judges_them, .timeout = 600)
{
    char what[96];
    for (int kind = 0; kind < KIND_COUNT; kind++)
        for (int level = 1; level <= 9; level += 4) {
            size_t len = 2000 + (size_t)kind * 700, zlen;
            uint8_t *in = make_input(kind, len, (uint32_t)(kind + level));
            uint8_t *z = zlib_deflate(in, len, level, k_strategies[(kind + level) % 5], 15, &zlen);
            uint8_t *bad = malloc(zlen);
            rng_state = (uint32_t)(kind * 31 + level + 7);
            for (int trial = 0; trial < 300; trial++) {
                memcpy(bad, z, zlen);
                int changes = 1 + (int)(next_random() % 3);
                for (int c = 0; c < changes; c++) {
                    size_t at = next_random() % zlen;
                    if (next_random() & 1) bad[at] ^= (uint8_t)(1u << (next_random() % 8));
                    else bad[at] = (uint8_t)next_random();
                }
                snprintf(what, sizeof what, "kind %d level %d trial %d", kind, level, trial);
                /* room for exactly the original, and for much more */
                check_same_verdict(bad, zlen, len, what);
                check_same_verdict(bad, zlen, len * 4, what);
            }
            free(bad);
            free(z);
            free(in);
        }
}

Test(inflate, random_bytes_never_crash)
{
    uint8_t junk[600], out[4096];
    rng_state = 99;
    for (int trial = 0; trial < 5000; trial++) {
        size_t n = next_random() % sizeof junk;
        for (size_t i = 0; i < n; i++) junk[i] = (uint8_t)next_random();
        size_t got;
        const char *error = NULL;
        if (m8_inflate_raw(junk, n, out, sizeof out, &got, NULL, &error) != 0)
            cr_assert_not_null(error);
        cr_assert_leq(got, sizeof out);
        /* the same bytes as a zlib stream with a valid header */
        if (n >= 2) {
            junk[0] = 0x78;
            junk[1] = 0x9c;
            check_same_verdict(junk, n, sizeof out, "random bytes after a zlib header");
        }
    }
}

/* ------------------------------------------------- streams written by hand --- */

typedef struct bit_writer {
    uint8_t bytes[256];
    size_t len;
    int bit;
} bit_writer;

/* n bits of v, lowest first (header fields, extra bits). */
static void put_bits(bit_writer *w, unsigned v, int n)
{
    for (int i = 0; i < n; i++) {
        if (w->bit == 0) w->bytes[w->len++] = 0;
        w->bytes[w->len - 1] |= (uint8_t)(((v >> i) & 1) << w->bit);
        w->bit = (w->bit + 1) & 7;
    }
}

/* Zero bits up to the next byte (before a stored block's lengths). */
static void align_writer(bit_writer *w)
{
    if (w->bit) put_bits(w, 0, 8 - w->bit);
}

/* A Huffman code of n bits, most significant first. */
static void put_code(bit_writer *w, unsigned code, int n)
{
    for (int i = n - 1; i >= 0; i--) put_bits(w, (code >> i) & 1, 1);
}

static const char *raw_error(const bit_writer *w, size_t cap)
{
    uint8_t out[512];
    size_t got;
    const char *error = NULL;
    cr_assert_leq(cap, sizeof out);
    cr_assert_eq(m8_inflate_raw(w->bytes, w->len, out, cap, &got, NULL, &error), -1,
                 "a bad stream decoded");
    cr_assert_not_null(error);
    return error;
}

Test(inflate, bad_block_type)
{
    bit_writer w = { 0 };
    put_bits(&w, 1, 1);
    put_bits(&w, 3, 2);
    cr_expect_str_eq(raw_error(&w, 16), "bad block type (3)");
}

Test(inflate, stored_length_not_its_complement)
{
    bit_writer w = { 0 };
    put_bits(&w, 1, 1);
    put_bits(&w, 0, 2);
    align_writer(&w);
    put_bits(&w, 5, 16);
    put_bits(&w, 0, 16);   /* should be 0xfffa */
    for (int i = 0; i < 5; i++) put_bits(&w, 'a', 8);
    cr_expect_str_eq(raw_error(&w, 16), "stored block length does not match its complement");
}

Test(inflate, stored_block_read_back_and_bounded)
{
    bit_writer w = { 0 };
    put_bits(&w, 1, 1);
    put_bits(&w, 0, 2);
    align_writer(&w);
    put_bits(&w, 5, 16);
    put_bits(&w, 0xfffa, 16);
    for (int i = 0; i < 5; i++) put_bits(&w, (unsigned)('a' + i), 8);
    uint8_t out[8];
    size_t got;
    const char *error = NULL;
    cr_assert_eq(m8_inflate_raw(w.bytes, w.len, out, 5, &got, NULL, &error), 0, "%s", error);
    cr_expect_eq(got, 5);
    cr_expect(memcmp(out, "abcde", 5) == 0);
    cr_expect_str_eq(raw_error(&w, 4), "output larger than expected");
    w.len--;   /* the data cut short */
    cr_expect_str_eq(raw_error(&w, 8), "truncated input (the stream ends early)");
}

/* Fixed codes (3.2.6): literal 0-143 are 8 bits from 0x30, 256-279 are 7 bits from 0. */
Test(inflate, distance_too_far_back)
{
    bit_writer w = { 0 };
    put_bits(&w, 1, 1);
    put_bits(&w, 1, 2);
    put_code(&w, 0x30 + 'x', 8);   /* literal 'x' */
    put_code(&w, 257 - 256, 7);    /* length 3 */
    put_code(&w, 1, 5);            /* distance 2: one byte written so far */
    put_code(&w, 0, 7);            /* end of block */
    cr_expect_str_eq(raw_error(&w, 16), "distance too far back (before the output's start)");

    bit_writer ok = { 0 };         /* distance 1 is fine: "xxxx" */
    put_bits(&ok, 1, 1);
    put_bits(&ok, 1, 2);
    put_code(&ok, 0x30 + 'x', 8);
    put_code(&ok, 1, 7);
    put_code(&ok, 0, 5);
    put_code(&ok, 0, 7);
    uint8_t out[8];
    size_t got;
    const char *error = NULL;
    cr_assert_eq(m8_inflate_raw(ok.bytes, ok.len, out, sizeof out, &got, NULL, &error), 0, "%s", error);
    cr_expect_eq(got, 4);
    cr_expect(memcmp(out, "xxxx", 4) == 0);
}

Test(inflate, fixed_code_symbols_outside_the_alphabet)
{
    bit_writer w = { 0 };
    put_bits(&w, 1, 1);
    put_bits(&w, 1, 2);
    put_code(&w, 0xc0 + 6, 8);     /* 280-287 are 8 bits from 0xc0: 286 */
    cr_expect_str_eq(raw_error(&w, 16), "invalid length symbol (286 or 287)");
    bit_writer d = { 0 };
    put_bits(&d, 1, 1);
    put_bits(&d, 1, 2);
    put_code(&d, 0x30 + 'x', 8);
    put_code(&d, 1, 7);
    put_code(&d, 30, 5);           /* distance symbol 30 */
    cr_expect_str_eq(raw_error(&d, 16), "invalid distance symbol (30 or 31)");
}

/* A dynamic block header whose code-length code gives the symbols of `clen` (in the
 * order 16, 17, 18, 0, ...) the lengths given. */
static void dynamic_header(bit_writer *w, int hlit, int hdist, const int *clen, int nclen)
{
    put_bits(w, 1, 1);
    put_bits(w, 2, 2);
    put_bits(w, (unsigned)hlit, 5);
    put_bits(w, (unsigned)hdist, 5);
    put_bits(w, (unsigned)(nclen - 4), 4);
    for (int i = 0; i < nclen; i++) put_bits(w, (unsigned)clen[i], 3);
}

Test(inflate, bad_code_lengths)
{
    /* every code-length symbol of length 1: over-subscribed */
    bit_writer over = { 0 };
    int ones[19];
    for (int i = 0; i < 19; i++) ones[i] = 1;
    dynamic_header(&over, 0, 0, ones, 19);
    cr_expect(strstr(raw_error(&over, 16), "bad code lengths") != NULL);

    /* 16 (repeat the previous length) first: lengths 16:1, 0:1 -> code 0 is symbol 0,
     * code 1 is symbol 16 */
    bit_writer repeat = { 0 };
    const int rep[4] = { 1, 0, 0, 1 };
    dynamic_header(&repeat, 0, 0, rep, 4);
    put_code(&repeat, 1, 1);
    put_bits(&repeat, 0, 2);
    cr_expect_str_eq(raw_error(&repeat, 16), "bad code lengths (a repeat with no length before it)");

    /* only zeros (18: 11-138 zeros): no code for the end of block */
    bit_writer no_end = { 0 };
    const int zeros[4] = { 0, 0, 1, 1 };   /* 18:1, 0:1 -> code 0 is 0, code 1 is 18 */
    dynamic_header(&no_end, 0, 0, zeros, 4);
    put_code(&no_end, 1, 1);
    put_bits(&no_end, 138 - 11, 7);
    put_code(&no_end, 1, 1);
    put_bits(&no_end, 120 - 11, 7);        /* 258 = 257 literal/length + 1 distance lengths */
    cr_expect_str_eq(raw_error(&no_end, 16), "bad code lengths (no code for the end of block)");

    /* a repeat running past the last length */
    bit_writer past = { 0 };
    dynamic_header(&past, 0, 0, zeros, 4);
    put_code(&past, 1, 1);
    put_bits(&past, 138 - 11, 7);
    put_code(&past, 1, 1);
    put_bits(&past, 127, 7);               /* 138 more: 276 > 258 */
    cr_expect_str_eq(raw_error(&past, 16), "bad code lengths (a repeat past the last symbol)");

    /* HLIT 30 means 287 literal/length codes: too many */
    bit_writer many = { 0 };
    dynamic_header(&many, 30, 0, zeros, 4);
    cr_expect(strstr(raw_error(&many, 16), "too many length or distance symbols") != NULL);
}

static void zlib_error(const uint8_t *z, size_t len, const char *expected)
{
    uint8_t out[64];
    size_t got;
    const char *error = NULL;
    cr_assert_eq(m8_inflate_zlib(z, len, out, sizeof out, &got, &error), -1);
    cr_expect_str_eq(error, expected);
}

Test(inflate, zlib_header_and_adler32)
{
    size_t zlen;
    const uint8_t text[] = "hello hello hello hello";
    uint8_t *z = zlib_deflate(text, sizeof text, 6, Z_DEFAULT_STRATEGY, 15, &zlen);
    uint8_t bad[128];
    cr_assert_lt(zlen, sizeof bad);

    memcpy(bad, z, zlen);
    bad[zlen - 1] ^= 1;
    zlib_error(bad, zlen, "Adler-32 check failed (corrupt data)");
    zlib_error(z, zlen - 1, "truncated input (the stream ends early)");
    memcpy(bad, z, zlen);
    bad[1] ^= 1;
    zlib_error(bad, zlen, "zlib header: check bits wrong");
    zlib_error((const uint8_t[]){ 0x77, 0x01 }, 2, "zlib header: not the deflate method");
    zlib_error((const uint8_t[]){ 0x88, 0x1c }, 2, "zlib header: window larger than 32 KiB");
    zlib_error((const uint8_t[]){ 0x78, 0xbb }, 2, "zlib header: preset dictionary not supported");
    zlib_error(z, 0, "truncated input (the stream ends early)");
    zlib_error(NULL, 0, "truncated input (the stream ends early)");
    free(z);
}
