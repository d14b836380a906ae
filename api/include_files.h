/* include_files.h - the `#include` resolver handed to the dialect translator.
 * Depends on: nothing. */
#ifndef M8_INCLUDE_FILES_H
#define M8_INCLUDE_FILES_H

#include <stddef.h>

/* m8_include_fn for m8_translate_ex: `ud` is the machine (m8_vm) whose cart includes; the
 * file is read through its platform's read_file. Returns malloc'd P8SCII code, or NULL if
 * it cannot be read. */
char *m8_include_resolve(void *ud, const char *name, size_t *len);

#endif
