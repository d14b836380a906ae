/* test_lua_source.c - tools/lua_source.sh, the preparation of the pinned Lua source, fails
 * the build loudly (exit 1, one "lua: error:" message) when the source package is missing,
 * is another version, does not match its committed hashes or a patch does not apply, and
 * uses the system's liblua5.4 only when asked for by name (M8_LUA=system). Each case runs
 * a copy of the script, its patches and hash list (a private "repository") against a
 * private cache made of copies of the cached source package, with M8_LUA_OFFLINE=1: the
 * script never downloads here. Cases that unpack need the cached package
 * ($XDG_CACHE_HOME/mote8/lua5.4, else ~/.cache/mote8/lua5.4, filled by `make build`). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define PINNED_DSC "lua5.4_5.4.4-3+deb12u1.dsc"
static const char *const pinned_files[] = { PINNED_DSC, "lua5.4_5.4.4-3+deb12u1.debian.tar.xz",
                                            "lua5.4_5.4.4.orig.tar.gz" };

static char work[256];          /* the private repository, cache and build folder */

static void sh(const char *fmt, const char *a, const char *b)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, fmt, a, b);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
}

/* A private repository (tools/ with the script, patches and pins) and an empty cache. */
static void setup_work(void)
{
    snprintf(work, sizeof work, "/tmp/m8t_luasrc_%d", (int)getpid());
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s/repo/tools' '%s/cache/mote8/lua5.4'",
             work, work, work);
    cr_assert_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "cp " M8_SOURCE_DIR "/tools/lua_source.sh " M8_SOURCE_DIR
             "/tools/lua5.4-count.patch " M8_SOURCE_DIR "/tools/lua5.4-p8num.patch "
             M8_SOURCE_DIR "/tools/lua5.4-p8fastop.patch "
             M8_SOURCE_DIR "/tools/lua5.4-p8globals.patch "
             M8_SOURCE_DIR "/tools/lua5.4-source.sha256 '%s/repo/tools/'", work);
    cr_assert_eq(system(cmd), 0);
}

static void teardown_work(void)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", work);
    cr_expect_eq(system(cmd), 0);
}

/* The user's cache of the pinned package, or NULL when `make build` has not filled it. */
static const char *user_cache(void)
{
    static char dir[512];
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) snprintf(dir, sizeof dir, "%s/mote8/lua5.4", xdg);
    else snprintf(dir, sizeof dir, "%s/.cache/mote8/lua5.4", home ? home : "");
    for (size_t i = 0; i < sizeof pinned_files / sizeof pinned_files[0]; i++) {
        char f[800];
        snprintf(f, sizeof f, "%s/%s", dir, pinned_files[i]);
        if (access(f, R_OK) != 0) return NULL;
    }
    return dir;
}

/* Copy the cached package into the private cache; skips the test without it. */
static void copy_cached_package(void)
{
    const char *dir = user_cache();
    if (!dir) cr_skip_test("the cached lua5.4 source package is missing (run make build first)");
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "cp '%s'/lua5.4_5.4.4* '%s/cache/mote8/lua5.4/'", dir, work);
    cr_assert_eq(system(cmd), 0);
}

typedef struct run { int exit_code; char err[4096]; } run;

/* Run the private copy of the script offline with M8_LUA=mode (NULL = unset). */
static void run_script(run *r, const char *mode)
{
    char cmd[2048], err_path[300];
    snprintf(err_path, sizeof err_path, "%s/stderr", work);
    snprintf(cmd, sizeof cmd,
             "env -u M8_LUA XDG_CACHE_HOME='%s/cache' M8_LUA_OFFLINE=1 %s%s "
             "bash '%s/repo/tools/lua_source.sh' '%s/build' >/dev/null 2>'%s'",
             work, mode ? "M8_LUA=" : "", mode ? mode : "", work, work, err_path);
    int st = system(cmd);
    r->exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    FILE *f = fopen(err_path, "r");
    size_t n = f ? fread(r->err, 1, sizeof r->err - 1, f) : 0;
    r->err[n] = 0;
    if (f) fclose(f);
}

static int prepared(void)
{
    char f[400];
    snprintf(f, sizeof f, "%s/build/lua5.4/.mote8-patch", work);
    return access(f, F_OK) == 0;
}

static void expect_failure(const run *r, const char *what)
{
    cr_expect_eq(r->exit_code, 1, "exit %d: %s", r->exit_code, r->err);
    cr_expect(strncmp(r->err, "lua: error: ", 12) == 0 && strstr(r->err, what) != NULL,
              "want 'lua: error: ...%s...', got: %s", what, r->err);
    cr_expect(strstr(r->err, "M8_LUA=system") != NULL, "names the way out: %s", r->err);
    cr_expect(!prepared(), "no prepared tree is left for CMake to build");
}

TestSuite(lua_source, .init = setup_work, .fini = teardown_work);

Test(lua_source, missing_package_fails_without_downloading)
{
    run r;
    run_script(&r, NULL);
    expect_failure(&r, "is not in the cache");
}

Test(lua_source, other_version_fails)
{
    /* a newer Debian release in the cache, not the pinned one */
    sh("printf 'Source: lua5.4\\nVersion: 5.4.6-3\\n' > '%s/cache/mote8/lua5.4/lua5.4_5.4.6-3.dsc'"
       "%s", work, "");
    run r;
    run_script(&r, NULL);
    expect_failure(&r, "lua5.4_5.4.6-3.dsc");
}

Test(lua_source, damaged_files_fail_on_their_hash)
{
    copy_cached_package();
    /* the .dsc edited (the version changed inside it), then the upstream tarball cut short */
    sh("sed -i 's/^Version: .*/Version: 5.4.6-1/' '%s/cache/mote8/lua5.4/" PINNED_DSC "'%s",
       work, "");
    run r;
    run_script(&r, NULL);
    expect_failure(&r, PINNED_DSC ": sha256 ");
    copy_cached_package();
    sh("truncate -s 1000 '%s/cache/mote8/lua5.4/lua5.4_5.4.4.orig.tar.gz'%s", work, "");
    run_script(&r, NULL);
    expect_failure(&r, "lua5.4_5.4.4.orig.tar.gz: sha256 ");
}

Test(lua_source, patch_that_does_not_apply_fails, .timeout = 120)
{
    copy_cached_package();
    /* a line the counting patch removes, changed to one the Lua source does not have */
    sh("sed -i '0,/^-[^-]/s/^-[^-].*/-this line is not in the Lua source/' "
       "'%s/repo/tools/lua5.4-count.patch'%s", work, "");
    run r;
    run_script(&r, NULL);
    expect_failure(&r, "tools/lua5.4-count.patch does not apply to lua5.4 5.4.4-3+deb12u1");
}

Test(lua_source, pinned_package_is_prepared_offline, .timeout = 120)
{
    copy_cached_package();
    run r;
    run_script(&r, NULL);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    cr_expect(prepared());
    cr_expect(strstr(r.err, "lua5.4 5.4.4-3+deb12u1 from Debian's source package") != NULL, "%s",
              r.err);
    char lvm[2048];
    snprintf(lvm, sizeof lvm, "grep -q lua_m8_setweight '%s/build/lua5.4/src/lapi.c' && grep -q l_m8wrapi '%s/build/lua5.4/src/lvm.c' && grep -q m8fastcall '%s/build/lua5.4/src/lvm.c' && grep -q m8fastgetglobal '%s/build/lua5.4/src/lvm.c'", work, work, work, work);
    cr_expect_eq(system(lvm), 0, "the four patches are applied");
}

Test(lua_source, system_lua_only_by_name)
{
    run r;
    run_script(&r, "system");
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    cr_expect(strstr(r.err, "M8_LUA=system: building with the system's liblua5.4") != NULL, "%s",
              r.err);
    cr_expect(!prepared());
    run_script(&r, "sytem");
    expect_failure(&r, "M8_LUA=sytem: expected source");
}
