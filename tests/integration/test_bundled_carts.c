/* test_bundled_carts.c - the carts mote8 ships (carts/spaceman.p8, carts/racer.p8): each
 * plays 5400 frames headless with its scripted input from tests/bundled/ (several levels; a
 * full race) without an error, and its cost profile shows no frame at or over the CPU
 * budget and no halved frame. The spaceman generator's own invariants are checked in
 * tests/unit/test_spaceman_gen.c.
 * Depends on: m8_test_util.h (runs build/bin/mote8), Criterion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <criterion/criterion.h>
#include "m8_test_util.h"

#define FRAMES "5400"

/* Runs `cart` with its input script and a profile; checks every frame of frames.csv. */
static void plays_within_budget(const char *cart)
{
    char dir[] = "/tmp/m8_bundled_XXXXXX";
    cr_assert(mkdtemp(dir));
    char input[1024], csv[1100];
    snprintf(input, sizeof input, "%s/tests/bundled/%s.input", M8_SOURCE_DIR, cart);
    cr_assert_eq(access(input, R_OK), 0, "missing input script %s", input);
    const char *args[] = { "--headless", "--frames", FRAMES, "--seed", "1", "--input", input,
                           "--profile", dir, cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s: exit %d: %s", cart, r.exit_code, r.err);

    snprintf(csv, sizeof csv, "%s/frames.csv", dir);
    FILE *f = fopen(csv, "r");
    cr_assert(f, "no %s", csv);
    char line[256];
    cr_assert(fgets(line, sizeof line, f));        /* header */
    long frames = 0, over = 0, dropped = 0;
    double worst = 0;
    unsigned long long worst_frame = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned long long frame, lua, sys, budget;
        int drop;
        if (sscanf(line, "%llu,%llu,%llu,%llu,%d", &frame, &lua, &sys, &budget, &drop) != 5)
            continue;
        double stat1 = (double)(lua + sys) / (double)budget;
        if (stat1 > worst) {
            worst = stat1;
            worst_frame = frame;
        }
        over += stat1 >= 1.0;
        dropped += drop != 0;
        frames++;
    }
    fclose(f);
    cr_expect_geq(frames, 2700, "%s: only %ld displayed frames in " FRAMES " ticks", cart, frames);
    cr_expect_eq(over, 0, "%s: %ld frames at or over budget (worst stat(1) %.3f at frame %llu)",
                 cart, over, worst, worst_frame);
    cr_expect_eq(dropped, 0, "%s: %ld halved frames", cart, dropped);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}

Test(bundled_carts, spaceman_plays_several_levels_within_budget, .timeout = 300)
{
    plays_within_budget("spaceman");
}

Test(bundled_carts, racer_plays_a_full_race_within_budget, .timeout = 300)
{
    plays_within_budget("racer");
}
