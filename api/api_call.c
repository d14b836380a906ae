/* api_call.c - the accounting around every C binding: the dispatcher opens a call
 * (m8_call_begin), the binding reports its work (units for its row's cost rule, the screen
 * rectangle it was asked to cover and what it drew from, the sprites it drew), and the dispatcher closes the call
 * (m8_call_end): the row's rule turns units into system cycles for the cost model, and an
 * attached profiler observes the call. Declared in api_internal.h (what bindings report)
 * and api_call.h (what the dispatcher does; opening and closing a call are inline there,
 * so each generated dispatcher folds its row's constant cost rule).
 * Depends on: api_call.h, vm_internal.h, runtime/core (cost, pixel). */
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
    return m8_ram_clipped(m8_vm_of(L)->machine->ram, x, y);
}

int m8_ram_clipped(const uint8_t *ram, double x, double y)
{
    x -= m8_camera_x(ram);
    y -= m8_camera_y(ram);
    return x < ram[M8_CLIP_X0] || x >= ram[M8_CLIP_X1] || y < ram[M8_CLIP_Y0] ||
           y >= ram[M8_CLIP_Y1];
}

void m8_call_charge_now(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    if (vm->call_row) m8_call_end(L, vm->call_row);
}

