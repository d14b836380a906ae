/* test_cli.c - the command-line contract of build/bin/mote8 that checks outside the project
 * rely on: --headless --frames N --screenshot --input --seed, --check, exit codes 0/1/2,
 * `FILE: tab T, line L: message` on errors, printh to stdout, determinism, a cart's
 * extcmd("shutdown") ending the run with exit 0. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

static const char *write_temp(const char *name, const char *text)
{
    static char path[8][256];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, 256, "/tmp/m8t_%d_%s", (int)getpid(), name);
    FILE *f = fopen(p, "w");
    cr_assert(f != NULL);
    fputs(text, f);
    fclose(f);
    return p;
}

#define CART(code) "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n" code

Test(cli, hello_screenshot_matches_golden)
{
    char png[256];
    snprintf(png, sizeof png, "/tmp/m8t_%d_hello.png", (int)getpid());
    const char *args[] = { "--headless", "--frames", "30", "--screenshot", png, "hello", NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "exit %d, stderr: %s", r.exit_code, r.err);
    int w, h;
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(png, &w, &h, err, sizeof err);
    cr_assert(rgb != NULL, "%s", err);
    cr_assert_eq(w, 128);
    cr_assert_eq(h, 128);
    long diff = m8t_compare_png(rgb, M8_SOURCE_DIR "/tests/golden/hello_30.png", err, sizeof err);
    cr_expect_eq(diff, 0, "%ld pixels differ from tests/golden/hello_30.png %s", diff, diff < 0 ? err : "");
    free(rgb);
    unlink(png);
}

/* Run `mote8 --headless --frames FRAMES --seed 77 OUT_FLAG FILE CART` twice, writing FILE
 * once as NAME_a.EXT and once as NAME_b.EXT; asserts both runs succeed and returns the
 * first output (malloc'd, length in *len), failing the test if the two differ. */
static char *run_twice_same_output(const char *frames, const char *out_flag, const char *ext,
                                   const char *cart, size_t *len)
{
    char a[256], b[256];
    snprintf(a, sizeof a, "/tmp/m8t_%d_a.%s", (int)getpid(), ext);
    snprintf(b, sizeof b, "/tmp/m8t_%d_b.%s", (int)getpid(), ext);
    const char *args_a[] = { "--headless", "--frames", frames, "--seed", "77", out_flag, a, cart, NULL };
    const char *args_b[] = { "--headless", "--frames", frames, "--seed", "77", out_flag, b, cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args_a);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    m8t_run_mote8(&r, args_b);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    size_t lb;
    char *da = m8_read_file(a, len, 0), *db = m8_read_file(b, &lb, 0);
    cr_assert(da && db);
    cr_expect(*len == lb && memcmp(da, db, lb) == 0, "%s output differs between identical runs", ext);
    free(db);
    unlink(a);
    unlink(b);
    return da;
}

Test(cli, same_seed_same_picture)
{
    const char *cart = write_temp("rnd.p8", CART("function _draw() for i=1,200 do pset(rnd(128),rnd(128),rnd(16)) end end\n"));
    size_t len;
    char *png = run_twice_same_output("5", "--screenshot", "png", cart, &len);
    cr_expect_gt(len, 100);
    free(png);
}

Test(cli, runtime_error_names_file_tab_and_line)
{
    const char *cart = write_temp("err.p8", CART("x=1\n-->8\n-- second tab\nfunction _update()\n  local t=nil\n  t.x=1\nend\n"));
    const char *args[] = { "--headless", "--frames", "3", cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 1, "exit %d", r.exit_code);
    char expect[512];
    snprintf(expect, sizeof expect, "%s: tab 1, line 4:", cart);
    cr_expect(strncmp(r.err, expect, strlen(expect)) == 0, "stderr was: %s", r.err);
    cr_expect(strstr(r.err, "t.x=1") != NULL, "source line missing: %s", r.err);
}

Test(cli, check_accepts_good_and_rejects_bad)
{
    const char *good = write_temp("good.p8", CART("function _draw() cls() end\n"));
    const char *bad = write_temp("bad.p8", CART("a=1\nb=2\nfunction _draw(\n  cls()\nend end\n"));
    m8_run_result r;
    const char *args_good[] = { "--check", good, NULL };
    m8t_run_mote8(&r, args_good);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    const char *args_bad[] = { "--check", bad, NULL };
    m8t_run_mote8(&r, args_bad);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, "tab 0, line") != NULL, "stderr was: %s", r.err);
}

Test(cli, usage_errors_exit_2)
{
    m8_run_result r;
    const char *a1[] = { "--frames", NULL };
    m8t_run_mote8(&r, a1);
    cr_expect_eq(r.exit_code, 2);
    const char *a2[] = { "--bogus", "hello", NULL };
    m8t_run_mote8(&r, a2);
    cr_expect_eq(r.exit_code, 2);
    const char *a3[] = { "--headless", "--frames", "x", "hello", NULL };
    m8t_run_mote8(&r, a3);
    cr_expect_eq(r.exit_code, 2);
}

Test(cli, missing_and_broken_carts_exit_1)
{
    m8_run_result r;
    const char *a1[] = { "--headless", "--frames", "1", "/nonexistent/cart.p8", NULL };
    m8t_run_mote8(&r, a1);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, "/nonexistent/cart.p8") != NULL, "%s", r.err);
    const char *junk = write_temp("junk.p8", "this is not a cart\n\x01\x02\xff");
    const char *a2[] = { "--headless", "--frames", "1", junk, NULL };
    m8t_run_mote8(&r, a2);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, junk) != NULL, "%s", r.err);
}

Test(cli, printh_and_input_script)
{
    const char *cart = write_temp("inp.p8", CART("function _update() printh(flr(t()*30+0.5)..\":\"..btn()) end\n"));
    const char *script = write_temp("inp.txt", "# frame mask\n0 0\n2 0x12\n4 0x100\n");
    const char *args[] = { "--headless", "--frames", "6", "--input", script, cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "0:0\n1:0\n2:18\n3:18\n4:256\n5:256\n");
}

Test(cli, shutdown_ends_a_headless_run_early_with_exit_0_and_stop_keeps_the_screen)
{
    const char *cart = write_temp("down.p8", CART("n = 0\nfunction _update() n += 1 printh(n) if n == 4 then extcmd(\"shutdown\") end end\n"));
    const char *args[] = { "--headless", "--frames", "50", cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "1\n2\n3\n4\n", "the run ends at the shutdown");

    char png[256];
    snprintf(png, sizeof png, "/tmp/m8t_%d_stop.png", (int)getpid());
    cart = write_temp("stop.p8", CART("n = 0\nfunction _update() n += 1 if n == 3 then stop(\"halt\") end end\nfunction _draw() cls(n) end\n"));
    const char *stop_args[] = { "--headless", "--frames", "20", "--screenshot", png, cart, NULL };
    m8t_run_mote8(&r, stop_args);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "halt\n");
    int w, h;
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(png, &w, &h, err, sizeof err);
    cr_assert(rgb != NULL, "%s", err);
    cr_expect(rgb[0] == 126 && rgb[1] == 37 && rgb[2] == 83, "the last frame drawn (cls(2)) stays");
    free(rgb);
    unlink(png);
}

Test(cli, endless_loop_does_not_hang_headless)
{
    const char *cart = write_temp("loop.p8", CART("while true do end\n"));
    const char *args[] = { "--headless", "--frames", "3", cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
}

Test(cli, memory_cap_gives_an_error_not_a_crash)
{
    const char *cart = write_temp("mem.p8", CART("t={} while true do add(t,{1,2,3}) end\n"));
    const char *args[] = { "--headless", "--frames", "2000", cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, "memory") != NULL, "%s", r.err);
}

Test(cli, api_lists_the_table)
{
    const char *args[] = { "--api", NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0);
    cr_expect(strstr(r.out, "btnp([b],[p])") != NULL);
    cr_expect(strstr(r.out, "memcpy(dst,src,len)") != NULL);
}

Test(cli, wav_is_deterministic_and_sized_by_frames)
{
    const char *cart = write_temp("snd.p8",
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nsfx(0)\nfunction _update() end\n"
        "__sfx__\n001000002105021050210502105021050210502105021050000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000\n");
    size_t la;
    char *da = run_twice_same_output("45", "--wav", "wav", cart, &la);
    cr_expect_eq(la, 44 + 2 * (45 * 22050 / 30), "1.5 s of 16-bit mono after the header");
    int loud = 0;
    for (size_t i = 44; i + 1 < la; i += 2) {
        int16_t v = (int16_t)((unsigned char)da[i] | ((unsigned char)da[i + 1] << 8));
        if (v > 1000 || v < -1000) loud++;
    }
    cr_expect_gt(loud, 1000, "the sfx should be audible");
    free(da);
}

Test(cli, error_screen_in_the_screenshot)
{
    const char *cart = write_temp("errscr.p8", CART("function _draw() cls(12) x=nil+1 end\n"));
    char png[256];
    snprintf(png, sizeof png, "/tmp/m8t_%d_err.png", (int)getpid());
    const char *args[] = { "--headless", "--frames", "3", "--screenshot", png, cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 1);
    int w, h;
    char err[256];
    uint8_t *rgb = m8_png_read_rgb(png, &w, &h, err, sizeof err);
    cr_assert(rgb != NULL, "%s", err);
    /* red header bar at the top, black below (not the cart's blue) */
    cr_expect(rgb[0] == 0xff && rgb[1] == 0x00 && rgb[2] == 0x4d, "header");
    size_t below = (size_t)(120 * 128 + 120) * 3;
    cr_expect(rgb[below] == 0 && rgb[below + 1] == 0 && rgb[below + 2] == 0, "background");
    free(rgb);
    unlink(png);
}

Test(cli, help_lists_defaults_and_bundled_carts)
{
    m8_run_result r;
    const char *args[] = { "--help", NULL };
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 0);
    cr_expect(strstr(r.out, "default: 1 frame headless") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "bundled carts: hello") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "--write-config") && strstr(r.out, "--unpaced") && strstr(r.out, "--watch"),
              "%s", r.out);
    const char *v[] = { "--version", NULL };
    m8t_run_mote8(&r, v);
    cr_expect_eq(r.exit_code, 0);
    cr_expect_str_eq(r.out, "mote8 " MOTE8_VERSION "\n");
}

Test(cli, bad_values_are_explained_in_one_line)
{
    const char *cases[][4] = { { "--frames", "abc", "hello", "--frames expects a whole number" },
                               { "--scale", "99", "hello", "--scale expects a window scale from 1 to 16, not '99'" },
                               { "--seed", "", "hello", "--seed expects a whole number" },
                               { "--bogus", "hello", NULL, "unknown option '--bogus'" } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        m8_run_result r;
        const char *args[] = { cases[i][0], cases[i][1], cases[i][2], NULL };
        m8t_run_mote8(&r, args);
        cr_expect_eq(r.exit_code, 2);
        cr_expect(strstr(r.err, cases[i][3]) != NULL, "stderr: %s", r.err);
        char *nl = strchr(r.err, '\n');
        cr_expect(nl && nl[1] == 0, "one line, got: %s", r.err);
    }
}

Test(cli, check_says_ok)
{
    m8_run_result r;
    const char *args[] = { "--check", "hello", NULL };
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "hello.p8: ok\n");
}

Test(cli, write_config_writes_the_defaults_once)
{
    char path[256];
    snprintf(path, sizeof path, "/tmp/m8t_%d_cfg/mote8.cfg", (int)getpid());
    setenv("MOTE8_CONFIG", path, 1);
    m8_run_result r;
    const char *args[] = { "--write-config", NULL };
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    size_t len;
    char *text = m8_read_file(path, &len, 0);
    cr_assert(text, "no file at %s", path);
    cr_expect(strstr(text, "volume = 1.0;") && strstr(text, "keys_p1 = {") && strstr(text, "gamepad = {") &&
              strstr(text, "capture_folder = \"\";"), "%s", text);
    free(text);
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1, "an existing file is not replaced");
    cr_expect(strstr(r.err, "already exists") != NULL, "%s", r.err);
    unlink(path);
    char dir[256];
    snprintf(dir, sizeof dir, "/tmp/m8t_%d_cfg", (int)getpid());
    rmdir(dir);
}

Test(cli, broken_png_cart_says_what_is_wrong)
{
    const char *png = write_temp("broken.p8.png", "not a picture at all");
    m8_run_result r;
    const char *args[] = { "--headless", png, NULL };
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, "broken.p8.png: not a .p8.png cart: no PNG signature") != NULL, "%s", r.err);
    unlink(png);
}

Test(cli, error_wording)
{
    m8_run_result r;
    /* runaway recursion: a stack overflow, not "not enough memory" */
    const char *deep = write_temp("deep.p8", CART("function f(n) return f(n+1)+1 end\nf(1)\n"));
    const char *a1[] = { "--headless", deep, NULL };
    m8t_run_mote8(&r, a1);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, "tab 0, line 1: stack overflow") != NULL, "%s", r.err);
    /* the cart's global _update is not a local in the traceback */
    const char *cb = write_temp("cb.p8", CART("function boom() local x=nil return x.y end\nfunction _update() boom() end\n"));
    const char *a2[] = { "--headless", cb, NULL };
    m8t_run_mote8(&r, a2);
    cr_expect(strstr(r.err, "in function '_update'") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "in local '_update'") == NULL, "%s", r.err);
    /* a missing end names the block and where it began */
    const char *open = write_temp("open.p8", CART("function _draw()\n if true then\n  cls()\n\nx=1\n"));
    const char *a3[] = { "--check", open, NULL };
    m8t_run_mote8(&r, a3);
    cr_expect_eq(r.exit_code, 1);
    cr_expect(strstr(r.err, "'end' expected near '<eof>' (to close 'if' at tab 0, line 2)") != NULL, "%s", r.err);
    const char *tabs = write_temp("tabs.p8", CART("x=1\n-->8\nfor i=1,2 do\n y=i\n"));
    const char *a4[] = { "--check", tabs, NULL };
    m8t_run_mote8(&r, a4);
    cr_expect(strstr(r.err, "(to close 'for' at tab 1, line 1)") != NULL, "%s", r.err);
}

Test(cli, coresume_error_names_tab_and_line)
{
    m8_run_result r;
    const char *co = write_temp("co.p8", CART("x=1\n-->8\nc=cocreate(function()\n local t=nil t.x=1 end)\nok,err=coresume(c)\nprinth(tostr(ok)..' '..err)\n"));
    const char *a[] = { "--headless", co, NULL };
    m8t_run_mote8(&r, a);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "false tab 1, line 2: attempt to index a nil value (local 't')\n");
}

/* --- issue 21: outputs onto a full disk. A file-size limit (RLIMIT_FSIZE, inherited by the
 *     child mote8, SIGXFSZ ignored) makes writes past 64 KiB fail as on a full disk while
 *     the header at offset 0 can still be rewritten; /dev/full fails every write. The WAV was
 *     left truncated with exit 0 and no message. --- */
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>

static void expect_cannot_write(const char *opt, const char *path, const char *frames)
{
    const char *args[] = { "--headless", "--frames", frames, opt, path, "hello", NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    char want[512];
    snprintf(want, sizeof want, "mote8: %s: cannot write: ", path);
    cr_expect_eq(r.exit_code, 1, "%s %s: exit %d, stderr: %s", opt, path, r.exit_code, r.err);
    cr_expect(strstr(r.err, want) != NULL, "%s %s: stderr: %s", opt, path, r.err);
}

Test(cli, outputs_on_a_full_disk_report_and_exit_1)
{
    char wav[256], png[256];
    snprintf(wav, sizeof wav, "/tmp/m8t_%d_full.wav", (int)getpid());
    snprintf(png, sizeof png, "/tmp/m8t_%d_full.png", (int)getpid());
    expect_cannot_write("--wav", "/dev/full", "60");
    expect_cannot_write("--screenshot", "/dev/full", "3");
    /* libpng's png_image_write_to_file remove()d the path after a failed write: run as root,
     * the screenshot deleted the device node /dev/full */
    struct stat st;
    cr_expect(stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode), "/dev/full is still a device");
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit lim = { 64 * 1024, 64 * 1024 };
    cr_assert_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
    expect_cannot_write("--wav", wav, "300");       /* 10 s of audio: 441 KB */
    unlink(wav);
    lim.rlim_cur = lim.rlim_max = 100;              /* a PNG of the screen is larger */
    cr_assert_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
    expect_cannot_write("--screenshot", png, "3");
    unlink(png);
}

/* The three kinds of cart error as headless prints them: code that does not compile says
 * "syntax error" after tab:line (no traceback), a running cart's error has a traceback and
 * no such word, an undecodable file names the file and what is wrong. */
Test(cli, error_kinds_in_the_headless_message)
{
    m8_run_result r;
    const char *syntax = write_temp("syn.p8", CART("x=1\nfunction _update()\n  if x then\nend\n"));
    const char *a1[] = { "--headless", "--frames", "3", syntax, NULL };
    m8t_run_mote8(&r, a1);
    cr_expect_eq(r.exit_code, 1);
    char expect[512];
    snprintf(expect, sizeof expect, "%s: tab 0, line 4: syntax error: 'end' expected", syntax);
    cr_expect(strncmp(r.err, expect, strlen(expect)) == 0, "stderr was: %s", r.err);
    cr_expect(strstr(r.err, "stack traceback") == NULL, "%s", r.err);

    const char *running = write_temp("run.p8", CART("function _update()\n  x=nil+1\nend\n"));
    const char *a2[] = { "--headless", "--frames", "3", running, NULL };
    m8t_run_mote8(&r, a2);
    cr_expect_eq(r.exit_code, 1);
    snprintf(expect, sizeof expect, "%s: tab 0, line 2: attempt to perform arithmetic", running);
    cr_expect(strncmp(r.err, expect, strlen(expect)) == 0, "stderr was: %s", r.err);
    cr_expect(strstr(r.err, "stack traceback") != NULL && strstr(r.err, "syntax error") == NULL, "%s", r.err);

    const char *undecodable = write_temp("und.p8.rom", "too short for a rom");
    const char *a3[] = { "--headless", undecodable, NULL };
    m8t_run_mote8(&r, a3);
    cr_expect_eq(r.exit_code, 1);
    snprintf(expect, sizeof expect, "%s: not a ", undecodable);
    cr_expect(strncmp(r.err, expect, strlen(expect)) == 0, "stderr was: %s", r.err);
    cr_expect(strstr(r.err, "syntax error") == NULL, "%s", r.err);
}

static int count_of(const char *text, const char *word)
{
    int n = 0;
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) n++;
    return n;
}

/* A cart over its CPU budget in every frame is told once on stderr, with its stat(1) and
 * the rate it runs at; a cart within budget never. */
Test(cli, over_budget_is_said_once)
{
    const char *heavy = write_temp("heavy.p8", CART("function _update() for j=1,40 do for i=1,10000 do end end end\n"
                                                    "function _draw() cls() end\n"));
    const char *a1[] = { "--headless", "--frames", "40", heavy, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, a1);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_eq(count_of(r.err, "over its CPU budget"), 1, "stderr was: %s", r.err);
    char expect[512];
    snprintf(expect, sizeof expect, "mote8: %s is over its CPU budget (stat(1)=", heavy);
    cr_expect(strncmp(r.err, expect, strlen(expect)) == 0, "stderr was: %s", r.err);
    cr_expect(strstr(r.err, "): running at 15 fps (--profile DIR shows the cost)\n") != NULL, "%s", r.err);

    const char *light = write_temp("light.p8", CART("function _update() end function _draw() cls() end\n"));
    const char *a2[] = { "--headless", "--frames", "40", light, NULL };
    m8t_run_mote8(&r, a2);
    cr_expect_eq(r.exit_code, 0, "%s", r.err);
    cr_expect(strstr(r.err, "budget") == NULL, "stderr was: %s", r.err);
}
