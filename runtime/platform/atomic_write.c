/* atomic_write.c - whole-file writes that a crash or a full disk never leaves half done:
 * a temporary file next to the target (TARGET.tmpPID), fsync, rename; and the removal of
 * temporaries left by runs that were killed between the write and the rename.
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

int m8_atomic_write(const char *path, const void *data, size_t len)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
    unlink(tmp);                        /* ours, of a write that failed before its unlink */
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    int ok = write(fd, data, len) == (ssize_t)len && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
    return 0;
}

void m8_atomic_remove_stale(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[2200], prefix[300];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    snprintf(prefix, sizeof prefix, "%s.tmp", slash ? slash + 1 : path);
    DIR *d = opendir(dir);
    if (!d) return;
    size_t plen = strlen(prefix);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, prefix, plen) != 0) continue;
        char *end = NULL;
        long pid = strtol(e->d_name + plen, &end, 10);
        if (!end || *end || pid <= 0 || pid == (long)getpid()) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;   /* still running */
        char stale[2600];
        snprintf(stale, sizeof stale, "%s/%s", dir, e->d_name);
        unlink(stale);
    }
    closedir(d);
}
