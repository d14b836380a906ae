/* p8_alloc.h - the one allocator of the dialect's lexer and translator. Out of memory is a
 * translation error ("out of memory", reported like a syntax error, the translation's
 * buffers freed), never an abort: an allocation that fails makes p8_lex.c jump back to
 * p8_lex() and p8_translate.c fail() back to m8_translate_ex(). Both pointers are libc's
 * realloc and free; a test may put a failing, counting pair there (whatever they return must
 * stay free()-able: the translation's result and an #include resolver's buffer cross over).
 * Depends on: <stddef.h> only (the pointers are defined in p8_lex.c). */
#ifndef M8_P8_ALLOC_H
#define M8_P8_ALLOC_H

#include <stddef.h>

/* realloc(p, n) of the dialect: libc's unless a test replaced it. NULL = out of memory. */
extern void *(*m8_dialect_realloc)(void *p, size_t n);

/* free(p) of the dialect, for everything it allocated or took over (an #include's text). */
extern void (*m8_dialect_free)(void *p);

#endif
