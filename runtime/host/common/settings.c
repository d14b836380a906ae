/* settings.c - reads and writes the window host's settings with libconfig; see settings.h.
 * Each setting is looked up on its own, so one of the wrong type or out of range is
 * reported with its line and falls back alone.
 * Depends on: settings.h, libconfig. */
#include <errno.h>
#include <fcntl.h>
#include <libconfig.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
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
    s->rewind_seconds = 30;
    s->rewind_memory_mb = 256;
    s->pad_deadzone = 12000;
    for (int p = 0; p < 2; p++)
        for (int b = 0; b < M8_SETTINGS_BUTTONS; b++) set_binding(&s->keys[p][b], default_keys[p][b]);
    for (int b = 0; b < M8_SETTINGS_PAD_BUTTONS; b++) set_binding(&s->pad[b], default_pad[b]);
}

const char *m8_settings_default_path(void)
{
    static char path[PATH_MAX + 1];    /* longer than m8_settings.path: load says so */
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
    const char *outcome;        /* said after a file that cannot be read; NULL: every default */
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
        fprintf(r->err, "%s: %s (%s)\n", r->path, why, r->outcome ? r->outcome : "using every default");
        r->problems++;
        return NULL;
    }
    return text;
}

int m8_settings_load(m8_settings *s, const char *path, FILE *err_out)
{
    m8_settings_defaults(s);
    if (!path) path = m8_settings_default_path();
    reader r = { path, err_out ? err_out : stderr, 0, NULL };
    if (strlen(path) < sizeof s->path) snprintf(s->path, sizeof s->path, "%s", path);
    else {                                  /* s->path stays "": nothing is saved there */
        fprintf(r.err, "%s: the settings path is longer than %zu characters; volume and mute "
                "changes will not be saved\n", path, sizeof s->path - 1);
        r.problems++;
    }
    char *text = read_capped(&r);
    if (!text) return r.problems;         /* no file: defaults; else reported */
    int path_problems = r.problems;
    config_t cfg;
    config_init(&cfg);
    int parsed = config_read_string(&cfg, text);
    free(text);
    if (!parsed) {
        fprintf(r.err, "%s: line %d: %s (using every default)\n", path,
                config_error_line(&cfg), config_error_text(&cfg));
        config_destroy(&cfg);
        return path_problems + 1;
    }
    config_setting_t *root = config_root_setting(&cfg);
    read_volume(&r, root, &s->volume);
    read_bool(&r, root, "mute", &s->mute);
    read_int(&r, root, "scale", 0, 16, &s->scale);
    read_bool(&r, root, "fullscreen", &s->fullscreen);
    read_bool(&r, root, "overlay", &s->overlay);
    read_int(&r, root, "capture_scale", 1, 8, &s->capture_scale);
    read_int(&r, root, "rewind_seconds", 0, 600, &s->rewind_seconds);
    read_int(&r, root, "rewind_memory_mb", 16, 4096, &s->rewind_memory_mb);
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
            "# Rewind (hold F3): seconds of the past kept, 0-600 (0 = no rewind), in at most\n"
            "# this many MiB of machine states, 16-4096 (past it the oldest go first).\n"
            "rewind_seconds = %d;\n"
            "rewind_memory_mb = %d;\n\n"
            "# Keys of players 0 and 1: up to 4 SDL key names per button (see SDL_GetKeyName).\n",
            d.scale, d.fullscreen ? "true" : "false", d.volume, d.mute ? "true" : "false",
            d.overlay ? "true" : "false",
            d.capture_scale, d.rewind_seconds, d.rewind_memory_mb);
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
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
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
    char dir[PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        fprintf(stderr, "%s: the path is too long\n", path);
        return -1;
    }
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

/* 1 when `a` and `b` hold the same setting: name, type, value and children (in order). At
 * the root (`skip` not NULL) the top-level setting named `skip` is left out on both sides. */
static int same_setting(const config_setting_t *a, const config_setting_t *b, const char *skip)
{
    const char *na = config_setting_name(a), *nb = config_setting_name(b);
    if ((na == NULL) != (nb == NULL) || (na && strcmp(na, nb) != 0)) return 0;
    int type = config_setting_type(a);
    if (type != config_setting_type(b)) return 0;
    switch (type) {
    case CONFIG_TYPE_INT: case CONFIG_TYPE_INT64:
        return config_setting_get_int64(a) == config_setting_get_int64(b);
    case CONFIG_TYPE_FLOAT: return config_setting_get_float(a) == config_setting_get_float(b);
    case CONFIG_TYPE_BOOL: return config_setting_get_bool(a) == config_setting_get_bool(b);
    case CONFIG_TYPE_STRING:
        return strcmp(config_setting_get_string(a), config_setting_get_string(b)) == 0;
    case CONFIG_TYPE_GROUP: case CONFIG_TYPE_ARRAY: case CONFIG_TYPE_LIST: {
        int la = config_setting_length(a), lb = config_setting_length(b), i = 0, j = 0;
        for (;;) {
            while (skip && i < la && strcmp(config_setting_name(config_setting_get_elem(a, i)), skip) == 0) i++;
            while (skip && j < lb && strcmp(config_setting_name(config_setting_get_elem(b, j)), skip) == 0) j++;
            if (i == la || j == lb) return i == la && j == lb;
            if (!same_setting(config_setting_get_elem(a, i), config_setting_get_elem(b, j), NULL))
                return 0;
            i++;
            j++;
        }
    }
    default: return 1;
    }
}

/* 1 when `text` parses, its top-level `name` holds `value` (as "name = value;" alone
 * would), and every other setting is as in `before`. */
static int reads_back(const config_t *before, const char *text, const char *name,
                      const char *value)
{
    char alone[96];
    if (snprintf(alone, sizeof alone, "%s = %s;", name, value) >= (int)sizeof alone) return 0;
    config_t after, want;
    config_init(&after);
    config_init(&want);
    int ok = config_read_string(&after, text) && config_read_string(&want, alone);
    if (ok) {
        config_setting_t *got = config_setting_get_member(config_root_setting(&after), name);
        ok = got && same_setting(got, config_setting_get_member(config_root_setting(&want), name), NULL) &&
             same_setting(config_root_setting(before), config_root_setting(&after), name);
    }
    config_destroy(&after);
    config_destroy(&want);
    return ok;
}

static int name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-' || c == '*';
}

/* If `name` starts at text[at] as a setting name ("NAME = VALUE" or "NAME: VALUE"), where
 * its value starts and ends (a number, a word or a "string"); 0 if not. */
static int value_at(const char *text, size_t at, const char *name, size_t *from, size_t *to)
{
    size_t len = strlen(name);
    if ((at > 0 && name_char(text[at - 1])) || strncmp(text + at, name, len) != 0 ||
        name_char(text[at + len]))
        return 0;
    const char *q = text + at + len;
    while (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n') q++;
    if (*q != '=' && *q != ':') return 0;
    q++;
    while (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n') q++;
    const char *end = q;
    if (*end == '"') {
        for (end++; *end && *end != '"'; end++)
            if (*end == '\\' && end[1]) end++;
        if (*end != '"') return 0;
        end++;
    } else {
        while (name_char(*end) || *end == '.' || *end == '+') end++;
    }
    if (end == q) return 0;
    *from = (size_t)(q - text);
    *to = (size_t)(end - text);
    return 1;
}

/* A copy of `text` with text[from, to) replaced by `value`; NULL when out of memory. */
static char *spliced(const char *text, size_t from, size_t to, const char *value)
{
    size_t n = strlen(text), room = n - (to - from) + strlen(value) + 1;
    char *out = malloc(room);
    if (out) snprintf(out, room, "%.*s%s%s", (int)from, text, value, text + to);
    return out;
}

/* `text` with its top-level setting `name` set to `value`, changing only that value: the
 * setting is found by libconfig (its line), and each place on that line where `name =`
 * stands outside comments and strings is tried until the result reads back with the new
 * value and every other setting unchanged (a group's own `name` on the same line is thus
 * left alone). A file without the setting gets "name = value;" at its end, checked the
 * same way. NULL with the reason in `why` when no such text exists (the file does not
 * parse, or the setting cannot be changed safely) or memory runs out. */
static char *with_value(const char *text, const char *name, const char *value, char *why,
                        size_t whysz)
{
    config_t before;
    config_init(&before);
    char *out = NULL;
    if (!config_read_string(&before, text)) {
        snprintf(why, whysz, "line %d: %s; fix the file or remove it", config_error_line(&before),
                 config_error_text(&before));
        config_destroy(&before);
        return NULL;
    }
    const config_setting_t *st = config_setting_get_member(config_root_setting(&before), name);
    int out_of_memory = 0;
    if (st) {
        int want_line = config_setting_source_line(st), line = 1;
        char quote = 0, comment = 0;       /* inside "..."; inside '#'/"//" ('l') or '/''*' ('b') */
        for (size_t i = 0; text[i] && line <= want_line; i++) {
            char c = text[i];
            if (c == '\n') {
                line++;
                if (comment == 'l') comment = 0;
            } else if (quote) {
                if (c == '\\' && text[i + 1]) i++;
                else if (c == '"') quote = 0;
            } else if (comment == 'b') {
                if (c == '*' && text[i + 1] == '/') comment = 0, i++;
            } else if (comment) {
            } else if (c == '"') quote = 1;
            else if (c == '#' || (c == '/' && text[i + 1] == '/')) comment = 'l';
            else if (c == '/' && text[i + 1] == '*') comment = 'b', i++;
            else if (line == want_line) {
                size_t from, to;
                if (!value_at(text, i, name, &from, &to)) continue;
                char *candidate = spliced(text, from, to, value);
                if (!candidate) {
                    out_of_memory = 1;
                    break;
                }
                if (reads_back(&before, candidate, name, value)) {
                    out = candidate;
                    break;
                }
                free(candidate);
            }
        }
        if (!out && out_of_memory) snprintf(why, whysz, "out of memory");
        else if (!out) snprintf(why, whysz, "line %d: %s could not be changed safely", want_line, name);
    } else {
        size_t n = strlen(text), room = n + strlen(name) + strlen(value) + 8;
        out = malloc(room);
        if (!out) snprintf(why, whysz, "out of memory");
        else {
            snprintf(out, room, "%s%s%s = %s;\n", text, n && text[n - 1] != '\n' ? "\n" : "",
                     name, value);
            if (!reads_back(&before, out, name, value)) {
                free(out);
                out = NULL;
                snprintf(why, whysz, "%s could not be added safely at the end of the file", name);
            }
        }
    }
    config_destroy(&before);
    return out;
}

/* Replace the file at `path` by `text`, following a symbolic link to the file it names:
 * a temporary file beside that file (mkstemp), given the old file's permissions (0600 for
 * a new file), written and synced, then renamed over it. 0, or -1 with the reason in `why`. */
static int replace_file(const char *path, const char *text, char *why, size_t whysz)
{
    char target[PATH_MAX], tmp[PATH_MAX + 8];
    mode_t mode = 0600;
    struct stat st;
    if (realpath(path, target)) {
        if (stat(target, &st) == 0) mode = st.st_mode & 07777;
    } else if (errno == ENOENT && lstat(path, &st) != 0) {   /* a new file */
        if (snprintf(target, sizeof target, "%s", path) >= (int)sizeof target) {
            snprintf(why, whysz, "the path is too long");
            return -1;
        }
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", target);
        char *slash = strrchr(dir, '/');
        if (slash && slash != dir) {
            *slash = 0;
            if (m8_make_dirs(dir) != 0) {
                snprintf(why, whysz, "cannot create its folder: %s", strerror(errno));
                return -1;
            }
        }
    } else {
        snprintf(why, whysz, "%s", errno == ENOENT ? "a symbolic link to a missing file" : strerror(errno));
        return -1;
    }
    if (snprintf(tmp, sizeof tmp, "%s.XXXXXX", target) >= (int)sizeof tmp) {
        snprintf(why, whysz, "the path is too long");
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(why, whysz, "cannot create a file beside it: %s", strerror(errno));
        return -1;
    }
    FILE *f = fdopen(fd, "w");
    size_t n = strlen(text);
    const char *failed = NULL;
    if (!f) failed = strerror(errno), close(fd);
    else {
        if (fchmod(fd, mode) != 0 || fwrite(text, 1, n, f) != n || fflush(f) != 0 ||
            fsync(fd) != 0)
            failed = strerror(errno);
        if (fclose(f) != 0 && !failed) failed = strerror(errno);
    }
    if (!failed && rename(tmp, target) != 0) failed = strerror(errno);
    if (failed) {
        snprintf(why, whysz, "%s", failed);
        unlink(tmp);
        return -1;
    }
    char *slash = strrchr(target, '/');           /* make the rename itself durable */
    if (slash) {
        *(slash == target ? slash + 1 : slash) = 0;
        int dfd = open(target, O_RDONLY | O_DIRECTORY);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
    }
    return 0;
}

int m8_settings_save_sound(const char *path, double volume, int mute, FILE *err_out)
{
    reader r = { path, err_out ? err_out : stderr, 0, "volume not saved" };
    if (!path || !*path) {
        fprintf(r.err, "settings: no file to save the volume in\n");
        return -1;
    }
    char *text = read_capped(&r);
    if (r.problems) return -1;                   /* reported: the file is left alone */
    if (!text) {                                 /* no file yet: every default, commented */
        size_t size = 0;
        FILE *mem = open_memstream(&text, &size);
        if (mem) {
            m8_settings_write_defaults(mem);
            if (fclose(mem) != 0) {
                free(text);
                text = NULL;
            }
        }
        if (!text) {
            fprintf(r.err, "%s: out of memory; volume not saved\n", path);
            return -1;
        }
    }
    char value[32], why[300];
    snprintf(value, sizeof value, "%.3f", volume < 0 ? 0 : volume > 1 ? 1 : volume);
    char *with_volume = with_value(text, "volume", value, why, sizeof why);
    char *with_both = with_volume ? with_value(with_volume, "mute", mute ? "true" : "false",
                                               why, sizeof why) : NULL;
    int rc = with_both ? replace_file(path, with_both, why, sizeof why) : -1;
    if (rc != 0) fprintf(r.err, "%s: volume not saved (%s)\n", path, why);
    free(text);
    free(with_volume);
    free(with_both);
    return rc;
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
