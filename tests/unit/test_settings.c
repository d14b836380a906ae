/* test_settings.c - the window host's settings file: defaults, values, and clear errors for
 * a broken file (naming file and line) that leave the defaults in place. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "settings.h"

static const char *write_cfg(const char *text)
{
    static char path[128];
    snprintf(path, sizeof path, "/tmp/m8t_cfg_%d.cfg", (int)getpid());
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
    return path;
}

Test(settings, missing_file_means_defaults)
{
    m8_settings s;
    cr_expect_eq(m8_settings_load(&s, "/nonexistent/mote8.cfg"), 0);
    cr_expect_float_eq(s.volume, 1.0, 1e-9);
    cr_expect_eq(s.scale, 0);
    cr_expect_eq(s.fullscreen, 0);
}

Test(settings, values_are_read)
{
    m8_settings s;
    const char *p = write_cfg("volume = 0.25;\nscale = 3;\nfullscreen = true;\n");
    cr_expect_eq(m8_settings_load(&s, p), 0);
    cr_expect_float_eq(s.volume, 0.25, 1e-9);
    cr_expect_eq(s.scale, 3);
    cr_expect_eq(s.fullscreen, 1);
    unlink(p);
}

Test(settings, broken_file_reports_and_keeps_defaults, .init = cr_redirect_stderr)
{
    m8_settings s;
    const char *p = write_cfg("volume = 0.5;\nscale = = 3;\n");
    cr_expect_eq(m8_settings_load(&s, p), -1);
    cr_expect_float_eq(s.volume, 1.0, 1e-9);
    fflush(stderr);
    char want[256];
    snprintf(want, sizeof want, "%s: line 2:", p);
    FILE *err = cr_get_redirected_stderr();
    char got[512] = "";
    size_t n = fread(got, 1, sizeof got - 1, err);
    got[n] = 0;
    cr_expect(strstr(got, want) != NULL, "stderr: %s", got);
    unlink(p);
}

Test(settings, out_of_range_volume_is_refused, .init = cr_redirect_stderr)
{
    m8_settings s;
    const char *p = write_cfg("volume = 3.0;\n");
    cr_expect_eq(m8_settings_load(&s, p), -1);
    cr_expect_float_eq(s.volume, 1.0, 1e-9);
    unlink(p);
}
