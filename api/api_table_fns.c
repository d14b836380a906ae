/* api_table_fns.c - PICO-8's table helpers: add del deli count all foreach (reference 8.6),
 * and unpack (Lua's table.unpack, charged per value).
 * Each reports as cost units the elements it visits or moves (api_table.h has the rules),
 * so a loop of them on a long table is charged for its work.
 * all() and foreach() tolerate deleting the current item while iterating: the iterator only
 * moves on when the item it returned last is still in its slot.
 * inext(t, i) is ipairs' stepper, starting at 1 when i is nil (PICO-8 allows that, Lua's
 * own stepper does not).
 * Depends on: api_internal.h. */
#include <limits.h>
#include "api_internal.h"

int m8l_add(lua_State *L)
{
    if (!lua_istable(L, 1)) return 0;
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    lua_Integer at = n + 1;
    if (lua_gettop(L) >= 3 && m8_arg_given(L, 3)) {
        at = m8_arg_int(L, 3, (int)(n + 1));
        if (at < 1) at = 1;
        if (at > n + 1) at = n + 1;
        m8_call_units(L, (double)(n + 1 - at));          /* elements moved up */
        for (lua_Integer i = n; i >= at; i--) {
            lua_rawgeti(L, 1, i);
            lua_rawseti(L, 1, i + 1);
        }
    }
    lua_pushvalue(L, 2);
    lua_rawseti(L, 1, at);
    lua_pushvalue(L, 2);
    return 1;
}

static void remove_at(lua_State *L, lua_Integer at, lua_Integer n)
{
    for (lua_Integer i = at; i < n; i++) {
        lua_rawgeti(L, 1, i + 1);
        lua_rawseti(L, 1, i);
    }
    lua_pushnil(L);
    lua_rawseti(L, 1, n);
}

int m8l_del(lua_State *L)
{
    if (!lua_istable(L, 1)) return 0;
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    m8_call_units(L, (double)n);                 /* compared, then moved: n in all */
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 1, i);
        int same = lua_compare(L, -1, 2, LUA_OPEQ);
        if (same) {
            remove_at(L, i, n);
            return 1;                  /* the removed value is on the stack */
        }
        lua_pop(L, 1);
    }
    return 0;
}

int m8l_deli(lua_State *L)
{
    if (!lua_istable(L, 1)) return 0;
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    lua_Integer at = m8_arg_given(L, 2) ? m8_arg_int(L, 2, (int)n) : n;
    if (at < 1 || at > n) return 0;
    m8_call_units(L, (double)(n - at));          /* elements moved down */
    lua_rawgeti(L, 1, at);
    remove_at(L, at, n);
    return 1;
}

int m8l_count(lua_State *L)
{
    if (!lua_istable(L, 1)) {
        lua_pushinteger(L, 0);
        return 1;
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1), c = 0;
    m8_call_units(L, (double)n);
    int match = lua_gettop(L) >= 2;
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 1, i);
        if (match ? lua_compare(L, -1, 2, LUA_OPEQ) : !lua_isnil(L, -1)) c++;
        lua_pop(L, 1);
    }
    lua_pushinteger(L, c);
    return 1;
}

/* Iterator state in upvalues: 1 table, 2 index of the last item returned, 3 that item.
 * Leaves the next item on the stack (nil at the end). */
static void all_step(lua_State *L, int t, int state_index, int state_last)
{
    lua_Integer i = lua_tointeger(L, state_index);
    if (i > 0) {
        lua_rawgeti(L, t, i);
        if (lua_rawequal(L, -1, state_last)) i++;  /* not deleted: move on */
        lua_pop(L, 1);
    } else {
        i = 1;
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, t);
    while (i <= n) {
        lua_rawgeti(L, t, i);
        if (!lua_isnil(L, -1)) break;
        lua_pop(L, 1);
        i++;
    }
    if (i > n) lua_pushnil(L);
    lua_pushinteger(L, i);
    lua_replace(L, state_index);
    lua_pushvalue(L, -1);
    lua_replace(L, state_last);
}

static int all_iter(lua_State *L)
{
    all_step(L, lua_upvalueindex(1), lua_upvalueindex(2), lua_upvalueindex(3));
    return 1;
}

static int empty_iter(lua_State *L) { (void)L; return 0; }

int m8l_all(lua_State *L)
{
    if (!lua_istable(L, 1)) {
        lua_pushcfunction(L, empty_iter);
        return 1;
    }
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    lua_pushnil(L);
    lua_pushcclosure(L, all_iter, 3);
    return 1;
}

int m8l_foreach(lua_State *L)
{
    if (!lua_istable(L, 1)) return 0;
    lua_settop(L, 2);
    lua_pushinteger(L, 0);   /* 3: index */
    lua_pushnil(L);          /* 4: last */
    for (;;) {
        all_step(L, 1, 3, 4);
        if (lua_isnil(L, -1)) break;
        lua_pushvalue(L, 2);
        lua_insert(L, -2);
        lua_call(L, 1, 0);
    }
    /* the slots stepped over; reported last, as the calls in f report their own units */
    m8_call_units(L, (double)lua_tointeger(L, 3));
    return 0;
}

int m8l_inext(lua_State *L)
{
    lua_Integer i = lua_isnoneornil(L, 2) ? 1 : (lua_Integer)m8_arg_int(L, 2, 0) + 1;
    lua_pushinteger(L, i);
    if (lua_geti(L, 1, i) == LUA_TNIL) return 1;   /* nil: iteration ends */
    return 2;
}

/* unpack(t, [i], [j]): t[i..j] as results (Lua's table.unpack), charged per value. */
int m8l_unpack(lua_State *L)
{
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > j) return 0;
    lua_Unsigned n = (lua_Unsigned)j - (lua_Unsigned)i;
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
        return luaL_error(L, "too many results to unpack");
    m8_call_units(L, (double)n);
    for (; i < j; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, j);
    return (int)n;
}
