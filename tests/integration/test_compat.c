/* test_compat.c - the compatibility runner (build/bin/mote8-compat) on the real-cart corpus
 * (M8_SHARED_DIR/carts/real): it exits 0, writes results.jsonl with the fields checks
 * outside the project read, results.md and the contact sheet, and at least the number of
 * carts kept in tests/compat/threshold.txt pass (run for that file's frame count, shorter
 * than the tool's default 1800 to keep the suite quick). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "m8_test_util.h"

static void read_threshold(int *frames, int *pass)
{
    FILE *f = fopen(M8_SOURCE_DIR "/tests/compat/threshold.txt", "r");
    cr_assert(f != NULL, "tests/compat/threshold.txt is missing");
    char line[256];
    *frames = *pass = -1;
    while (fgets(line, sizeof line, f)) {
        sscanf(line, "frames %d", frames);
        sscanf(line, "pass %d", pass);
    }
    fclose(f);
    cr_assert(*frames > 0 && *pass > 0, "threshold.txt needs `frames N` and `pass N` lines");
}

static int count_substring(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

Test(compat, real_carts_meet_the_threshold, .timeout = 600)
{
    int frames, pass;
    read_threshold(&frames, &pass);
    char out[256], frames_s[16];
    snprintf(out, sizeof out, "/tmp/m8t_%d_compat", (int)getpid());
    snprintf(frames_s, sizeof frames_s, "%d", frames);
    const char *args[] = { "--dir", M8_SHARED_DIR "/carts/real", "--frames", frames_s,
                           "--out", out, NULL };
    m8_run_result r;
    m8t_run_tool(&r, "mote8-compat", args);
    cr_assert_eq(r.exit_code, 0, "exit %d: %s", r.exit_code, r.err);

    char path[512];
    snprintf(path, sizeof path, "%s/results.jsonl", out);
    size_t len = 0;
    char *jsonl = m8_read_file(path, &len, 0);
    cr_assert(jsonl != NULL, "no results.jsonl");
    int lines = count_substring(jsonl, "\n");
    cr_assert_gt(lines, 0);
    const char *fields[] = { "\"cart\": ", "\"loaded\": ", "\"compiled\": ", "\"frames\": ",
                             "\"error\": ", "\"distinct_frames\": ", "\"colours\": " };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        cr_expect_eq(count_substring(jsonl, fields[i]), lines, "field %s not on every line",
                     fields[i]);
    int passed = count_substring(jsonl, "\"passed\": true");
    cr_expect_geq(passed, pass, "%d carts pass, the threshold is %d:\n%s", passed, pass, jsonl);
    if (passed > pass)
        cr_log_info("%d carts pass; raise tests/compat/threshold.txt from %d", passed, pass);
    free(jsonl);

    snprintf(path, sizeof path, "%s/contact-sheet.png", out);
    cr_expect_eq(access(path, R_OK), 0, "no contact sheet");
    snprintf(path, sizeof path, "%s/results.md", out);
    char *md = m8_read_file(path, &len, 0);
    cr_assert(md != NULL, "no results.md");
    cr_expect(strstr(md, "| cart |") != NULL);
    free(md);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", out);
    cr_expect_eq(system(cmd), 0);
}

/* A cart with a runtime error and a file that is not a cart are failing rows (with the
 * error's tab:line); the run still ends with exit 0 and a line per cart. */
Test(compat, failing_carts_are_rows_not_the_end, .timeout = 120)
{
    char dir[256], out[256], path[300];
    snprintf(dir, sizeof dir, "/tmp/m8t_%d_compat_in", (int)getpid());
    snprintf(out, sizeof out, "/tmp/m8t_%d_compat_out", (int)getpid());
    cr_assert_eq(mkdir(dir, 0777) == 0 || access(dir, W_OK) == 0, 1);
    const char *carts[][2] = {
        { "fine.p8", "function _draw() cls(1) circfill(64,64,20,8) end" },
        { "broken.p8", "function _update() local x = nil + 1 end" },
        { "notacart.p8", NULL },
        /* its #include is found in the cart's folder, not the tool's working directory */
        { "multi.p8", "#include multi_part.lua" },
        /* the cart drops the error that ended its coroutine: reported, no pass */
        { "swallow.p8", "c=cocreate(function() yield() local o=nil o.x=1 end)\n"
                        "function _update() coresume(c) end" },
    };
    for (size_t i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, carts[i][0]);
        FILE *f = fopen(path, "w");
        cr_assert(f != NULL);
        if (carts[i][1])
            fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s\n",
                    carts[i][1]);
        else
            fprintf(f, "this is not a cart\n");
        fclose(f);
    }
    snprintf(path, sizeof path, "%s/multi_part.lua", dir);
    FILE *part = fopen(path, "w");
    cr_assert(part != NULL);
    fputs("function _draw() cls(2) end\n", part);
    fclose(part);
    const char *args[] = { "--dir", dir, "--frames", "20", "--out", out, "--cart-timeout", "20",
                           NULL };
    m8_run_result r;
    m8t_run_tool(&r, "mote8-compat", args);
    cr_assert_eq(r.exit_code, 0, "exit %d: %s", r.exit_code, r.err);
    snprintf(path, sizeof path, "%s/results.jsonl", out);
    size_t len = 0;
    char *jsonl = m8_read_file(path, &len, 0);
    cr_assert(jsonl != NULL);
    cr_expect_eq(count_substring(jsonl, "\n"), 5, "%s", jsonl);
    cr_expect_eq(count_substring(jsonl, "\"passed\": true"), 2, "%s", jsonl);
    cr_expect(strstr(jsonl, "{\"cart\": \"multi.p8\", \"loaded\": true, \"compiled\": true, "
                            "\"frames\": 20, \"error\": null") != NULL, "%s", jsonl);
    cr_expect(strstr(jsonl, "\"error\": \"coroutine: tab 0, line 1: attempt to index a nil "
                            "value (local 'o')\"") != NULL, "%s", jsonl);
    cr_expect(strstr(jsonl, "{\"cart\": \"broken.p8\", \"loaded\": true, \"compiled\": true, "
                            "\"frames\": 0, \"error\": \"broken.p8: tab 0, line 1:") != NULL,
              "%s", jsonl);
    cr_expect(strstr(jsonl, "{\"cart\": \"notacart.p8\", \"loaded\": false") != NULL, "%s", jsonl);
    free(jsonl);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", dir, out);
    cr_expect_eq(system(cmd), 0);
}
