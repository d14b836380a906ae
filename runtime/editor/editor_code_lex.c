/* editor_code_lex.c - the code editor's colouring lexer: gives every byte of a tab's text a
 * colour class (keyword, API name, number, string, comment, operator, punctuation, other
 * text) by the PICO-8 dialect's rules: -- and // line comments, --[[ ]] / --[==[ ]==] block
 * comments, '...' and "..." strings with \ escapes, [[ ]] long strings, 0x / 0b numbers
 * with fractions and decimals without exponent, the operators += != \ @ $ ^^ >>> ... . It
 * never fails: code being typed (an open string, a half comment) still colours. The
 * translator's lexer (api/dialect/p8_lex.c) is not used here: it stops at the first error
 * and drops comments, and the editor colours what is on screen while it is typed.
 * Depends on: editor_code.h. */
#include <string.h>
#include "editor_code.h"

/* PICO-8's code editor look: plain text light grey, keywords pink, API names green,
 * numbers and strings light blue, comments dark grey-blue, operators peach. */
const uint8_t ed_code_class_col[ED_CC_COUNT] = {
    [ED_CC_TEXT] = 7, [ED_CC_KEYWORD] = 14, [ED_CC_API] = 11, [ED_CC_NUMBER] = 12,
    [ED_CC_STRING] = 12, [ED_CC_COMMENT] = 13, [ED_CC_OPERATOR] = 15, [ED_CC_PUNCT] = 6,
};

static const char *const keywords[] = {
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
    "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
};

static int is_keyword(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (strlen(keywords[i]) == n && memcmp(keywords[i], s, n) == 0) return 1;
    return 0;
}

static int name_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128;
}

static int digit(unsigned char c) { return c >= '0' && c <= '9'; }

static int hex_digit(unsigned char c)
{
    return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A long bracket [=*[ at code[i]: its level (number of '='), or -1. */
static int long_open(const char *code, size_t len, size_t i)
{
    if (i >= len || code[i] != '[') return -1;
    size_t j = i + 1;
    while (j < len && code[j] == '=') j++;
    return j < len && code[j] == '[' ? (int)(j - i - 1) : -1;
}

/* The end (one past the closing ]=*]) of a long bracket of `level` whose body starts at i;
 * len when it is not closed. */
static size_t long_close(const char *code, size_t len, size_t i, int level)
{
    for (; i < len; i++) {
        if (code[i] != ']') continue;
        size_t j = i + 1;
        int eq = 0;
        while (j < len && code[j] == '=') j++, eq++;
        if (eq == level && j < len && code[j] == ']') return j + 1;
    }
    return len;
}

static size_t line_end(const char *code, size_t len, size_t i)
{
    while (i < len && code[i] != '\n') i++;
    return i;
}

/* The end of a number literal starting at i. */
static size_t number_end(const char *code, size_t len, size_t i)
{
    if (code[i] == '0' && i + 1 < len && (code[i + 1] == 'x' || code[i + 1] == 'X')) {
        i += 2;
        while (i < len && (hex_digit((unsigned char)code[i]) || code[i] == '.')) i++;
        return i;
    }
    if (code[i] == '0' && i + 1 < len && (code[i + 1] == 'b' || code[i + 1] == 'B')) {
        i += 2;
        while (i < len && (code[i] == '0' || code[i] == '1' || code[i] == '.')) i++;
        return i;
    }
    int dot = 0;
    while (i < len) {
        if (digit((unsigned char)code[i])) i++;
        else if (code[i] == '.' && !dot && !(i + 1 < len && code[i + 1] == '.')) dot = 1, i++;
        else break;
    }
    return i;
}

void ed_code_colour(const char *code, size_t len, uint8_t *cls,
                    int (*is_api)(const char *name, size_t len))
{
    size_t i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)code[i];
        size_t end = i + 1;
        int k = ED_CC_TEXT;
        if ((c == '-' && i + 1 < len && code[i + 1] == '-') ||
            (c == '/' && i + 1 < len && code[i + 1] == '/')) {
            int level = c == '-' ? long_open(code, len, i + 2) : -1;
            end = level >= 0 ? long_close(code, len, i + 4 + (size_t)level, level)
                             : line_end(code, len, i);
            k = ED_CC_COMMENT;
        } else if (c == '"' || c == '\'') {
            end = i + 1;
            while (end < len && code[end] != (char)c && code[end] != '\n') {
                if (code[end] == '\\' && end + 1 < len) end++;
                end++;
            }
            if (end < len && code[end] == (char)c) end++;
            k = ED_CC_STRING;
        } else if (long_open(code, len, i) >= 0) {
            int level = long_open(code, len, i);
            end = long_close(code, len, i + 2 + (size_t)level, level);
            k = ED_CC_STRING;
        } else if (digit(c) || (c == '.' && i + 1 < len && digit((unsigned char)code[i + 1]))) {
            end = number_end(code, len, i);
            k = ED_CC_NUMBER;
        } else if (name_start(c)) {
            while (end < len && (name_start((unsigned char)code[end]) || digit((unsigned char)code[end])))
                end++;
            if (is_keyword(code + i, end - i)) k = ED_CC_KEYWORD;
            else if (is_api && (i == 0 || (code[i - 1] != '.' && code[i - 1] != ':')) &&
                     is_api(code + i, end - i))
                k = ED_CC_API;
        } else if (c && strchr("+-*/\\%^#&|~<>=!@$?", c)) {
            k = ED_CC_OPERATOR;
        } else if (c && strchr("()[]{},.;:", c)) {
            k = ED_CC_PUNCT;
        }
        if (end > len) end = len;
        memset(cls + i, k, end - i);
        i = end;
    }
}
