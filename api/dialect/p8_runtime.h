/* p8_runtime.h - Lua-side runtime of the dialect translator: the __m8_* helper functions the
 * translated code calls, PICO-8 tostr/tonum, the glyph globals of reference 6.2 and the
 * string indexing metatable (str[i]). Depends on: Lua 5.4, p8num.h, p8_translate.h. */
#ifndef M8_P8_RUNTIME_H
#define M8_P8_RUNTIME_H

#include <stddef.h>
#include <lua.h>

/* Put everything translated code needs into the table at env_index:
 *   - the helpers of p8_helpers.h (__m8_band, __m8_div, __m8_cat ...; docs/dialect.md);
 *   - the 26 glyph globals (_x80 .. _x99, values of reference 6.2) unless already set;
 *   - the string metatable's __index so that ("abc")[2] == "b" (global to the lua_State).
 * __m8_peek/__m8_peek2/__m8_peek4 are the env's peek/peek2/peek4 functions as found NOW
 * (register the API table first), so `@a` keeps working if the cart redefines `peek`; if
 * they are not there yet, the helpers look up env.peek/peek2/peek4 at each call. */
void m8_translate_register_helpers(lua_State *L, int env_index);

/* Called by __m8_cat with the length of each result longer than M8_CAT_CHARGED_FROM bytes,
 * so the host can charge a `..` by the bytes it copies (api/vm.c: 1 cycle per 16). */
#define M8_CAT_CHARGED_FROM 64
typedef void (*m8_cat_charge)(lua_State *L, size_t bytes);
/* The charge of __m8_cat in the env at env_index (after m8_translate_register_helpers). */
void m8_translate_charge_cat(lua_State *L, int env_index, m8_cat_charge charge);

/* Only the glyph globals (called by m8_translate_register_helpers). */
void m8_set_glyph_globals(lua_State *L, int env_index);
/* Raw 16.16 value of glyph byte 0x80+i, i in 0..25. */
extern const unsigned int m8_glyph_raw[26];

/* tostr(v, [flags]) and tonum(v, [flags]) as Lua C functions (reference 7.7 / 7.8). */
int m8_lua_tostr(lua_State *L);
int m8_lua_tonum(lua_State *L);

/* Push the PICO-8 string form of the value at idx (what print and `..` show: numbers as
 * tostr, nil "[nil]", tables "[table]" unless __tostring ...). Returns the pushed string. */
const char *m8_push_tostr(lua_State *L, int idx, size_t *len);

#endif
