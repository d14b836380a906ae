/* gif_writer.h - animated GIFs of the screen with giflib: frames of MOTE8_WIDTH x
 * MOTE8_HEIGHT colour indices into one global palette of at most 256 RGB colours (the
 * screen shows at most 32 different colours, so nothing is lost), each pixel scaled, played
 * at the given rate and looped forever. No SDL (unit-tested by decoding a file back).
 * Depends on: giflib. */
#ifndef M8_GIF_WRITER_H
#define M8_GIF_WRITER_H

#include <stddef.h>
#include <stdint.h>

#define M8_GIF_MAX_COLOURS 256

/* A palette shared by frames: RGB colours added as they are first seen. */
typedef struct m8_gif_palette {
    uint8_t rgb[M8_GIF_MAX_COLOURS][3];
    int count;
} m8_gif_palette;

/* Map an RGB888 frame (w*h) to indices, adding unseen colours to the palette. Returns 0,
 * or -1 when the palette is full (the remaining colours map to the nearest kept one). */
int m8_gif_index_frame(m8_gif_palette *pal, const uint8_t *rgb, int w, int h, uint8_t *out);

/* Write `count` frames (each w*h indices, consecutive in `frames`) as PATH, each pixel
 * `scale` x `scale`, at `fps` frames per second (delays in hundredths, kept in step with
 * the rate: 30 fps alternates 3 and 4). 0, or -1 with a reason in err. */
int m8_gif_write(const char *path, const m8_gif_palette *pal, const uint8_t *frames, int count,
                 int w, int h, int scale, int fps, char *err, size_t errsz);

#endif
