/* settings.c - reads and writes the window host's settings with libconfig; see settings.h.
 * Each setting is looked up on its own, so one of the wrong type or out of range is
 * reported with its line and falls back alone.
 * Depends on: settings.h, libconfig. */
#include <errno.h>
#include <libconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "settings.h"

static const char *const button_names[M8_SETTINGS_BUTTONS] = { "left", "right", "up", "down",
                                                                "o", "x" };
static const char *const pad_names[M8_SETTINGS_PAD_BUTTONS] = { "o", "x", "pause" };

/* Reference 10.3's keyboard layout and a controller's usual buttons. */
static const char *const default_keys[2][M8_SETTINGS_BUTTONS][M8_SETTINGS_BINDS] = {
    { { "Left" }, { "Right" }, { "Up" }, { "Down" }, { "Z", "C", "N" }, { "X", "V", "M" } },
    { { "S" }, { "F" }, { "E" }, { "D" }, { "Left Shift" }, { "Tab", "W", "Q", "A" } },
};
static const char *const default_pad[M8_SETTINGS_PAD_BUTTONS][M8_SETTINGS_BINDS] = {
    { "a", "y" }, { "b", "x" }, { "start" },
};

static void set_binding(m8_binding *b, const char *const names[M8_SETTINGS_BINDS])
{
    memset(b, 0, sizeof *b);
    for (int i = 0; i < M8_SETTINGS_BINDS && names[i]; i++) {
        snprintf(b->names[i], sizeof b->names[i], "%s", names[i]);
        b->count++;
    }
}

void m8_settings_defaults(m8_settings *s)
{
    memset(s, 0, sizeof *s);
    s->volume = 1.0;
    s->capture_scale = 2;
    s->pad_deadzone = 12000;
    for (int p = 0; p < 2; p++)
        for (int b = 0; b < M8_SETTINGS_BUTTONS; b++) set_binding(&s->keys[p][b], default_keys[p][b]);
    for (int b = 0; b < M8_SETTINGS_PAD_BUTTONS; b++) set_binding(&s->pad[b], default_pad[b]);
}

const char *m8_settings_default_path(void)
{
    static char path[M8_SETTINGS_PATH_MAX];
    const char *env = getenv("MOTE8_CONFIG");
    if (env && *env) return env;
    const char *xdg = getenv("XDG_CONFIG_HOME");
    const char *home = getenv("HOME");
    if (xdg && *xdg) snprintf(path, sizeof path, "%s/mote8/mote8.cfg", xdg);
    else snprintf(path, sizeof path, "%s/.config/mote8/mote8.cfg", home ? home : "/tmp");
    return path;
}

/* --- reading --- */

typedef struct reader {
    const char *path;
    FILE *err;
    int problems;
} reader;

static void problem(reader *r, const config_setting_t *st, const char *fmt, const char *what,
                    const char *fallback)
{
    fprintf(r->err, "%s: line %d: ", r->path, st ? config_setting_source_line(st) : 0);
    fprintf(r->err, fmt, what);
    fprintf(r->err, " (using the default, %s)\n", fallback);
    r->problems++;
}

static const char *type_name(int type)
{
    switch (type) {
    case CONFIG_TYPE_INT: case CONFIG_TYPE_INT64: return "a whole number";
    case CONFIG_TYPE_FLOAT: return "a decimal number";
    case CONFIG_TYPE_STRING: return "a string";
    case CONFIG_TYPE_BOOL: return "true/false";
    case CONFIG_TYPE_ARRAY: return "an array";
    case CONFIG_TYPE_LIST: return "a list";
    case CONFIG_TYPE_GROUP: return "a group";
    default: return "something else";
    }
}

static void wrong_type(reader *r, const config_setting_t *st, const char *want,
                       const char *fallback)
{
    char what[160];
    snprintf(what, sizeof what, "%s must be %s, not %s", config_setting_name(st), want,
             type_name(config_setting_type(st)));
    problem(r, st, "%s", what, fallback);
}

static void read_int(reader *r, config_setting_t *root, const char *name, int lo, int hi,
                     int *out)
{
    config_setting_t *st = config_setting_get_member(root, name);
    if (!st) return;
    char fallback[32];
    snprintf(fallback, sizeof fallback, "%d", *out);
    if (config_setting_type(st) != CONFIG_TYPE_INT && config_setting_type(st) != CONFIG_TYPE_INT64) {
        wrong_type(r, st, "a whole number", fallback);
        return;
    }
    long long v = config_setting_get_int64(st);
    if (v < lo || v > hi) {
        char what[160];
        snprintf(what, sizeof what, "%s must be between %d and %d, not %lld", name, lo, hi, v);
        problem(r, st, "%s", what, fallback);
        return;
    }
    *out = (int)v;
}

static void read_bool(reader *r, config_setting_t *root, const char *name, int *out)
{
    config_setting_t *st = config_setting_get_member(root, name);
    if (!st) return;
    if (config_setting_type(st) != CONFIG_TYPE_BOOL) {
        wrong_type(r, st, "true or false", *out ? "true" : "false");
        return;
    }
    *out = config_setting_get_bool(st);
}

static void read_volume(reader *r, config_setting_t *root, double *out)
{
    config_setting_t *st = config_setting_get_member(root, "volume");
    if (!st) return;
    char fallback[32];
    snprintf(fallback, sizeof fallback, "%.1f", *out);
    double v;
    if (config_setting_type(st) == CONFIG_TYPE_FLOAT) v = config_setting_get_float(st);
    else if (config_setting_type(st) == CONFIG_TYPE_INT) v = config_setting_get_int(st);
    else {
        wrong_type(r, st, "a number from 0.0 to 1.0", fallback);
        return;
    }
    if (v < 0 || v > 1) {
        char what[160];
        snprintf(what, sizeof what, "volume must be between 0.0 and 1.0, not %g", v);
        problem(r, st, "%s", what, fallback);
        return;
    }
    *out = v;
}

static void read_string(reader *r, config_setting_t *root, const char *name, char *out,
                        size_t outsz)
{
    config_setting_t *st = config_setting_get_member(root, name);
    if (!st) return;
    if (config_setting_type(st) != CONFIG_TYPE_STRING) {
        wrong_type(r, st, "a string (\"\" for the default)", *out ? out : "\"\"");
        return;
    }
    const char *v = config_setting_get_string(st);
    if (strlen(v) >= outsz) {
        char what[160];
        snprintf(what, sizeof what, "%s is longer than %zu characters", name, outsz - 1);
        problem(r, st, "%s", what, *out ? out : "\"\"");
        return;
    }
    snprintf(out, outsz, "%s", v);
}

/* A button's names: an array of 1-4 strings (a single string is accepted too). */
static void read_binding(reader *r, config_setting_t *group, const char *name, m8_binding *b)
{
    config_setting_t *st = config_setting_get_member(group, name);
    if (!st) return;
    char fallback[128] = "";
    for (int i = 0; i < b->count; i++) {
        strcat(fallback, i ? ", " : "");
        strncat(fallback, b->names[i], sizeof fallback - strlen(fallback) - 1);
    }
    m8_binding read = { .line = config_setting_source_line(st) };
    if (config_setting_type(st) == CONFIG_TYPE_STRING) {
        snprintf(read.names[0], M8_SETTINGS_NAME_MAX, "%s", config_setting_get_string(st));
        read.count = 1;
    } else if (config_setting_type(st) == CONFIG_TYPE_ARRAY ||
               config_setting_type(st) == CONFIG_TYPE_LIST) {
        int n = config_setting_length(st);
        if (n < 1 || n > M8_SETTINGS_BINDS) {
            char what[160];
            snprintf(what, sizeof what, "%s needs 1 to %d names, not %d", name, M8_SETTINGS_BINDS, n);
            problem(r, st, "%s", what, fallback);
            return;
        }
        for (int i = 0; i < n; i++) {
            config_setting_t *e = config_setting_get_elem(st, i);
            if (config_setting_type(e) != CONFIG_TYPE_STRING) {
                wrong_type(r, st, "an array of names (strings)", fallback);
                return;
            }
            snprintf(read.names[i], M8_SETTINGS_NAME_MAX, "%s", config_setting_get_string(e));
            read.count++;
        }
    } else {
        wrong_type(r, st, "an array of names such as [\"Z\", \"C\"]", fallback);
        return;
    }
    *b = read;
}

static config_setting_t *group_of(reader *r, config_setting_t *root, const char *name)
{
    config_setting_t *g = config_setting_get_member(root, name);
    if (g && config_setting_type(g) != CONFIG_TYPE_GROUP) {
        wrong_type(r, g, "a group { ... }", "every default of the group");
        return NULL;
    }
    return g;
}

/* The file's text, at most M8_SETTINGS_FILE_MAX bytes (libconfig would read any size: a
 * 20 MB comment held the start for minutes), or NULL: missing (no problem), or not a regular
 * file (a FIFO would block for ever), too large or unreadable (one problem, reported). */
static char *read_capped(reader *r)
{
    struct stat st;
    const char *why = NULL;
    char size[64] = "";
    FILE *f = NULL;
    if (stat(r->path, &st) != 0) {
        if (errno == ENOENT) return NULL;
        why = strerror(errno);
    } else if (!S_ISREG(st.st_mode)) why = "not a regular file";
    else if (st.st_size > M8_SETTINGS_FILE_MAX) {
        snprintf(size, sizeof size, "too large: %lld bytes, more than %d", (long long)st.st_size,
                 M8_SETTINGS_FILE_MAX);
        why = size;
    } else if (!(f = fopen(r->path, "r"))) why = strerror(errno);
    char *text = NULL;
    if (!why) {
        text = malloc(M8_SETTINGS_FILE_MAX + 2);
        size_t n = text ? fread(text, 1, M8_SETTINGS_FILE_MAX + 1, f) : 0;
        if (!text) why = "out of memory";
        else if (ferror(f)) why = "cannot be read";
        else if (n > M8_SETTINGS_FILE_MAX) {       /* it grew since stat */
            snprintf(size, sizeof size, "too large: more than %d bytes", M8_SETTINGS_FILE_MAX);
            why = size;
        } else text[n] = 0;
    }
    if (f) fclose(f);
    if (why) {
        free(text);
        fprintf(r->err, "%s: %s (using every default)\n", r->path, why);
        r->problems++;
        return NULL;
    }
    return text;
}

int m8_settings_load(m8_settings *s, const char *path, FILE *err_out)
{
    m8_settings_defaults(s);
    if (!path) path = m8_settings_default_path();
    snprintf(s->path, sizeof s->path, "%s", path);
    reader r = { path, err_out ? err_out : stderr, 0 };
    char *text = read_capped(&r);
    if (!text) return r.problems;         /* no file: defaults; else reported */
    config_t cfg;
    config_init(&cfg);
    int parsed = config_read_string(&cfg, text);
    free(text);
    if (!parsed) {
        fprintf(r.err, "%s: line %d: %s (using every default)\n", path,
                config_error_line(&cfg), config_error_text(&cfg));
        config_destroy(&cfg);
        return 1;
    }
    config_setting_t *root = config_root_setting(&cfg);
    read_volume(&r, root, &s->volume);
    read_bool(&r, root, "mute", &s->mute);
    read_int(&r, root, "scale", 0, 16, &s->scale);
    read_bool(&r, root, "fullscreen", &s->fullscreen);
    read_bool(&r, root, "overlay", &s->overlay);
    read_int(&r, root, "capture_scale", 1, 8, &s->capture_scale);
    read_string(&r, root, "cart_folder", s->cart_folder, sizeof s->cart_folder);
    read_string(&r, root, "data_folder", s->data_folder, sizeof s->data_folder);
    read_string(&r, root, "capture_folder", s->capture_folder, sizeof s->capture_folder);
    for (int p = 0; p < 2; p++) {
        config_setting_t *g = group_of(&r, root, p ? "keys_p1" : "keys_p0");
        for (int b = 0; g && b < M8_SETTINGS_BUTTONS; b++)
            read_binding(&r, g, button_names[b], &s->keys[p][b]);
    }
    config_setting_t *g = group_of(&r, root, "gamepad");
    if (g) {
        for (int b = 0; b < M8_SETTINGS_PAD_BUTTONS; b++) read_binding(&r, g, pad_names[b], &s->pad[b]);
        read_int(&r, g, "deadzone", 0, 32767, &s->pad_deadzone);
        read_string(&r, g, "mappings", s->pad_mappings, sizeof s->pad_mappings);
    }
    config_destroy(&cfg);
    return r.problems;
}

/* --- writing --- */

static void write_binding(FILE *out, const char *name, const m8_binding *b)
{
    fprintf(out, "    %s = [", name);
    for (int i = 0; i < b->count; i++) fprintf(out, "%s\"%s\"", i ? ", " : " ", b->names[i]);
    fprintf(out, " ];\n");
}

void m8_settings_write_defaults(FILE *out)
{
    m8_settings d;
    m8_settings_defaults(&d);
    fprintf(out,
            "# mote8 settings (libconfig syntax). Every value below is the default; delete a\n"
            "# line to keep the default. A wrong value is reported with its line and ignored.\n\n"
            "# Window: scale 0 fits the desktop, else 1-16 window pixels per screen pixel.\n"
            "scale = %d;\n"
            "fullscreen = %s;\n"
            "# Sound volume, 0.0 to 1.0 in eighths; - and = change it while playing, F10 or\n"
            "# Ctrl+M mutes (mute = true). The window saves both here when they change.\n"
            "volume = %.1f;\n"
            "mute = %s;\n"
            "# The cost overlay (F1) shown from the start.\n"
            "overlay = %s;\n\n"
            "# Folders; \"\" means the default. Carts shown by the launcher besides the bundled\n"
            "# ones (default $XDG_DATA_HOME/mote8/carts); cartdata saves (default\n"
            "# $XDG_DATA_HOME/mote8/cdata); screenshots and GIFs of F6/F7/F8/F9/F12 (default\n"
            "# $XDG_PICTURES_DIR/mote8 or ~/Pictures/mote8, else $XDG_DATA_HOME/mote8/captures).\n"
            "cart_folder = \"\";\n"
            "data_folder = \"\";\n"
            "capture_folder = \"\";\n"
            "# Screenshots and GIFs: pixels per screen pixel, 1-8.\n"
            "capture_scale = %d;\n\n"
            "# Keys of players 0 and 1: up to 4 SDL key names per button (see SDL_GetKeyName).\n",
            d.scale, d.fullscreen ? "true" : "false", d.volume, d.mute ? "true" : "false",
            d.overlay ? "true" : "false",
            d.capture_scale);
    for (int p = 0; p < 2; p++) {
        fprintf(out, "keys_p%d = {\n", p);
        for (int b = 0; b < M8_SETTINGS_BUTTONS; b++)
            write_binding(out, button_names[b], &d.keys[p][b]);
        fprintf(out, "};\n");
    }
    fprintf(out,
            "\n# Game controllers (players 0-7 in the order they are plugged in): SDL\n"
            "# GameController button names for O, X and the pause menu; the d-pad and left\n"
            "# stick move. deadzone: stick travel ignored, 0-32767. mappings: a\n"
            "# gamecontrollerdb.txt file for controllers SDL does not know (\"\" = none).\n"
            "gamepad = {\n");
    for (int b = 0; b < M8_SETTINGS_PAD_BUTTONS; b++) write_binding(out, pad_names[b], &d.pad[b]);
    fprintf(out, "    deadzone = %d;\n    mappings = \"\";\n};\n", d.pad_deadzone);
}

int m8_make_dirs(const char *dir)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", dir);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) return -1;
        *p = '/';
    }
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) return -1;
    return 0;
}

int m8_settings_write_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        fprintf(stderr, "%s: already exists; not replaced (remove it first to write the defaults)\n", path);
        return -1;
    }
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = 0;
        if (m8_make_dirs(dir) != 0) {
            fprintf(stderr, "%s: cannot create the folder (%s)\n", dir, strerror(errno));
            return -1;
        }
    }
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write (%s)\n", path, strerror(errno));
        return -1;
    }
    m8_settings_write_defaults(f);
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: cannot write (%s)\n", path, strerror(errno));
        return -1;
    }
    printf("wrote the default settings to %s\n", path);
    return 0;
}

/* --- saving the sound settings --- */

/* Where the value of top-level setting `name` starts and ends in `text` (a line
 * "NAME = VALUE;" or "NAME: VALUE", outside every group); 0 when the file has none. */
static int find_value(const char *text, const char *name, size_t *from, size_t *to)
{
    size_t len = strlen(name);
    int depth = 0;
    for (const char *line = text; *line;) {
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (depth == 0 && strncmp(p, name, len) == 0) {
            const char *q = p + len;
            while (*q == ' ' || *q == '\t') q++;
            if (*q == '=' || *q == ':') {
                q++;
                while (*q == ' ' || *q == '\t') q++;
                const char *end = q;
                while (*end && *end != ';' && *end != ',' && *end != '\n' && *end != '#') end++;
                while (end > q && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
                *from = (size_t)(q - text);
                *to = (size_t)(end - text);
                return 1;
            }
        }
        int quoted = 0;                          /* braces of the line, outside strings */
        for (; *p && *p != '\n'; p++) {
            if (*p == '"' && (p == line || p[-1] != '\\')) quoted = !quoted;
            else if (!quoted && (*p == '#' || (*p == '/' && p[1] == '/'))) {
                while (*p && *p != '\n') p++;
                break;
            } else if (!quoted && *p == '{') depth++;
            else if (!quoted && *p == '}') depth--;
        }
        line = *p ? p + 1 : p;
    }
    return 0;
}

/* `text` (owned, may be NULL) with setting `name` set to `value`; NULL when out of memory. */
static char *with_value(char *text, const char *name, const char *value)
{
    size_t n = text ? strlen(text) : 0, from, to;
    size_t room = n + strlen(name) + strlen(value) + 8;
    char *out = malloc(room);
    if (!out) {
        free(text);
        return NULL;
    }
    if (text && find_value(text, name, &from, &to))
        snprintf(out, room, "%.*s%s%s", (int)from, text, value, text + to);
    else
        snprintf(out, room, "%s%s%s = %s;\n", text ? text : "",
                 n && text[n - 1] != '\n' ? "\n" : "", name, value);
    free(text);
    return out;
}

int m8_settings_save_sound(const char *path, double volume, int mute, FILE *err_out)
{
    reader r = { path, err_out ? err_out : stderr, 0 };
    char *text = read_capped(&r);
    if (r.problems) return -1;                   /* reported: the file is left alone */
    if (!text) {                                 /* no file yet: every default, commented */
        size_t size = 0;
        FILE *mem = open_memstream(&text, &size);
        if (mem) {
            m8_settings_write_defaults(mem);
            fclose(mem);
        }
    }
    char value[32];
    snprintf(value, sizeof value, "%.3f", volume < 0 ? 0 : volume > 1 ? 1 : volume);
    text = with_value(text, "volume", value);
    if (text) text = with_value(text, "mute", mute ? "true" : "false");
    if (!text) {
        fprintf(r.err, "%s: out of memory; volume not saved\n", path);
        return -1;
    }
    char dir[M8_SETTINGS_PATH_MAX], tmp[M8_SETTINGS_PATH_MAX + 16];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) *slash = 0;
    snprintf(tmp, sizeof tmp, "%s.saving", path);
    FILE *f = NULL;
    const char *why = NULL;
    if (slash && slash != dir && m8_make_dirs(dir) != 0) why = strerror(errno);
    else if (!(f = fopen(tmp, "w"))) why = strerror(errno);
    else {
        size_t n = strlen(text);
        int bad = fwrite(text, 1, n, f) != n;
        if (fclose(f) != 0 || bad) why = strerror(errno);
        else if (rename(tmp, path) != 0) why = strerror(errno);
        if (why) remove(tmp);
    }
    free(text);
    if (why) {
        fprintf(r.err, "%s: volume not saved (%s)\n", path, why);
        return -1;
    }
    return 0;
}

/* --- folders --- */

static void data_home(char *out, size_t outsz)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) snprintf(out, outsz, "%s/mote8", xdg);
    else snprintf(out, outsz, "%s/.local/share/mote8", home && *home ? home : "/tmp");
}

void m8_settings_folder(const m8_settings *s, enum m8_folder which, char *out, size_t outsz)
{
    char base[400];
    const char *set = which == M8_FOLDER_CARTS ? s->cart_folder
                      : which == M8_FOLDER_DATA ? s->data_folder : s->capture_folder;
    if (set && *set) {
        snprintf(out, outsz, "%s", set);
        return;
    }
    data_home(base, sizeof base);
    if (which == M8_FOLDER_CARTS) {
        snprintf(out, outsz, "%s/carts", base);
    } else if (which == M8_FOLDER_DATA) {
        snprintf(out, outsz, "%s/cdata", base);
    } else {
        const char *pics = getenv("XDG_PICTURES_DIR"), *home = getenv("HOME");
        struct stat st;
        char home_pics[1024];
        snprintf(home_pics, sizeof home_pics, "%s/Pictures", home && *home ? home : "/nonexistent");
        if (pics && *pics) snprintf(out, outsz, "%s/mote8", pics);
        else if (stat(home_pics, &st) == 0 && S_ISDIR(st.st_mode)) snprintf(out, outsz, "%s/mote8", home_pics);
        else snprintf(out, outsz, "%s/captures", base);
    }
}
