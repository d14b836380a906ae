/* machine.h - the mote8 machine: RAM, cart ROM, input, synth, PCM channel,
 * sample bank, frame counters.
 *
 * The machine knows nothing of Lua or SDL: api/ drives it one tick at a time through
 * m8_machine_tick (the console's frame loop: input latch, the cost model's tick, the script's
 * turn, the tick's audio into the ring) and hosts read its screen and audio through the
 * embedding API in api/mote8.h.
 * Depends on: ram.h, cart.h, input.h, cost.h, m8conf.h, synth.h, pcm_channel.h,
 * sample_bank.h. */
#ifndef M8_MACHINE_H
#define M8_MACHINE_H

#include <stdint.h>
#include "ram.h"
#include "cart.h"
#include "input.h"
#include "cost.h"
#include "m8conf.h"
#include "pcm_channel.h"
#include "sample_bank.h"

struct m8_synth;

typedef struct m8_machine {
    uint8_t ram[M8_RAM_SIZE];
    m8_cart cart;               /* the loaded cart: ROM image and code */
    m8_input input;             /* button state and btnp repeat counters */
    struct m8_synth *synth;     /* audio engine reading sfx/music from ram */
    uint64_t updates;           /* number of _update calls since run (time()) */
    int fps;                    /* target rate: 30 or 60 */
    int mute;                   /* nobody listens: ticks advance the synth, render nothing */
    m8_cost cost;               /* the virtual CPU's counters and frame pacing */
    int16_t audio[M8_AUDIO_RING];   /* samples rendered by ticks, not yet pulled */
    int audio_head, audio_count;
    double audio_due;           /* fractional samples owed to the next tick */
    m8_pcm_channel pcm;         /* serial(0x808) PCM samples, mixed after the synth */
    m8_sample_bank samples;     /* the cart's sample bank, decoded by the first sample() */
    m8_sample_voice voice;      /* the bank sample playing, mixed after the synth */
} m8_machine;

m8_machine *m8_machine_new(void);
void m8_machine_free(m8_machine *m);

/* Copy ROM 0x0000-0x42ff into RAM, clear the rest, reset draw state (run). */
void m8_machine_power_on(m8_machine *m);

/* One tick of the console at the cart's rate: latch `buttons` (8 players), open the cost
 * model's tick, let the script run its turn (`run(user)`, NULL when the program has ended
 * and only the screen stays), close the tick (a frame end reached or not), and render the
 * tick's M8_AUDIO_RATE / fps samples into the audio ring, so the synth's time follows the
 * ticks exactly, headless or windowed, pulled or not (when `mute`, the synth advances by
 * as many samples and renders none). Returns what `run` returned (0 when
 * NULL). */
int m8_machine_tick(m8_machine *m, const uint8_t buttons[8], int (*run)(void *user),
                    void *user);

/* Move up to `max` rendered samples out of the audio ring; returns how many. */
int m8_machine_pull_audio(m8_machine *m, int16_t *out, int max);

/* The screen as 128*128 RGB888 triples through the screen palette (0x5f10, colours 128-143
 * included) and the screen mode at 0x5f2c. */
void m8_machine_screen_rgb(const m8_machine *m, uint8_t *rgb);

#endif
