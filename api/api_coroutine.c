/* api_coroutine.c - coresume as PICO-8 carts see it: Lua's coroutine.resume, except that the
 * message of an error caught inside the coroutine names the tab and line ("tab 1, line 4:
 * attempt to ...") as every other cart error does, not the translated chunk's "cart:N:".
 * The first error that ends a coroutine is kept for the host (mote8_coroutine_error), as
 * a cart may drop it; resuming a dead coroutine is no such error.
 * No Lua runs here, so the counts are those of coroutine.resume.
 * Depends on: api_internal.h, vm_internal.h. */
#include <stdio.h>
#include <string.h>
#include "api_internal.h"
#include "vm_internal.h"

int m8_coresume_located(lua_State *L)
{
    int n = lua_gettop(L);
    lua_State *co = lua_tothread(L, 1);
    int was_alive = co && (lua_status(co) == LUA_OK || lua_status(co) == LUA_YIELD);
    lua_pushvalue(L, 1);                     /* keeps co alive under the results */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 2);                     /* co resume args... */
    lua_call(L, n, LUA_MULTRET);
    int died = was_alive && lua_status(co) > LUA_YIELD;
    lua_remove(L, 1);
    if (lua_gettop(L) >= 2 && lua_isboolean(L, 1) && !lua_toboolean(L, 1) &&
        lua_type(L, 2) == LUA_TSTRING) {
        char located[1024];
        m8_vm *vm = m8_vm_of(L);
        m8_vm_locate(vm, lua_tostring(L, 2), located, sizeof located);
        if (died && vm->request.kind == M8_REQ_NONE && !vm->coroutine_error[0])
            snprintf(vm->coroutine_error, sizeof vm->coroutine_error, "%.*s",
                     (int)sizeof vm->coroutine_error - 1, located);    /* its start */
        lua_pushstring(L, located);
        lua_replace(L, 2);
    }
    return lua_gettop(L);
}
