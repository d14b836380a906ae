/* sample_bank.c - sample banks and the sample voice (docs/pcm-codec.md, "Sample banks"):
 * reading the hex lines of __meta:mote8_samples__ into decoded 16-bit mono samples with
 * the bit-plane codec, and playing one of them by nearest-sample resampling to the output
 * rate, added to the mix at half scale. Depends on: sample_bank.h, pcm_codec.h, libc. */
#include "sample_bank.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcm_codec.h"

const char *m8_sample_bank_text(const m8_cart *cart)
{
    for (int i = 0; i < cart->n_extra; i++)
        if (cart->extra[i].name && strcmp(cart->extra[i].name, M8_SAMPLE_SECTION) == 0)
            return cart->extra[i].text;
    return NULL;
}

void m8_sample_bank_free(m8_sample_bank *b)
{
    for (int i = 0; i < b->count; i++) free(b->s[i].data);
    memset(b, 0, sizeof *b);
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* One line of hex digits (spaces and '\r' ignored) into bytes; -1 on a bad digit. */
static long unhex(const char *p, size_t n, uint8_t *out)
{
    long len = 0;
    int half = -1;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == ' ' || p[i] == '\r' || p[i] == '\t') continue;
        int v = hex_value((unsigned char)p[i]);
        if (v < 0) return -1;
        if (half < 0) {
            half = v;
        } else {
            out[len++] = (uint8_t)(half << 4 | v);
            half = -1;
        }
    }
    return half < 0 ? len : -1;
}

static int decode_line(m8_sample *s, const char *line, size_t n, char *why, size_t whysz)
{
    uint8_t *bytes = malloc(n / 2 + 1);
    if (!bytes) { snprintf(why, whysz, "out of memory"); return -1; }
    long len = unhex(line, n, bytes);
    if (len < 0) {
        free(bytes);
        snprintf(why, whysz, "not hex digits");
        return -1;
    }
    m8_pcm_header h;
    int st = m8_pcm_read_header(bytes, (size_t)len, &h);
    int16_t *pcm = NULL;
    size_t values = 0;
    if (st == M8_PCM_OK && h.frames > M8_SAMPLE_FRAMES_MAX) {
        free(bytes);
        snprintf(why, whysz, "longer than %u frames", (unsigned)M8_SAMPLE_FRAMES_MAX);
        return -1;
    }
    if (st == M8_PCM_OK) {
        values = (size_t)h.frames * (size_t)h.channels;
        pcm = malloc(values ? values * sizeof *pcm : 1);
        st = pcm ? m8_pcm_decode(bytes, (size_t)len, pcm, values, NULL) : M8_PCM_ERR_SPACE;
    }
    free(bytes);
    if (st != M8_PCM_OK) {
        free(pcm);
        snprintf(why, whysz, "%s", m8_pcm_status_text(st));
        return -1;
    }
    if (h.channels == 2)                               /* mix down in place */
        for (uint32_t i = 0; i < h.frames; i++)
            pcm[i] = (int16_t)(((int)pcm[2 * i] + (int)pcm[2 * i + 1]) / 2);
    *s = (m8_sample){ pcm, h.frames, h.rate ? h.rate : M8_PCM_RATE_DEFAULT };
    return 0;
}

int m8_sample_bank_load(m8_sample_bank *b, const char *text, char *err, size_t errsz)
{
    m8_sample_bank_free(b);
    b->loaded = 1;
    int line_no = 0;
    for (const char *p = text; p && *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        line_no++;
        if (b->count == M8_SAMPLE_BANK_MAX) {
            snprintf(err, errsz, "sample bank: more than %d samples", M8_SAMPLE_BANK_MAX);
            m8_sample_bank_free(b);
            b->loaded = 1;
            return -1;
        }
        char why[96];
        if (decode_line(&b->s[b->count], p, n, why, sizeof why) != 0) {
            snprintf(err, errsz, "sample bank, sample %d: %s", line_no - 1, why);
            m8_sample_bank_free(b);
            b->loaded = 1;
            return -1;
        }
        b->count++;
        p = end ? end + 1 : p + n;
    }
    return b->count;
}

void m8_sample_voice_play(m8_sample_voice *v, const m8_sample *s, int loop, uint32_t out_rate)
{
    v->s = s && s->frames ? s : NULL;
    v->pos = 0;
    v->step = v->s ? ((uint64_t)v->s->rate << 32) / out_rate : 0;
    v->loop = loop;
}

/* The frame under the play position, moving on; -1 once a one-shot sample ends. */
static int next_frame(m8_sample_voice *v)
{
    if (!v->s) return -1;
    uint64_t frame = v->pos >> 32;
    if (frame >= v->s->frames) {
        if (!v->loop) { v->s = NULL; return -1; }
        v->pos %= (uint64_t)v->s->frames << 32;
        frame = v->pos >> 32;
    }
    v->pos += v->step;
    return (int)frame;
}

void m8_sample_voice_mix(m8_sample_voice *v, int16_t *out, int n)
{
    for (int i = 0; i < n; i++) {
        int f = next_frame(v);
        if (f < 0) return;
        int x = out[i] + v->s->data[f] / 2;
        out[i] = (int16_t)(x > 32767 ? 32767 : x < -32768 ? -32768 : x);
    }
}

void m8_sample_voice_advance(m8_sample_voice *v, int n)
{
    for (int i = 0; i < n && next_frame(v) >= 0; i++) {}
}
