/* pcm_channel.c - PCM playback through the serial channel 0x808 (docs/audio.md): a FIFO
 * of 8-bit unsigned samples at 5512.5 Hz, each held for 4 samples of the 22050 Hz output
 * and added to the synth's mix as (s - 128) * M8_PCM_LEVEL. The cart keeps it fed with
 * serial(0x808, addr, len) and watches stat(108) / stat(109).
 * Depends on: pcm_channel.h. */
#include "pcm_channel.h"

#include <string.h>

void m8_pcm_channel_reset(m8_pcm_channel *c)
{
    memset(c, 0, sizeof *c);
}

int m8_pcm_channel_write(m8_pcm_channel *c, const uint8_t *ram, int addr, int len)
{
    int room = M8_PCM_FIFO - c->count, n = len < room ? len : room;
    if (n < 0) n = 0;
    for (int i = 0; i < n; i++)
        c->fifo[(c->head + c->count + i) % M8_PCM_FIFO] = ram[(uint32_t)(addr + i) & 0xffff];
    c->count += n;
    return n;
}

/* Move on by one output sample. */
static void step(m8_pcm_channel *c)
{
    if (c->count == 0) return;
    if (++c->held == M8_PCM_UPSAMPLE) {
        c->held = 0;
        c->head = (c->head + 1) % M8_PCM_FIFO;
        c->count--;
    }
}

void m8_pcm_channel_mix(m8_pcm_channel *c, int16_t *out, int n)
{
    for (int i = 0; i < n && c->count > 0; i++) {
        int v = out[i] + ((int)c->fifo[c->head] - 128) * M8_PCM_LEVEL;
        out[i] = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
        step(c);
    }
}

void m8_pcm_channel_advance(m8_pcm_channel *c, int n)
{
    for (int i = 0; i < n && c->count > 0; i++) step(c);
}

int m8_pcm_channel_queued(const m8_pcm_channel *c) { return c->count; }
int m8_pcm_channel_room(const m8_pcm_channel *c) { return M8_PCM_FIFO - c->count; }
