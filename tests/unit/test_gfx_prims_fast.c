/* test_gfx_prims_fast.c - Criterion suite "gfx_prims_fast": the fast paths of line, tline
 * and print give exactly the RAM of their general per-pixel paths (forced with the test hook
 * m8_gfx_general_only), over thousands of random lines, tline spans and strings, with random
 * clip rectangles, camera, fill patterns (transparent and secondary-palette ones), draw and
 * secondary palettes, bit-plane masks, screen / sheet / map addresses (some on top of each
 * other or at the top of RAM, where the fast paths must give way), map width, tline masks
 * and offsets, print's default attributes, control codes and `\^` modes, the custom font;
 * and tline's runs in one map cell (spans every way, map steps of any size and sign, small
 * wrap masks, transparency), once more with both map steps past half a pixel.
 * Every trial also checks that a fast-path case really was among them (the screen changed).
 * Depends on: gfx.h, gfx_internal.h, text.h, ram.h, Criterion. */
#include "test_gfx_util.h"
#include "gfx_internal.h"
#include "text.h"

static uint8_t before[M8_RAM_SIZE], fast[M8_RAM_SIZE];
static uint32_t seed = 2626;

static int rnd(int n)
{
    seed = seed * 1103515245u + 12345u;
    return (int)((seed >> 8) % (uint32_t)n);
}

/* A random coordinate: mostly near the screen, sometimes far off it. */
static int coord(void)
{
    switch (rnd(8)) {
    case 0: return rnd(2000) - 1000;
    case 1: return rnd(1 << 26) - (1 << 25);
    default: return rnd(200) - 36;
    }
}

/* Random RAM and draw state; `plain` = most of it left at the reset state (the fast paths'
 * case), else any of the modes. */
static void random_state(int plain)
{
    gfx_setup();
    for (int i = 0; i < 0x4300; i++) ram[i] = (uint8_t)rnd(256);      /* sheet, map, flags */
    for (int i = 0x5600; i < 0x5e00; i++) ram[i] = (uint8_t)rnd(256); /* custom font */
    for (int i = 0x6000; i < 0x10000; i++) ram[i] = (uint8_t)rnd(256); /* screen and above */
    if (rnd(3) == 0) {
        int x0 = rnd(128), y0 = rnd(128);
        ram[M8_CLIP_X0] = (uint8_t)x0;
        ram[M8_CLIP_Y0] = (uint8_t)y0;
        ram[M8_CLIP_X1] = (uint8_t)(x0 + rnd(129 - x0 + 20));
        ram[M8_CLIP_Y1] = (uint8_t)(y0 + rnd(129 - y0 + 20));
    }
    if (rnd(3) == 0) {
        m8_poke_16(ram, M8_CAMERA_X, (uint16_t)(rnd(80) - 40));
        m8_poke_16(ram, M8_CAMERA_Y, (uint16_t)(rnd(80) - 40));
    }
    if (rnd(3) == 0)
        for (int c = 0; c < 16; c++) ram[M8_DRAW_PAL + c] = (uint8_t)(rnd(16) | (rnd(4) ? 0 : 0x10));
    for (int c = 0; c < 16; c++) ram[M8_SECONDARY_PAL + c] = (uint8_t)rnd(256);
    ram[M8_PEN] = (uint8_t)rnd(256);
    if (rnd(2) == 0) ram[M8_MISC_FLAGS] = (uint8_t)rnd(256);
    ram[M8_TLINE_MASK_X] = (uint8_t)(rnd(2) ? 0 : rnd(256));
    ram[M8_TLINE_MASK_Y] = (uint8_t)(rnd(2) ? 0 : rnd(256));
    ram[M8_TLINE_OFF_X] = (uint8_t)(rnd(2) ? 0 : rnd(256));
    ram[M8_TLINE_OFF_Y] = (uint8_t)(rnd(2) ? 0 : rnd(256));
    if (rnd(3) == 0) ram[M8_MAP_WIDTH] = (uint8_t)rnd(256);
    if (plain) return;
    if (rnd(2) == 0) {
        m8_poke_16(ram, M8_FILLP, (uint16_t)rnd(0x10000));
        ram[M8_FILLP_FLAGS] = (uint8_t)rnd(8);
    }
    if (rnd(4) == 0) ram[M8_BITPLANE_MASK] = (uint8_t)rnd(256);
    if (rnd(3) == 0) {
        static const uint8_t screens[] = { 0x00, 0x60, 0x80, 0xa0, 0xdf, 0xe0, 0xf8, 0xfe };
        ram[M8_MAP_SCREEN_ADDR] = screens[rnd(8)];
    }
    if (rnd(3) == 0) {
        static const uint8_t sheets[] = { 0x00, 0x20, 0x60, 0x70, 0x80, 0xe0, 0xff };
        ram[M8_MAP_GFX_ADDR] = sheets[rnd(7)];
    }
    if (rnd(3) == 0) {
        static const uint8_t maps[] = { 0x00, 0x10, 0x20, 0x30, 0x3f, 0x40, 0x60, 0x70, 0x80, 0xf0 };
        ram[M8_MAP_MAP_ADDR] = maps[rnd(10)];
    }
    if (rnd(2) == 0) {
        ram[M8_PRINT_ATTRS] = (uint8_t)(rnd(256) | 1);
        ram[M8_PRINT_CHAR_SIZE] = (uint8_t)rnd(256);
        ram[M8_PRINT_CHAR_W2] = (uint8_t)rnd(256);
        ram[M8_PRINT_OFFSET] = (uint8_t)rnd(256);
    }
}

/* Runs draw() on the fast paths and on the general ones from the same RAM; the two RAMs
 * must be the same byte for byte. Returns whether the drawing changed the screen. */
static int compare(void (*draw)(void), const char *what, int trial)
{
    memcpy(before, ram, sizeof ram);
    m8_gfx_general_only = 0;
    draw();
    memcpy(fast, ram, sizeof ram);
    memcpy(ram, before, sizeof ram);
    m8_gfx_general_only = 1;
    draw();
    m8_gfx_general_only = 0;
    for (int a = 0; a < M8_RAM_SIZE; a++)
        if (fast[a] != ram[a])
            cr_assert_fail("%s trial %d: RAM 0x%04x is 0x%02x on the fast path, 0x%02x on the general one",
                     what, trial, a, fast[a], ram[a]);
    return memcmp(before + 0x6000, ram + 0x6000, 0x2000) != 0;
}

static int lx0, ly0, lx1, ly1, lcol;

static void draw_line(void) { m8_line(ram, lx0, ly0, lx1, ly1, lcol); }

static void line_trials(int plain)
{
    int changed = 0;
    for (int t = 0; t < 3000; t++) {
        random_state(plain);
        lx0 = coord(); ly0 = coord(); lx1 = coord(); ly1 = coord();
        if (rnd(4) == 0) ly1 = ly0 + rnd(5) - 2;           /* nearly flat */
        if (rnd(4) == 0) lx1 = lx0 + rnd(5) - 2;           /* nearly upright */
        lcol = COL(rnd(256)) | (rnd(4) == 0 ? rnd(0x10000) : 0);
        changed += compare(draw_line, plain ? "line (plain)" : "line", t);
    }
    cr_assert_gt(changed, plain ? 1000 : 500, "only %d lines drew anything", changed);
}

Test(gfx_prims_fast, line_matches_general_path_plain_state) { line_trials(1); }
Test(gfx_prims_fast, line_matches_general_path_any_state) { line_trials(0); }

static int tmx, tmy, tmdx, tmdy, tlayers, tbits;

static void draw_tline(void)
{
    m8_tline(ram, lx0, ly0, lx1, ly1, tmx, tmy, tmdx, tmdy, tlayers, tbits);
}

static void tline_trials(int plain)
{
    int changed = 0;
    for (int t = 0; t < 3000; t++) {
        random_state(plain);
        lx0 = coord(); ly0 = coord(); lx1 = coord(); ly1 = coord();
        if (rnd(2) == 0) ly1 = ly0;                        /* the usual horizontal span */
        tbits = rnd(4) ? 13 : rnd(34) - 1;
        tmx = rnd(4) ? rnd(1 << 20) : (int32_t)((uint32_t)rnd(1 << 16) << 16 | (uint32_t)rnd(1 << 16));
        tmy = rnd(1 << 20);
        tmdx = rnd(4) ? rnd(1 << 14) - (1 << 13) : (int32_t)((uint32_t)rnd(1 << 16) << 16);
        tmdy = rnd(2) ? 0 : rnd(1 << 13) - (1 << 12);
        tlayers = rnd(3) ? 0 : rnd(256);
        changed += compare(draw_tline, plain ? "tline (plain)" : "tline", t);
    }
    cr_assert_gt(changed, plain ? 400 : 250, "only %d tlines drew anything", changed);
}

Test(gfx_prims_fast, tline_matches_general_path_plain_state) { tline_trials(1); }
Test(gfx_prims_fast, tline_matches_general_path_any_state) { tline_trials(0); }

/* A map step for the run trials: none, sub-pixel (runs of many pixels in one cell and on
 * one sprite pixel), about a pixel, exactly one or eight pixels, past a whole cell, or any;
 * either sign. At 13 bits 4096 is half a pixel, the largest step tline takes a sprite pixel
 * at a time. */
static int32_t run_step(void)
{
    static const int32_t steps[] = { 0, 1, 37, 100, 1000, 1 << 10, 4095, 4096, 4097, 1 << 13,
                                     3 << 12, 11 << 10 };
    int32_t v = rnd(5) ? steps[rnd((int)(sizeof steps / sizeof steps[0]))] : rnd(1 << 15);
    return rnd(2) ? -v : v;
}

/* A map step past half a pixel (a texture drawn smaller than it is, taken a pixel at a
 * time): just past half a pixel, either side of 1.0 and 2.0 px, 1.5 and 2.5 px, a cell
 * (8 px) and past it, or any up to 4 px; either sign. At 13 bits 8192 is one pixel. */
static int32_t minified_step(void)
{
    static const int32_t steps[] = { 4097, 5000, 8191, 8192, 8193, 3 << 12, 16383, 16384,
                                     16385, 5 << 12, 3 << 13, 1 << 16, (1 << 16) + 1, 3 << 15 };
    int32_t v = rnd(3) ? steps[rnd((int)(sizeof steps / sizeof steps[0]))] : 4097 + rnd(1 << 15);
    return rnd(2) ? -v : v;
}

/* tline's runs (a cell's pixels drawn in one loop, two screen pixels to a byte along a row
 * drawn left to right): spans on screen in every direction (rows both ways, columns,
 * diagonals, steep and shallow, starting at odd and even x), map steps that keep a cell for
 * many pixels or leave it every pixel, forwards and backwards, small wrap masks (the cell
 * changes by wrapping mid-run), offsets, transparent colours, a remapped palette, a clip
 * rectangle the minor coordinate enters and leaves; `minified`: both map steps past half a
 * pixel (minified_step; the other sometimes any run_step), the axes swapped half the
 * time, so that the pixel-a-time walks of every shape see rows and columns of them. */
static void tline_run_trials(int minified)
{
    int changed = 0;
    for (int t = 0; t < 4000; t++) {
        random_state(1);
        for (int i = 0; i < 0x2000; i++) {         /* sheet: mostly opaque, some colour 0 */
            if (!(ram[i] & 0x0f) && rnd(4)) ram[i] |= (uint8_t)(1 + rnd(15));
            if (!(ram[i] & 0xf0) && rnd(4)) ram[i] |= (uint8_t)((1 + rnd(15)) << 4);
        }
        if (rnd(2) == 0) {                         /* small wrap masks */
            ram[M8_TLINE_MASK_X] = (uint8_t)(1 + rnd(4));
            ram[M8_TLINE_MASK_Y] = (uint8_t)(1 + rnd(4));
        }
        ram[M8_TLINE_OFF_X] = (uint8_t)(rnd(3) ? 0 : rnd(16));   /* offsets inside the map */
        ram[M8_TLINE_OFF_Y] = (uint8_t)(rnd(3) ? 0 : rnd(16));
        lx0 = rnd(150) - 11; ly0 = rnd(150) - 11;
        int len = rnd(160), dir = rnd(6);
        lx1 = lx0; ly1 = ly0;
        if (dir == 0) lx1 = lx0 + len;                     /* row, left to right */
        else if (dir == 1) lx1 = lx0 - len;                /* row, right to left */
        else if (dir == 2) ly1 = ly0 + (rnd(2) ? len : -len);      /* column */
        else { lx1 = lx0 + rnd(2 * len + 1) - len; ly1 = ly0 + rnd(2 * len + 1) - len; }
        tbits = rnd(6) ? 13 : 16;
        tmx = rnd(4) ? rnd(1 << 19) : rnd(1 << 20) - (1 << 19);   /* mostly inside the map */
        tmy = rnd(4) ? rnd(1 << 18) : rnd(1 << 20) - (1 << 19);
        if (minified) {                            /* both steps past half a pixel */
            tmdx = minified_step();
            tmdy = rnd(4) ? minified_step() : run_step();
            if (rnd(2)) { int32_t v = tmdx; tmdx = tmdy; tmdy = v; }
        } else {
            tmdx = run_step();
            tmdy = rnd(2) ? 0 : run_step();
        }
        tlayers = rnd(6) ? 0 : rnd(256);
        changed += compare(draw_tline, minified ? "tline (minified runs)" : "tline (runs)", t);
    }
    cr_assert_gt(changed, 1400, "only %d tlines drew anything", changed);
}

Test(gfx_prims_fast, tline_runs_match_general_path) { tline_run_trials(0); }
Test(gfx_prims_fast, tline_minified_runs_match_general_path) { tline_run_trials(1); }

static char text[200];
static int text_len, tx, ty, has_xy, has_col, tcol;

static void draw_print(void)
{
    int y;
    int right = m8_text_print(ram, text, text_len, has_xy, tx, ty, has_col, tcol, NULL, &y);
    m8_poke_16(ram, 0x4300, (uint16_t)right);      /* the results are part of the comparison */
    m8_poke_16(ram, 0x4302, (uint16_t)y);
}

static void random_text(int plain)
{
    static const char *const codes[] = {
        "\n", "\r", "\t", "\b", "\f7", "\f3", "\x02" "5", "\x06w", "\x06t", "\x06=",
        "\x06p", "\x06i", "\x06" "b", "\x06#", "\x06-w", "\x06-t", "\x06-" "b", "\x06-i",
        "\x06-#", "\x06x6", "\x06y9", "\x06x2", "\x06r8", "\x0e", "\x0f", "\x01" "3",
        "\x03" "f", "\x04" "9", "\x05" "ab", "\v4a",
        "\x06.\x55\xaa\x11\x88\xff\x01\x3c\x42",
    };
    text_len = 0;
    int n = rnd(40);
    while (text_len < n) {
        int k = rnd(10);
        if (k < 7 || plain) text[text_len++] = (char)(32 + rnd(96));
        else if (k == 7) text[text_len++] = (char)(128 + rnd(128));
        else {
            const char *c = codes[rnd((int)(sizeof codes / sizeof codes[0]))];
            size_t l = strlen(c);
            if (text_len + (int)l > (int)sizeof text) break;
            memcpy(text + text_len, c, l);
            text_len += (int)l;
        }
    }
}

static void print_trials(int plain)
{
    int changed = 0;
    for (int t = 0; t < 3000; t++) {
        random_state(plain);
        random_text(plain);
        has_xy = rnd(4) != 0;
        tx = rnd(8) ? rnd(160) - 20 : coord();
        ty = rnd(8) ? rnd(160) - 20 : coord();
        has_col = rnd(2);
        tcol = rnd(256);
        if (rnd(3) == 0) ram[M8_CURSOR_X] = (uint8_t)rnd(256);
        if (rnd(3) == 0) ram[M8_CURSOR_Y] = (uint8_t)rnd(256);
        changed += compare(draw_print, plain ? "print (plain)" : "print", t);
    }
    cr_assert_gt(changed, 1000, "only %d prints drew anything", changed);
}

Test(gfx_prims_fast, print_matches_general_path_plain_state) { print_trials(1); }
Test(gfx_prims_fast, print_matches_general_path_any_state) { print_trials(0); }
