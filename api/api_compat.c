/* api_compat.c - undocumented PICO-8 functions that real carts call (reference 8.13,
 * "undocumented" row): _set_fps(n) chooses the tick rate, 60 when n >= 60 and 30 otherwise
 * (the machine has those two rates), now and for the rest of the run (the bios keeps it when
 * _init ends); _update_buttons() moves the buttons on by one update (PICO-8's own
 * compatibility line for _update60 calls it between two updates); holdframe() keeps the
 * host showing the screen as it is until the frame ends.
 * Depends on: api_internal.h, vm_internal.h, runtime/core (machine, cost, input). */
#include <stdlib.h>
#include <string.h>
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

/* The held buttons start a new update: btnp's "just pressed" and repeat counters move on.
 * Right after a flip() the tick has already latched the host's buttons for this update, so
 * the first call there changes nothing (a `flip() _update_buttons()` loop sees each press
 * once); any other call re-latches the buttons as held now. */
int m8l__update_buttons(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    m8_machine *m = vm->machine;
    if (vm->buttons_fresh) {
        vm->buttons_fresh = 0;
        return 0;
    }
    uint8_t held[M8_PLAYERS];
    memcpy(held, m->input.held, sizeof held);
    m8_input_latch(&m->input, m->ram, held);
    return 0;
}

/* holdframe() (undocumented in PICO-8, reference 8.13): the host keeps showing the screen as
 * it is now until this frame ends (its _draw returns, or flip()), so a long drawing spread
 * over several ticks is not shown half done. */
int m8l_holdframe(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    size_t size = (size_t)MOTE8_WIDTH * MOTE8_HEIGHT * 3;
    if (!vm->held_screen && !(vm->held_screen = malloc(size))) return 0;   /* not held */
    if (!vm->holding) m8_machine_screen_rgb(vm->machine, vm->held_screen);
    vm->holding = 1;
    return 0;
}
