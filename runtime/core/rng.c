/* rng.c - the PICO-8 generator of reference 7.9: two 32-bit words, srand seeds hi with the
 * raw seed (0 -> 0xdeadbeef) and lo with hi ^ 0xbead29ba, then steps 32 times; a step is
 * lo = rotl(lo, 16) + hi; hi = hi + lo. Depends on: ram.h, rng.h. */
#include "rng.h"
#include "ram.h"

static uint32_t rotl16(uint32_t v) { return (v << 16) | (v >> 16); }

uint32_t m8_rng_next(uint8_t *ram)
{
    uint32_t lo = m8_peek_32(ram, M8_RNG_STATE);
    uint32_t hi = m8_peek_32(ram, M8_RNG_STATE + 4);
    lo = rotl16(lo) + hi;
    hi = hi + lo;
    m8_poke_32(ram, M8_RNG_STATE, lo);
    m8_poke_32(ram, M8_RNG_STATE + 4, hi);
    return lo;
}

void m8_rng_seed(uint8_t *ram, uint32_t seed_raw)
{
    uint32_t hi = seed_raw ? seed_raw : 0xdeadbeefu;
    uint32_t lo = hi ^ 0xbead29bau;
    m8_poke_32(ram, M8_RNG_STATE, lo);
    m8_poke_32(ram, M8_RNG_STATE + 4, hi);
    for (int i = 0; i < 32; i++) m8_rng_next(ram);
}

uint32_t m8_rng_rnd_raw(uint8_t *ram, uint32_t range_raw)
{
    if (range_raw == 0) return 0;
    return m8_rng_next(ram) % range_raw;
}
