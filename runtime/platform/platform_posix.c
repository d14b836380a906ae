/* platform_posix.c - see platform_posix.h: the mote8_platform services on a POSIX file
 * system, put together from confined_files.c (cart files), cartdata_store.c (saves) and
 * atomic_write.c; printh to stdout and printh's files in the user's output folder here.
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
    (void)user;                         /* hosts and tests put their own user here */
    return m8_posix_read_cart_file(NULL, path, len);
}

static void *confined_read(void *user, const char *path, size_t *len)
{
    return m8_posix_read_cart_file(user, path, len);
}

static int posix_write(void *user, const char *path, const void *data, size_t len, char *err,
                       size_t errsz)
{
    (void)user;
    return m8_posix_write_cart_file(NULL, path, data, len, err, errsz);
}

static int confined_write(void *user, const char *path, const void *data, size_t len,
                          char *err, size_t errsz)
{
    return m8_posix_write_cart_file(user, path, data, len, err, errsz);
}

int m8_posix_output_dir(char *out, size_t outsz, char *err, size_t errsz)
{
    return m8_posix_user_folder("MOTE8_OUTPUT_DIR", "output", out, outsz, err, errsz);
}

/* printh(text, name, overwrite): the machine has checked that name is a plain file name. */
static int posix_write_output(void *user, const char *name, const char *text, int overwrite,
                              char *err, size_t errsz)
{
    (void)user;
    char dir[2048], path[2200];
    if (m8_posix_output_dir(dir, sizeof dir, err, errsz) != 0) return -1;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    /* a plain file of the folder: no link followed, no FIFO waited on */
    int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC |
                  (overwrite ? O_TRUNC : O_APPEND), 0644);
    struct stat st;
    if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        close(fd);
        snprintf(err, errsz, "cannot write %s: not a regular file", path);
        return -1;
    }
    FILE *f = fd >= 0 ? fdopen(fd, overwrite ? "w" : "a") : NULL;
    if (!f && fd >= 0) close(fd);
    int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f) ok = fclose(f) == 0 && ok;
    if (!ok) {
        snprintf(err, errsz, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

void m8_posix_platform_confined(mote8_platform *pf, m8_posix_files *files)
{
    m8_posix_platform(pf);
    pf->user = files;
    pf->read_file = confined_read;
    pf->write_file = confined_write;
}

void m8_posix_platform(mote8_platform *pf)
{
    memset(pf, 0, sizeof *pf);
    pf->printh = posix_printh;
    pf->read_file = posix_read;
    pf->write_file = posix_write;
    pf->load_data = m8_cartdata_load;
    pf->save_data = m8_cartdata_save;
    pf->write_output = posix_write_output;
}
