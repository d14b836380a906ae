/* test_state_files.c - headless --state-save / --state-load across processes
 * (docs/snapshots.md): one process runs N+M frames; another runs N and saves; a third loads
 * the state and runs M. The third's frames (the cart prints stat(1), rnd() and its state
 * each frame, and looks up a table keyed by API functions, which a new process rehashes;
 * the last screen) and samples (--wav) equal the first's last M. Truncated,
 * foreign and other-cart state files are refused with a message naming the file, exit 1.
 * Depends on: m8_test_util.h (runs build/bin/mote8), Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "m8_test_util.h"

#define HEADER "pico-8 cartridge // http://www.pico-8.com\nversion 42\n"

static const char cart_code[] = HEADER "__lua__\n"
    "objs = {}\n"
    "keyed = {[cls] = 1, [pset] = 2, [print] = 4, [rnd] = 8}  -- light C function keys\n"
    "mt = {__index = function(t, k) return k * 2 end}\n"
    "gen = cocreate(function() local i = 0 while true do i += 1 yield(i * i) end end)\n"
    "for i = 1, 30 do objs[i] = setmetatable({x = rnd(128), y = rnd(128)}, mt) end\n"
    "for s = 0, 0 do local a = 0x3200\n"
    "  for i = 0, 31 do poke2(a + i * 2, (20 + i) | (i % 8) << 6 | 4 << 9) end\n"
    "  poke(a + 65, 7) poke(a + 67, 32)\n"
    "end\n"
    "sfx(0)\n"
    "function _update()\n"
    "  local _, v = coresume(gen)\n"
    "  for o in all(objs) do o.x = (o.x + rnd(3) - 1) % 128 o.y = (o.y + o[3] / 6) % 128 end\n"
    "  if rnd() < 0.2 then add(objs, setmetatable({x = 64, y = 64}, mt)) end\n"
    "  local sum = 0 for k, n in pairs(keyed) do sum += n end\n"
    "  printh(stat(1) .. ' ' .. rnd() .. ' ' .. v .. ' ' .. #objs .. ' ' .. stat(0) .. ' ' .. sum .. ' ' .. keyed[print] .. keyed[rnd])\n"
    "end\n"
    "function _draw() cls() for o in all(objs) do pset(o.x, o.y, 7) end end\n";

static char *write_cart(const char *tag, const char *text)
{
    const char *path = m8t_tmp_path(tag, "cart.p8");
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
    return strdup(path);
}

/* The last `lines` lines of text. */
static const char *tail_lines(const char *text, int lines)
{
    size_t n = strlen(text);
    if (n && text[n - 1] == '\n') n--;
    int seen = 0;
    while (n > 0) {
        if (text[n - 1] == '\n' && ++seen == lines) return text + n;
        n--;
    }
    return text;
}

static void expect_same_tail(const char *cart, int n, int m)
{
    char nm[16], nn[16], nmm[16];
    snprintf(nm, sizeof nm, "%d", n + m);
    snprintf(nn, sizeof nn, "%d", n);
    snprintf(nmm, sizeof nmm, "%d", m);
    char whole_wav[256], whole_png[256], part_wav[256], part_png[256], state[256], first_wav[256];
    snprintf(whole_wav, sizeof whole_wav, "%s", m8t_tmp_path("stw", "whole.wav"));
    snprintf(whole_png, sizeof whole_png, "%s", m8t_tmp_path("stw", "whole.png"));
    snprintf(part_wav, sizeof part_wav, "%s", m8t_tmp_path("stw", "part.wav"));
    snprintf(part_png, sizeof part_png, "%s", m8t_tmp_path("stw", "part.png"));
    snprintf(state, sizeof state, "%s", m8t_tmp_path("stw", "s.m8state"));
    snprintf(first_wav, sizeof first_wav, "%s", m8t_tmp_path("stw", "first.wav"));
    static m8_run_result whole, first, rest;
    const char *a1[] = { "--headless", "--frames", nm, cart, "--wav", whole_wav,
                         "--screenshot", whole_png, NULL };
    m8t_run_mote8(&whole, a1);
    cr_assert_eq(whole.exit_code, 0, "%s", whole.err);
    /* with --wav: a muted run (headless without it) advances the synth without rendering,
       so its state continues a muted run, not the sounding one compared here */
    const char *a2[] = { "--headless", "--frames", nn, cart, "--state-save", state, "--wav",
                         first_wav, NULL };
    m8t_run_mote8(&first, a2);
    cr_assert_eq(first.exit_code, 0, "%s", first.err);
    const char *a3[] = { "--headless", "--frames", nmm, cart, "--state-load", state, "--wav",
                         part_wav, "--screenshot", part_png, NULL };
    m8t_run_mote8(&rest, a3);
    cr_assert_eq(rest.exit_code, 0, "%s", rest.err);
    cr_expect_str_eq(tail_lines(whole.out, m), rest.out, "%s: printed frames differ", cart);
    size_t lw, lp, iw, ip;
    char *w = m8_read_file(whole_wav, &lw, 0), *p = m8_read_file(part_wav, &lp, 0);
    char *sw = m8_read_file(whole_png, &iw, 0), *sp = m8_read_file(part_png, &ip, 0);
    cr_assert(w && p && sw && sp);
    cr_assert_gt(lp, 44u);
    cr_assert_geq(lw, lp);
    cr_expect(memcmp(w + lw - (lp - 44), p + 44, lp - 44) == 0, "%s: samples differ", cart);
    cr_expect(iw == ip && memcmp(sw, sp, iw) == 0, "%s: last frames differ", cart);
    free(w), free(p), free(sw), free(sp);
}

Test(state_files, continues_in_another_process, .timeout = 300)
{
    char *cart = write_cart("stc", cart_code);
    expect_same_tail(cart, 40, 35);
    free(cart);
}

/* The bundled carts and the ten real carts test_snapshot.c replays in one process. */
Test(state_files, bundled_and_real_carts, .timeout = 600)
{
    expect_same_tail("racer", 60, 45);
    expect_same_tail("spaceman", 60, 45);
    static const char *const carts[] = { "celeste_classic.p8", "newleste_city.p8",
                                         "aasteroids.p8", "mode7_tline3.p8", "z8_math.p8",
                                         "dungeonmusic.p8", "beat_bot.p8", "rgbplasma.p8",
                                         "tunnel.p8", "hockey.p8", NULL };
    for (int i = 0; carts[i]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/carts/real/%s", M8_SHARED_DIR, carts[i]);
        FILE *f = fopen(path, "r");
        if (!f) continue;                       /* ../shared is optional */
        fclose(f);
        expect_same_tail(path, 50, 40);
    }
}

/* A state saved while a load() is pending, of a cart that uses cartdata: the new process
 * carries out the load and runs the other cart as the uninterrupted run did. */
Test(state_files, pending_load_and_cartdata, .timeout = 300)
{
    const char *dir = m8t_temp_dir("stload");
    char a[512], b[512];
    snprintf(a, sizeof a, "%s/a.p8", dir);
    snprintf(b, sizeof b, "%s/b.p8", dir);
    FILE *f = fopen(a, "w");
    cr_assert(f);
    fputs(HEADER "__lua__\ncartdata(\"m8t_state_files\")\nn = 0\n"
          "function _update() n += 1 dset(1, n * 3)\n"
          "  printh('a ' .. n .. ' ' .. dget(1) .. ' ' .. rnd())\n"
          "  if n == 40 then load('b.p8') end end\n"
          "function _draw() cls(n % 16) end\n", f);
    fclose(f);
    f = fopen(b, "w");
    cr_assert(f);
    fputs(HEADER "__lua__\nm = 0\n"
          "function _update() m += 1 printh('b ' .. m .. ' ' .. rnd() .. ' ' .. stat(1)) end\n"
          "function _draw() cls() print(m, 10, 10, 7) end\n", f);
    fclose(f);
    expect_same_tail(a, 40, 30);
}

static void expect_refused(const char *cart, const char *state, const char *why)
{
    m8_run_result r;
    const char *args[] = { "--headless", "--frames", "3", cart, "--state-load", state, NULL };
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 1, "%s: exit %d", why, r.exit_code);
    cr_expect(strstr(r.err, state) != NULL, "%s: the message names no file: %s", why, r.err);
    cr_expect(strstr(r.err, why) != NULL, "expected '%s' in: %s", why, r.err);
}

Test(state_files, bad_states_are_refused, .timeout = 120)
{
    char *cart = write_cart("stb", cart_code);
    char *other = write_cart("sto", HEADER "__lua__\nfunction _update() printh(rnd()) end\n");
    char state[256], cut[256], junk[256];
    snprintf(state, sizeof state, "%s", m8t_tmp_path("stb", "s.m8state"));
    snprintf(cut, sizeof cut, "%s", m8t_tmp_path("stb", "cut.m8state"));
    snprintf(junk, sizeof junk, "%s", m8t_tmp_path("stb", "junk.m8state"));
    m8_run_result r;
    const char *save[] = { "--headless", "--frames", "5", cart, "--state-save", state, NULL };
    m8t_run_mote8(&r, save);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    size_t len;
    char *bytes = m8_read_file(state, &len, 0);
    cr_assert(bytes);
    FILE *f = fopen(cut, "wb");
    fwrite(bytes, 1, len / 2, f);
    fclose(f);
    f = fopen(junk, "wb");
    fputs(cart_code, f);
    fclose(f);
    free(bytes);
    expect_refused(cart, cut, "truncated");
    expect_refused(cart, junk, "not a mote8 state");
    expect_refused(other, state, "another cart");
    expect_refused(cart, m8t_tmp_path("stb", "missing.m8state"), "cannot read");
    const char *windowed[] = { cart, "--state-load", state, NULL };
    m8t_run_mote8(&r, windowed);
    cr_expect_eq(r.exit_code, 2, "--state-load without --headless: %s", r.err);
    free(cart);
    free(other);
}
