/* posix_io.c - the small POSIX pieces the platform files share: reading a whole regular
 * file without ever blocking on a FIFO, making folders, lexical absolute paths, and the
 * user's data folders.
 * Depends on: posix_internal.h, libc (POSIX). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "posix_internal.h"

/* Read a whole regular file through an open descriptor (O_NONBLOCK: opening a FIFO never
 * waits for a writer); `flags` adds O_NOFOLLOW. A FIFO, device, socket or folder is not
 * read (errno EPERM, EISDIR for a folder). */
char *m8_posix_read_regular(const char *path, size_t *len, size_t max_bytes, int flags)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | flags);
    if (fd < 0) return NULL;
    struct stat st;
    int ok = fstat(fd, &st) == 0;
    if (!ok || !S_ISREG(st.st_mode)) {
        int e = !ok ? errno : S_ISDIR(st.st_mode) ? EISDIR : EPERM;
        close(fd);
        errno = e;
        return NULL;
    }
    if (st.st_size < 0 || (max_bytes && (uint64_t)st.st_size > max_bytes)) {
        close(fd);
        errno = EFBIG;
        return NULL;
    }
    size_t n = (size_t)st.st_size, got = 0;
    char *buf = malloc(n + 1);
    while (buf && got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {                         /* an error, or the file shrank */
            free(buf);
            buf = NULL;
            break;
        }
        got += (size_t)r;
    }
    int e = errno;
    close(fd);
    if (!buf) {
        errno = e ? e : EIO;
        return NULL;
    }
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

char *m8_read_file(const char *path, size_t *len, size_t max_bytes)
{
    return m8_posix_read_regular(path, len, max_bytes, 0);
}

/* mkdir -p of the folders above `path` (and of path itself when `self`). */
int m8_posix_make_folders(const char *path, int self)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    if (!self) {
        char *slash = strrchr(dir, '/');
        if (!slash) return 0;
        *slash = 0;
        if (!dir[0]) return 0;
    }
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        mkdir(dir, 0755);
        *p = '/';
    }
    return mkdir(dir, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

/* `path` as an absolute path with "." and ".." taken out lexically (no link is followed). */
int m8_posix_lexical_absolute(const char *path, char *out, size_t outsz)
{
    char whole[8192];
    if (path[0] == '/') snprintf(whole, sizeof whole, "%s", path);
    else {
        char cwd[4096];
        if (!getcwd(cwd, sizeof cwd)) return -1;
        snprintf(whole, sizeof whole, "%s/%s", cwd, path);
    }
    size_t n = 0;
    for (char *p = whole; *p;) {
        size_t k = strcspn(p, "/");
        if (k == 2 && p[0] == '.' && p[1] == '.') {
            while (n > 0 && out[n - 1] != '/') n--;   /* drop the last component */
            if (n > 0) n--;
        } else if (k > 0 && !(k == 1 && p[0] == '.')) {
            if (n + 1 + k + 1 > outsz) return -1;
            out[n++] = '/';
            memcpy(out + n, p, k);
            n += k;
        }
        p += k;
        if (*p) p++;
    }
    if (n == 0) out[n++] = '/';
    out[n] = 0;
    return 0;
}

/* Whether `path` is `folder` or inside it (both absolute, no trailing '/'). */
int m8_posix_inside(const char *path, const char *folder)
{
    size_t n = strlen(folder);
    if (n == 1 && folder[0] == '/') return path[0] == '/';
    return strncmp(path, folder, n) == 0 && (path[n] == '/' || path[n] == 0);
}

/* A folder of the user's: $ENV_NAME, else $XDG_DATA_HOME/mote8/SUB, else
 * ~/.local/share/mote8/SUB, created when missing. 0, or -1 with err. */
int m8_posix_user_folder(const char *env_name, const char *sub, char *out, size_t outsz,
                         char *err, size_t errsz)
{
    const char *env = getenv(env_name), *xdg = getenv("XDG_DATA_HOME");
    if (env && *env) snprintf(out, outsz, "%s", env);
    else if (xdg && *xdg) snprintf(out, outsz, "%s/mote8/%s", xdg, sub);
    else snprintf(out, outsz, "%s/.local/share/mote8/%s", getenv("HOME") ? getenv("HOME") : ".", sub);
    if (m8_posix_make_folders(out, 1) != 0) {
        snprintf(err, errsz, "cannot create the %s folder %s: %s", sub, out, strerror(errno));
        return -1;
    }
    return 0;
}
