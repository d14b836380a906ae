/* test_platform.c - the platform services of api/mote8.h: a host whose callbacks keep
 * every file in memory runs a cart that uses #include, cartdata and printh, writes a cost
 * profile, and the machine never touches the file system (the working folder and the data
 * folder stay empty). Without callbacks, the services are absent and nothing breaks.
 * Depends on: api/mote8.h, api/mote8_profiler.h, Criterion. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <criterion/criterion.h>
#include "mote8.h"
#include "mote8_profiler.h"

#define MAX_FILES 32

typedef struct memory_host {
    char *names[MAX_FILES];
    char *data[MAX_FILES];
    size_t len[MAX_FILES];
    int count;
    uint8_t save[256];
    int have_save, saves;
    char printed[4096];
    char asked[512];            /* every path read_file was asked for, ';'-separated */
} memory_host;

static void put_file(memory_host *h, const char *name, const char *data, size_t len)
{
    cr_assert(h->count < MAX_FILES);
    h->names[h->count] = strdup(name);
    h->data[h->count] = malloc(len + 1);
    memcpy(h->data[h->count], data, len);
    h->len[h->count++] = len;
}

static const char *get_file(const memory_host *h, const char *name, size_t *len)
{
    for (int i = 0; i < h->count; i++)
        if (strcmp(h->names[i], name) == 0) {
            *len = h->len[i];
            return h->data[i];
        }
    return NULL;
}

static void mem_printh(void *user, const char *text)
{
    memory_host *h = user;
    strncat(h->printed, text, sizeof h->printed - strlen(h->printed) - 2);
    strcat(h->printed, "\n");
}

static void *mem_read(void *user, const char *path, size_t *len)
{
    memory_host *h = user;
    strncat(h->asked, path, sizeof h->asked - strlen(h->asked) - 2);
    strcat(h->asked, ";");
    const char *d = get_file(h, path, len);
    if (!d) return NULL;
    void *copy = malloc(*len);
    memcpy(copy, d, *len);
    return copy;
}

static int mem_write(void *user, const char *path, const void *data, size_t len, char *err,
                     size_t errsz)
{
    put_file(user, path, data, len);
    return 0;
}

static int mem_load(void *user, const char *id, uint8_t data[256], char *err, size_t errsz)
{
    memory_host *h = user;
    if (strcmp(id, "platform_test") != 0 || !h->have_save) return 0;
    memcpy(data, h->save, 256);
    return 1;
}

static int mem_save(void *user, const char *id, const uint8_t data[256], char *err,
                    size_t errsz)
{
    memory_host *h = user;
    memcpy(h->save, data, 256);
    h->have_save = 1;
    h->saves++;
    return 0;
}

static mote8 *start(memory_host *h, const char *cart_path)
{
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.platform = (mote8_platform){ h, mem_printh, mem_read, mem_write, mem_load, mem_save, NULL };
    mote8 *m8 = mote8_create(&cfg);
    cr_assert(m8);
    size_t len = 0;
    const char *cart = get_file(h, cart_path, &len);
    cr_assert(cart);
    cr_assert_eq(mote8_load_cart(m8, cart, len, cart_path), 0, "%s", mote8_error(m8));
    return m8;
}

static const char cart_code[] =
    "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
    "#include lib.lua\n"
    "cartdata(\"platform_test\")\n"
    "printh(\"runs=\"..dget(0))\n"
    "dset(0, dget(0) + 1)\n"
    "printh(greet(\"door\"))\n"
    "function _draw() cls(1) spr(0, 10, 10) end\n";
static const char lib_code[] = "function greet(who) return \"hello \"..who end\n";

static int folder_is_empty(const char *dir)
{
    DIR *d = opendir(dir);
    cr_assert(d, "%s", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n == 0;
}

Test(platform, in_memory_host_runs_include_cartdata_printh_and_profile)
{
    static memory_host h;
    memset(&h, 0, sizeof h);
    put_file(&h, "games/main.p8", cart_code, strlen(cart_code));
    put_file(&h, "games/lib.lua", lib_code, strlen(lib_code));
    /* an empty working folder and data folder: the machine must leave both untouched */
    char work[] = "/tmp/m8_platform_XXXXXX", data[] = "/tmp/m8_platform_data_XXXXXX";
    cr_assert(mkdtemp(work) && mkdtemp(data));
    char here[1024];
    cr_assert(getcwd(here, sizeof here));
    cr_assert_eq(chdir(work), 0);
    setenv("MOTE8_DATA_DIR", data, 1);

    for (int run = 0; run < 2; run++) {
        h.printed[0] = 0;
        mote8 *m8 = start(&h, "games/main.p8");
        mote8_profiler *prof = run ? mote8_profiler_attach(m8) : NULL;
        for (int f = 0; f < 5; f++) cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
        char expect[64];
        snprintf(expect, sizeof expect, "runs=%d\nhello door\n", run);
        cr_expect_str_eq(h.printed, expect);
        if (prof) {
            char err[256];
            mote8_profiler_detach(prof);
            cr_expect_eq(mote8_profiler_write(prof, "prof", err, sizeof err), 0, "%s", err);
            mote8_profiler_free(prof);
        }
        mote8_destroy(m8);
    }
    cr_expect_eq(h.saves, 2, "one save per changing dset");
    cr_expect(strstr(h.asked, "games/lib.lua;") != NULL, "include asked for: %s", h.asked);
    size_t len = 0;
    const char *frames = get_file(&h, "prof/frames.csv", &len);
    cr_expect(frames && len > 0 && strncmp(frames, "frame,lua,system", 16) == 0);
    cr_expect(get_file(&h, "prof/report.html", &len) && len > 1000);
    cr_expect(get_file(&h, "prof/heatmap.png", &len) && len > 8 && memcmp(get_file(&h, "prof/heatmap.png", &len) + 1, "PNG", 3) == 0);

    cr_expect(folder_is_empty(work), "the machine wrote into the working folder");
    cr_expect(folder_is_empty(data), "the machine wrote into the data folder");
    unsetenv("MOTE8_DATA_DIR");
    cr_assert_eq(chdir(here), 0);
    rmdir(work);
    rmdir(data);
    for (int i = 0; i < h.count; i++) {
        free(h.names[i]);
        free(h.data[i]);
    }
}

Test(platform, no_services_means_absent_not_broken)
{
    static const char code[] =
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
        "cartdata(\"platform_none\") dset(1, 5) printh(\"dropped\")\n"
        "x = dget(1)\n"
        "function _draw() if x != 5 then stop() end end\n";
    mote8 *m8 = mote8_create(NULL);
    cr_assert(m8);
    cr_assert_eq(mote8_load_cart(m8, code, strlen(code), "none.p8"), 0, "%s", mote8_error(m8));
    for (int f = 0; f < 3; f++) cr_expect_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    mote8_destroy(m8);

    static const char inc[] =
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n#include other.lua\n";
    m8 = mote8_create(NULL);
    cr_expect_neq(mote8_load_cart(m8, inc, strlen(inc), "inc.p8"), 0);
    cr_expect(strstr(mote8_error(m8), "other.lua") != NULL, "%s", mote8_error(m8));
    mote8_destroy(m8);
}
