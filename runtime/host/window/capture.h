/* capture.h - the window's captures, PICO-8's keys: F6 (and F12) a screenshot PNG, F7 the
 * cart's label as a PNG, F8 starts a GIF and F9 saves it: up to the last 8 seconds since F8
 * (or since the cart started), recorded at 30 frames per second. Files are
 * CART_N.png / CART_label.png / CART_N.gif (N the first free number) in the capture folder
 * of the settings (never the current directory), and so are the profiles F2 records
 * (CART_profile_N/, overlay.h); each capture's full path is printed on stdout and kept as
 * a message the window shows for a few seconds (m8_capture_say, which the window's other
 * notices use too); why a file was not written is shown the same way and printed on
 * stderr (m8_capture_warn). The cart's extcmd
 * "screen", "label", "rec" and "video" call the same functions. The launcher shows a
 * user cart's CART_label.png instead of its own label; a bundled cart keeps its own (F7
 * there saves the PNG only, and says so). No SDL.
 * Depends on: gif_writer.h, settings.h (folders), api/mote8.h. */
#ifndef M8_CAPTURE_H
#define M8_CAPTURE_H

#include <stddef.h>
#include <stdint.h>
#include "gif_writer.h"
#include "mote8.h"

#define M8_GIF_SECONDS 8
#define M8_GIF_FPS 30
#define M8_CAPTURE_MESSAGE_TICKS 90     /* window ticks a message stays on screen */
#define M8_CAPTURE_NUMBERS 100000       /* N of CART_N.png, CART_N.gif, CART_profile_N: 0 to this - 1 */

typedef struct m8_capture {
    char folder[512];
    char base[128];             /* the cart's file name without folder and extension */
    int scale;                  /* capture pixels per screen pixel */
    int numbers;                /* N tried: M8_CAPTURE_NUMBERS (a test may lower it) */
    m8_gif_palette pal;
    uint8_t *ring;              /* M8_GIF_SECONDS * M8_GIF_FPS frames of indices */
    int capacity;
    long pushed;                /* frames recorded since the start */
    long rec_start;             /* frame number of the last F8 */
    long ticks;                 /* ticks seen (60 fps carts record every other tick) */
    int bundled;                /* a bundled cart: F7 does not change its launcher picture */
    char message[640];
    long message_until;         /* tick the message disappears */
} m8_capture;

/* `folder` is where files go (created when first needed); `cart_name` names them;
 * `bundled` says the cart is a bundled one (as m8_read_cart found it, never guessed from
 * the files of the current directory). */
int m8_capture_init(m8_capture *c, const char *folder, const char *cart_name, int bundled,
                    int scale);
void m8_capture_free(m8_capture *c);
/* Every tick with the frame shown; `fps` the cart's rate. */
void m8_capture_tick(m8_capture *c, const uint8_t *rgb, int fps);
int m8_capture_screenshot(m8_capture *c, const uint8_t *rgb);
/* A free folder name for a profile, FOLDER/CART_profile_N (the capture folder is made);
 * 0, or -1 after saying why not (m8_capture_warn: the folder cannot be made, or all
 * c->numbers names are taken). */
int m8_capture_profile_folder(m8_capture *c, char *out, size_t outsz);
/* Show `text` over the picture for M8_CAPTURE_MESSAGE_TICKS ticks and print it on stdout. */
void m8_capture_say(m8_capture *c, const char *text);
/* The same for what went wrong (a file not written): shown, and printed on stderr. */
void m8_capture_warn(m8_capture *c, const char *text);
int m8_capture_label(m8_capture *c, const uint8_t *rgb);
void m8_capture_gif_start(m8_capture *c);
int m8_capture_gif_save(m8_capture *c, int fps);
/* The message to show now, or NULL. */
const char *m8_capture_message(const m8_capture *c);

#endif
