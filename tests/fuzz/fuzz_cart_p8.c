/* fuzz_cart_p8.c - libFuzzer target: the .p8 text reader (m8_cart_read_p8) on any bytes,
 * then the code location lookup the error reports use. Seeds: tests/fuzz/corpus/cart_p8. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    m8_cart cart;
    m8_cart_error err;
    if (m8_cart_read_p8(&cart, text, size, &err) == 0) {
        int tab, line;
        m8_cart_code_location(&cart, 3, &tab, &line);
        size_t len = 0;
        free(m8_cart_write_p8(&cart, &len));
    }
    m8_cart_free(&cart);                /* the reader leaves a cart to free either way */
    free(text);
    return 0;
}
