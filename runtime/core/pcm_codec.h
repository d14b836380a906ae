/* pcm_codec.h - the bit-plane PCM codec: lossless compression of 16-bit mono or stereo
 * samples in chunks (per chunk: optional delta, optional Gray code, 16 bit planes each coded
 * as all zeros, all ones, raw bits or Elias-gamma run lengths), with a checked decoder that
 * never reads or writes outside its buffers. The stream format and the growth bound are in
 * docs/pcm-codec.md. Depends on: m8conf.h (M8_PCM_CHUNK). */
#ifndef M8_PCM_CODEC_H
#define M8_PCM_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include "m8conf.h"

#define M8_PCM_HEADER_BYTES 16     /* magic, version, channels, chunk, rate, frames */
#define M8_PCM_TRAILER_BYTES 4     /* CRC-32 of every byte before it */
#define M8_PCM_VERSION 1

enum m8_pcm_status {
    M8_PCM_OK = 0,
    M8_PCM_ERR_ARGS = -1,          /* bad arguments (channels not 1/2, NULL buffers ...) */
    M8_PCM_ERR_TRUNCATED = -2,     /* the stream ends before its data does */
    M8_PCM_ERR_MAGIC = -3,         /* not a mote8 PCM stream */
    M8_PCM_ERR_VERSION = -4,       /* a stream version this decoder does not know */
    M8_PCM_ERR_HEADER = -5,        /* impossible header values (channels, chunk size) */
    M8_PCM_ERR_CORRUPT = -6,       /* coded data that no encoder writes (runs overshoot ...) */
    M8_PCM_ERR_TRAILING = -7,      /* bytes left over after the last chunk */
    M8_PCM_ERR_CHECKSUM = -8,      /* the CRC-32 does not match */
    M8_PCM_ERR_SPACE = -9          /* the output buffer is too small */
};

typedef struct m8_pcm_header {
    int channels;                  /* 1 or 2 */
    uint32_t chunk;                /* frames per chunk, 1..65535 */
    uint32_t rate;                 /* sample rate in Hz (carried, not used by the codec) */
    uint32_t frames;               /* frames (samples per channel) */
} m8_pcm_header;

/* Largest stream the encoder can write for `frames` frames of `channels` channels in chunks
 * of `chunk` frames (0 = M8_PCM_CHUNK): 20 + channels * (2 * frames + 5 * ceil(frames /
 * chunk)) bytes. 0 when the arguments are impossible. */
size_t m8_pcm_bound(uint32_t frames, int channels, uint32_t chunk);

/* Encode interleaved samples (frames * channels values) into out (cap bytes; the bound is
 * always enough). chunk 0 = M8_PCM_CHUNK. Returns the stream length, or a negative status. */
long m8_pcm_encode(const int16_t *samples, uint32_t frames, int channels, uint32_t rate,
                   uint32_t chunk, uint8_t *out, size_t cap);

/* Read and check the header of a stream of len bytes (also that the stream is long enough
 * for the chunks it announces). Returns M8_PCM_OK or a negative status. */
int m8_pcm_read_header(const uint8_t *in, size_t len, m8_pcm_header *h);

/* Decode a whole stream into out (cap values, interleaved; frames * channels needed).
 * Returns M8_PCM_OK (h filled when not NULL) or a negative status; on an error the contents
 * of out are unspecified but nothing outside it was written. */
int m8_pcm_decode(const uint8_t *in, size_t len, int16_t *out, size_t cap, m8_pcm_header *h);

/* One line naming a status ("truncated stream", ...). */
const char *m8_pcm_status_text(int status);

/* CRC-32 (the zlib/PNG polynomial) of len bytes, continuing from crc (0 to start). */
uint32_t m8_pcm_crc32(uint32_t crc, const uint8_t *p, size_t len);

#endif
