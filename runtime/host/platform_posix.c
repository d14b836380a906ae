/* platform_posix.c - see platform_posix.h. Files the machine writes (profiles, carts written
 * by cstore) and cartdata saves are written atomically (temporary file, fsync, rename), so a
 * crash or a full disk never leaves half a file. cartdata files are `ID.p8d.txt`, 64 lines
 * of 8 hex digits (the raw 32-bit little-endian values of 0x5e00-0x5eff). A
 * damaged save (a bad line, truncated) is moved aside as ID.p8d.txt.corrupt-N and the values
 * before the damage are loaded and saved again. Temporary files a crashed run left behind
 * (ID.p8d.txt.tmpPID of a process that no longer exists) are removed by the next save.
 * Depends on: platform_posix.h, libc (POSIX). */
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
#include "host.h"
#include "platform_posix.h"

/* Read a whole regular file through an open descriptor (O_NONBLOCK: opening a FIFO never
 * waits for a writer); `flags` adds O_NOFOLLOW. A FIFO, device, socket or folder is not
 * read (errno EPERM, EISDIR for a folder). */
static char *read_regular(const char *path, size_t *len, size_t max_bytes, int flags)
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
    return read_regular(path, len, max_bytes, 0);
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

/* ---- confinement: the folder a cart's files stay in ---- */

/* `path` as an absolute path with "." and ".." taken out lexically (no link is followed). */
static int lexical_absolute(const char *path, char *out, size_t outsz)
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
static int inside(const char *path, const char *folder)
{
    size_t n = strlen(folder);
    if (n == 1 && folder[0] == '/') return path[0] == '/';
    return strncmp(path, folder, n) == 0 && (path[n] == '/' || path[n] == 0);
}

int m8_posix_confine(m8_posix_files *files, const char *cart_path, char *err, size_t errsz)
{
    memset(files, 0, sizeof *files);
    char folder[4096];
    const char *slash = strrchr(cart_path, '/');
    if (!slash) snprintf(folder, sizeof folder, ".");
    else if (slash == cart_path) snprintf(folder, sizeof folder, "/");
    else snprintf(folder, sizeof folder, "%.*s", (int)(slash - cart_path), cart_path);
    if (!realpath(folder, files->root) ||
        lexical_absolute(folder, files->scope, sizeof files->scope) != 0) {
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
    if (!inside(real, files->root)) {
        refuse(files, path, "leads outside the cart's folder (a symbolic link): not read", EACCES);
        return -1;
    }
    return 0;
}

/* read_file of both platforms: `files` NULL for the one not confined. */
static void *read_cart_file(m8_posix_files *files, const char *path, size_t *len)
{
    char real[PATH_MAX];
    const char *open_path = path;
    int flags = 0;
    if (files && files->root[0]) {
        if (confined_read_path(files, path, real) != 0) return NULL;
        open_path = real;
        flags = O_NOFOLLOW;                 /* resolved: a link put there since is refused */
    }
    char *data = read_regular(open_path, len, MOTE8_CART_FILE_MAX, flags);
    if (!data && errno == EPERM)
        refuse(files, path, "not a regular file (a FIFO, device or socket): not read", EPERM);
    return data;
}

static void *posix_read(void *user, const char *path, size_t *len)
{
    (void)user;                         /* hosts and tests put their own user here */
    return read_cart_file(NULL, path, len);
}

static void *confined_read(void *user, const char *path, size_t *len)
{
    return read_cart_file(user, path, len);
}

/* Write `data` to `path` atomically: a temporary file next to it, fsync, rename, so a crash
 * or a full disk never leaves half a file. 0, or -1 with errno set. */
static int atomic_write(const char *path, const void *data, size_t len)
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

static void remove_stale_temporaries(const char *path);

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
    if (!realpath(probe, real) || !inside(real, files->root)) {
        snprintf(err, errsz, "%s: its folder leads outside the cart's folder (a symbolic link): "
                 "not written", path);
        return -1;
    }
    if (make_folders(path, 0) != 0) {                  /* inside the root: checked above */
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!realpath(parent, real) || !inside(real, files->root)) {
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
        if (!realpath(target, real) || !inside(real, files->root) || stat(real, &st) != 0) {
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
static int write_cart_file(m8_posix_files *files, const char *path, const void *data,
                           size_t len, char *err, size_t errsz)
{
    char target[PATH_MAX + 256], abs[PATH_MAX];
    snprintf(target, sizeof target, "%s", path);
    if (files && files->root[0] && lexical_absolute(path, abs, sizeof abs) == 0 &&
        inside(abs, files->scope)) {
        if (confined_write_path(files, path, target, sizeof target, err, errsz) != 0)
            return -1;
    } else if (make_folders(path, 0) != 0) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    } else {
        struct stat st;
        if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
            snprintf(err, errsz, "%s: not a regular file: not written", path);
            return -1;
        }
    }
    remove_stale_temporaries(target);    /* of runs killed between write and rename */
    if (atomic_write(target, data, len) != 0) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

static int posix_write(void *user, const char *path, const void *data, size_t len, char *err,
                       size_t errsz)
{
    (void)user;
    return write_cart_file(NULL, path, data, len, err, errsz);
}

static int confined_write(void *user, const char *path, const void *data, size_t len,
                          char *err, size_t errsz)
{
    return write_cart_file(user, path, data, len, err, errsz);
}

/* A folder of the user's: $ENV_NAME, else $XDG_DATA_HOME/mote8/SUB, else
 * ~/.local/share/mote8/SUB, created when missing. 0, or -1 with err. */
static int user_folder(const char *env_name, const char *sub, char *out, size_t outsz,
                       char *err, size_t errsz)
{
    const char *env = getenv(env_name), *xdg = getenv("XDG_DATA_HOME");
    if (env && *env) snprintf(out, outsz, "%s", env);
    else if (xdg && *xdg) snprintf(out, outsz, "%s/mote8/%s", xdg, sub);
    else snprintf(out, outsz, "%s/.local/share/mote8/%s", getenv("HOME") ? getenv("HOME") : ".", sub);
    if (make_folders(out, 1) != 0) {
        snprintf(err, errsz, "cannot create the %s folder %s: %s", sub, out, strerror(errno));
        return -1;
    }
    return 0;
}

int m8_posix_data_dir(char *out, size_t outsz, char *err, size_t errsz)
{
    return user_folder("MOTE8_DATA_DIR", "cdata", out, outsz, err, errsz);
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

static int posix_save_data(void *user, const char *id, const uint8_t data[256], char *err,
                           size_t errsz);

static int posix_load_data(void *user, const char *id, uint8_t data[256], char *err,
                           size_t errsz)
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
        posix_save_data(user, id, data, ignored, sizeof ignored) == 0) {
        snprintf(err, errsz, "%s is damaged (%s); kept as %s, the values before the damage "
                 "are loaded", path, why, aside);
        return 1;
    }
    snprintf(err, errsz, "%s is damaged (%s) and could not be moved aside (%s); it is left as "
             "it is and nothing is saved this run", path, why, strerror(errno));
    return -1;
}

/* Remove `path`.tmpPID files of processes that no longer run (a crash between the write
 * and the rename). */
static void remove_stale_temporaries(const char *path)
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

static int posix_save_data(void *user, const char *id, const uint8_t data[256], char *err,
                           size_t errsz)
{
    (void)user;
    char path[2200];
    if (data_path(id, path, sizeof path, err, errsz) != 0) return -1;
    remove_stale_temporaries(path);
    char text[64 * 9 + 1];
    size_t n = 0;
    for (int i = 0; i < 64; i++) {
        const uint8_t *v = data + 4 * i;
        unsigned long word = v[0] | (unsigned long)v[1] << 8 | (unsigned long)v[2] << 16 |
                             (unsigned long)v[3] << 24;
        n += (size_t)snprintf(text + n, sizeof text - n, "%08lx\n", word);
    }
    if (atomic_write(path, text, n) != 0) {
        snprintf(err, errsz, "could not save %s (%s)", path, strerror(errno));
        return -1;
    }
    return 0;
}

int m8_posix_output_dir(char *out, size_t outsz, char *err, size_t errsz)
{
    return user_folder("MOTE8_OUTPUT_DIR", "output", out, outsz, err, errsz);
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
    pf->load_data = posix_load_data;
    pf->save_data = posix_save_data;
    pf->write_output = posix_write_output;
}
