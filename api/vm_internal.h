/* vm_internal.h - the state of one running cart (struct mote8), shared by vm.c and the
 * bindings that need more than api_internal.h offers (system, profiler).
 * Depends on: Lua 5.4, runtime/core (machine, cost), api_registry.h. */
#ifndef M8_VM_INTERNAL_H
#define M8_VM_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <lua.h>
#include "api_internal.h"
#include "api_registry.h"
#include "cost.h"
#include "machine.h"
#include "mote8.h"


typedef void (*m8_call_observer)(struct mote8 *vm, lua_State *L, const m8_api_row *row,
                                 uint64_t cycles, double units);
/* Called by the count hook for every Lua instruction while a profiler is attached. */
typedef void (*m8_instruction_observer)(struct mote8 *vm, lua_State *L, lua_Debug *ar);
/* Called at the end of every mote8_tick while a profiler is attached. */
typedef void (*m8_tick_observer)(struct mote8 *vm);

/* The destination rectangle a drawing call asked for (m8_cost_area), in screen
 * coordinates after the camera, with the clip rectangle in force; only kept while a
 * profiler is attached. */
typedef struct m8_call_area {
    int set;
    double x, y, w, h;
    int clip_x0, clip_y0, clip_x1, clip_y1;     /* exclusive ends */
} m8_call_area;

struct mote8 {
    mote8_config config;
    m8_machine *machine;
    lua_State *L;               /* main state (owns everything) */
    lua_State *co;              /* the cart's main coroutine (bios) */
    int co_ref, env_ref;
    size_t mem_used, mem_limit; /* Lua heap bytes, cap */
    const m8_api_row *call_row; /* the binding running now (api_call.c) */
    double call_units;          /* units it reported */
    int call_sprite;            /* sprite it drew (M8_ROW_SPRITE rows), -1 if none */
    uint64_t lua_instructions;  /* counted so far (by the counting VM or the hook) */
    uint64_t lua_synced;        /* of which handed to the cost model (m8_vm_sync_lua) */
    uint64_t slice_start;       /* lua_instructions when the main coroutine was resumed */
    long slice_left;            /* hook counting: instructions before the slice check */
    uint64_t slice_cycles;      /* the slice's length in cycles of Lua and API cost */
    uint64_t slice_system_start; /* system (API) cycles when the slice began */
    int boot_cuts;              /* slices cut before _init returned (top-level loops) */
    char cartdata_id[72];       /* cartdata(id) of this run, "" if none or not saved */
    int cartdata_dirty;         /* dset changed a value since the last save */
    int yield_due;              /* the slice is over: yield at the next instruction */
    int booted;                 /* top-level code and _init have finished */
    int has_callbacks;          /* _update/_update60/_draw exist */
    int fps_forced;             /* _set_fps(n) chose the rate (0 = by _update60) */
    int flipped, stop_requested;
    int status;                 /* enum mote8_status */
    int error_line;             /* code line of the last error, 0 if unknown */
    char error[4096];
    char cart_name[256];
    char *cart_data;            /* a copy of the loaded cart's bytes, for mote8_reset */
    size_t cart_len;
    mote8_input input;          /* this tick's input (mouse for stat 32-34) */
    m8_call_observer call_observer;   /* profiler hooks, NULL when off */
    m8_instruction_observer instruction_observer;
    m8_tick_observer tick_observer;
    void *observer_user;              /* the profiler (api/profiler.c) */
    m8_call_area call_area;           /* of the binding running now */
};

void m8_vm_set_error(m8_vm *vm, const char *fmt, ...);
/* Hand the Lua instructions counted since the last call to the cost model. */
void m8_vm_sync_lua(m8_vm *vm);
/* After an API call has charged its cost: end the slice when Lua and API cost together
 * have used it up (an endless loop of memcpy or sspr calls ends frames as quickly as one
 * of plain Lua). */
void m8_vm_slice_check(m8_vm *vm);
/* Save 0x5e00-0x5eff through the platform if dset() changed it since the last save: once
 * per tick at most (mote8_tick), and when the machine is destroyed or reset
 * (api/api_cartdata.c). */
void m8_cartdata_flush(m8_vm *vm);
/* printh(text, file, overwrite): the file in the host's cart output folder through the
 * platform's write_output (api/cart_output.c); a bad name is a cart error. Returns 0. */
int m8_printh_file(lua_State *L, const char *file, const char *text, int overwrite);
/* Set (or clear, NULL) the profiler's per-instruction observer. */
void m8_vm_observe_instructions(m8_vm *vm, m8_instruction_observer observer);

#endif
