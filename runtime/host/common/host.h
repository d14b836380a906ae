/* host.h - what the hosts of the mote8 program (SDL window, headless) share: command-line
 * options, finding a cart's bytes and scripted input (runtime/host/common). Each host's entry
 * point is in its own folder's header (headless/headless.h, window/window.h).
 * Depends on: api/mote8.h. */
#ifndef M8_HOST_H
#define M8_HOST_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include "mote8.h"

typedef struct m8_options {
    int headless;
    long frames;                /* -1 = run until closed */
    long timeout;               /* headless: seconds of host time before giving up, 0 = none */
    const char *screenshot;     /* PNG of the last frame */
    const char *input_script;
    const char *wav;
    const char *profile_dir;
    const char *state_save;     /* headless: write the machine's state after the run */
    const char *state_load;     /* headless: continue from this state before the run */
    int have_seed;
    uint32_t seed;
    int check;                  /* --check: compile only */
    int api;                    /* --api: list the API */
    int scale;                  /* window scale, 0 = fit */
    int fullscreen;
    int unpaced;                /* --unpaced: the window runs ticks as fast as it can */
    int watch;                  /* --watch: reload the cart when it or an #include changes */
    int write_config;           /* --write-config: write the default settings file */
    int edit;                   /* --edit: open the built-in editors first */
    const char *edit_script;    /* --edit-script FILE: headless editor events */
    const char *cart;           /* path or bundled name */
} m8_options;

/* Frames a headless run without --frames runs. */
#define M8_HEADLESS_DEFAULT_FRAMES 1

/* Parse argv. Returns 0, or 2 after printing a one-line usage error; 1 = --help or
 * --version printed (exit 0). */
int m8_parse_options(int argc, char **argv, m8_options *opt);
void m8_print_usage(FILE *out);

/* Reads a whole file: a malloc'd buffer and its size, or NULL (errno says why). */
typedef void *(*m8_file_reader)(const char *path, size_t *len);

/* Read a cart by path with `read`, or by bundled name when no such file exists; `read`
 * NULL: the bundled cart of that name only, never a file (the launcher's bundled entries).
 * Returns a malloc'd buffer and its display name (and in *is_bundled, when not NULL, 1 for
 * a bundled cart, 0 for a file), or NULL after printing the reason to stderr. */
uint8_t *m8_read_cart(const char *name_or_path, m8_file_reader read, size_t *len,
                      char *display, size_t dispsz, int *is_bundled);

/* Scripted input: lines "FRAME MASK" (btn() bit layout: player 0 bits 0-5, player 1 bits
 * 8-13, bit 6 / 14 = pause); the mask holds from FRAME (0-based) until the next line. */
typedef struct m8_input_script {
    long *frames;
    uint32_t *masks;
    int count;
} m8_input_script;

int m8_input_script_load(m8_input_script *s, const char *path);   /* prints errors */
void m8_input_script_free(m8_input_script *s);
void m8_input_script_at(const m8_input_script *s, long frame, mote8_input *in);

#endif
