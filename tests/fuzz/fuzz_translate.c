/* fuzz_translate.c - libFuzzer target: the dialect translator (lexer and parser) on any
 * P8SCII bytes, with an #include resolver that returns the input itself (so include nesting
 * and size limits are exercised). Seeds: tests/fuzz/corpus/translate. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dialect/p8_translate.h"

typedef struct fuzz_input { const uint8_t *data; size_t size; } fuzz_input;

static char *include_self(void *ud, const char *name, size_t *len)
{
    const fuzz_input *in = ud;
    (void)name;
    char *copy = malloc(in->size + 1);
    if (!copy) return NULL;
    memcpy(copy, in->data, in->size);
    copy[in->size] = 0;
    *len = in->size;
    return copy;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    m8_translate_error err;
    size_t len = 0;
    free(m8_translate_ex((const char *)data, size, &len, &err, include_self, &in));
    return 0;
}
