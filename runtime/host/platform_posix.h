/* platform_posix.h - the platform services of api/mote8.h on a POSIX file system, for the
 * hosts, the tools and the tests: printh to stdout, files read and written by path,
 * cartdata saved atomically in the user's data folder.
 * Depends on: api/mote8.h. */
#ifndef M8_PLATFORM_POSIX_H
#define M8_PLATFORM_POSIX_H

#include <stddef.h>
#include "mote8.h"

/* Fill `pf` with the POSIX services (user = NULL). */
void m8_posix_platform(mote8_platform *pf);

/* The whole file as a malloc'd, NUL-terminated buffer (length in *len, may be NULL), or NULL
 * if it cannot be opened or read, or is larger than max_bytes (0 = no limit). */
char *m8_read_file(const char *path, size_t *len, size_t max_bytes);

/* The cartdata folder: $MOTE8_DATA_DIR, else $XDG_DATA_HOME/mote8/cdata, else
 * ~/.local/share/mote8/cdata (created when missing). Returns 0, or -1 with err. */
int m8_posix_data_dir(char *out, size_t outsz, char *err, size_t errsz);

/* The folder for cart output (printh to a file): $MOTE8_OUTPUT_DIR, else
 * $XDG_DATA_HOME/mote8/output, else ~/.local/share/mote8/output (created when missing).
 * Returns 0, or -1 with err. */
int m8_posix_output_dir(char *out, size_t outsz, char *err, size_t errsz);

#endif
