/* settings.c - reads the window host's settings with libconfig; see settings.h.
 * Depends on: settings.h, libconfig. */
#include <libconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include "settings.h"

const char *m8_settings_default_path(void)
{
    static char path[1024];
    const char *env = getenv("MOTE8_CONFIG");
    if (env && *env) return env;
    const char *xdg = getenv("XDG_CONFIG_HOME");
    const char *home = getenv("HOME");
    if (xdg && *xdg) snprintf(path, sizeof path, "%s/mote8/mote8.cfg", xdg);
    else snprintf(path, sizeof path, "%s/.config/mote8/mote8.cfg", home ? home : ".");
    return path;
}

int m8_settings_load(m8_settings *s, const char *path)
{
    s->volume = 1.0;
    s->scale = 0;
    s->fullscreen = 0;
    if (!path) path = m8_settings_default_path();
    FILE *probe = fopen(path, "r");
    if (!probe) return 0;                 /* no file: defaults */
    fclose(probe);
    config_t cfg;
    config_init(&cfg);
    int rc = 0;
    if (!config_read_file(&cfg, path)) {
        fprintf(stderr, "%s: line %d: %s (using default settings)\n", path,
                config_error_line(&cfg), config_error_text(&cfg));
        rc = -1;
    } else {
        double vol;
        int ival;
        m8_settings read = *s;
        if (config_lookup_float(&cfg, "volume", &vol)) read.volume = vol;
        else if (config_lookup_int(&cfg, "volume", &ival)) read.volume = ival;
        if (config_lookup_int(&cfg, "scale", &ival)) read.scale = ival;
        if (config_lookup_bool(&cfg, "fullscreen", &ival)) read.fullscreen = ival;
        if (read.volume < 0 || read.volume > 1) {
            fprintf(stderr, "%s: volume must be between 0.0 and 1.0 (using %.1f)\n", path, s->volume);
            rc = -1;
        } else if (read.scale < 0 || read.scale > 64) {
            fprintf(stderr, "%s: scale must be between 0 and 64 (using the default)\n", path);
            rc = -1;
        } else {
            *s = read;
        }
    }
    config_destroy(&cfg);
    return rc;
}
