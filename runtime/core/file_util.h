/* file_util.h - reading a whole file into memory, for the cart loaders and tools.
 * Depends on: libc. */
#ifndef M8_FILE_UTIL_H
#define M8_FILE_UTIL_H

#include <stddef.h>

/* The whole file as a malloc'd, NUL-terminated buffer (length in *len, may be NULL), or NULL
 * if it cannot be opened or read, or is larger than max_bytes (0 = no limit). */
char *m8_read_file(const char *path, size_t *len, size_t max_bytes);

#endif
