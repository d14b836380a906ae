/* bench_lua.c - `make bench` (m8_bench lua): where real carts spend their time, Lua, against
 * the fastest peer and the stock interpreter. The workloads are the rows of the "Lua-heavy
 * work" table of ../shared/bench/README.md (read at run time): real carts of
 * ../shared/carts/real (a row naming the cart) and the plain-Lua carts of ../shared/bench (a
 * row naming NAME.p8). Each is run in this process for the row's frames (seed 0, mute, the
 * cost model on, counting every instruction; the cart's start not timed) and its CPU time a
 * frame is printed beside tac08's figure as tac08/mote8 (the goal: >= 2). A plain-Lua
 * cart also has NAME.lua, the same work as a script: it is run by the unmodified `lua5.4`
 * interpreter (CPU time of the child, less that of an empty script) and mote8/stock is
 * printed (goals: 1.2 for plainlua, 1.3 for plainfrac). Medians of RUNS runs.
 * Depends on: bench.h, api/mote8.h, api/mote8_profiler.h, runtime/platform/platform_posix.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "bench.h"
#include "mote8.h"
#include "mote8_profiler.h"
#include "platform_posix.h"

#ifndef M8_SHARED_DIR
#define M8_SHARED_DIR "../shared"
#endif
#define BENCH_DIR M8_SHARED_DIR "/bench"
#define REAL_DIR M8_SHARED_DIR "/carts/real"
#define RUNS 5

typedef struct workload { char name[64]; int frames; double tac08_ms; } workload;

/* The rows `| name [(note)] | frames | ms |` after the "Lua-heavy" heading. */
static int read_workloads(workload *out, int max)
{
    size_t len = 0;
    char *text = m8_read_file(BENCH_DIR "/README.md", &len, 0);
    if (!text) return 0;
    int n = 0, in_section = 0;
    for (char *line = strtok(text, "\n"); line && n < max; line = strtok(NULL, "\n")) {
        if (strncmp(line, "## ", 3) == 0) in_section = strstr(line, "Lua-heavy") != NULL;
        if (!in_section || line[0] != '|') continue;
        char name[64];
        int frames;
        double ms;
        const char *bar = strchr(line + 1, '|');
        if (!bar || sscanf(line, "| %63s", name) != 1 || sscanf(bar, "| %d | %lf |", &frames, &ms) != 2)
            continue;
        snprintf(out[n].name, sizeof out[n].name, "%s", name);
        out[n].frames = frames;
        out[n].tac08_ms = ms;
        n++;
    }
    free(text);
    return n;
}

/* CPU seconds of mote8 running `frames` displayed frames of the cart, or -1. */
static double mote8_seconds(const char *name, const char *data, size_t len, int frames)
{
    mote8 *m8 = m8_bench_start(name, data, len);
    if (!m8) return -1;
    mote8_frame_cost c;
    double t0 = m8_bench_cpu_seconds();
    do {
        if (mote8_tick(m8, NULL) != MOTE8_RUNNING) break;
        mote8_last_frame_cost(m8, &c);
    } while (c.frames < (uint64_t)frames);
    double t = m8_bench_cpu_seconds() - t0;
    mote8_destroy(m8);
    return t;
}

/* CPU seconds of the children run by `cmd` (system()), or -1 when it fails. */
static double child_seconds(const char *cmd)
{
    struct rusage before, after;
    getrusage(RUSAGE_CHILDREN, &before);
    if (system(cmd) != 0) return -1;
    getrusage(RUSAGE_CHILDREN, &after);
    return (double)(after.ru_utime.tv_sec - before.ru_utime.tv_sec) +
           (double)(after.ru_utime.tv_usec - before.ru_utime.tv_usec) * 1e-6 +
           (double)(after.ru_stime.tv_sec - before.ru_stime.tv_sec) +
           (double)(after.ru_stime.tv_usec - before.ru_stime.tv_usec) * 1e-6;
}

void m8_bench_lua(void)
{
    workload w[16];
    int n = read_workloads(w, 16);
    if (n == 0) {
        printf("no Lua-heavy table in %s/README.md: skipped\n", BENCH_DIR);
        return;
    }
    int have_lua = system("command -v lua5.4 >/dev/null 2>&1") == 0;
    printf("CPU time per frame, medians of %d runs; tac08 = the figure in "
           "../shared/bench/README.md; stock = Debian's unmodified lua5.4 on NAME.lua%s\n\n",
           RUNS, have_lua ? "" : " (lua5.4 is not installed: no stock figures)");
    printf("| workload | frames | mote8 ms/frame | tac08 ms/frame | tac08/mote8 | "
           "stock lua5.4 ms/frame | mote8/stock |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < n; i++) {
        char path[4096], script[4096] = "";
        size_t nl = strlen(w[i].name);
        int plain = nl > 3 && strcmp(w[i].name + nl - 3, ".p8") == 0;
        if (plain) {
            snprintf(path, sizeof path, "%s/%s", BENCH_DIR, w[i].name);
            snprintf(script, sizeof script, "%s/%.*s.lua", BENCH_DIR, (int)(nl - 3), w[i].name);
        } else {
            snprintf(path, sizeof path, "%s/%s.p8", REAL_DIR, w[i].name);
        }
        size_t len = 0;
        char *data = m8_read_file(path, &len, 0);
        if (!data) {
            printf("| %s | %d | missing (%s) | | | | |\n", w[i].name, w[i].frames, path);
            continue;
        }
        double ours[RUNS], stock[RUNS];
        int stock_ok = plain && have_lua;
        for (int r = 0; r < RUNS; r++) {          /* alternated: mote8, then the stock run */
            ours[r] = mote8_seconds(w[i].name, data, len, w[i].frames);
            if (stock_ok) {
                char cmd[8300];
                snprintf(cmd, sizeof cmd, "lua5.4 '%s' >/dev/null", script);
                double full = child_seconds(cmd);
                double empty = child_seconds("lua5.4 -e '' >/dev/null");
                if (full < 0 || empty < 0) stock_ok = 0;
                else stock[r] = full - empty;
            }
        }
        free(data);
        int failed = 0;
        for (int r = 0; r < RUNS; r++) failed |= ours[r] < 0;
        if (failed) continue;                     /* the cart's error was printed */
        double ms = m8_bench_median(ours, RUNS) * 1000 / w[i].frames;
        printf("| %s | %d | %.3f | %.3f | %.2f |", w[i].name, w[i].frames, ms, w[i].tac08_ms,
               w[i].tac08_ms / ms);
        if (stock_ok) {
            double sms = m8_bench_median(stock, RUNS) * 1000 / w[i].frames;
            printf(" %.3f | %.2f |\n", sms, ms / sms);
        } else {
            printf(" | |\n");
        }
    }
}
