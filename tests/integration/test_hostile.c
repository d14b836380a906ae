/* test_hostile.c - hostile carts (tests/hostile) cannot crash or freeze mote8: each fails with
 * a clear message naming its tab and line, or is cut by the slicing, and the host stays up.
 * Also the headless --timeout SECONDS stop. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "m8_test_util.h"

#define HOSTILE(name) M8_SOURCE_DIR "/tests/hostile/" name

static void expect_error(const char *cart, const char *message)
{
    const char *args[] = { "--headless", "--frames", "3", "--timeout", "60", cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1, "%s: exit %d, stderr: %.400s", cart, r.exit_code, r.err);
    cr_expect(strstr(r.err, "tab 0, line ") != NULL && strstr(r.err, message) != NULL,
              "%s: %.400s", cart, r.err);
}

Test(hostile, deep_nesting_is_a_translation_error)
{
    expect_error(HOSTILE("deep_parens.p8"), "too many nested levels");
    expect_error(HOSTILE("deep_tables.p8"), "too many nested levels");
    expect_error(HOSTILE("deep_short_ifs.p8"), "too many nested levels");
}

Test(hostile, timeout_stops_the_run_with_exit_1, .timeout = 60)
{
    const char *args[] = { "--headless", "--frames", "100000000", "--timeout", "1",
                           HOSTILE("endless_memcpy.p8"), NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1, "exit %d, stderr: %s", r.exit_code, r.err);
    cr_expect(strstr(r.err, "--timeout reached") != NULL, "%s", r.err);
    const char *bad[] = { "--headless", "--timeout", "0", "hello", NULL };
    m8t_run_mote8(&r, bad);
    cr_expect_eq(r.exit_code, 2, "--timeout 0 is a usage error: %s", r.err);
}
