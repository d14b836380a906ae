/* test_text_wrap.c - m8_text_wrap (runtime/core/text_wrap.c): lines break at spaces, a word
 * is cut only when it is longer than a line, '\n' ends a line, spaces at a break vanish. */
#include <criterion/criterion.h>
#include <string.h>
#include "text_wrap.h"

/* Every line of `s` wrapped at `cols`, joined with '|'. */
static const char *wrapped(const char *s, size_t cols)
{
    static char out[512];
    size_t n = strlen(s), at = 0, o = 0;
    int lines = 0;
    while (at < n && lines++ < 50) {
        size_t next, k = m8_text_wrap(s + at, n - at, cols, &next);
        cr_assert(next > 0, "no progress at %zu of \"%s\"", at, s);
        if (o) out[o++] = '|';
        memcpy(out + o, s + at, k);
        o += k;
        at += next;
    }
    out[o] = 0;
    return out;
}

Test(text_wrap, breaks_at_spaces_not_inside_words)
{
    cr_expect_str_eq(wrapped("attempt to call a nil value (global 'foo')", 16),
                     "attempt to call|a nil value|(global 'foo')");
    cr_expect_str_eq(wrapped("'end' expected near '<eof>'", 10), "'end'|expected|near|'<eof>'");
}

Test(text_wrap, a_word_longer_than_a_line_is_cut)
{
    cr_expect_str_eq(wrapped("see /a/very/long/path/name.p8 now", 10), "see|/a/very/lo|ng/path/na|me.p8 now");
    cr_expect_str_eq(wrapped("abcdefghij", 4), "abcd|efgh|ij");
}

Test(text_wrap, newlines_and_spaces)
{
    cr_expect_str_eq(wrapped("one\ntwo three", 20), "one|two three");
    cr_expect_str_eq(wrapped("abcd    \nef", 4), "abcd|ef");     /* the break eats the '\n' */
    cr_expect_str_eq(wrapped("ab\n\ncd", 4), "ab||cd");           /* an empty line stays */
    cr_expect_str_eq(wrapped("  indented line", 20), "  indented line");
    cr_expect_str_eq(wrapped("exactly10c next", 10), "exactly10c|next");
}

Test(text_wrap, empty_text)
{
    size_t next = 9;
    cr_expect_eq(m8_text_wrap("", 0, 10, &next), 0);
    cr_expect_eq(next, 0);
}
