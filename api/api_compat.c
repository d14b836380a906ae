/* api_compat.c - undocumented PICO-8 functions that real carts call (reference, "undocumented"
 * row): _set_fps(n) chooses the tick rate, 60 when n >= 60 and 30 otherwise (the machine has
 * those two rates), now and for the rest of the run (the bios keeps it when _init ends).
 * Depends on: api_internal.h, vm_internal.h, runtime/core (machine, cost). */
#include "api_internal.h"
#include "cost.h"
#include "vm_internal.h"

int m8l_set_fps(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    int fps = m8_arg_int(L, 1, M8_FPS) >= M8_FPS_FAST ? M8_FPS_FAST : M8_FPS;
    vm->fps_forced = fps;
    vm->machine->fps = fps;
    m8_cost_set_fps(&vm->machine->cost, fps);
    return 0;
}
