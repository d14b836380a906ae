/* test_synth.c - Criterion suite "synth": signal tests on buffers rendered by
 * runtime/core/synth.c from SFX/music bytes written into a zeroed 64 KiB RAM image
 * (pitch per waveform, volume, each effect's shape, noise, timing, loops, LEN mode, music
 * sequencing, channel choice, instruments, filters, `\a` strings), plus every __sfx__ and
 * __music__ section of the real carts rendering to sane samples.
 * Depends on: synth.h, ram.h, cart.h (m8_cart_read_p8), Criterion, libm. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cart.h"
#include "ram.h"
#include "synth.h"

#define SR M8_AUDIO_RATE
#define TICK M8_SFX_TICK_SAMPLES

static uint8_t ram[M8_RAM_SIZE];
static m8_synth *syn;
static int16_t buf[SR * 8];

static void setup(void)
{
    memset(ram, 0, sizeof ram);
    syn = m8_synth_new(ram);
    cr_assert_not_null(syn);
}
static void teardown(void) { m8_synth_free(syn); }

TestSuite(synth, .init = setup, .fini = teardown);

/* ------------------------------------------------------------------ helpers */

static void note(int n, int i, int pitch, int wave, int vol, int fx)
{
    int custom = wave >= 8;
    uint16_t w = (uint16_t)((pitch & 63) | ((wave & 7) << 6) | ((vol & 7) << 9) | ((fx & 7) << 12) |
                            (custom << 15));
    m8_poke_16(ram, M8_SFX + n * M8_SFX_SIZE + 2 * i, w);
}
static void header(int n, int filt, int speed, int ls, int le)
{
    uint32_t a = M8_SFX + n * M8_SFX_SIZE;
    ram[a + 64] = (uint8_t)filt;
    ram[a + 65] = (uint8_t)speed;
    ram[a + 66] = (uint8_t)ls;
    ram[a + 67] = (uint8_t)le;
}
/* sfx n: every note the same */
static void fill(int n, int pitch, int wave, int vol, int fx, int speed)
{
    header(n, 0, speed, 0, 0);
    for (int i = 0; i < 32; i++) note(n, i, pitch, wave, vol, fx);
}
static void pattern(int p, int flags, int c0, int c1, int c2, int c3)
{
    uint8_t *b = ram + M8_MUSIC + 4 * p;
    b[0] = (uint8_t)c0 | ((flags & 1) ? 0x80 : 0);
    b[1] = (uint8_t)c1 | ((flags & 2) ? 0x80 : 0);
    b[2] = (uint8_t)c2 | ((flags & 4) ? 0x80 : 0);
    b[3] = (uint8_t)c3 | ((flags & 8) ? 0x80 : 0);
}
static double pfreq(double p) { return 440.0 * pow(2.0, (p - 33.0) / 12.0); }

static double rms(const int16_t *b, int n)
{
    double m = 0, s = 0;
    for (int i = 0; i < n; i++) m += b[i];
    m /= n;
    for (int i = 0; i < n; i++) s += (b[i] - m) * (b[i] - m);
    return sqrt(s / n);
}

/* normalised autocorrelation of b[0..n) at lag L */
static double acorr(const int16_t *b, int n, int L)
{
    double m = 0, sxy = 0, sxx = 0, syy = 0;
    for (int i = 0; i < n; i++) m += b[i];
    m /= n;
    for (int i = 0; i + L < n; i++) {
        double x = b[i] - m, y = b[i + L] - m;
        sxy += x * y;
        sxx += x * x;
        syy += y * y;
    }
    return sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : 0;
}

/* refine a local maximum of the autocorrelation near lag L by parabolic interpolation */
static double peak_near(const int16_t *b, int n, int L, int span)
{
    int best = L;
    double bv = -2;
    for (int l = L - span; l <= L + span; l++) {
        if (l < 2) continue;
        double v = acorr(b, n, l);
        if (v > bv) { bv = v; best = l; }
    }
    double a = acorr(b, n, best - 1), c = acorr(b, n, best + 1);
    double den = a - 2 * bv + c;
    return den < 0 ? best + 0.5 * (a - c) / den : best;
}

/* Fundamental frequency by autocorrelation: first lag whose correlation reaches 90 % of the
 * best one, then refined at the largest multiple of it that fits. 0 when no pitch. */
static double est_freq(const int16_t *b, int n)
{
    int minl = 6, maxl = n / 2;
    static double r[SR];
    double rmax = -1;
    for (int l = minl; l <= maxl; l++) {
        r[l] = acorr(b, n, l);
        if (r[l] > rmax) rmax = r[l];
    }
    if (rmax < 0.5) return 0;
    int L0 = -1;
    for (int l = minl + 1; l < maxl; l++)
        if (r[l] >= 0.9 * rmax && r[l] >= r[l - 1] && r[l] >= r[l + 1]) { L0 = l; break; }
    if (L0 < 0) return 0;
    double p0 = peak_near(b, n, L0, 1);
    int m = (int)((n / 3) / p0);
    if (m < 1) m = 1;
    double pm = peak_near(b, n, (int)lround(p0 * m), 2);
    return SR / (pm / m);
}

static int zero_crossings(const int16_t *b, int n)
{
    int z = 0;
    for (int i = 1; i < n; i++)
        if ((b[i - 1] < 0) != (b[i] < 0)) z++;
    return z;
}

/* render one sample at a time until stat(st) leaves `value`; returns samples rendered */
static int samples_while(int st, int value, int limit)
{
    int16_t x;
    int k = 0;
    while (k < limit && m8_synth_stat(syn, st) == value) {
        m8_synth_render(syn, &x, 1);
        k++;
    }
    return k;
}

/* ------------------------------------------------------------------ pitch and volume */

Test(synth, pitch_of_each_waveform)
{
    static const int waves[] = {0, 1, 2, 3, 4, 5, 7};
    static const int pitches[] = {21, 33, 45};
    for (int wi = 0; wi < 7; wi++) {
        for (int pi = 0; pi < 3; pi++) {
            m8_synth_reset(syn);
            fill(0, pitches[pi], waves[wi], 7, 0, 32);
            m8_synth_sfx(syn, 0, 0, 0, 0);
            m8_synth_render(syn, buf, 6000);
            double f = est_freq(buf + 1000, 4096), want = pfreq(pitches[pi]);
            cr_expect(fabs(f - want) / want < 0.01, "wave %d pitch %d: %.2f Hz, want %.2f",
                      waves[wi], pitches[pi], f, want);
        }
    }
}

Test(synth, pitch_table_a4_and_extremes)
{
    static const int pitches[] = {0, 12, 24, 33, 40, 52, 63};
    for (int i = 0; i < 7; i++) {
        m8_synth_reset(syn);
        fill(0, pitches[i], 0, 5, 0, 64);
        m8_synth_sfx(syn, 0, 1, 0, 0);
        m8_synth_render(syn, buf, 10000);
        double f = est_freq(buf + 1000, 8192), want = pfreq(pitches[i]);
        cr_expect(fabs(f - want) / want < 0.01, "pitch %d: %.2f Hz, want %.2f", pitches[i], f, want);
    }
}

Test(synth, volume_levels_linear)
{
    fill(0, 33, 0, 7, 0, 32);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 5000);
    double r7 = rms(buf + 500, 4000);
    m8_synth_reset(syn);
    fill(0, 33, 0, 3, 0, 32);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 5000);
    double r3 = rms(buf + 500, 4000);
    cr_assert(r3 > 100, "volume 3 audible (%f)", r3);
    cr_expect(fabs(r7 / r3 - 7.0 / 3.0) < 0.05, "rms ratio %f, want 7/3", r7 / r3);
}

Test(synth, volume_zero_is_silent)
{
    fill(0, 33, 3, 0, 0, 16);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 4000);
    for (int i = 0; i < 4000; i++) cr_assert_eq(buf[i], 0);
}

Test(synth, start_and_stop_do_not_click)
{
    fill(0, 33, 3, 7, 0, 8);   /* square: the worst case */
    for (int i = 4; i < 32; i++) note(0, i, 0, 0, 0, 0);
    int E = 4 * 8 * TICK;
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, E + 200);
    int peak = 0;
    for (int i = 500; i < 2000; i++)
        if (abs(buf[i]) > peak) peak = abs(buf[i]);
    cr_assert(peak > 1000);
    /* the envelope rises over a few ms instead of jumping to full scale */
    for (int i = 0; i < 40; i++)
        cr_expect(abs(buf[i]) <= peak * (i + 2) / 40, "start sample %d: %d (peak %d)", i, buf[i], peak);
    /* and falls the same way after the last note */
    for (int i = 0; i < 60; i++) {
        int lim = i < 50 ? peak * (52 - i) / 40 : 0;
        cr_expect(abs(buf[E + i]) <= lim, "end sample %d: %d (peak %d)", i, buf[E + i], peak);
    }
    cr_expect(abs(buf[E]) > peak / 2, "the note really ends at 4 notes x 8 ticks");
}

/* ------------------------------------------------------------------ effects */

Test(synth, slide_moves_between_notes)
{
    header(0, 0, 64, 0, 0);
    note(0, 0, 24, 0, 5, 0);
    note(0, 1, 36, 0, 5, 1);
    int L = 64 * TICK;
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 2 * L);
    /* pitch is linear in semitones over the note: compare each window with its centre */
    static const double at[3] = {0.05, 0.5, 0.95};
    for (int k = 0; k < 3; k++) {
        int c = L + (int)(at[k] * L);
        double f = est_freq(buf + c - 300, 600), want = pfreq(24 + 12 * at[k]);
        cr_expect(fabs(f - want) / want < 0.015, "at %.2f: %.1f want %.1f", at[k], f, want);
    }
}

Test(synth, slide_also_glides_volume)
{
    header(0, 0, 64, 0, 0);
    note(0, 0, 33, 0, 7, 0);
    note(0, 1, 33, 0, 1, 1);
    int L = 64 * TICK;
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 2 * L);
    double a = rms(buf + L + 200, 1000), b = rms(buf + L + L / 2, 1000), c = rms(buf + 2 * L - 1100, 1000);
    cr_expect(a > b && b > c, "volume glides down %f %f %f", a, b, c);
}

Test(synth, vibrato_oscillates)
{
    fill(0, 33, 0, 7, 2, 128);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, SR);
    double fmin = 1e9, fmax = 0, fs[80];
    int nf = 0;
    for (int st = 0; st + 600 <= SR && nf < 80; st += 300) {
        double f = est_freq(buf + st, 600);
        fs[nf++] = f;
        if (f < fmin) fmin = f;
        if (f > fmax) fmax = f;
    }
    double mean = 0;
    for (int i = 0; i < nf; i++) mean += fs[i];
    mean /= nf;
    int crossings = 0;
    for (int i = 1; i < nf; i++)
        if ((fs[i - 1] < mean) != (fs[i] < mean)) crossings++;
    cr_expect(fabs(mean - 440) / 440 < 0.01, "centre %.1f", mean);
    cr_expect(fmax / fmin > 1.008 && fmax / fmin < 1.04, "swing %.4f", fmax / fmin);
    cr_expect(crossings >= 10 && crossings <= 22, "%d crossings for ~7.5 Hz over 1 s", crossings);
}

Test(synth, drop_falls_to_zero)
{
    header(0, 0, 64, 0, 0);
    note(0, 0, 45, 0, 7, 3);
    int L = 64 * TICK;
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, L);
    double base = pfreq(45);
    double f1 = est_freq(buf + L / 4 - 500, 1000);
    double f2 = est_freq(buf + L / 2 - 700, 1400);
    cr_expect(fabs(f1 / base - 0.75) < 0.04, "quarter: %.1f of %.1f", f1, base);
    cr_expect(fabs(f2 / base - 0.5) < 0.04, "half: %.1f of %.1f", f2, base);
    int z = zero_crossings(buf + L - L / 20, L / 20);
    cr_expect(z <= 4, "last 5%% nearly still: %d crossings", z);
}

Test(synth, fade_in_and_out)
{
    for (int fx = 4; fx <= 5; fx++) {
        m8_synth_reset(syn);
        header(0, 0, 64, 0, 0);
        note(0, 0, 33, 0, 7, fx);
        int L = 64 * TICK, seg = L / 8;
        m8_synth_sfx(syn, 0, 0, 0, 0);
        m8_synth_render(syn, buf, L);
        double r[8];
        for (int k = 0; k < 8; k++) r[k] = rms(buf + k * seg, seg);
        for (int k = 1; k < 8; k++) {
            if (fx == 4) cr_expect(r[k] > r[k - 1], "fade in segment %d: %f <= %f", k, r[k], r[k - 1]);
            else cr_expect(r[k] < r[k - 1], "fade out segment %d: %f >= %f", k, r[k], r[k - 1]);
        }
        if (fx == 4) cr_expect(r[0] < 0.15 * r[7]);
        else cr_expect(r[7] < 0.15 * r[0]);
    }
}

/* measured pitch of each step of `step` samples, starting at 0 */
static void check_arp(int fx, int speed, int step_ticks)
{
    static const int ps[4] = {24, 28, 31, 36};
    m8_synth_reset(syn);
    header(0, 0, speed, 0, 0);
    for (int i = 0; i < 8; i++) note(0, i, ps[i & 3], 0, 6, fx);
    int step = step_ticks * TICK;
    m8_synth_sfx(syn, 0, 0, 0, 0);
    int total = 8 * step;
    m8_synth_render(syn, buf, total);
    for (int k = 0; k < 8; k++) {
        int n = step - 80;
        double f = est_freq(buf + k * step + 40, n);
        double want = pfreq(ps[k & 3]);
        cr_expect(fabs(f - want) / want < 0.02, "fx %d speed %d step %d: %.1f want %.1f", fx, speed,
                  k, f, want);
    }
}

Test(synth, arpeggio_fast_and_slow_step_rates)
{
    check_arp(6, 16, 4);
    check_arp(7, 16, 8);
    check_arp(6, 8, 2);
    check_arp(7, 8, 4);
    check_arp(7, 40, 8);
}

/* ------------------------------------------------------------------ noise */

static double zc_interval_cv(const int16_t *b, int n)
{
    int last = -1, cnt = 0;
    double s = 0, s2 = 0;
    for (int i = 1; i < n; i++) {
        if ((b[i - 1] < 0) != (b[i] < 0)) {
            if (last >= 0) {
                double d = i - last;
                s += d;
                s2 += d * d;
                cnt++;
            }
            last = i;
        }
    }
    if (cnt < 2) return 0;
    double m = s / cnt;
    return sqrt(s2 / cnt - m * m) / m;
}

Test(synth, noise_is_noise)
{
    fill(0, 33, 6, 6, 0, 32);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 8000);
    double cvn = zc_interval_cv(buf + 500, 7000);
    double rmaxn = 0;
    for (int l = 20; l < 400; l++) {
        double r = acorr(buf + 500, 4000, l);
        if (r > rmaxn) rmaxn = r;
    }
    cr_expect(rms(buf + 500, 7000) > 300, "noise audible");
    m8_synth_reset(syn);
    fill(0, 33, 0, 6, 0, 32);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 8000);
    double cvt = zc_interval_cv(buf + 500, 7000);
    cr_expect(cvn > 0.4, "noise zero-crossing intervals vary (cv %f)", cvn);
    cr_expect(cvt < 0.05, "tone zero-crossing intervals regular (cv %f)", cvt);
    cr_expect(rmaxn < 0.5, "noise has no period (max autocorrelation %f)", rmaxn);
}

Test(synth, noise_brightness_follows_pitch)
{
    int z[2];
    for (int k = 0; k < 2; k++) {
        m8_synth_reset(syn);
        fill(0, k ? 60 : 10, 6, 6, 0, 32);
        m8_synth_sfx(syn, 0, 0, 0, 0);
        m8_synth_render(syn, buf, 8000);
        z[k] = zero_crossings(buf + 500, 7000);
    }
    cr_expect(z[1] > 2 * z[0], "high noise brighter: %d vs %d crossings", z[1], z[0]);
}

Test(synth, deterministic)
{
    static int16_t a[20000], b[20000];
    fill(0, 20, 6, 7, 2, 4);
    fill(1, 30, 5, 7, 1, 3);
    header(1, 2 + 4 + 8 + 24, 3, 0, 0);
    m8_synth_sfx(syn, 0, -1, 0, 0);
    m8_synth_sfx(syn, 1, -1, 0, 0);
    m8_synth_render(syn, a, 20000);
    m8_synth *t = m8_synth_new(ram);
    m8_synth_sfx(t, 0, -1, 0, 0);
    m8_synth_sfx(t, 1, -1, 0, 0);
    m8_synth_render(t, b, 20000);
    m8_synth_free(t);
    cr_assert(memcmp(a, b, sizeof a) == 0);
    m8_synth_reset(syn);
    m8_synth_sfx(syn, 0, -1, 0, 0);
    m8_synth_sfx(syn, 1, -1, 0, 0);
    m8_synth_render(syn, b, 20000);
    cr_assert(memcmp(a, b, sizeof a) == 0, "reset reseeds");
}

/* ------------------------------------------------------------------ timing, loops, sfx() */

Test(synth, note_duration_is_183_times_speed)
{
    static const int speeds[] = {1, 3, 16, 255, 0};
    for (int k = 0; k < 5; k++) {
        m8_synth_reset(syn);
        memset(ram + M8_SFX, 0, M8_SFX_SIZE);
        header(0, 0, speeds[k], 0, 0);
        for (int i = 0; i < 3; i++) note(0, i, 30, 1, 5, 0);
        m8_synth_sfx(syn, 0, 2, 0, 0);
        int sp = speeds[k] ? speeds[k] : 1;
        cr_expect_eq(m8_synth_stat(syn, 50 + 2), 0);
        int n0 = samples_while(50 + 2, 0, 1 << 22);
        cr_expect_eq(n0, TICK * sp, "speed %d: first note %d samples", sp, n0);
        cr_expect_eq(m8_synth_stat(syn, 52), 1);
        int rest = samples_while(48, 0, 1 << 22);
        cr_expect_eq(n0 + rest, 3 * TICK * sp, "speed %d: three notes %d samples", sp, n0 + rest);
        cr_expect_eq(m8_synth_stat(syn, 48), -1);
    }
}

Test(synth, plays_32_notes_when_last_note_audible)
{
    fill(3, 30, 0, 2, 0, 2);
    m8_synth_sfx(syn, 3, 1, 0, 0);
    cr_expect_eq(samples_while(47, 3, 1 << 20), 32 * 2 * TICK);
}

Test(synth, loop_then_release)
{
    fill(0, 30, 0, 4, 0, 1);
    header(0, 0, 1, 2, 5);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 40 * TICK);
    int16_t x;
    int maxnote = 0;
    for (int i = 0; i < 40 * TICK; i++) {
        m8_synth_render(syn, &x, 1);
        int nn = m8_synth_stat(syn, 50);
        cr_assert(nn >= 2 && nn <= 4, "looping between 2 and 4, got %d", nn);
        if (nn > maxnote) maxnote = nn;
    }
    cr_expect_eq(maxnote, 4);
    cr_expect_eq(m8_synth_stat(syn, 46), 0);
    m8_synth_sfx(syn, -2, 0, 0, 0);
    int k = samples_while(46, 0, 1 << 20);
    cr_expect(k <= 32 * TICK && k > 26 * TICK, "released: runs to the end (%d samples)", k);
}

Test(synth, len_mode_plays_start_notes)
{
    fill(0, 30, 0, 4, 0, 2);
    header(0, 0, 2, 4, 0);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    cr_expect_eq(samples_while(46, 0, 1 << 20), 4 * 2 * TICK);
}

Test(synth, offset_and_length)
{
    fill(0, 30, 0, 4, 0, 1);
    m8_synth_sfx(syn, 0, 1, 5, 3);
    cr_expect_eq(m8_synth_stat(syn, 51), 5);
    cr_expect_eq(samples_while(47, 0, 1 << 20), 3 * TICK);
    m8_synth_sfx(syn, 0, 1, 30, 0);
    cr_expect_eq(samples_while(47, 0, 1 << 20), 2 * TICK);
}

Test(synth, stop_forms)
{
    fill(1, 30, 0, 4, 0, 16);
    fill(2, 30, 0, 4, 0, 16);
    m8_synth_sfx(syn, 1, 0, 0, 0);
    m8_synth_sfx(syn, 2, 1, 0, 0);
    m8_synth_sfx(syn, 1, 2, 0, 0);
    cr_expect_eq(m8_synth_stat(syn, 46), 1);
    cr_expect_eq(m8_synth_stat(syn, 47), 2);
    cr_expect_eq(m8_synth_stat(syn, 48), 1);
    m8_synth_sfx(syn, 1, -2, 0, 0);          /* stop sfx 1 everywhere */
    cr_expect_eq(m8_synth_stat(syn, 46), -1);
    cr_expect_eq(m8_synth_stat(syn, 47), 2);
    cr_expect_eq(m8_synth_stat(syn, 48), -1);
    m8_synth_sfx(syn, -1, 1, 0, 0);          /* stop channel 1 */
    cr_expect_eq(m8_synth_stat(syn, 47), -1);
    m8_synth_sfx(syn, 1, 0, 0, 0);
    m8_synth_sfx(syn, 2, 3, 0, 0);
    m8_synth_sfx(syn, -1, -1, 0, 0);         /* stop all */
    for (int c = 0; c < 4; c++) cr_expect_eq(m8_synth_stat(syn, 46 + c), -1);
    /* the sound fades out within a few ms instead of cutting */
    m8_synth_render(syn, buf, 200);
    for (int i = 100; i < 200; i++) cr_expect_eq(buf[i], 0);
}

Test(synth, auto_channel_selection)
{
    for (int n = 1; n <= 6; n++) fill(n, 20 + n, 0, 4, 0, 10 + n);
    for (int n = 1; n <= 4; n++) m8_synth_sfx(syn, n, -1, 0, 0);
    for (int c = 0; c < 4; c++) cr_expect_eq(m8_synth_stat(syn, 46 + c), c + 1);
    m8_synth_render(syn, buf, 1000);
    m8_synth_sfx(syn, 3, -1, 0, 0);          /* same sfx: restarts on its own channel */
    cr_expect_eq(m8_synth_stat(syn, 48), 3);
    cr_expect_eq(m8_synth_stat(syn, 52), 0);
    m8_synth_sfx(syn, 5, -1, 0, 0);          /* all busy: the fastest (sfx 1, speed 11) */
    cr_expect_eq(m8_synth_stat(syn, 46), 5);
    m8_synth_sfx(syn, 2, 3, 0, 0);           /* explicit channel: sfx 2 on 1 and 3 */
    m8_synth_sfx(syn, 2, -1, 0, 0);          /* auto: one copy only */
    int copies = 0;
    for (int c = 0; c < 4; c++) copies += m8_synth_stat(syn, 46 + c) == 2;
    cr_expect_eq(copies, 1);
    m8_synth_sfx(syn, -1, 2, 0, 0);
    m8_synth_sfx(syn, 6, -1, 0, 0);          /* idle channel first */
    cr_expect_eq(m8_synth_stat(syn, 48), 6);
}

Test(synth, music_mask_reserves_channels)
{
    fill(1, 24, 0, 4, 0, 16);
    fill(9, 40, 0, 4, 0, 16);
    pattern(0, 0, 1, 1, 0x42, 0x43);
    m8_synth_music(syn, 0, 0, 3);
    cr_expect_eq(m8_synth_stat(syn, 46), 1);
    cr_expect_eq(m8_synth_stat(syn, 47), 1);
    m8_synth_sfx(syn, 9, -1, 0, 0);
    cr_expect_eq(m8_synth_stat(syn, 48), 9, "first unreserved channel");
    m8_synth_sfx(syn, 9, 0, 0, 0);           /* explicit: may use a music channel */
    cr_expect_eq(m8_synth_stat(syn, 46), 9);
}

Test(synth, music_resumes_after_sfx)
{
    fill(1, 24, 0, 4, 0, 16);
    fill(9, 40, 0, 4, 0, 1);
    pattern(0, 0, 1, 0x41, 0x42, 0x43);
    m8_synth_music(syn, 0, 0, 0);
    m8_synth_sfx(syn, 9, -1, 0, 0);          /* auto: idle channel 1 */
    cr_expect_eq(m8_synth_stat(syn, 47), 9);
    m8_synth_sfx(syn, 9, 0, 0, 4);           /* explicit over the music */
    cr_expect_eq(m8_synth_stat(syn, 46), 9);
    m8_synth_render(syn, buf, 4 * TICK);
    cr_expect_eq(m8_synth_stat(syn, 46), 1, "music part back");
    cr_expect_eq(m8_synth_stat(syn, 50), 0, "music kept its place (%d)", m8_synth_stat(syn, 50));
    m8_synth_render(syn, buf, 16 * TICK);
    cr_expect_eq(m8_synth_stat(syn, 50), 1);
}

/* ------------------------------------------------------------------ music */

/* render tick by tick and record the sequence of patterns seen */
static int pattern_sequence(int *seq, int max, int limit)
{
    int n = 0, last = -2;
    for (int t = 0; t < limit; t++) {
        int p = m8_synth_stat(syn, 54);
        if (p != last) {
            if (n < max) seq[n++] = p;
            last = p;
            if (p < 0) break;
        }
        m8_synth_render(syn, buf, TICK);
    }
    return n;
}

Test(synth, music_loops_back_to_loop_start)
{
    for (int n = 1; n <= 4; n++) fill(n, 20 + n, 0, 4, 0, 1);
    pattern(0, 0, 1, 0x41, 0x42, 0x43);
    pattern(1, 1, 2, 0x41, 0x42, 0x43);      /* loop start */
    pattern(2, 0, 3, 0x41, 0x42, 0x43);
    pattern(3, 2, 4, 0x41, 0x42, 0x43);      /* loop back */
    m8_synth_music(syn, 0, 0, 0);
    cr_expect_eq(m8_synth_stat(syn, 57), 1);
    int seq[16];
    int n = pattern_sequence(seq, 9, 9 * 32);
    static const int want[9] = {0, 1, 2, 3, 1, 2, 3, 1, 2};
    cr_assert_eq(n, 9);
    for (int i = 0; i < 9; i++) cr_expect_eq(seq[i], want[i], "step %d: %d", i, seq[i]);
    cr_expect(m8_synth_stat(syn, 55) >= 8, "patterns played %d", m8_synth_stat(syn, 55));
}

Test(synth, music_loop_back_without_loop_start_goes_to_zero)
{
    fill(1, 20, 0, 4, 0, 1);
    pattern(0, 0, 1, 0x41, 0x42, 0x43);
    pattern(1, 2, 1, 0x41, 0x42, 0x43);
    m8_synth_music(syn, 0, 0, 0);
    int seq[8];
    int n = pattern_sequence(seq, 5, 5 * 32);
    cr_assert_eq(n, 5);
    for (int i = 0; i < 5; i++) cr_expect_eq(seq[i], i & 1);
}

Test(synth, music_stop_flag_and_empty_pattern)
{
    fill(1, 20, 0, 4, 0, 1);
    pattern(0, 0, 1, 0x41, 0x42, 0x43);
    pattern(1, 4, 1, 0x41, 0x42, 0x43);      /* stop at end */
    pattern(2, 0, 1, 0x41, 0x42, 0x43);
    m8_synth_music(syn, 0, 0, 0);
    cr_expect_eq(samples_while(57, 1, 1 << 20), 2 * 32 * TICK);
    cr_expect_eq(m8_synth_stat(syn, 54), -1);
    cr_expect_eq(m8_synth_stat(syn, 46), -1);
    /* pattern 4 is empty (zeroed RAM is not empty: 0x41..0x44 is) */
    pattern(3, 0, 1, 0x41, 0x42, 0x43);
    pattern(4, 0, 0x41, 0x42, 0x43, 0x44);
    m8_synth_music(syn, 3, 0, 0);
    cr_expect_eq(samples_while(57, 1, 1 << 20), 32 * TICK);
    m8_synth_music(syn, 4, 0, 0);
    cr_expect_eq(m8_synth_stat(syn, 57), 0, "empty pattern does not play");
}

Test(synth, music_pattern_length_rules)
{
    fill(1, 20, 0, 4, 0, 1);
    header(1, 0, 1, 8, 0);                   /* LEN mode: 8 notes */
    fill(2, 24, 0, 4, 0, 2);                 /* 32 notes at speed 2 */
    fill(3, 27, 0, 4, 0, 1);
    header(3, 0, 1, 0, 4);                   /* loops */
    pattern(0, 0, 0x41, 3, 1, 2);            /* left-most non-looping: channel 2 (sfx 1) */
    pattern(1, 0, 3, 3, 0x42, 0x43);         /* all loop: longest 32 notes */
    pattern(2, 4, 2, 1, 0x42, 0x43);         /* left-most is sfx 2: 64 ticks */
    m8_synth_music(syn, 0, 0, 0);
    cr_expect_eq(samples_while(54, 0, 1 << 20), 8 * TICK);
    cr_expect_eq(samples_while(54, 1, 1 << 20), 32 * TICK);
    m8_synth_render(syn, buf, 10 * TICK + 5);
    cr_expect_eq(m8_synth_stat(syn, 56), 10, "ticks on pattern");
    cr_expect_eq(m8_synth_stat(syn, 55), 2);
    cr_expect_eq(samples_while(54, 2, 1 << 20), 64 * TICK - 10 * TICK - 5);
}

Test(synth, music_fade_in_and_out)
{
    fill(1, 33, 0, 7, 0, 32);
    pattern(0, 0, 1, 0x41, 0x42, 0x43);
    m8_synth_music(syn, 0, 1000, 0);
    m8_synth_render(syn, buf, SR);
    double a = rms(buf, 2000), b = rms(buf + SR - 2000, 2000);
    cr_expect(a < 0.2 * b, "fade in %f -> %f", a, b);
    m8_synth_music(syn, -1, 500, 0);
    cr_expect_eq(m8_synth_stat(syn, 57), 1, "still playing while fading out");
    m8_synth_render(syn, buf, SR / 2 + 10);
    cr_expect_eq(m8_synth_stat(syn, 57), 0);
    m8_synth_render(syn, buf, 500);
    for (int i = 100; i < 500; i++) cr_expect_eq(buf[i], 0);
}

/* A muted machine advances the synth without rendering: every stat() figure moves exactly
 * as when rendering (music with loops, LEN mode, fades, an sfx cut short). */
Test(synth, advance_without_sound_matches_render)
{
    fill(1, 20, 0, 4, 0, 1);
    header(1, 0, 1, 8, 0);
    fill(2, 24, 1, 5, 2, 3);
    fill(3, 27, 3, 4, 1, 2);
    header(3, 0, 2, 4, 12);
    fill(5, 30, 2, 6, 5, 5);
    pattern(0, 1, 1, 2, 0x43, 0x44);
    pattern(1, 0, 3, 2, 1, 0x44);
    pattern(2, 2, 2, 3, 0x42, 0x43);
    m8_synth *quiet = m8_synth_new(ram);
    cr_assert_not_null(quiet);
    m8_synth_music(syn, 0, 300, 0);
    m8_synth_music(quiet, 0, 300, 0);
    int changes = 0, last = -2;
    for (int t = 0; t < 600; t++) {
        if (t == 40) {
            m8_synth_sfx(syn, 5, -1, 2, 6);
            m8_synth_sfx(quiet, 5, -1, 2, 6);
        }
        if (t == 400) {
            m8_synth_music(syn, -1, 500, 0);
            m8_synth_music(quiet, -1, 500, 0);
        }
        int n = t % 2 ? 735 : 367;                 /* ticks of 60 and 30 fps */
        m8_synth_render(syn, buf, n);
        m8_synth_advance(quiet, n);
        for (int k = 46; k <= 57; k++)
            cr_assert_eq(m8_synth_stat(quiet, k), m8_synth_stat(syn, k), "stat(%d) at tick %d", k, t);
        changes += m8_synth_stat(syn, 54) != last;
        last = m8_synth_stat(syn, 54);
    }
    cr_expect_geq(changes, 4, "the music moved through its patterns and stopped");
    m8_synth_free(quiet);
}

Test(synth, stat_16_to_26_mirror)
{
    fill(5, 30, 0, 4, 0, 4);
    m8_synth_sfx(syn, 5, 2, 3, 0);
    cr_expect_eq(m8_synth_stat(syn, 18), 5);
    cr_expect_eq(m8_synth_stat(syn, 22), 3);
    cr_expect_eq(m8_synth_stat(syn, 16), -1);
    cr_expect_eq(m8_synth_stat(syn, 24), -1);
    cr_expect_eq(m8_synth_stat(syn, 57), 0);
}

/* ------------------------------------------------------------------ instruments, filters */

Test(synth, sfx_instrument_transposes)
{
    fill(0, 24, 0, 7, 0, 4);                 /* instrument: C2 triangle, looping */
    header(0, 0, 4, 0, 8);
    header(10, 0, 64, 0, 0);
    note(10, 0, 33, 8 + 0, 7, 0);            /* custom instrument 0 at A2 */
    note(10, 1, 45, 8 + 0, 7, 0);
    m8_synth_sfx(syn, 10, 0, 0, 0);
    int L = 64 * TICK;
    m8_synth_render(syn, buf, 2 * L);
    double f0 = est_freq(buf + 1000, 4096), f1 = est_freq(buf + L + 1000, 4096);
    cr_expect(fabs(f0 - 440) / 440 < 0.01, "%.1f", f0);
    cr_expect(fabs(f1 - 880) / 880 < 0.01, "%.1f", f1);
    cr_expect(rms(buf + 1000, 4096) > 1000);
}

Test(synth, sfx_instrument_inner_notes_play)
{
    header(1, 0, 8, 0, 2);                   /* two-note arpeggio instrument, looping */
    note(1, 0, 24, 0, 7, 0);
    note(1, 1, 31, 0, 7, 0);
    header(10, 0, 64, 0, 0);
    note(10, 0, 24, 8 + 1, 7, 0);
    m8_synth_sfx(syn, 10, 0, 0, 0);
    m8_synth_render(syn, buf, 4 * 8 * TICK);
    double a = est_freq(buf + 100, 8 * TICK - 200), b = est_freq(buf + 8 * TICK + 100, 8 * TICK - 200);
    double c = est_freq(buf + 16 * TICK + 100, 8 * TICK - 200);
    cr_expect(fabs(a - pfreq(24)) / pfreq(24) < 0.01, "%.1f", a);
    cr_expect(fabs(b - pfreq(31)) / pfreq(31) < 0.01, "%.1f", b);
    cr_expect(fabs(c - pfreq(24)) / pfreq(24) < 0.01, "loops back: %.1f", c);
}

Test(synth, sfx_instrument_retrigger_rule)
{
    header(0, 0, 4, 0, 0);                   /* one-shot instrument: 4 ticks of sound */
    note(0, 0, 24, 0, 7, 0);
    int L = 16 * TICK;
    double r[2];
    for (int k = 0; k < 2; k++) {
        m8_synth_reset(syn);
        header(10, 0, 16, 0, 0);
        note(10, 0, 30, 8 + 0, 7, 0);
        note(10, 1, 30, 8 + 0, 7, k ? 3 : 0); /* same pitch: only effect 3 retriggers */
        m8_synth_sfx(syn, 10, 0, 0, 0);
        m8_synth_render(syn, buf, 2 * L);
        cr_expect(rms(buf + 200, 2 * TICK) > 1000, "first note sounds");
        cr_expect(rms(buf + 6 * TICK, 8 * TICK) < 1, "one-shot instrument ended");
        r[k] = rms(buf + L + 100, 2 * TICK);
    }
    cr_expect(r[0] < 1, "same pitch, no retrigger: silent (%f)", r[0]);
    cr_expect(r[1] > 1000, "effect 3 retriggers (%f)", r[1]);
}

Test(synth, auto_choice_dropped_when_all_reserved)
{
    fill(1, 24, 0, 4, 0, 16);
    fill(9, 40, 0, 4, 0, 16);
    pattern(0, 0, 1, 0x41, 0x42, 0x43);
    m8_synth_music(syn, 0, 0, 15);
    m8_synth_sfx(syn, 9, -1, 0, 0);
    for (int c = 0; c < 4; c++) cr_expect_neq(m8_synth_stat(syn, 46 + c), 9);
    m8_synth_music(syn, -1, 0, 0);           /* reservation ends with the music */
    m8_synth_sfx(syn, 9, -1, 0, 0);
    cr_expect_eq(m8_synth_stat(syn, 46), 9);
}

Test(synth, waveform_instrument)
{
    uint32_t a = M8_SFX + 2 * M8_SFX_SIZE;
    for (int i = 0; i < 64; i++) ram[a + i] = (uint8_t)(int8_t)lrint(100 * sin(2 * 3.14159265358979 * i / 64));
    ram[a + 65] = 1;
    ram[a + 66] = 0x80;
    header(11, 0, 32, 0, 0);
    note(11, 0, 33, 8 + 2, 7, 0);
    m8_synth_sfx(syn, 11, 0, 0, 0);
    m8_synth_render(syn, buf, 6000);
    double f = est_freq(buf + 1000, 4096);
    cr_expect(fabs(f - 440) / 440 < 0.01, "%.1f", f);
    /* a sine: zero crossings regular and only two per period */
    int z = zero_crossings(buf + 1000, 4096);
    cr_expect(abs(z - (int)lround(2 * 440.0 * 4096 / SR)) <= 2, "%d crossings", z);
}

Test(synth, pokes_take_effect_while_playing)
{
    fill(0, 33, 0, 6, 0, 32);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 3000);
    for (int i = 0; i < 32; i++) note(0, i, 45, 0, 6, 0);
    m8_synth_render(syn, buf, 6000);
    double f = est_freq(buf + 1000, 4096);
    cr_expect(fabs(f - 880) / 880 < 0.01, "%.1f", f);
}

Test(synth, filters_change_the_sound)
{
    static int16_t plain[12000], b[12000];
    /* a square note of 2 ticks then silence */
    header(0, 0, 8, 0, 0);
    note(0, 0, 33, 3, 7, 0);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, plain, 12000);
    double tail_plain = rms(plain + 8 * TICK + 200, 1000);
    cr_expect(tail_plain < 1.0);
    double rough_plain = 0;
    for (int i = 101; i < 1400; i++) rough_plain += (double)(plain[i] - plain[i - 1]) * (plain[i] - plain[i - 1]);

    static const struct { int filt; const char *name; } cases[] = {
        {8, "detune 1"}, {16, "detune 2"}, {24, "reverb 1"}, {48, "reverb 2"},
        {72, "dampen 1"}, {144, "dampen 2"}, {4, "buzz"},
    };
    for (int k = 0; k < 7; k++) {
        m8_synth_reset(syn);
        header(0, cases[k].filt, 8, 0, 0);
        m8_synth_sfx(syn, 0, 0, 0, 0);
        m8_synth_render(syn, b, 12000);
        cr_expect(memcmp(b, plain, sizeof b) != 0, "%s changes the output", cases[k].name);
        if (cases[k].filt == 24 || cases[k].filt == 48) {
            double tail = rms(b + 8 * TICK + 20, 300);
            cr_expect(tail > 300, "%s leaves an echo (%f)", cases[k].name, tail);
        }
        if (cases[k].filt == 72 || cases[k].filt == 144) {
            double rough = 0;
            for (int i = 101; i < 1400; i++) rough += (double)(b[i] - b[i - 1]) * (b[i] - b[i - 1]);
            cr_expect(rough < 0.7 * rough_plain, "%s smooths (%g vs %g)", cases[k].name, rough, rough_plain);
        }
    }
}

Test(synth, noiz_and_buzz_noise_variants)
{
    fill(0, 33, 6, 6, 0, 32);
    header(0, 2, 32, 0, 0);                  /* NOIZ: white */
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 6000);
    int zw = zero_crossings(buf + 500, 5000);
    m8_synth_reset(syn);
    header(0, 4, 32, 0, 0);                  /* BUZZ: brown */
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 6000);
    int zb = zero_crossings(buf + 500, 5000);
    cr_expect(zw > 1500, "white noise crosses often (%d)", zw);
    cr_expect(zb < zw / 4, "brown noise is dark (%d vs %d)", zb, zw);
    cr_expect(rms(buf + 500, 5000) > 300);
}

Test(synth, halfrate_hardware_byte)
{
    fill(0, 45, 0, 6, 0, 2);
    for (int i = 1; i < 32; i++) note(0, i, 0, 0, 0, 0);
    ram[M8_AUDIO_HALFRATE] = 1;              /* channel 0: half speed, an octave down */
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 3 * TICK);
    double f = est_freq(buf + 100, 3 * TICK - 100);
    cr_expect(fabs(f - 440) / 440 < 0.01, "%.1f", f);
    cr_expect_eq(samples_while(46, 0, 1 << 20), 4 * TICK - 3 * TICK);
}

/* What a note fixes is read once per note and per render call (the note plan): pokes to the
 * hardware byte and to the speed between two render calls still count from the next one. */
Test(synth, pokes_between_renders_reach_a_sounding_note)
{
    fill(0, 45, 0, 6, 0, 64);
    m8_synth_sfx(syn, 0, 0, 0, 0);
    m8_synth_render(syn, buf, 1000);
    ram[M8_AUDIO_HALFRATE] = 0x10;           /* channel 0: an octave down, same speed */
    m8_synth_render(syn, buf, 3000);
    double f = est_freq(buf + 100, 2800);
    cr_expect(fabs(f - 440) / 440 < 0.01, "%.1f", f);
    ram[M8_AUDIO_HALFRATE] = 0;
    m8_synth_render(syn, buf, 3000);
    f = est_freq(buf + 100, 2800);
    cr_expect(fabs(f - 880) / 880 < 0.01, "%.1f", f);
    cr_expect_eq(m8_synth_stat(syn, 50), 0, "still on the first note");
    ram[M8_SFX + 65] = 1;                    /* speed 64 -> 1: the note is long over */
    m8_synth_render(syn, buf, 1);
    cr_expect_eq(m8_synth_stat(syn, 50), 1, "the new speed ends the note at once");
}

/* A small LCG; a function (not a macro) so several draws in one argument list are
 * sequenced. */
static int lcg_next(uint32_t *x)
{
    *x = *x * 1664525u + 1013904223u;
    return (int)(*x >> 8);
}

Test(synth, random_data_and_calls_are_safe)
{
    uint32_t x = 12345;
#define RND() lcg_next(&x)
    for (int round = 0; round < 20; round++) {
        for (int a = M8_MUSIC; a < M8_USER; a++) ram[a] = (uint8_t)RND();
        for (int a = M8_AUDIO_HALFRATE; a <= M8_AUDIO_DAMPEN; a++) ram[a] = (uint8_t)RND();
        for (int k = 0; k < 8; k++) {
            int what = RND() % 3;
            if (what == 0) m8_synth_sfx(syn, RND() % 70 - 3, RND() % 7 - 3, RND() % 40 - 4, RND() % 40 - 4);
            else if (what == 1) m8_synth_music(syn, RND() % 70 - 2, RND() % 300 - 20, RND() % 16);
            else {
                char str[12];
                for (int i = 0; i < 11; i++) str[i] = (char)(RND() % 96 + 32);
                str[11] = 0;
                int used = m8_synth_play_string(syn, ram, str, 11);
                cr_assert(used >= 0 && used <= 11);
            }
            m8_synth_render(syn, buf, 2000);
            for (int i = 0; i < 2000; i++) cr_assert(buf[i] != INT16_MIN);
            for (int n = 16; n <= 57; n++) {
                int v = m8_synth_stat(syn, n);
                cr_assert(v >= -1 && v < 1 << 20, "stat(%d) = %d", n, v);
            }
        }
    }
#undef RND
}

/* ------------------------------------------------------------------ audio strings */

Test(synth, audio_string_writes_and_plays)
{
    const char *str = "s6i3v7ce-g#4.x5b1 rest";
    int used = m8_synth_play_string(syn, ram, str, (int)strlen(str));
    cr_expect_eq(used, 17);
    uint32_t a = M8_SFX + 60 * M8_SFX_SIZE;
    cr_expect_eq(ram[a + 65], 6);
    int want[6][4] = {{24, 3, 7, 0}, {27, 3, 7, 0}, {56, 3, 7, 0}, {-1, 0, 0, 0}, {23, 3, 7, 5}};
    for (int i = 0; i < 5; i++) {
        unsigned w = ram[a + 2 * i] | (ram[a + 2 * i + 1] << 8);
        if (want[i][0] < 0) { cr_expect_eq((w >> 9) & 7, 0, "rest"); continue; }
        cr_expect_eq(w & 63, (unsigned)want[i][0], "note %d pitch %u", i, w & 63);
        cr_expect_eq((w >> 6) & 7, (unsigned)want[i][1]);
        cr_expect_eq((w >> 9) & 7, (unsigned)want[i][2]);
        cr_expect_eq((w >> 12) & 7, (unsigned)want[i][3]);
    }
    int playing = 0;
    for (int c = 0; c < 4; c++) playing |= m8_synth_stat(syn, 46 + c) == 60;
    cr_expect(playing);
    /* a second string takes the next free slot */
    m8_synth_play_string(syn, ram, "c", 1);
    playing = 0;
    for (int c = 0; c < 4; c++) playing |= m8_synth_stat(syn, 46 + c) == 61;
    cr_expect(playing);
    /* an explicit index with no data replays what is there */
    fill(12, 33, 0, 5, 0, 4);
    cr_expect_eq(m8_synth_play_string(syn, ram, "12", 2), 2);
    playing = 0;
    for (int c = 0; c < 4; c++) playing |= m8_synth_stat(syn, 46 + c) == 12;
    cr_expect(playing);
    m8_synth_render(syn, buf, 4000);
    cr_expect(rms(buf, 4000) > 100);
}

/* ------------------------------------------------------------------ real carts */

static int sane(const int16_t *b, int n, int *nonzero)
{
    for (int i = 0; i < n; i++) {
        if (b[i] != 0) (*nonzero)++;
        if (b[i] == INT16_MIN) return 0;   /* never produced: the mixer clamps symmetrically */
    }
    return 1;
}

Test(synth, real_carts_render, .timeout = 240)
{
    const char *dir = M8_SHARED_DIR "/carts/real";
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "no %s", dir);
    struct dirent *e;
    int carts = 0;
    m8_cart *cart = malloc(sizeof *cart);
    cr_assert_not_null(cart);
    while ((e = readdir(d))) {
        size_t nl = strlen(e->d_name);
        if (nl < 3 || strcmp(e->d_name + nl - 3, ".p8") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        cr_assert_not_null(f);
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *text = malloc((size_t)len + 1);
        cr_assert_eq(fread(text, 1, (size_t)len, f), (size_t)len);
        fclose(f);
        m8_cart_error err;
        int rc = m8_cart_read_p8(cart, text, (size_t)len, &err);
        free(text);
        cr_expect_eq(rc, 0, "%s: %s", e->d_name, err.message);
        if (rc != 0) continue;
        carts++;
        memset(ram, 0, sizeof ram);
        memcpy(ram, cart->rom, M8_ROM_DATA_SIZE);
        int has_sfx = 0;
        for (int n = 0; n < 64; n++)
            for (int i = 0; i < 32; i++)
                if ((ram[M8_SFX + n * 68 + 2 * i + 1] >> 1) & 7) has_sfx = 1;
        m8_synth_reset(syn);
        int nonzero = 0;
        for (int n = 0; n < 64; n++) {
            m8_synth_sfx(syn, n, -1, 0, 0);
            m8_synth_render(syn, buf, SR / 4);
            cr_assert(sane(buf, SR / 4, &nonzero), "%s sfx %d", e->d_name, n);
        }
        m8_synth_reset(syn);
        m8_synth_music(syn, 0, 0, 0);
        for (int k = 0; k < 4; k++) {
            m8_synth_render(syn, buf, SR);
            cr_assert(sane(buf, SR, &nonzero), "%s music", e->d_name);
        }
        if (has_sfx) cr_expect(nonzero > 0, "%s: sfx data but silent", e->d_name);
        m8_cart_free(cart);
    }
    closedir(d);
    free(cart);
    cr_expect(carts > 10, "%d carts", carts);
}
