/* test_host_template.c - the host template (runtime/host/template/host_template.c, built
 * with api/ alone on its include path) is a working host: on the bundled carts it draws the
 * same frames as `mote8 --headless` (same cart, seed and input), pulls the ticks' samples,
 * passes printh and cartdata through its in-memory services, and reports a cart's error.
 * Depends on: m8_test_util.h, Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "m8_test_util.h"

static char *slurp(const char *path, size_t *len)
{
    char *data = m8_read_file(path, len, 0);
    cr_assert_not_null(data, "cannot read %s", path);
    return data;
}

static void same_frames_as_headless(const char *cart, const char *ticks)
{
    const char *mine = m8t_tmp_path("template", "template.png");
    const char *headless = m8t_tmp_path("template", "headless.png");
    m8_run_result r;
    m8t_run_tool(&r, "mote8-host-template", (const char *const[]){ cart, ticks, mine, NULL });
    cr_assert_eq(r.exit_code, 0, "%s: %s", cart, r.err);
    char expect[64];
    snprintf(expect, sizeof expect, "ticks %s samples ", ticks);
    cr_assert(strstr(r.out, expect), "%s: %s", cart, r.out);
    long samples = atol(strstr(r.out, "samples ") + 8);
    long want = atol(ticks) * 22050 / 30;       /* one tick's samples per tick at 30 fps */
    cr_assert(samples > want / 2, "%s: %ld samples pulled: %s", cart, samples, r.out);
    m8t_run_mote8(&r, (const char *const[]){ "--headless", "--frames", ticks, "--screenshot",
                                             headless, cart, NULL });
    cr_assert_eq(r.exit_code, 0, "%s: %s", cart, r.err);
    size_t a = 0, b = 0;
    char *x = slurp(mine, &a), *y = slurp(headless, &b);
    cr_assert(a == b && memcmp(x, y, a) == 0, "%s after %s ticks: the template's frame differs "
              "from mote8 --headless's", cart, ticks);
    free(x);
    free(y);
}

Test(host_template, draws_the_bundled_carts_as_headless_does)
{
    same_frames_as_headless("hello", "30");
    same_frames_as_headless("racer", "150");
    same_frames_as_headless("spaceman", "150");
}

static const char *write_cart(const char *name, const char *code)
{
    const char *path = m8t_tmp_path("template", name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s\n", code);
    fclose(f);
    return path;
}

Test(host_template, keeps_printh_and_cartdata_in_memory)
{
    const char *cart = write_cart("services.p8",
        "cartdata(\"template_test\")\n"
        "printh(\"saved \"..dget(3))\n"
        "dset(3, 42)\n"
        "printh(\"now \"..dget(3))\n"
        "function _draw() cls(8) end\n");
    m8_run_result r;
    m8t_run_tool(&r, "mote8-host-template", (const char *const[]){ cart, "3", NULL });
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_assert(strstr(r.out, "printh: saved 0\nprinth: now 42\n"), "%s", r.out);
    cr_assert(strstr(r.out, "ticks 3 "), "%s", r.out);
}

Test(host_template, reports_a_cart_error)
{
    const char *cart = write_cart("broken.p8", "function _update() local x = nil + 1 end\n");
    m8_run_result r;
    m8t_run_tool(&r, "mote8-host-template", (const char *const[]){ cart, "5", NULL });
    cr_assert_eq(r.exit_code, 1, "%s", r.out);
    cr_assert(strstr(r.err, "broken.p8"), "the error names the cart: %s", r.err);
    m8t_run_tool(&r, "mote8-host-template", (const char *const[]){ "no_such_cart", "5", NULL });
    cr_assert_eq(r.exit_code, 1);
    cr_assert(strstr(r.err, "no_such_cart"), "%s", r.err);
}
