/* api_sandbox.c - Lua base functions given to carts in a safer form. setmetatable(t, mt)
 * behaves as Lua's, except that a __gc field of mt does not make t finalizable: a finalizer
 * runs inside the garbage collector, where mote8 can neither count nor pause it, so an
 * endless loop there would freeze the host. The field stays in mt (rawget sees it); it is
 * simply never called (docs/dialect.md).
 * Depends on: api_internal.h. */
#include "api_internal.h"

int m8l_setmetatable(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    int t = lua_type(L, 2);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    int had_gc = 0;
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        had_gc = lua_rawget(L, 2) != LUA_TNIL;          /* stack: t mt gc */
        if (had_gc) {
            lua_pushliteral(L, "__gc");
            lua_pushnil(L);
            lua_rawset(L, 2);
        }
    }
    lua_pushvalue(L, 2);
    lua_setmetatable(L, 1);
    if (had_gc) {                                       /* put the field back, unused */
        lua_pushliteral(L, "__gc");
        lua_pushvalue(L, 3);
        lua_rawset(L, 2);
    }
    lua_settop(L, 1);
    return 1;
}
