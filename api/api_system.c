/* api_system.c - system bindings: printh stat time flip assert menuitem (reference 8.13);
 * run, stop, load and extcmd are in api_flow.c.
 * Depends on: dialect/p8_runtime.h, api_internal.h, vm_internal.h, p8num.h, synth.h. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "api_internal.h"
#include "dialect/p8_runtime.h"
#include "p8num.h"
#include "synth.h"
#include "vm_internal.h"

#define M8_VERSION_ID 42   /* stat(5): the cart format version mote8 reads natively */

/* A value as PICO-8 prints it: numbers formatted, booleans, nil, others by type. */
static const char *display_string(lua_State *L, int i, char *buf, size_t bufsz)
{
    switch (lua_type(L, i)) {
    case LUA_TSTRING: return lua_tostring(L, i);
    case LUA_TNUMBER: m8_num_format(lua_tonumber(L, i), buf); return buf;
    case LUA_TBOOLEAN: return lua_toboolean(L, i) ? "true" : "false";
    case LUA_TNIL: case LUA_TNONE: return "[nil]";
    default:
        snprintf(buf, bufsz, "[%s]", luaL_typename(L, i));
        return buf;
    }
}

int m8l_printh(lua_State *L)
{
    char buf[48];
    const char *text = display_string(L, 1, buf, sizeof buf);
    size_t file_len = 0;
    const char *file = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &file_len) : NULL;
    int overwrite = lua_toboolean(L, 3);
    if (file) return m8_printh_file(L, file, file_len, text, overwrite);   /* cart_output.c */
    m8_vm_printh(L, text);
    return 0;
}

int m8l_time(lua_State *L)
{
    m8_machine *m = m8_machine_of(L);
    m8_push_num(L, (double)m->updates / (double)(m->fps ? m->fps : M8_FPS));
    return 1;
}

int m8l_flip(lua_State *L) { return m8_vm_flip(L); }

int m8l_assert(lua_State *L)
{
    if (lua_toboolean(L, 1)) return lua_gettop(L);
    if (m8_arg_given(L, 2)) {
        char buf[48];
        return luaL_error(L, "assertion failed: %s", display_string(L, 2, buf, sizeof buf));
    }
    return luaL_error(L, "assertion failed!");
}

static void push_date(lua_State *L, int n, int local)
{
    time_t now = time(NULL);
    struct tm tmv;
    if (local) localtime_r(&now, &tmv);
    else gmtime_r(&now, &tmv);
    int v[6] = { tmv.tm_year + 1900, tmv.tm_mon + 1, tmv.tm_mday, tmv.tm_hour, tmv.tm_min,
                 tmv.tm_sec };
    lua_pushinteger(L, v[n]);
}

int m8l_stat(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    m8_machine *m = vm->machine;
    int n = m8_arg_int(L, 1, 0);
    switch (n) {
    case 0: m8_push_num(L, (double)vm->mem_used / 1024.0); return 1;
    case 1: m8_push_num(L, m8_cost_stat_total(&vm->machine->cost)); return 1;
    case 2: m8_push_num(L, m8_cost_stat_system(&vm->machine->cost)); return 1;
    case 200: case 201:        /* mote8: the cycles behind stat(1) / stat(2), as 16.16 wraps them */
        lua_pushinteger(L, m8_cost_stat_cycles(&vm->machine->cost, n == 201));
        return 1;
    case 4: lua_pushliteral(L, ""); return 1;
    case 6: lua_pushstring(L, vm->param); return 1;        /* run() / load() parameter */
    case 5: lua_pushinteger(L, M8_VERSION_ID); return 1;
    case 7: case 9:            /* the rate actually shown: halved when over budget */
        lua_pushinteger(L, vm->machine->cost.halved ? m->fps / 2 : m->fps);
        return 1;
    case 8: lua_pushinteger(L, m->fps); return 1;
    case 32: lua_pushinteger(L, vm->input.mouse_x); return 1;
    case 33: lua_pushinteger(L, vm->input.mouse_y); return 1;
    case 34: lua_pushinteger(L, vm->input.mouse_buttons); return 1;
    case 30:                    /* a typed character waits (devkit keyboard on) */
        lua_pushboolean(L, (m->ram[M8_DEVKIT] & 1) && vm->input.keys[0] != 0);
        return 1;
    case 31:                    /* the next typed character, taken from this tick's keys */
        if (!(m->ram[M8_DEVKIT] & 1) || !vm->input.keys[0]) {
            lua_pushliteral(L, "");
            return 1;
        }
        lua_pushlstring(L, vm->input.keys, 1);
        memmove(vm->input.keys, vm->input.keys + 1, sizeof vm->input.keys - 1);
        return 1;
    case 36: lua_pushinteger(L, vm->input.mouse_wheel); return 1;
    case 38: lua_pushinteger(L, vm->input.mouse_dx); return 1;
    case 39: lua_pushinteger(L, vm->input.mouse_dy); return 1;
    case 100:                  /* the breadcrumb's label, nil without one */
        if (mote8_breadcrumb(vm)) lua_pushstring(L, mote8_breadcrumb(vm));
        else lua_pushnil(L);
        return 1;
    case 57: lua_pushboolean(L, m8_synth_stat(m->synth, 57) != 0); return 1;
    case 108: lua_pushinteger(L, m8_pcm_channel_queued(&m->pcm)); return 1;   /* serial 0x808 */
    case 109: lua_pushinteger(L, m8_pcm_channel_room(&m->pcm)); return 1;
    default: break;
    }
    if ((n >= 16 && n <= 26) || (n >= 46 && n <= 56)) {
        lua_pushinteger(L, m8_synth_stat(m->synth, n));
        return 1;
    }
    if (n >= 80 && n <= 85) { push_date(L, n - 80, 0); return 1; }
    if (n >= 90 && n <= 95) { push_date(L, n - 90, 1); return 1; }
    lua_pushinteger(L, 0);
    return 1;
}

/* menuitem(i, [label], [callback]): pause-menu items 1-5 (bits 0xff00 of i: the buttons
 * that trigger the callback, default confirm only), kept in the registry table
 * "mote8.menu" as {label, callback, mask} for the host's pause menu (api/menu.c); a nil
 * label removes the item. Inside a callback, menuitem(nil, label) relabels that item. */
int m8l_menuitem(lua_State *L)
{
    int raw = m8_arg_int(L, 1, 0);
    int i = raw & 0xff, mask = (raw >> 8) & 0xff;
    if (lua_isnoneornil(L, 1)) {               /* the item whose callback is running */
        lua_getfield(L, LUA_REGISTRYINDEX, "mote8.menu.current");
        i = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    if (i < 1 || i > 5) return 0;
    if (lua_getfield(L, LUA_REGISTRYINDEX, "mote8.menu") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, "mote8.menu");
    }
    if (lua_isnoneornil(L, 2)) {
        lua_pushnil(L);
    } else if (lua_isnoneornil(L, 1) && lua_rawgeti(L, -1, i) == LUA_TTABLE) {
        lua_pushvalue(L, 2);                   /* relabel, keep callback and mask */
        lua_rawseti(L, -2, 1);
    } else {
        if (lua_isnoneornil(L, 1)) lua_pop(L, 1);
        lua_createtable(L, 3, 0);
        lua_pushvalue(L, 2);
        lua_rawseti(L, -2, 1);
        lua_pushvalue(L, 3);
        lua_rawseti(L, -2, 2);
        lua_pushinteger(L, mask);
        lua_rawseti(L, -2, 3);
    }
    lua_rawseti(L, -2, i);
    lua_pop(L, 1);
    return 0;
}

/* tostr(v, [flags]) for carts: p8_runtime's conversion, charged per character made. */
int m8l_tostr(lua_State *L)
{
    int n = m8_lua_tostr(L);
    m8_call_units(L, (double)lua_rawlen(L, -1));
    return n;
}
