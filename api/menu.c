/* menu.c - the cart's side of the pause menu: the items registered with menuitem() (kept in
 * the registry table "mote8.menu" by api_system.c as {label, callback, button mask}),
 * running an item's callback with the pressed buttons, and restarting the cart (keeping its
 * stat(6) parameter and its breadcrumb). A callback that calls load(), run(), stop() or an
 * extcmd() ending the cart is not an error: the request is carried out by the next tick.
 * Depends on: api_internal.h, vm_internal.h, api/mote8.h. */
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"
#include "vm_internal.h"

#define MENU_KEY "mote8.menu"
#define CONFIRM_BIT 32

/* Push item i's entry table, or return 0 (nothing pushed) if there is none. */
static int push_item(lua_State *L, int i)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, MENU_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE) {
        lua_pop(L, 2);
        return 0;
    }
    lua_remove(L, -2);
    return 1;
}

int mote8_menu_items(mote8 *vm, char labels[][MOTE8_MENU_LABEL], int *indices, int max)
{
    lua_State *L = vm->L;
    int n = 0;
    if (!L) return 0;
    for (int i = 1; i <= MOTE8_MENU_MAX && n < max; i++) {
        if (!push_item(L, i)) continue;
        lua_rawgeti(L, -1, 1);
        size_t len = 0;
        const char *s = lua_tolstring(L, -1, &len);
        if (s) {
            if (len > 16) len = 16;                  /* PICO-8 labels are 16 characters */
            memcpy(labels[n], s, len);
            labels[n][len] = 0;
            indices[n++] = i;
        }
        lua_pop(L, 2);
    }
    return n;
}

int mote8_menu_activate(mote8 *vm, int index, int buttons)
{
    lua_State *L = vm->L;
    if (!L || vm->status != MOTE8_RUNNING || !push_item(L, index)) return 0;
    lua_rawgeti(L, -1, 3);
    int mask = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (!mask) mask = CONFIRM_BIT;
    if (!(buttons & mask)) {                         /* the item ignores this button */
        lua_pop(L, 1);
        return 1;
    }
    lua_rawgeti(L, -1, 2);
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushinteger(L, index);                       /* for menuitem(nil, label) */
    lua_setfield(L, LUA_REGISTRYINDEX, "mote8.menu.current");
    lua_pushinteger(L, buttons);
    m8_vm_watch_begin(vm);                           /* its own endless-loop watch */
    int rc = lua_pcall(L, 1, 1, 0);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "mote8.menu.current");
    if (rc != LUA_OK && vm->request.kind != M8_REQ_NONE) {  /* load(), stop() ... */
        lua_pop(L, 1);
        return 0;
    }
    if (rc != LUA_OK) {
        m8_vm_set_error(vm, "%s: in a menu item: %s", vm->cart_name, lua_tostring(L, -1));
        lua_pop(L, 1);
        return 0;
    }
    int keep = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return keep;
}

int mote8_reset(mote8 *vm)
{
    if (!vm->cart_data) return -1;
    m8_vm_clear_request(vm);
    return m8_vm_start_cart(vm, vm->cart_name, 1);
}
