/* machine.c - creating, powering on and displaying the mote8 machine.
 * Depends on: machine.h, cart.h, gfx.h (reset, screen conversion), synth.h. */
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "gfx.h"
#include "synth.h"

m8_machine *m8_machine_new(void)
{
    m8_machine *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m8_cart_init(&m->cart);
    m->synth = m8_synth_new(m->ram);
    if (!m->synth) {
        free(m);
        return NULL;
    }
    m->fps = 30;
    m8_machine_power_on(m);
    return m;
}

void m8_machine_free(m8_machine *m)
{
    if (!m) return;
    m8_synth_free(m->synth);
    m8_cart_free(&m->cart);
    free(m);
}

void m8_machine_power_on(m8_machine *m)
{
    memset(m->ram, 0, sizeof m->ram);
    memcpy(m->ram, m->cart.rom, M8_ROM_DATA_SIZE);
    m8_ram_reset_draw_state(m->ram);
    memset(&m->input, 0, sizeof m->input);
    m->updates = 0;
    m8_synth_reset(m->synth);
}

void m8_machine_screen_rgb(const m8_machine *m, uint8_t *rgb)
{
    m8_gfx_screen_to_rgb(m->ram, rgb);
}
