/* wav_writer.h - 16-bit mono PCM WAV files, written as audio arrives. Every write and the
 * close are checked: after the first failure (a full disk) nothing more is written, the
 * calls return -1 and m8_wav_error() says why.
 * Depends on: nothing (stdio). */
#ifndef M8_WAV_WRITER_H
#define M8_WAV_WRITER_H

#include <stdint.h>
#include <stdio.h>

typedef struct m8_wav_writer {
    FILE *f;
    uint32_t samples;
    int rate;
    int err;                    /* errno of the first failure, 0 = none */
} m8_wav_writer;

int m8_wav_open(m8_wav_writer *w, const char *path, int rate);   /* 0 or -1 (m8_wav_error) */
int m8_wav_write(m8_wav_writer *w, const int16_t *samples, int n);   /* 0 or -1 */
int m8_wav_close(m8_wav_writer *w);               /* fixes the header; 0 or -1, also after
                                                   * an earlier failed write */
const char *m8_wav_error(const m8_wav_writer *w); /* the first failure's reason */

#endif
