/* api_cartdata.c - persistent cart data (reference 1.8, 8.12): cartdata(id) maps 0x5e00-
 * 0x5eff (64 16.16 numbers) to a file, dget/dset read and write it. The file is written
 * atomically (temporary file, fsync, rename) whenever dset changes a value, so saved data
 * survives a crash or a full disk. Files live in $MOTE8_DATA_DIR, else
 * $XDG_DATA_HOME/mote8/cdata, else ~/.local/share/mote8/cdata, one `ID.p8d.txt` per id:
 * 64 lines of 8 hex digits (the raw 32-bit values). Ids follow PICO-8's rule (a-z 0-9 _,
 * at most 64), so no id reaches outside the folder. A damaged file (bad line, truncated) is
 * reported by name through printh (the host's console), moved aside as ID.p8d.txt.corrupt-N, and the
 * values read before the damage are loaded and saved again.
 * Depends on: api_internal.h, file_util.h, ram.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "api_internal.h"
#include "file_util.h"
#include "p8num.h"

#define REG_KEY "mote8.cartdata"     /* registry: the id in use, once cartdata() is called */

/* PICO-8's rule (reference 8.12): 1-64 characters of a-z 0-9 _, so an id is always one plain
 * file name inside the data folder. */
static int valid_id(const char *id, size_t len)
{
    if (len == 0 || len > 64) return 0;
    for (size_t i = 0; i < len; i++) {
        char c = id[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return 0;
    }
    return 1;
}

/* mkdir -p for the data folder; returns the folder (static buffer) or NULL. */
static const char *data_dir(void)
{
    static char dir[1024];
    const char *env = getenv("MOTE8_DATA_DIR");
    if (env && *env) snprintf(dir, sizeof dir, "%s", env);
    else if (getenv("XDG_DATA_HOME") && *getenv("XDG_DATA_HOME"))
        snprintf(dir, sizeof dir, "%s/mote8/cdata", getenv("XDG_DATA_HOME"));
    else snprintf(dir, sizeof dir, "%s/.local/share/mote8/cdata", getenv("HOME") ? getenv("HOME") : ".");
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        mkdir(dir, 0755);
        *p = '/';
    }
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) return NULL;
    return dir;
}

static void data_path(char *out, size_t n, const char *dir, const char *id)
{
    snprintf(out, n, "%s/%s.p8d.txt", dir, id);
}

enum { LOAD_MISSING, LOAD_OK, LOAD_DAMAGED };

/* Read the file into 0x5e00. A damaged file (a line that is not 8 hex digits, fewer than 64
 * lines, unreadable) gives LOAD_DAMAGED with the reason in why; the values before the damage
 * are loaded, the others are zero. */
static int load(uint8_t *ram, const char *path, char *why, size_t whysz)
{
    size_t len = 0;
    errno = 0;
    char *text = m8_read_file(path, &len, 64 * 1024);
    if (!text) {
        if (errno == ENOENT) return LOAD_MISSING;
        snprintf(why, whysz, "%s", errno ? strerror(errno) : "larger than 64 KiB");
        return LOAD_DAMAGED;
    }
    memset(ram + M8_CARTDATA, 0, 256);
    const char *p = text, *end = text + len;
    int i = 0, damaged = 0;
    while (i < 64 && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        size_t n = (size_t)(stop - p);
        if (n > 0 && p[n - 1] == '\r') n--;
        int ok = n == 8;
        for (size_t k = 0; ok && k < 8; k++)
            ok = (p[k] >= '0' && p[k] <= '9') || (p[k] >= 'a' && p[k] <= 'f') || (p[k] >= 'A' && p[k] <= 'F');
        if (!ok) {
            snprintf(why, whysz, "line %d is not 8 hex digits", i + 1);
            damaged = 1;
            break;
        }
        m8_poke_32(ram, M8_CARTDATA + 4 * (uint32_t)i, (uint32_t)strtoul(p, NULL, 16));
        i++;
        p = nl ? nl + 1 : end;
    }
    if (!damaged && i < 64) {
        snprintf(why, whysz, "truncated: %d of 64 lines", i);
        damaged = 1;
    }
    free(text);
    return damaged ? LOAD_DAMAGED : LOAD_OK;
}

/* Move a damaged save file aside as PATH.corrupt-N (the first N free; never overwrites).
 * Returns the new name (static buffer) or NULL. */
static const char *keep_aside(const char *path)
{
    static char aside[1200];
    for (int n = 1; n < 10000; n++) {
        snprintf(aside, sizeof aside, "%s.corrupt-%d", path, n);
        if (link(path, aside) == 0) {
            unlink(path);
            return aside;
        }
        if (errno == EEXIST) continue;
        struct stat st;              /* no hard links here: rename to a name not taken */
        if (stat(aside, &st) == 0) continue;
        return rename(path, aside) == 0 ? aside : NULL;
    }
    return NULL;
}

/* Write 0x5e00-0x5eff to `path` atomically. Returns 0 or -1. */
static int save(const uint8_t *ram, const char *path)
{
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return -1;
    char text[64 * 9 + 1];
    size_t n = 0;
    for (int i = 0; i < 64; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%08x\n",
                              (unsigned)m8_peek_32(ram, M8_CARTDATA + 4 * (uint32_t)i));
    int ok = write(fd, text, n) == (ssize_t)n && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

int m8l_cartdata(lua_State *L)
{
    size_t len;
    const char *id = m8_arg_string(L, 1, &len);
    lua_getfield(L, LUA_REGISTRYINDEX, REG_KEY);
    int already = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (already) return luaL_error(L, "cartdata() can only be called once per run");
    if (!id || !valid_id(id, len))
        return luaL_error(L, "cartdata: bad id \"%s\": an id is 1-64 characters of a-z 0-9 _",
                          id ? id : "(not a string)");
    const char *dir = data_dir();
    if (!dir) return luaL_error(L, "cartdata: cannot create the data folder");
    char path[1100];
    data_path(path, sizeof path, dir, id);
    lua_pushstring(L, path);
    lua_setfield(L, LUA_REGISTRYINDEX, REG_KEY);
    char why[160] = "";
    uint8_t *ram = m8_ram(L);
    int state = load(ram, path, why, sizeof why);
    if (state == LOAD_DAMAGED) {
        /* never silently zeroed: the damaged file is kept aside, what could be read is saved */
        char msg[2600];
        const char *aside = keep_aside(path);
        if (aside && save(ram, path) == 0)
            snprintf(msg, sizeof msg, "cartdata: %s is damaged (%s); kept as %s, the values "
                     "before the damage are loaded", path, why, aside);
        else {
            snprintf(msg, sizeof msg, "cartdata: %s is damaged (%s) and could not be moved "
                     "aside (%s); it is left as it is and dset() will not save", path, why,
                     strerror(errno));
            lua_pushboolean(L, 0);              /* called, but no file to save to */
            lua_setfield(L, LUA_REGISTRYINDEX, REG_KEY);
        }
        m8_vm_printh(L, msg);
    }
    lua_pushboolean(L, state != LOAD_MISSING);
    return 1;
}

int m8l_dget(lua_State *L)
{
    int i = m8_arg_int(L, 1, 0);
    if (i < 0 || i > 63) {
        lua_pushinteger(L, 0);
        return 1;
    }
    m8_push_num(L, m8_num_from_raw((int32_t)m8_peek_32(m8_ram(L), M8_CARTDATA + 4 * (uint32_t)i)));
    return 1;
}

int m8l_dset(lua_State *L)
{
    int i = m8_arg_int(L, 1, 0);
    if (i < 0 || i > 63) return 0;
    uint8_t *ram = m8_ram(L);
    uint32_t a = M8_CARTDATA + 4 * (uint32_t)i, v = (uint32_t)m8_arg_raw(L, 2, 0);
    if (m8_peek_32(ram, a) == v) return 0;
    m8_poke_32(ram, a, v);
    lua_getfield(L, LUA_REGISTRYINDEX, REG_KEY);
    const char *path = lua_tostring(L, -1);
    if (path && save(ram, path) != 0) {
        char msg[1200];
        snprintf(msg, sizeof msg, "cartdata: could not save %s (%s)", path, strerror(errno));
        m8_vm_printh(L, msg);
    }
    lua_pop(L, 1);
    return 0;
}
