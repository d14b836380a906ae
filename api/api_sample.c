/* api_sample.c - the sample() binding, a mote8 extension (docs/pcm-codec.md, "Sample
 * banks"): plays a sample of the cart's __meta:mote8_samples__ bank on the sample voice
 * (runtime/core/sample_bank.c). The bank is decoded by the first call after a cart starts;
 * a damaged bank is a cart error naming the sample. Depends on: api_internal.h, machine.h,
 * sample_bank.h, lauxlib. */
#include <lauxlib.h>

#include "api_internal.h"
#include "machine.h"
#include "sample_bank.h"

/* sample(n,[loop]): play bank sample n (n < 0: stop); returns its length in frames (0 when
 * the bank has no sample n) */
int m8l_sample(lua_State *L)
{
    int n = m8_arg_int(L, 1, -1), loop = m8_arg_bool(L, 2, 0);
    m8_machine *m = m8_machine_of(L);
    if (!m->samples.loaded) {
        char err[160];
        if (m8_sample_bank_load(&m->samples, m8_sample_bank_text(&m->cart), err, sizeof err) < 0)
            return luaL_error(L, "%s", err);
    }
    const m8_sample *s = n >= 0 && n < m->samples.count ? &m->samples.s[n] : NULL;
    m8_sample_voice_play(&m->voice, s, loop, M8_AUDIO_RATE);
    m8_push_num(L, s ? (double)s->frames : 0);
    return 1;
}
