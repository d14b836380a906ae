/* rewind.h - running a cart backwards (the window's rewind key): the recent past of a run
 * kept as machine states (mote8_state_save, docs/snapshots.md) every REWIND_EVERY ticks
 * plus the input of every tick since the oldest of them. A step back loads the nearest
 * state at or before the tick wanted and runs the ticks after it again with their logged
 * input (runs are deterministic), so the screen shows exactly what the cart showed then.
 * States share their unchanged 4 KiB pages with the state before them (the RAM, the ROM,
 * the cart's code and most of the Lua heap change little in a third of a second), and the
 * history keeps at most `seconds` of ticks and `memory_cap` bytes: past either, the oldest
 * states go. No SDL here (tests/machine/test_rewind.c drives it in process).
 * Depends on: api/mote8.h. */
#ifndef M8_REWIND_H
#define M8_REWIND_H

#include <stddef.h>
#include <stdint.h>
#include "mote8.h"

#define REWIND_EVERY 10                 /* ticks between two kept states */
#define REWIND_PAGE 4096                /* bytes of a shared page */

typedef struct m8_rewind m8_rewind;

/* A history of at most `seconds` seconds of ticks (at the cart's rate) in at most
 * `memory_cap` bytes of states. NULL when out of memory. */
m8_rewind *m8_rewind_create(int seconds, size_t memory_cap);
void m8_rewind_destroy(m8_rewind *rw);

/* Forget the past and start again from the machine as it is now (a cart started, reset,
 * reloaded, or a state loaded): its state is the first one kept. 0, or -1 when the machine
 * cannot be saved now (then nothing is recorded until the next clear that works). */
int m8_rewind_clear(m8_rewind *rw, mote8 *m8);

/* After a tick run with `in`: log the input, and keep a state every REWIND_EVERY ticks. */
void m8_rewind_record(m8_rewind *rw, mote8 *m8, const mote8_input *in);

/* Go back one tick: the machine is left as it was after the tick before the last one
 * recorded (its screen shows that frame), and what came after is forgotten. The ticks run
 * again make samples and may call the platform (printh, cartdata) as they did the first
 * time; the host drops their samples and host requests. Returns 1, or 0 when the history
 * holds nothing older (the machine is untouched), or -1 when a state failed to load
 * (mote8_state_error; the machine is untouched and the history cleared). */
int m8_rewind_step_back(m8_rewind *rw, mote8 *m8);

/* Ticks that can be stepped back now, and the bytes the kept states use. */
long m8_rewind_ticks(const m8_rewind *rw);
size_t m8_rewind_bytes(const m8_rewind *rw);

#endif
