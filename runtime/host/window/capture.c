/* capture.c - screenshots, labels and GIFs into the capture folder; see capture.h.
 * Depends on: capture.h, gif_writer.h, settings.h, api/mote8.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "capture.h"
#include "settings.h"

#define FRAME_BYTES (MOTE8_WIDTH * MOTE8_HEIGHT)

int m8_capture_init(m8_capture *c, const char *folder, const char *cart_name, int bundled,
                    int scale)
{
    memset(c, 0, sizeof *c);
    snprintf(c->folder, sizeof c->folder, "%s", folder);
    const char *slash = strrchr(cart_name, '/');
    snprintf(c->base, sizeof c->base, "%s", slash ? slash + 1 : cart_name);
    char *dot = strstr(c->base, ".p8");
    if (dot && dot != c->base) *dot = 0;
    c->scale = scale < 1 ? 1 : scale;
    c->numbers = M8_CAPTURE_NUMBERS;
    c->bundled = bundled;
    c->capacity = M8_GIF_SECONDS * M8_GIF_FPS;
    c->ring = malloc((size_t)c->capacity * FRAME_BYTES);
    return c->ring ? 0 : -1;
}

void m8_capture_free(m8_capture *c)
{
    free(c->ring);
    c->ring = NULL;
}

static void show(m8_capture *c, const char *text, FILE *out)
{
    size_t n = strlen(text);                    /* the screen keeps what fits; the terminal all */
    if (n >= sizeof c->message) n = sizeof c->message - 1;
    memcpy(c->message, text, n);
    c->message[n] = 0;
    c->message_until = c->ticks + M8_CAPTURE_MESSAGE_TICKS;
    fprintf(out, "%s\n", text);
    fflush(out);
}

void m8_capture_say(m8_capture *c, const char *text) { show(c, text, stdout); }

void m8_capture_warn(m8_capture *c, const char *text) { show(c, text, stderr); }

/* The capture folder, made when missing; 0, or -1 after saying why not. */
static int make_folder(m8_capture *c)
{
    if (m8_make_dirs(c->folder) == 0) return 0;
    char msg[700];
    snprintf(msg, sizeof msg, "capture folder %s: %s", c->folder, strerror(errno));
    m8_capture_warn(c, msg);
    return -1;
}

/* FOLDER/BASE_N.EXT with the first free N (or FOLDER/BASE_label.png); -1 after saying why
 * not (the folder cannot be made, or every N is taken). */
static int next_path(m8_capture *c, const char *suffix, const char *ext, char *out, size_t outsz)
{
    if (make_folder(c) != 0) return -1;
    if (suffix) {
        snprintf(out, outsz, "%s/%s_%s.%s", c->folder, c->base, suffix, ext);
        return 0;
    }
    struct stat st;
    for (int n = 0; n < c->numbers; n++) {
        snprintf(out, outsz, "%s/%s_%d.%s", c->folder, c->base, n, ext);
        if (stat(out, &st) != 0) return 0;
    }
    char msg[800];
    snprintf(msg, sizeof msg, "%s not saved: %s/%s_0.%s to _%d.%s are all taken", ext, c->folder,
             c->base, ext, c->numbers - 1, ext);
    m8_capture_warn(c, msg);
    return -1;
}

int m8_capture_profile_folder(m8_capture *c, char *out, size_t outsz)
{
    if (make_folder(c) != 0) return -1;
    struct stat st;
    for (int n = 0; n < c->numbers; n++) {
        snprintf(out, outsz, "%s/%s_profile_%d", c->folder, c->base, n);
        if (stat(out, &st) != 0) return 0;
    }
    char msg[800];
    snprintf(msg, sizeof msg, "profile not written: %s/%s_profile_0 to _%d are all taken",
             c->folder, c->base, c->numbers - 1);
    m8_capture_warn(c, msg);
    return -1;
}

void m8_capture_tick(m8_capture *c, const uint8_t *rgb, int fps)
{
    c->ticks++;
    int every = fps > M8_GIF_FPS ? fps / M8_GIF_FPS : 1;
    if (c->ticks % every) return;
    uint8_t *slot = c->ring + (size_t)(c->pushed % c->capacity) * FRAME_BYTES;
    m8_gif_index_frame(&c->pal, rgb, MOTE8_WIDTH, MOTE8_HEIGHT, slot);
    c->pushed++;
}

static int write_png(m8_capture *c, const uint8_t *rgb, const char *suffix, const char *what)
{
    char path[700], msg[1000];
    if (next_path(c, suffix, "png", path, sizeof path) != 0) return -1;
    if (mote8_write_png(path, rgb, MOTE8_WIDTH, MOTE8_HEIGHT, c->scale) != 0) {
        snprintf(msg, sizeof msg, "%s: cannot write (%s)", path, strerror(errno));
        m8_capture_warn(c, msg);
        return -1;
    }
    snprintf(msg, sizeof msg, "%s: %s", what, path);
    m8_capture_say(c, msg);
    return 0;
}

int m8_capture_screenshot(m8_capture *c, const uint8_t *rgb)
{
    return write_png(c, rgb, NULL, "screenshot");
}

int m8_capture_label(m8_capture *c, const uint8_t *rgb)
{
    char what[200];
    if (c->bundled) snprintf(what, sizeof what, "label (the launcher keeps %s's own)", c->base);
    return write_png(c, rgb, "label", c->bundled ? what : "label");
}

void m8_capture_gif_start(m8_capture *c)
{
    c->rec_start = c->pushed;
    m8_capture_say(c, "recording a gif (f9 saves)");
}

int m8_capture_gif_save(m8_capture *c, int fps)
{
    long count = c->pushed - c->rec_start;
    if (count > c->capacity) count = c->capacity;
    char path[700], msg[800], err[600];
    if (count < 1) {
        m8_capture_say(c, "no frames to save yet");
        return -1;
    }
    if (next_path(c, NULL, "gif", path, sizeof path) != 0) return -1;
    uint8_t *frames = malloc((size_t)count * FRAME_BYTES);
    if (!frames) return -1;
    long first = c->pushed - count;
    for (long i = 0; i < count; i++)
        memcpy(frames + (size_t)i * FRAME_BYTES,
               c->ring + (size_t)((first + i) % c->capacity) * FRAME_BYTES, FRAME_BYTES);
    int rate = fps > M8_GIF_FPS ? M8_GIF_FPS : fps;
    int rc = m8_gif_write(path, &c->pal, frames, (int)count, MOTE8_WIDTH, MOTE8_HEIGHT, c->scale,
                          rate, err, sizeof err);
    free(frames);
    if (rc != 0) {
        m8_capture_warn(c, err);
        return -1;
    }
    snprintf(msg, sizeof msg, "gif (%.1f s): %s", (double)count / rate, path);
    m8_capture_say(c, msg);
    c->rec_start = c->pushed;
    return 0;
}

const char *m8_capture_message(const m8_capture *c)
{
    return c->message[0] && c->ticks < c->message_until ? c->message : NULL;
}
