/* synth.h - mote8's sound chip: 4 channels of PICO-8 style SFX and music, mono 22050 Hz.
 *
 * The synth owns no sound data: every note, speed, loop point, filter byte and music pattern
 * is read from the machine's 64 KiB RAM (0x3100 music, 0x3200 sfx, 0x5f40-0x5f43 hardware
 * bytes) at the moment it is needed, so pokes take effect at once. Rendering never allocates.
 * Behaviour follows ../shared/spec/pico8-reference.md sections 1.5, 1.6 and 9; the readings
 * chosen where the reference is uncertain are listed in docs/audio.md.
 * Depends on: ram.h, m8conf.h (C11 + libm only; no SDL, no Lua). */
#ifndef M8_SYNTH_H
#define M8_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#include "m8conf.h"       /* M8_AUDIO_RATE, M8_SFX_TICK_SAMPLES, M8_AUDIO_CHANNELS */

typedef struct m8_synth m8_synth;

/* Create a synth reading from `ram` (64 KiB, must outlive the synth); NULL on allocation failure. */
m8_synth *m8_synth_new(const uint8_t *ram);
void m8_synth_free(m8_synth *s);
/* Snapshots (docs/snapshots.md): the synth's whole state as plain bytes, and back. A state
 * loaded into another synth (another process) keeps that synth's RAM and has its inner
 * pointers moved to it. */
size_t m8_synth_state_size(void);
void m8_synth_state_save(const m8_synth *s, void *out);
void m8_synth_state_load(m8_synth *s, const void *in);

/* Stop every sound, clear filter tails and reseed the noise generators (deterministic). */
void m8_synth_reset(m8_synth *s);

/* sfx(n, ch, offset, length): n 0-63 play; n = -1 stop (ch = -1: every channel); n = -2
 * release the loop (ch = -1: every channel). ch = -1 picks a channel automatically,
 * ch = -2 stops sfx n wherever it plays. offset in notes; length <= 0 = play to the end. */
void m8_synth_sfx(m8_synth *s, int n, int ch, int offset, int length);

/* music(n, fade_ms, mask): start at pattern n (0-63) fading in over fade_ms; n = -1 stops,
 * fading out over fade_ms. mask = channels reserved from automatic sfx() channel choice. */
void m8_synth_music(m8_synth *s, int n, int fade_ms, int mask);

/* Render n_samples mono samples at M8_AUDIO_RATE, advancing all playback. */
void m8_synth_render(m8_synth *s, int16_t *out, int n_samples);

/* Advance all playback by n_samples without producing sound (nobody listens): everything
 * stat() reports moves exactly as m8_synth_render would move it. */
void m8_synth_advance(m8_synth *s, int n_samples);

/* stat(16..26) and stat(46..57); other n give 0. */
int m8_synth_stat(const m8_synth *s, int n);

/* Play a P8SCII `\a` audio string (the bytes after the `\a`, `len` of them). Writes the notes
 * into an SFX in `ram` (the index given at the start of the string, else a free one of
 * 60-63) and plays it on an automatically chosen channel. Returns how many bytes of `str`
 * belong to the audio command (parsing stops at the first byte that is not audio syntax). */
int m8_synth_play_string(m8_synth *s, uint8_t *ram, const char *str, int len);

/* True (1) if SFX n is playing on any channel (as sfx or as part of the music). */
int m8_synth_sfx_playing(const m8_synth *s, int n);

#endif
