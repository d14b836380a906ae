/* gif_writer.c - animated GIF files with giflib; see gif_writer.h.
 * Depends on: gif_writer.h, giflib. */
#include <errno.h>
#include <fcntl.h>
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gif_writer.h"

int m8_gif_index_frame(m8_gif_palette *pal, const uint8_t *rgb, int w, int h, uint8_t *out)
{
    int full = 0, last = 0;
    for (int i = 0; i < w * h; i++) {
        const uint8_t *p = rgb + i * 3;
        const uint8_t *q = pal->rgb[last];
        if (pal->count && q[0] == p[0] && q[1] == p[1] && q[2] == p[2]) {  /* runs */
            out[i] = (uint8_t)last;
            continue;
        }
        int found = -1;
        for (int c = 0; c < pal->count; c++)
            if (pal->rgb[c][0] == p[0] && pal->rgb[c][1] == p[1] && pal->rgb[c][2] == p[2]) {
                found = c;
                break;
            }
        if (found < 0 && pal->count < M8_GIF_MAX_COLOURS) {
            found = pal->count++;
            memcpy(pal->rgb[found], p, 3);
        }
        if (found < 0) {                          /* full: the nearest colour kept */
            long best = -1;
            full = 1;
            for (int c = 0; c < pal->count; c++) {
                long dr = pal->rgb[c][0] - p[0], dg = pal->rgb[c][1] - p[1], db = pal->rgb[c][2] - p[2];
                long d = dr * dr + dg * dg + db * db;
                if (best < 0 || d < best) {
                    best = d;
                    found = c;
                }
            }
        }
        out[i] = (uint8_t)found;
        last = found;
    }
    return full ? -1 : 0;
}

static int fail(GifFileType *gif, const char *path, int code, char *err, size_t errsz)
{
    snprintf(err, errsz, "%s: cannot write the GIF (%s)", path, GifErrorString(code));
    int ignored;
    if (gif) EGifCloseFile(gif, &ignored);
    return -1;
}

int m8_gif_write(const char *path, const m8_gif_palette *pal, const uint8_t *frames, int count,
                 int w, int h, int scale, int fps, char *err, size_t errsz)
{
    if (count < 1 || scale < 1 || fps < 1) {
        snprintf(err, errsz, "%s: nothing to write", path);
        return -1;
    }
    int code = 0;
    /* opened here rather than by giflib, which makes the file private (0600) */
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
        snprintf(err, errsz, "%s: cannot write the GIF (%s)", path, strerror(errno));
        return -1;
    }
    GifFileType *gif = EGifOpenFileHandle(fd, &code);
    if (!gif) {
        close(fd);
        return fail(NULL, path, code, err, errsz);
    }
    int bits = 1;
    while ((1 << bits) < pal->count) bits++;
    ColorMapObject *map = GifMakeMapObject(1 << bits, NULL);
    if (!map) return fail(gif, path, E_GIF_ERR_NOT_ENOUGH_MEM, err, errsz);
    for (int c = 0; c < pal->count; c++) {
        map->Colors[c].Red = pal->rgb[c][0];
        map->Colors[c].Green = pal->rgb[c][1];
        map->Colors[c].Blue = pal->rgb[c][2];
    }
    EGifSetGifVersion(gif, true);
    int sw = w * scale, sh = h * scale;
    if (EGifPutScreenDesc(gif, sw, sh, bits, 0, map) == GIF_ERROR) {
        GifFreeMapObject(map);
        return fail(gif, path, gif->Error, err, errsz);
    }
    GifFreeMapObject(map);
    /* loop forever: the NETSCAPE2.0 application extension */
    unsigned char loop[3] = { 1, 0, 0 };
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif) == GIF_ERROR)
        return fail(gif, path, gif->Error, err, errsz);
    GifPixelType *line = malloc((size_t)sw);
    if (!line) return fail(gif, path, E_GIF_ERR_NOT_ENOUGH_MEM, err, errsz);
    long shown_cs = 0;                 /* hundredths of a second shown so far */
    for (int f = 0; f < count; f++) {
        long end_cs = (long)(f + 1) * 100 / fps;
        GraphicsControlBlock gcb = { .DisposalMode = DISPOSE_DO_NOT, .UserInputFlag = false,
                                     .DelayTime = (int)(end_cs - shown_cs),
                                     .TransparentColor = NO_TRANSPARENT_COLOR };
        shown_cs = end_cs;
        GifByteType ext[4];
        size_t n = EGifGCBToExtension(&gcb, ext);
        if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) == GIF_ERROR ||
            EGifPutImageDesc(gif, 0, 0, sw, sh, false, NULL) == GIF_ERROR) {
            free(line);
            return fail(gif, path, gif->Error, err, errsz);
        }
        const uint8_t *frame = frames + (size_t)f * w * h;
        for (int y = 0; y < sh; y++) {
            const uint8_t *row = frame + (size_t)(y / scale) * w;
            for (int x = 0; x < sw; x++) line[x] = row[x / scale];
            if (EGifPutLine(gif, line, sw) == GIF_ERROR) {
                free(line);
                return fail(gif, path, gif->Error, err, errsz);
            }
        }
    }
    free(line);
    if (EGifCloseFile(gif, &code) == GIF_ERROR) {
        snprintf(err, errsz, "%s: cannot finish the GIF (%s)", path, GifErrorString(code));
        return -1;
    }
    return 0;
}
