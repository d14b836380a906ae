/* test_cartdata.c - persistent cart data: cartdata/dget/dset round trip through the save
 * file, the file format, atomic replacement, and errors for bad ids or a second call. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"

static char dir[128];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/m8t_cdata_%d", (int)getpid());
    setenv("MOTE8_DATA_DIR", dir, 1);
}

static int run(const char *code, char *printed, size_t n, char *err, size_t errn)
{
    char path[160];
    snprintf(path, sizeof path, "/tmp/m8t_cd_%d.p8", (int)getpid());
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s\n", code);
    fclose(f);
    int st = m8t_run_cart(path, 1, NULL, printed, n, err, errn);
    unlink(path);
    return st;
}

Test(cartdata, saved_and_read_back, .init = setup)
{
    char out[1024], err[1024], file[256];
    snprintf(file, sizeof file, "%s/m8test_a.p8d.txt", dir);
    unlink(file);
    cr_assert_neq(run("printh(tostr(cartdata('m8test_a'))) dset(3,1.5) dset(63,-1)", out,
                      sizeof out, err, sizeof err), MOTE8_ERROR, "%s", err);
    cr_expect_str_eq(out, "false\n");
    size_t len;
    char *text = m8_read_file(file, &len, 0);
    cr_assert(text, "no save file %s", file);
    cr_expect_eq(len, 64 * 9);
    cr_expect(strncmp(text + 3 * 9, "00018000\n", 9) == 0, "dset(3,1.5) raw value");
    cr_expect(strncmp(text + 63 * 9, "ffff0000\n", 9) == 0, "dset(63,-1) raw value");
    free(text);
    cr_assert_neq(run("printh(tostr(cartdata('m8test_a'))) printh(dget(3)..' '..dget(63)..' '..dget(0)..' '..dget(99))",
                      out, sizeof out, err, sizeof err), MOTE8_ERROR, "%s", err);
    cr_expect_str_eq(out, "true\n1.5 -1 0 0\n");
    unlink(file);
}

Test(cartdata, bad_id_and_second_call_are_errors, .init = setup)
{
    char out[1024], err[1024];
    cr_expect_eq(run("cartdata('Bad Id!')", out, sizeof out, err, sizeof err), MOTE8_ERROR);
    cr_expect(strstr(err, "tab 0, line 1") != NULL, "%s", err);
    cr_expect_eq(run("cartdata('m8test_b') cartdata('m8test_c')", out, sizeof out, err, sizeof err),
                 MOTE8_ERROR);
    cr_expect(strstr(err, "once") != NULL, "%s", err);
}

Test(cartdata, no_temporary_files_left, .init = setup)
{
    char out[1024], err[1024], cmd[300];
    cr_assert_neq(run("cartdata('m8test_d') for i=0,63 do dset(i,i) end", out, sizeof out, err,
                      sizeof err), MOTE8_ERROR, "%s", err);
    snprintf(cmd, sizeof cmd, "ls %s | grep -c tmp", dir);
    FILE *p = popen(cmd, "r");
    char n[16] = "";
    cr_assert(fgets(n, sizeof n, p));
    pclose(p);
    cr_expect_eq(atoi(n), 0, "temporary files left in %s", dir);
}
