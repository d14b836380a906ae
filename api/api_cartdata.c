/* api_cartdata.c - persistent cart data (reference 1.8, 8.12): cartdata(id) maps 0x5e00-
 * 0x5eff (64 16.16 numbers) to a file, dget/dset read and write it. The file is written
 * atomically (temporary file, fsync, rename) whenever dset changes a value, so saved data
 * survives a crash or a full disk. Files live in $MOTE8_DATA_DIR, else
 * $XDG_DATA_HOME/mote8/cdata, else ~/.local/share/mote8/cdata, one `ID.p8d.txt` per id:
 * 64 lines of 8 hex digits (the raw 32-bit values).
 * Depends on: api_internal.h, ram.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "api_internal.h"
#include "p8num.h"

#define REG_KEY "mote8.cartdata"     /* registry: the id in use, once cartdata() is called */

static int valid_id(const char *id, size_t len)
{
    if (len == 0 || len > 64) return 0;
    for (size_t i = 0; i < len; i++) {
        char c = id[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return 0;
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

/* Read the file into 0x5e00; returns 1 if it existed and parsed. */
static int load(uint8_t *ram, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[64];
    int i = 0;
    while (i < 64 && fgets(line, sizeof line, f)) {
        char *end;
        unsigned long v = strtoul(line, &end, 16);
        if (end == line) continue;
        m8_poke_32(ram, M8_CARTDATA + 4 * (uint32_t)i, (uint32_t)v);
        i++;
    }
    fclose(f);
    return 1;
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
        return luaL_error(L, "cartdata: id must be 1-64 characters of a-z 0-9 _ -");
    const char *dir = data_dir();
    if (!dir) return luaL_error(L, "cartdata: cannot create the data folder");
    char path[1100];
    data_path(path, sizeof path, dir, id);
    lua_pushstring(L, path);
    lua_setfield(L, LUA_REGISTRYINDEX, REG_KEY);
    lua_pushboolean(L, load(m8_ram(L), path));
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
