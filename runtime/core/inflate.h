/* inflate.h - DEFLATE (RFC 1951) and zlib (RFC 1950) decompression into a buffer of the
 * caller's (the PNG reader of png_decode.c; the web build has no zlib). Hostile input ends in
 * an error text, never in a read or write out of bounds.
 * Depends on: libc. */
#ifndef M8_INFLATE_H
#define M8_INFLATE_H

#include <stddef.h>
#include <stdint.h>

/* Decompress a raw DEFLATE stream (up to its final block) into out[0..out_cap). 0 with
 * *out_len (bytes written) and *in_used (bytes of input read, the last one maybe partly), or
 * -1 with *error set to a static text (bad block type, bad code lengths, distance too far
 * back, output larger than out_cap, input ending early). in_used may be NULL. */
int m8_inflate_raw(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                   size_t *out_len, size_t *in_used, const char **error);

/* The same for a zlib stream: its 2-byte header (deflate, window <= 32 KiB, no preset
 * dictionary, header check) and the Adler-32 of the output after the data are checked too.
 * Bytes after the Adler-32 are ignored. */
int m8_inflate_zlib(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                    size_t *out_len, const char **error);

/* Adler-32 (RFC 1950 section 8.2) of n bytes, continued from `adler` (1 to start). */
uint32_t m8_adler32(uint32_t adler, const uint8_t *p, size_t n);

#endif
