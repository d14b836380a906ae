/* test_pcm_codec.c - Criterion suite "pcm_codec": the bit-plane PCM codec of
 * runtime/core/pcm_codec.c. Round trips on generated signals (silence, sine, square, 8-bit
 * material, quiet and white noise, stereo) and random data at edge lengths (0, 1, odd sizes,
 * chunk boundaries); the growth bound of docs/pcm-codec.md met by incompressible data; the
 * sizes the issue promises (a silent chunk a few bytes, 8-bit material near 8 bits a sample);
 * and every corruption case: truncation at every byte, every single bit flip, damaged data
 * with a recomputed checksum (the structural checks alone), header fields out of range.
 * Decoding always happens into a buffer with guard values around it.
 * Depends on: pcm_codec.h, Criterion, libm. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pcm_codec.h"

#define GUARD 64
#define GUARD_VALUE 0x5a5a

static uint32_t rng_state;
static uint32_t rng(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

/* Encode, check against the bound, decode into a guarded buffer, compare; returns the size. */
static size_t round_trip(const int16_t *s, uint32_t frames, int channels, uint32_t chunk)
{
    size_t bound = m8_pcm_bound(frames, channels, chunk);
    cr_assert_gt(bound, 0);
    uint8_t *enc = malloc(bound);
    long len = m8_pcm_encode(s, frames, channels, 22050, chunk, enc, bound);
    cr_assert_gt(len, 0, "encode failed: %ld", len);
    cr_assert_leq((size_t)len, bound);
    size_t values = (size_t)frames * channels;
    int16_t *dec = malloc((values + 2 * GUARD) * sizeof *dec);
    for (size_t i = 0; i < values + 2 * GUARD; i++) dec[i] = GUARD_VALUE;
    m8_pcm_header h;
    int st = m8_pcm_decode(enc, (size_t)len, dec + GUARD, values, &h);
    cr_assert_eq(st, M8_PCM_OK, "decode: %s", m8_pcm_status_text(st));
    cr_assert_eq(h.frames, frames);
    cr_assert_eq(h.channels, channels);
    cr_assert_eq(h.rate, 22050);
    for (size_t i = 0; i < values; i++)
        cr_assert_eq(dec[GUARD + i], s[i], "sample %zu: %d != %d", i, dec[GUARD + i], s[i]);
    for (size_t i = 0; i < GUARD; i++) {
        cr_assert_eq(dec[i], GUARD_VALUE);
        cr_assert_eq(dec[GUARD + values + i], GUARD_VALUE);
    }
    free(enc);
    free(dec);
    return (size_t)len;
}

Test(pcm_codec, crc32_check_value)
{
    cr_assert_eq(m8_pcm_crc32(0, (const uint8_t *)"123456789", 9), 0xcbf43926u);
}

Test(pcm_codec, bound_formula)
{
    cr_assert_eq(m8_pcm_bound(0, 1, 0), 20);
    cr_assert_eq(m8_pcm_bound(1, 1, 0), 20 + 2 + 5);
    cr_assert_eq(m8_pcm_bound(4096, 1, 0), 20 + 8192 + 5);
    cr_assert_eq(m8_pcm_bound(4097, 2, 0), 20 + 2 * (8194 + 10));
    cr_assert_eq(m8_pcm_bound(100, 1, 7), 20 + 200 + 5 * 15);
    cr_assert_eq(m8_pcm_bound(10, 3, 0), 0);
    cr_assert_eq(m8_pcm_bound(10, 1, 70000), 0);
}

Test(pcm_codec, empty_and_single_sample)
{
    int16_t one[2] = { -12345, 321 };
    cr_assert_eq(round_trip(NULL, 0, 1, 0), 20);
    cr_assert_eq(round_trip(NULL, 0, 2, 0), 20);
    round_trip(one, 1, 1, 0);
    round_trip(one, 1, 2, 0);
}

Test(pcm_codec, random_data_at_edge_lengths_stays_within_bound)
{
    static const uint32_t lengths[] = { 1, 2, 3, 7, 15, 16, 17, 255, 1001, 4095, 4096, 4097,
                                        8191, 12289 };
    rng_state = 7;
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
        for (int ch = 1; ch <= 2; ch++) {
            uint32_t n = lengths[k];
            int16_t *s = malloc((size_t)n * ch * sizeof *s);
            for (size_t i = 0; i < (size_t)n * ch; i++) s[i] = (int16_t)rng();
            size_t len = round_trip(s, n, ch, 0);
            cr_assert_leq(len, m8_pcm_bound(n, ch, 0));
            free(s);
        }
    }
}

Test(pcm_codec, worst_case_growth_is_reached_only_by_the_tags)
{
    /* random 16-bit words: every plane raw, so the stream is exactly the bound's size */
    uint32_t n = 3 * 4096 + 5;
    int16_t *s = malloc(n * sizeof *s);
    rng_state = 99;
    for (uint32_t i = 0; i < n; i++) s[i] = (int16_t)rng();
    size_t len = round_trip(s, n, 1, 0);
    size_t bound = m8_pcm_bound(n, 1, 0);
    cr_assert_leq(len, bound);
    /* growth over the raw 2n bytes is header + trailer + 5 bytes per chunk at most */
    cr_assert_leq(len - 2 * (size_t)n, 20 + 5 * 4);
    free(s);
}

Test(pcm_codec, small_chunks_and_chunk_boundaries)
{
    int16_t s[300];
    rng_state = 3;
    for (int i = 0; i < 300; i++) s[i] = (int16_t)((rng() & 0xff) - 128) * 3;
    static const uint32_t chunks[] = { 1, 2, 3, 64, 299, 300, 301, 65535 };
    for (size_t k = 0; k < sizeof chunks / sizeof chunks[0]; k++) {
        round_trip(s, 300, 1, chunks[k]);
        round_trip(s, 150, 2, chunks[k]);
    }
}

Test(pcm_codec, silence_costs_a_few_bytes_per_chunk)
{
    static int16_t s[4096 * 4];
    size_t len = round_trip(s, 4096 * 4, 1, 0);
    /* 34 bits (5 bytes) per chunk: 4 chunks + header + trailer */
    cr_assert_eq(len, 20 + 4 * 5);
    for (int i = 0; i < 4096 * 4; i++) s[i] = -7;   /* a constant that is not zero */
    len = round_trip(s, 4096 * 4, 1, 0);
    cr_assert_leq(len, 20 + 4 * 8);
}

Test(pcm_codec, sine_and_square_round_trip_and_shrink)
{
    uint32_t n = 22050;
    int16_t *s = malloc(n * sizeof *s);
    for (uint32_t i = 0; i < n; i++) s[i] = (int16_t)lrint(12000 * sin(i * 2 * M_PI * 440 / 22050));
    size_t len = round_trip(s, n, 1, 0);
    cr_assert_lt(len, 2 * n * 3 / 4, "sine: %zu bytes", len);
    for (uint32_t i = 0; i < n; i++) s[i] = (i / 25) & 1 ? 9000 : -9000;
    len = round_trip(s, n, 1, 0);
    cr_assert_lt(len, 2 * n / 10, "square: %zu bytes", len);
    free(s);
}

Test(pcm_codec, eight_bit_material_costs_close_to_eight_bits)
{
    uint32_t n = 22050;
    int16_t *s = malloc(n * sizeof *s);
    rng_state = 11;
    for (uint32_t i = 0; i < n; i++) s[i] = (int16_t)(((int)(rng() & 0xff) - 128) * 256);
    size_t len = round_trip(s, n, 1, 0);
    /* 8 raw planes + 8 constant planes: n bytes plus tags and header */
    cr_assert_leq(len, n + 20 + 6 * 5, "8-bit noise: %zu bytes for %u samples", len, n);
    free(s);
}

Test(pcm_codec, quiet_noise_costs_its_bits)
{
    uint32_t n = 8192;
    int16_t *s = malloc(n * sizeof *s);
    rng_state = 5;
    for (uint32_t i = 0; i < n; i++) s[i] = (int16_t)((int)(rng() & 63) - 32);
    size_t len = round_trip(s, n, 1, 0);
    /* 6 significant bits, the sign spread over the upper planes (Gray code folds them) */
    cr_assert_leq(len, n * 8 / 8 + 64, "quiet noise: %zu bytes", len);
    free(s);
}

Test(pcm_codec, stereo_codes_the_difference)
{
    uint32_t n = 5000;
    int16_t *s = malloc(2 * n * sizeof *s);
    rng_state = 1;
    for (uint32_t i = 0; i < n; i++) {
        s[2 * i] = (int16_t)rng();
        s[2 * i + 1] = s[2 * i];               /* the same on both sides */
    }
    size_t len = round_trip(s, n, 2, 0);
    /* the right channel is all zeros: a few bytes per chunk on top of the left */
    cr_assert_leq(len, m8_pcm_bound(n, 1, 0) + 2 * 5);
    for (uint32_t i = 0; i < n; i++) {    /* extremes: the difference wraps modulo 2^16 */
        s[2 * i] = i & 1 ? 32767 : -32768;
        s[2 * i + 1] = i & 1 ? -32768 : 32767;
    }
    round_trip(s, n, 2, 0);
    free(s);
}

/* --- corruption --- */

static uint8_t *encode_small(size_t *len, int channels)
{
    static int16_t s[2 * 97];
    for (int i = 0; i < 2 * 97; i++) s[i] = (int16_t)(i * 37 % 200 - 100) * (i % 5 ? 1 : 40);
    size_t bound = m8_pcm_bound(97, channels, 16);
    uint8_t *enc = malloc(bound);
    long l = m8_pcm_encode(s, 97, channels, 8000, 16, enc, bound);
    cr_assert_gt(l, 0);
    *len = (size_t)l;
    return enc;
}

/* Decode into a guarded buffer; checks the guards and returns the status. */
static int decode_guarded(const uint8_t *in, size_t len)
{
    static int16_t out[2 * 97 + 2 * GUARD];
    for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) out[i] = GUARD_VALUE;
    uint8_t *copy = malloc(len ? len : 1);  /* exactly len bytes: a sanitizer sees overreads */
    memcpy(copy, in, len);
    int st = m8_pcm_decode(copy, len, out + GUARD, 2 * 97, NULL);
    free(copy);
    for (size_t i = 0; i < GUARD; i++) {
        cr_assert_eq(out[i], GUARD_VALUE);
        cr_assert_eq(out[GUARD + 2 * 97 + i], GUARD_VALUE);
    }
    return st;
}

Test(pcm_codec, truncation_at_every_byte)
{
    for (int ch = 1; ch <= 2; ch++) {
        size_t len;
        uint8_t *enc = encode_small(&len, ch);
        cr_assert_eq(decode_guarded(enc, len), M8_PCM_OK);
        for (size_t cut = 0; cut < len; cut++) {
            int st = decode_guarded(enc, cut);
            cr_assert_eq(st, M8_PCM_ERR_TRUNCATED, "cut at %zu of %zu: %s", cut, len,
                         m8_pcm_status_text(st));
        }
        free(enc);
    }
}

Test(pcm_codec, every_single_bit_flip_is_an_error)
{
    for (int ch = 1; ch <= 2; ch++) {
        size_t len;
        uint8_t *enc = encode_small(&len, ch);
        for (size_t bit = 0; bit < len * 8; bit++) {
            enc[bit >> 3] ^= (uint8_t)(1u << (bit & 7));
            int st = decode_guarded(enc, len);
            cr_assert_neq(st, M8_PCM_OK, "flip of bit %zu went unnoticed", bit);
            enc[bit >> 3] ^= (uint8_t)(1u << (bit & 7));
        }
        free(enc);
    }
}

/* Re-seal a damaged stream with a correct checksum, so only the structure is judged. */
static void reseal(uint8_t *enc, size_t len)
{
    uint32_t crc = m8_pcm_crc32(0, enc, len - 4);
    for (int k = 0; k < 4; k++) enc[len - 4 + k] = (uint8_t)(crc >> (8 * k));
}

Test(pcm_codec, damaged_data_with_a_valid_checksum_never_overreads)
{
    size_t len;
    uint8_t *enc = encode_small(&len, 2);
    uint8_t *bad = malloc(len);
    int structural = 0;
    rng_state = 42;
    for (int trial = 0; trial < 4000; trial++) {
        memcpy(bad, enc, len);
        int flips = 1 + (int)(rng() % 6);
        for (int f = 0; f < flips; f++) {
            size_t bit = 16 * 8 + rng() % ((len - 20) * 8);   /* in the coded data */
            bad[bit >> 3] ^= (uint8_t)(1u << (bit & 7));
        }
        reseal(bad, len);
        int st = decode_guarded(bad, len);
        cr_assert(st == M8_PCM_OK || st == M8_PCM_ERR_CORRUPT || st == M8_PCM_ERR_TRUNCATED
                  || st == M8_PCM_ERR_TRAILING, "status %d", st);
        structural += st != M8_PCM_OK;
    }
    cr_assert_gt(structural, 0);   /* the structural checks do catch damage on their own */
    /* random bytes behind a valid header */
    for (int trial = 0; trial < 2000; trial++) {
        for (size_t i = 16; i < len; i++) bad[i] = (uint8_t)rng();
        reseal(bad, len);
        decode_guarded(bad, len);
    }
    free(bad);
    free(enc);
}

Test(pcm_codec, header_fields_out_of_range)
{
    size_t len;
    uint8_t *enc = encode_small(&len, 1);
    uint8_t *bad = malloc(len + 8);
    m8_pcm_header h;
    cr_assert_eq(m8_pcm_read_header(enc, len, &h), M8_PCM_OK);
    cr_assert_eq(h.chunk, 16);
    cr_assert_eq(h.rate, 8000);

    memcpy(bad, enc, len);
    bad[0] = 'X';
    cr_assert_eq(decode_guarded(bad, len), M8_PCM_ERR_MAGIC);
    memcpy(bad, enc, len);
    bad[4] = 2;
    cr_assert_eq(decode_guarded(bad, len), M8_PCM_ERR_VERSION);
    memcpy(bad, enc, len);
    bad[5] = 3;
    reseal(bad, len);
    cr_assert_eq(decode_guarded(bad, len), M8_PCM_ERR_HEADER);
    memcpy(bad, enc, len);
    bad[6] = bad[7] = 0;                     /* chunk size 0 */
    reseal(bad, len);
    cr_assert_eq(decode_guarded(bad, len), M8_PCM_ERR_HEADER);
    memcpy(bad, enc, len);
    bad[15] = 0x7f;                          /* billions of frames in a small stream */
    reseal(bad, len);
    cr_assert_eq(decode_guarded(bad, len), M8_PCM_ERR_TRUNCATED);
    memcpy(bad, enc, len);
    bad[12] = 200;                           /* more frames than the caller's buffer */
    reseal(bad, len);
    int st = decode_guarded(bad, len);
    cr_assert(st == M8_PCM_ERR_SPACE || st == M8_PCM_ERR_TRUNCATED, "status %d", st);

    /* bytes after the end */
    memcpy(bad, enc, len - 4);
    memset(bad + len - 4, 0, 4);
    reseal(bad, len + 4);
    cr_assert_eq(decode_guarded(bad, len + 4), M8_PCM_ERR_TRAILING);
    free(bad);
    free(enc);
}

Test(pcm_codec, output_buffer_too_small_and_bad_arguments)
{
    size_t len;
    uint8_t *enc = encode_small(&len, 1);
    int16_t out[96];
    cr_assert_eq(m8_pcm_decode(enc, len, out, 96, NULL), M8_PCM_ERR_SPACE);
    int16_t s[4] = { 0 };
    uint8_t small[30];
    cr_assert_eq(m8_pcm_encode(s, 4, 3, 1, 0, small, sizeof small), M8_PCM_ERR_ARGS);
    cr_assert_eq(m8_pcm_encode(s, 4, 1, 1, 0, small, 10), M8_PCM_ERR_SPACE);
    cr_assert_eq(m8_pcm_encode(s, 4, 1, 1, 0, small, sizeof small), 25);
    free(enc);
}
