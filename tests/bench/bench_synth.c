/* bench_synth.c - synth throughput: 60 s of audio with 4 busy channels (music on 3,
 * a looping SFX with filters on the 4th), reported as times real time, next to a baseline
 * loop writing the same number of samples of a sine in the same run.
 * Depends on: synth.h, ram.h, bench.h, libm, POSIX clock_gettime. */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "ram.h"
#include "synth.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void put_note(uint8_t *ram, int n, int i, int pitch, int wave, int vol, int fx)
{
    m8_poke_16(ram, M8_SFX + n * M8_SFX_SIZE + 2 * i,
               (uint16_t)(pitch | (wave << 6) | (vol << 9) | (fx << 12)));
}

void m8_bench_synth(void)
{
    enum { SECONDS = 60, CHUNK = 512 };
    uint8_t *ram = calloc(M8_RAM_SIZE, 1);
    int16_t out[CHUNK];
    if (!ram) return;
    /* sfx 1-3: every waveform and effect in turn; sfx 4: noise + detune/reverb/dampen loop */
    for (int n = 1; n <= 4; n++) {
        uint32_t a = M8_SFX + n * M8_SFX_SIZE;
        ram[a + 64] = n == 4 ? (uint8_t)(2 * 0 + 8 + 24 + 72) : (uint8_t)(n == 2 ? 4 : 0);
        ram[a + 65] = (uint8_t)(4 + n);
        ram[a + 66] = 0;
        ram[a + 67] = n == 4 ? 32 : 0;
        for (int i = 0; i < 32; i++)
            put_note(ram, n, i, (i * 7 + n * 5) % 64, n == 4 ? 6 : (i + n) & 7, 5 + (i & 1), i & 7);
    }
    for (int p = 0; p < 4; p++) {   /* patterns 0-3 loop: channels 0-2 music */
        uint8_t *b = ram + M8_MUSIC + 4 * p;
        b[0] = (uint8_t)(1 | (p == 0 ? 0x80 : 0));
        b[1] = (uint8_t)(2 | (p == 3 ? 0x80 : 0));
        b[2] = 3;
        b[3] = 0x44;
    }
    m8_synth *s = m8_synth_new(ram);
    m8_synth_music(s, 0, 0, 7);
    m8_synth_sfx(s, 4, 3, 0, 0);
    long total = (long)SECONDS * M8_AUDIO_RATE;
    long check = 0;
    double t0 = cpu_seconds();
    for (long done = 0; done < total; done += CHUNK) {
        m8_synth_render(s, out, CHUNK);
        check += out[CHUNK / 2];
    }
    double t_synth = cpu_seconds() - t0;
    m8_synth_free(s);

    /* baseline: the same number of samples of a plain sine */
    double ph = 0;
    t0 = cpu_seconds();
    for (long done = 0; done < total; done += CHUNK) {
        for (int i = 0; i < CHUNK; i++) {
            out[i] = (int16_t)lrintf(sinf((float)ph) * 8000.0f);
            ph += 2 * 3.14159265358979 * 440.0 / M8_AUDIO_RATE;
            if (ph > 2 * 3.14159265358979) ph -= 2 * 3.14159265358979;
        }
        check += out[CHUNK / 2];
    }
    double t_base = cpu_seconds() - t0;
    free(ram);
    if (t_synth <= 0) t_synth = 1e-9;
    if (t_base <= 0) t_base = 1e-9;
    printf("synth: %.1f times real time (%d s of 4-channel audio in %.3f s CPU)\n",
           SECONDS / t_synth, SECONDS, t_synth);
    printf("synth: baseline sine loop %.1f times real time; synth costs %.1fx the baseline"
           " (checksum %ld)\n", SECONDS / t_base, t_synth / t_base, check);
}
