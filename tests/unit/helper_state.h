/* helper_state.h - the Lua state the suites of the dialect's helpers in the VM use
 * (divmod_inline, fused_ops): the standard libraries and the helpers as globals, charging
 * through `charge`. Depends on: dialect/p8_runtime.h, Lua 5.4. */
#ifndef M8_TEST_HELPER_STATE_H
#define M8_TEST_HELPER_STATE_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "dialect/p8_runtime.h"

static inline lua_State *m8t_helper_state(m8_op_charge charge)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    lua_pushglobaltable(L);
    m8_translate_register_helpers(L, -1);
    m8_translate_set_charge(L, -1, charge);
    lua_pop(L, 1);
    return L;
}

#endif
