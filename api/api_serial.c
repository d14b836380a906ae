/* api_serial.c - the serial() binding (reference 8.x "serial(ch,addr,len)"): of PICO-8's
 * channels mote8 implements 0x808, PCM playback (runtime/core/pcm_channel.c: 8-bit unsigned
 * samples at 5512.5 Hz queued from RAM); the file and stdio channels are not available and
 * move no bytes. Depends on: api_internal.h, machine.h, pcm_channel.h. */
#include "api_internal.h"
#include "machine.h"
#include "pcm_channel.h"

/* serial(ch,addr,len): bytes moved (queued for 0x808; 0 for other channels) */
int m8l_serial(lua_State *L)
{
    static const int zero[3];
    int v[3];
    m8_arg_ints(L, 3, v, zero);
    int ch = v[0], addr = v[1], len = v[2];
    m8_machine *m = m8_machine_of(L);
    int moved = ch == M8_PCM_SERIAL_CHANNEL ? m8_pcm_channel_write(&m->pcm, m->ram, addr, len) : 0;
    m8_call_units(L, (double)moved);
    m8_push_num(L, (double)moved);
    return 1;
}
