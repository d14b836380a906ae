/* api_audio.c - sfx and music (reference 8.9, 9.7, 9.8) on the synth in runtime/core.
 * Cost is charged only for calls with arguments (units = 1), as on PICO-8.
 * Depends on: api_internal.h, synth.h. */
#include "api_internal.h"
#include "synth.h"

int m8l_sfx(lua_State *L)
{
    m8_machine *m = m8_machine_of(L);
    if (lua_gettop(L) == 0) return 0;
    m8_call_units(L, 1);
    m8_synth_sfx(m->synth, m8_arg_int(L, 1, -1), m8_arg_int(L, 2, -1), m8_arg_int(L, 3, 0),
                 m8_arg_int(L, 4, 0));
    return 0;
}

int m8l_music(lua_State *L)
{
    m8_machine *m = m8_machine_of(L);
    if (lua_gettop(L) == 0) return 0;
    m8_call_units(L, 1);
    m8_synth_music(m->synth, m8_arg_int(L, 1, -1), m8_arg_int(L, 2, 0), m8_arg_int(L, 3, 0));
    return 0;
}
