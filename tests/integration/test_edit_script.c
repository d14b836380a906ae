/* test_edit_script.c - `mote8 --headless --edit CART --edit-script FILE` as a user runs it:
 * a script draws pixels, picks a colour, sets a flag, paints the map, undoes one cell and
 * saves; the saved .p8 holds exactly those changes (its data read back against the
 * original's) and every line outside __gfx__, __gff__ and __map__ is the original's; a
 * missing cart is made from the template first; a bad script line names FILE:LINE; the sfx
 * and music editors' edits (tracker, pitch view, speed, loop, filters, a pattern, undo,
 * redo) land in __sfx__ and a new __music__ with every other section kept, and what they
 * play is in --wav (RMS, and the pitch by zero crossings).
 * Depends on: m8_test_util.h (runs build/bin/mote8), cart.h (runtime/core), Criterion. */
#include <criterion/criterion.h>
#include <math.h>
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

/* The body of section __name__ of a .p8 text (the lines after its header up to the next
 * header), malloc'd; NULL when the text has no such section. */
static char *section_body(const char *text, const char *name)
{
    char header[32];
    snprintf(header, sizeof header, "\n__%s__\n", name);
    const char *h = strstr(text, header);
    if (!h) return NULL;
    const char *body = h + strlen(header), *end = strstr(body, "\n__");
    size_t n = end ? (size_t)(end - body) + 1 : strlen(body);
    char *out = malloc(n + 1);
    memcpy(out, body, n);
    out[n] = 0;
    return out;
}

static unsigned sfx_note(const uint8_t *rom, int sfx, int i)
{
    const uint8_t *p = rom + M8_SFX + M8_SFX_SIZE * sfx + 2 * i;
    return (unsigned)(p[0] | p[1] << 8);
}

static void set_sfx_note(uint8_t *rom, int sfx, int i, unsigned w)
{
    uint8_t *p = rom + M8_SFX + M8_SFX_SIZE * sfx + 2 * i;
    p[0] = (uint8_t)w;
    p[1] = (uint8_t)(w >> 8);
}

static unsigned note(int pitch, int ins, int vol, int fx)
{
    return (unsigned)(pitch | ins << 6 | vol << 9 | fx << 12);
}

/* Samples of a 16-bit mono WAV (its "data" chunk); malloc'd, count in *n. */
static int16_t *read_wav(const char *path, size_t *n)
{
    size_t len = 0;
    char *data = m8_read_file(path, &len, 1 << 26);
    cr_assert(data && len > 44, "%s: no WAV", path);
    size_t pos = 12;
    while (pos + 8 <= len && memcmp(data + pos, "data", 4) != 0) {
        uint32_t sz = (uint32_t)((uint8_t)data[pos + 4] | (uint8_t)data[pos + 5] << 8 |
                                 (uint8_t)data[pos + 6] << 16 | (uint32_t)(uint8_t)data[pos + 7] << 24);
        pos += 8 + sz;
    }
    cr_assert(pos + 8 <= len, "%s: no data chunk", path);
    *n = (len - pos - 8) / 2;
    int16_t *s = malloc(*n * sizeof *s + 1);
    for (size_t i = 0; i < *n; i++)
        s[i] = (int16_t)((uint8_t)data[pos + 8 + 2 * i] | (uint8_t)data[pos + 9 + 2 * i] << 8);
    free(data);
    return s;
}

static double rms(const int16_t *s, size_t from, size_t to)
{
    double sum = 0;
    for (size_t i = from; i < to; i++) sum += (double)s[i] * s[i];
    return to > from ? sqrt(sum / (double)(to - from)) / 32768.0 : 0;
}

/* The frequency by rising crossings of the mean (a square wave's edges), in Hz. */
static double crossing_hz(const int16_t *s, size_t from, size_t to)
{
    double mean = 0;
    for (size_t i = from; i < to; i++) mean += s[i];
    mean /= (double)(to - from);
    long first = -1, last = -1, count = 0;
    for (size_t i = from + 1; i < to; i++)
        if (s[i - 1] < mean && s[i] >= mean) {
            if (first < 0) first = (long)i;
            else count++;
            last = (long)i;
        }
    return count > 0 ? (double)count * 22050.0 / (double)(last - first) : 0;
}

/* The sfx editor: sfx 1 picked, a note drawn in the pitch view, a volume bar, speed, loop,
 * BUZZ and REVERB set, the tracker view, notes typed (z, q), an instrument digit undone and
 * redone, a note undone, one deleted; the music editor: pattern 2's channel 1 enabled, channel
 * 2's sfx moved, loop start and stop flags; music played; saved. The saved file's __sfx__ row
 * 1 and the new __music__ section hold exactly those changes, every other section is the
 * template's byte for byte, and the music that played is heard in the --wav. */
Test(edit_script, sfx_and_music_edits_land_in_the_saved_cart, .timeout = 60)
{
    const char *cart = tmp("tune.p8"), *shot = tmp("tune.png"), *wav = tmp("tune.wav");
    size_t tlen = 0;
    char *tpl = m8_read_file(TEMPLATE, &tlen, 1 << 20);
    cr_assert(tpl);
    write_text(cart, tpl);
    const char *script_path = tmp("tune.txt");
    write_text(script_path,
               "key tab\nkey tab      # the sfx editor, sfx 0, pitch view\n"
               "click 18 10          # sfx 1\n"
               "click 68 18\nclick 68 18\nclick 68 18   # pen instrument 3\n"
               "click 9 63           # note 2: pitch 24 (row 87 - 24)\n"
               "click 21 91          # note 5: volume 7\n"
               "mouse 45 10\nwheel 4              # speed 8 + 4\n"
               "click 78 10          # loop start 1\n"
               "mouse 90 10\nwheel 4              # loop end 4\n"
               "click 15 18          # buzz\n"
               "click 40 18          # reverb 1\n"
               "key enter            # the tracker view\n"
               "key z                # note 0: c2\n"
               "key q                # note 1: c3\n"
               "key right\nkey 4                # note 2: instrument 4\n"
               "key ctrl+z\nkey ctrl+y\n"
               "key left\nkey e                # note 3: e2 ...\n"
               "key ctrl+z           # ... undone\n"
               "key delete           # note 4 cleared\n"
               "key ctrl+c           # not the note e\n"
               "key tab              # the music editor\n"
               "click 40 56          # pattern 2\n"
               "click 4 18           # channel 1 on\n"
               "mouse 47 18\nwheel 2              # channel 2: sfx 2 + 2\n"
               "click 58 10          # loop start\n"
               "click 98 10          # stop\n"
               "frames 5\nkey space\nframes 30\nkey space\nframes 5\n"
               "key ctrl+s\n");
    m8_run_result r;
    const char *args[] = { "--headless", "--edit", cart, "--edit-script", script_path,
                           "--screenshot", shot, "--wav", wav, NULL };
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "saved"), "%s", r.out);

    m8_cart before, after;
    char *btext, *atext;
    size_t blen, alen;
    read_cart(TEMPLATE, &before, &btext, &blen);
    read_cart(cart, &after, &atext, &alen);
    static uint8_t want[M8_ROM_SIZE];
    memcpy(want, before.rom, sizeof want);
    unsigned n5 = sfx_note(want, 1, 5);
    set_sfx_note(want, 1, 0, note(24, 3, 5, 0));
    set_sfx_note(want, 1, 1, note(36, 3, 5, 0));
    set_sfx_note(want, 1, 2, note(24, 4, 5, 0));
    set_sfx_note(want, 1, 4, 0);
    set_sfx_note(want, 1, 5, (n5 & ~0xe00u) | 7u << 9);
    uint8_t *h = want + M8_SFX + M8_SFX_SIZE + 64;
    h[0] = 1 | 4 | 8 * 3;           /* tracker view, buzz, reverb 1 (base-3 digit 2 at 24) */
    h[1] = (uint8_t)(h[1] + 4);
    h[2] = 1;
    h[3] = 4;
    uint8_t *pat = want + M8_MUSIC + 4 * 2;
    pat[0] = (uint8_t)((pat[0] ^ 0x40) | 0x80);
    pat[1] = (uint8_t)((pat[1] & 0xc0) | (((pat[1] & 63) + 2) & 63));
    pat[2] |= 0x80;
    int differ = 0;
    for (int a = 0; a < M8_ROM_SIZE; a++)
        if (after.rom[a] != want[a] && differ++ < 8)
            cr_expect_eq(after.rom[a], want[a], "byte 0x%04x: 0x%02x, expected 0x%02x", a, after.rom[a], want[a]);
    cr_expect_eq(differ, 0, "%d bytes differ", differ);

    /* the text: other sections byte for byte, __sfx__ row 0 kept, row 1 the new one */
    static const char *const kept[] = { "lua", "gfx", "gff", "map" };
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
        char *b = section_body(btext, kept[i]), *a = section_body(atext, kept[i]);
        cr_expect(b && a && !strcmp(a, b), "__%s__ changed", kept[i]);
        free(a);
        free(b);
    }
    cr_expect(!strncmp(atext, btext, (size_t)(strstr(btext, "__lua__") - btext)), "the header changed");
    char *bs = section_body(btext, "sfx"), *as = section_body(atext, "sfx");
    cr_assert(bs && as);
    char row1[M8_CART_ROW_MAX + 2];
    int n = m8_cart_sfx_row(want, 1, row1);
    row1[n] = '\n';
    row1[n + 1] = 0;
    const char *brow1 = strchr(bs, '\n') + 1;
    cr_expect(!strncmp(as, bs, (size_t)(brow1 - bs)), "__sfx__ row 0 changed");
    cr_expect_str_eq(strchr(as, '\n') + 1, row1, "__sfx__ row 1");
    cr_expect_null(section_body(btext, "music"));
    char *am = section_body(atext, "music");
    cr_expect_str_eq(am, "00 41424344\n00 41424344\n05 01444344\n", "the inserted __music__");
    cr_expect(strstr(atext, "\n__sfx__\n") < strstr(atext, "\n__music__\n"), "__music__ after __sfx__");
    free(bs);
    free(as);
    free(am);

    /* the music played: 30 frames of it between 5 silent ones */
    size_t ns = 0;
    int16_t *s = read_wav(wav, &ns);
    size_t frame = 22050 / 30;
    cr_assert_geq(ns, frame * 40, "%zu samples", ns);
    cr_expect_lt(rms(s, 0, 5 * frame), 0.001, "silence before Space");
    cr_expect_gt(rms(s, 5 * frame, 35 * frame), 0.02, "the music is heard: RMS %f", rms(s, 5 * frame, 35 * frame));
    free(s);
    m8_cart_free(&before);
    m8_cart_free(&after);
    free(btext);
    free(atext);
    free(tpl);
}

/* A sound made in the sfx editor plays: notes 0-7 of sfx 0 drawn at pitch 33 (A2, 440 Hz)
 * with the square (instrument 3) at speed 60, Space, 60 frames recorded with --wav: the
 * recording is silent before Space, loud after it, and its pitch is 440 Hz (counted here,
 * and by `sox stat -freq`'s peak and `sox stat`'s RMS where sox is installed). */
Test(edit_script, a_sound_made_in_the_sfx_editor_plays, .timeout = 60)
{
    const char *cart = tmp("beep.p8"), *wav = tmp("beep.wav");
    size_t tlen = 0;
    char *tpl = m8_read_file(TEMPLATE, &tlen, 1 << 20);
    cr_assert(tpl);
    write_text(cart, tpl);
    const char *script_path = tmp("beep.txt");
    write_text(script_path,
               "key tab\nkey tab\n"
               "click 68 18\nclick 68 18\nclick 68 18   # the square\n"
               "mouse 45 10\nwheel 57             # speed 3 + 57\n"
               "drag 1 54 31 54      # notes 0-7 at pitch 33\n"
               "frames 10\nkey space\nframes 60\nkey space\nframes 10\n");
    m8_run_result r;
    const char *args[] = { "--headless", "--edit", cart, "--edit-script", script_path,
                           "--wav", wav, NULL };
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    size_t ns = 0;
    int16_t *s = read_wav(wav, &ns);
    size_t frame = 22050 / 30;
    cr_assert_eq(ns, frame * 80, "80 frames of sound: %zu samples", ns);
    double quiet = rms(s, 0, 10 * frame), loud = rms(s, 12 * frame, 68 * frame);
    double hz = crossing_hz(s, 12 * frame, 68 * frame);
    cr_expect_lt(quiet, 0.001, "silent before Space: RMS %f", quiet);
    cr_expect_gt(loud, 0.05, "the note is heard: RMS %f", loud);
    cr_expect(hz > 440 * 0.98 && hz < 440 * 1.02, "pitch 33 is 440 Hz: %.1f Hz", hz);
    cr_expect_lt(rms(s, 72 * frame, 80 * frame), 0.01, "Space stops it");
    free(s);
    free(tpl);
    if (system("command -v sox >/dev/null 2>&1") != 0) return;    /* sox agrees, where it is */
    char cmd[700], line[256];
    snprintf(cmd, sizeof cmd, "sox %s -n trim 0.5 1.5 stat -freq 2>&1", wav);
    FILE *p = popen(cmd, "r");
    cr_assert(p, "%s", cmd);
    double sox_rms = -1, peak_hz = 0, peak = -1, f, mag;
    while (fgets(line, sizeof line, p)) {
        if (sscanf(line, "RMS amplitude: %lf", &sox_rms) == 1) continue;
        if (sscanf(line, "%lf %lf", &f, &mag) == 2 && mag > peak) {
            peak = mag;
            peak_hz = f;
        }
    }
    pclose(p);
    cr_expect_gt(sox_rms, 0.05, "sox stat: RMS amplitude %f", sox_rms);
    cr_expect(peak_hz > 440 * 0.98 && peak_hz < 440 * 1.02, "sox stat -freq: the peak at %.1f Hz", peak_hz);
}
