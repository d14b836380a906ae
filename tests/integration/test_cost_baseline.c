/* test_cost_baseline.c - speed work must not change what a cart sees: for every calibration,
 * cost, dialect, graphics and text cart of tests/carts, the bench carts of ../shared/bench, the bundled carts and
 * some heavy real carts of ../shared, a run of TICKS ticks (seed 1, no input, the counting
 * VM) gives exactly the per-frame cycles (Lua and system: stat(1)), the frames and the
 * samples recorded in tests/golden/cost_baseline.tsv, one line a cart:
 *   CART  TICKS  LUA_TOTAL  SYSTEM_TOTAL  COST_FNV  SCREEN_FNV  AUDIO_FNV
 * (COST_FNV: FNV-1a of each tick's lua and system cycles of the last frame, as 16 bytes
 * little-endian; SCREEN_FNV: of the RGB screen after each tick; AUDIO_FNV: of the samples).
 * The file was written from the code before the speed work of issue 26; rewriting it is a
 * change of the cost model or of the machine, to be said in the commit:
 *   M8_COST_BASELINE_WRITE=tests/golden/cost_baseline.tsv build/bin/m8_tests --filter cost_baseline/cycles_frames_and_samples_unchanged
 * Depends on: api/mote8.h, api/mote8_profiler.h, m8_test_util.h, Criterion. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "m8_test_util.h"
#include "mote8.h"
#include "mote8_profiler.h"

#define TICKS 90
#define BASELINE M8_SOURCE_DIR "/tests/golden/cost_baseline.tsv"

typedef struct run_record {
    uint64_t lua, system;
    uint32_t cost_fnv, screen_fnv, audio_fnv;
} run_record;

static uint32_t fnv(uint32_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static void put64(uint8_t *out, uint64_t v)
{
    for (int i = 0; i < 8; i++) out[i] = (uint8_t)(v >> (8 * i));
}

/* Run `path` TICKS ticks; 0, or -1 when it cannot be read or loaded (reason in err). */
static int run_cart(const char *path, run_record *r, char *err, size_t errsz)
{
    size_t len = 0;
    char *data = m8_read_file(path, &len, 0);
    if (!data) {
        snprintf(err, errsz, "cannot read %s", path);
        return -1;
    }
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.seed = 1;
    mote8 *m8 = mote8_create(&cfg);
    int rc = m8 ? mote8_load_cart(m8, data, len, path) : -1;
    free(data);
    if (rc != 0) {
        snprintf(err, errsz, "%s: %s", path, m8 ? mote8_error(m8) : "out of memory");
        mote8_destroy(m8);
        return -1;
    }
    memset(r, 0, sizeof *r);
    r->cost_fnv = r->screen_fnv = r->audio_fnv = 2166136261u;
    static uint8_t rgb[128 * 128 * 3];
    static int16_t samples[MOTE8_AUDIO_RATE];
    mote8_input none = { 0 };
    for (int t = 0; t < TICKS; t++) {
        int status = mote8_tick(m8, &none);
        mote8_frame_cost cost;
        mote8_last_frame_cost(m8, &cost);
        uint8_t bytes[16];
        put64(bytes, cost.lua);
        put64(bytes + 8, cost.system);
        r->cost_fnv = fnv(r->cost_fnv, bytes, sizeof bytes);
        r->lua += cost.lua;
        r->system += cost.system;
        mote8_screen_rgb(m8, rgb);
        r->screen_fnv = fnv(r->screen_fnv, rgb, sizeof rgb);
        int n;
        while ((n = mote8_pull_audio(m8, samples, MOTE8_AUDIO_RATE)) > 0)
            r->audio_fnv = fnv(r->audio_fnv, samples, (size_t)n * sizeof samples[0]);
        if (status != MOTE8_RUNNING) break;
    }
    mote8_destroy(m8);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The carts: NAME (for the file) and its path; a NULL-ended list (free with free_carts). */
static int add_dir(char **names, char **paths, int n, int max, const char *dir, const char *prefix,
                   const char *tag)
{
    DIR *d = opendir(dir);
    if (!d) return n;
    char *found[256];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) && count < 256) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0 || len < 4 ||
            strcmp(e->d_name + len - 3, ".p8") != 0)
            continue;
        found[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(found, (size_t)count, sizeof found[0], by_name);
    for (int i = 0; i < count; i++) {
        if (n < max) {
            char buf[600];
            snprintf(buf, sizeof buf, "%s/%s", tag, found[i]);
            names[n] = strdup(buf);
            snprintf(buf, sizeof buf, "%s/%s", dir, found[i]);
            paths[n] = strdup(buf);
            n++;
        }
        free(found[i]);
    }
    return n;
}

static const char *const real_carts[] = { "rgbplasma.p8", "tunnel.p8", "aasteroids.p8",
                                          "celeste_classic.p8", "newleste_city.p8",
                                          "mode7_tline3.p8", "z8_math.p8", NULL };

static int list_carts(char **names, char **paths, int max)
{
    int n = 0;
    n = add_dir(names, paths, n, max, M8_SOURCE_DIR "/tests/carts", "calib_", "tests");
    n = add_dir(names, paths, n, max, M8_SOURCE_DIR "/tests/carts", "cost_", "tests");
    n = add_dir(names, paths, n, max, M8_SOURCE_DIR "/tests/carts", "dialect_", "tests");
    n = add_dir(names, paths, n, max, M8_SOURCE_DIR "/tests/carts", "gfx_", "tests");
    n = add_dir(names, paths, n, max, M8_SOURCE_DIR "/tests/carts", "text_", "tests");
    n = add_dir(names, paths, n, max, M8_SHARED_DIR "/bench", "", "bench");
    n = add_dir(names, paths, n, max, M8_SOURCE_DIR "/carts", "", "carts");
    for (int i = 0; real_carts[i] && n < max; i++) {
        char buf[600];
        snprintf(buf, sizeof buf, "real/%s", real_carts[i]);
        names[n] = strdup(buf);
        snprintf(buf, sizeof buf, "%s/carts/real/%s", M8_SHARED_DIR, real_carts[i]);
        paths[n] = strdup(buf);
        n++;
    }
    return n;
}

Test(cost_baseline, cycles_frames_and_samples_unchanged, .timeout = 600)
{
#ifndef M8_COUNTING_VM
    cr_skip_test("built with the system's liblua5.4: Lua is charged a mean weight, not the "
                 "counting VM's cycles the baseline holds");
#endif
    char *names[200], *paths[200];
    int n = list_carts(names, paths, 200);
    cr_assert_gt(n, 40, "too few carts found (%d): is ../shared beside the project?", n);
    const char *write = getenv("M8_COST_BASELINE_WRITE");
    FILE *out = write ? fopen(write, "w") : NULL;
    if (write) cr_assert(out, "cannot write %s", write);
    char *expected = write ? NULL : m8_read_file(BASELINE, NULL, 0);
    if (!write) cr_assert(expected, "no %s (M8_COST_BASELINE_WRITE writes it)", BASELINE);
    int differ = 0;
    for (int i = 0; i < n; i++) {
        run_record r;
        char err[512], line[800];
        if (run_cart(paths[i], &r, err, sizeof err) != 0)
            cr_assert_fail("%s", err);
        snprintf(line, sizeof line, "%s\t%d\t%" PRIu64 "\t%" PRIu64 "\t%08x\t%08x\t%08x\n", names[i],
                 TICKS, r.lua, r.system, r.cost_fnv, r.screen_fnv, r.audio_fnv);
        if (out) fputs(line, out);
        else if (!strstr(expected, line)) {
            char want[800] = "(no line)";
            const char *at = strstr(expected, names[i]);
            if (at) {
                size_t k = strcspn(at, "\n");
                snprintf(want, sizeof want, "%.*s", (int)k, at);
            }
            cr_log_error("%s changed:\n  now      %s  baseline %s", names[i], line, want);
            differ++;
        }
        free(names[i]);
        free(paths[i]);
    }
    if (out) fclose(out);
    free(expected);
    cr_assert_eq(differ, 0, "%d carts' cycles, frames or samples differ from %s (columns: "
                 "cart ticks lua system cost_fnv screen_fnv audio_fnv)", differ, BASELINE);
}
