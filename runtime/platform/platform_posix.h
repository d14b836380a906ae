/* platform_posix.h - the platform services of api/mote8.h on a POSIX file system, for the
 * hosts, the tools and the tests (runtime/platform, the one header of it they include):
 * printh to stdout, files read and written by path, cartdata saved atomically in the
 * user's data folder.
 * Depends on: api/mote8.h. */
#ifndef M8_PLATFORM_POSIX_H
#define M8_PLATFORM_POSIX_H

#include <stddef.h>
#include "mote8.h"

/* Fill `pf` with the POSIX services (user = NULL): not confined to a folder (tools, tests).
 * Even so, files are read only when they are regular files (never a FIFO, which would
 * block, or a device), and writes never follow a link at their temporary file. */
void m8_posix_platform(mote8_platform *pf);

/* The folder a cart's files stay in: the folder of the cart the user started. */
typedef struct m8_posix_files {
    char root[4096];    /* its real path (links resolved); "" = not confined */
    char scope[4096];   /* its absolute path as written (what the machine's paths begin with) */
    int refusals;       /* refused files reported on stderr so far (the first 4 are) */
} m8_posix_files;

/* Confine `files` to the folder of `cart_path` (the current folder when it has none, as for
 * a bundled cart). A cart load()ed from a subfolder later does not widen it. 0, or -1 with
 * err (the folder cannot be found). */
int m8_posix_confine(m8_posix_files *files, const char *cart_path, char *err, size_t errsz);

/* The POSIX services confined to files->root (user = files, which must outlive the
 * machine; a host that puts its own user there must keep read_file and write_file off): read_file reads only regular files whose real path (links resolved) is inside
 * the root (errno EACCES for one outside, EPERM for a FIFO, device or socket, each reported
 * on stderr); write_file of a path inside the root's folder creates folders only inside it,
 * writes through a link only to a regular file inside it, refuses anything else, and
 * removes the temporaries (`TARGET.tmpPID`) of runs killed before their rename; a path
 * outside the root's folder is a host output (a --profile folder) and written as given. */
void m8_posix_platform_confined(mote8_platform *pf, m8_posix_files *files);

/* The whole file as a malloc'd, NUL-terminated buffer (length in *len, may be NULL), or NULL
 * if it cannot be opened or read, or is larger than max_bytes (0 = no limit). */
char *m8_read_file(const char *path, size_t *len, size_t max_bytes);

/* A cart file read with stdio (m8_read_file capped at MOTE8_CART_FILE_MAX): the reader of
 * hosts without one of their own. */
void *m8_stdio_read_file(const char *path, size_t *len);

/* The cartdata folder: $MOTE8_DATA_DIR, else $XDG_DATA_HOME/mote8/cdata, else
 * ~/.local/share/mote8/cdata (created when missing). Returns 0, or -1 with err. */
int m8_posix_data_dir(char *out, size_t outsz, char *err, size_t errsz);

/* Use `dir` as the cartdata folder of this process instead of the above (the libretro core:
 * RetroArch's save folder); NULL or "" goes back to the above. */
void m8_posix_use_data_dir(const char *dir);

/* The folder for cart output (printh to a file): $MOTE8_OUTPUT_DIR, else
 * $XDG_DATA_HOME/mote8/output, else ~/.local/share/mote8/output (created when missing).
 * Returns 0, or -1 with err. */
int m8_posix_output_dir(char *out, size_t outsz, char *err, size_t errsz);

#endif
