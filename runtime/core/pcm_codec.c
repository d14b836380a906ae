/* pcm_codec.c - the bit-plane PCM codec (docs/pcm-codec.md): a lossless coder for 16-bit
 * samples built so that 8-bit material stored as 16 bits costs close to 8 bits a sample.
 * Each chunk of each channel picks the cheapest of four transforms (delta on/off, Gray code
 * on/off), splits the result into 16 bit planes (least significant first) and codes every
 * plane with a 2-bit tag: all zeros, all ones, raw bits, or the first bit followed by the
 * Elias-gamma lengths of its alternating runs. The second channel of a stereo stream is
 * coded as its difference from the first (modulo 2^16, so it is exact). The decoder checks
 * every read against the end of the stream and every write against the caller's buffer.
 * Depends on: pcm_codec.h, libc. */
#include "pcm_codec.h"

#include <stdlib.h>
#include <string.h>

enum plane_tag { TAG_ZEROS = 0, TAG_ONES = 1, TAG_RAW = 2, TAG_RUNS = 3 };
#define XFORM_DELTA 1
#define XFORM_GRAY 2
#define PLANES 16
#define MAGIC "M8PC"

/* --- CRC-32, four bits at a time --- */

uint32_t m8_pcm_crc32(uint32_t crc, const uint8_t *p, size_t len)
{
    static const uint32_t nibble[16] = {
        0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u,
        0x4db26158u, 0x5005713cu, 0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu,
        0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu };
    crc = ~crc;
    for (size_t i = 0; i < len; i++) {
        crc ^= p[i];
        crc = (crc >> 4) ^ nibble[crc & 15];
        crc = (crc >> 4) ^ nibble[crc & 15];
    }
    return ~crc;
}

/* --- little-endian fields --- */

static void put_u16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put_u32(uint8_t *p, uint32_t v)
{
    put_u16(p, v & 0xffff);
    put_u16(p + 2, v >> 16);
}
static uint32_t get_u16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t get_u32(const uint8_t *p) { return get_u16(p) | get_u16(p + 2) << 16; }

/* --- sizes --- */

static uint32_t chunk_count(uint32_t frames, uint32_t chunk)
{
    return frames / chunk + (frames % chunk != 0);
}

size_t m8_pcm_bound(uint32_t frames, int channels, uint32_t chunk)
{
    if (chunk == 0) chunk = M8_PCM_CHUNK;
    if ((channels != 1 && channels != 2) || chunk > 0xffff) return 0;
    /* a chunk of n frames of one channel: 2 transform bits + 16 * (2 tag bits + at most n
     * bits), padded to a byte: at most 2n + 5 bytes */
    return M8_PCM_HEADER_BYTES + M8_PCM_TRAILER_BYTES
         + (size_t)channels * (2 * (size_t)frames + 5 * (size_t)chunk_count(frames, chunk));
}

/* Bits of the Elias-gamma code of v >= 1: 2 * floor(log2 v) + 1. */
static uint32_t gamma_bits(uint32_t v)
{
    uint32_t n = 0;
    while (v >> (n + 1)) n++;
    return 2 * n + 1;
}

/* --- the transforms (on 16-bit words, modulo 2^16) --- */

static void transform(const uint16_t *src, uint16_t *dst, uint32_t n, int xform)
{
    uint16_t prev = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint16_t v = src[i];
        if (xform & XFORM_DELTA) {
            uint16_t d = (uint16_t)(v - prev);
            prev = v;
            v = d;
        }
        if (xform & XFORM_GRAY) v = (uint16_t)(v ^ (v >> 1));
        dst[i] = v;
    }
}

static void untransform(int16_t *out, size_t stride, uint32_t n, int xform)
{
    uint16_t prev = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint16_t v = (uint16_t)out[i * stride];
        if (xform & XFORM_GRAY) {
            v ^= v >> 1;
            v ^= v >> 2;
            v ^= v >> 4;
            v ^= v >> 8;
        }
        if (xform & XFORM_DELTA) {
            v = (uint16_t)(v + prev);
            prev = v;
        }
        out[i * stride] = (int16_t)v;
    }
}

/* --- choosing a plane's mode --- */

typedef struct plane_plan {
    int tag;
    uint32_t bits;                 /* payload bits after the tag */
} plane_plan;

static plane_plan plan_plane(const uint16_t *v, uint32_t n, int b)
{
    uint32_t ones = 0, run_bits = 1, run = 0;
    int last = -1;
    for (uint32_t i = 0; i < n; i++) {
        int bit = (v[i] >> b) & 1;
        ones += (uint32_t)bit;
        if (bit == last) {
            run++;
        } else {
            if (run) run_bits += gamma_bits(run);
            run = 1;
            last = bit;
        }
    }
    if (run) run_bits += gamma_bits(run);
    if (ones == 0) return (plane_plan){ TAG_ZEROS, 0 };
    if (ones == n) return (plane_plan){ TAG_ONES, 0 };
    if (run_bits < n) return (plane_plan){ TAG_RUNS, run_bits };
    return (plane_plan){ TAG_RAW, n };
}

static uint64_t chunk_bits(const uint16_t *v, uint32_t n)
{
    uint64_t bits = 2;
    for (int b = 0; b < PLANES; b++) bits += 2 + plan_plane(v, n, b).bits;
    return bits;
}

/* --- writing bits (most significant first within a byte) --- */

typedef struct bit_writer {
    uint8_t *out;
    size_t cap, pos;               /* pos in bits */
    int overflow;
} bit_writer;

static void put_bits(bit_writer *w, uint32_t v, int count)
{
    for (int k = count - 1; k >= 0; k--) {
        size_t byte = w->pos >> 3;
        if (byte >= w->cap) { w->overflow = 1; return; }
        if ((w->pos & 7) == 0) w->out[byte] = 0;
        if ((v >> k) & 1) w->out[byte] |= (uint8_t)(0x80 >> (w->pos & 7));
        w->pos++;
    }
}

static void put_gamma(bit_writer *w, uint32_t v)
{
    int n = (int)(gamma_bits(v) / 2);
    put_bits(w, 0, n);
    put_bits(w, v, n + 1);
}

static void write_plane(bit_writer *w, const uint16_t *v, uint32_t n, int b)
{
    plane_plan p = plan_plane(v, n, b);
    put_bits(w, (uint32_t)p.tag, 2);
    if (p.tag == TAG_RAW) {
        for (uint32_t i = 0; i < n; i++) put_bits(w, (v[i] >> b) & 1, 1);
    } else if (p.tag == TAG_RUNS) {
        int last = v[0] >> b & 1;
        uint32_t run = 0;
        put_bits(w, (uint32_t)last, 1);
        for (uint32_t i = 0; i < n; i++) {
            int bit = (v[i] >> b) & 1;
            if (bit == last) { run++; continue; }
            put_gamma(w, run);
            run = 1;
            last = bit;
        }
        put_gamma(w, run);
    }
}

/* One channel's chunk: the cheapest transform, its 16 planes, padding to a byte. */
static void write_channel_chunk(bit_writer *w, const uint16_t *src, uint16_t *work, uint32_t n)
{
    int best = 0;
    uint64_t best_bits = UINT64_MAX;
    for (int xform = 0; xform < 4; xform++) {
        transform(src, work, n, xform);
        uint64_t bits = chunk_bits(work, n);
        if (bits < best_bits) { best_bits = bits; best = xform; }
    }
    transform(src, work, n, best);
    put_bits(w, (uint32_t)best, 2);
    for (int b = 0; b < PLANES; b++) write_plane(w, work, n, b);
    if (w->pos & 7) put_bits(w, 0, 8 - (int)(w->pos & 7));
}

long m8_pcm_encode(const int16_t *samples, uint32_t frames, int channels, uint32_t rate,
                   uint32_t chunk, uint8_t *out, size_t cap)
{
    if (chunk == 0) chunk = M8_PCM_CHUNK;
    if ((channels != 1 && channels != 2) || chunk > 0xffff || !out
        || (frames > 0 && !samples))
        return M8_PCM_ERR_ARGS;
    if (cap < M8_PCM_HEADER_BYTES + M8_PCM_TRAILER_BYTES) return M8_PCM_ERR_SPACE;
    memcpy(out, MAGIC, 4);
    out[4] = M8_PCM_VERSION;
    out[5] = (uint8_t)channels;
    put_u16(out + 6, chunk);
    put_u32(out + 8, rate);
    put_u32(out + 12, frames);

    uint32_t scratch = frames < chunk ? frames : chunk;
    uint16_t *src = malloc(((size_t)scratch + 1) * sizeof *src);
    uint16_t *work = malloc(((size_t)scratch + 1) * sizeof *work);
    if (!src || !work) {
        free(src);
        free(work);
        return M8_PCM_ERR_SPACE;
    }
    bit_writer w = { out + M8_PCM_HEADER_BYTES, cap - M8_PCM_HEADER_BYTES - M8_PCM_TRAILER_BYTES,
                     0, 0 };
    for (uint32_t start = 0; start < frames && !w.overflow; start += chunk) {
        uint32_t n = frames - start < chunk ? frames - start : chunk;
        const int16_t *in = samples + (size_t)start * (size_t)channels;
        for (int c = 0; c < channels; c++) {
            for (uint32_t i = 0; i < n; i++) {
                uint16_t v = (uint16_t)in[(size_t)i * channels + c];
                if (c == 1) v = (uint16_t)(v - (uint16_t)in[(size_t)i * channels]);
                src[i] = v;
            }
            write_channel_chunk(&w, src, work, n);
        }
    }
    free(src);
    free(work);
    if (w.overflow) return M8_PCM_ERR_SPACE;
    size_t len = M8_PCM_HEADER_BYTES + (w.pos >> 3);
    put_u32(out + len, m8_pcm_crc32(0, out, len));
    return (long)(len + M8_PCM_TRAILER_BYTES);
}

/* --- reading --- */

int m8_pcm_read_header(const uint8_t *in, size_t len, m8_pcm_header *h)
{
    if (!in && len) return M8_PCM_ERR_ARGS;
    if (len < 4) return len == 0 || memcmp(in, MAGIC, len) == 0 ? M8_PCM_ERR_TRUNCATED
                                                                : M8_PCM_ERR_MAGIC;
    if (memcmp(in, MAGIC, 4) != 0) return M8_PCM_ERR_MAGIC;
    if (len < 5) return M8_PCM_ERR_TRUNCATED;
    if (in[4] != M8_PCM_VERSION) return M8_PCM_ERR_VERSION;
    if (len < M8_PCM_HEADER_BYTES + M8_PCM_TRAILER_BYTES) return M8_PCM_ERR_TRUNCATED;
    m8_pcm_header hd = { in[5], get_u16(in + 6), get_u32(in + 8), get_u32(in + 12) };
    if ((hd.channels != 1 && hd.channels != 2) || hd.chunk == 0) return M8_PCM_ERR_HEADER;
    /* every channel chunk takes at least 5 bytes (34 bits of transform and tags) */
    uint64_t least = (uint64_t)chunk_count(hd.frames, hd.chunk) * (uint64_t)hd.channels * 5;
    if (least > len - M8_PCM_HEADER_BYTES - M8_PCM_TRAILER_BYTES) return M8_PCM_ERR_TRUNCATED;
    if (h) *h = hd;
    return M8_PCM_OK;
}

typedef struct bit_reader {
    const uint8_t *in;
    size_t end, pos;               /* in bits */
} bit_reader;

/* Up to 32 bits into *v; M8_PCM_ERR_TRUNCATED when the stream ends first. */
static int get_bits(bit_reader *r, int count, uint32_t *v)
{
    if ((size_t)count > r->end - r->pos) return M8_PCM_ERR_TRUNCATED;
    uint32_t x = 0;
    for (int k = 0; k < count; k++, r->pos++)
        x = x << 1 | ((r->in[r->pos >> 3] >> (7 - (r->pos & 7))) & 1u);
    *v = x;
    return M8_PCM_OK;
}

static int get_gamma(bit_reader *r, uint32_t *v)
{
    int zeros = 0;
    uint32_t bit = 0;
    for (;;) {
        int st = get_bits(r, 1, &bit);
        if (st) return st;
        if (bit) break;
        if (++zeros > 15) return M8_PCM_ERR_CORRUPT;     /* no run is 2^16 or longer */
    }
    uint32_t rest = 0;
    int st = get_bits(r, zeros, &rest);
    if (st) return st;
    *v = (1u << zeros) | rest;
    return M8_PCM_OK;
}

/* Read one plane into bit b of out[0], out[stride], ... (which start at zero). */
static int read_plane(bit_reader *r, int16_t *out, size_t stride, uint32_t n, int b)
{
    uint32_t tag = 0, bit = 0;
    int st = get_bits(r, 2, &tag);
    if (st) return st;
    uint16_t mask = (uint16_t)(1u << b);
    switch (tag) {
    case TAG_ZEROS:
        return M8_PCM_OK;
    case TAG_ONES:
        for (uint32_t i = 0; i < n; i++) out[i * stride] = (int16_t)((uint16_t)out[i * stride] | mask);
        return M8_PCM_OK;
    case TAG_RAW:
        if (n > r->end - r->pos) return M8_PCM_ERR_TRUNCATED;
        for (uint32_t i = 0; i < n; i++) {
            get_bits(r, 1, &bit);
            if (bit) out[i * stride] = (int16_t)((uint16_t)out[i * stride] | mask);
        }
        return M8_PCM_OK;
    default: {
        st = get_bits(r, 1, &bit);
        if (st) return st;
        for (uint32_t i = 0; i < n;) {
            uint32_t run = 0;
            st = get_gamma(r, &run);
            if (st) return st;
            if (run > n - i) return M8_PCM_ERR_CORRUPT;
            if (bit)
                for (uint32_t k = 0; k < run; k++)
                    out[(i + k) * stride] = (int16_t)((uint16_t)out[(i + k) * stride] | mask);
            i += run;
            bit ^= 1;
        }
        return M8_PCM_OK;
    }
    }
}

static int read_channel_chunk(bit_reader *r, int16_t *out, size_t stride, uint32_t n)
{
    uint32_t xform = 0, pad = 0;
    int st = get_bits(r, 2, &xform);
    if (st) return st;
    for (uint32_t i = 0; i < n; i++) out[i * stride] = 0;
    for (int b = 0; b < PLANES; b++)
        if ((st = read_plane(r, out, stride, n, b))) return st;
    if (r->pos & 7) {
        if ((st = get_bits(r, 8 - (int)(r->pos & 7), &pad))) return st;
        if (pad) return M8_PCM_ERR_CORRUPT;               /* encoders pad with zeros */
    }
    untransform(out, stride, n, (int)xform);
    return M8_PCM_OK;
}

int m8_pcm_decode(const uint8_t *in, size_t len, int16_t *out, size_t cap, m8_pcm_header *h)
{
    m8_pcm_header hd;
    int st = m8_pcm_read_header(in, len, &hd);
    if (st) return st;
    size_t values = (size_t)hd.frames * (size_t)hd.channels;
    if (values > cap || (values && !out)) return M8_PCM_ERR_SPACE;
    size_t data_end = len - M8_PCM_TRAILER_BYTES;
    bit_reader r = { in, data_end * 8, M8_PCM_HEADER_BYTES * 8 };
    for (uint32_t start = 0; start < hd.frames; start += hd.chunk) {
        uint32_t n = hd.frames - start < hd.chunk ? hd.frames - start : hd.chunk;
        int16_t *o = out + (size_t)start * (size_t)hd.channels;
        for (int c = 0; c < hd.channels; c++)
            if ((st = read_channel_chunk(&r, o + c, (size_t)hd.channels, n))) return st;
        if (hd.channels == 2)
            for (uint32_t i = 0; i < n; i++)
                o[2 * i + 1] = (int16_t)(uint16_t)((uint16_t)o[2 * i + 1] + (uint16_t)o[2 * i]);
    }
    if (r.pos != r.end) return M8_PCM_ERR_TRAILING;
    if (get_u32(in + data_end) != m8_pcm_crc32(0, in, data_end)) return M8_PCM_ERR_CHECKSUM;
    if (h) *h = hd;
    return M8_PCM_OK;
}

const char *m8_pcm_status_text(int status)
{
    switch (status) {
    case M8_PCM_OK: return "ok";
    case M8_PCM_ERR_ARGS: return "bad arguments";
    case M8_PCM_ERR_TRUNCATED: return "truncated stream";
    case M8_PCM_ERR_MAGIC: return "not a mote8 PCM stream (bad magic)";
    case M8_PCM_ERR_VERSION: return "unknown stream version";
    case M8_PCM_ERR_HEADER: return "corrupt header (channels or chunk size)";
    case M8_PCM_ERR_CORRUPT: return "corrupt coded data";
    case M8_PCM_ERR_TRAILING: return "bytes after the last chunk";
    case M8_PCM_ERR_CHECKSUM: return "checksum mismatch";
    case M8_PCM_ERR_SPACE: return "output buffer too small";
    default: return "unknown error";
    }
}
