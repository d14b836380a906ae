/* rng.h - PICO-8's random number generator (reference 7.9), state kept in RAM at
 * 0x5f44-0x5f4b so carts that peek/poke it see the real thing.
 * Layout chosen (the reference marks it [?]): 0x5f44 holds the output word "lo",
 * 0x5f48 holds "hi". Depends on: ram.h. */
#ifndef M8_RNG_H
#define M8_RNG_H

#include <stdint.h>

void m8_rng_seed(uint8_t *ram, uint32_t seed_raw);
/* One step; returns the new output word. */
uint32_t m8_rng_next(uint8_t *ram);
/* rnd(x) on raw 16.16 values: a raw result in [0, range) with range taken as unsigned;
 * range 0 returns 0 without stepping. */
uint32_t m8_rng_rnd_raw(uint8_t *ram, uint32_t range_raw);

#endif
