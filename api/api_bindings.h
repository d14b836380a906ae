/* api_bindings.h - declarations of every C binding named in api/api_table.h, generated from
 * the table itself so the two can never disagree. Depends on: Lua 5.4, api_table.h. */
#ifndef M8_API_BINDINGS_H
#define M8_API_BINDINGS_H

#include <lua.h>
#include "api_table.h"

#define M8_DECL_X(name, fn, group, min_args, flags, cost, help) int fn(lua_State *L);
#define M8_DECL_B(name, src, group, help)
M8_API_TABLE(M8_DECL_X, M8_DECL_B)
#undef M8_DECL_X
#undef M8_DECL_B

#endif
