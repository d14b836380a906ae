/* test_install.c - `cmake --install` puts every program README.md offers its users into the
 * prefix's bin/ (README names them as build/bin/NAME); the programs for working on mote8
 * itself (tests, benchmarks, the host template, the doc and report generators) stay in the
 * build tree. Each installed program runs from its new place. The libretro core (README's
 * build/bin/mote8_libretro.so) goes to lib/libretro/ with its info file in
 * share/libretro/info/, as Debian's RetroArch has them.
 * Depends on: m8_test_util.h, Criterion, cmake on PATH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <criterion/criterion.h>
#include "m8_test_util.h"

/* Named in README.md but only run from a checkout. */
static const char *const developer_programs[] = { "m8_tests", "m8_bench", "mote8-host-template",
                                                  "gen_api_doc", "cart_report", NULL };

static int is_developer_program(const char *name)
{
    for (int i = 0; developer_programs[i]; i++)
        if (strcmp(name, developer_programs[i]) == 0) return 1;
    return 0;
}

/* Fills names with each distinct NAME of build/bin/NAME in README.md; returns how many. */
static int readme_programs(char names[][64], int max)
{
    size_t len = 0;
    char *text = m8_read_file(M8_SOURCE_DIR "/README.md", &len, 1 << 20);
    cr_assert(text, "README.md unreadable");
    int n = 0;
    for (const char *p = strstr(text, "build/bin/"); p; p = strstr(p + 1, "build/bin/")) {
        const char *s = p + strlen("build/bin/");
        size_t k = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_-");
        if (k == 0 || k >= 64) continue;
        if (strncmp(s + k, ".so", 3) == 0 || strncmp(s + k, ".info", 5) == 0)
            continue;                           /* the libretro core: below */
        char name[64];
        memcpy(name, s, k);
        name[k] = 0;
        int seen = 0;
        for (int i = 0; i < n; i++) seen |= strcmp(names[i], name) == 0;
        if (!seen && n < max) strcpy(names[n++], name);
    }
    free(text);
    return n;
}

Test(install, puts_every_user_program_of_readme_into_bin, .timeout = 120)
{
    char prefix[] = "/tmp/m8_install_XXXXXX";
    cr_assert(mkdtemp(prefix));
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cmake --install '%s' --prefix '%s' >/dev/null", M8_BINARY_DIR,
             prefix);
    cr_assert_eq(system(cmd), 0, "%s", cmd);

    char names[32][64];
    int n = readme_programs(names, 32), users = 0;
    for (int i = 0; i < n; i++) {
        char path[200];
        snprintf(path, sizeof path, "%.100s/bin/%.63s", prefix, names[i]);
        if (is_developer_program(names[i])) {
            cr_expect_neq(access(path, F_OK), 0, "%s is for working on mote8, not installed", names[i]);
            continue;
        }
        users++;
        cr_expect_eq(access(path, X_OK), 0, "README.md offers build/bin/%s: not installed", names[i]);
        snprintf(cmd, sizeof cmd, "'%s' --help >/dev/null 2>&1 </dev/null", path);
        int st = system(cmd);
        cr_expect(WIFEXITED(st) && WEXITSTATUS(st) <= 2, "%s --help did not run (status %d)",
                  path, st);
    }
    cr_expect_geq(users, 5, "README.md names %d user programs", users);
#ifdef M8_LIBRETRO_CORE
    /* the libretro core and its info file where Debian's RetroArch looks for them */
    char core[300], info[300];
    snprintf(core, sizeof core, "%s/lib/libretro/mote8_libretro.so", prefix);
    snprintf(info, sizeof info, "%s/share/libretro/info/mote8_libretro.info", prefix);
    cr_expect_eq(access(core, R_OK), 0, "%s is not installed", core);
    cr_expect_eq(access(info, R_OK), 0, "%s is not installed", info);
#endif
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", prefix);
    cr_expect_eq(system(cmd), 0);
}
