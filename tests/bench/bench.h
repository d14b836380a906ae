/* bench.h - declarations of the benchmark entry points run by tests/bench/bench_main.c,
 * and the CPU clock they share. Other benches add their declarations here.
 * Depends on: libc (clock_gettime). */
#ifndef M8_BENCH_H
#define M8_BENCH_H

#include <time.h>

void m8_bench_synth(void);
void m8_bench_gfx(void);
void m8_bench_carts(void);
void m8_bench_pcm(void);

/* CPU seconds used by this process (all threads). */
static inline double m8_bench_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#endif
