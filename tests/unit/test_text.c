/* test_text.c - Criterion suite "text": pixel-exact checks of the print() text engine
 * (runtime/core/text.c) on a zeroed 64 KiB RAM with the reset draw state: glyphs, render
 * modes, control codes, `\^` commands, custom font, cursor/scroll, clip/camera, hooks, and
 * the resumable begin/step/end interface that stops at frame waits.
 * Expected pixels come from m8_font_glyphs, so the tests do not depend on the glyph design.
 * The last test runs print() from Lua through the embedding API (mote8.h).
 * Depends on: text.h, font.h, pixel.h, ram.h, mote8.h, Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "font.h"
#include "mote8.h"
#include "pixel.h"
#include "ram.h"
#include "text.h"

static uint8_t ram[M8_RAM_SIZE];

static void setup(void)
{
    memset(ram, 0, sizeof ram);
    m8_ram_reset_draw_state(ram);
    /* the defaults these tests rely on (reference 1.14) */
    for (int i = 0; i < 16; i++) {
        ram[M8_DRAW_PAL + i] = (uint8_t)i;
        ram[M8_SCREEN_PAL + i] = (uint8_t)i;
    }
    ram[M8_DRAW_PAL] |= 0x10;
    ram[M8_CLIP_X0] = ram[M8_CLIP_Y0] = 0;
    ram[M8_CLIP_X1] = ram[M8_CLIP_Y1] = 128;
    ram[M8_PEN] = 6;
    ram[M8_MAP_SCREEN_ADDR] = 0x60;
    ram[M8_MAP_MAP_ADDR] = 0x20;
    ram[M8_MAP_WIDTH] = 0x80;
    ram[M8_BITPLANE_MASK] = 0xff;
}

TestSuite(text, .init = setup);

static int pix(int x, int y) { return m8_surface_read(ram, M8_SCREEN, x, y); }

static int count_nonzero(void)
{
    int n = 0;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) n += pix(x, y) != 0;
    return n;
}

static int gbit(int c, int col, int row)
{
    int ncols = c < 128 ? 3 : 7;
    return row >= 0 && row < 5 && col >= 0 && col < ncols && ((m8_font_glyphs[c][row] >> col) & 1);
}

static int glyph_pop(int c)
{
    int n = 0;
    for (int r = 0; r < 5; r++)
        for (int k = 0; k < 8; k++) n += gbit(c, k, r);
    return n;
}

static int P(const char *s, int x, int y, int col)
{
    return m8_text_print(ram, s, (int)strlen(s), 1, x, y, 1, col, NULL, NULL);
}

/* The cell of built-in char c at (x,y), scale sx,sy: glyph pixels = col, the rest = bg. */
static void check_glyph(int c, int x, int y, int sx, int sy, int col, int bg)
{
    int cw = c < 128 ? 4 : 8;
    for (int r = 0; r < 6; r++)
        for (int k = 0; k < cw; k++)
            for (int j = 0; j < sy; j++)
                for (int i = 0; i < sx; i++) {
                    int px = x + k * sx + i, py = y + r * sy + j;
                    if (px < 0 || py < 0 || px > 127 || py > 127) continue;
                    int want = gbit(c, k, r) ? col : bg;
                    cr_assert_eq(pix(px, py), want, "char %d px (%d,%d) = %d, want %d", c, px, py,
                                 pix(px, py), want);
                }
}

/* Only the glyph's own pixels: each set bit of char c at (x,y) has colour col. */
static void check_glyph_on(int c, int x, int y, int col)
{
    for (int r = 0; r < 5; r++)
        for (int k = 0; k < 8; k++)
            if (gbit(c, k, r)) cr_assert_eq(pix(x + k, y + r), col, "char %d px (%d,%d)", c, x + k, y + r);
}

Test(text, font_sanity)
{
    cr_assert_gt(glyph_pop('a'), 0);
    cr_assert_gt(glyph_pop('b'), 0);
    cr_assert_gt(glyph_pop(','), 0);
}

Test(text, single_glyph_exact)
{
    int yend = 0;
    int r = m8_text_print(ram, "a", 1, 1, 10, 20, 1, 7, NULL, &yend);
    check_glyph('a', 10, 20, 1, 1, 7, 0);
    cr_assert_eq(count_nonzero(), glyph_pop('a'));
    cr_assert_eq(r, 14);
    /* cursor moves to the line below, home x = x, pen = colour */
    cr_assert_eq(ram[M8_CURSOR_X], 10);
    cr_assert_eq(ram[M8_CURSOR_Y], 26);
    cr_assert_eq(yend, 26);
    cr_assert_eq(ram[M8_PRINT_HOME_X], 10);
    cr_assert_eq(ram[M8_PEN], 7);
}

Test(text, string_advance_and_return)
{
    int r = P("hoge", 0, 40, 7);
    cr_assert_eq(r, 16);
    check_glyph('h', 0, 40, 1, 1, 7, 0);
    check_glyph('o', 4, 40, 1, 1, 7, 0);
    check_glyph('g', 8, 40, 1, 1, 7, 0);
    check_glyph('e', 12, 40, 1, 1, 7, 0);
    /* off-screen print still measures */
    memset(ram + M8_SCREEN, 0, 0x2000);
    cr_assert_eq(P("hoge", 0, -20, 7), 16);
    cr_assert_eq(count_nonzero(), 0);
}

Test(text, wide_char_advance)
{
    /* chars >= 128 use an 8-px cell */
    cr_assert_eq(P("\x80" "a", 0, 0, 7), 12);
    check_glyph(0x80, 0, 0, 1, 1, 7, 0);
    check_glyph('a', 8, 0, 1, 1, 7, 0);
}

Test(text, pen_used_without_colour)
{
    ram[M8_PEN] = 0x2b;
    m8_text_print(ram, "a", 1, 1, 10, 20, 0, 0, NULL, NULL);
    check_glyph('a', 10, 20, 1, 1, 11, 0);
    cr_assert_eq(ram[M8_PEN], 0x2b);
}

Test(text, draw_palette_applies)
{
    ram[M8_DRAW_PAL + 7] = 12;
    P("a", 10, 20, 7);
    check_glyph('a', 10, 20, 1, 1, 12, 0);
}

Test(text, wide_mode)
{
    int r = P("\x06w" "a", 10, 20, 7);
    cr_assert_eq(r, 18);
    check_glyph('a', 10, 20, 2, 1, 7, 0);
    cr_assert_eq(count_nonzero(), 2 * glyph_pop('a'));
}

Test(text, tall_mode_and_line_height)
{
    P("\x06t" "a\nb", 10, 20, 7);
    check_glyph('a', 10, 20, 1, 2, 7, 0);
    check_glyph('b', 10, 32, 1, 2, 7, 0);
    cr_assert_eq(ram[M8_CURSOR_Y], 44);
}

Test(text, stripey_wide)
{
    P("\x06w\x06=a", 10, 20, 7);
    for (int r = 0; r < 6; r++)
        for (int k = 0; k < 4; k++) {
            cr_assert_eq(pix(10 + 2 * k, 20 + r), gbit('a', k, r) ? 7 : 0);
            cr_assert_eq(pix(11 + 2 * k, 20 + r), 0);
        }
}

Test(text, pinball)
{
    int r = P("\x06pa", 10, 20, 7);
    cr_assert_eq(r, 18);
    for (int rr = 0; rr < 6; rr++)
        for (int k = 0; k < 4; k++) {
            cr_assert_eq(pix(10 + 2 * k, 20 + 2 * rr), gbit('a', k, rr) ? 7 : 0);
            cr_assert_eq(pix(11 + 2 * k, 20 + 2 * rr), 0);
            cr_assert_eq(pix(10 + 2 * k, 21 + 2 * rr), 0);
        }
    cr_assert_eq(count_nonzero(), glyph_pop('a'));
    /* \^-p switches all three off */
    memset(ram + M8_SCREEN, 0, 0x2000);
    cr_assert_eq(P("\x06p\x06-pa", 10, 20, 7), 14);
    check_glyph('a', 10, 20, 1, 1, 7, 0);
}

Test(text, invert_fills_cell_with_padding)
{
    P("\x06i" "a", 10, 20, 7);
    /* cell 4x6 plus 1 px padding on the left and top: x 9..13, y 19..25 */
    for (int y = 18; y <= 26; y++)
        for (int x = 8; x <= 14; x++) {
            int inside = x >= 9 && x <= 13 && y >= 19 && y <= 25;
            int want = inside && !gbit('a', x - 10, y - 20) ? 7 : 0;
            cr_assert_eq(pix(x, y), want, "(%d,%d)", x, y);
        }
}

Test(text, solid_background)
{
    P("\x02" "3a", 10, 20, 7);
    for (int y = 18; y <= 26; y++)
        for (int x = 8; x <= 14; x++) {
            int inside = x >= 9 && x <= 13 && y >= 19 && y <= 25;
            int want = !inside ? 0 : gbit('a', x - 10, y - 20) ? 7 : 3;
            cr_assert_eq(pix(x, y), want, "(%d,%d)", x, y);
        }
    /* without padding the background is exactly the 4x6 cell */
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("\x06-b\x02" "3a", 10, 20, 7);
    check_glyph('a', 10, 20, 1, 1, 7, 3);
    cr_assert_eq(pix(9, 20), 0);
    cr_assert_eq(pix(10, 19), 0);
    cr_assert_eq(count_nonzero(), 24);
}

Test(text, foreground_code_sets_pen)
{
    P("\x0c" "8a\x0c" "9b", 0, 0, 7);
    check_glyph('a', 0, 0, 1, 1, 8, 0);
    check_glyph('b', 4, 0, 1, 1, 9, 0);
    cr_assert_eq(ram[M8_PEN] & 15, 9);
}

Test(text, cursor_mode_newline_and_terminator)
{
    m8_text_print(ram, "a", 1, 0, 0, 0, 0, 0, NULL, NULL);
    check_glyph('a', 0, 0, 1, 1, 6, 0);
    cr_assert_eq(ram[M8_CURSOR_X], 0);
    cr_assert_eq(ram[M8_CURSOR_Y], 6);
    m8_text_print(ram, "b", 1, 0, 0, 0, 1, 8, NULL, NULL);
    check_glyph('b', 0, 6, 1, 1, 8, 0);
    cr_assert_eq(ram[M8_PEN], 8);
    /* \0 stops and suppresses the newline */
    m8_text_print(ram, "c\0d", 3, 0, 0, 0, 0, 0, NULL, NULL);
    check_glyph('c', 0, 12, 1, 1, 8, 0);
    cr_assert_eq(ram[M8_CURSOR_X], 4);
    cr_assert_eq(ram[M8_CURSOR_Y], 12);
    m8_text_print(ram, "e", 1, 0, 0, 0, 0, 0, NULL, NULL);
    check_glyph('e', 4, 12, 1, 1, 8, 0);
    /* 0x5f36 & 4: no automatic newline either */
    ram[M8_MISC_FLAGS] = M8_MISC_NO_NEWLINE;
    m8_text_print(ram, "f", 1, 0, 0, 0, 0, 0, NULL, NULL);
    cr_assert_eq(ram[M8_CURSOR_X], 4);
    cr_assert_eq(ram[M8_CURSOR_Y], 18);
}

Test(text, cursor_home_after_xy_print)
{
    P("a", 10, 20, 7);
    m8_text_print(ram, "b", 1, 0, 0, 0, 0, 0, NULL, NULL);
    check_glyph('b', 10, 26, 1, 1, 7, 0);
    /* newline returns to the home x of the cursor mode too */
    m8_text_print(ram, "c\nd", 3, 0, 0, 0, 0, 0, NULL, NULL);
    check_glyph('c', 10, 32, 1, 1, 7, 0);
    check_glyph('d', 10, 38, 1, 1, 7, 0);
}

Test(text, newline_return_cr_backspace)
{
    int yend;
    int r = m8_text_print(ram, "ab\nc", 4, 1, 10, 20, 1, 7, NULL, &yend);
    cr_assert_eq(r, 18);
    check_glyph('c', 10, 26, 1, 1, 7, 0);
    cr_assert_eq(yend, 32);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("ab\rc", 0, 0, 7);
    check_glyph_on('c', 0, 0, 7);
    check_glyph_on('a', 0, 0, 7);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("ab\bc", 0, 0, 7);
    check_glyph('a', 0, 0, 1, 1, 7, 0);
    check_glyph_on('c', 4, 0, 7);          /* over the 'b' */
    cr_assert_eq(pix(8, 0), 0);
}

Test(text, cursor_shifts)
{
    P("\x03ka", 0, 0, 7);          /* k = 20 -> +4 */
    check_glyph('a', 4, 0, 1, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("\x04ha", 0, 10, 7);         /* h = 17 -> +1 */
    check_glyph('a', 0, 11, 1, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("\x05ija", 0, 10, 7);        /* +2, +3 */
    check_glyph('a', 2, 13, 1, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("\x05" "00a", 40, 40, 7);    /* -16, -16 */
    check_glyph('a', 24, 24, 1, 1, 7, 0);
}

Test(text, jump_home_sethome)
{
    P("\x06j23a", 0, 0, 7);
    check_glyph('a', 8, 12, 1, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("ab\x06gc", 20, 30, 7);
    check_glyph_on('c', 20, 30, 7);
    cr_assert_eq(pix(24, 40), 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("a\x06hb\nc", 20, 30, 7);
    check_glyph('b', 24, 30, 1, 1, 7, 0);
    check_glyph('c', 24, 36, 1, 1, 7, 0);
}

Test(text, tabs)
{
    P("a\tb", 0, 0, 7);
    check_glyph('b', 16, 0, 1, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("\x06s8a\tb\tc", 0, 0, 7);
    check_glyph('b', 8, 0, 1, 1, 7, 0);
    check_glyph('c', 16, 0, 1, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    cr_assert_eq(P("abcd\tb", 0, 0, 7), 36);   /* 16 -> 32 */
}

Test(text, repeat)
{
    int r = P("\x01" "3a", 0, 0, 7);
    cr_assert_eq(r, 12);
    check_glyph('a', 0, 0, 1, 1, 7, 0);
    check_glyph('a', 4, 0, 1, 1, 7, 0);
    check_glyph('a', 8, 0, 1, 1, 7, 0);
    cr_assert_eq(count_nonzero(), 3 * glyph_pop('a'));
    cr_assert_eq(P("\x01" "0ab", 0, 40, 7), 4);
}

Test(text, char_size_commands)
{
    cr_assert_eq(P("\x06x6ab", 0, 0, 7), 12);
    check_glyph('b', 6, 0, 1, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("\x06y8a\nb", 0, 0, 7);
    check_glyph('b', 0, 8, 1, 1, 7, 0);
}

Test(text, right_wrap_border)
{
    P("\x06r4abcde", 0, 0, 7);
    check_glyph('d', 12, 0, 1, 1, 7, 0);
    check_glyph('e', 0, 6, 1, 1, 7, 0);
}

Test(text, scroll_in_cursor_mode)
{
    m8_surface_write(ram, M8_SCREEN, 50, 10, 9);
    ram[M8_CURSOR_X] = 0;
    ram[M8_CURSOR_Y] = 120;
    m8_text_print(ram, "a", 1, 0, 0, 0, 1, 7, NULL, NULL);
    /* the newline went below 122: everything moved up 6 rows */
    cr_assert_eq(ram[M8_CURSOR_Y], 120);
    cr_assert_eq(pix(50, 4), 9);
    cr_assert_eq(pix(50, 10), 0);
    check_glyph('a', 0, 114, 1, 1, 7, 0);
    for (int x = 0; x < 128; x++)
        for (int y = 120; y < 128; y++) cr_assert_eq(pix(x, y), 0);
}

Test(text, no_scroll_flag_and_xy_mode)
{
    m8_surface_write(ram, M8_SCREEN, 50, 10, 9);
    ram[M8_MISC_FLAGS] = M8_MISC_NO_SCROLL;
    ram[M8_CURSOR_Y] = 120;
    m8_text_print(ram, "a", 1, 0, 0, 0, 1, 7, NULL, NULL);
    cr_assert_eq(ram[M8_CURSOR_Y], 126);
    cr_assert_eq(pix(50, 10), 9);
    check_glyph('a', 0, 120, 1, 1, 7, 0);
    /* printing at coordinates never scrolls */
    ram[M8_MISC_FLAGS] = 0;
    P("b", 20, 120, 7);
    cr_assert_eq(pix(50, 10), 9);
    check_glyph('b', 20, 120, 1, 1, 7, 0);
}

Test(text, custom_font)
{
    ram[M8_FONT + 0] = 5;    /* width < 128 */
    ram[M8_FONT + 1] = 9;    /* width >= 128 */
    ram[M8_FONT + 2] = 9;    /* height */
    static const uint8_t g[8] = {0xff, 0x81, 0x42, 0x24, 0x18, 0x3c, 0x7e, 0x80};
    memcpy(ram + M8_FONT + 8 * 'a', g, 8);
    int r = P("\x0e" "a", 10, 20, 7);
    cr_assert_eq(r, 15);
    for (int rr = 0; rr < 8; rr++)
        for (int k = 0; k < 8; k++)
            cr_assert_eq(pix(10 + k, 20 + rr), ((g[rr] >> k) & 1) ? 7 : 0);
    cr_assert_eq(ram[M8_CURSOR_Y], 29);
    /* \015 switches back to the built-in font in the same string */
    memset(ram + M8_SCREEN, 0, 0x2000);
    cr_assert_eq(P("\x0e" "a\x0f" "a", 10, 20, 7), 19);
    check_glyph_on('a', 15, 20, 7);
    /* default attribute 0x80 selects the custom font; draw offsets 0x5603/0x5604 */
    memset(ram + M8_SCREEN, 0, 0x2000);
    ram[M8_PRINT_ATTRS] = 0x81;
    ram[M8_FONT + 3] = 1;
    ram[M8_FONT + 4] = 2;
    P("a", 10, 20, 7);
    for (int rr = 0; rr < 8; rr++)
        for (int k = 0; k < 8; k++)
            cr_assert_eq(pix(11 + k, 22 + rr), ((g[rr] >> k) & 1) ? 7 : 0);
}

Test(text, custom_font_adjustments)
{
    ram[M8_FONT + 0] = 4;
    ram[M8_FONT + 2] = 6;
    ram[M8_FONT + 5] = 1;                   /* per-char adjustments on */
    ram[M8_FONT + 8 * 'a'] = 1;             /* one pixel, row 0 col 0 */
    /* 'a' = 97: nibble index 81 -> byte 0x5608 + 40, high nibble */
    ram[M8_FONT + 8 + 40] = 0x90;           /* width +1, one pixel higher */
    int r = P("\x0e" "aa", 10, 20, 7);
    cr_assert_eq(r, 20);
    cr_assert_eq(pix(10, 19), 7);
    cr_assert_eq(pix(15, 19), 7);
    cr_assert_eq(count_nonzero(), 2);
    /* width delta 4 means -4 */
    ram[M8_FONT + 8 + 40] = 0x40;
    cr_assert_eq(P("\x0e" "aa", 10, 40, 7), 10);
}

Test(text, one_off_glyphs)
{
    static const uint8_t cat[8] = {0x44, 0x7c, 0xb6, 0x7c, 0x3e, 0x7f, 0x01, 0x06};
    int r = P("\x06:447cb67c3e7f0106b", 10, 20, 7);
    cr_assert_eq(r, 22);
    for (int rr = 0; rr < 8; rr++)
        for (int k = 0; k < 8; k++)
            cr_assert_eq(pix(10 + k, 20 + rr), ((cat[rr] >> k) & 1) ? 7 : 0);
    check_glyph('b', 18, 20, 1, 1, 7, 0);
    /* raw form */
    memset(ram + M8_SCREEN, 0, 0x2000);
    const char raw[] = "\x06.\x44\x7c\xb6\x7c\x3e\x7f\x01\x06";
    m8_text_print(ram, raw, (int)sizeof raw - 1, 1, 10, 20, 1, 7, NULL, NULL);
    for (int rr = 0; rr < 8; rr++)
        for (int k = 0; k < 8; k++)
            cr_assert_eq(pix(10 + k, 20 + rr), ((cat[rr] >> k) & 1) ? 7 : 0);
}

Test(text, raw_pokes)
{
    P("\x06@43000003xyzab", 0, 0, 7);
    cr_assert_eq(ram[0x4300], 'x');
    cr_assert_eq(ram[0x4301], 'y');
    cr_assert_eq(ram[0x4302], 'z');
    cr_assert_eq(ram[0x4303], 0);
    check_glyph('a', 0, 0, 1, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("\x06!4400hello", 0, 0, 7);
    cr_assert_eq(memcmp(ram + 0x4400, "hello", 5), 0);
    cr_assert_eq(count_nonzero(), 0);
}

Test(text, clip_and_camera)
{
    ram[M8_CLIP_X1] = 12;
    P("a", 10, 20, 7);
    for (int r = 0; r < 6; r++)
        for (int k = 0; k < 4; k++)
            cr_assert_eq(pix(10 + k, 20 + r), (k < 2 && gbit('a', k, r)) ? 7 : 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    ram[M8_CLIP_X1] = 128;
    m8_poke_16(ram, M8_CAMERA_X, 5);
    m8_poke_16(ram, M8_CAMERA_Y, (uint16_t)-3);
    int r = P("a", 15, 17, 7);
    check_glyph('a', 10, 20, 1, 1, 7, 0);
    cr_assert_eq(r, 19);           /* cursor coordinates, camera not applied */
    cr_assert_eq(count_nonzero(), glyph_pop('a'));
}

typedef struct rec {
    char audio[64];
    int audio_len, audio_calls;
    int waits[8], nwaits;
} rec;

/* Takes the audio command to be everything up to the first 'z' (the real parser is the
 * synth's); returns -1 when the string has no 'z' (engine's own skip rule). */
static int rec_audio(void *u, const char *s, int len)
{
    rec *r = u;
    if (len > 63) len = 63;
    memcpy(r->audio, s, (size_t)len);
    r->audio[len] = 0;
    r->audio_len = len;
    r->audio_calls++;
    const char *z = memchr(s, 'z', (size_t)len);
    return z ? (int)(z - s) : -1;
}

static void rec_wait(void *u, int frames)
{
    rec *r = u;
    if (r->nwaits < 8) r->waits[r->nwaits++] = frames;
}

Test(text, audio_hook)
{
    rec rc;
    memset(&rc, 0, sizeof rc);
    m8_text_hooks h = {&rc, rec_audio, rec_wait};
    /* the hook sees the rest of the string; -1 = skip to the next space */
    const char *s = "a\x07" "s4x5c1eg b";
    int r = m8_text_print(ram, s, (int)strlen(s), 1, 0, 0, 1, 7, &h, NULL);
    cr_assert_eq(rc.audio_calls, 1);
    cr_assert_str_eq(rc.audio, "s4x5c1eg b");
    check_glyph('a', 0, 0, 1, 1, 7, 0);
    check_glyph('b', 8, 0, 1, 1, 7, 0);
    cr_assert_eq(r, 12);
    /* the hook's count decides where printing resumes */
    memset(ram + M8_SCREEN, 0, 0x2000);
    s = "\x07" "ce-gzb";
    r = m8_text_print(ram, s, (int)strlen(s), 1, 0, 0, 1, 7, &h, NULL);
    cr_assert_eq(rc.audio_calls, 2);
    cr_assert_str_eq(rc.audio, "ce-gzb");
    check_glyph('z', 0, 0, 1, 1, 7, 0);
    check_glyph('b', 4, 0, 1, 1, 7, 0);
    cr_assert_eq(r, 8);
    /* no hooks: skipped up to the space */
    memset(ram + M8_SCREEN, 0, 0x2000);
    cr_assert_eq(P("\x07" "ce-g b", 0, 40, 7), 8);
    check_glyph('b', 4, 40, 1, 1, 7, 0);
}

Test(text, wait_hook)
{
    rec rc;
    memset(&rc, 0, sizeof rc);
    m8_text_hooks h = {&rc, NULL, rec_wait};
    const char *s = "\x06" "3\x06" "d2ab";
    m8_text_print(ram, s, (int)strlen(s), 1, 0, 0, 1, 7, &h, NULL);
    cr_assert_eq(rc.nwaits, 3);
    cr_assert_eq(rc.waits[0], 4);
    cr_assert_eq(rc.waits[1], 2);
    cr_assert_eq(rc.waits[2], 2);
    check_glyph('b', 4, 0, 1, 1, 7, 0);
}

Test(text, decoration)
{
    int r = P("a\x0b" "7,b", 10, 20, 7);
    /* comma drawn at (last x + 1, last y - 7) */
    for (int rr = 0; rr < 5; rr++)
        for (int k = 0; k < 3; k++)
            if (gbit(',', k, rr)) cr_assert_eq(pix(11 + k, 13 + rr), 7);
    check_glyph('b', 14, 20, 1, 1, 7, 0);
    cr_assert_eq(r, 18);
    /* the comma lies above the cell of 'a': no overlap */
    cr_assert_eq(count_nonzero(), glyph_pop('a') + glyph_pop(',') + glyph_pop('b'));
}

Test(text, cls_command)
{
    P("\x06" "c1a", 40, 40, 7);
    check_glyph('a', 0, 0, 1, 1, 7, 1);
    cr_assert_eq(pix(127, 127), 1);
    cr_assert_eq(pix(60, 60), 1);
}

Test(text, default_attributes)
{
    ram[M8_PRINT_ATTRS] = 0x01 | 0x04;          /* wide */
    cr_assert_eq(P("a", 10, 20, 7), 18);
    check_glyph('a', 10, 20, 2, 1, 7, 0);
    memset(ram + M8_SCREEN, 0, 0x2000);
    cr_assert_eq(P("\x06-wa", 10, 20, 7), 14);   /* attributes are per call, disable works */
    memset(ram + M8_SCREEN, 0, 0x2000);
    ram[M8_PRINT_ATTRS] = 0x04;                 /* bit 0 clear: ignored */
    cr_assert_eq(P("a", 10, 20, 7), 14);
    /* char_w / char_h nibbles at 0x5f59 */
    ram[M8_PRINT_ATTRS] = 0x01;
    ram[M8_PRINT_CHAR_SIZE] = 0x85;
    P("ab\nc", 0, 40, 7);
    check_glyph('b', 5, 40, 1, 1, 7, 0);
    check_glyph('c', 0, 48, 1, 1, 7, 0);
    /* default attributes: solid background, padding bit off */
    memset(ram + M8_SCREEN, 0, 0x2000);
    ram[M8_PRINT_CHAR_SIZE] = 0;
    ram[M8_PRINT_ATTRS] = 0x11;
    P("a", 10, 20, 7);
    cr_assert_eq(count_nonzero(), glyph_pop('a'));  /* background colour 0 */
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("\x02" "2a", 10, 20, 7);
    check_glyph('a', 10, 20, 1, 1, 7, 2);
    cr_assert_eq(pix(9, 19), 0);
}

Test(text, bitplane_mask_through_plot)
{
    ram[M8_BITPLANE_MASK] = 0xf1;                  /* write bit 0 only */
    P("a", 10, 20, 7);
    check_glyph('a', 10, 20, 1, 1, 1, 0);
}

Test(text, width_helper)
{
    static uint8_t copy[M8_RAM_SIZE];
    memcpy(copy, ram, sizeof ram);
    cr_assert_eq(m8_text_width(ram, "hoge", 4), 16);
    cr_assert_eq(m8_text_width(ram, "\x06whoge", 6), 32);
    cr_assert_eq(m8_text_width(ram, "ab\nabc", 6), 12);
    cr_assert_eq(m8_text_width(ram, "", 0), 0);
    cr_assert_eq(m8_text_width(ram, "\x06@43000001x", 11), 0);
    cr_assert_eq(memcmp(copy, ram, sizeof ram), 0);
}

Test(text, console_fills_then_scrolls)
{
    char line[4] = {0, 0, 0, 0};
    for (int i = 0; i < 25; i++) {
        line[0] = (char)('a' + i);
        m8_text_print(ram, line, 1, 0, 0, 0, 1, 7, NULL, NULL);
    }
    /* 21 lines fit (y 0..120); each later line scrolls by 6: 'y' ends at y=114 */
    cr_assert_eq(ram[M8_CURSOR_Y], 120);
    check_glyph('y', 0, 114, 1, 1, 7, 0);
    check_glyph('x', 0, 108, 1, 1, 7, 0);
    check_glyph('f', 0, 0, 1, 1, 7, 0);     /* 5 scrolls of 6 rows: 'a'..'e' are gone */
}

Test(text, cursor_left_off_screen_does_not_wipe)
{
    P("a", 10, 20, 7);
    P("b", 0, -20, 7);                   /* cursor y -> -14 & 255 = 242 */
    cr_assert_eq(ram[M8_CURSOR_Y], 242);
    m8_text_print(ram, "c", 1, 0, 0, 0, 0, 0, NULL, NULL);
    check_glyph('a', 10, 20, 1, 1, 7, 0);
}

Test(text, wide_background_and_repeat_newline)
{
    P("\x06w\x02" "3a", 10, 20, 7);
    for (int y = 18; y <= 26; y++)
        for (int x = 8; x <= 19; x++) {
            int inside = x >= 9 && x <= 17 && y >= 19 && y <= 25;
            int want = !inside ? 0 : (x >= 10 && gbit('a', (x - 10) / 2, y - 20)) ? 7 : 3;
            cr_assert_eq(pix(x, y), want, "(%d,%d)", x, y);
        }
    memset(ram + M8_SCREEN, 0, 0x2000);
    P("a\x01" "3\nb", 0, 0, 7);
    check_glyph('b', 0, 18, 1, 1, 7, 0);
}

/* --- the Lua binding (api/api_text.c), through the embedding API --- */

static void collect(void *user, const char *text)
{
    char *buf = user;
    size_t n = strlen(buf);
    snprintf(buf + n, 1024 - n, "%s\n", text);
}

Test(text, resumable_steps)
{
    const char *s = "a\x06" "2\x06" "wb\x06" "d1cd";
    int len = (int)strlen(s);
    m8_text_state st, copy;
    m8_text_begin(&st, ram, 1, 0, 0, 1, 7, NULL);
    cr_assert_eq(m8_text_step(&st, s, len), 2);      /* \^2: stops after 'a' */
    check_glyph('a', 0, 0, 1, 1, 7, 0);
    cr_assert_eq(count_nonzero(), glyph_pop('a'));
    /* the state is plain data: a copy goes on where the original stopped */
    copy = st;
    memset(&st, 0xff, sizeof st);
    cr_assert_eq(m8_text_step(&copy, s, len), 1);    /* \^d1 (after 'b'): after 'c' */
    check_glyph('b', 4, 0, 2, 1, 7, 0);
    check_glyph('c', 12, 0, 2, 1, 7, 0);
    cr_assert_eq(count_nonzero(), glyph_pop('a') + 2 * glyph_pop('b') + 2 * glyph_pop('c'));
    cr_assert_eq(m8_text_step(&copy, s, len), 1);    /* after 'd': the last char too */
    cr_assert_eq(m8_text_step(&copy, s, len), 0);
    cr_assert_eq(m8_text_step(&copy, s, len), 0);    /* finished stays finished */
    int y;
    cr_assert_eq(m8_text_end(&copy, &y), 28);
    cr_assert_eq(y, 6);
    cr_assert_eq(ram[M8_CURSOR_X], 0);
    cr_assert_eq(ram[M8_CURSOR_Y], 6);
    check_glyph('d', 20, 0, 2, 1, 7, 0);
    /* measuring never stops */
    cr_assert_eq(m8_text_width(ram, s, len), 28);
    /* a \* repeat is drawn one char per step when there is a delay */
    memset(ram + M8_SCREEN, 0, 0x2000);
    s = "\x06" "d3\x01" "3x";
    m8_text_begin(&st, ram, 1, 0, 20, 1, 7, NULL);
    for (int k = 0; k < 3; k++) {
        cr_assert_eq(m8_text_step(&st, s, (int)strlen(s)), 3);
        cr_assert_eq(count_nonzero(), (k + 1) * glyph_pop('x'));
    }
    cr_assert_eq(m8_text_step(&st, s, (int)strlen(s)), 0);
    cr_assert_eq(m8_text_end(&st, NULL), 12);
}

Test(text, lua_print_binding)
{
    static char out[1024];
    out[0] = 0;
    const char *cart =
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
        "printh(print(\"hoge\",0,-20))\n"   /* 16 */
        "printh(print(12,0,-20))\n"         /* "12" -> 8 */
        "printh(print(true,0,-20))\n"       /* "true" -> 16 */
        "printh(print(nil,0,-20))\n"        /* "[nil]" -> 20 */
        "printh(print(0.5,0,-20))\n"        /* "0.5" -> 12 */
        "print(\"b\",10,20,11)\n"            /* x,y form: cursor to the line below */
        "printh(peek(0x5f25)..\" \"..peek(0x5f26)..\" \"..peek(0x5f27))\n"
        "print(\"a\",9)\n"                  /* cursor form with colour */
        "printh(peek(0x5f25)..\" \"..peek(0x5f26)..\" \"..peek(0x5f27))\n";
    mote8_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.platform.printh = collect;
    cfg.platform.user = out;
    mote8 *m = mote8_create(&cfg);
    cr_assert_not_null(m);
    cr_assert_eq(mote8_load_cart(m, cart, strlen(cart), "print.p8"), 0, "%s", mote8_error(m));
    mote8_input in;
    memset(&in, 0, sizeof in);
    int st = mote8_tick(m, &in);
    cr_assert_neq(st, MOTE8_ERROR, "%s", mote8_error(m));
    cr_assert_str_eq(out, "16\n8\n16\n20\n12\n11 10 26\n9 10 32\n");
    mote8_destroy(m);
}
