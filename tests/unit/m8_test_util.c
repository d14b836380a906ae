/* m8_test_util.c - see m8_test_util.h. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <criterion/criterion.h>
#include "platform_posix.h"
#include "m8_test_util.h"
#include "png_io.h"


static void slurp_fd(int fd, char *buf, size_t cap)
{
    size_t n = 0;
    ssize_t k;
    while ((k = read(fd, buf + n, cap - 1 - n)) > 0) {
        n += (size_t)k;
        if (n >= cap - 1) {
            char sink[4096];
            while (read(fd, sink, sizeof sink) > 0) {}
            break;
        }
    }
    buf[n] = 0;
}

void m8t_run_mote8(m8_run_result *r, const char *const *args)
{
    m8t_run_tool(r, "mote8", args);
}

void m8t_run_tool(m8_run_result *r, const char *tool, const char *const *args)
{
    char exe[512];
    snprintf(exe, sizeof exe, "%s/bin/%s", M8_BINARY_DIR, tool);
    char out_path[] = "/tmp/m8t_outXXXXXX", err_path[] = "/tmp/m8t_errXXXXXX";
    int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
    memset(r, 0, sizeof *r);
    r->exit_code = -1;
    pid_t pid = fork();
    if (pid == 0) {
        const char *argv[64];
        int n = 0;
        argv[n++] = exe;
        for (int i = 0; args[i] && n < 63; i++) argv[n++] = args[i];
        argv[n] = NULL;
        dup2(out_fd, 1);
        dup2(err_fd, 2);
        int devnull = open("/dev/null", O_RDONLY);
        dup2(devnull, 0);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    if (WIFEXITED(st)) r->exit_code = WEXITSTATUS(st);
    lseek(out_fd, 0, SEEK_SET);
    lseek(err_fd, 0, SEEK_SET);
    slurp_fd(out_fd, r->out, sizeof r->out);
    slurp_fd(err_fd, r->err, sizeof r->err);
    close(out_fd);
    close(err_fd);
    unlink(out_path);
    unlink(err_path);
}

typedef struct capture {
    char *buf;
    size_t cap, len;
} capture;

static void capture_printh(void *user, const char *text)
{
    capture *c = user;
    if (!c->buf) return;
    size_t n = strlen(text);
    if (c->len + n + 2 > c->cap) return;
    memcpy(c->buf + c->len, text, n);
    c->len += n;
    c->buf[c->len++] = '\n';
    c->buf[c->len] = 0;
}

int m8t_run_cart(const char *path, int frames, uint8_t *rgb, char *printed, size_t printed_sz,
                 char *error, size_t error_sz)
{
    size_t len;
    char *data = m8_read_file(path, &len, 0);
    if (error && error_sz) error[0] = 0;
    if (printed && printed_sz) printed[0] = 0;
    if (!data) {
        if (error) snprintf(error, error_sz, "%s: cannot read", path);
        return MOTE8_ERROR;
    }
    capture cap = { printed, printed_sz, 0 };
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    m8_posix_platform(&cfg.platform);
    cfg.platform.printh = capture_printh;
    cfg.platform.user = &cap;
    mote8 *m8 = mote8_create(&cfg);
    int status = MOTE8_ERROR;
    if (mote8_load_cart(m8, data, len, path) == 0) {
        status = MOTE8_RUNNING;
        for (int f = 0; f < frames && status == MOTE8_RUNNING; f++) status = mote8_tick(m8, NULL);
    }
    if (status == MOTE8_ERROR && error) snprintf(error, error_sz, "%s", mote8_error(m8));
    if (rgb) mote8_screen_rgb(m8, rgb);
    mote8_destroy(m8);
    free(data);
    return status;
}

long m8t_compare_png(const uint8_t *rgb, const char *png_path, char *err, int errsz)
{
    int w, h;
    uint8_t *golden = m8_png_read_rgb(png_path, &w, &h, err, errsz);
    if (!golden) return -1;
    if (w != 128 || h != 128) {
        snprintf(err, (size_t)errsz, "%s: %dx%d, expected 128x128", png_path, w, h);
        free(golden);
        return -1;
    }
    long diff = 0;
    for (int i = 0; i < 128 * 128; i++)
        if (memcmp(rgb + 3 * i, golden + 3 * i, 3) != 0) diff++;
    free(golden);
    return diff;
}

void m8t_capture_printh(void *user, const char *text)
{
    m8t_capture *c = user;
    size_t n = strlen(text);
    if (c->len + n + 2 > sizeof c->text) return;
    memcpy(c->text + c->len, text, n);
    c->len += n;
    c->text[c->len++] = '\n';
    c->text[c->len] = 0;
}

mote8 *m8t_start(const char *code, m8t_capture *cap)
{
    static const char header[] = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n";
    size_t n = strlen(code);
    char *cart = malloc(sizeof header + n + 2);
    cr_assert(cart);
    memcpy(cart, header, sizeof header - 1);
    memcpy(cart + sizeof header - 1, code, n);
    memcpy(cart + sizeof header - 1 + n, "\n", 2);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    m8_posix_platform(&cfg.platform);
    if (cap) {
        cap->len = 0;
        cap->text[0] = 0;
        cfg.platform.printh = m8t_capture_printh;
        cfg.platform.user = cap;
    }
    mote8 *m8 = mote8_create(&cfg);
    cr_assert(m8);
    int rc = mote8_load_cart(m8, cart, strlen(cart), "test.p8");
    free(cart);
    cr_assert_eq(rc, 0, "%s", mote8_error(m8));
    return m8;
}

const char *m8t_tmp_path(const char *tag, const char *name)
{
    static char path[16][256];
    static int next;
    char *p = path[next++ % 16];
    snprintf(p, 256, "/tmp/m8t_%s_%d_%s", tag, (int)getpid(), name);
    return p;
}

void m8t_run_ticks(mote8 *m8, int ticks)
{
    for (int i = 0; i < ticks; i++)
        cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
}

const char *m8t_temp_dir(const char *tag)
{
    static char dir[128];
    snprintf(dir, sizeof dir, "/tmp/m8%s_XXXXXX", tag);
    cr_assert_not_null(mkdtemp(dir), "cannot create %s", dir);
    return dir;
}

char *m8t_read_in(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len;
    char *text = m8_read_file(path, &len, 0);
    cr_assert_not_null(text, "%s missing", path);
    return text;
}

const char *m8t_profile(const char *code, int ticks, const char *tag, mote8_profiler **p_out,
                        mote8 **m8_out)
{
    const char *dir = m8t_temp_dir(tag);
    m8t_capture cap;
    mote8 *m8 = m8t_start(code, &cap);
    mote8_profiler *p = mote8_profiler_attach(m8);
    cr_assert_not_null(p);
    m8t_run_ticks(m8, ticks);
    char err[256];
    cr_assert_eq(mote8_profiler_write(p, dir, err, sizeof err), 0, "%s", err);
    if (p_out && m8_out) {
        *p_out = p;
        *m8_out = m8;
    } else {
        mote8_profiler_free(p);
        mote8_destroy(m8);
    }
    return dir;
}

void m8t_expect_web_frame(const char *what, const char *native_png, const uint8_t *palette,
                          const uint8_t *web)
{
    int w, h;
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(native_png, &w, &h, err, sizeof err);
    cr_assert(rgb, "%s", err);
    cr_assert(w == 128 && h == 128);
    int differ = 0, first = -1, colours = 0;
    uint8_t seen[256] = { 0 };
    for (int p = 0; p < 128 * 128; p++) {
        int native = 255;
        for (int i = 0; i < 32; i++)
            if (memcmp(palette + i * 3, rgb + p * 3, 3) == 0) native = i < 16 ? i : i - 16 + 128;
        cr_assert_neq(native, 255, "%s: native pixel %d,%d is outside the page's palette", what,
                      p % 128, p / 128);
        if (web[p] != native && differ++ == 0) first = p;
        if (!seen[web[p]]++) colours++;
    }
    cr_assert_eq(differ, 0, "%s: %d of 16384 pixels differ from the native frame; the first at "
                 "%d,%d: web %d", what, differ, first % 128, first / 128,
                 first >= 0 ? web[first] : -1);
    cr_assert_gt(colours, 1, "%s: a blank frame proves nothing", what);
    free(rgb);
}
