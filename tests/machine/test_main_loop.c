/* test_main_loop.c - the main loop of reference 10.1 through the embedding API: top-level
 * code then _init then _update/_draw per tick, _update60 at 60 ticks a second, flip() in
 * hand-written loops, time() counted in updates, carts without callbacks ending quietly. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"

static void run(const char *code, int frames, char *out, size_t n)
{
    char path[128], err[2048];
    snprintf(path, sizeof path, "/tmp/m8t_loop_%d.p8", (int)getpid());
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s\n", code);
    fclose(f);
    int st = m8t_run_cart(path, frames, NULL, out, n, err, sizeof err);
    cr_assert_neq(st, MOTE8_ERROR, "%s", err);
    unlink(path);
}

Test(main_loop, order_of_callbacks)
{
    char out[2048];
    run("printh('top')\n"
        "function _init() printh('init') end\n"
        "function _update() printh('update '..t()) end\n"
        "function _draw() printh('draw') end\n", 3, out, sizeof out);
    cr_expect_str_eq(out, "top\ninit\nupdate 0\ndraw\nupdate 0.0333\ndraw\nupdate 0.0667\ndraw\n");
}

Test(main_loop, update60_runs_at_60)
{
    char out[2048];
    run("function _update60() n=(n or 0)+1 end\n"
        "function _draw() if n==60 then printh('one second: '..t()..' fps '..stat(8)) end end\n",
        61, out, sizeof out);
    cr_expect_str_eq(out, "one second: 0.9833 fps 60\n");
}

Test(main_loop, flip_ends_a_frame_in_hand_written_loops)
{
    char out[2048];
    run("i=0 while true do i+=1 printh(i) flip() end\n", 3, out, sizeof out);
    cr_expect_str_eq(out, "1\n2\n3\n");
}

Test(main_loop, draw_only_and_no_callbacks)
{
    char out[2048];
    run("function _draw() printh('d') end\n", 2, out, sizeof out);
    cr_expect_str_eq(out, "d\nd\n");
    run("printh('once')\n", 5, out, sizeof out);
    cr_expect_str_eq(out, "once\n");
}

Test(main_loop, btnp_latched_per_update)
{
    /* through the CLI so the input script drives it */
    char cart[128], script[128];
    snprintf(cart, sizeof cart, "/tmp/m8t_btnp_%d.p8", (int)getpid());
    snprintf(script, sizeof script, "/tmp/m8t_btnp_%d.txt", (int)getpid());
    FILE *f = fopen(cart, "w");
    cr_assert(f);
    fputs("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
          "function _update() printh((btnp(4) and 'p' or '.')..(btn(4) and 'h' or '.')) end\n", f);
    fclose(f);
    f = fopen(script, "w");
    cr_assert(f);
    fputs("1 0x10\n4 0\n", f);
    fclose(f);
    const char *args[] = { "--headless", "--frames", "5", "--input", script, cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "..\nph\n.h\n.h\n..\n");
    unlink(cart);
    unlink(script);
}

Test(main_loop, stat7_reports_the_halved_rate)
{
    char out[2048];
    /* ~400k cycles of Lua per _update (a FORLOOP weighs 1): over the 279,620 budget, so
     * the rate halves */
    run("function _update() for j=1,16 do for i=1,25000 do end end end\n"
        "function _draw() printh(stat(7)..' '..stat(8)) end\n", 6, out, sizeof out);
    cr_expect(strstr(out, "15 30\n") != NULL, "%s", out);
    run("function _draw() printh(stat(7)) end\n", 1, out, sizeof out);
    cr_expect_str_eq(out, "30\n");
}

Test(main_loop, time_advances_in_flip_loops)
{
    char out[2048];
    run("::a:: printh(t()) flip() goto a\n", 3, out, sizeof out);
    cr_expect_str_eq(out, "0\n0.0333\n0.0667\n");
}
