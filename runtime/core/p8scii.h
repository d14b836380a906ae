/* p8scii.h - P8SCII <-> UTF-8 mapping of reference section 4.9.
 * Depends on: nothing. */
#ifndef M8_P8SCII_H
#define M8_P8SCII_H

#include <stddef.h>

/* Convert UTF-8 text to P8SCII bytes. Unknown sequences are copied byte for byte.
 * Returns a malloc'd NUL-terminated buffer (length in *out_len). */
char *m8_utf8_to_p8scii(const char *utf8, size_t len, size_t *out_len);

/* Convert P8SCII bytes to UTF-8. Returns a malloc'd NUL-terminated buffer. */
char *m8_p8scii_to_utf8(const char *p8, size_t len, size_t *out_len);

#endif
