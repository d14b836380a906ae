/* bench_main.c - `make bench`: runs every benchmark. Each prints its figures next to a
 * baseline measured in the same run, as a ratio, so results compare across machines.
 * Usage: m8_bench [name...] (default: all). Depends on: bench.h. */
#include <stdio.h>
#include <string.h>
#include "bench.h"

typedef struct bench { const char *name; void (*run)(void); } bench;

static const bench benches[] = {
    { "synth", m8_bench_synth },
    { "gfx", m8_bench_gfx },
    { "carts", m8_bench_carts },
    { "pcm", m8_bench_pcm },
    { "lua", m8_bench_lua },
    { "snapshot", m8_bench_snapshot },
};

int main(int argc, char **argv)
{
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) {
        int wanted = argc < 2;
        for (int a = 1; a < argc; a++) wanted |= strcmp(argv[a], benches[i].name) == 0;
        if (!wanted) continue;
        printf("== %s\n", benches[i].name);
        benches[i].run();
    }
    return 0;
}
