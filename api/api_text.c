/* api_text.c - the print() binding (reference 8.5): converts the value as tostr would,
 * chooses the cursor or the x,y form from the arguments, plays `\a` audio strings through
 * the synth, and hands everything else to the text engine. Frame waits in the text
 * (`\^1`..`\^9`, `\^d`) are not performed: print never suspends the cart.
 * Depends on: api_internal.h, runtime/core text.h, synth.h, p8num.h. */
#include <stdio.h>
#include <string.h>

#include "api_internal.h"
#include "p8num.h"
#include "synth.h"
#include "text.h"

static int audio_hook(void *user, const char *str, int len)
{
    m8_machine *m = user;
    if (!m->synth) return -1;
    return m8_synth_play_string(m->synth, m->ram, str, len);
}

/* The text PICO-8 prints for argument 1: strings as they are, numbers as tostr, booleans,
 * "[nil]", other types as "[type]"; print() with no argument prints an empty line. */
static const char *print_text(lua_State *L, char *buf, size_t bufsz, size_t *len)
{
    const char *s;
    switch (lua_type(L, 1)) {
    case LUA_TSTRING: return lua_tolstring(L, 1, len);
    case LUA_TNUMBER: *len = (size_t)m8_num_format(lua_tonumber(L, 1), buf); return buf;
    case LUA_TBOOLEAN: s = lua_toboolean(L, 1) ? "true" : "false"; break;
    case LUA_TNONE: s = ""; break;
    case LUA_TNIL: s = "[nil]"; break;
    default: snprintf(buf, bufsz, "[%s]", luaL_typename(L, 1)); s = buf; break;
    }
    *len = strlen(s);
    return s;
}

/* print(s, [x, y], [col]) / print(s, col): returns the right-most x reached. */
int m8l_print(lua_State *L)
{
    char buf[48];
    size_t len;
    const char *s = print_text(L, buf, sizeof buf, &len);
    m8_machine *m = m8_machine_of(L);
    m8_text_hooks hooks = {m, audio_hook, NULL};
    int has_xy = 0, x = 0, y = 0, has_col = 0, col = 0;
    if (m8_arg_given(L, 3)) {
        has_xy = 1;
        x = m8_arg_int(L, 2, 0);
        y = m8_arg_int(L, 3, 0);
        if (m8_arg_given(L, 4)) { has_col = 1; col = m8_arg_int(L, 4, 0); }
    } else if (m8_arg_given(L, 2)) {
        has_col = 1;
        col = m8_arg_int(L, 2, 0);
    }
    if (len > 0x7fffffff) len = 0x7fffffff;
    m8_cost_units(L, (double)len);
    int right = m8_text_print(m->ram, s, (int)len, has_xy, x, y, has_col, col, &hooks, NULL);
    m8_push_num(L, right);
    return 1;
}

/* cursor([x,y],[col]): set the print cursor and the home x new lines return to, optionally
 * the pen; returns the previous x, y and pen colour. */
int m8l_cursor(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int old_x = ram[M8_CURSOR_X], old_y = ram[M8_CURSOR_Y], old_col = ram[M8_PEN] & 15;
    int x = m8_arg_int(L, 1, 0), y = m8_arg_int(L, 2, 0);
    ram[M8_CURSOR_X] = (uint8_t)x;
    ram[M8_CURSOR_Y] = (uint8_t)y;
    ram[M8_PRINT_HOME_X] = (uint8_t)x;
    if (m8_arg_given(L, 3)) ram[M8_PEN] = (uint8_t)(m8_arg_int(L, 3, 6) & 0xff);
    lua_pushinteger(L, old_x);
    lua_pushinteger(L, old_y);
    lua_pushinteger(L, old_col);
    return 3;
}
