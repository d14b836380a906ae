/* api_call.c - the accounting around every C binding: the dispatcher opens a call
 * (m8_call_begin), the binding reports its work (units for its row's cost rule, the screen
 * rectangle it was asked to cover and what it drew from, the sprites it drew), and the dispatcher closes the call
 * (m8_call_end): the row's rule turns units into system cycles for the cost model, and an
 * attached profiler observes the call. Declared in api_internal.h (what bindings report)
 * and api_call.h (what the dispatcher does).
 * Depends on: api_call.h, vm_internal.h, runtime/core (cost, pixel). */
#include <math.h>
#include "api_call.h"
#include "pixel.h"
#include "vm_internal.h"

void m8_call_units(lua_State *L, double units) { m8_vm_of(L)->call_units = units; }

void m8_call_sprite(lua_State *L, int n, double x, double y, double w, double h)
{
    m8_vm *vm = m8_vm_of(L);
    if (!vm->sprite_reports || vm->n_sprite_reports >= vm->sprite_reports_cap || n < 0 || n > 255)
        return;
    const uint8_t *ram = vm->machine->ram;
    m8_sprite_report *r = &vm->sprite_reports[vm->n_sprite_reports++];
    r->n = n;
    r->x = x - m8_camera_x(ram);
    r->y = y - m8_camera_y(ram);
    r->w = w;
    r->h = h;
}

int m8_call_wants_sprites(lua_State *L) { return m8_vm_of(L)->sprite_reports != NULL; }

void m8_call_screen_area(lua_State *L, double x, double y, double w, double h)
{
    m8_vm *vm = m8_vm_of(L);
    if (!vm->call_observer) return;            /* only the profiler looks at areas */
    const uint8_t *ram = vm->machine->ram;
    m8_call_rect *a = &vm->call_area;
    a->set = 1;
    a->x = x;
    a->y = y;
    a->w = w > 0 ? w : 0;
    a->h = h > 0 ? h : 0;
    a->clip_x0 = ram[M8_CLIP_X0];
    a->clip_y0 = ram[M8_CLIP_Y0];
    a->clip_x1 = ram[M8_CLIP_X1];
    a->clip_y1 = ram[M8_CLIP_Y1];
}

void m8_call_source(lua_State *L, int kind, double x, double y, double w, double h)
{
    m8_vm *vm = m8_vm_of(L);
    if (!vm->call_observer) return;
    m8_call_rect *a = &vm->call_area;
    a->source = kind;
    a->src_x = x;
    a->src_y = y;
    a->src_w = w;
    a->src_h = h;
}

void m8_call_area(lua_State *L, double x, double y, double w, double h)
{
    m8_vm *vm = m8_vm_of(L);
    if (!vm->call_observer) return;
    const uint8_t *ram = vm->machine->ram;
    m8_call_screen_area(L, x - m8_camera_x(ram), y - m8_camera_y(ram), w, h);
}

int m8_call_clipped(lua_State *L, double x, double y)
{
    const uint8_t *ram = m8_vm_of(L)->machine->ram;
    x -= m8_camera_x(ram);
    y -= m8_camera_y(ram);
    return x < ram[M8_CLIP_X0] || x >= ram[M8_CLIP_X1] || y < ram[M8_CLIP_Y0] ||
           y >= ram[M8_CLIP_Y1];
}

void m8_call_begin(lua_State *L, const m8_api_row *row)
{
    m8_vm *vm = m8_vm_of(L);
    m8_vm_sync_lua(vm);         /* the call sees (stat) and follows the Lua before it */
    vm->call_row = row;
    vm->call_units = 0;
    vm->n_sprite_reports = 0;
    vm->call_area.set = 0;
    vm->call_area.source = M8_SOURCE_NONE;
}

/* cycles = base + per * max(min, units/div), rounding as the rule says */
uint64_t m8_call_rule_cycles(const m8_cost_rule *rule, double units)
{
    if (rule->per == 0) return (uint64_t)rule->base;
    double q = rule->div > 1 ? units / rule->div : units;     /* x / 1 is x, exactly */
    double n = rule->ceil ? ceil(q) : floor(q);
    if (n < rule->min) n = rule->min;
    if (!(n >= 0)) n = 0;
    return (uint64_t)rule->base + (uint64_t)(rule->per * n);
}

void m8_call_end(lua_State *L, const m8_api_row *row)
{
    m8_vm *vm = m8_vm_of(L);
    uint64_t cycles = m8_call_rule_cycles(&row->cost, vm->call_units);
    m8_cost_charge_system(&vm->machine->cost, cycles);
    if (cycles) m8_vm_slice_check(vm);
    if (vm->call_observer) vm->call_observer(vm, L, row, cycles, vm->call_units);
    vm->call_units = 0;          /* a binding that called back into Lua (foreach) must not */
    vm->n_sprite_reports = 0;    /* inherit the units, sprites or area of the calls made there */
    vm->call_area.set = 0;
    vm->call_area.source = M8_SOURCE_NONE;
    m8_vm_watch_call(vm, L, cycles);   /* may end runaway code with the endless-loop error */
}

void m8_call_charge_now(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    if (vm->call_row) m8_call_end(L, vm->call_row);
}

