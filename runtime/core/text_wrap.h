/* text_wrap.h - where to break a line of text that is wider than the console: at a space,
 * never inside a word unless the word alone is wider than a line (the error screen).
 * Depends on: libc. */
#ifndef M8_TEXT_WRAP_H
#define M8_TEXT_WRAP_H

#include <stddef.h>

/* The first line of s[0..n) at most `cols` characters wide (cols >= 1): returns how many
 * characters it shows (trailing spaces left out) and sets *next to where the following line
 * starts (after the break's spaces, or after a '\n'). A line ends at a '\n', else after the
 * last space that lets it fit, else (a word longer than a line) after `cols` characters.
 * n == 0 gives 0 and *next = 0. */
size_t m8_text_wrap(const char *s, size_t n, size_t cols, size_t *next);

#endif
