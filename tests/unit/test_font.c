/* test_font.c - Criterion suite "font": shape rules for the built-in font table
 * m8_font_glyphs (runtime/core/font_data.c, generated from tools/font_art.txt): control
 * codes empty, every printable glyph inked, glyphs inside their 3x5 / 7x5 boxes, ASCII
 * glyphs pairwise distinct, and the two alphabets (a-z vs puny A-Z) told apart. */
#include <criterion/criterion.h>
#include <string.h>

#include "font.h"

static int glyph_ink(int c)
{
    int n = 0;
    for (int y = 0; y < 8; y++)
        n += __builtin_popcount(m8_font_glyphs[c][y]);
    return n;
}

Test(font, control_codes_are_empty)
{
    for (int c = 0; c < 16; c++)
        for (int y = 0; y < 8; y++)
            cr_expect_eq(m8_font_glyphs[c][y], 0, "char %d row %d = 0x%02x", c, y,
                         m8_font_glyphs[c][y]);
}

Test(font, every_printable_glyph_has_ink)
{
    cr_expect_eq(glyph_ink(32), 0, "space must be blank");
    for (int c = 16; c < 256; c++)
        if (c != 32)
            cr_expect_gt(glyph_ink(c), 0, "char %d has no pixel", c);
}

Test(font, narrow_glyphs_fit_3x5)
{
    for (int c = 16; c < 128; c++) {
        for (int y = 0; y < 5; y++)
            cr_expect_eq(m8_font_glyphs[c][y] & ~0x07, 0, "char %d row %d wider than 3", c, y);
        for (int y = 5; y < 8; y++)
            cr_expect_eq(m8_font_glyphs[c][y], 0, "char %d uses row %d", c, y);
    }
}

Test(font, wide_glyphs_fit_7x5)
{
    for (int c = 128; c < 256; c++) {
        for (int y = 0; y < 5; y++)
            cr_expect_eq(m8_font_glyphs[c][y] & ~0x7f, 0, "char %d row %d wider than 7", c, y);
        for (int y = 5; y < 8; y++)
            cr_expect_eq(m8_font_glyphs[c][y], 0, "char %d uses row %d", c, y);
    }
}

Test(font, printable_ascii_glyphs_are_distinct)
{
    for (int a = 33; a < 127; a++)
        for (int b = a + 1; b < 127; b++)
            cr_expect(memcmp(m8_font_glyphs[a], m8_font_glyphs[b], 8) != 0,
                      "chars %d '%c' and %d '%c' have the same glyph", a, a, b, b);
}

Test(font, lower_and_upper_case_differ)
{
    for (int c = 'a'; c <= 'z'; c++)
        cr_expect(memcmp(m8_font_glyphs[c], m8_font_glyphs[c - 32], 8) != 0,
                  "'%c' and '%c' share a glyph", c, c - 32);
}

Test(font, full_block_and_shades)
{
    for (int y = 0; y < 5; y++)
        cr_expect_eq(m8_font_glyphs[128][y], 0x7f, "full block row %d", y);   /* █ */
    cr_expect_lt(glyph_ink(132), glyph_ink(129), "light shade lighter than medium shade");
    cr_expect_lt(glyph_ink(129), glyph_ink(128), "medium shade lighter than full block");
}
