/* test_cartdata.c - persistent cart data: cartdata/dget/dset round trip through the save
 * file, the file format, atomic replacement, and errors for bad ids or a second call, damaged
 * save files reported and kept aside. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

Test(cartdata, ids_follow_pico8_rules_and_stay_in_the_folder, .init = setup)
{
    char out[1024], err[1024];
    const char *bad[] = { "cartdata('../x')", "cartdata('a/b')", "cartdata('a.b')",
                          "cartdata('')", "cartdata('Upper')", "cartdata({})",
                          "cartdata('" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" "')" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_eq(run(bad[i], out, sizeof out, err, sizeof err), MOTE8_ERROR, "%s was accepted", bad[i]);
        cr_expect(strstr(err, "tab 0, line 1") != NULL && strstr(err, "bad id") != NULL, "%s: %s", bad[i], err);
    }
    char up[300];
    snprintf(up, sizeof up, "%s/../x.p8d.txt", dir);
    cr_expect(access(up, F_OK) != 0, "a file was made outside the data folder");
    cr_expect_neq(run("cartdata('" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" "_09')", out,
                      sizeof out, err, sizeof err), MOTE8_ERROR, "64 characters refused: %s", err);
}

/* The values 1..n as the file's lines. */
static void good_lines(char *text, size_t cap, int n)
{
    text[0] = 0;
    for (int i = 0; i < n; i++) {
        size_t k = strlen(text);
        snprintf(text + k, cap - k, "%08x\n", (unsigned)(i + 1) << 16);
    }
}

Test(cartdata, a_damaged_file_is_reported_and_kept_aside, .init = setup)
{
    char out[4096], err[1024], file[256], aside[300], text[1024];
    mkdir(dir, 0755);
    snprintf(file, sizeof file, "%s/m8test_e.p8d.txt", dir);
    snprintf(aside, sizeof aside, "%s.corrupt-1", file);
    unlink(aside);
    good_lines(text, sizeof text, 10);
    strcat(text, "zzzz garbage\n00010000\n");
    write_text(file, text);
    cr_assert_neq(run("printh(tostr(cartdata('m8test_e'))) printh(dget(0)..' '..dget(9)..' '..dget(10))",
                      out, sizeof out, err, sizeof err), MOTE8_ERROR, "%s", err);
    cr_expect(strstr(out, file) != NULL && strstr(out, "damaged") != NULL && strstr(out, "line 11") != NULL,
              "no message naming %s: %s", file, out);
    cr_expect(strstr(out, "true\n1 10 0\n") != NULL, "recovered values: %s", out);
    size_t len;
    char *kept = m8_read_file(aside, &len, 0);
    cr_assert(kept, "the damaged file was not kept as %s", aside);
    cr_expect_str_eq(kept, text);
    free(kept);
    char *fresh = m8_read_file(file, &len, 0);
    cr_assert(fresh, "no new save file");
    cr_expect_eq(len, 64 * 9);
    free(fresh);
    unlink(file);
    unlink(aside);
}

Test(cartdata, a_truncated_file_is_kept_without_overwriting_earlier_ones, .init = setup)
{
    char out[4096], err[1024], file[256], a1[300], a2[300], text[1024];
    mkdir(dir, 0755);
    snprintf(file, sizeof file, "%s/m8test_f.p8d.txt", dir);
    snprintf(a1, sizeof a1, "%s.corrupt-1", file);
    snprintf(a2, sizeof a2, "%s.corrupt-2", file);
    unlink(a2);
    write_text(a1, "an earlier damaged file\n");
    good_lines(text, sizeof text, 5);
    write_text(file, text);
    cr_assert_neq(run("cartdata('m8test_f') printh(dget(4)..' '..dget(5))", out, sizeof out, err,
                      sizeof err), MOTE8_ERROR, "%s", err);
    cr_expect(strstr(out, "truncated") != NULL && strstr(out, a2) != NULL, "%s", out);
    cr_expect(strstr(out, "5 0\n") != NULL, "%s", out);
    size_t len;
    char *k1 = m8_read_file(a1, &len, 0), *k2 = m8_read_file(a2, &len, 0);
    cr_expect(k1 && strcmp(k1, "an earlier damaged file\n") == 0, "corrupt-1 was overwritten");
    cr_expect(k2 && strcmp(k2, text) == 0, "corrupt-2 does not hold the truncated file");
    free(k1);
    free(k2);
    /* an empty file is damaged too */
    write_text(file, "");
    cr_assert_neq(run("cartdata('m8test_f')", out, sizeof out, err, sizeof err), MOTE8_ERROR, "%s", err);
    cr_expect(strstr(out, "0 of 64 lines") != NULL, "%s", out);
    char a3[300];
    snprintf(a3, sizeof a3, "%s.corrupt-3", file);
    cr_expect(access(a3, F_OK) == 0, "the empty file was not kept aside");
    unlink(file);
    unlink(a1);
    unlink(a2);
    unlink(a3);
}
