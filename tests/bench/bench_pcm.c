/* bench_pcm.c - the bit-plane PCM codec (runtime/core/pcm_codec.c) on five signals of 20 s
 * of mono 16-bit audio at 22050 Hz (a sine, a square wave, white noise, quiet noise, 8-bit
 * material stored as 16 bits): compression ratio and encode/decode speed in times real
 * time, next to FLAC (Debian's `flac` command, default level 5, no padding or seek table) run
 * on the same WAV files in the same run; FLAC's speed includes starting the process. When
 * `flac` is missing its columns are skipped with a message. Every decode is checked against
 * the input. Depends on: pcm_codec.h, bench.h, libm, POSIX (system, mkdtemp, stat). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "pcm_codec.h"

#define RATE 22050
#define SECONDS 20
#define FRAMES (RATE * SECONDS)
#define PI 3.14159265358979323846
#define ROUNDS 5

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint32_t noise_state = 12345;
static int noise(void)
{
    noise_state ^= noise_state << 13;
    noise_state ^= noise_state >> 17;
    noise_state ^= noise_state << 5;
    return (int)(noise_state & 0xffff) - 32768;
}

static void make_signal(int kind, int16_t *s)
{
    for (int i = 0; i < FRAMES; i++) {
        double t = (double)i / RATE;
        switch (kind) {
        case 0: s[i] = (int16_t)lrint(16000 * sin(2 * PI * 440 * t)); break;
        case 1: s[i] = (int16_t)((i / 50) & 1 ? 12000 : -12000); break;         /* 220.5 Hz */
        case 2: s[i] = (int16_t)noise(); break;
        case 3: s[i] = (int16_t)(noise() >> 10); break;                          /* +-32 */
        default: {                                           /* a chip tune at 8 bits */
            int note = (int)(t * 8) % 8, period = 40 + 6 * note;
            int v = ((i % period) < period / 2 ? 90 : -90) + (int)(40 * sin(2 * PI * 110 * t));
            s[i] = (int16_t)(v * 256);
        }
        }
    }
}

static const char *const names[] = { "sine 440 Hz", "square 220 Hz", "white noise",
                                     "quiet noise", "8-bit as 16" };

static int write_wav(const char *path, const int16_t *s, int n)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    uint8_t h[44];
    uint32_t data = (uint32_t)n * 2;
    memcpy(h, "RIFF\0\0\0\0WAVEfmt \x10\0\0\0\x01\0\x01\0", 24);
    uint32_t fields[] = { 36 + data, RATE, RATE * 2, data };
    for (int k = 0; k < 4; k++) h[4 + k] = (uint8_t)(fields[0] >> (8 * k));
    for (int k = 0; k < 4; k++) h[24 + k] = (uint8_t)(fields[1] >> (8 * k));
    for (int k = 0; k < 4; k++) h[28 + k] = (uint8_t)(fields[2] >> (8 * k));
    h[32] = 2; h[33] = 0; h[34] = 16; h[35] = 0;
    memcpy(h + 36, "data", 4);
    for (int k = 0; k < 4; k++) h[40 + k] = (uint8_t)(fields[3] >> (8 * k));
    int ok = fwrite(h, 1, 44, f) == 44;
    for (int i = 0; i < n && ok; i++) {
        uint8_t b[2] = { (uint8_t)s[i], (uint8_t)((uint16_t)s[i] >> 8) };
        ok = fwrite(b, 1, 2, f) == 2;
    }
    return fclose(f) == 0 && ok ? 0 : -1;
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* Run a shell command ROUNDS times; the best wall time, or -1 when it fails. */
static double timed(const char *cmd)
{
    double best = -1;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = wall_seconds();
        if (system(cmd) != 0) return -1;
        double t = wall_seconds() - t0;
        if (best < 0 || t < best) best = t;
    }
    return best;
}

void m8_bench_pcm(void)
{
    int16_t *s = malloc(FRAMES * sizeof *s), *back = malloc(FRAMES * sizeof *back);
    size_t cap = m8_pcm_bound(FRAMES, 1, 0);
    uint8_t *enc = malloc(cap);
    char dir[] = "/tmp/m8_bench_pcm_XXXXXX";
    if (!s || !back || !enc || !mkdtemp(dir)) {
        printf("pcm: cannot allocate or make a temporary folder\n");
        free(s); free(back); free(enc);
        return;
    }
    int have_flac = system("flac --version >/dev/null 2>&1") == 0;
    if (!have_flac)
        printf("flac not found (apt-get install flac): its columns are skipped\n");
    printf("%d s of mono 16-bit at %d Hz per signal (%d bytes); ratio = output / input;\n"
           "speed = times real time (best of %d; flac: wall time of the process)\n\n",
           SECONDS, RATE, FRAMES * 2, ROUNDS);
    printf("| signal | m8pcm ratio | m8pcm bits/sample | m8pcm encode | m8pcm decode |"
           " flac ratio | flac encode | flac decode |\n");
    printf("|---|---|---|---|---|---|---|---|\n");
    for (int kind = 0; kind < 5; kind++) {
        make_signal(kind, s);
        long len = 0;
        double enc_best = -1, dec_best = -1;
        for (int r = 0; r < ROUNDS; r++) {
            double t0 = m8_bench_cpu_seconds();
            len = m8_pcm_encode(s, FRAMES, 1, RATE, 0, enc, cap);
            double t1 = m8_bench_cpu_seconds();
            int st = m8_pcm_decode(enc, (size_t)len, back, FRAMES, NULL);
            double t2 = m8_bench_cpu_seconds();
            if (len < 0 || st != M8_PCM_OK || memcmp(s, back, FRAMES * sizeof *s) != 0) {
                printf("| %s | ROUND TRIP FAILED (%ld, %d) |\n", names[kind], len, st);
                len = -1;
                break;
            }
            if (enc_best < 0 || t1 - t0 < enc_best) enc_best = t1 - t0;
            if (dec_best < 0 || t2 - t1 < dec_best) dec_best = t2 - t1;
        }
        if (len < 0) continue;
        printf("| %s | %.3f | %.2f | %.0fx | %.0fx |", names[kind], (double)len / (FRAMES * 2),
               8.0 * (double)len / FRAMES, SECONDS / enc_best, SECONDS / dec_best);
        if (!have_flac) {
            printf(" - | - | - |\n");
            continue;
        }
        char wav[128], fl[128], back_wav[128], cmd[512];
        snprintf(wav, sizeof wav, "%s/%d.wav", dir, kind);
        snprintf(fl, sizeof fl, "%s/%d.flac", dir, kind);
        snprintf(back_wav, sizeof back_wav, "%s/%d.back.wav", dir, kind);
        if (write_wav(wav, s, FRAMES)) {
            printf(" cannot write %s |\n", wav);
            continue;
        }
        snprintf(cmd, sizeof cmd, "flac -s -f --no-padding --no-seektable -o %s %s", fl, wav);
        double fe = timed(cmd);
        snprintf(cmd, sizeof cmd, "flac -s -f -d -o %s %s", back_wav, fl);
        double fd = fe < 0 ? -1 : timed(cmd);
        long fsize = file_size(fl);
        if (fe < 0 || fd < 0 || fsize < 0) printf(" flac failed | - | - |\n");
        else printf(" %.3f | %.0fx | %.0fx |\n", (double)fsize / (FRAMES * 2), SECONDS / fe,
                    SECONDS / fd);
        remove(wav);
        remove(fl);
        remove(back_wav);
    }
    rmdir(dir);
    free(s);
    free(back);
    free(enc);
}
