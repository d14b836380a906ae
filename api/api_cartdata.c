/* api_cartdata.c - persistent cart data (reference 1.8, 8.12): cartdata(id) maps 0x5e00-
 * 0x5eff (64 16.16 numbers) to a save kept by the host, dget/dset read and write it. The
 * machine holds no files: it asks the platform's load_data when cartdata() is called and
 * hands the 256 bytes to save_data when a tick ends in which dset changed a value (at most
 * one write per frame however many dset() calls it makes), and when the machine is reset,
 * hands over to another cart or is destroyed (the POSIX host writes them atomically,
 * runtime/platform/cartdata_store.c). Without those callbacks the data lives in memory for the
 * run, and a cart load()ed later in the run that calls cartdata() with the same id sees it
 * (api/cart_flow.c). Ids follow PICO-8's rule (a-z 0-9 _ and, as zepto8 allows, -; at most
 * 64 characters; checked by m8_cart_name_resolve, runtime/core/cart_names.c), so no id can name a
 * file outside the host's data folder. A save the host cannot read is reported through
 * printh; if the host could not keep it aside, dset() does not save over it for the rest of
 * the run. A save that fails (a full disk) is reported once per run, not once per frame.
 * Depends on: p8num.h, api_internal.h, cart_names.h, vm_internal.h (the platform), ram.h. */
#include <stdio.h>
#include <string.h>
#include "api_internal.h"
#include "cart_names.h"
#include "p8num.h"
#include "vm_internal.h"

#define REG_KEY "mote8.cartdata"     /* registry: the id in use, once cartdata() is called */

int m8l_cartdata(lua_State *L)
{
    size_t len;
    const char *id = m8_arg_string(L, 1, &len);
    lua_getfield(L, LUA_REGISTRYINDEX, REG_KEY);
    int already = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (already) return luaL_error(L, "cartdata() can only be called once per run");
    char why[200];
    if (!id) return luaL_error(L, "cartdata: bad id (not a string)");
    if (m8_cart_name_resolve(M8_NAME_DATA_ID, NULL, id, len, NULL, NULL, 0, why, sizeof why) != 0)
        return luaL_error(L, "cartdata: %s", why);
    const mote8_platform *pf = &m8_vm_of(L)->config.platform;
    uint8_t *data = m8_ram(L) + M8_CARTDATA;
    int found = 0;
    char err[1024] = "";
    m8_vm *vm = m8_vm_of(L);
    if (pf->load_data) found = pf->load_data(pf->user, id, data, err, sizeof err);
    else if (strcmp(vm->kept_data_id, id) == 0) {     /* no saves: what this run kept */
        memcpy(data, vm->kept_data, 256);
        found = 1;
    }
    if (found < 0) memset(data, 0, 256);
    if (err[0]) {                       /* a damaged save: what the host did with it */
        char msg[1100];
        snprintf(msg, sizeof msg, "cartdata: %s", err);
        m8_vm_printh(L, msg);
    }
    if (found < 0) lua_pushboolean(L, 0);   /* called, but nothing is saved this run */
    else lua_pushstring(L, id);
    snprintf(vm->cartdata_id, sizeof vm->cartdata_id, "%s", found < 0 ? "" : id);
    vm->cartdata_dirty = 0;
    lua_setfield(L, LUA_REGISTRYINDEX, REG_KEY);
    lua_pushboolean(L, found > 0);
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
    m8_vm_of(L)->cartdata_dirty = 1;        /* saved when the tick ends (m8_cartdata_flush) */
    return 0;
}

void m8_cartdata_flush(m8_vm *vm)
{
    if (!vm->cartdata_dirty || !vm->cartdata_id[0]) return;
    vm->cartdata_dirty = 0;
    const mote8_platform *pf = &vm->config.platform;
    char err[512] = "";
    if (!pf->save_data) {               /* no saves: keep them for the carts of this run */
        snprintf(vm->kept_data_id, sizeof vm->kept_data_id, "%s", vm->cartdata_id);
        memcpy(vm->kept_data, vm->machine->ram + M8_CARTDATA, 256);
        return;
    }
    if (pf->save_data(pf->user, vm->cartdata_id, vm->machine->ram + M8_CARTDATA, err,
                      sizeof err) != 0 && !vm->cartdata_save_failed) {
        vm->cartdata_save_failed = 1;   /* said once: a full disk fails every frame */
        char msg[700];
        snprintf(msg, sizeof msg, "cartdata: %s; later failures to save are not reported", err);
        if (pf->printh) pf->printh(pf->user, msg);
    }
}
