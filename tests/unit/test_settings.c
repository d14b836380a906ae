/* test_settings.c - the window host's settings file: defaults, every setting read, the
 * written defaults read back unchanged, a file that does not parse (file and line, every
 * default), and settings of the wrong type or out of range (file, line, reason; only that
 * setting falls back); volume and mute saved by changing only their values, never into a
 * file that would not read back, through a symbolic link, keeping the file's mode; a path
 * too long to keep is reported. */
#include <criterion/criterion.h>
#include <dirent.h>
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
    cr_expect_eq(s.rewind_seconds, 30);
    cr_expect_eq(s.rewind_memory_mb, 256);
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
                       "capture_folder = \"/p\"; rewind_seconds = 90; rewind_memory_mb = 64;\n"
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
    cr_expect_eq(s.rewind_seconds, 90);
    cr_expect_eq(s.rewind_memory_mb, 64);
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
 * (comments, other settings, a group's own "volume", written over several lines before the
 * top-level one) stays as it was. */
Test(settings, saving_the_sound_changes_only_volume_and_mute)
{
    const char *text = "# my settings\nscale = 3;   # big\n"
                       "gamepad = {\n    volume = 2;\n    deadzone = 100;\n};\n"
                       "volume = 1.0; # loud\noverlay = true;\n";
    const char *p = write_cfg(text);
    cr_assert_eq(m8_settings_save_sound(p, 0.625, 1, NULL), 0);
    char *saved = read_text(p);
    cr_expect_str_eq(saved, "# my settings\nscale = 3;   # big\n"
                            "gamepad = {\n    volume = 2;\n    deadzone = 100;\n};\n"
                            "volume = 0.625; # loud\noverlay = true;\nmute = true;\n");
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

/* Settings sharing a line, a group's "volume" on the line of the top-level "mute", and
 * comments holding "{" or "volume = 9" (which a hand scan counted or took for the setting,
 * then appended a second "volume", a duplicate libconfig rejects, losing every setting):
 * only the two values change and the file loads with no problem and every setting kept. */
Test(settings, saving_the_sound_with_settings_sharing_lines_and_braces_in_comments)
{
    const char *text = "/* older settings {\n   volume = 9; */\n"
                       "scale = 3; /* volume = 9 { */ volume = 1.0;\n"
                       "gamepad = { volume = 2; deadzone = 100; }; mute = false;\n"
                       "overlay = true; // {\ncapture_scale = 4;\n";
    const char *p = write_cfg(text);
    cr_assert_eq(m8_settings_save_sound(p, 0.5, 1, NULL), 0);
    char *saved = read_text(p);
    cr_expect_str_eq(saved, "/* older settings {\n   volume = 9; */\n"
                            "scale = 3; /* volume = 9 { */ volume = 0.500;\n"
                            "gamepad = { volume = 2; deadzone = 100; }; mute = true;\n"
                            "overlay = true; // {\ncapture_scale = 4;\n");
    free(saved);
    m8_settings s;
    char msgs[512] = "";
    FILE *err = tmpfile();
    cr_expect_eq(m8_settings_load(&s, p, err), 0);
    rewind(err);
    msgs[fread(msgs, 1, sizeof msgs - 1, err)] = 0;
    fclose(err);
    cr_expect_str_eq(msgs, "");
    cr_expect_float_eq(s.volume, 0.5, 1e-9);
    cr_expect_eq(s.mute, 1);
    cr_expect_eq(s.scale, 3);
    cr_expect_eq(s.pad_deadzone, 100);
    cr_expect_eq(s.overlay, 1);
    cr_expect_eq(s.capture_scale, 4);
    unlink(p);
}

/* Other spellings libconfig accepts: ':' and ',' , no spaces, a whole number, CRLF line
 * ends, and strings holding "volume = ..." and braces (with an escaped quote): only the two
 * values change, and the file loads with no problem. */
Test(settings, saving_the_sound_in_other_spellings)
{
    const char *cases[][2] = {
        { "volume:1.0,mute:false;\n", "volume:0.500,mute:true;\n" },
        { "scale=3;volume=1;\n", "scale=3;volume=0.500;\nmute = true;\n" },
        { "scale = 3;\r\nvolume = 1.0;\r\nmute = false;\r\n",
          "scale = 3;\r\nvolume = 0.500;\r\nmute = true;\r\n" },
        { "cart_folder = \"x\\\" volume = 2; {\"; volume = 1.0;\nmute = false;\n",
          "cart_folder = \"x\\\" volume = 2; {\"; volume = 0.500;\nmute = true;\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *p = write_cfg(cases[i][0]);
        cr_assert_eq(m8_settings_save_sound(p, 0.5, 1, NULL), 0, "case %zu", i);
        char *saved = read_text(p);
        cr_expect_str_eq(saved, cases[i][1], "case %zu", i);
        free(saved);
        m8_settings s;
        cr_expect_eq(m8_settings_load(&s, p, NULL), 0, "case %zu", i);
        cr_expect_float_eq(s.volume, 0.5, 1e-9, "case %zu", i);
        cr_expect_eq(s.mute, 1, "case %zu", i);
        unlink(p);
    }
}

/* Save into `text`; returns the result, the messages in `msgs`, and checks the file is
 * byte for byte as it was. */
static int save_refused(const char *text, char *msgs, size_t msgsz)
{
    const char *p = write_cfg(text);
    FILE *err = tmpfile();
    cr_assert(err);
    int rc = m8_settings_save_sound(p, 0.5, 1, err);
    rewind(err);
    msgs[fread(msgs, 1, msgsz - 1, err)] = 0;
    fclose(err);
    char *after = read_text(p);
    cr_expect_str_eq(after, text, "the file was changed");
    free(after);
    unlink(p);
    return rc;
}

/* A file that does not parse, or a volume that cannot be changed to a number and read back
 * (an array), is never rewritten: -1, with the file and the reason. */
Test(settings, saving_the_sound_refuses_what_would_not_read_back)
{
    char msgs[512];
    cr_expect_eq(save_refused("volume = 0.5;\nscale = = 3;\n", msgs, sizeof msgs), -1);
    cr_expect(strstr(msgs, "volume not saved (line 2: syntax error"), "%s", msgs);
    cr_expect_eq(save_refused("scale = 2;\nvolume = [ 1 ];\n", msgs, sizeof msgs), -1);
    cr_expect(strstr(msgs, "volume not saved (line 2: volume could not be changed safely)"),
              "%s", msgs);
}

/* A symbolic link to the settings (a dotfiles folder): the target is saved, the link stays
 * a link to it, the file keeps its permissions, and no temporary file is left behind. */
Test(settings, saving_the_sound_through_a_symlink_keeps_link_and_mode)
{
    char dir[128], real[200], link[200];
    snprintf(dir, sizeof dir, "/tmp/m8t_cfglink_%d", (int)getpid());
    snprintf(real, sizeof real, "%s/real.cfg", dir);
    snprintf(link, sizeof link, "%s/link.cfg", dir);
    cr_assert_eq(mkdir(dir, 0700), 0);
    FILE *f = fopen(real, "w");
    cr_assert(f);
    fputs("scale = 2;\nvolume = 1.0;\n", f);
    fclose(f);
    cr_assert_eq(chmod(real, 0640), 0);
    cr_assert_eq(symlink("real.cfg", link), 0);
    cr_assert_eq(m8_settings_save_sound(link, 0.375, 0, NULL), 0);
    struct stat st;
    cr_assert_eq(lstat(link, &st), 0);
    cr_expect(S_ISLNK(st.st_mode), "the link was replaced by a file");
    char to[64] = "";
    cr_expect_eq(readlink(link, to, sizeof to - 1), 8);
    cr_expect_str_eq(to, "real.cfg");
    cr_assert_eq(lstat(real, &st), 0);
    cr_expect(S_ISREG(st.st_mode));
    cr_expect_eq(st.st_mode & 07777, 0640, "mode %o", (unsigned)(st.st_mode & 07777));
    char *saved = read_text(real);
    cr_expect_str_eq(saved, "scale = 2;\nvolume = 0.375;\nmute = false;\n");
    free(saved);
    DIR *d = opendir(dir);
    cr_assert(d);
    int files = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') files++;
    closedir(d);
    cr_expect_eq(files, 2, "a temporary file was left behind");
    unlink(link);
    unlink(real);
    rmdir(dir);
}

/* A settings path longer than m8_settings.path keeps: the file is still read, the path is
 * reported and left empty (the window then saves nothing: a shortened path would be
 * another file); saving to "" is refused. */
Test(settings, too_long_path_is_reported_and_not_kept)
{
    char dir[800], path[900];
    int k = snprintf(dir, sizeof dir, "/tmp/m8t_cfglong_%d", (int)getpid());
    while (k < 600) k += snprintf(dir + k, sizeof dir - (size_t)k, "/%s", "abcdefghijklmnopqrstuvwxyz");
    snprintf(path, sizeof path, "%s/mote8.cfg", dir);
    cr_assert_eq(m8_make_dirs(dir), 0);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs("scale = 5;\n", f);
    fclose(f);
    m8_settings s;
    FILE *err = tmpfile();
    cr_expect_eq(m8_settings_load(&s, path, err), 1);
    char msgs[1200];
    rewind(err);
    msgs[fread(msgs, 1, sizeof msgs - 1, err)] = 0;
    fclose(err);
    cr_expect(strstr(msgs, "the settings path is longer than 511 characters"), "%s", msgs);
    cr_expect_str_eq(s.path, "");
    cr_expect_eq(s.scale, 5, "the file is still read");
    err = tmpfile();
    cr_expect_eq(m8_settings_save_sound(s.path, 0.5, 0, err), -1);
    fclose(err);
    char cmd[100];
    snprintf(cmd, sizeof cmd, "rm -rf /tmp/m8t_cfglong_%d", (int)getpid());
    cr_expect_eq(system(cmd), 0);
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
