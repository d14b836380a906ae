/* confined_files.c - the cart's files: the folder a run's carts stay in (m8_posix_confine),
 * and the read_file / write_file services with and without it. Confined, a read follows
 * links only to files inside the folder and opens only regular files; a write creates
 * folders only inside it and writes through a link only to a regular file inside it.
 * Depends on: posix_internal.h, libc (POSIX). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "posix_internal.h"

int m8_posix_confine(m8_posix_files *files, const char *cart_path, char *err, size_t errsz)
{
    memset(files, 0, sizeof *files);
    char folder[4096];
    const char *slash = strrchr(cart_path, '/');
    if (!slash) snprintf(folder, sizeof folder, ".");
    else if (slash == cart_path) snprintf(folder, sizeof folder, "/");
    else snprintf(folder, sizeof folder, "%.*s", (int)(slash - cart_path), cart_path);
    if (!realpath(folder, files->root) ||
        m8_posix_lexical_absolute(folder, files->scope, sizeof files->scope) != 0) {
        snprintf(err, errsz, "%s: cannot find the cart's folder: %s", folder, strerror(errno));
        files->root[0] = 0;
        return -1;
    }
    return 0;
}

/* Say on stderr why a file was not read or written (the first few; a looping cart would
 * fill the terminal), and set errno for the machine (api/other_carts.c names it). */
static void refuse(m8_posix_files *files, const char *path, const char *why, int err)
{
    if (files && files->refusals < 4)
        fprintf(stderr, "mote8: %s: %s\n", path, why);
    else if (files && files->refusals == 4)
        fprintf(stderr, "mote8: (further refused files are not reported)\n");
    if (files) files->refusals++;
    errno = err;
}

/* A cart's file: the real path inside the root (links resolved), or -1 (errno set). */
static int confined_read_path(m8_posix_files *files, const char *path, char *real)
{
    if (!realpath(path, real)) return -1;             /* ENOENT ...: not there */
    if (!m8_posix_inside(real, files->root)) {
        refuse(files, path, "leads outside the cart's folder (a symbolic link): not read", EACCES);
        return -1;
    }
    return 0;
}

/* read_file of both platforms: `files` NULL for the one not confined. */
void *m8_posix_read_cart_file(m8_posix_files *files, const char *path, size_t *len)
{
    char real[PATH_MAX];
    const char *open_path = path;
    int flags = 0;
    if (files && files->root[0]) {
        if (confined_read_path(files, path, real) != 0) return NULL;
        open_path = real;
        flags = O_NOFOLLOW;                 /* resolved: a link put there since is refused */
    }
    char *data = m8_posix_read_regular(open_path, len, MOTE8_CART_FILE_MAX, flags);
    if (!data && errno == EPERM)
        refuse(files, path, "not a regular file (a FIFO, device or socket): not read", EPERM);
    return data;
}

/* Where a write to a cart's file `path` goes (the real path inside the root: a link to a
 * file inside the root is written through), or -1 with err. The folders above it are
 * created, but only inside the root. */
static int confined_write_path(m8_posix_files *files, const char *path, char *target,
                               size_t targetsz, char *err, size_t errsz)
{
    char parent[PATH_MAX], probe[PATH_MAX], real[PATH_MAX];
    snprintf(parent, sizeof parent, "%s", path);
    char *slash = strrchr(parent, '/');
    const char *base = slash ? path + (slash - parent) + 1 : path;
    if (slash) *slash = 0;
    else snprintf(parent, sizeof parent, ".");
    if (!parent[0]) snprintf(parent, sizeof parent, "/");
    snprintf(probe, sizeof probe, "%s", parent);   /* the deepest folder that is there */
    struct stat st;
    while (stat(probe, &st) != 0) {
        char *up = strrchr(probe, '/');
        if (!up) snprintf(probe, sizeof probe, ".");
        else if (up == probe) probe[1] = 0;
        else *up = 0;
        if (!up || up == probe) break;
    }
    if (!realpath(probe, real) || !m8_posix_inside(real, files->root)) {
        snprintf(err, errsz, "%s: its folder leads outside the cart's folder (a symbolic link): "
                 "not written", path);
        return -1;
    }
    if (m8_posix_make_folders(path, 0) != 0) {                  /* inside the root: checked above */
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!realpath(parent, real) || !m8_posix_inside(real, files->root)) {
        snprintf(err, errsz, "%s: its folder leads outside the cart's folder (a symbolic link): "
                 "not written", path);
        return -1;
    }
    int n = snprintf(target, targetsz, "%s/%s", strcmp(real, "/") ? real : "", base);
    if (n < 0 || (size_t)n >= targetsz) {
        snprintf(err, errsz, "%s: path too long", path);
        return -1;
    }
    if (lstat(target, &st) != 0) return 0;             /* a new file */
    if (S_ISLNK(st.st_mode)) {
        if (!realpath(target, real) || !m8_posix_inside(real, files->root) ||
            stat(real, &st) != 0) {
            snprintf(err, errsz, "%s: a symbolic link that leads outside the cart's folder "
                     "(or nowhere): not written", path);
            return -1;
        }
        snprintf(target, targetsz, "%s", real);
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errsz, "%s: not a regular file: not written", path);
        return -1;
    }
    return 0;
}

/* Write a file (cost profiles, carts written by cstore), creating its folders. With a root
 * (m8_posix_confine), a path in the cart's folder (lexically) stays in it; others are the
 * host's own outputs (a --profile folder) and are written as given. */
int m8_posix_write_cart_file(m8_posix_files *files, const char *path, const void *data,
                             size_t len, char *err, size_t errsz)
{
    char target[PATH_MAX + 256], abs[PATH_MAX];
    snprintf(target, sizeof target, "%s", path);
    if (files && files->root[0] && m8_posix_lexical_absolute(path, abs, sizeof abs) == 0 &&
        m8_posix_inside(abs, files->scope)) {
        if (confined_write_path(files, path, target, sizeof target, err, errsz) != 0)
            return -1;
    } else if (m8_posix_make_folders(path, 0) != 0) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    } else {
        struct stat st;
        if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
            snprintf(err, errsz, "%s: not a regular file: not written", path);
            return -1;
        }
    }
    m8_atomic_remove_stale(target);    /* of runs killed between write and rename */
    if (m8_atomic_write(target, data, len) != 0) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
