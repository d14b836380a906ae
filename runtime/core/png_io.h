/* png_io.h - PNG files of RGB images through libpng (screenshots, golden frames, heatmaps);
 * without libpng (M8_NO_PNG) reading only, through png_decode.c. Depends on: libpng. */
#ifndef M8_PNG_IO_H
#define M8_PNG_IO_H

#include <stddef.h>
#include <stdint.h>

/* Write w*h RGB888 pixels, each scaled by `scale` (>= 1). Returns 0 or -1 (errno set). */
int m8_png_write_rgb(const char *path, const uint8_t *rgb, int w, int h, int scale);

/* The same PNG in memory: a malloc'd buffer and its size, or NULL. */
uint8_t *m8_png_encode_rgb(const uint8_t *rgb, int w, int h, int scale, size_t *len);

/* Read a PNG as RGB888 (alpha dropped, palettes expanded). Returns a malloc'd buffer and
 * sets *w, *h, or NULL with a message in err (errsz bytes). Without libpng (M8_NO_PNG):
 * non-interlaced PNGs only, alpha simply dropped (not composited). */
uint8_t *m8_png_read_rgb(const char *path, int *w, int *h, char *err, int errsz);

#endif
