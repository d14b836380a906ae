/* test_settings.c - the window host's settings file: defaults, every setting read, the
 * written defaults read back unchanged, a file that does not parse (file and line, every
 * default), and settings of the wrong type or out of range (file, line, reason; only that
 * setting falls back); volume and mute saved by changing only their values. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "settings.h"

static const char *write_cfg(const char *text)
{
    static char path[128];
    snprintf(path, sizeof path, "/tmp/m8t_cfg_%d.cfg", (int)getpid());
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    cr_assert(f, "%s missing", path);
    char *text = calloc(1, 70000);
    cr_assert(text);
    size_t n = fread(text, 1, 69999, f);
    text[n] = 0;
    fclose(f);
    return text;
}

/* Load `text`; the problems printed go to `msgs`. Returns m8_settings_load's result. */
static int load_text(m8_settings *s, const char *text, char *msgs, size_t msgsz)
{
    const char *p = write_cfg(text);
    FILE *err = tmpfile();
    cr_assert(err);
    int rc = m8_settings_load(s, p, err);
    rewind(err);
    size_t n = fread(msgs, 1, msgsz - 1, err);
    msgs[n] = 0;
    fclose(err);
    unlink(p);
    return rc;
}

Test(settings, missing_file_means_defaults)
{
    m8_settings s;
    cr_expect_eq(m8_settings_load(&s, "/nonexistent/mote8.cfg", NULL), 0);
    cr_expect_float_eq(s.volume, 1.0, 1e-9);
    cr_expect_eq(s.scale, 0);
    cr_expect_eq(s.fullscreen, 0);
    cr_expect_eq(s.capture_scale, 2);
    cr_expect_str_eq(s.keys[0][4].names[0], "Z");
    cr_expect_eq(s.keys[1][5].count, 4);
    cr_expect_str_eq(s.pad[2].names[0], "start");
}

Test(settings, every_setting_is_read)
{
    m8_settings s;
    char msgs[1024];
    int rc = load_text(&s,
                       "volume = 0.25;\nscale = 3;\nfullscreen = true;\noverlay = true;\n"
                       "capture_scale = 4;\ncart_folder = \"/c\";\ndata_folder = \"/d\";\n"
                       "capture_folder = \"/p\";\n"
                       "keys_p0 = { o = [\"Space\"]; left = [\"A\", \"Left\"]; };\n"
                       "keys_p1 = { x = \"Q\"; };\n"
                       "gamepad = { o = [\"x\"]; deadzone = 9000; mappings = \"/db.txt\"; };\n",
                       msgs, sizeof msgs);
    cr_expect_eq(rc, 0, "%s", msgs);
    cr_expect_float_eq(s.volume, 0.25, 1e-9);
    cr_expect_eq(s.scale, 3);
    cr_expect_eq(s.fullscreen, 1);
    cr_expect_eq(s.overlay, 1);
    cr_expect_eq(s.capture_scale, 4);
    cr_expect_str_eq(s.cart_folder, "/c");
    cr_expect_str_eq(s.data_folder, "/d");
    cr_expect_str_eq(s.capture_folder, "/p");
    cr_expect_str_eq(s.keys[0][4].names[0], "Space");
    cr_expect_eq(s.keys[0][4].count, 1);
    cr_expect_eq(s.keys[0][4].line, 9);
    cr_expect_str_eq(s.keys[0][0].names[1], "Left");
    cr_expect_str_eq(s.keys[0][5].names[0], "X", "untouched buttons keep their default");
    cr_expect_str_eq(s.keys[1][5].names[0], "Q");
    cr_expect_str_eq(s.pad[0].names[0], "x");
    cr_expect_eq(s.pad_deadzone, 9000);
    cr_expect_str_eq(s.pad_mappings, "/db.txt");
}

Test(settings, written_defaults_read_back_as_defaults)
{
    char path[128];
    snprintf(path, sizeof path, "/tmp/m8t_cfgdir_%d/sub/mote8.cfg", (int)getpid());
    cr_assert_eq(m8_settings_write_file(path), 0);
    cr_expect_eq(m8_settings_write_file(path), -1, "an existing file is not replaced");
    m8_settings got, want;
    cr_expect_eq(m8_settings_load(&got, path, NULL), 0);
    m8_settings_defaults(&want);
    cr_expect_float_eq(got.volume, want.volume, 1e-9);
    cr_expect_eq(got.capture_scale, want.capture_scale);
    cr_expect_eq(got.pad_deadzone, want.pad_deadzone);
    for (int p = 0; p < 2; p++)
        for (int b = 0; b < M8_SETTINGS_BUTTONS; b++) {
            cr_expect_eq(got.keys[p][b].count, want.keys[p][b].count);
            for (int i = 0; i < want.keys[p][b].count; i++)
                cr_expect_str_eq(got.keys[p][b].names[i], want.keys[p][b].names[i]);
        }
    unlink(path);
    char dir[128];
    snprintf(dir, sizeof dir, "/tmp/m8t_cfgdir_%d/sub", (int)getpid());
    rmdir(dir);
    snprintf(dir, sizeof dir, "/tmp/m8t_cfgdir_%d", (int)getpid());
    rmdir(dir);
}

Test(settings, broken_file_names_file_and_line_and_keeps_defaults)
{
    m8_settings s;
    char msgs[1024];
    int rc = load_text(&s, "volume = 0.5;\nscale = = 3;\n", msgs, sizeof msgs);
    cr_expect_eq(rc, 1);
    cr_expect_float_eq(s.volume, 1.0, 1e-9);
    char want[256];
    snprintf(want, sizeof want, "/tmp/m8t_cfg_%d.cfg: line 2:", (int)getpid());
    cr_expect(strstr(msgs, want) != NULL, "messages: %s", msgs);
}

Test(settings, wrong_type_and_out_of_range_fall_back_one_by_one)
{
    m8_settings s;
    char msgs[2048];
    int rc = load_text(&s,
                       "volume = 3.0;\n"            /* line 1: out of range */
                       "scale = \"big\";\n"         /* line 2: wrong type */
                       "fullscreen = 1;\n"          /* line 3: wrong type */
                       "capture_scale = 3;\n"       /* line 4: fine */
                       "keys_p0 = { o = 5; };\n"    /* line 5: wrong type */
                       "gamepad = { deadzone = 40000; };\n",   /* line 6: out of range */
                       msgs, sizeof msgs);
    cr_expect_eq(rc, 5, "messages: %s", msgs);
    cr_expect_float_eq(s.volume, 1.0, 1e-9);
    cr_expect_eq(s.scale, 0);
    cr_expect_eq(s.fullscreen, 0);
    cr_expect_eq(s.capture_scale, 3, "a good setting beside bad ones is kept");
    cr_expect_str_eq(s.keys[0][4].names[0], "Z");
    cr_expect_eq(s.pad_deadzone, 12000);
    const char *expect[] = { "line 1: volume must be between 0.0 and 1.0, not 3 (using the default, 1.0)",
                             "line 2: scale must be a whole number, not a string (using the default, 0)",
                             "line 3: fullscreen must be true or false, not a whole number",
                             "line 5: o must be an array of names",
                             "line 6: deadzone must be between 0 and 32767, not 40000" };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++)
        cr_expect(strstr(msgs, expect[i]) != NULL, "missing '%s' in: %s", expect[i], msgs);
}

/* issue 21: libconfig read any size (a 20 MB comment took more than 120 s before the window
 * opened). A file over M8_SETTINGS_FILE_MAX bytes is refused with its name and size, and
 * every default is used; one just under the cap is read. */
Test(settings, oversized_file_is_refused_with_its_name)
{
    size_t big = (size_t)M8_SETTINGS_FILE_MAX + 1;
    char *text = malloc(big + 64);
    cr_assert_not_null(text);
    size_t k = (size_t)sprintf(text, "scale = 3;\n#");
    memset(text + k, 'x', big - k - 1);
    text[big - 1] = '\n';
    text[big] = 0;
    m8_settings s;
    char msgs[1024];
    cr_expect_eq(load_text(&s, text, msgs, sizeof msgs), 1);
    cr_expect_eq(s.scale, 0, "every default is used");
    char name[160];
    snprintf(name, sizeof name, "/tmp/m8t_cfg_%d.cfg: ", (int)getpid());
    cr_expect(strstr(msgs, name) == msgs && strstr(msgs, "too large") != NULL &&
              strstr(msgs, "using every default") != NULL, "%s", msgs);
    /* at the cap: read as usual */
    text[M8_SETTINGS_FILE_MAX - 1] = '\n';
    text[M8_SETTINGS_FILE_MAX] = 0;
    cr_expect_eq(load_text(&s, text, msgs, sizeof msgs), 0, "%s", msgs);
    cr_expect_eq(s.scale, 3);
    free(text);
}

/* A settings path that is not a regular file (a FIFO would block the start for ever) */
Test(settings, fifo_or_folder_is_refused_with_its_name, .timeout = 20)
{
    char dir[128], fifo[160];
    snprintf(dir, sizeof dir, "/tmp/m8t_cfgfifo_%d", (int)getpid());
    cr_assert_eq(mkdir(dir, 0700), 0);
    snprintf(fifo, sizeof fifo, "%s/fifo.cfg", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    const char *paths[] = { dir, fifo };
    for (int i = 0; i < 2; i++) {
        FILE *err = tmpfile();
        m8_settings s;
        cr_expect_eq(m8_settings_load(&s, paths[i], err), 1, "%s", paths[i]);
        char msgs[512];
        rewind(err);
        size_t n = fread(msgs, 1, sizeof msgs - 1, err);
        msgs[n] = 0;
        fclose(err);
        cr_expect(strncmp(msgs, paths[i], strlen(paths[i])) == 0 &&
                  strstr(msgs, "not a regular file") != NULL, "%s", msgs);
        cr_expect_eq(s.capture_scale, 2);
    }
    unlink(fifo);
    rmdir(dir);
}

/* The window saves volume and mute by changing only their values: the rest of the file
 * (comments, other settings, a group's own "volume"-like names) stays as it was. */
Test(settings, saving_the_sound_changes_only_volume_and_mute)
{
    const char *text = "# my settings\nscale = 3;   # big\nvolume = 1.0; # loud\n"
                       "gamepad = { volume = 2; deadzone = 100; };\noverlay = true;\n";
    const char *p = write_cfg(text);
    cr_assert_eq(m8_settings_save_sound(p, 0.625, 1, NULL), 0);
    char *saved = read_text(p);
    cr_expect_str_eq(saved, "# my settings\nscale = 3;   # big\nvolume = 0.625; # loud\n"
                            "gamepad = { volume = 2; deadzone = 100; };\noverlay = true;\n"
                            "mute = true;\n");
    free(saved);
    cr_assert_eq(m8_settings_save_sound(p, 0.25, 0, NULL), 0);
    m8_settings s;
    cr_expect_eq(m8_settings_load(&s, p, NULL), 0);
    cr_expect_float_eq(s.volume, 0.25, 1e-9);
    cr_expect_eq(s.mute, 0);
    cr_expect_eq(s.scale, 3);
    cr_expect_eq(s.overlay, 1);
    cr_expect_eq(s.pad_deadzone, 100);
    unlink(p);
}

/* No file yet: the saved one is the commented defaults with the sound set, and reads back. */
Test(settings, saving_the_sound_without_a_file_writes_the_defaults_with_it)
{
    char dir[128], path[200];
    snprintf(dir, sizeof dir, "/tmp/m8t_cfg_dir_%d", (int)getpid());
    snprintf(path, sizeof path, "%s/sub/mote8.cfg", dir);
    cr_assert_eq(m8_settings_save_sound(path, 0.5, 0, NULL), 0);
    m8_settings s;
    cr_expect_eq(m8_settings_load(&s, path, NULL), 0);
    cr_expect_float_eq(s.volume, 0.5, 1e-9);
    cr_expect_eq(s.capture_scale, 2);
    char *saved = read_text(path);
    cr_expect(strstr(saved, "# mote8 settings"), "%s", saved);
    free(saved);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

/* A settings file that cannot be read is left alone and reported. */
Test(settings, saving_the_sound_over_a_folder_is_refused)
{
    FILE *err = tmpfile();
    cr_assert_eq(m8_settings_save_sound("/tmp", 0.5, 0, err), -1);
    rewind(err);
    char msgs[300];
    size_t n = fread(msgs, 1, sizeof msgs - 1, err);
    msgs[n] = 0;
    fclose(err);
    cr_expect(strstr(msgs, "/tmp: not a regular file"), "%s", msgs);
}
