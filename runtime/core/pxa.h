/* pxa.h - the PXA code compression of .p8.png / .p8.rom carts (reference 5.5): a bit stream
 * of move-to-front coded literals and back references behind an 8-byte "\0pxa" header.
 * Depends on: nothing. */
#ifndef M8_PXA_H
#define M8_PXA_H

#include <stddef.h>
#include <stdint.h>

#define M8_PXA_HEADER_SIZE 8
#define M8_PXA_MAX_CODE 65535      /* the header's u16 length field */

/* True when `in` starts with the "\0pxa" magic (needs at least 4 bytes). */
int m8_pxa_is_pxa(const uint8_t *in, size_t in_len);

/* Decode a PXA stream starting at its header. The stream may not read past the compressed
 * size the header gives (nor past in_len). Returns a malloc'd NUL-terminated code buffer
 * (length in *out_len), or NULL with a message in err (errsz bytes): bad magic, truncated
 * stream, a back reference before the start, an impossible literal index. */
/* A code decoder gives up: frees out, puts the printf-style message in err (errsz bytes),
 * returns NULL (shared by pxa.c and code_legacy.c). */
char *m8_code_fail(char *out, char *err, size_t errsz, const char *fmt, ...);

char *m8_pxa_decompress(const uint8_t *in, size_t in_len, size_t *out_len, char *err,
                        size_t errsz);

/* Encode code (at most M8_PXA_MAX_CODE bytes) as a whole PXA stream, header included.
 * Returns a malloc'd buffer (size in *out_len) or NULL (too long, or out of memory). The
 * header's size field saturates at 65535 for streams larger than that (such a stream is far
 * too big for a cart and does not decode); *out_len is exact. Same as
 * m8_pxa_compress_effort(..., M8_PXA_AUTO, ...). */
uint8_t *m8_pxa_compress(const char *code, size_t len, size_t *out_len);

/* Under M8_PXA_AUTO the slow search runs only for a normal stream that misses the 15616-byte
 * code region of a cart image (reference 5.6) by at most 1%: the search saves 0.1-0.35% on
 * real code, so a stream that fits needs nothing more and one further over stays over. */
#define M8_PXA_SEARCH_ABOVE 15616
#define M8_PXA_SEARCH_UPTO (M8_PXA_SEARCH_ABOVE + M8_PXA_SEARCH_ABOVE / 100)

typedef enum m8_pxa_effort {
    M8_PXA_AUTO,       /* normal, then the search if the result is just over the region */
    M8_PXA_NORMAL,     /* greedy parse and rounds of dynamic programming (milliseconds) */
    M8_PXA_SEARCH      /* normal, then always the beam search (about 1 s for 48 KB of code) */
} m8_pxa_effort;

/* m8_pxa_compress with a chosen effort. Deterministic: the same code gives the same bytes. */
uint8_t *m8_pxa_compress_effort(const char *code, size_t len, m8_pxa_effort effort,
                                size_t *out_len);

#endif
