/* fuzz_png_decode.c - libFuzzer target: the web build's own PNG reader and inflate on any
 * bytes: m8_png_decode_rgba, and the same bytes as a zlib stream and as raw DEFLATE into a
 * 64 KiB buffer. Seeds: tests/fuzz/corpus/png_decode. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "inflate.h"
#include "png_decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t out[65536];
    char err[256];
    int w, h;
    free(m8_png_decode_rgba(data, size, &w, &h, err, sizeof err));
    size_t got;
    const char *why;
    m8_inflate_zlib(data, size, out, sizeof out, &got, &why);
    m8_inflate_raw(data, size, out, sizeof out, &got, NULL, &why);
    return 0;
}
