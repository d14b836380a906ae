/* test_bundled_carts.c - the carts mote8 ships (carts/spaceman.p8, carts/racer.p8): each
 * plays 5400 frames headless with its scripted input from tests/bundled/ (several levels; a
 * full race) without an error, and its cost profile shows no frame at or over the CPU
 * budget and no halved frame. Each committed input is also replayed against what
 * docs/carts.md says it does: the levels spaceman clears (and that it loses no life), the
 * place racer finishes each stage in, read from the carts' printh progress lines. A stale
 * input or stale docs fail with the input's name and what differed. The spaceman
 * generator's own invariants are checked in tests/unit/test_spaceman_gen.c.
 * Depends on: m8_test_util.h (runs build/bin/mote8), POSIX regex, Criterion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <regex.h>
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


/* ---------------------------------------------------------------- inputs against the docs */

/* The "## NAME" section of docs/carts.md (malloc'd), up to the next "## " heading, with
 * line breaks and runs of spaces made single spaces. */
static char *docs_section(const char *name)
{
    char path[1024], head[64];
    snprintf(path, sizeof path, "%s/docs/carts.md", M8_SOURCE_DIR);
    char *docs = m8_read_file(path, NULL, 0);
    cr_assert(docs, "cannot read %s", path);
    snprintf(head, sizeof head, "\n## %s\n", name);
    char *start = strstr(docs, head);
    cr_assert(start, "docs/carts.md has no section \"## %s\"", name);
    start += 1;
    char *end = strstr(start + strlen(head) - 1, "\n## ");
    size_t n = end ? (size_t)(end - start) : strlen(start);
    char *section = malloc(n + 1);
    cr_assert(section);
    /* one line with single spaces, so a sentence wrapped anywhere still matches */
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        char c = start[i] == '\n' || start[i] == '\t' ? ' ' : start[i];
        if (c != ' ' || (len > 0 && section[len - 1] != ' ')) section[len++] = c;
    }
    section[len] = '\0';
    free(docs);
    return section;
}

/* Matches the extended regular expression `re` in text; the first `n` groups as numbers.
 * Returns the end of the match, or NULL when it does not match. */
static const char *match_numbers(const char *text, const char *re, long *groups, int n)
{
    regex_t rx;
    regmatch_t m[8];
    cr_assert(n < 8);
    cr_assert_eq(regcomp(&rx, re, REG_EXTENDED), 0, "bad pattern %s", re);
    int rc = regexec(&rx, text, (size_t)n + 1, m, 0);
    regfree(&rx);
    if (rc != 0) return NULL;
    for (int i = 0; i < n; i++) groups[i] = strtol(text + m[i + 1].rm_so, NULL, 10);
    return text + m[0].rm_eo;
}

/* Replays tests/bundled/CART.input headless for `frames` frames with --seed 1 into r. */
static void replay_input(m8_run_result *r, const char *cart, long frames)
{
    char input[1024], nframes[32];
    snprintf(input, sizeof input, "%s/tests/bundled/%s.input", M8_SOURCE_DIR, cart);
    cr_assert_eq(access(input, R_OK), 0, "missing input script %s", input);
    snprintf(nframes, sizeof nframes, "%ld", frames);
    const char *args[] = { "--headless", "--frames", nframes, "--seed", "1", "--input", input,
                           cart, NULL };
    m8t_run_mote8(r, args);
    cr_assert_eq(r->exit_code, 0, "%s: exit %d: %s", input, r->exit_code, r->err);
}

Test(bundled_carts, spaceman_input_clears_the_levels_the_docs_claim, .timeout = 300)
{
    char *docs = docs_section("spaceman");
    long claim[2];
    cr_assert(match_numbers(docs, "clears ([0-9]+) levels in ([0-9]+) frames", claim, 2),
              "docs/carts.md (## spaceman) has no sentence \"clears N levels in F frames\"");
    /* "... without losing a life" in the same sentence (or table cell) */
    long unused[1];
    int no_life_lost = match_numbers(docs, "clears [0-9]+ levels in [0-9]+ frames[^.|]*"
                                     "without losing a life", unused, 0) != NULL;
    free(docs);

    m8_run_result *r = malloc(sizeof *r);
    cr_assert(r);
    replay_input(r, "spaceman", claim[1]);
    /* "spaceman: level N cleared" lines, N counting up from 1, and "spaceman: life lost" */
    long cleared = 0, lost = 0, out_of_order = 0;
    for (char *line = strtok(r->out, "\n"); line; line = strtok(NULL, "\n")) {
        long level;
        char tail[16];
        if (sscanf(line, "spaceman: level %ld %15s", &level, tail) == 2 && !strcmp(tail, "cleared")) {
            cleared++;
            out_of_order += level != cleared;
        } else if (!strcmp(line, "spaceman: life lost")) {
            lost++;
        }
    }
    free(r);
    const char *fix = "regenerate it with python3 tests/bundled/spaceman_plan.py and update "
                      "docs/carts.md";
    cr_expect_eq(out_of_order, 0, "tests/bundled/spaceman.input: levels cleared out of order; %s",
                 fix);
    cr_expect_eq(cleared, claim[0], "tests/bundled/spaceman.input is stale: docs/carts.md says it "
                 "clears %ld levels in %ld frames, the replay cleared %ld (%ld lives lost); %s",
                 claim[0], claim[1], cleared, lost, fix);
    if (no_life_lost)
        cr_expect_eq(lost, 0, "tests/bundled/spaceman.input is stale: docs/carts.md says it "
                     "loses no life, the replay lost %ld in %ld frames; %s", lost, claim[1], fix);
}

/* "in place P", or "not at all" for place 0 */
static void describe_place(char *buf, size_t size, long place)
{
    if (place)
        snprintf(buf, size, "in place %ld", place);
    else
        snprintf(buf, size, "not at all");
}

Test(bundled_carts, racer_input_finishes_the_stages_the_docs_claim, .timeout = 300)
{
    /* "With `--seed 1` the input finishes stage 1 in place P1 and stage 2 in place P2." */
    char *docs = docs_section("racer");
    const char *lead = "With `--seed 1` the input finishes stage";
    char *sentence = strstr(docs, lead);
    cr_assert(sentence, "docs/carts.md (## racer) has no sentence \"With `--seed 1` the input "
              "finishes stage 1 in place P1 and stage 2 in place P2.\"");
    char *stop = strchr(sentence + strlen(lead), '.');
    if (stop) *stop = '\0';
    long claim_place[8] = {0};      /* claim_place[s]: the docs' place for stage s (0 = none) */
    int claims = 0;
    const char *at = sentence;
    long pair[2];
    while ((at = match_numbers(at, "stage ([0-9]+) in place ([0-9]+)", pair, 2))) {
        cr_assert(pair[0] >= 1 && pair[0] < 8, "docs/carts.md (## racer): stage %ld?", pair[0]);
        claim_place[pair[0]] = pair[1];
        claims++;
    }
    free(docs);
    cr_assert_gt(claims, 0, "docs/carts.md (## racer): no \"stage S in place P\" in its sentence");

    m8_run_result *r = malloc(sizeof *r);
    cr_assert(r);
    replay_input(r, "racer", 5400);
    /* "racer: stage S finished, place P of 8, time T" */
    long run_place[8] = {0};
    for (char *line = strtok(r->out, "\n"); line; line = strtok(NULL, "\n")) {
        long stage, place, of;
        if (sscanf(line, "racer: stage %ld finished, place %ld of %ld", &stage, &place, &of) == 3
            && stage >= 1 && stage < 8)
            run_place[stage] = place;
    }
    free(r);
    for (int s = 1; s < 8; s++) {
        if (claim_place[s] == run_place[s]) continue;
        char said[32], got[32];
        describe_place(said, sizeof said, claim_place[s]);
        describe_place(got, sizeof got, run_place[s]);
        cr_expect_fail("tests/bundled/racer.input is stale: docs/carts.md says it finishes "
                       "stage %d %s, the replay (5400 frames, --seed 1) finished it %s; "
                       "regenerate the input or update docs/carts.md", s, said, got);
    }
}
