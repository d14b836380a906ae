/* settings.h - the window host's settings file (libconfig syntax), e.g.
 *     volume = 0.8;        # 0.0 - 1.0
 *     scale = 4;           # window scale, 0 = fit the desktop
 *     fullscreen = false;
 * read from $MOTE8_CONFIG, else $XDG_CONFIG_HOME/mote8/mote8.cfg, else
 * ~/.config/mote8/mote8.cfg. A missing file means defaults; a broken one is reported with
 * its file and line, and the defaults are used. Depends on: libconfig. */
#ifndef M8_SETTINGS_H
#define M8_SETTINGS_H

typedef struct m8_settings {
    double volume;
    int scale;
    int fullscreen;
} m8_settings;

/* Fill defaults, then read `path` (NULL = the default location). Returns 0, or -1 after
 * printing the problem (the settings then hold the defaults). */
int m8_settings_load(m8_settings *s, const char *path);

/* The default settings path (static buffer). */
const char *m8_settings_default_path(void);

#endif
