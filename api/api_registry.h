/* api_registry.h - the expanded API table: rows, registration into an environment table,
 * cost rule evaluation. Depends on: Lua 5.4, api_table.h. */
#ifndef M8_API_REGISTRY_H
#define M8_API_REGISTRY_H

#include <stdint.h>
#include <lua.h>
#include "api_table.h"

typedef struct m8_api_row {
    const char *name;
    lua_CFunction fn;          /* NULL for rows taken from Lua's libraries */
    const char *lua_source;    /* "table.pack" etc. for those rows */
    int group;
    int min_args;
    int flags;                 /* M8_ROW_* */
    m8_cost_rule cost;
    const char *help;
} m8_api_row;

extern const m8_api_row m8_api_rows[];
extern const int m8_api_row_count;

void m8_api_register(lua_State *L, int env_index);
/* The API table as a Markdown page (docs/api.md). */
void m8_api_markdown(void (*emit)(void *user, const char *line), void *user);

#endif
