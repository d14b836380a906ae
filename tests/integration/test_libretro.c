/* test_libretro.c - the libretro core (build/bin/mote8_libretro.so, runtime/host/libretro):
 * driven by the test frontend m8_libretro_drive (tests/libretro/libretro_drive.c) it gives
 * `mote8 --headless`'s frames and samples for the same cart and input (a bundled cart, a
 * .p8.png, a .p8.rom, a cart with scripted pads), falls back to RGB565, keeps cartdata in the
 * frontend's save folder, refuses a broken cart with a message naming it, shows the
 * bundled carts without content and starts the chosen one, and opens its pause menu on
 * Start ("reset cart" restarts the cart), and its states continue in another process (or are
 * refused). Then RetroArch itself (Debian's retroarch, under xvfb-run) runs racer for 150
 * frames and its screenshot equals the headless frame, and its auto save state, saved by one
 * RetroArch and loaded by the next, continues the run.
 * Skipped where the core is not built (the sanitizer build; no retroarch-dev).
 * Depends on: m8_test_util.h, Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "m8_test_util.h"

#define CORE M8_BINARY_DIR "/bin/mote8_libretro.so"

static void need_core(void)
{
#ifndef M8_LIBRETRO_CORE
    cr_skip_test("the libretro core is not part of this build");
#endif
    struct stat st;
    cr_assert(stat(CORE, &st) == 0, "%s is missing", CORE);
}

static char *slurp(const char *path, size_t *len)
{
    char *data = m8_read_file(path, len, 0);
    cr_assert_not_null(data, "cannot read %s", path);
    return data;
}

static void same_file(const char *what, const char *a, const char *b)
{
    size_t la = 0, lb = 0;
    char *x = slurp(a, &la), *y = slurp(b, &lb);
    cr_assert(la == lb && memcmp(x, y, la) == 0, "%s: %s (%zu bytes) and %s (%zu bytes) differ",
              what, a, la, b, lb);
    free(x);
    free(y);
}

/* The samples of a WAV file's data chunk, written raw to `out`. */
static void wav_samples(const char *wav, const char *out)
{
    size_t len = 0;
    char *data = slurp(wav, &len);
    size_t at = 12;
    while (at + 8 <= len && memcmp(data + at, "data", 4) != 0)
        at += 8 + ((size_t)(uint8_t)data[at + 4] | (size_t)(uint8_t)data[at + 5] << 8 |
                   (size_t)(uint8_t)data[at + 6] << 16 | (size_t)(uint8_t)data[at + 7] << 24);
    cr_assert(at + 8 <= len, "%s has no data chunk", wav);
    FILE *f = fopen(out, "wb");
    cr_assert_not_null(f);
    fwrite(data + at + 8, 1, len - at - 8, f);
    fclose(f);
    free(data);
}

/* The core and the headless runner on `cart` for `frames` (with an input script or NULL):
 * the same last frame and the same samples. */
static void same_as_headless(const char *cart, const char *frames, const char *input)
{
    const char *core_png = m8t_tmp_path("retro", "core.png");
    const char *core_raw = m8t_tmp_path("retro", "core.raw");
    const char *head_png = m8t_tmp_path("retro", "head.png");
    const char *head_wav = m8t_tmp_path("retro", "head.wav");
    const char *head_raw = m8t_tmp_path("retro", "head.raw");
    m8_run_result r;
    const char *args[16] = { CORE, cart, frames, "--png", core_png, "--raw", core_raw };
    int n = 7;
    if (input) args[n++] = "--input", args[n++] = input;
    args[n] = NULL;
    m8t_run_tool(&r, "m8_libretro_drive", args);
    cr_assert_eq(r.exit_code, 0, "%s: %s%s", cart, r.out, r.err);
    char expect[64];
    snprintf(expect, sizeof expect, "frames %s ", frames);
    cr_assert(strstr(r.out, expect), "%s: %s", cart, r.out);
    const char *hargs[16] = { "--headless", "--frames", frames, "--screenshot", head_png,
                              "--wav", head_wav };
    n = 7;
    if (input) hargs[n++] = "--input", hargs[n++] = input;
    hargs[n++] = cart;
    hargs[n] = NULL;
    m8t_run_mote8(&r, hargs);
    cr_assert_eq(r.exit_code, 0, "%s: %s", cart, r.err);
    same_file(cart, core_png, head_png);
    wav_samples(head_wav, head_raw);
    same_file(cart, core_raw, head_raw);
}

Test(libretro, gives_the_headless_frames_and_samples)
{
    need_core();
    same_as_headless(M8_SOURCE_DIR "/carts/racer.p8", "150", NULL);
    same_as_headless(M8_SOURCE_DIR "/carts/spaceman.p8", "90", NULL);
    const char *input = m8t_tmp_path("retro", "racer.input");
    FILE *f = fopen(input, "w");
    cr_assert_not_null(f);
    fprintf(f, "0 0\n40 16\n44 0\n60 2\n120 34\n200 0\n");   /* start, then steer and fire */
    fclose(f);
    same_as_headless(M8_SOURCE_DIR "/carts/racer.p8", "240", input);
}

Test(libretro, runs_p8_png_and_p8_rom_carts)
{
    need_core();
    static const char *const names[] = { "racer.p8.png", "racer.p8.rom" };
    for (int i = 0; i < 2; i++) {
        const char *cart = m8t_tmp_path("retro", names[i]);
        m8_run_result r;
        m8t_run_tool(&r, "mote8-cart", (const char *const[]){ "convert", M8_SOURCE_DIR "/carts/racer.p8",
                                                              cart, NULL });
        cr_assert_eq(r.exit_code, 0, "%s", r.err);
        same_as_headless(cart, "60", NULL);
    }
}

Test(libretro, falls_back_to_rgb565)
{
    need_core();
    const char *png = m8t_tmp_path("retro", "565.png");
    m8_run_result r;
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, M8_SOURCE_DIR "/carts/racer.p8",
                                                                 "30", "--rgb565", "--png", png, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    cr_assert_eq(m8t_run_cart(M8_SOURCE_DIR "/carts/racer.p8", 30, rgb, NULL, 0, NULL, 0), MOTE8_RUNNING);
    int w = 0, h = 0;
    char err[256];
    uint8_t *got = mote8_read_png(png, &w, &h, err, sizeof err);
    cr_assert_not_null(got, "%s", err);
    int far = 0;       /* each channel within RGB565's rounding of the machine's colour */
    for (int i = 0; i < MOTE8_WIDTH * MOTE8_HEIGHT * 3; i++)
        if (abs(got[i] - rgb[i]) > 8) far++;
    cr_assert_eq(far, 0, "%d channels off by more than RGB565's rounding", far);
    free(got);
}

Test(libretro, keeps_cartdata_in_the_save_folder)
{
    need_core();
    const char *dir = m8t_temp_dir("retrosave");
    char cart[512], saves[512], file[600];
    snprintf(cart, sizeof cart, "%s/counter.p8", dir);
    snprintf(saves, sizeof saves, "%s/saves", dir);
    FILE *f = fopen(cart, "w");
    cr_assert_not_null(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
               "cartdata(\"m8_retro_test\")\ndset(0, dget(0) + 1)\n"
               "function _draw() cls() print(dget(0), 0, 0, 7) end\n");
    fclose(f);
    m8_run_result r;
    for (int run = 0; run < 2; run++) {
        m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, cart, "2", "--save-dir",
                                                                     saves, NULL });
        cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    }
    snprintf(file, sizeof file, "%s/mote8/m8_retro_test.p8d.txt", saves);
    size_t len = 0;
    char *text = slurp(file, &len);
    cr_assert(strncmp(text, "00020000", 8) == 0, "two runs counted to %.8s", text);
    free(text);
}

Test(libretro, refuses_a_broken_cart_naming_it)
{
    need_core();
    const char *cart = m8t_tmp_path("retro", "broken.p8");
    FILE *f = fopen(cart, "w");
    cr_assert_not_null(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nfunction (\n");
    fclose(f);
    m8_run_result r;
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, cart, "5", NULL });
    cr_assert_eq(r.exit_code, 1, "%s", r.out);
    cr_assert(strstr(r.out, "content refused") && strstr(r.out, "broken.p8"), "%s", r.out);
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, "/nonexistent/x.p8", "5", NULL });
    cr_assert_eq(r.exit_code, 1, "%s", r.out);
    cr_assert(strstr(r.out, "x.p8"), "%s", r.out);
}

/* Without content: the chooser; down then O starts the second bundled cart, whose frames
 * then are those of a headless run of it (the frames before the start are the chooser's). */
Test(libretro, chooses_a_bundled_cart_without_content)
{
    need_core();
    const char *second = mote8_bundled_cart_name(1);
    cr_assert_not_null(second);
    const char *input = m8t_tmp_path("retro", "choose.input");
    FILE *f = fopen(input, "w");
    cr_assert_not_null(f);
    fprintf(f, "0 0\n2 8\n3 0\n5 16\n6 0\n");        /* down at frame 2, O at frame 5 */
    fclose(f);
    const char *png = m8t_tmp_path("retro", "chosen.png");
    const char *shown = m8t_tmp_path("retro", "chooser.png");
    m8_run_result r;
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, "-", "4", "--input", input,
                                                                 "--png", shown, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, "-", "66", "--input", input,
                                                                 "--png", png, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    /* frame 6 started the cart without ticking it; frames 7-66 are its first 60 ticks */
    const char *head = m8t_tmp_path("retro", "chosen_head.png");
    m8t_run_mote8(&r, (const char *const[]){ "--headless", "--frames", "60", "--screenshot", head,
                                             second, NULL });
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    same_file(second, png, head);
    size_t a = 0, b = 0;
    char *x = slurp(shown, &a), *y = slurp(png, &b);
    cr_assert(a != b || memcmp(x, y, a) != 0, "the chooser looks like the cart");
    free(x);
    free(y);
}

/* Start opens the pause menu (the picture dims and the machine stands still); down to
 * "reset cart" and O restarts the cart: 30 frames later it shows a fresh run's frame 30. */
Test(libretro, opens_the_pause_menu_and_resets)
{
    need_core();
    const char *cart = M8_SOURCE_DIR "/carts/racer.p8";
    const char *input = m8t_tmp_path("retro", "menu.input");
    FILE *f = fopen(input, "w");
    cr_assert_not_null(f);
    /* Start at 50; racer has one menuitem, so "reset cart" is two lines down */
    fprintf(f, "0 0\n50 64\n51 0\n53 8\n54 0\n56 8\n57 0\n59 16\n60 0\n");
    fclose(f);
    const char *menu_png = m8t_tmp_path("retro", "menu.png");
    const char *reset_png = m8t_tmp_path("retro", "reset.png");
    const char *head = m8t_tmp_path("retro", "reset_head.png");
    m8_run_result r;
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, cart, "52", "--input", input,
                                                                 "--png", menu_png, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    m8t_run_mote8(&r, (const char *const[]){ "--headless", "--frames", "50", "--screenshot", head,
                                             cart, NULL });
    size_t a = 0, b = 0;
    char *x = slurp(menu_png, &a), *y = slurp(head, &b);
    cr_assert(a != b || memcmp(x, y, a) != 0, "the menu was not drawn");
    free(x);
    free(y);
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, cart, "90", "--input", input,
                                                                 "--png", reset_png, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    m8t_run_mote8(&r, (const char *const[]){ "--headless", "--frames", "30", "--screenshot", head,
                                             cart, NULL });
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    same_file("racer after reset cart", reset_png, head);
}

/* retro_serialize in one process, retro_unserialize in another: racer saved after 60
 * frames and run 90 more from the state gives the headless frame 150 and the uninterrupted
 * run's samples; a truncated state, a foreign file and another cart's state are refused
 * with a message, and the cart is not started from them. */
Test(libretro, states_continue_in_another_process)
{
    need_core();
    const char *racer = M8_SOURCE_DIR "/carts/racer.p8";
    const char *state = m8t_tmp_path("retro", "racer.state");
    const char *png = m8t_tmp_path("retro", "resumed.png");
    const char *raw = m8t_tmp_path("retro", "resumed.raw");
    const char *full = m8t_tmp_path("retro", "full.raw");
    const char *head = m8t_tmp_path("retro", "state_head.png");
    m8_run_result r;
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, racer, "60", "--state-at", "60",
                                                                 state, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    cr_assert(strstr(r.out, "state saved at tick 60"), "%s", r.out);
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, racer, "90", "--load-state", state,
                                                                 "--png", png, "--raw", raw, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    cr_assert(strstr(r.out, "state loaded: at tick 60"), "%s", r.out);
    m8t_run_mote8(&r, (const char *const[]){ "--headless", "--frames", "150", "--screenshot", head,
                                             racer, NULL });
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    same_file("racer from a state", png, head);
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, racer, "150", "--raw", full, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    size_t a = 0, b = 0;
    char *x = slurp(full, &a), *y = slurp(raw, &b);
    cr_assert(b > 0 && b < a && memcmp(x + (a - b), y, b) == 0,
              "the samples after the state are not the uninterrupted run's");
    /* truncated */
    FILE *f = fopen(state, "r+b");
    cr_assert_not_null(f);
    cr_assert_eq(ftruncate(fileno(f), 4000), 0);
    fclose(f);
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, racer, "5", "--load-state", state, NULL });
    cr_assert_eq(r.exit_code, 1, "%s", r.out);
    cr_assert(strstr(r.out, "state refused") && strstr(r.out, "not a mote8 state"), "%s", r.out);
    /* foreign: a cart file */
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, racer, "5", "--load-state", racer, NULL });
    cr_assert_eq(r.exit_code, 1, "%s", r.out);
    /* another cart's state */
    const char *other = m8t_tmp_path("retro", "spaceman.state");
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, M8_SOURCE_DIR "/carts/spaceman.p8", "10",
                                                                 "--state-at", "10", other, NULL });
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    m8t_run_tool(&r, "m8_libretro_drive", (const char *const[]){ CORE, racer, "5", "--load-state", other, NULL });
    cr_assert_eq(r.exit_code, 1, "%s", r.out);
    cr_assert(strstr(r.out, "cannot load the state"), "%s", r.out);
    free(x);
    free(y);
}

/* RetroArch itself (Debian's 1.14) under xvfb-run, in a session bus of its own (without
 * one RetroArch aborts in libdbus at start: it asks GameMode for the bus), with the core
 * found as an installed one (libretro_directory and libretro_info_path: RetroArch knows a
 * core can save states from its info file), its screenshot of the core's own frame
 * (video_gpu_screenshot off) written after `frames` frames. `extra` adds config lines.
 * Returns RetroArch's log (free it). */
static char *retroarch(const char *dir, const char *extra, int frames, const char *shot)
{
    if (access("/usr/bin/retroarch", X_OK) != 0 || access("/usr/bin/xvfb-run", X_OK) != 0 ||
        access("/usr/bin/dbus-run-session", X_OK) != 0)
        cr_skip_test("retroarch, xvfb-run or dbus-run-session is missing (tools/deps.sh test "
                     "installs them)");
    char cfg[600], cmd[4096], log[600];
    snprintf(cfg, sizeof cfg, "%s/retroarch.cfg", dir);
    snprintf(log, sizeof log, "%s/ra.log", dir);
    FILE *f = fopen(cfg, "w");
    cr_assert_not_null(f);
    fprintf(f, "audio_driver = \"null\"\naudio_enable = \"false\"\nvideo_gpu_screenshot = \"false\"\n"
               "video_driver = \"gl\"\nvideo_vsync = \"false\"\ninput_driver = \"null\"\n"
               "joypad_driver = \"null\"\nmenu_driver = \"null\"\nconfig_save_on_exit = \"false\"\n"
               "savefile_directory = \"%s\"\nsavestate_directory = \"%s\"\n"
               "screenshot_directory = \"%s\"\nsystem_directory = \"%s\"\n"
               "video_font_enable = \"false\"\nnotification_show_autoconfig = \"false\"\n"
               "gamemode_enable = \"false\"\nsavestate_file_compression = \"false\"\n"
               "libretro_directory = \"%s/bin\"\nlibretro_info_path = \"%s/bin\"\n%s",
            dir, dir, dir, dir, M8_BINARY_DIR, M8_BINARY_DIR, extra);
    fclose(f);
    snprintf(cmd, sizeof cmd,
             "cd %s && HOME=%s dbus-run-session -- xvfb-run -a -s '-screen 0 640x480x24' "
             "retroarch --verbose --config %s -L %s %s/carts/racer.p8 --max-frames %d "
             "--max-frames-ss --max-frames-ss-path %s >%s 2>&1",
             dir, dir, cfg, CORE, M8_SOURCE_DIR, frames, shot, log);
    int rc = system(cmd);
    size_t len = 0;
    char *text = m8_read_file(log, &len, 0);
    cr_assert_eq(rc, 0, "retroarch exited with %d: %s", rc, text ? text : "");
    cr_assert_not_null(text);
    return text;
}

/* RetroArch's screenshot `shot` equals racer's headless frame `frame`, pixel for pixel. */
static void shot_is_headless_frame(const char *shot, int frame, const char *log)
{
    const char *head = m8t_tmp_path("retro", "ra_head.png");
    char frames[16];
    snprintf(frames, sizeof frames, "%d", frame);
    m8_run_result r;
    m8t_run_mote8(&r, (const char *const[]){ "--headless", "--frames", frames, "--screenshot", head,
                                             M8_SOURCE_DIR "/carts/racer.p8", NULL });
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    int w = 0, h = 0;
    char err[256];
    uint8_t *got = mote8_read_png(shot, &w, &h, err, sizeof err);
    cr_assert_not_null(got, "no screenshot from retroarch (%s): %s", err, log);
    cr_assert(w == MOTE8_WIDTH && h == MOTE8_HEIGHT, "retroarch's screenshot is %dx%d", w, h);
    long differ = m8t_compare_png(got, head, err, sizeof err);
    cr_assert_eq(differ, 0, "retroarch's frame differs from the headless frame %d in %ld pixels (%s)",
                 frame, differ, err);
    free(got);
}

/* The tick the core logged after `what` ("state saved at tick", ...), or -1. */
static long logged_tick(const char *log, const char *what)
{
    const char *at = strstr(log, what);
    return at ? atol(at + strlen(what)) : -1;
}

Test(libretro, runs_in_retroarch, .timeout = 120)
{
    need_core();
    const char *dir = m8t_temp_dir("retroarch");
    char shot[600];
    snprintf(shot, sizeof shot, "%s/shot.png", dir);
    char *log = retroarch(dir, "", 150, shot);
    cr_assert_eq(logged_tick(log, "stopped at tick "), 150, "%s", log);
    shot_is_headless_frame(shot, 150, log);
    free(log);
}

/* RetroArch's own save states through the core: racer runs 60 frames and RetroArch saves
 * its auto state on exit (the core logs the tick); a second RetroArch loads it at start
 * and runs on (RetroArch runs one frame and keeps an undo state before it loads the auto
 * state: the core's tick count, kept in the state, says where the run stands), and its last
 * frame is the headless frame of that tick. */
Test(libretro, retroarch_saves_and_loads_states, .timeout = 180)
{
    need_core();
    const char *dir = m8t_temp_dir("retrostate");
    char shot[600];
    const char *autos = "savestate_auto_save = \"true\"\nsavestate_auto_load = \"true\"\n";
    snprintf(shot, sizeof shot, "%s/first.png", dir);
    char *log = retroarch(dir, autos, 60, shot);
    cr_assert_eq(logged_tick(log, "state saved at tick "), 60, "%s", log);
    free(log);
    snprintf(shot, sizeof shot, "%s/second.png", dir);
    log = retroarch(dir, autos, 90, shot);
    cr_assert_eq(logged_tick(log, "state loaded: at tick "), 60, "the auto state was not loaded: %s", log);
    long tick = logged_tick(log, "stopped at tick ");
    cr_assert(tick > 120 && tick <= 150, "stopped at tick %ld: %s", tick, log);
    shot_is_headless_frame(shot, (int)tick, log);
    free(log);
}

/* RetroArch's run-ahead (one frame, in the core's own instance: a second instance would be
 * a second machine in the process, whose heap cannot take the first one's address, see
 * docs/libretro.md) saves and loads a state every frame: it stays on for 150 frames, and the
 * picture is the frame one tick ahead of the core's own tick, as headless shows it. With
 * rewind on, RetroArch sets up its rewind buffer from the core's states. */
Test(libretro, retroarch_runs_ahead_with_rewind_on, .timeout = 180)
{
    need_core();
    const char *dir = m8t_temp_dir("retroahead");
    char shot[600];
    snprintf(shot, sizeof shot, "%s/ahead.png", dir);
    char *log = retroarch(dir, "rewind_enable = \"true\"\nrun_ahead_enabled = \"true\"\n"
                               "run_ahead_frames = \"1\"\nrun_ahead_secondary_instance = \"false\"\n",
                          150, shot);
    cr_assert(strstr(log, "Initializing rewind buffer"), "no rewind buffer: %s", log);
    cr_assert(!strstr(log, "Run-Ahead has been disabled"), "run-ahead gave up: %s", log);
    cr_assert(logged_tick(log, "state loaded: at tick ") >= 0, "no state was loaded: %s", log);
    long tick = logged_tick(log, "stopped at tick ");
    cr_assert(tick >= 140 && tick <= 150, "stopped at tick %ld: %s", tick, log);
    shot_is_headless_frame(shot, (int)tick + 1, log);
    free(log);
}
