/* api_coroutine.c - coresume as PICO-8 carts see it: Lua's coroutine.resume, except that the
 * message of an error caught inside the coroutine names the tab and line ("tab 1, line 4:
 * attempt to ...") as every other cart error does, not the translated chunk's "cart:N:".
 * No Lua runs here, so the counts are those of coroutine.resume.
 * Depends on: api_internal.h, vm_internal.h. */
#include <string.h>
#include "api_internal.h"
#include "vm_internal.h"

int m8_coresume_located(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    if (lua_gettop(L) >= 2 && lua_isboolean(L, 1) && !lua_toboolean(L, 1) &&
        lua_type(L, 2) == LUA_TSTRING) {
        char located[1024];
        m8_vm_locate(m8_vm_of(L), lua_tostring(L, 2), located, sizeof located);
        lua_pushstring(L, located);
        lua_replace(L, 2);
    }
    return lua_gettop(L);
}
