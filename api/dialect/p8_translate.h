/* p8_translate.h - PICO-8 Lua dialect -> Lua 5.4 source translator (reference section 6.1).
 *
 * A real lexer (p8_lex.c) and recursive-descent parser (p8_translate.c) rewrite the cart's
 * P8SCII source into plain Lua 5.4 text. Every token stays on its original line, so Lua's
 * own error messages name the cart's line. PICO-8-only operators become calls to the global
 * helpers listed in docs/dialect.md (__m8_band, __m8_div, __m8_cat, ...), which
 * m8_translate_register_helpers (p8_runtime.h) puts into the cart's environment table.
 * Depends on: p8num.h (literal values), libc. */
#ifndef M8_P8_TRANSLATE_H
#define M8_P8_TRANSLATE_H

#include <stddef.h>

typedef struct m8_translate_error {
    int line;           /* 1-based line of the input (for an #include'd file: the #include line) */
    char message[256];  /* e.g. "'then' expected near 'x'" (no "line L:" prefix) */
    int open_line;      /* a missing 'end': the line of the block it should close, else 0 */
    char open_what[16]; /* and the block's keyword ("function", "if", "for", ...) */
} m8_translate_error;

/* #include resolver: return a malloc'd P8SCII buffer with the contents of `name` (length in
 * *len), or NULL if it cannot be read. The translator frees the buffer. */
typedef char *(*m8_include_fn)(void *ud, const char *name, size_t *len);

/* Translate src (P8SCII, len bytes, need not be NUL-terminated). Returns a malloc'd,
 * NUL-terminated Lua 5.4 source (length in *out_len) or NULL with *err filled. Line 1 of
 * the output starts with `local time <const>,sub <const>,... =time,sub,...;` (PICO-8's
 * builtin chunk locals, reference 6.3), read from the environment when the chunk starts;
 * `<const>` on each that no statement of the cart assigns.
 * `#include` lines are an error here (no resolver). */
char *m8_translate(const char *src, size_t len, size_t *out_len, m8_translate_error *err);

/* Same with an include resolver (may be NULL). An included file's whole translation is
 * placed on the #include line, so the line numbers of the including code do not move;
 * an error inside an included file reports the #include line and names the file and its
 * own line in the message. Includes nest up to 8 deep. */
char *m8_translate_ex(const char *src, size_t len, size_t *out_len, m8_translate_error *err,
                      m8_include_fn include, void *ud);

/* An #include name is checked by m8_cart_name_resolve (runtime/core/cart_names.h, a cart file name:
 * inside the cart's folder) before the resolver is called; a refused name is a tab:line
 * error naming it. Code is capped at M8_CODE_MAX_CHARS characters, includes counted (a
 * tab:line error above it). */

/* The Lua 5.4 name the translator emits for a PICO-8 identifier: bytes >= 0x80 and 0x1e/0x1f
 * become "_xHH" (lower-case hex), e.g. the glyph global "\x8b" (left arrow) -> "_x8b".
 * Writes a NUL-terminated string into out (cap bytes); returns its length (truncated to fit). */
size_t m8_translate_mangle(const char *name, size_t len, char *out, size_t cap);

#endif
