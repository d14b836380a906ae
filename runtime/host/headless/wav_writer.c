/* wav_writer.c - a RIFF/WAVE writer: header with placeholder sizes, little-endian samples,
 * sizes patched on close; the first failed write or close is kept (errno) and ends writing.
 * Depends on: wav_writer.h. */
#include <errno.h>
#include <string.h>
#include "wav_writer.h"

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }

static void header(uint8_t h[44], int rate, uint32_t samples)
{
    memcpy(h, "RIFF", 4);
    put32(h + 4, 36 + samples * 2);
    memcpy(h + 8, "WAVEfmt ", 8);
    put32(h + 16, 16);
    put16(h + 20, 1);                 /* PCM */
    put16(h + 22, 1);                 /* mono */
    put32(h + 24, (uint32_t)rate);
    put32(h + 28, (uint32_t)rate * 2);
    put16(h + 32, 2);
    put16(h + 34, 16);
    memcpy(h + 36, "data", 4);
    put32(h + 40, samples * 2);
}

/* Remember the first failure (errno, else EIO) and return -1. */
static int failed(m8_wav_writer *w)
{
    if (!w->err) w->err = errno ? errno : EIO;
    return -1;
}

int m8_wav_open(m8_wav_writer *w, const char *path, int rate)
{
    uint8_t h[44];
    w->samples = 0;
    w->rate = rate;
    w->err = 0;
    errno = 0;
    w->f = fopen(path, "wb");
    if (!w->f) return failed(w);
    header(h, rate, 0);
    return fwrite(h, 1, 44, w->f) == 44 ? 0 : failed(w);
}

int m8_wav_write(m8_wav_writer *w, const int16_t *s, int n)
{
    uint8_t buf[2048];
    if (w->err) return -1;
    while (n > 0) {
        int k = n > 1024 ? 1024 : n;
        for (int i = 0; i < k; i++) put16(buf + 2 * i, (uint16_t)s[i]);
        errno = 0;
        if (fwrite(buf, 2, (size_t)k, w->f) != (size_t)k) return failed(w);
        w->samples += (uint32_t)k;
        s += k;
        n -= k;
    }
    return 0;
}

int m8_wav_close(m8_wav_writer *w)
{
    uint8_t h[44];
    header(h, w->rate, w->samples);
    errno = 0;
    /* the samples still buffered first: a failed flush must not be hidden by the seek */
    if (!w->err && (fflush(w->f) != 0 || ferror(w->f))) failed(w);
    if (!w->err && (fseek(w->f, 0, SEEK_SET) != 0 || fwrite(h, 1, 44, w->f) != 44 ||
                    fflush(w->f) != 0))
        failed(w);
    if (fclose(w->f) != 0) failed(w);
    w->f = NULL;
    return w->err ? -1 : 0;
}

const char *m8_wav_error(const m8_wav_writer *w)
{
    return strerror(w->err ? w->err : EIO);
}
