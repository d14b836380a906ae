/* profile_calls.h - the profiler's count of calls of the cart's Lua functions, per call site:
 * the call hook (LUA_HOOKCALL, LUA_HOOKTAILCALL) reports each call; a call of a function of
 * the cart's code counts once for (caller frame: the nearest frame of the cart's code under
 * it, its function and line; callee function). Written into functions.csv (calls) and
 * calls.csv (per caller -> callee pair, with the stacks' inclusive cycles) by
 * profile_stacks.c. Depends on: Lua (lua_State, lua_Debug). */
#ifndef M8_PROFILE_CALLS_H
#define M8_PROFILE_CALLS_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>

#define M8_CALLER_NONE (-3)   /* a call with no frame of the cart's code under it (the bios,
                                 a coroutine's first resume): caller_first */

typedef struct m8_call_edge {
    int32_t caller_first, caller_last, caller_line;   /* the caller's frame (as in stacks) */
    int32_t callee_first, callee_last;                /* the called function */
    uint64_t calls;
} m8_call_edge;

typedef struct m8_call_counts {
    m8_call_edge *edges;
    size_t nedges, cap;
    int *slots;             /* open-addressed hash: index + 1 into edges, 0 = free */
    size_t nslots;
} m8_call_counts;

/* One call of the function at level 0 of L (the call hook's record `ar`): counted when it is
 * the cart's code (`cart_source` = the interned "=cart", updated; `nlines` = code lines).
 * 1 when it was (counted), 0 when not, -1 when out of memory. */
int m8_call_counts_add(m8_call_counts *c, lua_State *L, lua_Debug *ar, const char **cart_source,
                       int nlines);

/* The calls counted for caller frame (first, last, line) -> callee (first, last), 0 if none. */
uint64_t m8_call_counts_get(const m8_call_counts *c, int32_t caller_first, int32_t caller_last,
                            int32_t caller_line, int32_t callee_first, int32_t callee_last);

void m8_call_counts_free(m8_call_counts *c);

#endif
