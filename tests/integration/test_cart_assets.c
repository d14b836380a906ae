/* test_cart_assets.c - build/bin/mote8-cart's asset commands run as a process:
 * import-gfx --at (only the rectangle changes, colours to the nearest of the 16; the plain
 * import-gfx still works; a picture that does not fit is refused naming the file),
 * export-map (the drawn 1024x512 map checked pixel by pixel against the sheet) and
 * export-map --cells / import-map (a random map through the cell-number PNG and back, byte
 * for byte), export-wav (sox's length and RMS, and the samples the headless runner records
 * for a cart that calls sfx(N)).
 * Depends on: m8_test_util.h, cart.h, palette.h, png_io.h (runtime/core), Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"
#include "m8_test_util.h"
#include "palette.h"
#include "png_io.h"

static const char *tmp(const char *name) { return m8t_tmp_path("assets", name); }

static int tool(m8_run_result *r, const char *const *args)
{
    m8t_run_tool(r, "mote8-cart", args);
    return r->exit_code;
}

static void read_cart(const char *path, m8_cart *cart)
{
    size_t len = 0;
    char *text = m8_read_file(path, &len, 1 << 20);
    cr_assert(text, "%s", path);
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_p8(cart, text, len, &err), 0, "%s: %s", path, err.message);
    free(text);
}

static int pixel(const uint8_t *rom, int x, int y)
{
    uint8_t b = rom[y * 64 + x / 2];
    return x & 1 ? b >> 4 : b & 15;
}

static int cell(const uint8_t *rom, int x, int y)
{
    return rom[y < 32 ? M8_MAP + y * 128 + x : 0x1000 + (y - 32) * 128 + x];
}

/* A .p8 with a pseudo-random sheet (its lower half is map rows 32-63), map rows 0-31,
 * code and one sfx line. */
static void write_random_cart(const char *path, unsigned seed, const char *code, const char *sfx_line)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "%s", path);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s\n__gfx__\n", code);
    unsigned s = seed;
    for (int y = 0; y < 128; y++) {
        for (int x = 0; x < 128; x++) {
            s = s * 1103515245u + 12345u;
            fputc("0123456789abcdef"[s >> 16 & 15], f);
        }
        fputc('\n', f);
    }
    fputs("__map__\n", f);
    for (int y = 0; y < 32; y++) {
        for (int x = 0; x < 128; x++) {
            s = s * 1103515245u + 12345u;
            fprintf(f, "%02x", s >> 16 & 255);
        }
        fputc('\n', f);
    }
    if (sfx_line) fprintf(f, "__sfx__\n%s\n", sfx_line);
    fclose(f);
}

Test(cart_assets, import_gfx_at_changes_only_the_rectangle, .timeout = 60)
{
    const char *cart = tmp("at.p8"), *out = tmp("at_out.p8"), *png = tmp("patch.png");
    write_random_cart(cart, 7, "print(1)", NULL);
    enum { W = 11, H = 6, X = 37, Y = 21 };
    uint8_t rgb[W * H * 3];
    int want[W * H];
    for (int i = 0; i < W * H; i++) {
        want[i] = (i * 5 + 3) % 16;
        m8_palette_rgb(want[i], &rgb[i * 3], &rgb[i * 3 + 1], &rgb[i * 3 + 2]);
        if (i % 3 == 0)                  /* a little off the palette: still the nearest */
            for (int k = 0; k < 3; k++) rgb[i * 3 + k] = (uint8_t)(rgb[i * 3 + k] > 200 ? rgb[i * 3 + k] - 3 : rgb[i * 3 + k] + 3);
    }
    cr_assert_eq(m8_png_write_rgb(png, rgb, W, H, 1), 0);
    m8_run_result r;
    const char *args[] = { "import-gfx", cart, png, out, "--at", "37,21", NULL };
    cr_assert_eq(tool(&r, args), 0, "%s%s", r.out, r.err);
    m8_cart before, after;
    read_cart(cart, &before);
    read_cart(out, &after);
    int changed = 0;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) {
            int inside = x >= X && x < X + W && y >= Y && y < Y + H;
            int expect = inside ? want[(y - Y) * W + (x - X)] : pixel(before.rom, x, y);
            cr_expect_eq(pixel(after.rom, x, y), expect, "pixel %d,%d", x, y);
            changed += pixel(after.rom, x, y) != pixel(before.rom, x, y);
        }
    cr_expect_gt(changed, 0);
    cr_expect(!memcmp(after.rom + 0x2000, before.rom + 0x2000, M8_ROM_SIZE - 0x2000), "map, flags, sound kept");
    cr_expect(after.code_len == before.code_len && !memcmp(after.code, before.code, after.code_len));
    m8_cart_free(&before);
    m8_cart_free(&after);

    /* the whole-sheet import as before: the 11x6 picture is refused, and one that does not
     * fit at the place asked for */
    const char *plain[] = { "import-gfx", cart, png, out, NULL };
    cr_expect_eq(tool(&r, plain), 1);
    cr_expect(strstr(r.err, png) && strstr(r.err, "11x6"), "%s", r.err);
    const char *outside[] = { "import-gfx", cart, png, "--at", "120,0", NULL };
    cr_expect_eq(tool(&r, outside), 1);
    cr_expect(strstr(r.err, png) && strstr(r.err, "does not fit"), "%s", r.err);
    const char *bad_at[] = { "import-gfx", cart, png, "--at", "x", NULL };
    cr_expect_eq(tool(&r, bad_at), 2);
}

Test(cart_assets, map_pictures_round_trip, .timeout = 60)
{
    const char *a = tmp("map_a.p8"), *b = tmp("map_b.p8"), *cells = tmp("cells.png"),
               *cells2 = tmp("cells2.png"), *drawn = tmp("drawn.png");
    write_random_cart(a, 11, "print(2)", NULL);
    write_random_cart(b, 99, "print(3)", NULL);
    m8_run_result r;
    const char *exp_cells[] = { "export-map", a, cells, "--cells", NULL };
    cr_assert_eq(tool(&r, exp_cells), 0, "%s", r.err);
    const char *imp[] = { "import-map", b, cells, NULL };
    cr_assert_eq(tool(&r, imp), 0, "%s", r.err);
    m8_cart ca, cb, b0;
    read_cart(a, &ca);
    read_cart(b, &cb);
    write_random_cart(tmp("map_b0.p8"), 99, "print(3)", NULL);
    read_cart(tmp("map_b0.p8"), &b0);
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 128; x++) cr_expect_eq(cell(cb.rom, x, y), cell(ca.rom, x, y), "cell %d,%d", x, y);
    cr_expect(!memcmp(cb.rom, b0.rom, 0x1000), "the sheet's upper half is B's own");
    cr_expect(!memcmp(cb.rom + 0x1000, ca.rom + 0x1000, 0x2000), "map rows 32-63 and 0-31 are A's");
    cr_expect(!memcmp(cb.rom + 0x3000, b0.rom + 0x3000, M8_ROM_SIZE - 0x3000), "flags and sound B's");
    m8_cart_free(&b0);
    const char *exp_again[] = { "export-map", b, cells2, "--cells", NULL };
    cr_assert_eq(tool(&r, exp_again), 0, "%s", r.err);
    size_t n1 = 0, n2 = 0;
    char *p1 = m8_read_file(cells, &n1, 1 << 22), *p2 = m8_read_file(cells2, &n2, 1 << 22);
    cr_expect(p1 && p2 && n1 == n2 && !memcmp(p1, p2, n1), "the cell PNG of the copy is byte for byte A's");
    free(p1);
    free(p2);

    /* the drawn map: each cell its sprite's pixels, cell 0 black */
    const char *exp_drawn[] = { "export-map", a, drawn, NULL };
    cr_assert_eq(tool(&r, exp_drawn), 0, "%s", r.err);
    int w = 0, h = 0;
    char err[200];
    uint8_t *rgb = m8_png_read_rgb(drawn, &w, &h, err, sizeof err);
    cr_assert(rgb, "%s", err);
    cr_assert(w == 1024 && h == 512, "%dx%d", w, h);
    int bad = 0;
    for (int y = 0; y < 512 && bad < 5; y++)
        for (int x = 0; x < 1024; x++) {
            int v = cell(ca.rom, x / 8, y / 8);
            int c = v ? pixel(ca.rom, v % 16 * 8 + x % 8, v / 16 * 8 + y % 8) : 0;
            uint8_t e[3];
            m8_palette_rgb(c, &e[0], &e[1], &e[2]);
            if (memcmp(rgb + (y * 1024 + x) * 3, e, 3) != 0 && bad++ < 5)
                cr_expect_fail("drawn pixel %d,%d is not colour %d of sprite %d", x, y, c, v);
        }
    free(rgb);
    /* a picture that is not a cell map is refused naming it */
    const char *imp_bad[] = { "import-map", b, drawn, NULL };
    cr_expect_eq(tool(&r, imp_bad), 1);
    cr_expect(strstr(r.err, drawn) && strstr(r.err, "128x64"), "%s", r.err);
    m8_cart_free(&ca);
    m8_cart_free(&cb);
}

/* sox's "Samples read" and "RMS     amplitude" of a WAV. */
static void sox_stat(const char *wav, long *samples, double *rms)
{
    char cmd[600], line[256];
    snprintf(cmd, sizeof cmd, "sox '%s' -n stat 2>&1", wav);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    *samples = -1;
    *rms = -1;
    while (fgets(line, sizeof line, p)) {
        sscanf(line, "Samples read: %ld", samples);
        sscanf(line, "RMS amplitude: %lf", rms);
        sscanf(line, "RMS     amplitude: %lf", rms);
    }
    pclose(p);
}

Test(cart_assets, export_wav_is_the_machines_sfx, .timeout = 120)
{
    if (system("sox --version >/dev/null 2>&1") != 0) cr_skip_test("sox is not installed");
    /* sfx 0 (the only line): speed 5, notes of rising pitch on several waves and volumes */
    char line[200] = "00050000";
    for (int i = 0; i < 32; i++) {
        char note[16];
        snprintf(note, sizeof note, "%02x%d%d%d", 20 + i, i % 8, 3 + i % 5, 0);
        strcat(line, note);
    }
    const char *cart = tmp("snd.p8"), *player = tmp("snd_player.p8"), *wav = tmp("snd.wav"),
               *rec = tmp("snd_rec.wav");
    write_random_cart(cart, 5, "print(4)", line);
    write_random_cart(player, 5, "sfx(0)", line);
    m8_run_result r;
    const char *args[] = { "export-wav", cart, "0", wav, NULL };
    cr_assert_eq(tool(&r, args), 0, "%s%s", r.out, r.err);
    long samples;
    double rms;
    sox_stat(wav, &samples, &rms);
    cr_expect_eq(samples, 5 * 32 * 183, "speed 5 * 32 notes * 183 samples");
    cr_expect_gt(rms, 0.0);

    /* the headless runner recording the cart that calls sfx(0): the same samples */
    const char *run[] = { "--headless", player, "--frames", "40", "--wav", rec, NULL };
    m8t_run_mote8(&r, run);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    size_t n1 = 0, n2 = 0;
    char *a = m8_read_file(wav, &n1, 1 << 22), *b = m8_read_file(rec, &n2, 1 << 22);
    cr_assert(a && b);
    cr_assert_eq(n1, 44 + 5 * 32 * 183 * 2);
    cr_assert_geq(n2, n1, "40 frames hold the sfx");
    cr_expect(!memcmp(a + 12, b + 12, 24), "the same fmt chunk");
    cr_expect(!memcmp(a + 44, b + 44, n1 - 44), "the samples are the headless runner's first ones");
    free(a);
    free(b);

    const char *bad[] = { "export-wav", cart, "64", wav, NULL };
    cr_expect_eq(tool(&r, bad), 2);
}
