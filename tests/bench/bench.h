/* bench.h - declarations of the benchmark entry points run by tests/bench/bench_main.c,
 * the CPU clock they share and a machine started for a bench cart. Other benches add
 * their declarations here.
 * Depends on: api/mote8.h, libc (clock_gettime). */
#ifndef M8_BENCH_H
#define M8_BENCH_H

#include <stddef.h>
#include <time.h>
#include "mote8.h"

void m8_bench_synth(void);
void m8_bench_gfx(void);
void m8_bench_carts(void);
void m8_bench_pcm(void);
void m8_bench_lua(void);
void m8_bench_snapshot(void);

/* A machine running `cart` (its bytes; seed 0, mute, the POSIX platform without printh), or
 * NULL with the cart's error printed (bench_carts.c). */
mote8 *m8_bench_start(const char *cart, const char *data, size_t len);

/* The median of v[0..n) (v is sorted in place; bench_carts.c). */
double m8_bench_median(double *v, int n);

/* CPU seconds used by this process (all threads). */
static inline double m8_bench_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#endif
