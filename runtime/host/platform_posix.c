/* platform_posix.c - see platform_posix.h. cartdata files are `ID.p8d.txt`, 64 lines of 8
 * hex digits (the raw 32-bit little-endian values of 0x5e00-0x5eff), written atomically
 * (temporary file, fsync, rename) so a crash or a full disk never leaves half a save.
 * Depends on: platform_posix.h, libc (POSIX). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "host.h"
#include "platform_posix.h"

char *m8_read_file(const char *path, size_t *len, size_t max_bytes)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0) n = ftell(f);
    if (n < 0 || (max_bytes && (size_t)n > max_bytes) || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = 0;
    if (len) *len = (size_t)n;
    return buf;
}

/* mkdir -p of the folders above `path` (and of path itself when `self`). */
static int make_folders(const char *path, int self)
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

void *m8_stdio_read_file(const char *path, size_t *len)
{
    return m8_read_file(path, len, MOTE8_CART_FILE_MAX);
}

static void posix_printh(void *user, const char *text)
{
    (void)user;
    fputs(text, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

static void *posix_read(void *user, const char *path, size_t *len)
{
    (void)user;
    return m8_read_file(path, len, MOTE8_CART_FILE_MAX);
}

static int posix_write(void *user, const char *path, const void *data, size_t len, char *err,
                       size_t errsz)
{
    (void)user;
    FILE *f = NULL;
    if (make_folders(path, 0) != 0 || !(f = fopen(path, "wb"))) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    int ok = fwrite(data, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (!ok) snprintf(err, errsz, "%s: %s", path, strerror(errno));
    return ok ? 0 : -1;
}

int m8_posix_data_dir(char *out, size_t outsz, char *err, size_t errsz)
{
    const char *env = getenv("MOTE8_DATA_DIR"), *xdg = getenv("XDG_DATA_HOME");
    if (env && *env) snprintf(out, outsz, "%s", env);
    else if (xdg && *xdg) snprintf(out, outsz, "%s/mote8/cdata", xdg);
    else snprintf(out, outsz, "%s/.local/share/mote8/cdata", getenv("HOME") ? getenv("HOME") : ".");
    if (make_folders(out, 1) != 0) {
        snprintf(err, errsz, "cannot create the data folder %s: %s", out, strerror(errno));
        return -1;
    }
    return 0;
}

static int data_path(const char *id, char *path, size_t n, char *err, size_t errsz)
{
    char dir[2048];
    if (m8_posix_data_dir(dir, sizeof dir, err, errsz) != 0) return -1;
    snprintf(path, n, "%s/%s.p8d.txt", dir, id);
    return 0;
}

static int posix_load_data(void *user, const char *id, uint8_t data[256], char *err,
                           size_t errsz)
{
    (void)user;
    char path[2200];
    if (data_path(id, path, sizeof path, err, errsz) != 0) return -1;
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[64];
    for (int i = 0; i < 64 && fgets(line, sizeof line, f);) {
        char *end;
        unsigned long v = strtoul(line, &end, 16);
        if (end == line) continue;
        for (int b = 0; b < 4; b++) data[4 * i + b] = (uint8_t)(v >> (8 * b));
        i++;
    }
    fclose(f);
    return 1;
}

static int posix_save_data(void *user, const char *id, const uint8_t data[256], char *err,
                           size_t errsz)
{
    (void)user;
    char path[2200], tmp[2300];
    if (data_path(id, path, sizeof path, err, errsz) != 0) return -1;
    snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
    char text[64 * 9 + 1];
    size_t n = 0;
    for (int i = 0; i < 64; i++) {
        const uint8_t *v = data + 4 * i;
        unsigned long word = v[0] | (unsigned long)v[1] << 8 | (unsigned long)v[2] << 16 |
                             (unsigned long)v[3] << 24;
        n += (size_t)snprintf(text + n, sizeof text - n, "%08lx\n", word);
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int ok = fd >= 0 && write(fd, text, n) == (ssize_t)n && fsync(fd) == 0;
    if (fd >= 0) ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errsz, "could not save %s (%s)", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

void m8_posix_platform(mote8_platform *pf)
{
    memset(pf, 0, sizeof *pf);
    pf->printh = posix_printh;
    pf->read_file = posix_read;
    pf->write_file = posix_write;
    pf->load_data = posix_load_data;
    pf->save_data = posix_save_data;
}
