/* test_snapshot.c - machine snapshots through the embedding API (docs/snapshots.md): run N
 * ticks, save a state, run M ticks recording each tick's screen, samples and stat(1) (Lua
 * and system cycles of the last frame); load the state and run the M ticks again, twice:
 * every tick must be byte-identical. On the bundled carts, real carts of ../shared (read
 * from there), and small carts with coroutines, metatables and closures, cartdata, music,
 * pending load(), a print that waits frames; plus states that must be refused (truncated,
 * damaged, another cart) leaving the running cart as it was.
 * Depends on: api/mote8.h, api/mote8_profiler.h, m8_test_util.h, Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "m8_test_util.h"
#include "mote8.h"
#include "mote8_profiler.h"

#define MAX_TICKS 400

typedef struct tick_record {
    uint64_t screen, audio, lua, system;
    int status, n_samples;
} tick_record;

static uint64_t fnv64(uint64_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* Input for absolute tick t: a wandering pattern, so games move (the same in every replay). */
static void input_at(int t, mote8_input *in)
{
    memset(in, 0, sizeof *in);
    uint32_t x = (uint32_t)t * 2654435761u;
    in->buttons[0] = (uint8_t)((x >> 27) & 0x3f);
    if ((t / 20) % 3 == 0) in->buttons[0] |= 0x20;      /* X held for a while */
}

static void record(mote8 *m8, int first, int ticks, tick_record *out)
{
    static uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    static int16_t samples[MOTE8_AUDIO_RATE];
    for (int i = 0; i < ticks; i++) {
        mote8_input in;
        input_at(first + i, &in);
        tick_record *r = &out[i];
        memset(r, 0, sizeof *r);
        r->status = mote8_tick(m8, &in);
        mote8_frame_cost cost;
        mote8_last_frame_cost(m8, &cost);
        r->lua = cost.lua;
        r->system = cost.system;
        mote8_screen_rgb(m8, rgb);
        r->screen = fnv64(0xcbf29ce484222325ull, rgb, sizeof rgb);
        r->audio = 0xcbf29ce484222325ull;
        int n;
        while ((n = mote8_pull_audio(m8, samples, MOTE8_AUDIO_RATE)) > 0) {
            r->audio = fnv64(r->audio, samples, (size_t)n * sizeof samples[0]);
            r->n_samples += n;
        }
    }
}

static void expect_same(const char *what, const tick_record *a, const tick_record *b, int ticks,
                        int first)
{
    for (int i = 0; i < ticks; i++) {
        cr_assert_eq(a[i].status, b[i].status, "%s: tick %d: status %d vs %d", what, first + i,
                     a[i].status, b[i].status);
        cr_assert_eq(a[i].screen, b[i].screen, "%s: tick %d: the screen differs", what, first + i);
        cr_assert_eq(a[i].n_samples, b[i].n_samples, "%s: tick %d: samples", what, first + i);
        cr_assert_eq(a[i].audio, b[i].audio, "%s: tick %d: the audio differs", what, first + i);
        cr_assert_eq(a[i].lua, b[i].lua, "%s: tick %d: stat(1) Lua cycles %llu vs %llu", what,
                     first + i, (unsigned long long)a[i].lua, (unsigned long long)b[i].lua);
        cr_assert_eq(a[i].system, b[i].system, "%s: tick %d: stat(1) system cycles", what,
                     first + i);
    }
}

/* Save after n ticks, run m, load, run m again (twice): identical. Returns the state's size. */
static size_t check_replay(mote8 *m8, const char *what, int n, int m)
{
    static tick_record first[MAX_TICKS], again[MAX_TICKS], before[MAX_TICKS];
    cr_assert(m <= MAX_TICKS && n <= MAX_TICKS);
    record(m8, 0, n, before);
    size_t size = mote8_state_size(m8);
    cr_assert_gt(size, 0, "%s: %s", what, mote8_state_error(m8));
    void *state = malloc(size);
    cr_assert(state);
    cr_assert_eq(mote8_state_save(m8, state, size), 0, "%s: %s", what, mote8_state_error(m8));
    record(m8, n, m, first);
    for (int round = 0; round < 2; round++) {
        cr_assert_eq(mote8_state_load(m8, state, size), 0, "%s: %s", what, mote8_state_error(m8));
        record(m8, n, m, again);
        expect_same(what, first, again, m, n);
    }
    free(state);
    return size;
}

static mote8 *start_file(const char *path, mote8_config *cfg)
{
    size_t len = 0;
    char *data = m8_read_file(path, &len, 0);
    if (!data) return NULL;
    mote8 *m8 = mote8_create(cfg);
    cr_assert(m8);
    cr_assert_eq(mote8_load_cart(m8, data, len, path), 0, "%s", mote8_error(m8));
    free(data);
    return m8;
}

static int snapshots_available(void)
{
    mote8 *m8 = m8t_start("function _update() end", NULL);
    mote8_tick(m8, NULL);
    size_t size = mote8_state_size(m8);
    mote8_destroy(m8);
    return size > 0;
}

Test(snapshot, bundled_carts)
{
    cr_assert(snapshots_available(), "snapshots are not available in this build");
    for (int i = 0; mote8_bundled_cart_name(i); i++) {
        size_t len;
        const void *data = mote8_bundled_cart(mote8_bundled_cart_name(i), &len);
        mote8_config cfg = { 0 };
        cfg.have_seed = 1;
        cfg.seed = 7;
        mote8 *m8 = mote8_create(&cfg);
        cr_assert_eq(mote8_load_cart(m8, data, len, mote8_bundled_cart_name(i)), 0);
        check_replay(m8, mote8_bundled_cart_name(i), 150, 120);
        mote8_destroy(m8);
    }
}

Test(snapshot, real_carts, .timeout = 600)
{
    static const char *const carts[] = { "celeste_classic.p8", "newleste_city.p8",
                                         "aasteroids.p8", "mode7_tline3.p8", "z8_math.p8",
                                         "dungeonmusic.p8", "beat_bot.p8", "rgbplasma.p8",
                                         "tunnel.p8", "hockey.p8", NULL };
    int ran = 0;
    for (int i = 0; carts[i]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/carts/real/%s", M8_SHARED_DIR, carts[i]);
        mote8_config cfg = { 0 };
        cfg.have_seed = 1;
        cfg.seed = 3;
        mote8 *m8 = start_file(path, &cfg);
        if (!m8) continue;                   /* ../shared is optional */
        check_replay(m8, carts[i], 100, 90);
        mote8_destroy(m8);
        ran++;
    }
    cr_log_info("snapshot: %d real carts replayed", ran);
}

/* Coroutines alive across the snapshot, metatables, closures, tables keyed by tables,
 * rnd(): the heap's whole graph comes back. */
Test(snapshot, coroutines_metatables_closures)
{
    mote8 *m8 = m8t_start(
        "vec = {} vec.__index = vec\n"
        "vec.__add = function(a, b) return setmetatable({x = a.x + b.x, y = a.y + b.y}, vec) end\n"
        "function newv(x, y) return setmetatable({x = x, y = y}, vec) end\n"
        "function counter() local n = 0 return function(k) n += k or 1 return n end end\n"
        "c1, c2 = counter(), counter()\n"
        "seen = {}\n"
        "balls = {}\n"
        "for i = 1, 20 do local b = newv(rnd(128), rnd(128)) balls[i] = b seen[b] = i end\n"
        "worker = cocreate(function()\n"
        "  local acc = 0\n"
        "  while true do\n"
        "    for i = 1, 7 do acc += c1(i) yield(acc) end\n"
        "    local t = {} for j = 1, 50 do t[j] = rnd() end\n"
        "  end\n"
        "end)\n"
        "function _update()\n"
        "  local _, v = coresume(worker)\n"
        "  c2(v % 3)\n"
        "  for b in all(balls) do local d = newv(rnd(2) - 1, rnd(2) - 1) b.x = (b + d).x % 128 b.y = (b + d).y % 128 end\n"
        "  if rnd() < 0.1 then local b = newv(rnd(128), 0) add(balls, b) seen[b] = #balls end\n"
        "end\n"
        "function _draw()\n"
        "  cls(1)\n"
        "  local s = 0 for k, v in pairs(seen) do s += v circfill(k.x, k.y, 2, v % 15 + 1) end\n"
        "  print(s .. ' ' .. c2(0) .. ' ' .. stat(0), 2, 2, 7)\n"
        "end\n", NULL);
    check_replay(m8, "coroutines", 40, 120);
    mote8_destroy(m8);
}

/* Music and sfx set up by pokes, playing across the snapshot. */
Test(snapshot, music_playing)
{
    mote8 *m8 = m8t_start(
        "for s = 0, 1 do\n"
        "  local a = 0x3200 + s * 68\n"
        "  for i = 0, 31 do poke2(a + i * 2, (12 + (i * 5 + s * 7) % 36) | ((i + s) % 8) << 6 | 5 << 9 | (i % 4) << 12) end\n"
        "  poke(a + 65, 9 + s * 4) poke(a + 66, 0) poke(a + 67, 32)\n"
        "end\n"
        "poke(0x3100, 0x80, 0xc1, 0x42, 0x43)\n"
        "music(0)\n"
        "function _update() if btnp(5) then sfx(1, 2) end end\n"
        "function _draw() cls() print(stat(46) .. ' ' .. stat(50) .. ' ' .. stat(54), 8, 8, 7) end\n",
        NULL);
    check_replay(m8, "music", 45, 150);
    mote8_destroy(m8);
}

Test(snapshot, print_waiting_frames)
{
    mote8 *m8 = m8t_start(
        "function _draw() cls() print('\\^d4slow text that waits frames', 0, 60, 7) end\n", NULL);
    check_replay(m8, "print", 7, 60);
    mote8_destroy(m8);
}

/* cartdata: the values in RAM and the pending save come back; the saves go on. */
static int saves;
static uint8_t saved[256];
static int count_save(void *user, const char *id, const uint8_t data[256], char *err, size_t n)
{
    (void)user, (void)id, (void)err, (void)n;
    saves++;
    memcpy(saved, data, 256);
    return 0;
}

Test(snapshot, cartdata)
{
    static const char code[] =
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
        "cartdata('m8snap_test')\n"
        "function _update() dset(1, dget(1) + 1) if rnd() < 0.5 then dset(2, rnd(100)) end end\n"
        "function _draw() cls() print(dget(1) .. ' ' .. dget(2), 0, 0, 7) end\n";
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.platform.save_data = count_save;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, code, sizeof code - 1, "cd.p8"), 0, "%s", mote8_error(m8));
    check_replay(m8, "cartdata", 20, 40);
    cr_expect_gt(saves, 40, "dset saves went on after the loads");
    mote8_destroy(m8);
}

/* A load() pending at the snapshot (carried out at the next tick) and the other cart's run. */
static const char other_cart[] =
    "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
    "x = 0\nfunction _update() x += 1 end\n"
    "function _draw() cls(2) print('b ' .. x .. ' ' .. stat(6), 0, 0, 7) end\n";

static void *read_other(void *user, const char *path, size_t *len)
{
    (void)user;
    if (!strstr(path, "b.p8")) return NULL;
    *len = sizeof other_cart - 1;
    char *copy = malloc(*len);
    memcpy(copy, other_cart, *len);
    return copy;
}

Test(snapshot, pending_load)
{
    static const char code[] =
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
        "n = 0\nfunction _update() n += 1 if n == 12 then load('b.p8', 'back', 'p' .. n) end end\n"
        "function _draw() cls() print('a ' .. n, 0, 0, 7) end\n";
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.platform.read_file = read_other;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, code, sizeof code - 1, "a.p8"), 0, "%s", mote8_error(m8));
    check_replay(m8, "pending load", 12, 40);    /* saved right after the tick that loads */
    check_replay(m8, "after the load", 5, 20);   /* and in the other cart */
    cr_expect_not_null(mote8_breadcrumb(m8));
    mote8_destroy(m8);
}

/* Bad states are refused with a reason and leave the cart running as it was. */
Test(snapshot, refused_states_leave_the_cart)
{
    mote8 *m8 = m8t_start("x = 0 function _update() x += 1 end function _draw() cls() "
                          "print(x, 0, 0, 7) end", NULL);
    m8t_run_ticks(m8, 5);
    size_t size = mote8_state_size(m8);
    cr_assert_gt(size, 0, "%s", mote8_state_error(m8));
    uint8_t *state = malloc(size);
    cr_assert_eq(mote8_state_save(m8, state, size), 0);
    m8t_run_ticks(m8, 3);
    static tick_record want[10], got[10];
    size_t size2 = mote8_state_size(m8);
    uint8_t *now = malloc(size2);
    cr_assert_eq(mote8_state_save(m8, now, size2), 0);
    record(m8, 8, 10, want);
    cr_assert_eq(mote8_state_load(m8, now, size2), 0);

    cr_expect_eq(mote8_state_load(m8, state, size - 1), -1);
    cr_expect(strstr(mote8_state_error(m8), "truncated"), "%s", mote8_state_error(m8));
    cr_expect_eq(mote8_state_load(m8, state, 10), -1);
    cr_expect(strstr(mote8_state_error(m8), "not a mote8 state"), "%s", mote8_state_error(m8));
    state[size / 2] ^= 0x55;
    cr_expect_eq(mote8_state_load(m8, state, size), -1);
    cr_expect(strstr(mote8_state_error(m8), "damaged"), "%s", mote8_state_error(m8));
    state[size / 2] ^= 0x55;
    cr_expect_eq(mote8_state_load(m8, "hello, not a state at all, but long enough to look at its header", 64), -1);

    /* the same cart in a machine that counts instructions with the hook */
    static const char same[] = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
        "x = 0 function _update() x += 1 end function _draw() cls() print(x, 0, 0, 7) end\n";
    mote8_config hook = { 0 };
    hook.have_seed = 1;
    hook.hook_counting = 1;
    mote8 *hooked = mote8_create(&hook);
    cr_assert_eq(mote8_load_cart(hooked, same, sizeof same - 1, "test.p8"), 0);
    cr_expect_eq(mote8_state_load(hooked, state, size), -1);
    cr_expect(strstr(mote8_state_error(hooked), "counts Lua instructions"), "%s",
              mote8_state_error(hooked));
    mote8_destroy(hooked);

    mote8 *other = m8t_start("y = 1 function _update() y += 1 end", NULL);
    m8t_run_ticks(other, 2);
    cr_expect_eq(mote8_state_load(other, state, size), -1);
    cr_expect(strstr(mote8_state_error(other), "another cart"), "%s", mote8_state_error(other));
    mote8_destroy(other);

    record(m8, 8, 10, got);               /* the refusals changed nothing */
    expect_same("after refusals", want, got, 10, 8);
    free(state);
    free(now);
    mote8_destroy(m8);
}

/* The arena keeps stat(0): the same heap figures as the allocator's accounting says. */
Test(snapshot, state_sizes_follow_the_heap)
{
    mote8 *m8 = m8t_start("t = {} function _update() for i = 1, 2000 do add(t, {i}) end end", NULL);
    m8t_run_ticks(m8, 1);
    size_t small = mote8_state_size(m8);
    m8t_run_ticks(m8, 20);
    size_t big = mote8_state_size(m8);
    cr_expect_gt(big, small + 20 * 2000 * 16, "%zu then %zu", small, big);
    mote8_destroy(m8);
}
