/* sample_bank.h - sample banks (a mote8 extension, docs/pcm-codec.md "Sample banks"): the
 * cart section __meta:mote8_samples__, one bit-plane codec stream per line in hex (line n =
 * sample n), decoded to 16-bit mono when a cart first plays one, and the sample voice that
 * plays one of them (resampled to the output rate, optionally looping) on top of the mix.
 * Depends on: pcm_codec.h, cart.h, m8conf.h. */
#ifndef M8_SAMPLE_BANK_H
#define M8_SAMPLE_BANK_H

#include <stddef.h>
#include <stdint.h>
#include "cart.h"
#include "m8conf.h"

#define M8_SAMPLE_SECTION "meta:mote8_samples"   /* PICO-8 ignores __meta:*__ sections */

typedef struct m8_sample {
    int16_t *data;              /* mono (a stereo stream is mixed down) */
    uint32_t frames, rate;
} m8_sample;

typedef struct m8_sample_bank {
    m8_sample s[M8_SAMPLE_BANK_MAX];
    int count;
    int loaded;                 /* 1 once decoded (even when the cart has no bank) */
} m8_sample_bank;

typedef struct m8_sample_voice {
    const m8_sample *s;         /* NULL: silent */
    uint64_t pos, step;         /* 32.32 fixed-point frames */
    int loop;
} m8_sample_voice;

/* The text of the cart's sample-bank section, or NULL. */
const char *m8_sample_bank_text(const m8_cart *cart);
/* Decode a bank's text (NULL = no bank: 0 samples). Returns the number of samples, or -1
 * with err naming the line and the codec's reason; the bank is then empty. */
int m8_sample_bank_load(m8_sample_bank *b, const char *text, char *err, size_t errsz);
void m8_sample_bank_free(m8_sample_bank *b);

/* Play s (NULL stops) from its start at output rate out_rate. */
void m8_sample_voice_play(m8_sample_voice *v, const m8_sample *s, int loop, uint32_t out_rate);
/* Add the next n output samples at half scale (saturating) / let them pass unheard. */
void m8_sample_voice_mix(m8_sample_voice *v, int16_t *out, int n);
void m8_sample_voice_advance(m8_sample_voice *v, int n);

#endif
