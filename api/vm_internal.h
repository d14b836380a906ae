/* vm_internal.h - the state of one running cart (struct mote8), shared by vm.c and the
 * bindings that need more than api_internal.h offers (system, profiler).
 * Depends on: Lua 5.4, runtime/core (machine, cost), api_registry.h. */
#ifndef M8_VM_INTERNAL_H
#define M8_VM_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <lua.h>
#include "api_registry.h"
#include "cost.h"
#include "machine.h"
#include "mote8.h"

#define M8_AUDIO_RING 8192            /* samples: about 0.37 s at 22050 Hz */

typedef void (*m8_call_observer)(struct mote8 *vm, lua_State *L, const m8_api_row *row,
                                 uint64_t cycles, double units);

struct mote8 {
    mote8_config config;
    m8_machine *machine;
    lua_State *L;               /* main state (owns everything) */
    lua_State *co;              /* the cart's main coroutine (bios) */
    int co_ref, env_ref;
    size_t mem_used, mem_limit; /* Lua heap bytes, cap */
    m8_cost cost;               /* cycle counters and frame pacing */
    double call_units;          /* units reported by the binding running now */
    uint64_t slice_cycles;      /* Lua cycles since the coroutine was last resumed */
    int booted;                 /* top-level code and _init have finished */
    int has_callbacks;          /* _update/_update60/_draw exist */
    int flipped, interrupt, stop_requested;
    int status;                 /* enum mote8_status */
    int error_line;             /* code line of the last error, 0 if unknown */
    char error[4096];
    char cart_name[256];
    mote8_input input;          /* this tick's input (mouse for stat 32-34) */
    int16_t audio[M8_AUDIO_RING];     /* samples rendered by ticks, not yet pulled */
    int audio_head, audio_count;
    double audio_due;                 /* fractional samples owed to the next tick */
    m8_call_observer call_observer;   /* profiler hook, NULL when off */
    void *observer_user;
};

void m8_vm_set_error(m8_vm *vm, const char *fmt, ...);

#endif
