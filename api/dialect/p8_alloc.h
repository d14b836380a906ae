/* p8_alloc.h - the one allocator of the dialect's lexer and translator. Out of memory is a
 * translation error ("out of memory", the translation's buffers freed), never an abort:
 * p8_lex.c and p8_translate.c call m8_dialect_alloc_failed(), which jumps back to their
 * entry point. m8_dialect_realloc is libc's realloc; a test may put a failing one there.
 * Depends on: <stddef.h> only (implemented in p8_lex.c). */
#ifndef M8_P8_ALLOC_H
#define M8_P8_ALLOC_H

#include <stddef.h>

/* realloc(p, n) of the dialect: libc's unless a test replaced it. NULL = out of memory. */
extern void *(*m8_dialect_realloc)(void *p, size_t n);

#endif
