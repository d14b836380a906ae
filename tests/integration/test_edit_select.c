/* test_edit_select.c - the sprite editor's select tool through `mote8 --headless --edit CART
 * --edit-script FILE`: a rectangle selected, its content dragged and nudged with the arrow
 * keys (colour 0 left behind), copied, pasted, flipped, rotated (not square), cut, deleted,
 * with undo and redo on the way; the saved .p8's sheet is compared byte for byte with the
 * same steps done on the original sheet by plain loops in this file.
 * Depends on: m8_test_util.h (runs build/bin/mote8), cart.h (runtime/core), Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"
#include "m8_test_util.h"

static const char *tmp(const char *name) { return m8t_tmp_path("edselect", name); }

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

/* A cart whose first 16 sheet rows hold a pattern with no two neighbours alike. */
static void write_pattern_cart(const char *path)
{
    char text[8192];
    size_t n = (size_t)snprintf(text, sizeof text, "pico-8 cartridge // http://www.pico-8.com\n"
                                                   "version 41\n__lua__\nprint(1)\n__gfx__\n");
    for (int y = 0; y < 16; y++) {
        for (int x = 0; x < 128; x++) text[n++] = "0123456789abcdef"[(x * 7 + y * 3 + x * y) % 15 + 1];
        text[n++] = '\n';
    }
    text[n] = 0;
    write_text(path, text);
}

static int get(const uint8_t *rom, int x, int y)
{
    uint8_t b = rom[y * 64 + x / 2];
    return x & 1 ? b >> 4 : b & 15;
}

static void set(uint8_t *rom, int x, int y, int v)
{
    if (x < 8 || x >= 16 || y < 0 || y >= 8) return;       /* outside sprite 1's block: cut */
    uint8_t *b = &rom[y * 64 + x / 2];
    *b = x & 1 ? (uint8_t)((*b & 0x0f) | v << 4) : (uint8_t)((*b & 0xf0) | v);
}

/* Copy w x h pixels at x,y into buf. */
static void grab(const uint8_t *rom, int x, int y, int w, int h, int *buf)
{
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) buf[j * w + i] = get(rom, x + i, y + j);
}

static void clear(uint8_t *rom, int x, int y, int w, int h)
{
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) set(rom, x + i, y + j, 0);
}

static void put_buf(uint8_t *rom, int x, int y, int w, int h, const int *buf)
{
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) set(rom, x + i, y + j, buf[j * w + i]);
}

/* Move the w x h content at x,y by dx,dy: the old place 0, the content at the new one. */
static void move(uint8_t *rom, int x, int y, int w, int h, int dx, int dy)
{
    int buf[64];
    grab(rom, x, y, w, h, buf);
    clear(rom, x, y, w, h);
    put_buf(rom, x + dx, y + dy, w, h, buf);
}

/* Screen position of sprite 1's pixel px,py (sheet x 8+px) in the 8x8 canvas at (8,10). */
#define SX(px) (8 + (px) * 8 + 4)
#define SY(py) (10 + (py) * 8 + 4)

Test(edit_select, select_move_copy_paste_flip_rotate_cut, .timeout = 60)
{
    const char *cart = tmp("sel.p8");
    write_pattern_cart(cart);
    m8_cart before;
    m8_cart_error cerr;
    size_t len = 0;
    char *text = m8_read_file(cart, &len, 1 << 20);
    cr_assert(text);
    cr_assert_eq(m8_cart_read_p8(&before, text, len, &cerr), 0, "%s", cerr.message);
    free(text);

    char script[4096];
    snprintf(script, sizeof script,
             "key s\n"
             "drag %d %d %d %d\n"       /* select pixels 1,1 - 3,2 of the block (sheet 9,1 3x2) */
             "drag %d %d %d %d\n"       /* drag its content by +2,+3 */
             "key ctrl+z\nkey ctrl+y\n" /* the move undone and redone */
             "key right\n"              /* and one more pixel right */
             "key ctrl+z\nkey ctrl+y\n"
             "key ctrl+c\n"             /* copy it (3x2) */
             "key h\nkey ctrl+z\nkey ctrl+y\nkey ctrl+z\n"   /* flip, undone, redone, undone */
             "click %d %d\n"            /* a click: no selection */
             "drag %d %d %d %d\n"       /* select 0,6 - 1,7 */
             "key ctrl+v\n"             /* paste 3x2 at sheet 8,6; it becomes the selection */
             "key v\n"                  /* flip it vertically */
             "drag %d %d %d %d\n"       /* select 5,0 - 7,0 */
             "key delete\n"
             "drag %d %d %d %d\n"       /* select 0,0 - 1,2 (2x3) */
             "key t\n"                  /* turn it: 3x2 at 8,0 */
             "drag %d %d %d %d\n"       /* select 6,6 - 7,7 */
             "key ctrl+x\n"             /* cut */
             "click %d %d\n"            /* no selection: ... */
             "key ctrl+v\n"             /* ... paste at the sprite, sheet 8,0 */
             "frames 1\nkey ctrl+s\n",
             SX(1), SY(1), SX(3), SY(2), SX(2), SY(1), SX(4), SY(4), SX(0), SY(7), SX(0), SY(6),
             SX(1), SY(7), SX(5), SY(0), SX(7), SY(0), SX(0), SY(0), SX(1), SY(2), SX(6), SY(6),
             SX(7), SY(7), SX(4), SY(0));
    const char *script_path = tmp("events.txt");
    write_text(script_path, script);
    const char *args[] = { "--headless", "--edit", cart, "--edit-script", script_path, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);

    uint8_t want[M8_ROM_SIZE];
    memcpy(want, before.rom, sizeof want);
    int clip[64], buf[64];
    move(want, 9, 1, 3, 2, 2, 3);               /* now at 11,4 */
    move(want, 11, 4, 3, 2, 1, 0);              /* now at 12,4 */
    grab(want, 12, 4, 3, 2, clip);
    put_buf(want, 8, 6, 3, 2, clip);            /* pasted at 8,6 */
    grab(want, 8, 6, 3, 2, buf);                /* flipped vertically */
    for (int i = 0; i < 3; i++) {
        set(want, 8 + i, 6, buf[3 + i]);
        set(want, 8 + i, 7, buf[i]);
    }
    clear(want, 13, 0, 3, 1);
    grab(want, 8, 0, 2, 3, buf);                /* 2 wide, 3 high, turned clockwise */
    clear(want, 8, 0, 2, 3);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 3; x++) set(want, 8 + x, y, buf[(2 - x) * 2 + y]);
    grab(want, 14, 6, 2, 2, clip);
    clear(want, 14, 6, 2, 2);
    put_buf(want, 8, 0, 2, 2, clip);

    text = m8_read_file(cart, &len, 1 << 20);
    cr_assert(text);
    m8_cart after;
    cr_assert_eq(m8_cart_read_p8(&after, text, len, &cerr), 0, "%s", cerr.message);
    free(text);
    int diffs = 0;
    for (int a = 0; a < M8_ROM_SIZE; a++) diffs += after.rom[a] != want[a];
    for (int y = 0; y < 8; y++)
        for (int x = 8; x < 16; x++)
            cr_expect_eq(get(after.rom, x, y), get(want, x, y), "pixel %d,%d", x, y);
    cr_expect_eq(diffs, 0, "%d bytes differ from the expected sheet", diffs);
    cr_expect(memcmp(after.rom, before.rom, M8_ROM_SIZE) != 0, "the edits changed the sheet");
    m8_cart_free(&before);
    m8_cart_free(&after);
}

static void run_events(m8_run_result *r, const char *cart, const char *events)
{
    const char *script_path = tmp("clip_events.txt");
    write_text(script_path, events);
    const char *args[] = { "--headless", "--edit", cart, "--edit-script", script_path, NULL };
    m8t_run_mote8(r, args);
    cr_assert_eq(r->exit_code, 0, "%s: %s%s", events, r->out, r->err);
}

static void read_back(const char *path, m8_cart *cart)
{
    size_t len = 0;
    char *text = m8_read_file(path, &len, 1 << 20);
    cr_assert(text, "%s", path);
    m8_cart_error cerr;
    cr_assert_eq(m8_cart_read_p8(cart, text, len, &cerr), 0, "%s: %s", path, cerr.message);
    free(text);
}

static int map_cell(const uint8_t *rom, int x, int y)
{
    return rom[y < 32 ? M8_MAP + y * 128 + x : 0x1000 + (y - 32) * 128 + x];
}

/* Copy in cart A's editors, paste in cart B's (another run) through the headless runner's
 * clipboard saved to a file: B holds A's pixels and cells; the clipboard file is PICO-8's
 * [gfx] text; hand-made [gfx] and [map] texts land where they are pasted. */
Test(edit_select, clipboard_between_carts, .timeout = 60)
{
    const char *a = tmp("a.p8"), *b = tmp("b.p8"), *clip = tmp("clip.txt"), *map_clip = tmp("mapclip.txt");
    write_pattern_cart(a);
    /* A gets a map: rows 0-2 of cells x*5+y+1 */
    FILE *f = fopen(a, "a");
    cr_assert(f);
    fputs("__map__\n", f);
    for (int y = 0; y < 3; y++) {
        for (int x = 0; x < 128; x++) fprintf(f, "%02x", (x * 5 + y + 1) & 255);
        fputc('\n', f);
    }
    fclose(f);
    write_text(b, "pico-8 cartridge // http://www.pico-8.com\nversion 41\n__lua__\nprint(2)\n");
    m8_run_result r;
    char events[1024];
    snprintf(events, sizeof events,
             "key s\ndrag %d %d %d %d\nkey ctrl+c\nclipboard save %s\n"      /* pixels 2,1 - 4,2 */
             "key tab\nkey s\ndrag 12 19 28 27\nkey ctrl+c\nclipboard save %s\n",  /* cells 1,1 - 3,2 */
             SX(2), SY(1), SX(4), SY(2), clip, map_clip);
    run_events(&r, a, events);

    m8_cart ca, cb;
    read_back(a, &ca);
    size_t len = 0;
    char *text = m8_read_file(clip, &len, 1 << 20);
    cr_assert(text);
    char want[64] = "[gfx]0302";
    for (int y = 1; y <= 2; y++)
        for (int x = 10; x <= 12; x++) strncat(want, &"0123456789abcdef"[get(ca.rom, x, y)], 1);
    strcat(want, "[/gfx]");
    cr_expect_str_eq(text, want, "the clipboard holds PICO-8's [gfx] text");
    free(text);
    text = m8_read_file(map_clip, &len, 1 << 20);
    cr_assert(text);
    cr_expect(!strncmp(text, "[map]0302", 9) && strstr(text, "[/map]"), "%s", text);
    free(text);

    /* B: A's pixels at sprite 2 (sheet 16,0), A's cells at 5,5 under the pointer */
    snprintf(events, sizeof events,
             "clipboard load %s\nkey w\nkey ctrl+v\n"
             "clipboard load %s\nkey tab\nmouse 44 50\nkey ctrl+v\nkey ctrl+s\n", clip, map_clip);
    run_events(&r, b, events);
    read_back(b, &cb);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 3; x++) {
            cr_expect_eq(get(cb.rom, 16 + x, y), get(ca.rom, 10 + x, 1 + y), "pixel %d,%d", x, y);
            cr_expect_eq(map_cell(cb.rom, 5 + x, 5 + y), map_cell(ca.rom, 1 + x, 1 + y), "cell %d,%d", x, y);
        }
    int changed = 0;
    for (int i = 0; i < 0x3100; i++) changed += cb.rom[i] != 0;     /* sheet, map, flags */
    cr_expect_eq(changed, 2 * 2 + 6, "only the pasted bytes are set (2 rows of 2 sheet bytes, 6 cells)");
    m8_cart_free(&cb);

    /* hand-made texts: lower and upper case digits, a non-digit counting as 0 */
    write_text(clip, "[gfx]020312Ab-f[/gfx]\n");
    write_text(map_clip, "[map]0201ff07[/map]");
    snprintf(events, sizeof events,
             "clipboard load %s\nkey w\nkey w\nkey ctrl+v\n"
             "clipboard load %s\nkey tab\nmouse 27 18\nkey ctrl+v\nkey ctrl+s\n", clip, map_clip);
    run_events(&r, b, events);
    read_back(b, &cb);
    static const int px[3][2] = { { 1, 2 }, { 10, 11 }, { 0, 15 } };
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 2; x++) cr_expect_eq(get(cb.rom, 24 + x, y), px[y][x], "pixel %d,%d", x, y);
    cr_expect_eq(map_cell(cb.rom, 3, 1), 0xff);
    cr_expect_eq(map_cell(cb.rom, 4, 1), 0x07);
    m8_cart_free(&ca);
    m8_cart_free(&cb);
}
