/* profile_stacks.h - the profiler's Lua call stacks: every instruction's and API call's cycles
 * go to one interned stack of the cart's frames (function, line in it), written as
 * stacks.folded (flame graphs), functions.csv (inclusive / exclusive cycles, calls) and
 * calls.csv (caller -> callee per call site).
 * Depends on: profile_calls.h, profile_files.h, Lua (lua_State, lua_Debug). */
#ifndef M8_PROFILE_STACKS_H
#define M8_PROFILE_STACKS_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include "profile_calls.h"
#include "profile_files.h"

#define M8_STACK_DEPTH 32   /* cart frames kept per stack: the leaf-most; a deeper stack is cut */

/* One frame of a stack: the function (lines it was defined on, code lines of the cart's
 * chunk, 0 for the main chunk) and the code line in it that ran or made the call. An API
 * leaf has first = M8_FRAME_API and last = its m8_api_rows index; a cut stack's root is
 * M8_FRAME_CUT. */
#define M8_FRAME_API (-1)
#define M8_FRAME_CUT (-2)
#define M8_FRAME_OUTSIDE (-3)  /* the one frame of a stack with no frame of the cart's code */
typedef struct m8_stack_frame {
    int32_t first, last, line;
    int32_t fn;             /* its m8_stacks.fns index (set when interned; not in the key) */
} m8_stack_frame;

typedef struct m8_stack {
    size_t at;              /* its frames: m8_stacks.frames[at .. at + n), root first */
    int n;
    uint64_t cycles;
    uint64_t calls;         /* API calls made by an API-leaf stack */
} m8_stack;

typedef struct m8_stack_fn {   /* a function of the cart's code (or an API function, or a
                                  frame standing for none), its name resolved once */
    int32_t first, last;
    char *name;
} m8_stack_fn;

typedef struct m8_stacks {
    m8_stack *stacks;
    size_t nstacks, cap;
    int *slots;             /* open-addressed hash: index + 1 into stacks, 0 = free */
    size_t nslots;
    m8_stack_frame *frames;
    size_t nframes, frames_cap;
    m8_stack_fn *fns;
    size_t nfns, fns_cap;
    const char *cart_source;   /* interned "=cart" source string, once seen */
    int nlines;                /* code lines of the cart */
    int env_ref;               /* registry reference of the cart's globals (names) */
    m8_call_counts calls;      /* calls of the cart's functions per caller frame */
} m8_stacks;

/* The stack of the cart's frames of L from `level` up (level 0 = the running function in a
 * hook, 1 = the Lua caller of a C function), with an API leaf `api_row` when >= 0, interned:
 * returns its index, -1 when out of memory. Resolves the names of new functions. */
int m8_stacks_capture(m8_stacks *s, lua_State *L, int level, int api_row);

void m8_stacks_free(m8_stacks *s);

/* stacks.folded, functions.csv and calls.csv. `pending` cycles are added to stack `pending_stack`
 * (the Lua cycles run since the last instruction observed). `cart` maps code lines to tab:line. */
struct m8_cart;
int m8_stacks_write(const m8_stacks *s, const struct m8_cart *cart, int pending_stack,
                    uint64_t pending, m8_profile_files *dir, char *err, size_t errsz);

#endif
