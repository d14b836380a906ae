/* m8_test_util.h - helpers shared by the Criterion suites: run the mote8 binary and capture
 * its output, run a cart through the embedding API (and profile it), compare screens with
 * golden PNGs and web pages' frames with native ones, read files back.
 * Depends on: api/mote8.h, api/mote8_profiler.h, runtime/core/png_io.h. */
#ifndef M8_TEST_UTIL_H
#define M8_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include "platform_posix.h"   /* m8_read_file */
#include "mote8.h"
#include "mote8_profiler.h"

typedef struct m8_run_result {
    int exit_code;      /* -1 if it did not exit normally */
    char out[16384];    /* stdout */
    char err[16384];    /* stderr */
} m8_run_result;

/* Run build/bin/mote8 with the given arguments (NULL-terminated), in `cwd` (NULL = here). */
void m8t_run_mote8(m8_run_result *r, const char *const *args);
/* The same for another program of build/bin (e.g. "mote8-cart"). */
void m8t_run_tool(m8_run_result *r, const char *tool, const char *const *args);

/* A scratch path /tmp/m8t_TAG_PID_NAME (16 kept at once, reused in turn). */
const char *m8t_tmp_path(const char *tag, const char *name);


/* Load and run a cart file for `frames` ticks; captures printh output (NUL-terminated).
 * Returns the final status; the screen is written to rgb (128*128*3) when not NULL. */
int m8t_run_cart(const char *path, int frames, uint8_t *rgb, char *printed, size_t printed_sz,
                 char *error, size_t error_sz);

/* Compare an RGB screen with a PNG; returns the number of differing pixels, or -1 if the PNG
 * cannot be read or has another size (message in err). */
long m8t_compare_png(const uint8_t *rgb, const char *png_path, char *err, int errsz);


/* printh capture for carts run through the embedding API. */
typedef struct m8t_capture {
    char text[65536];
    size_t len;
} m8t_capture;

void m8t_capture_printh(void *user, const char *text);   /* mote8_config.printh */

/* A cart made of `code` (the __lua__ section), created with a fixed seed and loaded, not yet
 * ticked; printh goes to cap (may be NULL). Fails the test if it does not load. */
mote8 *m8t_start(const char *code, m8t_capture *cap);

/* Tick m8 `ticks` times; fails the test unless every tick leaves it running. */
void m8t_run_ticks(mote8 *m8, int ticks);

/* A new empty directory /tmp/m8<tag>_XXXXXX (the name lives until the next call). */
const char *m8t_temp_dir(const char *tag);

/* Run the cart of `code` for `ticks` with a profiler attached and write its profile into a
 * new directory m8t_temp_dir(tag), returned. With p_out and m8_out, the profiler and machine
 * are handed over (free both); without (NULL), they are freed. */
const char *m8t_profile(const char *code, int ticks, const char *tag, mote8_profiler **p_out,
                        mote8 **m8_out);

/* A web page's frame (128x128 colour indices, `web`, with the page's 32 display colours as
 * 96 bytes of RGB, `palette`) equals the native screenshot native_png, pixel for pixel, and
 * is not blank; fails the test naming `what` and the first pixel that differs. */
void m8t_expect_web_frame(const char *what, const char *native_png, const uint8_t *palette,
                          const uint8_t *web);

/* The whole file dir/name, 0-terminated (free it); fails the test when it is missing. */
char *m8t_read_in(const char *dir, const char *name);

#endif
