/* test_include.c - `#include` of Lua files and of other carts' tabs, relative to the
 * including cart's folder; a missing file is an error naming the #include line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "m8_test_util.h"

static char dir[128];

static void put(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/m8t_inc_%d", (int)getpid());
    mkdir(dir, 0755);
    put("lib.lua", "function greet(n) return \"hi \"..n end\nx += 2 -- dialect works here too\n");
    put("other.p8", "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                    "function tab0() return 0 end\n-->8\nfunction tab1() return 1 end\n");
}

Test(include, lua_file_and_cart_tab, .init = setup)
{
    put("main.p8", "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                   "x=1\n#include lib.lua\n#include other.p8:1\n"
                   "printh(greet('you')..x..tab1()..tostr(tab0))\nprinth(undefined_on_line_7.y)\n");
    char path[256], out[1024], err[2048];
    snprintf(path, sizeof path, "%s/main.p8", dir);
    int st = m8t_run_cart(path, 1, NULL, out, sizeof out, err, sizeof err);
    cr_expect_str_eq(out, "hi you31[nil]\n");
    cr_expect_eq(st, MOTE8_ERROR);
    cr_expect(strstr(err, "tab 0, line 5:") != NULL, "lines after includes keep their numbers: %s", err);
}

Test(include, missing_file_is_an_error, .init = setup)
{
    put("bad.p8", "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                  "x=1\n#include nowhere.lua\n");
    char path[256], out[1024], err[2048];
    snprintf(path, sizeof path, "%s/bad.p8", dir);
    cr_expect_eq(m8t_run_cart(path, 1, NULL, out, sizeof out, err, sizeof err), MOTE8_ERROR);
    cr_expect(strstr(err, "tab 0, line 2:") != NULL, "%s", err);
    cr_expect(strstr(err, "nowhere.lua") != NULL, "%s", err);
}
