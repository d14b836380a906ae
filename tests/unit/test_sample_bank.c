/* test_sample_bank.c - Criterion suite "sample_bank": sample banks (runtime/core/
 * sample_bank.c): hex lines of codec streams decoded in order, stereo mixed down, a
 * missing bank empty, bad hex or a damaged stream reported with the sample's number; the
 * sample voice resampling by its rate, stopping at the end or looping, mixing at half scale;
 * samples over a minute refused before any buffer is made for them.
 * Depends on: sample_bank.h, pcm_codec.h, Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pcm_codec.h"
#include "sample_bank.h"

/* Append one stream line of the given samples to text. */
static void add_line(char *text, const int16_t *s, uint32_t frames, int channels, uint32_t rate)
{
    uint8_t enc[4096];
    long len = m8_pcm_encode(s, frames, channels, rate, 0, enc, sizeof enc);
    cr_assert_gt(len, 0);
    char *p = text + strlen(text);
    for (long i = 0; i < len; i++) p += sprintf(p, "%02x", enc[i]);
    strcpy(p, "\n");
}

static char text[65536];

Test(sample_bank, lines_decode_in_order)
{
    int16_t a[5] = { 1, -2, 300, -32768, 32767 }, b[6] = { 100, 300, -100, -300, 7, 9 };
    text[0] = 0;
    add_line(text, a, 5, 1, 11025);
    add_line(text, b, 3, 2, 0);
    m8_sample_bank bank = { 0 };
    char err[160];
    cr_assert_eq(m8_sample_bank_load(&bank, text, err, sizeof err), 2, "%s", err);
    cr_assert_eq(bank.s[0].frames, 5);
    cr_assert_eq(bank.s[0].rate, 11025);
    cr_assert(memcmp(bank.s[0].data, a, sizeof a) == 0);
    cr_assert_eq(bank.s[1].frames, 3);
    cr_assert_eq(bank.s[1].rate, M8_PCM_RATE_DEFAULT);     /* 0 Hz in the stream */
    cr_assert_eq(bank.s[1].data[0], 200);                 /* (100 + 300) / 2 */
    cr_assert_eq(bank.s[1].data[1], -200);
    cr_assert_eq(bank.s[1].data[2], 8);
    m8_sample_bank_free(&bank);
    cr_assert_eq(bank.count, 0);
    cr_assert_eq(m8_sample_bank_load(&bank, NULL, err, sizeof err), 0);
    cr_assert_eq(bank.loaded, 1);
}

Test(sample_bank, damage_names_the_sample)
{
    int16_t a[4] = { 1, 2, 3, 4 };
    char err[160];
    m8_sample_bank bank = { 0 };
    text[0] = 0;
    add_line(text, a, 4, 1, 8000);
    add_line(text, a, 4, 1, 8000);
    char *second = strchr(text, '\n') + 1;
    second[34] = second[34] == '0' ? '1' : '0';            /* a changed digit */
    cr_assert_eq(m8_sample_bank_load(&bank, text, err, sizeof err), -1);
    cr_assert(strstr(err, "sample 1: checksum mismatch"), "%s", err);
    cr_assert_eq(bank.count, 0);
    second[10] = 'x';
    cr_assert_eq(m8_sample_bank_load(&bank, text, err, sizeof err), -1);
    cr_assert(strstr(err, "sample 1: not hex digits"), "%s", err);
    second[4] = '\n';                                      /* a cut line */
    cr_assert_eq(m8_sample_bank_load(&bank, text, err, sizeof err), -1);
    cr_assert(strstr(err, "sample 1: truncated stream"), "%s", err);
}

Test(sample_bank, voice_resamples_stops_and_loops)
{
    int16_t data[4] = { 1000, 2000, 3000, 4000 };
    m8_sample s = { data, 4, 11025 };                      /* half the output rate */
    m8_sample_voice v;
    m8_sample_voice_play(&v, &s, 0, 22050);
    int16_t out[12] = { 0 };
    out[0] = 10;
    m8_sample_voice_mix(&v, out, 12);
    static const int16_t want[12] = { 510, 500, 1000, 1000, 1500, 1500, 2000, 2000, 0, 0, 0, 0 };
    for (int i = 0; i < 12; i++) cr_assert_eq(out[i], want[i], "at %d: %d", i, out[i]);
    cr_assert_null(v.s);                                   /* ended */
    m8_sample_voice_play(&v, &s, 1, 11025);                /* same rate, looping */
    int16_t loop[10] = { 0 };
    m8_sample_voice_mix(&v, loop, 10);
    for (int i = 0; i < 10; i++) cr_assert_eq(loop[i], data[i % 4] / 2);
    m8_sample_voice_advance(&v, 1000001);
    cr_assert_not_null(v.s);
    m8_sample_voice_play(&v, NULL, 0, 22050);              /* stop */
    int16_t quiet[4] = { 0 };
    m8_sample_voice_mix(&v, quiet, 4);
    for (int i = 0; i < 4; i++) cr_assert_eq(quiet[i], 0);
}

Test(sample_bank, samples_longer_than_a_minute_are_refused)
{
    /* silence codes to 5 bytes a chunk, so a short line could ask for a huge buffer */
    uint32_t frames = M8_SAMPLE_FRAMES_MAX + 1;
    int16_t *s = calloc(frames, sizeof *s);
    size_t cap = m8_pcm_bound(frames, 1, 0);
    uint8_t *enc = malloc(cap);
    long len = m8_pcm_encode(s, frames, 1, 22050, 0, enc, cap);
    cr_assert_gt(len, 0);
    cr_assert_lt(len, 2000);
    char *line = malloc(2 * (size_t)len + 2), *p = line;
    for (long i = 0; i < len; i++) p += sprintf(p, "%02x", enc[i]);
    strcpy(p, "\n");
    m8_sample_bank bank = { 0 };
    char err[160];
    cr_assert_eq(m8_sample_bank_load(&bank, line, err, sizeof err), -1);
    cr_assert(strstr(err, "sample 0: longer than"), "%s", err);
    free(line);
    free(enc);
    free(s);
}
