/* test_pcm_tool.c - build/bin/mote8-pcm run as a process: encode and decode WAV files
 * (mono, stereo with an extra chunk before the data, an empty one) back to the same samples;
 * usage errors (exit 2); bad input (exit 1, the file named): a missing file, an 8-bit WAV, a
 * WAV that is not PCM, a truncated WAV, a truncated or damaged stream; import into a
 * cart's sample bank, then the cart playing it (sample()), and a damaged bank.
 * Depends on: m8_test_util.h (m8t_run_tool, m8_read_file), Criterion, libm. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"

static const char *tmp(const char *name) { return m8t_tmp_path("pcm", name); }

static void put16(FILE *f, unsigned v) { fputc(v & 0xff, f); fputc((v >> 8) & 0xff, f); }
static void put32(FILE *f, unsigned v) { put16(f, v & 0xffff); put16(f, v >> 16); }

/* A WAV file of `frames` frames (sample i of channel c from the formula below); `bits` and
 * `format` go into the fmt chunk as given; `extra` adds a LIST chunk of odd size first. */
static const char *write_wav(const char *name, int channels, unsigned frames, int bits,
                             int format, int extra)
{
    const char *p = tmp(name);
    FILE *f = fopen(p, "wb");
    cr_assert(f);
    unsigned data = frames * channels * 2;
    fputs("RIFF", f);
    put32(f, 4 + 24 + 8 + data + (extra ? 8 + 6 : 0));
    fputs("WAVE", f);
    if (extra) {
        fputs("LIST", f);
        put32(f, 5);
        fwrite("INFOx\0", 1, 6, f);     /* 5 bytes and the pad byte */
    }
    fputs("fmt ", f);
    put32(f, 16);
    put16(f, (unsigned)format);
    put16(f, (unsigned)channels);
    put32(f, 11025);
    put32(f, 11025u * channels * 2);
    put16(f, (unsigned)channels * 2);
    put16(f, (unsigned)bits);
    fputs("data", f);
    put32(f, data);
    for (unsigned i = 0; i < frames; i++)
        for (int c = 0; c < channels; c++)
            put16(f, (unsigned)(uint16_t)(int16_t)lrint(9000 * sin(i * 0.05 * (c + 1))
                                                        + (int)(i % 7) * 3));
    fclose(f);
    return p;
}

static int pcm(m8_run_result *r, const char *cmd, const char *a, const char *b)
{
    const char *args[] = { cmd, a, b, NULL };
    m8t_run_tool(r, "mote8-pcm", args);
    return r->exit_code;
}

/* Samples of a WAV file written by the tool (from byte 44), compared to the original's. */
static void assert_same_samples(const char *orig, size_t orig_data_at, const char *decoded)
{
    size_t la, lb;
    char *a = m8_read_file(orig, &la, 1 << 24), *b = m8_read_file(decoded, &lb, 1 << 24);
    cr_assert(a && b);
    cr_assert_eq(la - orig_data_at, lb - 44, "%zu vs %zu sample bytes", la - orig_data_at, lb - 44);
    cr_assert(memcmp(a + orig_data_at, b + 44, lb - 44) == 0, "samples differ");
    cr_assert(memcmp(b + 22, a + orig_data_at - 22, 2) == 0, "channel count differs");
    free(a);
    free(b);
}

Test(pcm_tool, mono_round_trip)
{
    m8_run_result r;
    const char *wav = write_wav("mono.wav", 1, 12345, 16, 1, 0);
    cr_assert_eq(pcm(&r, "encode", wav, tmp("mono.m8p")), 0, "%s", r.err);
    cr_assert(strstr(r.out, "12345 frames, 1 channel"), "%s", r.out);
    cr_assert_eq(pcm(&r, "decode", tmp("mono.m8p"), tmp("mono_out.wav")), 0, "%s", r.err);
    assert_same_samples(wav, 44, tmp("mono_out.wav"));
}

Test(pcm_tool, stereo_with_an_extra_chunk_round_trip)
{
    m8_run_result r;
    const char *wav = write_wav("st.wav", 2, 5001, 16, 1, 1);
    cr_assert_eq(pcm(&r, "encode", wav, tmp("st.m8p")), 0, "%s", r.err);
    cr_assert_eq(pcm(&r, "decode", tmp("st.m8p"), tmp("st_out.wav")), 0, "%s", r.err);
    assert_same_samples(wav, 44 + 14, tmp("st_out.wav"));
}

Test(pcm_tool, empty_wav_round_trip)
{
    m8_run_result r;
    const char *wav = write_wav("empty.wav", 1, 0, 16, 1, 0);
    cr_assert_eq(pcm(&r, "encode", wav, tmp("empty.m8p")), 0, "%s", r.err);
    cr_assert_eq(pcm(&r, "decode", tmp("empty.m8p"), tmp("empty_out.wav")), 0, "%s", r.err);
    assert_same_samples(wav, 44, tmp("empty_out.wav"));
}

Test(pcm_tool, usage_errors_exit_2)
{
    m8_run_result r;
    const char *none[] = { NULL };
    m8t_run_tool(&r, "mote8-pcm", none);
    cr_assert_eq(r.exit_code, 2);
    cr_assert(strstr(r.err, "usage"));
    const char *one[] = { "encode", "x.wav", NULL };
    m8t_run_tool(&r, "mote8-pcm", one);
    cr_assert_eq(r.exit_code, 2);
    cr_assert_eq(pcm(&r, "squash", "a", "b"), 2);
    cr_assert(strstr(r.err, "unknown command 'squash'"));
    const char *help[] = { "--help", NULL };
    m8t_run_tool(&r, "mote8-pcm", help);
    cr_assert_eq(r.exit_code, 0);
    cr_assert(strstr(r.out, "encode IN.wav OUT"));
}

Test(pcm_tool, bad_wav_input_exits_1_naming_the_file)
{
    m8_run_result r;
    cr_assert_eq(pcm(&r, "encode", tmp("missing.wav"), tmp("x.m8p")), 1);
    cr_assert(strstr(r.err, "missing.wav"));
    const char *w8 = write_wav("eight.wav", 1, 100, 8, 1, 0);
    cr_assert_eq(pcm(&r, "encode", w8, tmp("x.m8p")), 1);
    cr_assert(strstr(r.err, "eight.wav: not 16-bit samples"), "%s", r.err);
    const char *wf = write_wav("float.wav", 1, 100, 16, 3, 0);
    cr_assert_eq(pcm(&r, "encode", wf, tmp("x.m8p")), 1);
    cr_assert(strstr(r.err, "not PCM"), "%s", r.err);
    /* a WAV cut short inside its data chunk */
    const char *full = write_wav("cut.wav", 1, 100, 16, 1, 0);
    cr_assert_eq(truncate(full, 44 + 50), 0);
    cr_assert_eq(pcm(&r, "encode", full, tmp("x.m8p")), 1);
    cr_assert(strstr(r.err, "truncated data chunk"), "%s", r.err);
}

Test(pcm_tool, truncated_and_damaged_streams_exit_1)
{
    m8_run_result r;
    const char *wav = write_wav("src.wav", 2, 3000, 16, 1, 0);
    cr_assert_eq(pcm(&r, "encode", wav, tmp("src.m8p")), 0, "%s", r.err);
    size_t len;
    char *s = m8_read_file(tmp("src.m8p"), &len, 1 << 24);
    cr_assert(s);
    FILE *f = fopen(tmp("cut.m8p"), "wb");
    fwrite(s, 1, len / 2, f);
    fclose(f);
    cr_assert_eq(pcm(&r, "decode", tmp("cut.m8p"), tmp("x.wav")), 1);
    cr_assert(strstr(r.err, "cut.m8p: truncated stream"), "%s", r.err);
    s[len / 3] ^= 0x10;
    f = fopen(tmp("bad.m8p"), "wb");
    fwrite(s, 1, len, f);
    fclose(f);
    cr_assert_eq(pcm(&r, "decode", tmp("bad.m8p"), tmp("x.wav")), 1);
    cr_assert(strstr(r.err, "bad.m8p: "), "%s", r.err);
    cr_assert_eq(pcm(&r, "decode", wav, tmp("x.wav")), 1);
    cr_assert(strstr(r.err, "bad magic"), "%s", r.err);
    free(s);
}

/* --- sample banks: mote8-pcm import, then a cart playing them with sample() --- */

static const char *write_bank_cart(const char *name)
{
    const char *p = tmp(name);
    FILE *f = fopen(p, "w");
    cr_assert(f);
    fputs("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
          "f=0\nfunction _update()\n if f==0 then printh('len '..sample(1)..' '..sample(9)) sample(1) end\n"
          " f+=1\nend\n", f);
    fclose(f);
    return p;
}

Test(pcm_tool, import_into_a_sample_bank_and_play)
{
    m8_run_result r;
    const char *cart = write_bank_cart("bank.p8");
    const char *mono = write_wav("b0.wav", 1, 3000, 16, 1, 0);
    const char *st = write_wav("b1.wav", 2, 2205, 16, 1, 0);
    const char *args[] = { "import", cart, mono, st, NULL };
    m8t_run_tool(&r, "mote8-pcm", args);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_assert(strstr(r.out, "sample 1: "), "%s", r.out);
    size_t len;
    char *text = m8_read_file(cart, &len, 1 << 24);
    cr_assert(text && strstr(text, "\n__meta:mote8_samples__\n"), "%s", text);

    /* play it: sample 1 (stereo, mixed down) at 11025 Hz, its frames as the return value */
    mote8_config cfg = { 0 };
    m8t_capture cap = { .len = 0 };
    cfg.platform.printh = m8t_capture_printh;
    cfg.platform.user = &cap;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, text, len, cart), 0, "%s", mote8_error(m8));
    mote8_input in = { 0 };
    static int16_t s[8192];
    int got = 0;
    for (int f = 0; f < 8; f++) {
        cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING, "%s", mote8_error(m8));
        got += mote8_pull_audio(m8, s + got, 8192 - got);
    }
    cr_assert(strstr(cap.text, "len 2205 0"), "%s", cap.text);
    /* 2205 frames at 11025 Hz = 0.2 s = 4410 output samples: each held twice, half scale */
    cr_assert_gt(got, 4420);
    long loud = 0;
    for (int i = 0; i < 4410; i++) loud += s[i] != 0;
    cr_assert_gt(loud, 4000);
    for (int i = 4412; i < got; i++) cr_assert_eq(s[i], 0, "still playing at %d", i);
    for (int i = 0; i < 4400; i += 2) cr_assert_eq(s[i], s[i + 1], "not held at %d", i);
    mote8_destroy(m8);

    /* a second import adds after the first two; .p8.png carts are refused */
    const char *again[] = { "import", cart, mono, NULL };
    m8t_run_tool(&r, "mote8-pcm", again);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_assert(strstr(r.out, "sample 2: "), "%s", r.out);
    const char *png[] = { "import", tmp("x.p8.png"), mono, NULL };
    m8t_run_tool(&r, "mote8-pcm", png);
    cr_assert_eq(r.exit_code, 1);
    cr_assert(strstr(r.err, "only in .p8 carts"), "%s", r.err);
    const char *none[] = { "import", cart, NULL };
    m8t_run_tool(&r, "mote8-pcm", none);
    cr_assert_eq(r.exit_code, 2);
    free(text);
}

Test(pcm_tool, a_damaged_bank_is_a_cart_error)
{
    const char *cart = tmp("broken.p8");
    FILE *f = fopen(cart, "w");
    fputs("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nsample(0)\n"
          "__meta:mote8_samples__\n4d385043010100\n", f);
    fclose(f);
    char printed[256], error[1024];
    int st = m8t_run_cart(cart, 2, NULL, printed, sizeof printed, error, sizeof error);
    cr_assert_eq(st, MOTE8_ERROR);
    cr_assert(strstr(error, "sample bank, sample 0: truncated stream"), "%s", error);
}
