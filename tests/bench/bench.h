/* bench.h - declarations of the benchmark entry points run by tests/bench/bench_main.c.
 * Other benches add their declarations here. Depends on: nothing. */
#ifndef M8_BENCH_H
#define M8_BENCH_H

void m8_bench_synth(void);
void m8_bench_gfx(void);

#endif
