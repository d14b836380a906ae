/* pcm_channel.h - PCM playback through PICO-8's serial channel 0x808: a FIFO of 8-bit
 * unsigned samples at 5512.5 Hz that the machine mixes into its 22050 Hz output, each
 * sample held for M8_PCM_UPSAMPLE output samples (docs/audio.md, "PCM playback").
 * Depends on: m8conf.h. */
#ifndef M8_PCM_CHANNEL_H
#define M8_PCM_CHANNEL_H

#include <stdint.h>
#include "m8conf.h"

typedef struct m8_pcm_channel {
    uint8_t fifo[M8_PCM_FIFO];
    int head, count;            /* queued samples start at fifo[head] */
    int held;                   /* output samples already made from fifo[head] */
} m8_pcm_channel;

void m8_pcm_channel_reset(m8_pcm_channel *c);
/* serial(0x808, addr, len): queue len bytes of RAM from addr (addresses wrap at 64 KiB)
 * while there is room; returns how many were queued. */
int m8_pcm_channel_write(m8_pcm_channel *c, const uint8_t *ram, int addr, int len);
/* Add the next n output samples of the channel into out (saturating); silence when empty. */
void m8_pcm_channel_mix(m8_pcm_channel *c, int16_t *out, int n);
/* Let n output samples of time pass without making them (a muted machine). */
void m8_pcm_channel_advance(m8_pcm_channel *c, int n);
/* stat(108): samples queued; stat(109): room left in the FIFO. */
int m8_pcm_channel_queued(const m8_pcm_channel *c);
int m8_pcm_channel_room(const m8_pcm_channel *c);

#endif
