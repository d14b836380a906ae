/* machine.h - the mote8 machine: RAM, cart ROM, input, synth, frame counters.
 *
 * The machine knows nothing of Lua or SDL: api/ drives it one frame at a time and hosts
 * read its screen and audio through the embedding API in api/mote8.h.
 * Depends on: ram.h, cart.h, input.h, synth.h. */
#ifndef M8_MACHINE_H
#define M8_MACHINE_H

#include <stdint.h>
#include "ram.h"
#include "cart.h"
#include "input.h"

struct m8_synth;

typedef struct m8_machine {
    uint8_t ram[M8_RAM_SIZE];
    m8_cart cart;               /* the loaded cart: ROM image and code */
    m8_input input;             /* button state and btnp repeat counters */
    struct m8_synth *synth;     /* audio engine reading sfx/music from ram */
    uint64_t updates;           /* number of _update calls since run (time()) */
    int fps;                    /* target rate: 30 or 60 */
} m8_machine;

m8_machine *m8_machine_new(void);
void m8_machine_free(m8_machine *m);

/* Copy ROM 0x0000-0x42ff into RAM, clear the rest, reset draw state (run). */
void m8_machine_power_on(m8_machine *m);

/* The screen as 128*128 RGB888 triples through the screen palette (0x5f10, colours 128-143
 * included) and the screen mode at 0x5f2c. */
void m8_machine_screen_rgb(const m8_machine *m, uint8_t *rgb);

/* RGB of palette entry 0-31 (16-31 = extended colours 128-143). */
void m8_palette_rgb(int index, uint8_t *r, uint8_t *g, uint8_t *b);

#endif
