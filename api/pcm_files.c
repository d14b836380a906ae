/* pcm_files.c - the "PCM codec" section of mote8.h: the bit-plane codec of
 * runtime/core/pcm_codec.c for tools, with the buffers allocated here.
 * Depends on: mote8.h, pcm_codec.h, libc. */
#include <stdlib.h>

#include "mote8.h"
#include "pcm_codec.h"

_Static_assert((int)MOTE8_PCM_OK == (int)M8_PCM_OK && (int)MOTE8_PCM_ERR_ARGS == (int)M8_PCM_ERR_ARGS
               && (int)MOTE8_PCM_ERR_TRUNCATED == (int)M8_PCM_ERR_TRUNCATED
               && (int)MOTE8_PCM_ERR_MAGIC == (int)M8_PCM_ERR_MAGIC
               && (int)MOTE8_PCM_ERR_VERSION == (int)M8_PCM_ERR_VERSION
               && (int)MOTE8_PCM_ERR_HEADER == (int)M8_PCM_ERR_HEADER
               && (int)MOTE8_PCM_ERR_TRAILING == (int)M8_PCM_ERR_TRAILING
               && (int)MOTE8_PCM_ERR_CORRUPT == (int)M8_PCM_ERR_CORRUPT
               && (int)MOTE8_PCM_ERR_CHECKSUM == (int)M8_PCM_ERR_CHECKSUM
               && (int)MOTE8_PCM_ERR_SPACE == (int)M8_PCM_ERR_SPACE,
               "mote8.h's PCM status codes are the codec's");

size_t mote8_pcm_bound(uint32_t frames, int channels)
{
    return m8_pcm_bound(frames, channels, 0);
}

void *mote8_pcm_encode(const int16_t *samples, uint32_t frames, int channels, uint32_t rate,
                       size_t *len, int *status)
{
    size_t bound = m8_pcm_bound(frames, channels, 0);
    uint8_t *out = bound ? malloc(bound) : NULL;
    long n = out ? m8_pcm_encode(samples, frames, channels, rate, 0, out, bound)
                 : (bound ? M8_PCM_ERR_SPACE : M8_PCM_ERR_ARGS);
    if (n < 0) {
        free(out);
        if (status) *status = (int)n;
        return NULL;
    }
    if (len) *len = (size_t)n;
    if (status) *status = MOTE8_PCM_OK;
    return out;
}

int mote8_pcm_info_of(const void *data, size_t len, mote8_pcm_info *info)
{
    m8_pcm_header h;
    int st = m8_pcm_read_header(data, len, &h);
    if (st == M8_PCM_OK && info) *info = (mote8_pcm_info){ h.channels, h.rate, h.frames, h.chunk };
    return st;
}

int16_t *mote8_pcm_decode(const void *data, size_t len, mote8_pcm_info *info, int *status)
{
    mote8_pcm_info in;
    int st = mote8_pcm_info_of(data, len, &in);
    int16_t *out = NULL;
    if (st == M8_PCM_OK) {
        size_t values = (size_t)in.frames * (size_t)in.channels;
        out = malloc(values ? values * sizeof *out : 1);
        st = out ? m8_pcm_decode(data, len, out, values, NULL) : M8_PCM_ERR_SPACE;
    }
    if (st != M8_PCM_OK) {
        free(out);
        out = NULL;
    } else if (info) {
        *info = in;
    }
    if (status) *status = st;
    return out;
}

const char *mote8_pcm_status_text(int status)
{
    return m8_pcm_status_text(status);
}
