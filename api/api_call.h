/* api_call.h - what the dispatcher (api_registry.c) does around every C binding: open the
 * call, close it (charge the row's cost rule on the units the binding reported, tell an
 * attached profiler). Opening and closing are inline (every API call runs them: with the
 * row a constant, a fixed cost rule folds to its number; so do a frameless call's known
 * units, m8_call_frameless_units); the rest is in api_call.c.
 * Depends on: Lua 5.4, api_registry.h, vm_internal.h (the counters a call updates). */
#ifndef M8_API_CALL_H
#define M8_API_CALL_H

#include <math.h>
#include <lua.h>
#include "api_registry.h"
#include "vm_internal.h"

/* Charge the running call at once: for a binding about to yield frames (print's waits),
 * whose dispatcher frame never sees it return. */
void m8_call_charge_now(lua_State *L);

static inline void m8_call_begin(lua_State *L, const m8_api_row *row)
{
    m8_vm *vm = m8_vm_of(L);
    m8_vm_sync_lua(vm);         /* the call sees (stat) and follows the Lua before it */
    vm->call_row = row;
    vm->call_units = 0;
    vm->n_sprite_reports = 0;
    vm->call_area.set = 0;
    vm->call_area.source = M8_SOURCE_NONE;
}

/* Open a frameless call (api_registry.c's fast_dispatch): m8_call_begin without the sync of
 * the Lua count, which only moves counted cycles into the cost model (whatever reads those,
 * stat, the frame's end or the pacer, syncs first; the slice and the watch read the count
 * itself), so deferring it changes no figure; the point the count was read at is kept, as
 * the sync keeps it (the floor of a charge that gives cycles back). Nor does it clear the
 * area and sprites a profiler collects: frameless calls run only while none observes, and
 * every call's end clears them. A row of fixed cost (closed by m8_call_end_fixed) needs no
 * row or units either: a full call sets its own. */
static inline void m8_call_begin_frameless(m8_vm *vm, const m8_api_row *row)
{
    vm->lua_read = vm->lua_count;
    if (row->cost.per == 0) return;     /* a fixed cost: nothing for m8_call_end to read */
    vm->call_row = row;
    vm->call_units = 0;
}

/* A cost rule's cycles for `units`: base + per * max(min, units/div), rounded as it says. */
static inline uint64_t m8_call_rule_cycles(const m8_cost_rule *rule, double units)
{
    if (rule->per == 0) return (uint64_t)rule->base;
    double q = rule->div > 1 ? units / rule->div : units;     /* x / 1 is x, exactly */
    double n = rule->ceil ? ceil(q) : floor(q);
    if (n < rule->min) n = rule->min;
    if (!(n >= 0)) n = 0;
    return (uint64_t)rule->base + (uint64_t)(rule->per * n);
}

static inline void m8_call_end(lua_State *L, const m8_api_row *row)
{
    m8_vm *vm = m8_vm_of(L);
    uint64_t cycles = m8_call_rule_cycles(&row->cost, vm->call_units);
    m8_cost_charge_system(&vm->machine->cost, cycles);
    int due = cycles && m8_vm_checks_due(vm);     /* (neither check fires on a free call) */
    if (due) m8_vm_slice_check(vm);
    if (vm->call_observer) vm->call_observer(vm, L, row, cycles, vm->call_units);
    vm->call_units = 0;          /* a binding that called back into Lua (foreach) must not */
    vm->n_sprite_reports = 0;    /* inherit the units, sprites or area of the calls made there */
    vm->call_area.set = 0;
    vm->call_area.source = M8_SOURCE_NONE;
    m8_vm_watch_call(vm, L, due);   /* may end runaway code with the endless-loop error */
}

/* Close a frameless call (api_registry.c's fast_dispatch) of a row whose cost is fixed:
 * m8_call_end without the profiler's part (frameless calls run only while none observes)
 * and without clearing the units, area and sprites (m8_call_begin_frameless set none of
 * them for such a row; the rule does not read the units). */
static inline void m8_call_end_fixed(lua_State *L, m8_vm *vm, const m8_api_row *row)
{
    uint64_t cycles = (uint64_t)row->cost.base;
    m8_cost_charge_system(&vm->machine->cost, cycles);
    int due = cycles && m8_vm_checks_due(vm);
    if (due) m8_vm_slice_check(vm);
    m8_vm_watch_call(vm, L, due);
}

/* A whole frameless call of a row charged by units, those known to the caller (a constant:
 * the rule then folds to its cycles): m8_call_begin_frameless, then m8_call_end with
 * call_units set to `units`, without the profiler's part (frameless calls run only while
 * none observes); what both leave in the vm is left. */
static inline void m8_call_frameless_units(lua_State *L, m8_vm *vm, const m8_api_row *row,
                                           double units)
{
    vm->lua_read = vm->lua_count;
    vm->call_row = row;
    uint64_t cycles = m8_call_rule_cycles(&row->cost, units);
    m8_cost_charge_system(&vm->machine->cost, cycles);
    int due = cycles && m8_vm_checks_due(vm);
    vm->call_units = 0;
    if (due) m8_vm_slice_check(vm);
    vm->n_sprite_reports = 0;
    vm->call_area.set = 0;
    vm->call_area.source = M8_SOURCE_NONE;
    m8_vm_watch_call(vm, L, due);
}

#endif
