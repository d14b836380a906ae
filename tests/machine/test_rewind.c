/* test_rewind.c - the rewind history (runtime/host/common/rewind.c) on a real machine:
 * stepping back shows, tick by tick, exactly the frames the cart showed (racer and
 * spaceman with wandering input); playing on from there with other input equals a fresh
 * run that took the same way; the history keeps its length in seconds and its memory cap;
 * states share their unchanged pages; a cleared history steps back to its start only.
 * Depends on: common/rewind.h, api/mote8.h, api/mote8_profiler.h, m8_test_util.h, Criterion. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "m8_test_util.h"
#include "mote8.h"
#include "mote8_profiler.h"
#include "rewind.h"

#define TICKS 100

static uint64_t fnv64(const void *data, size_t len)
{
    const uint8_t *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t screen_hash(mote8 *m8)
{
    static uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    mote8_screen_rgb(m8, rgb);
    return fnv64(rgb, sizeof rgb);
}

/* Input for tick t of one way through the cart (`way` picks the way). */
static void input_at(int t, int way, mote8_input *in)
{
    memset(in, 0, sizeof *in);
    uint32_t x = (uint32_t)(t + way * 7919) * 2654435761u;
    in->buttons[0] = (uint8_t)((x >> 27) & 0x3f);
    if ((t / 20) % 3 == 0) in->buttons[0] |= 0x10;
}

static mote8 *start(const char *cart)
{
    size_t len = 0;
    const void *data = mote8_bundled_cart(cart, &len);
    cr_assert_not_null(data, "no bundled cart %s", cart);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_not_null(m8);
    cr_assert_eq(mote8_load_cart(m8, data, len, cart), 0, "%s", mote8_error(m8));
    return m8;
}

/* One tick with way `way`'s input at tick t, its samples dropped; recorded when rw. */
static void tick(mote8 *m8, m8_rewind *rw, int t, int way)
{
    static int16_t samples[MOTE8_AUDIO_RATE];
    mote8_input in;
    input_at(t, way, &in);
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING, "tick %d: %s", t, mote8_error(m8));
    while (mote8_pull_audio(m8, samples, MOTE8_AUDIO_RATE) > 0) {}
    if (rw) m8_rewind_record(rw, m8, &in);
}

static void steps_back_through_the_frames_shown(const char *cart)
{
    mote8 *m8 = start(cart);
    m8_rewind *rw = m8_rewind_create(30, 256u << 20);
    cr_assert_not_null(rw);
    cr_assert_eq(m8_rewind_clear(rw, m8), 0, "%s", mote8_state_error(m8));
    uint64_t shown[TICKS + 1];
    shown[0] = screen_hash(m8);
    for (int t = 1; t <= TICKS; t++) {
        tick(m8, rw, t, 0);
        shown[t] = screen_hash(m8);
    }
    cr_assert_eq(m8_rewind_ticks(rw), TICKS);
    for (int t = TICKS - 1; t >= 60; t--) {
        cr_assert_eq(m8_rewind_step_back(rw, m8), 1, "%s: step back to tick %d", cart, t);
        cr_assert_eq(screen_hash(m8), shown[t], "%s: after stepping back to tick %d the screen "
                     "is not the one the cart showed then", cart, t);
    }
    /* play on from tick 60 another way; a fresh run going the same way ends equal */
    for (int t = 61; t <= 90; t++) tick(m8, rw, t, 1);
    mote8 *fresh = start(cart);
    for (int t = 1; t <= 60; t++) tick(fresh, NULL, t, 0);
    for (int t = 61; t <= 90; t++) tick(fresh, NULL, t, 1);
    cr_assert_eq(screen_hash(m8), screen_hash(fresh), "%s: the run after a rewind went elsewhere", cart);
    mote8_frame_cost a, b;
    mote8_last_frame_cost(m8, &a);
    mote8_last_frame_cost(fresh, &b);
    cr_assert(a.lua == b.lua && a.system == b.system, "%s: stat(1) differs after the rewind", cart);
    /* and stepping back still works over the new way */
    for (int t = 89; t >= 70; t--) cr_assert_eq(m8_rewind_step_back(rw, m8), 1);
    mote8_destroy(fresh);
    m8_rewind_destroy(rw);
    mote8_destroy(m8);
}

Test(rewind, steps_back_through_the_frames_racer_showed)
{
    steps_back_through_the_frames_shown("racer");
}

Test(rewind, steps_back_through_the_frames_spaceman_showed)
{
    steps_back_through_the_frames_shown("spaceman");
}

Test(rewind, keeps_its_length_and_stops_at_its_start)
{
    mote8 *m8 = start("racer");
    m8_rewind *rw = m8_rewind_create(1, 256u << 20);       /* one second: 30 ticks */
    cr_assert_eq(m8_rewind_clear(rw, m8), 0);
    for (int t = 1; t <= 200; t++) tick(m8, rw, t, 0);
    long kept = m8_rewind_ticks(rw);
    cr_assert(kept >= 30 && kept < 30 + REWIND_EVERY, "%ld ticks kept for one second", kept);
    for (long i = 0; i < kept; i++) cr_assert_eq(m8_rewind_step_back(rw, m8), 1);
    cr_assert_eq(m8_rewind_step_back(rw, m8), 0, "stepped back past the oldest tick kept");
    cr_assert_eq(m8_rewind_ticks(rw), 0);
    m8_rewind_destroy(rw);
    mote8_destroy(m8);
}

Test(rewind, shares_pages_and_keeps_to_its_memory_cap)
{
    mote8 *m8 = start("racer");
    m8_rewind *rw = m8_rewind_create(30, 256u << 20);
    cr_assert_eq(m8_rewind_clear(rw, m8), 0);
    size_t whole = mote8_state_size(m8), one = 0;   /* the states' bytes, were none shared */
    for (int t = 1; t <= 300; t++) {
        tick(m8, rw, t, 0);
        if (t % REWIND_EVERY == 0) whole += one = mote8_state_size(m8);
    }
    /* racer's heap changes much in a third of a second: its RAM, ROM and code pages do not */
    cr_assert(m8_rewind_bytes(rw) < whole * 4 / 5, "%zu bytes for states of %zu bytes in all: "
              "unchanged pages are not shared", m8_rewind_bytes(rw), whole);
    m8_rewind_destroy(rw);

    size_t cap = 3 * one;                                   /* a few states' worth */
    rw = m8_rewind_create(30, cap);
    cr_assert_eq(m8_rewind_clear(rw, m8), 0);
    for (int t = 301; t <= 600; t++) {
        tick(m8, rw, t, 0);
        cr_assert(m8_rewind_bytes(rw) <= cap + one + 4096, "tick %d: %zu bytes over a cap of %zu",
                  t, m8_rewind_bytes(rw), cap);
    }
    cr_assert(m8_rewind_ticks(rw) < 300, "the cap did not shorten the history");
    cr_assert(m8_rewind_ticks(rw) >= REWIND_EVERY - 1);
    m8_rewind_destroy(rw);
    mote8_destroy(m8);
}
