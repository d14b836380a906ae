/* test_conformance.c - the conformance carts in tests/carts, found by listing the folder:
 * each NAME.p8 runs headless (30 frames, or N from a `-- frames: N` line in its code) and
 *  - must not raise an error,
 *  - must not printh any line starting with "fail",
 *  - when tests/golden/NAME.png exists, must end on exactly that picture.
 * Adding a cart (and its golden PNG) adds a test; nothing else to edit. dialect_wrap.p8 is
 * skipped when the build links the system's Lua (no tools/lua5.4-p8num.patch).
 * Golden PNGs are produced by this runtime (M8_UPDATE_GOLDEN=1 rewrites them) and checked
 * by eye once before they are committed. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "m8_test_util.h"
#include "png_io.h"

#define CART_DIR M8_SOURCE_DIR "/tests/carts"
#define GOLDEN_DIR M8_SOURCE_DIR "/tests/golden"

static void free_names(struct criterion_test_params *p)
{
    char **names = p->params;
    for (size_t i = 0; i < p->length; i++) cr_free(names[i]);
    cr_free(names);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

ParameterizedTestParameters(conformance, cart)
{
    DIR *d = opendir(CART_DIR);
    size_t n = 0, cap = 64;
    char **names = cr_malloc(cap * sizeof *names);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".p8") != 0 || n == cap) continue;
        names[n] = cr_malloc(len + 1);
        memcpy(names[n], e->d_name, len + 1);
        n++;
    }
    if (d) closedir(d);
    qsort(names, n, sizeof *names, cmp_names);
    return cr_make_param_array(char *, names, n, free_names);
}

static int frames_for(const char *path)
{
    size_t len;
    char *text = m8_read_file(path, &len, 0);
    int frames = 30;
    const char *tag = text ? strstr(text, "-- frames:") : NULL;
    if (tag) frames = atoi(tag + 10);
    free(text);
    return frames > 0 ? frames : 30;
}

ParameterizedTest(char **name, conformance, cart)
{
    char path[512], png[512], err[4096], printed[16384];
    uint8_t rgb[128 * 128 * 3];
#ifndef LUA_M8NUM
    if (strcmp(*name, "dialect_wrap.p8") == 0)
        cr_skip_test("%s: needs tools/lua5.4-p8num.patch (this build links the system's Lua)", *name);
#endif
    snprintf(path, sizeof path, "%s/%s", CART_DIR, *name);
    snprintf(png, sizeof png, "%s/%.*s.png", GOLDEN_DIR, (int)strlen(*name) - 3, *name);
    int status = m8t_run_cart(path, frames_for(path), rgb, printed, sizeof printed, err, sizeof err);
    cr_assert_neq(status, MOTE8_ERROR, "%s: %s", *name, err);
    for (const char *line = printed; *line;) {
        cr_expect(strncasecmp(line, "fail", 4) != 0, "%s: %.*s", *name,
                  (int)strcspn(line, "\n"), line);
        line += strcspn(line, "\n");
        if (*line) line++;
    }
    if (getenv("M8_UPDATE_GOLDEN")) {
        cr_assert_eq(m8_png_write_rgb(png, rgb, 128, 128, 1), 0);
        return;
    }
    FILE *f = fopen(png, "rb");
    if (!f) return;                     /* a cart without a golden frame only asserts */
    fclose(f);
    long diff = m8t_compare_png(rgb, png, err, sizeof err);
    cr_expect_eq(diff, 0, "%s: %ld pixels differ from its golden PNG %s", *name, diff,
                 diff < 0 ? err : "");
}
