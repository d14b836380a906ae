/* bench_carts.c - `make bench` on the benchmark carts of ../shared/bench: mote8's CPU time
 * per `_draw` (the cost model on, counting every instruction), the ratio to the fastest peer
 * runtime's figure listed in ../shared/bench/README.md (read from its table at run time),
 * and, measured in the same run, a plain C loop writing as many pixels as the cart asks
 * for per `_draw` (the pixel area its drawing calls request, from a profiled run).
 * Depends on: bench.h, api/mote8.h, api/mote8_profiler.h, runtime/platform/platform_posix.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "mote8.h"
#include "mote8_profiler.h"
#include "platform_posix.h"

#ifndef M8_SHARED_DIR
#define M8_SHARED_DIR "../shared"
#endif
#define BENCH_DIR M8_SHARED_DIR "/bench"
#define DRAWS 3000              /* as the peer's figures: 3000 draws after a warm-up */
#define WARMUP 60

typedef struct peer_figure { char cart[64]; double us; } peer_figure;

/* The rows `| cart | microseconds | goal |` of the README's table. */
static int read_peer_figures(peer_figure *out, int max)
{
    size_t len = 0;
    char *text = m8_read_file(BENCH_DIR "/README.md", &len, 0);
    if (!text) return 0;
    int n = 0;
    for (char *line = strtok(text, "\n"); line && n < max; line = strtok(NULL, "\n")) {
        if (strncmp(line, "## ", 3) == 0 && n > 0) break;   /* the next section: Lua-heavy work */
        /* | name [(a note)] | us | goal | */
        char name[64];
        double us, goal;
        const char *bar = strchr(line + 1, '|');
        if (line[0] != '|' || !bar || sscanf(line, "| %63s", name) != 1 ||
            sscanf(bar, "| %lf | %lf |", &us, &goal) != 2)
            continue;
        snprintf(out[n].cart, sizeof out[n].cart, "%s", name);
        out[n].us = us;
        n++;
    }
    free(text);
    return n;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double m8_bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

mote8 *m8_bench_start(const char *cart, const char *data, size_t len)
{
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.mute = 1;                       /* nothing listens, as in a headless run */
    m8_posix_platform(&cfg.platform);
    cfg.platform.printh = NULL;
    mote8 *m8 = mote8_create(&cfg);
    if (m8 && mote8_load_cart(m8, data, len, cart) != 0) {
        printf("%s: %s\n", cart, mote8_error(m8));
        mote8_destroy(m8);
        return NULL;
    }
    return m8;
}

static uint64_t frames_drawn(mote8 *m8)
{
    mote8_frame_cost c;
    mote8_last_frame_cost(m8, &c);
    return c.frames;
}

/* Pixels requested per _draw, from a profiled run of 120 ticks. */
static double pixels_per_draw(const char *cart, char *data, size_t len)
{
    mote8 *m8 = m8_bench_start(cart, data, len);
    if (!m8) return 0;
    mote8_profiler *p = mote8_profiler_attach(m8);
    for (int i = 0; i < 120 && mote8_tick(m8, NULL) == MOTE8_RUNNING; i++) {}
    uint64_t frames = frames_drawn(m8);
    static mote8_prof_line lines[4096];
    int n = p ? mote8_profiler_top_lines(p, 0, lines, 4096) : 0;
    double pixels = 0;
    for (int i = 0; i < n; i++) pixels += lines[i].pixels;
    mote8_profiler_free(p);
    mote8_destroy(m8);
    return frames ? pixels / (double)frames : 0;
}

/* Seconds per draw of a plain C loop writing `pixels` nibbles into a screen buffer. */
static double c_loop_seconds(double pixels)
{
    static uint8_t screen[8192];
    long n = (long)pixels;
    if (n <= 0) return 0;
    int reps = 0;
    double t0 = m8_bench_cpu_seconds(), t;
    do {
        for (long i = 0; i < n; i++) {
            long at = (i + reps) & 16383;
            uint8_t *b = &screen[at >> 1];
            *b = at & 1 ? (uint8_t)((*b & 0x0f) | (uint8_t)(i << 4)) : (uint8_t)((*b & 0xf0) | (i & 15));
        }
        reps++;
    } while ((t = m8_bench_cpu_seconds() - t0) < 0.2);
    return screen[reps & 8191] == 0xff ? t / reps * 1.0000001 : t / reps;   /* keep the writes */
}

void m8_bench_carts(void)
{
    peer_figure peers[32];
    int np = read_peer_figures(peers, 32);
    if (np == 0) {
        printf("no figures in %s/README.md: skipped\n", BENCH_DIR);
        return;
    }
    printf("CPU time per _draw, %d draws after %d warm-up ticks; peer = the figure in "
           "../shared/bench/README.md\n\n", DRAWS, WARMUP);
    printf("| cart | mote8 us/draw | peer us/draw | mote8/peer | goal 1/3 met | "
           "C loop us/draw (same pixels) | mote8/C loop |\n|---|---:|---:|---:|---|---:|---:|\n");
    for (int i = 0; i < np; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.p8", BENCH_DIR, peers[i].cart);
        size_t len = 0;
        char *data = m8_read_file(path, &len, 0);
        if (!data) {
            printf("| %s | missing | | | | | |\n", peers[i].cart);
            continue;
        }
        mote8 *m8 = m8_bench_start(peers[i].cart, data, len);
        if (!m8) {
            free(data);
            continue;
        }
        for (int k = 0; k < WARMUP; k++) mote8_tick(m8, NULL);
        uint64_t f0 = frames_drawn(m8);
        double t0 = m8_bench_cpu_seconds();
        while (frames_drawn(m8) - f0 < DRAWS && mote8_tick(m8, NULL) == MOTE8_RUNNING) {}
        double us = (m8_bench_cpu_seconds() - t0) * 1e6 / (double)(frames_drawn(m8) - f0);
        mote8_destroy(m8);
        double c_us = c_loop_seconds(pixels_per_draw(peers[i].cart, data, len)) * 1e6;
        printf("| %s | %.1f | %.0f | %.2f | %s | %.1f | %.1f |\n", peers[i].cart, us,
               peers[i].us, us / peers[i].us, us <= peers[i].us / 3 ? "yes" : "no", c_us,
               c_us > 0 ? us / c_us : 0);
        free(data);
    }
}
