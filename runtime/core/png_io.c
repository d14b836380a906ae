/* png_io.c - writes and reads RGB PNG files with libpng's simplified API.
 * Depends on: png_io.h, libpng. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "png_io.h"

int m8_png_write_rgb(const char *path, const uint8_t *rgb, int w, int h, int scale)
{
    if (scale < 1) scale = 1;
    int sw = w * scale, sh = h * scale;
    uint8_t *buf = malloc((size_t)sw * (size_t)sh * 3);
    if (!buf) return -1;
    for (int y = 0; y < sh; y++)
        for (int x = 0; x < sw; x++)
            memcpy(buf + ((size_t)y * sw + x) * 3, rgb + ((size_t)(y / scale) * w + x / scale) * 3, 3);
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = (png_uint_32)sw;
    img.height = (png_uint_32)sh;
    img.format = PNG_FORMAT_RGB;
    int ok = png_image_write_to_file(&img, path, 0, buf, 0, NULL);
    free(buf);
    return ok ? 0 : -1;
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
