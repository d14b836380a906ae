/* lua_weights.h - what each Lua 5.4 instruction costs on mote8's virtual CPU: the one table
 * of per-opcode cycle weights (fitted to published PICO-8 measurements, docs/cost-model.md
 * "Lua by kind of operation"), applied to the counting VM (tools/lua5.4-count.patch), and
 * the mean weight the count-hook fallback charges per instruction, since a hook cannot see
 * opcodes. Depends on: lua.h. */
#ifndef M8_LUA_WEIGHTS_H
#define M8_LUA_WEIGHTS_H

#include <lua.h>

typedef struct m8_lua_weight {
    const char *op;             /* opcode name as luac -l prints it */
    unsigned char cycles;
} m8_lua_weight;

/* Every Lua 5.4 opcode and its weight, in lopcodes.h order. */
extern const m8_lua_weight m8_lua_weights[];
extern const int m8_lua_weight_count;

/* The count hook charges NUM/DEN cycles per instruction: the mean weight of an instruction
 * over the real carts of ../shared/carts/real (docs/cost-model.md). */
#define M8_LUA_HOOK_CYCLES_NUM 5
#define M8_LUA_HOOK_CYCLES_DEN 3

/* Give the counting VM of `L` the weights (unit = 1: every opcode weighs 1 cycle, for the
 * test that compares the counting VM with the count hook instruction by instruction).
 * Returns 0; the number of names this Lua does not know (a table out of date); or -1 when
 * this Lua has no weights (the system's liblua5.4: nothing to do). */
int m8_lua_weights_apply(lua_State *L, int unit);

#endif
