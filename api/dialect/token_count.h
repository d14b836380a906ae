/* token_count.h - PICO-8's token count of cart code (reference 6.4, editor limit 8192).
 * Depends on: nothing. */
#ifndef M8_TOKEN_COUNT_H
#define M8_TOKEN_COUNT_H

#include <stddef.h>

#define M8_TOKEN_LIMIT 8192

/* Tokens of P8SCII code: every name, literal, operator, keyword and opening bracket counts
 * 1, except , . : ; :: ) ] } end local and comments, and a - or ~ glued to a number where it
 * cannot be a binary operator. Returns the count, or -1 if the code does not lex (line in
 * *err_line when not NULL). */
int m8_count_tokens(const char *code, size_t len, int *err_line);

#endif
