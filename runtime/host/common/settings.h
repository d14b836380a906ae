/* settings.h - the window host's settings file (libconfig syntax), read from $MOTE8_CONFIG,
 * else $XDG_CONFIG_HOME/mote8/mote8.cfg, else ~/.config/mote8/mote8.cfg. Every setting:
 *     scale, fullscreen, volume, mute, overlay    the window
 *     rewind_seconds, rewind_memory_mb            the rewind key's history (F3)
 *     keys_p0, keys_p1 = { left = ["Left"]; ... o = ["Z","C","N"]; x = [...]; }   key names
 *                                                 as SDL spells them, per button
 *     gamepad = { o = ["a","y"]; x = ["b","x"]; pause = ["start"]; deadzone = 12000;
 *                 mappings = ""; }                SDL GameController button names; an
 *                                                 optional SDL_GameControllerDB file
 *     cart_folder, data_folder, capture_folder    "" = the default folder
 * `mote8 --write-config` writes m8_settings_write_defaults' text, every default with a
 * comment. The window saves volume and mute about 1.5 s after the player last changed them,
 * and when it closes (m8_settings_save_sound: only those two values change in the file).
 * A missing file means defaults. A file larger than M8_SETTINGS_FILE_MAX, or not a
 * regular file, or unreadable, is reported as "FILE: REASON (using every default)". A file
 * that does not parse is reported with its
 * name and line, and every default is used; a setting of the wrong type or out of range is
 * reported as "FILE: line N: REASON (using the default ...)" and only that setting falls back.
 * Names of keys and gamepad buttons are checked by the window (it knows SDL), which reports
 * them with the line kept here. No SDL in this module (it is unit-tested).
 * Depends on: libconfig. */
#ifndef M8_SETTINGS_H
#define M8_SETTINGS_H

#include <stdio.h>

#define M8_SETTINGS_PATH_MAX 512
#define M8_SETTINGS_FILE_MAX 65536      /* bytes; the written defaults are about 2 KB */
#define M8_SETTINGS_NAME_MAX 24         /* a key or button name */
#define M8_SETTINGS_BINDS 4             /* names per button */
#define M8_SETTINGS_BUTTONS 6           /* left right up down o x */
#define M8_SETTINGS_PAD_BUTTONS 3       /* o x pause */

/* The names bound to one button, and the line they were read from (0 = default). */
typedef struct m8_binding {
    char names[M8_SETTINGS_BINDS][M8_SETTINGS_NAME_MAX];
    int count;
    int line;
} m8_binding;

typedef struct m8_settings {
    double volume;              /* 0-1 */
    int mute;                   /* sound off, volume kept */
    int scale;                  /* 0 = fit the desktop, else 1-16 */
    int fullscreen;
    int overlay;                /* cost overlay shown at start */
    int capture_scale;          /* screenshots and GIFs: pixels per screen pixel, 1-8 */
    int rewind_seconds;         /* the rewind key's history, 0-600 (0 = off) */
    int rewind_memory_mb;       /* its states' memory at most, 16-4096 MiB */
    m8_binding keys[2][M8_SETTINGS_BUTTONS];          /* players 0 and 1 */
    m8_binding pad[M8_SETTINGS_PAD_BUTTONS];          /* o, x, pause */
    int pad_deadzone;           /* 0-32767 */
    char pad_mappings[M8_SETTINGS_PATH_MAX];          /* "" = none */
    char cart_folder[M8_SETTINGS_PATH_MAX];           /* "" = default (m8_settings_folder) */
    char data_folder[M8_SETTINGS_PATH_MAX];
    char capture_folder[M8_SETTINGS_PATH_MAX];
    char path[M8_SETTINGS_PATH_MAX];                  /* the file read, for messages and
                                                         saving; "" when the path was too
                                                         long to keep (reported; not saved) */
} m8_settings;

/* The defaults (no file read). */
void m8_settings_defaults(m8_settings *s);

/* Fill defaults, then read `path` (NULL = the default location). Problems go to `err_out`
 * (NULL = stderr), one line each. Returns 0 when the file was missing or fully valid, or
 * the number of problems found (each bad setting keeps its default). */
int m8_settings_load(m8_settings *s, const char *path, FILE *err_out);

/* The default settings path (static buffer). */
const char *m8_settings_default_path(void);

/* The defaults as a commented libconfig file. */
void m8_settings_write_defaults(FILE *out);

/* Write the defaults to `path` (creating its folder). Refuses to replace an existing file.
 * 0, or -1 after printing why. */
int m8_settings_write_file(const char *path);

/* Write `volume` and `mute` into the settings file `path`, changing only their values (a
 * setting missing from the file is added at its end; a missing file is created with every
 * default, as --write-config writes it). The setting is found through libconfig, and the
 * new text must read back with the new values and every other setting unchanged, else
 * nothing is written (a file that does not parse is never rewritten). A symbolic link is
 * followed: its target is replaced, the link stays. The file is replaced atomically: a
 * unique temporary file beside it (mkstemp), with the old file's permissions, synced,
 * then renamed. 0, or -1 after printing why not on `err_out` (NULL = stderr). */
int m8_settings_save_sound(const char *path, double volume, int mute, FILE *err_out);

enum m8_folder { M8_FOLDER_CARTS, M8_FOLDER_DATA, M8_FOLDER_CAPTURE };
/* The folder in effect: the setting when not empty, else the default (carts:
 * $XDG_DATA_HOME/mote8/carts; data: the POSIX platform's cartdata folder; captures:
 * $XDG_PICTURES_DIR/mote8, else ~/Pictures/mote8 when ~/Pictures exists, else
 * $XDG_DATA_HOME/mote8/captures). Never the current directory. */
void m8_settings_folder(const m8_settings *s, enum m8_folder which, char *out, size_t outsz);

/* Create `dir` and its parents; 0 or -1 (errno). */
int m8_make_dirs(const char *dir);

#endif
