/* posix_internal.h - what the files of runtime/platform share among themselves (not for
 * hosts or tools, which include platform_posix.h): reading a regular file, making folders,
 * lexical paths, the atomic writer and the cartdata store.
 * Depends on: platform_posix.h, libc (POSIX). */
#ifndef M8_POSIX_INTERNAL_H
#define M8_POSIX_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "platform_posix.h"

/* posix_io.c */

/* Read a whole regular file through an open descriptor (O_NONBLOCK: opening a FIFO never
 * waits for a writer); `flags` adds O_NOFOLLOW. A FIFO, device, socket or folder is not
 * read (errno EPERM, EISDIR for a folder). */
char *m8_posix_read_regular(const char *path, size_t *len, size_t max_bytes, int flags);
/* mkdir -p of the folders above `path` (and of path itself when `self`). 0, or -1. */
int m8_posix_make_folders(const char *path, int self);
/* `path` as an absolute path with "." and ".." taken out lexically (no link is followed). */
int m8_posix_lexical_absolute(const char *path, char *out, size_t outsz);
/* Whether `path` is `folder` or inside it (both absolute, no trailing '/'). */
int m8_posix_inside(const char *path, const char *folder);
/* A folder of the user's: $ENV_NAME, else $XDG_DATA_HOME/mote8/SUB, else
 * ~/.local/share/mote8/SUB, created when missing. 0, or -1 with err. */
int m8_posix_user_folder(const char *env_name, const char *sub, char *out, size_t outsz,
                         char *err, size_t errsz);

/* atomic_write.c */

/* Write `data` to `path` atomically: a temporary file next to it (`path`.tmpPID), fsync,
 * rename, so a crash or a full disk never leaves half a file. 0, or -1 with errno set. */
int m8_atomic_write(const char *path, const void *data, size_t len);
/* Remove `path`.tmpPID files of processes that no longer run (a crash between the write
 * and the rename). */
void m8_atomic_remove_stale(const char *path);

/* cartdata_store.c: mote8_platform's load_data and save_data */
int m8_cartdata_load(void *user, const char *id, uint8_t data[256], char *err, size_t errsz);
int m8_cartdata_save(void *user, const char *id, const uint8_t data[256], char *err,
                     size_t errsz);

/* confined_files.c: mote8_platform's read_file and write_file, `files` NULL when not
 * confined. */
void *m8_posix_read_cart_file(m8_posix_files *files, const char *path, size_t *len);
int m8_posix_write_cart_file(m8_posix_files *files, const char *path, const void *data,
                             size_t len, char *err, size_t errsz);

#endif
