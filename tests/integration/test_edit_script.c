/* test_edit_script.c - `mote8 --headless --edit CART --edit-script FILE` as a user runs it:
 * a script draws pixels, picks a colour, sets a flag, paints the map, undoes one cell and
 * saves; the saved .p8 holds exactly those changes (its data read back against the
 * original's) and every line outside __gfx__, __gff__ and __map__ is the original's; a
 * missing cart is made from the template first; a bad script line names FILE:LINE.
 * Depends on: m8_test_util.h (runs build/bin/mote8), cart.h (runtime/core), Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cart.h"
#include "m8_test_util.h"

#define TEMPLATE M8_SOURCE_DIR "/carts/templates/new.p8"

static const char *tmp(const char *name) { return m8t_tmp_path("edscript", name); }

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

static void read_cart(const char *path, m8_cart *cart, char **text, size_t *len)
{
    *text = m8_read_file(path, len, 1 << 20);
    cr_assert(*text, "%s", path);
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_p8(cart, *text, *len, &err), 0, "%s: %s", path, err.message);
}

static int sheet_pixel(const uint8_t *rom, int x, int y)
{
    uint8_t b = rom[y * 64 + x / 2];
    return x & 1 ? b >> 4 : b & 15;
}

static void run_script(m8_run_result *r, const char *cart, const char *script, const char *shot)
{
    const char *script_path = tmp("events.txt");
    write_text(script_path, script);
    const char *args[] = { "--headless", "--edit", cart, "--edit-script", script_path,
                           "--screenshot", shot, NULL };
    m8t_run_mote8(r, args);
}

/* The lines of a .p8 text outside the bodies of __gfx__, __gff__ and __map__. */
static char *other_lines(const char *text, size_t len)
{
    char *out = malloc(len + 1);
    size_t n = 0;
    int skip = 0;
    for (size_t pos = 0; pos < len;) {
        const char *s = text + pos, *nl = memchr(s, '\n', len - pos);
        size_t full = nl ? (size_t)(nl - s) + 1 : len - pos;
        int header = pos > 0 && s[0] == '_' && s[1] == '_' && s[2] != '_';
        if (header) skip = !strncmp(s, "__gfx__", 7) || !strncmp(s, "__gff__", 7) || !strncmp(s, "__map__", 7);
        if (header || !skip) {
            memcpy(out + n, s, full);
            n += full;
        }
        pos += full;
    }
    out[n] = 0;
    return out;
}

Test(edit_script, edits_land_in_the_saved_cart, .timeout = 60)
{
    const char *cart = tmp("game.p8"), *shot = tmp("editor.png");
    size_t tlen = 0;
    char *tpl = m8_read_file(TEMPLATE, &tlen, 1 << 20);
    cr_assert(tpl);
    write_text(cart, tpl);
    unlink(shot);
    m8_run_result r;
    run_script(&r, cart,
               "# sprite 1 is selected, pencil, colour 8\n"
               "click 8 10          # pixel 0,0\n"
               "click 85 45         # colour 12 from the palette\n"
               "drag 8 70 71 70     # row 7 of the sprite\n"
               "click 99 66         # flag 3 of sprite 1\n"
               "key tab             # the map editor\n"
               "click 18 90         # sprite 2 from the sheet\n"
               "click 27 18         # cell 3,1\n"
               "click 43 18         # cell 5,1 ...\n"
               "key ctrl+z          # ... undone\n"
               "frames 2\n"
               "key ctrl+s\n", shot);
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "saved"), "%s", r.out);
    cr_expect(access(shot, F_OK) == 0, "--screenshot of the editors");

    m8_cart before, after;
    char *btext, *atext;
    size_t blen, alen;
    read_cart(TEMPLATE, &before, &btext, &blen);
    read_cart(cart, &after, &atext, &alen);
    uint8_t want[M8_ROM_SIZE];
    memcpy(want, before.rom, sizeof want);
    want[0x0000 + 8 / 2] = (uint8_t)((want[8 / 2] & 0xf0) | 8);            /* pixel 8,0 */
    for (int x = 8; x < 16; x += 2) want[7 * 64 + x / 2] = 0xcc;          /* pixels 8-15,7 */
    want[M8_FLAGS + 1] ^= 8;
    want[M8_MAP + 1 * 128 + 3] = 2;
    for (int a = 0; a < M8_ROM_SIZE; a++)
        cr_expect_eq(after.rom[a], want[a], "byte 0x%04x: %d, expected %d", a, after.rom[a], want[a]);
    cr_expect_eq(sheet_pixel(after.rom, 8, 0), 8);
    cr_expect_eq(after.code_len, before.code_len);
    cr_expect(after.code_len == before.code_len && !memcmp(after.code, before.code, after.code_len));
    char *bo = other_lines(btext, blen), *ao = other_lines(atext, alen);
    cr_expect_str_eq(ao, bo, "lines outside the edited sections changed");
    free(bo);
    free(ao);
    m8_cart_free(&before);
    m8_cart_free(&after);
    free(btext);
    free(atext);
    free(tpl);
}

Test(edit_script, new_cart_and_bad_lines, .timeout = 60)
{
    const char *cart = tmp("fresh.p8"), *shot = tmp("fresh.png");
    unlink(cart);
    m8_run_result r;
    run_script(&r, cart, "frames 1\n", shot);
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "new cart made from the template"), "%s", r.out);
    size_t a = 0, b = 0;
    char *made = m8_read_file(cart, &a, 1 << 20), *tpl = m8_read_file(TEMPLATE, &b, 1 << 20);
    cr_assert(made && tpl);
    cr_expect(a == b && !memcmp(made, tpl, a), "the new cart is the template");
    free(made);
    free(tpl);

    run_script(&r, cart, "frames 1\nmouse 1\n", shot);
    cr_expect_eq(r.exit_code, 2);
    cr_expect(strstr(r.err, "events.txt:2:"), "names the line: %s", r.err);
    run_script(&r, cart, "key ctrl+nosuchkey\n", shot);
    cr_expect_eq(r.exit_code, 2);
    cr_expect(strstr(r.err, "events.txt:1:"), "%s", r.err);
}

/* The oracle of the fill tools: a plain recursive flood over the ROM's sheet or map. */
static int rom_get(const uint8_t *rom, int map, int x, int y)
{
    if (!map) return sheet_pixel(rom, x, y);
    return rom[y < 32 ? M8_MAP + y * 128 + x : 0x1000 + (y - 32) * 128 + x];
}

static void rom_set(uint8_t *rom, int map, int x, int y, int v)
{
    if (map) {
        rom[y < 32 ? M8_MAP + y * 128 + x : 0x1000 + (y - 32) * 128 + x] = (uint8_t)v;
        return;
    }
    uint8_t *b = &rom[y * 64 + x / 2];
    *b = x & 1 ? (uint8_t)((*b & 0x0f) | v << 4) : (uint8_t)((*b & 0xf0) | v);
}

static void rom_flood(uint8_t *rom, int map, int x, int y, int x0, int y0, int x1, int y1,
                      int from, int v)
{
    if (x < x0 || y < y0 || x >= x1 || y >= y1 || rom_get(rom, map, x, y) != from) return;
    rom_set(rom, map, x, y, v);
    rom_flood(rom, map, x + 1, y, x0, y0, x1, y1, from, v);
    rom_flood(rom, map, x - 1, y, x0, y0, x1, y1, from, v);
    rom_flood(rom, map, x, y + 1, x0, y0, x1, y1, from, v);
    rom_flood(rom, map, x, y - 1, x0, y0, x1, y1, from, v);
}

/* F in the sprite editor floods sprite 1's area of pixel 0,0 with colour 8 inside its
 * block; F in the map editor floods the cells connected to cell 3,1 with sprite 2 (the
 * shared rows below the map included). */
Test(edit_script, fill_tools_flood_the_area, .timeout = 60)
{
    const char *cart = tmp("fill.p8"), *shot = tmp("fill.png");
    size_t tlen = 0;
    char *tpl = m8_read_file(TEMPLATE, &tlen, 1 << 20);
    cr_assert(tpl);
    write_text(cart, tpl);
    m8_run_result r;
    run_script(&r, cart,
               "key f\n"
               "click 8 10          # sprite 1, pixel 0,0: fill with colour 8\n"
               "key tab\n"
               "click 18 90         # sprite 2 from the sheet\n"
               "key f\n"
               "click 27 18         # cell 3,1: fill\n"
               "key ctrl+s\n", shot);
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    m8_cart before, after;
    char *btext, *atext;
    size_t blen, alen;
    read_cart(TEMPLATE, &before, &btext, &blen);
    read_cart(cart, &after, &atext, &alen);
    static uint8_t want[M8_ROM_SIZE];
    memcpy(want, before.rom, sizeof want);
    rom_flood(want, 0, 8, 0, 8, 0, 16, 8, sheet_pixel(want, 8, 0), 8);
    int from = rom_get(want, 1, 3, 1);
    if (from != 2) {
        /* iterative over rows: the map's area can be 8192 cells, too deep to recurse */
        int changed = 1;
        static int mark[64][128];
        memset(mark, 0, sizeof mark);
        mark[1][3] = 1;
        while (changed) {
            changed = 0;
            for (int y = 0; y < 64; y++)
                for (int x = 0; x < 128; x++) {
                    if (mark[y][x] || rom_get(want, 1, x, y) != from) continue;
                    if ((x > 0 && mark[y][x - 1]) || (x < 127 && mark[y][x + 1]) ||
                        (y > 0 && mark[y - 1][x]) || (y < 63 && mark[y + 1][x]))
                        mark[y][x] = changed = 1;
                }
        }
        for (int y = 0; y < 64; y++)
            for (int x = 0; x < 128; x++)
                if (mark[y][x]) rom_set(want, 1, x, y, 2);
    }
    int differ = 0;
    for (int a = 0; a < M8_ROM_SIZE; a++) differ += after.rom[a] != want[a];
    cr_expect_eq(differ, 0, "%d bytes differ from the floods' result", differ);
    cr_expect_eq(sheet_pixel(after.rom, 8, 0), 8);
    cr_expect_eq(rom_get(after.rom, 1, 3, 1), 2);
    m8_cart_free(&before);
    m8_cart_free(&after);
    free(btext);
    free(atext);
    free(tpl);
}
