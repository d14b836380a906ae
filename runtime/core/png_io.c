/* png_io.c - writes and reads RGB PNG files (and encodes PNGs in memory) with libpng's
 * simplified API. Built with M8_NO_PNG (the web build: no libpng for emscripten) PNGs are
 * read with the project's own reader (png_decode.c) and writing fails (ENOSYS).
 * Depends on: png_io.h, libpng (not with M8_NO_PNG), png_decode.h (with M8_NO_PNG). */
#include <errno.h>
#ifndef M8_NO_PNG
#include <png.h>
#else
#include "png_decode.h"
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

#define PNG_FILE_MAX (64L << 20)   /* larger files are refused before they are read */

/* The whole file in a malloc'd buffer, or NULL with a message. */
static uint8_t *read_whole_file(const char *path, size_t *len, char *err, int errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, (size_t)errsz, "%s: %s", path, strerror(errno));
        return NULL;
    }
    uint8_t *buf = NULL;
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0) size = ftell(f);
    if (size < 0 || size > PNG_FILE_MAX || fseek(f, 0, SEEK_SET) != 0) {
        snprintf(err, (size_t)errsz, "%s: %s", path, size > PNG_FILE_MAX ? "file too large for a PNG"
                                                                         : "cannot read the file");
    } else if (!(buf = malloc(size ? (size_t)size : 1))) {
        snprintf(err, (size_t)errsz, "%s: out of memory", path);
    } else if (fread(buf, 1, (size_t)size, f) != (size_t)size) {
        snprintf(err, (size_t)errsz, "%s: cannot read the file", path);
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = buf ? (size_t)size : 0;
    return buf;
}

uint8_t *m8_png_read_rgb(const char *path, int *w, int *h, char *err, int errsz)
{
    size_t len;
    uint8_t *file = read_whole_file(path, &len, err, errsz);
    if (!file) return NULL;
    char message[160];
    uint8_t *rgba = m8_png_decode_rgba(file, len, w, h, message, sizeof message);
    free(file);
    if (!rgba) {
        snprintf(err, (size_t)errsz, "%s: %s", path, message);
        return NULL;
    }
    size_t pixels = (size_t)*w * (size_t)*h;
    for (size_t i = 0; i < pixels; i++) memmove(rgba + i * 3, rgba + i * 4, 3);   /* in place */
    uint8_t *rgb = realloc(rgba, pixels * 3);
    return rgb ? rgb : rgba;
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
