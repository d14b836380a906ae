/* api_sandbox.c - Lua base functions given to carts in a safer form. setmetatable(t, mt)
 * behaves as Lua's, and a __gc field of mt makes t finalizable, but the finalizer does not
 * run inside the garbage collector (where nothing is counted and nothing can be paused):
 * t gets a sentinel userdata, kept in a weak-keyed registry table, whose own C finalizer
 * runs the cart's __gc in a fresh coroutine that is counted and watched for endless loops
 * like any cart code (m8_vm_run_finalizer). As in Lua, mt must have __gc when setmetatable
 * is called, the field is read again when t is collected, and it runs once (again only
 * if the finalizer gives t a metatable with __gc anew).
 * Depends on: api_internal.h, vm_internal.h (m8_vm_run_finalizer). */
#include "api_internal.h"
#include "vm_internal.h"

static const char finalizers_key[] = "m8.finalizers";       /* t -> its sentinel (weak keys) */
static const char sentinel_mt_key[] = "m8.finalizer_sentinel";

/* The sentinel's C finalizer, run by the garbage collector: hands t to the cart's __gc.
 * t leaves the registry first (Lua keeps a resurrected key until the next cycle), so a
 * setmetatable(t, mt) in the finalizer arms t again, as Lua's own finalizers allow. */
static int sentinel_gc(lua_State *L)
{
    lua_getiuservalue(L, 1, 1);                         /* t */
    int t = lua_gettop(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, finalizers_key) == LUA_TTABLE) {
        lua_pushvalue(L, t);
        if (lua_rawget(L, -2) == LUA_TUSERDATA && lua_touserdata(L, -1) == lua_touserdata(L, 1)) {
            lua_pushvalue(L, t);
            lua_pushnil(L);
            lua_rawset(L, -4);
        }
        lua_pop(L, 1);
    }
    lua_settop(L, t);
    m8_vm_run_finalizer(L, t);
    return 0;
}

/* Give t (at index 1) a sentinel unless it has one. */
static void watch_for_collection(lua_State *L)
{
    if (luaL_getsubtable(L, LUA_REGISTRYINDEX, finalizers_key) == 0) {
        lua_createtable(L, 0, 1);                       /* a new table: weak keys */
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
    }
    lua_pushvalue(L, 1);
    if (lua_rawget(L, -2) != LUA_TNIL) {                /* already watched */
        lua_pop(L, 2);
        return;
    }
    lua_pop(L, 1);
    lua_newuserdatauv(L, 0, 1);                         /* finalizers sentinel */
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    if (luaL_newmetatable(L, sentinel_mt_key)) {
        lua_pushcfunction(L, sentinel_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    lua_pushvalue(L, 1);
    lua_insert(L, -2);                                  /* finalizers t sentinel */
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

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
    if (had_gc) {                                       /* put the field back */
        lua_pushliteral(L, "__gc");
        lua_pushvalue(L, 3);
        lua_rawset(L, 2);
        lua_settop(L, 1);
        watch_for_collection(L);
    }
    lua_settop(L, 1);
    return 1;
}
