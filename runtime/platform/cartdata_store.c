/* cartdata_store.c - cartdata saves on disk: `ID.p8d.txt` in the user's data folder, 64
 * lines of 8 hex digits (the raw 32-bit little-endian values of 0x5e00-0x5eff), written
 * atomically. A damaged save (a bad line, truncated) is moved aside as
 * ID.p8d.txt.corrupt-N and the values before the damage are loaded and saved again;
 * temporaries a crashed run left behind are removed by the next save.
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

static char data_dir_override[2048];     /* m8_posix_use_data_dir; "" = the user's */

void m8_posix_use_data_dir(const char *dir)
{
    snprintf(data_dir_override, sizeof data_dir_override, "%s", dir ? dir : "");
}

int m8_posix_data_dir(char *out, size_t outsz, char *err, size_t errsz)
{
    if (data_dir_override[0]) {
        snprintf(out, outsz, "%s", data_dir_override);
        if (m8_posix_make_folders(out, 1) == 0) return 0;
        snprintf(err, errsz, "cannot create the cartdata folder %s: %s", out, strerror(errno));
        return -1;
    }
    return m8_posix_user_folder("MOTE8_DATA_DIR", "cdata", out, outsz, err, errsz);
}

static int data_path(const char *id, char *path, size_t n, char *err, size_t errsz)
{
    char dir[2048];
    if (m8_posix_data_dir(dir, sizeof dir, err, errsz) != 0) return -1;
    snprintf(path, n, "%s/%s.p8d.txt", dir, id);
    return 0;
}

/* Parse a save's text into data: 64 lines of 8 hex digits. Returns the number of good
 * lines before the first damaged one (64 = all good); why says what is wrong. */
static int parse_save(const char *text, size_t len, uint8_t data[256], char *why, size_t whysz)
{
    memset(data, 0, 256);
    const char *p = text, *end = text + len;
    int i = 0;
    while (i < 64 && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)((nl ? nl : end) - p);
        if (n > 0 && p[n - 1] == '\r') n--;
        int ok = n == 8;
        for (size_t k = 0; ok && k < 8; k++)
            ok = (p[k] >= '0' && p[k] <= '9') || (p[k] >= 'a' && p[k] <= 'f') ||
                 (p[k] >= 'A' && p[k] <= 'F');
        if (!ok) {
            snprintf(why, whysz, "line %d is not 8 hex digits", i + 1);
            return i;
        }
        unsigned long v = strtoul(p, NULL, 16);
        for (int b = 0; b < 4; b++) data[4 * i + b] = (uint8_t)(v >> (8 * b));
        i++;
        p = nl ? nl + 1 : end;
    }
    if (i < 64) snprintf(why, whysz, "truncated: %d of 64 lines", i);
    return i;
}

/* Move a damaged save aside as PATH.corrupt-N, the first N not taken (never overwrites).
 * Returns 0 with the new name in aside, or -1. */
static int keep_aside(const char *path, char *aside, size_t n)
{
    for (int k = 1; k < 10000; k++) {
        snprintf(aside, n, "%s.corrupt-%d", path, k);
        if (link(path, aside) == 0) return unlink(path) == 0 ? 0 : -1;
        if (errno == EEXIST) continue;
        struct stat st;                 /* no hard links here: rename to a name not taken */
        if (stat(aside, &st) == 0) continue;
        return rename(path, aside);
    }
    return -1;
}

int m8_cartdata_load(void *user, const char *id, uint8_t data[256], char *err, size_t errsz)
{
    char path[2200];
    if (data_path(id, path, sizeof path, err, errsz) != 0) return -1;
    size_t len = 0;
    errno = 0;
    char *text = m8_read_file(path, &len, 64 * 1024);
    char why[160] = "";
    if (!text) {
        if (errno == ENOENT) return 0;
        snprintf(why, sizeof why, "%s", errno ? strerror(errno) : "larger than 64 KiB");
    } else {
        int good = parse_save(text, len, data, why, sizeof why);
        free(text);
        if (good == 64) return 1;
    }
    /* damaged: never silently replaced; kept aside, what could be read is saved again */
    char aside[2300], ignored[8];
    if (keep_aside(path, aside, sizeof aside) == 0 &&
        m8_cartdata_save(user, id, data, ignored, sizeof ignored) == 0) {
        snprintf(err, errsz, "%s is damaged (%s); kept as %s, the values before the damage "
                 "are loaded", path, why, aside);
        return 1;
    }
    snprintf(err, errsz, "%s is damaged (%s) and could not be moved aside (%s); it is left as "
             "it is and nothing is saved this run", path, why, strerror(errno));
    return -1;
}

int m8_cartdata_save(void *user, const char *id, const uint8_t data[256], char *err,
                     size_t errsz)
{
    (void)user;
    char path[2200];
    if (data_path(id, path, sizeof path, err, errsz) != 0) return -1;
    m8_atomic_remove_stale(path);
    char text[64 * 9 + 1];
    size_t n = 0;
    for (int i = 0; i < 64; i++) {
        const uint8_t *v = data + 4 * i;
        unsigned long word = v[0] | (unsigned long)v[1] << 8 | (unsigned long)v[2] << 16 |
                             (unsigned long)v[3] << 24;
        n += (size_t)snprintf(text + n, sizeof text - n, "%08lx\n", word);
    }
    if (m8_atomic_write(path, text, n) != 0) {
        snprintf(err, errsz, "could not save %s (%s)", path, strerror(errno));
        return -1;
    }
    return 0;
}
