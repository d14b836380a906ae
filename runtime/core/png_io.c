/* png_io.c - writes and reads RGB PNG files (and encodes PNGs in memory) with libpng's
 * simplified API. Built with M8_NO_PNG (the web build: no libpng for emscripten) every call
 * fails: NULL with ENOSYS or a message.
 * Depends on: png_io.h, libpng (not with M8_NO_PNG). */
#include <errno.h>
#ifndef M8_NO_PNG
#include <png.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "png_io.h"

#ifdef M8_NO_PNG
int m8_png_write_rgb(const char *path, const uint8_t *rgb, int w, int h, int scale)
{
    (void)path, (void)rgb, (void)w, (void)h, (void)scale;
    errno = ENOSYS;
    return -1;
}

uint8_t *m8_png_encode_rgb(const uint8_t *rgb, int w, int h, int scale, size_t *len)
{
    (void)rgb, (void)w, (void)h, (void)scale, (void)len;
    errno = ENOSYS;
    return NULL;
}

uint8_t *m8_png_read_rgb(const char *path, int *w, int *h, char *err, int errsz)
{
    (void)w, (void)h;
    snprintf(err, (size_t)errsz, "%s: PNG files cannot be read by this build (no libpng)", path);
    return NULL;
}

#else
/* The image scaled by `scale` into a malloc'd RGB buffer, described in *img. */
static uint8_t *scaled_image(const uint8_t *rgb, int w, int h, int scale, png_image *img)
{
    if (scale < 1) scale = 1;
    int sw = w * scale, sh = h * scale;
    uint8_t *buf = malloc((size_t)sw * (size_t)sh * 3);
    if (!buf) return NULL;
    for (int y = 0; y < sh; y++)
        for (int x = 0; x < sw; x++)
            memcpy(buf + ((size_t)y * sw + x) * 3, rgb + ((size_t)(y / scale) * w + x / scale) * 3, 3);
    memset(img, 0, sizeof *img);
    img->version = PNG_IMAGE_VERSION;
    img->width = (png_uint_32)sw;
    img->height = (png_uint_32)sh;
    img->format = PNG_FORMAT_RGB;
    return buf;
}

/* Encoded in memory, then written with every write and the close checked. Not
 * png_image_write_to_file: on a failed write it remove()s the path, which deleted the device
 * node when root wrote a screenshot to /dev/full (issue 21). */
int m8_png_write_rgb(const char *path, const uint8_t *rgb, int w, int h, int scale)
{
    size_t len = 0;
    uint8_t *png = m8_png_encode_rgb(rgb, w, h, scale, &len);
    if (!png) {
        errno = ENOMEM;
        return -1;
    }
    errno = 0;
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(png, 1, len, f) == len && fflush(f) == 0;
    int e = errno;
    if (f && fclose(f) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    free(png);
    errno = e ? e : EIO;
    return ok ? 0 : -1;
}

uint8_t *m8_png_encode_rgb(const uint8_t *rgb, int w, int h, int scale, size_t *len)
{
    png_image img;
    uint8_t *buf = scaled_image(rgb, w, h, scale, &img);
    if (!buf) return NULL;
    png_alloc_size_t size = 0;
    uint8_t *out = NULL;
    if (png_image_write_to_memory(&img, NULL, &size, 0, buf, 0, NULL) && size > 0 &&
        (out = malloc(size)) != NULL &&
        !png_image_write_to_memory(&img, out, &size, 0, buf, 0, NULL)) {
        free(out);
        out = NULL;
    }
    free(buf);
    if (out) *len = (size_t)size;
    return out;
}

uint8_t *m8_png_read_rgb(const char *path, int *w, int *h, char *err, int errsz)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path)) {
        snprintf(err, (size_t)errsz, "%s: %s", path, img.message);
        return NULL;
    }
    img.format = PNG_FORMAT_RGB;
    uint8_t *buf = malloc(PNG_IMAGE_SIZE(img));
    if (!buf) {
        png_image_free(&img);
        snprintf(err, (size_t)errsz, "%s: out of memory", path);
        return NULL;
    }
    if (!png_image_finish_read(&img, NULL, buf, 0, NULL)) {
        snprintf(err, (size_t)errsz, "%s: %s", path, img.message);
        free(buf);
        return NULL;
    }
    *w = (int)img.width;
    *h = (int)img.height;
    return buf;
}

#endif /* M8_NO_PNG */
