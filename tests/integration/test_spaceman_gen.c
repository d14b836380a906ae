/* test_spaceman_gen.c - the level generator of the bundled cart carts/spaceman.p8: cuts
 * out its "-- level generator" tab, appends tests/bundled/spaceman_gen_check.lua (which
 * runs the generator for many seeds and level numbers and checks every invariant: seed
 * neighbour rule at each opening, reachability, objects on open cells, same seed -> same
 * level, objects farther than open cells on average, tile = edge set + 4-bit mask), runs it
 * headless and asserts "N passed, 0 failed".
 * Depends on: Criterion, tests/unit/m8_test_util.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "m8_test_util.h"

#define CART_PATH M8_SOURCE_DIR "/carts/spaceman.p8"
#define CHECK_PATH M8_SOURCE_DIR "/tests/bundled/spaceman_gen_check.lua"

/* The tab of the cart's __lua__ section whose first line is "-- level generator":
 * a malloc'd copy, or NULL when there is no such tab. */
static char *generator_tab(const char *cart)
{
    const char *lua = strstr(cart, "__lua__\n");
    if (!lua) return NULL;
    lua += strlen("__lua__\n");
    const char *end = strstr(lua, "\n__gfx__");
    if (!end) end = lua + strlen(lua);
    const char *tab = lua;
    while (tab && tab < end) {
        const char *next = strstr(tab, "\n-->8\n");
        const char *tab_end = (next && next < end) ? next + 1 : end;
        if (strncmp(tab, "-- level generator\n", strlen("-- level generator\n")) == 0) {
            size_t n = (size_t)(tab_end - tab);
            char *out = malloc(n + 1);
            cr_assert(out);
            memcpy(out, tab, n);
            out[n] = 0;
            return out;
        }
        tab = (next && next < end) ? next + strlen("\n-->8\n") : NULL;
    }
    return NULL;
}

Test(spaceman_gen, invariants_hold_for_many_seeds, .timeout = 120)
{
    size_t cart_len = 0, check_len = 0;
    char *cart = m8_read_file(CART_PATH, &cart_len, 1 << 20);
    cr_assert(cart, "cannot read %s", CART_PATH);
    char *check = m8_read_file(CHECK_PATH, &check_len, 1 << 20);
    cr_assert(check, "cannot read %s", CHECK_PATH);
    char *gen = generator_tab(cart);
    cr_assert(gen, "no tab starting with '-- level generator' in %s", CART_PATH);

    size_t n = strlen(gen) + strlen(check) + 2;
    char *code = malloc(n);
    cr_assert(code);
    snprintf(code, n, "%s\n%s", gen, check);

    static m8t_capture cap;
    mote8 *m8 = m8t_start(code, &cap);
    /* The checks take a few seconds of virtual CPU: the VM slices them over ticks. */
    int passed = -1, failed = -1;
    for (int t = 0; t < 3000 && passed < 0; t++) {
        int st = mote8_tick(m8, NULL);
        cr_assert_neq(st, MOTE8_ERROR, "%s", mote8_error(m8));
        const char *line = strstr(cap.text, " passed, ");
        if (line) {
            while (line > cap.text && line[-1] != '\n') line--;
            cr_assert_eq(sscanf(line, "%d passed, %d failed", &passed, &failed), 2, "%s", line);
        }
    }
    cr_assert_geq(passed, 0, "the check never finished; output:\n%s", cap.text);
    cr_expect_eq(failed, 0, "generator checks failed:\n%s", cap.text);
    cr_expect_geq(passed, 500, "only %d checks ran:\n%s", passed, cap.text);
    mote8_destroy(m8);
    free(code);
    free(gen);
    free(check);
    free(cart);
}
