/* test_p8scii.c - Criterion suite "p8scii": the P8SCII <-> UTF-8 mapping of reference 4.9.
 * Depends on: runtime/core/p8scii.c, Criterion. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "p8scii.h"

/* UTF-8 -> P8SCII of a NUL-free literal; checks the exact bytes. */
static void expect_p8(const char *utf8, const char *p8, size_t p8_len)
{
    size_t n = 0;
    char *out = m8_utf8_to_p8scii(utf8, strlen(utf8), &n);
    cr_assert_not_null(out);
    cr_assert_eq(n, p8_len, "\"%s\": got %zu bytes, want %zu", utf8, n, p8_len);
    cr_assert_eq(memcmp(out, p8, p8_len), 0, "\"%s\": wrong bytes", utf8);
    cr_assert_eq(out[n], '\0');
    free(out);
}

/* P8SCII -> UTF-8; checks the exact text. */
static void expect_utf8(const char *p8, size_t p8_len, const char *utf8)
{
    size_t n = 0;
    char *out = m8_p8scii_to_utf8(p8, p8_len, &n);
    cr_assert_not_null(out);
    cr_assert_eq(n, strlen(utf8), "got %zu bytes, want %zu (%s)", n, strlen(utf8), utf8);
    cr_assert_eq(memcmp(out, utf8, n), 0, "wrong text, want %s", utf8);
    free(out);
}

/* One glyph both ways. */
static void both_ways(unsigned char b, const char *utf8)
{
    char p8[1] = { (char)b };
    expect_utf8(p8, 1, utf8);
    expect_p8(utf8, p8, 1);
}

Test(p8scii, ascii_is_identity)
{
    const char *s = "print(\"Hello, World!\") -- ~`{}|";
    expect_p8(s, s, strlen(s));
    expect_utf8(s, strlen(s), s);
    expect_p8("\t\n\r", "\t\n\r", 3);
}

Test(p8scii, control_range_glyphs)
{
    both_ways(0x01, "\xc2\xb9");         /* ¹ U+00B9 */
    both_ways(0x04, "\xe2\x81\xb4");     /* ⁴ U+2074 */
    both_ways(0x08, "\xe2\x81\xb8");     /* ⁸ U+2078 */
    both_ways(0x0b, "\xe1\xb5\x87");     /* ᵇ U+1D47 */
    both_ways(0x10, "\xe2\x96\xae");     /* ▮ U+25AE */
    both_ways(0x1a, "\xc2\xa5");         /* ¥ U+00A5 */
    both_ways(0x1f, "\xe3\x82\x9c");     /* ゜ U+309C */
    both_ways(0x7f, "\xe2\x97\x8b");     /* ○ U+25CB */
}

Test(p8scii, high_glyphs)
{
    both_ways(0x80, "\xe2\x96\x88");         /* █ U+2588 */
    both_ways(0x82, "\xf0\x9f\x90\xb1");     /* 🐱 U+1F431 */
    both_ways(0x89, "\xec\x9b\x83");         /* 웃 U+C6C3 */
    both_ways(0x8c, "\xf0\x9f\x98\x90");     /* 😐 U+1F610 */
    both_ways(0x97, "\xe2\x9d\x8e");         /* ❎ U+274E (no U+FE0F) */
    both_ways(0x99, "\xe2\x96\xa5");         /* ▥ U+25A5 */
    both_ways(0xfe, "\xe2\x97\x9c");         /* ◜ U+25DC */
    both_ways(0xff, "\xe2\x97\x9d");         /* ◝ U+25DD */
}

Test(p8scii, emoji_with_variation_selector)
{
    both_ways(0x83, "\xe2\xac\x87\xef\xb8\x8f");     /* ⬇️ */
    both_ways(0x8b, "\xe2\xac\x85\xef\xb8\x8f");     /* ⬅️ */
    both_ways(0x8e, "\xf0\x9f\x85\xbe\xef\xb8\x8f"); /* 🅾️ */
    both_ways(0x91, "\xe2\x9e\xa1\xef\xb8\x8f");     /* ➡️ */
    both_ways(0x94, "\xe2\xac\x86\xef\xb8\x8f");     /* ⬆️ */
    /* accepted without the U+FE0F too */
    expect_p8("\xe2\xac\x87x", "\x83x", 2);
    expect_p8("\xf0\x9f\x85\xbe", "\x8e", 1);
}

Test(p8scii, kana_ranges)
{
    both_ways(0x9a, "\xe3\x81\x82"); /* あ U+3042 */
    both_ways(0x9b, "\xe3\x81\x84"); /* い U+3044 */
    both_ways(0xc7, "\xe3\x82\x93"); /* ん U+3093 */
    both_ways(0xc8, "\xe3\x81\xa3"); /* っ U+3063 */
    both_ways(0xcb, "\xe3\x82\x87"); /* ょ U+3087 */
    both_ways(0xcc, "\xe3\x82\xa2"); /* ア U+30A2 */
    both_ways(0xf9, "\xe3\x83\xb3"); /* ン U+30F3 */
    both_ways(0xfa, "\xe3\x83\x83"); /* ッ U+30C3 */
    both_ways(0xfd, "\xe3\x83\xa7"); /* ョ U+30E7 */
}

Test(p8scii, italic_letters_map_to_upper_case)
{
    expect_p8("\xf0\x9d\x98\xa2", "A", 1);            /* 𝘢 U+1D622 */
    expect_p8("\xf0\x9d\x98\xbb", "Z", 1);            /* 𝘻 U+1D63B */
    expect_p8("x\xf0\x9d\x98\xa8y", "xGy", 3);        /* 𝘨 U+1D628 */
}

Test(p8scii, unknown_sequences_copied_byte_for_byte)
{
    expect_p8("caf\xc3\xa9", "caf\xc3\xa9", 5);               /* é: no P8SCII glyph */
    expect_p8("\xef\xb8\x8f", "\xef\xb8\x8f", 3);             /* lone U+FE0F */
    expect_p8("a\xff" "b", "a\xff" "b", 3);                    /* not UTF-8 */
    expect_p8("\xe2\x96", "\xe2\x96", 2);                      /* truncated sequence */
    expect_p8("\xc0\x80", "\xc0\x80", 2);                      /* overlong NUL */
}

Test(p8scii, mixed_line)
{
    /* ?"⬅️➡️ ♥" with a kana word */
    expect_p8("?\"\xe2\xac\x85\xef\xb8\x8f\xe2\x9e\xa1\xef\xb8\x8f \xe2\x99\xa5\xe3\x81\x82\"",
              "?\"\x8b\x91 \x87\x9a\"", 8);
}

Test(p8scii, every_byte_round_trips)
{
    char all[512];
    for (int i = 0; i < 256; i++) { all[i] = (char)i; all[511 - i] = (char)i; }
    size_t un = 0, pn = 0;
    char *u = m8_p8scii_to_utf8(all, sizeof all, &un);
    cr_assert_not_null(u);
    char *p = m8_utf8_to_p8scii(u, un, &pn);
    cr_assert_not_null(p);
    cr_assert_eq(pn, sizeof all);
    cr_assert_eq(memcmp(p, all, sizeof all), 0);
    free(u);
    free(p);
}

Test(p8scii, raw_bytes_round_trip_after_first_read)
{
    /* bytes copied raw on input are written as glyphs and read back as the same bytes */
    const char *in = "caf\xc3\xa9 \xff";
    size_t pn = 0, un = 0, qn = 0;
    char *p = m8_utf8_to_p8scii(in, strlen(in), &pn);
    char *u = m8_p8scii_to_utf8(p, pn, &un);
    char *q = m8_utf8_to_p8scii(u, un, &qn);
    cr_assert_eq(qn, pn);
    cr_assert_eq(memcmp(p, q, pn), 0);
    free(p);
    free(u);
    free(q);
}

Test(p8scii, empty_and_nul)
{
    size_t n = 99;
    char *out = m8_utf8_to_p8scii("", 0, &n);
    cr_assert_not_null(out);
    cr_assert_eq(n, 0);
    free(out);
    out = m8_p8scii_to_utf8("a\0b", 3, &n);
    cr_assert_eq(n, 3);
    cr_assert_eq(memcmp(out, "a\0b", 3), 0);
    free(out);
}
