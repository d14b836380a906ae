/* code_legacy.h - the old ":c:\0" code compression of .p8.png carts before PICO-8 0.2.0
 * (reference 5.4): a byte stream of literals, a 59-character table and short back
 * references. mote8 reads it; the encoder exists so tests can build such carts.
 * Depends on: nothing. */
#ifndef M8_CODE_LEGACY_H
#define M8_CODE_LEGACY_H

#include <stddef.h>
#include <stdint.h>

#define M8_LEGACY_HEADER_SIZE 8

/* True when `in` starts with ":c:\0" (needs at least 4 bytes). */
int m8_legacy_is_legacy(const uint8_t *in, size_t in_len);

/* Decode a stream starting at its header, reading at most in_len bytes. Trailing NULs are
 * stripped, and so is the `_update60` compatibility line old PICO-8 versions appended.
 * Returns malloc'd NUL-terminated code (length in *out_len), or NULL with a message in err:
 * truncated header or stream, a back reference before the start. */
char *m8_legacy_decompress(const uint8_t *in, size_t in_len, size_t *out_len, char *err,
                           size_t errsz);

/* Encode code (at most 65535 bytes) with header; malloc'd buffer (size in *out_len) or NULL.
 * A NUL byte that no back reference covers would end the stream there (the format has no
 * other way to write one). */
uint8_t *m8_legacy_compress(const char *code, size_t len, size_t *out_len);

#endif
