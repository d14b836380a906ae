/* api_string.c - PICO-8 string helpers: sub chr ord split (reference 8.7).
 * Each reports as cost units the characters or values it makes (api_table.h has the rules).
 * Numbers given where strings are expected are converted with PICO-8's formatting.
 * Depends on: api_internal.h, p8num.h. */
#include <string.h>
#include "api_internal.h"
#include "p8num.h"

int m8l_sub(lua_State *L)
{
    size_t len;
    const char *s = m8_arg_string(L, 1, &len);
    if (!s) return 0;
    lua_Integer n = (lua_Integer)len;
    lua_Integer i = m8_arg_int(L, 2, 1);
    lua_Integer j;
    if (lua_isnoneornil(L, 3)) j = -1;
    else if (!lua_isnumber(L, 3)) j = i;        /* j given but not a number: one char */
    else j = m8_arg_int(L, 3, -1);
    if (i < 0) i = n + i + 1 < 1 ? 1 : n + i + 1;
    else if (i == 0) i = 1;
    if (j < 0) j = n + j + 1;
    else if (j > n) j = n;
    /* the characters copied, and 1 per 32 of s (PICO-8 0.2.4: "sub() costs some cpu based
     * on the length of the string") */
    m8_call_units(L, (double)((i > j ? 0 : j - i + 1) + n / 32));
    if (i > j) {
        lua_pushliteral(L, "");
    } else {
        lua_pushlstring(L, s + i - 1, (size_t)(j - i + 1));
    }
    return 1;
}

int m8l_chr(lua_State *L)
{
    int n = lua_gettop(L);
    m8_call_units(L, (double)n);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) luaL_addchar(&b, (char)(m8_arg_int(L, i, 0) & 255));
    luaL_pushresult(&b);
    return 1;
}

int m8l_ord(lua_State *L)
{
    size_t len;
    const char *s = m8_arg_string(L, 1, &len);
    if (!s) return 0;
    int i = m8_arg_int(L, 2, 1), n = m8_arg_int(L, 3, 1);
    if (n < 1) return 0;
    if (n > 8192) n = 8192;
    m8_call_units(L, (double)n);
    luaL_checkstack(L, n, "ord: too many results");
    for (int k = 0; k < n; k++) {
        long p = (long)i + k;
        if (p >= 1 && p <= (long)len) lua_pushinteger(L, (unsigned char)s[p - 1]);
        else lua_pushnil(L);
    }
    return n;
}

static void push_field(lua_State *L, const char *s, size_t len, int convert)
{
    double v;
    if (convert && len > 0 && m8_num_parse(s, (int)len, 0, &v)) m8_push_num(L, v);
    else lua_pushlstring(L, s, len);
}

int m8l_split(lua_State *L)
{
    size_t len;
    const char *s = m8_arg_string(L, 1, &len);
    if (!s) return 0;
    int convert = lua_isnoneornil(L, 3) ? 1 : lua_toboolean(L, 3);
    m8_call_units(L, (double)len);               /* characters scanned */
    lua_newtable(L);
    int out = lua_gettop(L);
    lua_Integer k = 1;
    if (lua_type(L, 2) == LUA_TNUMBER) {           /* fixed-size chunks */
        int size = m8_arg_int(L, 2, 1);
        if (size < 1) size = 1;
        for (size_t p = 0; p < len; p += (size_t)size) {
            size_t n = len - p < (size_t)size ? len - p : (size_t)size;
            push_field(L, s + p, n, convert);
            lua_rawseti(L, out, k++);
        }
        return 1;
    }
    size_t seplen = 1;
    const char *sep = lua_isnoneornil(L, 2) ? "," : m8_arg_string(L, 2, &seplen);
    if (!sep) sep = ",", seplen = 1;
    if (seplen == 0) {                             /* every character */
        for (size_t p = 0; p < len; p++) {
            push_field(L, s + p, 1, convert);
            lua_rawseti(L, out, k++);
        }
        return 1;
    }
    char c = sep[0];
    size_t start = 0;
    for (size_t p = 0; p <= len; p++) {
        if (p == len || s[p] == c) {
            push_field(L, s + start, p - start, convert);
            lua_rawseti(L, out, k++);
            start = p + 1;
        }
    }
    return 1;
}
