/* fuzz_cart_image.c - libFuzzer target: the binary cart decoders on any bytes: the sniffing
 * reader (.p8.png pictures and .p8.rom images), and the PXA and legacy (:c:) code
 * decompressors directly. Seeds: tests/fuzz/corpus/cart_image. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "cart.h"
#include "cart_codec.h"
#include "code_legacy.h"
#include "pxa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    m8_cart cart;
    m8_cart_error err;
    m8_cart_read_any(&cart, data, size, "fuzz.p8.png", &err, NULL);
    m8_cart_free(&cart);                /* the readers leave a cart to free either way */
    char msg[256];
    size_t out = 0;
    free(m8_pxa_decompress(data, size, &out, msg, sizeof msg));
    free(m8_legacy_decompress(data, size, &out, msg, sizeof msg));
    return 0;
}
