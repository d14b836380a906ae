/* lua_weights.c - the cycle weight of every Lua 5.4 opcode (see lua_weights.h).
 *
 * PICO-8 runs Lua 5.2 and charges by kind of operation; mote8 runs Lua 5.4, whose opcodes
 * map onto 5.2's (LOADI/LOADF are LOADK, GETFIELD/GETI are GETTABLE, ADDI/ADDK are ADD,
 * EQK/LTI are EQ/LT, RETURN0/RETURN1 are RETURN). Weights, in cycles of the 8 MHz CPU
 * (docs/cost-model.md gives the measurements they were fitted to):
 *   1  moves and loads of locals, constants and upvalues; jumps and tests; loop steps
 *   2  table and global reads and writes; arithmetic, bitwise, comparison, length;
 *      calls, returns, closures, varargs, table constructors
 *   0  MMBIN*: a 5.4-only instruction run only when arithmetic falls back to a
 *      metamethod (PICO-8's 5.2 has one instruction there); EXTRAARG is never fetched
 * The patched Lua's fused upvalue call (M8UPCALL: a GETUPVAL and a CALL in one) weighs
 * those two together, which it works out itself; 1 with unit weights.
 * Depends on: lua_weights.h. */
#include "lua_weights.h"

const m8_lua_weight m8_lua_weights[] = {
    {"MOVE", 1}, {"LOADI", 1}, {"LOADF", 1}, {"LOADK", 1}, {"LOADKX", 1},
    {"LOADFALSE", 1}, {"LFALSESKIP", 1}, {"LOADTRUE", 1}, {"LOADNIL", 1},
    {"GETUPVAL", 1}, {"SETUPVAL", 1},
    {"GETTABUP", 2}, {"GETTABLE", 2}, {"GETI", 2}, {"GETFIELD", 2},
    {"SETTABUP", 2}, {"SETTABLE", 2}, {"SETI", 2}, {"SETFIELD", 2},
    {"NEWTABLE", 2}, {"SELF", 2},
    {"ADDI", 2}, {"ADDK", 2}, {"SUBK", 2}, {"MULK", 2}, {"MODK", 2}, {"POWK", 2},
    {"DIVK", 2}, {"IDIVK", 2}, {"BANDK", 2}, {"BORK", 2}, {"BXORK", 2},
    {"SHRI", 2}, {"SHLI", 2},
    {"ADD", 2}, {"SUB", 2}, {"MUL", 2}, {"MOD", 2}, {"POW", 2}, {"DIV", 2}, {"IDIV", 2},
    {"BAND", 2}, {"BOR", 2}, {"BXOR", 2}, {"SHL", 2}, {"SHR", 2},
    {"MMBIN", 0}, {"MMBINI", 0}, {"MMBINK", 0},
    {"UNM", 2}, {"BNOT", 2}, {"NOT", 1}, {"LEN", 2}, {"CONCAT", 2},
    {"CLOSE", 1}, {"TBC", 1}, {"JMP", 1},
    {"EQ", 2}, {"LT", 2}, {"LE", 2}, {"EQK", 2}, {"EQI", 2}, {"LTI", 2}, {"LEI", 2},
    {"GTI", 2}, {"GEI", 2},
    {"TEST", 1}, {"TESTSET", 1},
    {"CALL", 2}, {"TAILCALL", 2}, {"RETURN", 2}, {"RETURN0", 2}, {"RETURN1", 2},
    {"FORLOOP", 1}, {"FORPREP", 1}, {"TFORPREP", 1}, {"TFORCALL", 2}, {"TFORLOOP", 2},
    {"SETLIST", 2}, {"CLOSURE", 2}, {"VARARG", 2}, {"VARARGPREP", 1}, {"EXTRAARG", 0},
};
const int m8_lua_weight_count = (int)(sizeof m8_lua_weights / sizeof m8_lua_weights[0]);

int m8_lua_weights_apply(lua_State *L, int unit)
{
#ifdef LUA_M8COUNT
    int unknown = 0;
    for (int i = 0; i < m8_lua_weight_count; i++)
        unknown += !lua_m8_setweight(L, m8_lua_weights[i].op, unit ? 1u : m8_lua_weights[i].cycles);
#ifdef LUA_M8FASTOP
    /* A fused upvalue call (lua_m8_setfuseops) weighs its GETUPVAL and CALL together; with
     * unit weights it is the one instruction a count hook sees. */
    if (unit) unknown += !lua_m8_setweight(L, "M8UPCALL", 1u);
#endif
    return unknown;
#else
    (void)L;
    (void)unit;
    return -1;
#endif
}
