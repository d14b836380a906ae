/* mote8-compat.c - the compatibility runner: runs every cart (.p8, .p8.png, .p8.rom) of a
 * folder headless for N frames with a scripted pseudo-random input and records, per cart,
 * whether it loaded (the file decodes) and compiled, how many frames it ran, its first
 * error (tab:line message; also an error that ended a coroutine, which the cart may have
 * swallowed: "coroutine: ..." and no pass), how many distinct frames and colours it showed, host
 * milliseconds per frame, the peak stat(1) and its final screenshot.
 *
 * Usage: mote8-compat [--dir DIR] [--frames N] [--out OUTDIR] [--jobs J] [--cart-timeout S]
 *   defaults: ../shared/carts/real, 1800 frames, compat-out, 2 jobs (both cores), 300 s.
 * Writes OUTDIR/results.jsonl (one JSON object per cart, sorted by name), OUTDIR/results.md
 * (a markdown table and the pass count), OUTDIR/contact-sheet.png (every final frame, named
 * in results.md's order) and OUTDIR/shots/CART.png. Each cart runs in a child process, so a
 * crash or a hang (past --cart-timeout) is a failing row, not the end of the run. Exits 0
 * whenever the outputs were written (also when carts fail), 2 on a usage error, 1 when the
 * folder or the outputs cannot be used.
 * Input script: a fixed-seed generator holds a random button mask (arrows, sometimes O or X)
 * for 3-12 frames at a time; O is pressed at frames 10, 40, 70 and X at 25, 55 so title
 * screens and menus are passed.
 * Depends on: api/mote8.h, api/mote8_profiler.h (the frame cost), platform_posix.h (the
 * POSIX platform services). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "mote8.h"
#include "mote8_profiler.h"
#include "platform_posix.h"

#define COMPAT_MAX_CARTS 1024
#define COMPAT_INPUT_SEED 0x6d6f7465u
#define COMPAT_HASH_SLOTS 8192          /* distinct-frame set; more frames than this saturate */

typedef struct compat_options {
    const char *dir, *out;
    int frames, jobs, cart_timeout;
} compat_options;

/* One cart's findings (filled in the child, passed to the parent as one text line). */
typedef struct compat_result {
    char cart[256];
    int loaded, compiled, frames, stopped, distinct_frames, colours, passed;
    double ms_per_frame, peak_cpu;
    char error[512];
} compat_result;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void quiet_printh(void *user, const char *text) { (void)user; (void)text; }

/* ---------------------------------------------------------------- input script --- */

typedef struct input_script {
    uint32_t state;
    int hold_left;
    uint8_t mask;
} input_script;

static uint32_t next_random(input_script *s)
{
    s->state ^= s->state << 13;
    s->state ^= s->state >> 17;
    s->state ^= s->state << 5;
    return s->state;
}

/* Player 0's buttons at frame f: held random masks plus the early O/X presses. */
static uint8_t script_buttons(input_script *s, int f)
{
    if (s->hold_left <= 0) {
        uint32_t r = next_random(s);
        uint8_t dirs[] = { 0, 1, 2, 4, 8, 1 | 4, 2 | 4, 1 | 8, 2 | 8 };
        s->mask = dirs[r % 9];
        if ((r >> 8) % 4 == 0) s->mask |= 16;
        if ((r >> 12) % 4 == 0) s->mask |= 32;
        s->hold_left = 3 + (int)((r >> 16) % 10);
    }
    s->hold_left--;
    uint8_t b = s->mask;
    if ((f >= 10 && f < 13) || (f >= 40 && f < 43) || (f >= 70 && f < 73)) b |= 16;
    if ((f >= 25 && f < 28) || (f >= 55 && f < 58)) b |= 32;
    return b;
}

/* ---------------------------------------------------------------- one cart --- */

static uint64_t hash_rgb(const uint8_t *rgb, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ rgb[i]) * 1099511628211ull;
    return h ? h : 1;
}

/* Insert into an open-addressed set; returns 1 when new. */
static int set_insert(uint64_t *slots, uint64_t h)
{
    for (size_t i = h % COMPAT_HASH_SLOTS, n = 0; n < COMPAT_HASH_SLOTS;
         i = (i + 1) % COMPAT_HASH_SLOTS, n++) {
        if (slots[i] == h) return 0;
        if (!slots[i]) {
            slots[i] = h;
            return 1;
        }
    }
    return 0;
}

static void first_line(const char *msg, char *out, size_t outsz)
{
    snprintf(out, outsz, "%.*s", (int)strcspn(msg, "\n"), msg);
}

/* Run one cart; fills r and writes its final frame to shot_path. */
/* msg without a leading "DIR/" (errors name the cart as the results do, by its file name). */
static const char *without_dir(const compat_options *o, const char *msg)
{
    size_t n = strlen(o->dir);
    return strncmp(msg, o->dir, n) == 0 && msg[n] == '/' ? msg + n + 1 : msg;
}

static void run_cart(const compat_options *o, const char *name, const char *shot_path,
                     compat_result *r)
{
    static uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    static uint64_t seen[COMPAT_HASH_SLOTS];
    char path[2048], err[512];
    snprintf(path, sizeof path, "%s/%s", o->dir, name);
    memset(rgb, 0, sizeof rgb);
    size_t len = 0;
    char *data = m8_read_file(path, &len, MOTE8_CART_FILE_MAX);
    mote8_cart *decoded = data ? mote8_cart_decode(data, len, name, err, sizeof err) : NULL;
    r->loaded = decoded != NULL;
    if (!data) snprintf(r->error, sizeof r->error, "%s: cannot read: %s", name, strerror(errno));
    else if (!decoded) first_line(err, r->error, sizeof r->error);
    mote8_cart_destroy(decoded);
    if (r->loaded) {
        mote8_config cfg = { 0 };
        cfg.have_seed = 1;
        cfg.seed = 1;
        cfg.mute = 1;
        /* confined to the cart's folder, as mote8 runs it */
        static m8_posix_files files;
        if (m8_posix_confine(&files, path, err, sizeof err) == 0)
            m8_posix_platform_confined(&cfg.platform, &files);
        else
            m8_posix_platform(&cfg.platform);
        cfg.platform.printh = quiet_printh;    /* user stays &files: printh ignores it */
        mote8 *m8 = mote8_create(&cfg);
        /* named by its path, as mote8 names it: #include, load() and reload() names are
           looked up in the cart's folder, not in this tool's working directory */
        r->compiled = m8 && mote8_load_cart(m8, data, len, path) == 0;
        if (!r->compiled) {
            first_line(m8 ? without_dir(o, mote8_error(m8)) : "out of memory", r->error,
                       sizeof r->error);
        } else {
            uint16_t colour_seen[1 << 12] = { 0 };
            memset(seen, 0, sizeof seen);
            input_script script = { COMPAT_INPUT_SEED, 0, 0 };
            double start = now_ms();
            int f = 0, status = MOTE8_RUNNING;
            for (; f < o->frames; f++) {
                mote8_input in;
                memset(&in, 0, sizeof in);
                in.buttons[0] = script_buttons(&script, f);
                status = mote8_tick(m8, &in);
                if (status == MOTE8_ERROR) break;
                mote8_frame_cost cost;
                mote8_last_frame_cost(m8, &cost);
                if (cost.budget) {
                    double cpu = (double)(cost.lua + cost.system) / (double)cost.budget;
                    if (cpu > r->peak_cpu) r->peak_cpu = cpu;
                }
                mote8_screen_rgb(m8, rgb);
                r->distinct_frames += set_insert(seen, hash_rgb(rgb, sizeof rgb));
                for (size_t p = 0; p < sizeof rgb; p += 3) {
                    unsigned key = (unsigned)((rgb[p] >> 4) << 8 | (rgb[p + 1] >> 4) << 4 |
                                              rgb[p + 2] >> 4);
                    colour_seen[key] = 1;
                }
                if (status == MOTE8_STOPPED) {
                    r->stopped = 1;
                    f++;
                    break;
                }
            }
            r->ms_per_frame = f ? (now_ms() - start) / f : 0;
            r->frames = r->stopped ? o->frames : f;
            if (status == MOTE8_ERROR) {
                first_line(without_dir(o, mote8_error(m8)), r->error, sizeof r->error);
            } else if (mote8_coroutine_error(m8)) {   /* swallowed by the cart: no pass */
                char line[sizeof r->error - 16];
                first_line(mote8_coroutine_error(m8), line, sizeof line);
                snprintf(r->error, sizeof r->error, "coroutine: %s", line);
            }
            for (size_t k = 0; k < sizeof colour_seen / sizeof colour_seen[0]; k++)
                r->colours += colour_seen[k];
        }
        mote8_destroy(m8);
    }
    free(data);
    r->passed = r->loaded && r->compiled && r->frames >= o->frames && !r->error[0];
    mote8_write_png(shot_path, rgb, MOTE8_WIDTH, MOTE8_HEIGHT, 1);
}

/* ---------------------------------------------------------------- result lines --- */

/* The result as one line of tab-separated fields (child -> parent); tabs and newlines in
 * the error are spaces. */
static void write_result_line(FILE *f, const compat_result *r)
{
    char e[sizeof r->error];
    snprintf(e, sizeof e, "%s", r->error);
    for (char *c = e; *c; c++) if (*c == '\t' || *c == '\n' || *c == '\r') *c = ' ';
    fprintf(f, "%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.3f\t%.4f\t%s\n", r->loaded, r->compiled,
            r->frames, r->stopped, r->distinct_frames, r->colours, r->passed, r->ms_per_frame,
            r->peak_cpu, e);
}

static int read_result_line(const char *path, compat_result *r)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[1024];
    int ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (!ok) return -1;
    line[strcspn(line, "\n")] = 0;
    int consumed = 0;
    if (sscanf(line, "%d\t%d\t%d\t%d\t%d\t%d\t%d\t%lf\t%lf\t%n", &r->loaded, &r->compiled,
               &r->frames, &r->stopped, &r->distinct_frames, &r->colours, &r->passed,
               &r->ms_per_frame, &r->peak_cpu, &consumed) < 9)
        return -1;
    snprintf(r->error, sizeof r->error, "%s", line + consumed);
    return 0;
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void write_json(FILE *f, const compat_result *r)
{
    fprintf(f, "{\"cart\": ");
    json_string(f, r->cart);
    fprintf(f, ", \"loaded\": %s, \"compiled\": %s, \"frames\": %d, \"error\": ",
            r->loaded ? "true" : "false", r->compiled ? "true" : "false", r->frames);
    if (r->error[0]) json_string(f, r->error);
    else fprintf(f, "null");
    fprintf(f, ", \"distinct_frames\": %d, \"colours\": %d, \"passed\": %s, \"stopped\": %s, "
               "\"ms_per_frame\": %.3f, \"peak_stat1\": %.4f, \"screenshot\": ",
            r->distinct_frames, r->colours, r->passed ? "true" : "false",
            r->stopped ? "true" : "false", r->ms_per_frame, r->peak_cpu);
    char shot[300];
    snprintf(shot, sizeof shot, "shots/%s.png", r->cart);
    json_string(f, shot);
    fprintf(f, "}\n");
}

static void write_markdown(FILE *f, const compat_result *rs, int n, int frames)
{
    int passed = 0;
    fprintf(f, "# mote8-compat results\n\n| # | cart | loaded | compiled | frames | distinct "
               "frames | colours | ms/frame | peak stat(1) | first error |\n"
               "|---|---|---|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < n; i++) {
        const compat_result *r = &rs[i];
        char e[sizeof r->error];
        snprintf(e, sizeof e, "%s", r->error);
        for (char *c = e; *c; c++) if (*c == '|') *c = '/';
        fprintf(f, "| %d | %s | %s | %s | %d%s | %d | %d | %.2f | %.2f | %s |\n", i + 1, r->cart,
                r->loaded ? "yes" : "no", r->compiled ? "yes" : "no", r->frames,
                r->stopped ? " (stopped)" : "", r->distinct_frames, r->colours,
                r->ms_per_frame, r->peak_cpu, e);
        passed += r->passed;
    }
    fprintf(f, "\n%d of %d carts run %d frames without error.\n", passed, n, frames);
}

/* Final frames in a grid, 8 per row, 2 pixels of gap, in results order. */
static int write_contact_sheet(const char *out, const compat_result *rs, int n)
{
    enum { COLS = 8, GAP = 2 };
    int rows = n ? (n + COLS - 1) / COLS : 1;
    int w = COLS * (MOTE8_WIDTH + GAP) + GAP, h = rows * (MOTE8_HEIGHT + GAP) + GAP;
    uint8_t *sheet = calloc((size_t)w * h * 3, 1);
    if (!sheet) return -1;
    memset(sheet, 0x40, (size_t)w * h * 3);
    for (int i = 0; i < n; i++) {
        char path[2048], err[128];
        snprintf(path, sizeof path, "%s/shots/%s.png", out, rs[i].cart);
        int sw = 0, sh = 0;
        uint8_t *shot = mote8_read_png(path, &sw, &sh, err, sizeof err);
        if (!shot) continue;
        int x0 = GAP + (i % COLS) * (MOTE8_WIDTH + GAP), y0 = GAP + (i / COLS) * (MOTE8_HEIGHT + GAP);
        for (int y = 0; y < sh && y < MOTE8_HEIGHT; y++)
            memcpy(sheet + ((size_t)(y0 + y) * w + x0) * 3, shot + (size_t)y * sw * 3,
                   (size_t)(sw < MOTE8_WIDTH ? sw : MOTE8_WIDTH) * 3);
        free(shot);
    }
    char path[2048];
    snprintf(path, sizeof path, "%s/contact-sheet.png", out);
    int rc = mote8_write_png(path, sheet, w, h, 1);
    free(sheet);
    return rc;
}

/* ---------------------------------------------------------------- the run --- */

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int usage(void)
{
    fprintf(stderr, "usage: mote8-compat [--dir DIR] [--frames N] [--out OUTDIR] [--jobs J] "
                    "[--cart-timeout SECONDS]\n");
    return 2;
}

/* A child process for cart i: runs it and writes OUT/shots/CART.result. */
static pid_t start_child(const compat_options *o, const char *name)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid != 0) return pid;
    alarm((unsigned)o->cart_timeout);   /* a hang ends the child with SIGALRM */
    compat_result r;
    memset(&r, 0, sizeof r);
    char shot[2048], res[2048];
    snprintf(shot, sizeof shot, "%s/shots/%s.png", o->out, name);
    snprintf(res, sizeof res, "%s/shots/%s.result", o->out, name);
    run_cart(o, name, shot, &r);
    FILE *f = fopen(res, "w");
    if (!f) _exit(1);
    write_result_line(f, &r);
    fclose(f);
    _exit(0);
}

/* The command line into o; 0, or -1 (print the usage). */
static int parse_args(int argc, char **argv, compat_options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc) return -1;
        if (!strcmp(a, "--dir")) o->dir = argv[++i];
        else if (!strcmp(a, "--out")) o->out = argv[++i];
        else if (!strcmp(a, "--frames")) o->frames = atoi(argv[++i]);
        else if (!strcmp(a, "--jobs")) o->jobs = atoi(argv[++i]);
        else if (!strcmp(a, "--cart-timeout")) o->cart_timeout = atoi(argv[++i]);
        else return -1;
    }
    return o->frames < 1 || o->jobs < 1 || o->cart_timeout < 1 ? -1 : 0;
}

/* The cart files of `dir`, sorted by name (malloc'd names); their count, or -1. */
static int list_carts(const char *dir, char **names)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "mote8-compat: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < COMPAT_MAX_CARTS)
        if (e->d_name[0] != '.' && mote8_cart_format_of_name(e->d_name) != MOTE8_CART_UNKNOWN)
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    return n;
}

/* Run every cart in a child of its own, up to o->jobs at once; each child's wait status
 * in status[] (a child killed by a signal is a failing row). 0, or -1 when fork fails. */
static int run_children(const compat_options *o, char **names, int n, const char *shots,
                        int *status)
{
    pid_t *pids = calloc((size_t)(n ? n : 1), sizeof *pids);
    int next = 0, running = 0, done = 0;
    while (done < n) {
        while (running < o->jobs && next < n) {
            char res[2048];
            if (snprintf(res, sizeof res, "%s/%s.result", shots, names[next]) < (int)sizeof res)
                unlink(res);
            pids[next] = start_child(o, names[next]);
            if (pids[next] < 0) {
                fprintf(stderr, "mote8-compat: fork: %s\n", strerror(errno));
                free(pids);
                return -1;
            }
            next++;
            running++;
        }
        int st = 0;
        pid_t pid = wait(&st);
        if (pid < 0) break;
        for (int i = 0; i < next; i++)
            if (pids[i] == pid) status[i] = st;
        running--;
        done++;
    }
    free(pids);
    return 0;
}

/* A cart's row: what its child wrote, or why it wrote nothing. */
static void collect_result(const compat_options *o, const char *shots, const char *name,
                           int st, compat_result *r)
{
    char res[2048];
    int len = snprintf(res, sizeof res, "%s/%s.result", shots, name);
    if (len < 0 || len >= (int)sizeof res || read_result_line(res, r) != 0) {
        memset(r, 0, sizeof *r);
        if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM)
            snprintf(r->error, sizeof r->error, "no result after %d s (hangs)", o->cart_timeout);
        else if (WIFSIGNALED(st))
            snprintf(r->error, sizeof r->error, "crashed: %s", strsignal(WTERMSIG(st)));
        else
            snprintf(r->error, sizeof r->error, "runner exited with status %d", WEXITSTATUS(st));
        r->passed = 0;
    }
    if (len >= 0 && len < (int)sizeof res) unlink(res);
    snprintf(r->cart, sizeof r->cart, "%s", name);
}

/* results.jsonl, results.md and the contact sheet in o->out; 0, or -1. */
static int write_reports(const compat_options *o, const compat_result *rs, int n)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/results.jsonl", o->out);
    FILE *jf = fopen(path, "w");
    snprintf(path, sizeof path, "%s/results.md", o->out);
    FILE *mf = fopen(path, "w");
    if (!jf || !mf) {
        fprintf(stderr, "mote8-compat: cannot write in %s: %s\n", o->out, strerror(errno));
        if (jf) fclose(jf);
        if (mf) fclose(mf);
        return -1;
    }
    for (int i = 0; i < n; i++) write_json(jf, &rs[i]);
    write_markdown(mf, rs, n, o->frames);
    fclose(jf);
    fclose(mf);
    if (write_contact_sheet(o->out, rs, n) != 0)
        fprintf(stderr, "mote8-compat: cannot write the contact sheet in %s\n", o->out);
    return 0;
}

int main(int argc, char **argv)
{
    compat_options o = { "../shared/carts/real", "compat-out", 1800, 2, 300 };
    if (parse_args(argc, argv, &o) != 0) return usage();
    static char *names[COMPAT_MAX_CARTS];
    int n = list_carts(o.dir, names);
    if (n < 0) return 1;
    char shots[2048];
    snprintf(shots, sizeof shots, "%s/shots", o.out);
    mkdir(o.out, 0777);
    if (mkdir(shots, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "mote8-compat: %s: %s\n", shots, strerror(errno));
        return 1;
    }
    compat_result *rs = calloc((size_t)(n ? n : 1), sizeof *rs);
    int *status = calloc((size_t)(n ? n : 1), sizeof *status);
    if (run_children(&o, names, n, shots, status) != 0) return 1;
    int passed = 0;
    for (int i = 0; i < n; i++) {
        collect_result(&o, shots, names[i], status[i], &rs[i]);
        passed += rs[i].passed;
    }
    if (write_reports(&o, rs, n) != 0) return 1;
    printf("mote8-compat: %d of %d carts pass (%d frames); %s/results.md\n", passed, n,
           o.frames, o.out);
    for (int i = 0; i < n; i++) free(names[i]);
    free(rs);
    free(status);
    return 0;
}
