/* bench_snapshot.c - `m8_bench snapshot`: machine states (docs/snapshots.md) of the racer
 * and three heavy real carts of ../shared/carts/real after 300 ticks: the state's size, the
 * heap's own figure (stat(0) is not reachable from here: the arena's used part is most of
 * the state), the CPU time of a save (mote8_state_size + mote8_state_save) and of a load,
 * medians of 7 rounds of 20, next to the CPU time of one tick of the same cart measured in
 * the same run. Then the window's rewind history (runtime/host/common/rewind.c) over 30
 * seconds of the cart with wandering input: the memory its shared-page states take (against
 * the states' bytes were none shared), and the CPU time a step back takes on average.
 * Depends on: bench.h, api/mote8.h, runtime/platform/platform_posix.h, common/rewind.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "mote8.h"
#include "platform_posix.h"
#include "rewind.h"

#ifndef M8_SHARED_DIR
#define M8_SHARED_DIR "../shared"
#endif
#define WARM_TICKS 300
#define ROUNDS 7
#define REPS 20

static void bench_one(const char *name, const char *data, size_t len)
{
    mote8 *m8 = m8_bench_start(name, data, len);
    if (!m8) return;
    for (int i = 0; i < WARM_TICKS; i++) mote8_tick(m8, NULL);
    size_t size = mote8_state_size(m8);
    if (!size) {
        printf("%-22s no state: %s\n", name, mote8_state_error(m8));
        mote8_destroy(m8);
        return;
    }
    void *buf = malloc(size);
    double save[ROUNDS], load[ROUNDS], tick[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = m8_bench_cpu_seconds();
        for (int i = 0; i < REPS; i++) {
            size_t n = mote8_state_size(m8);
            if (n > size || mote8_state_save(m8, buf, n) != 0) {
                printf("%-22s save failed: %s\n", name, mote8_state_error(m8));
                goto out;
            }
        }
        double t1 = m8_bench_cpu_seconds();
        for (int i = 0; i < REPS; i++) {
            if (mote8_state_load(m8, buf, size) != 0) {
                printf("%-22s load failed: %s\n", name, mote8_state_error(m8));
                goto out;
            }
        }
        double t2 = m8_bench_cpu_seconds();
        for (int i = 0; i < REPS; i++) mote8_tick(m8, NULL);
        double t3 = m8_bench_cpu_seconds();
        if (mote8_state_load(m8, buf, size) != 0) goto out;   /* back to the same state */
        save[r] = (t1 - t0) / REPS;
        load[r] = (t2 - t1) / REPS;
        tick[r] = (t3 - t2) / REPS;
    }
    printf("%-22s state %8.1f KiB   save %7.3f ms   load %7.3f ms   (a tick: %6.3f ms)\n",
           name, (double)size / 1024.0, m8_bench_median(save, ROUNDS) * 1e3,
           m8_bench_median(load, ROUNDS) * 1e3, m8_bench_median(tick, ROUNDS) * 1e3);
out:
    free(buf);
    mote8_destroy(m8);
}

/* 30 seconds of rewind history for the cart: its memory and a step back's CPU time. */
static void bench_rewind(const char *name, const char *data, size_t len)
{
    mote8 *m8 = m8_bench_start(name, data, len);
    if (!m8) return;
    m8_rewind *rw = m8_rewind_create(30, (size_t)4096 << 20);
    if (!rw || m8_rewind_clear(rw, m8) != 0) {
        printf("%-22s rewind: no state: %s\n", name, mote8_state_error(m8));
        m8_rewind_destroy(rw);
        mote8_destroy(m8);
        return;
    }
    int ticks = 30 * mote8_fps(m8) + 60;      /* a little more than the history keeps */
    double unshared = 0;
    for (int t = 1; t <= ticks; t++) {
        mote8_input in;
        memset(&in, 0, sizeof in);
        in.buttons[0] = (uint8_t)(((uint32_t)t * 2654435761u >> 27) & 0x3f);
        mote8_tick(m8, &in);
        m8_rewind_record(rw, m8, &in);
        if (t % REWIND_EVERY == 0 && t > ticks - 30 * mote8_fps(m8))
            unshared += (double)mote8_state_size(m8);
    }
    long kept = m8_rewind_ticks(rw);
    size_t bytes = m8_rewind_bytes(rw);
    int steps = kept < 300 ? (int)kept : 300;
    double t0 = m8_bench_cpu_seconds();
    for (int i = 0; i < steps; i++) m8_rewind_step_back(rw, m8);
    double t1 = m8_bench_cpu_seconds();
    printf("%-22s rewind %5.1f s kept in %6.1f MiB (unshared %6.1f MiB)   a step back %6.3f ms\n",
           name, (double)kept / mote8_fps(m8), (double)bytes / 1048576.0, unshared / 1048576.0,
           steps ? (t1 - t0) / steps * 1e3 : 0.0);
    m8_rewind_destroy(rw);
    mote8_destroy(m8);
}

void m8_bench_snapshot(void)
{
    size_t len = 0;
    const void *racer = mote8_bundled_cart("racer", &len);
    if (racer) {
        bench_one("racer", racer, len);
        bench_rewind("racer", racer, len);
    }
    static const char *const heavy[] = { "newleste_city.p8", "rgbplasma.p8", "mode7_tline3.p8",
                                         NULL };
    for (int i = 0; heavy[i]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/carts/real/%s", M8_SHARED_DIR, heavy[i]);
        char *data = m8_read_file(path, &len, 0);
        if (!data) {
            printf("%-22s not found (%s): skipped\n", heavy[i], path);
            continue;
        }
        bench_one(heavy[i], data, len);
        bench_rewind(heavy[i], data, len);
        free(data);
    }
}
