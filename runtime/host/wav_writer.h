/* wav_writer.h - 16-bit mono PCM WAV files, written as audio arrives.
 * Depends on: nothing (stdio). */
#ifndef M8_WAV_WRITER_H
#define M8_WAV_WRITER_H

#include <stdint.h>
#include <stdio.h>

typedef struct m8_wav_writer {
    FILE *f;
    uint32_t samples;
    int rate;
} m8_wav_writer;

int m8_wav_open(m8_wav_writer *w, const char *path, int rate);   /* 0 or -1 (errno) */
int m8_wav_write(m8_wav_writer *w, const int16_t *samples, int n);
int m8_wav_close(m8_wav_writer *w);                              /* fixes the header */

#endif
