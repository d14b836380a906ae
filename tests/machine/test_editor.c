/* test_editor.c - the built-in editors through the door (mote8.h, "the built-in editors"),
 * in process: every .p8 of ../shared/carts/real opened and saved without edits is the same
 * file byte for byte, and with its five data sections rewritten it reads back the same
 * with every other line unchanged; mouse edits are written through to a running cart's RAM
 * at once (also those made before its first tick) and undo puts the bytes back; a section
 * the file lacks is inserted in PICO-8's order, __meta__ sections kept, a CRLF file's line
 * ends and blank lines too; map cells selected, copied, pasted and cleared; sfx and music
 * edits written through to the running cart, undone and redone, and Space in the sfx editor
 * heard through mote8_editor_pull_audio while the cart's own audio stays silent; the map cost shown is what the core's map() accounting
 * charges; a bundled cart cannot be saved, and says so.
 * Depends on: m8_test_util.h, editor.h (runtime/editor), cart.h, gfx.h, ram.h (runtime/core),
 * Criterion. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"
#include "editor.h"
#include "gfx.h"
#include "m8_test_util.h"
#include "ram.h"

#define REAL_DIR M8_SHARED_DIR "/carts/real"

/* The text without the bodies of __gfx__, __gff__, __map__, __sfx__ and __music__ (their
 * header lines kept). */
static char *without_edited_bodies(const char *text, size_t len)
{
    char *out = malloc(len + 1);
    size_t n = 0;
    int skipping = 0;
    for (size_t pos = 0; pos < len;) {
        const char *s = text + pos, *nl = memchr(s, '\n', len - pos);
        size_t full = nl ? (size_t)(nl - s) + 1 : len - pos;
        int header = pos > 0 && full >= 5 && s[0] == '_' && s[1] == '_' && s[2] != '_';
        if (header) skipping = strncmp(s, "__gfx__", 7) == 0 || strncmp(s, "__gff__", 7) == 0 ||
                               strncmp(s, "__map__", 7) == 0 || strncmp(s, "__sfx__", 7) == 0 ||
                               strncmp(s, "__music__", 9) == 0;
        if (header || !skipping) {
            memcpy(out + n, s, full);
            n += full;
        }
        pos += full;
    }
    out[n] = 0;
    return out;
}

Test(editor, real_carts_saved_unchanged, .timeout = 120)
{
    DIR *d = opendir(REAL_DIR);
    cr_assert(d, "no real carts at %s", REAL_DIR);
    int carts = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t nl = strlen(e->d_name);
        if (nl < 4 || strcmp(e->d_name + nl - 3, ".p8") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", REAL_DIR, e->d_name);
        size_t len = 0;
        char *data = m8_read_file(path, &len, 1 << 24);
        cr_assert(data, "%s", path);
        mote8 *m8 = mote8_create(NULL);
        char err[600];
        cr_assert_eq(mote8_editor_open(m8, data, len, path, err, sizeof err), 0, "%s", err);
        size_t out_len = 0;
        char *same = mote8_editor_cart_text(m8, 0, &out_len, err, sizeof err);
        cr_assert(same, "%s: %s", path, err);
        cr_expect(out_len == len && memcmp(same, data, len) == 0, "%s: saved without edits it differs", path);
        char *forced = mote8_editor_cart_text(m8, 1, &out_len, err, sizeof err);
        cr_assert(forced, "%s: rewriting its sections: %s", path, err);   /* read back equal */
        char *a = without_edited_bodies(data, len), *b = without_edited_bodies(forced, out_len);
        cr_expect_str_eq(b, a, "%s: a line outside the data sections changed", path);
        free(a);
        free(b);
        free(same);
        free(forced);
        mote8_destroy(m8);
        free(data);
        carts++;
    }
    closedir(d);
    cr_expect_geq(carts, 30, "only %d .p8 carts in %s", carts, REAL_DIR);
}

static const char small_cart[] =
    "pico-8 cartridge // http://www.pico-8.com\n"
    "version 42\n"
    "__lua__\n"
    "function _update() printh(sget(8,0)..' '..fget(1)..' '..mget(3,1)) end\n"
    "__sfx__\n"
    "000100000c0500c0500c0500c0500000000000000000000000000000000000000000000000000000000000000000\n"
    "__meta:notes__\n"
    "keep me\n"
    "  exactly\n";

/* The machine with small_cart loaded and its editors open (printh into cap). */
static mote8 *open_small(m8t_capture *cap)
{
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.platform.user = cap;
    cfg.platform.printh = m8t_capture_printh;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, small_cart, sizeof small_cart - 1, "small.p8"), 0, "%s", mote8_error(m8));
    char err[300];
    cr_assert_eq(mote8_editor_open(m8, small_cart, sizeof small_cart - 1, NULL, err, sizeof err), 0, "%s", err);
    return m8;
}

static void click(mote8 *m8, int x, int y)
{
    mote8_editor_mouse(m8, x, y, 1, 0);
    mote8_editor_mouse(m8, x, y, 0, 0);
}

/* The last line printh wrote. */
static const char *last_line(const m8t_capture *cap)
{
    static char line[256];
    size_t end = cap->len;
    while (end > 0 && cap->text[end - 1] == '\n') end--;
    size_t start = end;
    while (start > 0 && cap->text[start - 1] != '\n') start--;
    snprintf(line, sizeof line, "%.*s", (int)(end - start), cap->text + start);
    return line;
}

Test(editor, edits_reach_the_running_cart_and_undo)
{
    m8t_capture cap = { 0 };
    mote8 *m8 = open_small(&cap);
    mote8_input in = { 0 };
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "0 0 0");
    click(m8, 8, 10);                       /* pencil, colour 8: pixel 0,0 of sprite 1 */
    click(m8, 81 + 3 * 6, 66);              /* flag 3 of sprite 1 */
    mote8_editor_key(m8, MOTE8_KEY_TAB, 0); /* the map: paint sprite 1 at cell 3,1 */
    click(m8, 3 * 8 + 2, 7 + 8 + 2);
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "8 8 1", "the cart sees the edits at its next tick");
    cr_expect(mote8_editor_unsaved(m8));
    cr_expect_eq(mote8_editor_key(m8, 'z', MOTE8_MOD_CTRL), MOTE8_EDITOR_NONE);
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "8 8 0", "undo took the map cell back");
    mote8_editor_key(m8, 'y', MOTE8_MOD_CTRL);
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "8 8 1", "redo put it again");
    cr_assert_eq(mote8_reset(m8), 0);       /* a restart keeps the unsaved edits */
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "8 8 1", "the restarted cart still sees them");
    mote8_destroy(m8);
}

Test(editor, missing_sections_inserted_in_order)
{
    m8t_capture cap = { 0 };
    mote8 *m8 = open_small(&cap);
    click(m8, 8, 10);
    click(m8, 81, 66);                      /* flag 0 of sprite 1 */
    size_t len = 0;
    char err[300];
    char *text = mote8_editor_cart_text(m8, 0, &len, err, sizeof err);
    cr_assert(text, "%s", err);
    const char *gfx = strstr(text, "__gfx__\n"), *gff = strstr(text, "__gff__\n");
    const char *sfx = strstr(text, "__sfx__\n"), *meta = strstr(text, "__meta:notes__\nkeep me\n  exactly\n");
    cr_assert(gfx && gff && sfx && meta, "%s", text);
    cr_expect(gfx < gff && gff < sfx && sfx < meta, "PICO-8's order: gfx, gff, sfx, meta:\n%s", text);
    cr_expect(!strstr(text, "__map__"), "the map was not edited: no section for it");
    cr_expect(strncmp(gfx, "__gfx__\n0000000080000000", 24) == 0, "%.40s", gfx);
    cr_expect(strncmp(gff, "__gff__\n0001", 12) == 0, "%.20s", gff);
    cr_expect(strncmp(text, small_cart, (size_t)(strstr(small_cart, "__sfx__") - small_cart)) == 0,
              "header and code kept");
    free(text);
    /* a cart without a file (bundled) is not saved, with a reason */
    cr_expect_eq(mote8_editor_save(m8, err, sizeof err), -1);
    cr_expect(strstr(err, "no file"), "%s", err);
    mote8_destroy(m8);
}

Test(editor, map_cost_is_what_map_charges)
{
    size_t len = 0;
    const char *tpl = mote8_cart_template("new", &len);
    cr_assert(tpl);
    m8_cart cart;
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_p8(&cart, tpl, len, &err), 0);
    uint8_t *ram = calloc(1, M8_RAM_SIZE);
    memcpy(ram, cart.rom, M8_ROM_DATA_SIZE);
    m8_ram_reset_draw_state(ram);
    static const int rects[][4] = { { 0, 0, 16, 9 }, { -3, -2, 10, 10 }, { 120, 60, 16, 9 },
                                    { 2, 3, 64, 36 }, { 0, 0, 128, 64 } };
    for (size_t i = 0; i < sizeof rects / sizeof rects[0]; i++) {
        const int *r = rects[i];
        double drawn = m8_map_cells_drawn(ram, r[0], r[1], r[2], r[3], 0);
        double covered = m8_map_cells_covered(ram, r[0], r[1], r[2], r[3]);
        long want = (long)(128 * drawn + (covered - drawn));
        cr_expect_eq(m8_editor_map_cost(cart.rom, r[0], r[1], r[2], r[3]), want,
                     "map(%d,%d,_,_,%d,%d)", r[0], r[1], r[2], r[3]);
    }
    cr_expect_gt(m8_editor_map_cost(cart.rom, 0, 0, 16, 9), 128, "the template's map has tiles");
    free(ram);
    m8_cart_free(&cart);
}

Test(editor, edits_before_the_first_tick)
{
    m8t_capture cap = { 0 };
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.platform.user = &cap;
    cfg.platform.printh = m8t_capture_printh;
    mote8 *m8 = mote8_create(&cfg);
    char err[300];
    cr_assert_eq(mote8_editor_open(m8, small_cart, sizeof small_cart - 1, NULL, err, sizeof err), 0, "%s", err);
    cr_assert_eq(mote8_load_cart(m8, small_cart, sizeof small_cart - 1, "small.p8"), 0, "%s", mote8_error(m8));
    click(m8, 8, 10);
    mote8_input in = { 0 };
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "8 0 0", "the first tick sees an edit made before it: %s", last_line(&cap));
    mote8_destroy(m8);
}

Test(editor, crlf_file_keeps_its_line_ends)
{
    static const char crlf[] =
        "pico-8 cartridge // http://www.pico-8.com\r\n"
        "version 42\r\n"
        "__lua__\r\n"
        "print(1)\r\n"
        "__gfx__\r\n"
        "0000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000\r\n"
        "\r\n"
        "__sfx__\r\n"
        "000100000c0500c0500c0500c0500000000000000000000000000000000000000000000000000000000000000000\r\n";
    mote8 *m8 = mote8_create(NULL);
    char err[300];
    cr_assert_eq(mote8_editor_open(m8, crlf, sizeof crlf - 1, NULL, err, sizeof err), 0, "%s", err);
    click(m8, 8 + 8 * 3, 10 + 8);           /* pixel 3,1 of sprite 1: sheet 11,1 */
    size_t len = 0;
    char *text = mote8_editor_cart_text(m8, 0, &len, err, sizeof err);
    cr_assert(text, "%s", err);
    const char *gfx = strstr(text, "__gfx__\r\n");
    cr_assert(gfx, "%s", text);
    const char *row1 = strchr(gfx + 9, '\n') + 1;
    cr_expect(strncmp(row1, "00000000000800000000", 20) == 0 && row1[128] == '\r' && row1[129] == '\n',
              "row 1 written with the pixel and CRLF: %.140s", row1);
    cr_expect(strstr(text, "\r\n\r\n__sfx__\r\n000100000c05") != NULL, "the blank line and __sfx__ kept: %s", text);
    cr_expect_eq(strncmp(text, crlf, (size_t)(strstr(crlf, "__gfx__") - crlf)), 0);
    free(text);
    mote8_destroy(m8);
}

/* The map cell x,y of the cart text the editors would save. */
static int saved_cell(mote8 *m8, int x, int y)
{
    size_t len = 0;
    char err[300];
    char *text = mote8_editor_cart_text(m8, 0, &len, err, sizeof err);
    cr_assert(text, "%s", err);
    m8_cart cart;
    m8_cart_error cerr;
    cr_assert_eq(m8_cart_read_p8(&cart, text, len, &cerr), 0, "%s", cerr.message);
    int v = cart.rom[M8_MAP + y * 128 + x];
    m8_cart_free(&cart);
    free(text);
    return v;
}

Test(editor, map_selection_copy_paste_clear)
{
    m8t_capture cap = { 0 };
    mote8 *m8 = open_small(&cap);
    mote8_editor_key(m8, MOTE8_KEY_TAB, 0);
    click(m8, 2, 9);                        /* sprite 1 at cells 0,0 and 1,0 */
    click(m8, 10, 9);
    mote8_editor_key(m8, 's', 0);           /* select cells 0,0-1,0 and copy them */
    mote8_editor_mouse(m8, 2, 9, 1, 0);
    mote8_editor_mouse(m8, 10, 9, 1, 0);
    mote8_editor_mouse(m8, 10, 9, 0, 0);
    mote8_editor_key(m8, 'c', MOTE8_MOD_CTRL);
    mote8_editor_mouse(m8, 34, 25, 0, 0);   /* paste at cell 4,2 */
    mote8_editor_key(m8, 'v', MOTE8_MOD_CTRL);
    cr_expect_eq(saved_cell(m8, 4, 2), 1);
    cr_expect_eq(saved_cell(m8, 5, 2), 1);
    cr_expect_eq(saved_cell(m8, 6, 2), 0);
    mote8_editor_key(m8, MOTE8_KEY_DELETE, 0);  /* the pasted cells are the selection */
    cr_expect_eq(saved_cell(m8, 4, 2), 0);
    cr_expect_eq(saved_cell(m8, 5, 2), 0);
    cr_expect_eq(saved_cell(m8, 0, 0), 1, "the copied cells stay");
    mote8_editor_key(m8, 'z', MOTE8_MOD_CTRL);
    cr_expect_eq(saved_cell(m8, 5, 2), 1, "undo of the clear");
    mote8_destroy(m8);
}

/* The sfx and music editors write through too: a note drawn in sfx 0's pitch view, its speed
 * raised, pattern 0's channel 1 enabled reach the running cart's RAM at its next tick; undo
 * and redo move them; Space plays the edited sfx into mote8_editor_pull_audio, and the
 * paused cart's own audio stays empty. */
Test(editor, sfx_and_music_edits_reach_the_running_cart)
{
    static const char cart[] =
        "pico-8 cartridge // http://www.pico-8.com\n"
        "version 42\n"
        "__lua__\n"
        "function _update() printh(peek2(0x3204)..' '..peek(0x3241)..' '..peek(0x3100)) end\n";
    m8t_capture cap = { 0 };
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.platform.user = &cap;
    cfg.platform.printh = m8t_capture_printh;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, cart, sizeof cart - 1, "snd.p8"), 0, "%s", mote8_error(m8));
    char err[300];
    cr_assert_eq(mote8_editor_open(m8, cart, sizeof cart - 1, NULL, err, sizeof err), 0, "%s", err);
    mote8_input in = { 0 };
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "0 1 65", "an empty cart: sfx 0 speed 1, pattern 0 off");
    mote8_editor_key(m8, MOTE8_KEY_TAB, 0);
    mote8_editor_key(m8, MOTE8_KEY_TAB, 0);  /* the sfx editor, sfx 0, pitch view */
    click(m8, 9, 87 - 33);                    /* note 2: pitch 33, instrument 0, volume 5 */
    click(m8, 45, 10);                        /* speed + 1 */
    mote8_editor_key(m8, MOTE8_KEY_TAB, 0);  /* the music editor, pattern 0 */
    click(m8, 4, 18);                         /* channel 1 on */
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "2593 2 1", "33 | 5 << 9, speed 2, channel 1 on sfx 1");
    mote8_editor_key(m8, 'z', MOTE8_MOD_CTRL);
    mote8_editor_key(m8, 'z', MOTE8_MOD_CTRL);
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "2593 1 65", "two undos: the channel and the speed");
    mote8_editor_key(m8, 'y', MOTE8_MOD_CTRL);
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    cr_expect_str_eq(last_line(&cap), "2593 2 65", "a redo: the speed");

    int16_t audio[4096];
    while (mote8_pull_audio(m8, audio, 4096) > 0) {}
    mote8_editor_key(m8, MOTE8_KEY_TAB, MOTE8_MOD_CTRL | MOTE8_MOD_SHIFT);  /* back to sfx */
    uint8_t rgb[128 * 128 * 3];
    mote8_editor_frame(m8, rgb);
    cr_expect_eq(mote8_editor_pull_audio(m8, audio, 4096), 735, "a frame's samples");
    cr_expect_eq(mote8_editor_key(m8, ' ', 0), MOTE8_EDITOR_NONE);
    long loud = 0, n = 0;
    for (int f = 0; f < 4; f++) {
        mote8_editor_frame(m8, rgb);
        int got = mote8_editor_pull_audio(m8, audio, 4096);
        n += got;
        for (int i = 0; i < got; i++) loud += audio[i] > 1000 || audio[i] < -1000;
    }
    cr_expect_eq(n, 4 * 735);
    cr_expect_gt(loud, 100, "the note sounds: %ld loud samples", loud);
    cr_expect_eq(mote8_pull_audio(m8, audio, 4096), 0, "the paused cart makes no sound");
    mote8_destroy(m8);
}
