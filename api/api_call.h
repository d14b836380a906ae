/* api_call.h - what the dispatcher (api_registry.c) does around every C binding: open the
 * call, close it (charge the row's cost rule on the units the binding reported, tell an
 * attached profiler). Implemented in api_call.c.
 * Depends on: Lua 5.4, api_registry.h. */
#ifndef M8_API_CALL_H
#define M8_API_CALL_H

#include <lua.h>
#include "api_registry.h"

void m8_call_begin(lua_State *L, const m8_api_row *row);
void m8_call_end(lua_State *L, const m8_api_row *row);
/* Charge the running call at once: for a binding about to yield frames (print's waits),
 * whose dispatcher frame never sees it return. */
void m8_call_charge_now(lua_State *L);
/* A cost rule's cycles for `units`: base + per * max(min, units/div), rounded as it says. */
uint64_t m8_call_rule_cycles(const m8_cost_rule *rule, double units);

#endif
