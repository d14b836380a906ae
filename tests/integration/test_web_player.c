/* test_web_player.c - the web player (runtime/host/web) in headless Chromium gives the native
 * headless frames: the player is built into BUILD/web (tools/web_build.sh in BUILD-web; a
 * no-op when it is up to date), served on 127.0.0.1 and opened on its test hook
 * (#test:frames=120,seed=1) for hello, racer and spaceman, and for racer driven by
 * tests/bundled/racer.input for 600 ticks (,input=...), by tests/web_frames.sh; each
 * page's 16384 colour indices must equal, byte for byte, the indices of `mote8 --headless
 * --seed 1 --frames 120 --screenshot` (its RGB mapped through the palette the page
 * published, which must itself be 32 distinct colours), and the samples the page pulled for
 * WebAudio in those ticks must equal the native --wav's (count and FNV-1a). racer converted
 * to .p8.png (mote8-cart convert, in a temporary folder) and served beside the page
 * (index.html?url=racer.p8.png) is read by the player's own PNG reader (runtime/core/
 * png_decode.c) and must give the frame and samples of the native run of the same file
 * (libpng). Skipped, with a message, where emcc
 * or chromium is missing (tools/deps.sh web installs them). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

#define WEB_TICKS "120"
#define WEB_SEED "1"
#define PIXELS (128 * 128)

static int have(const char *program)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", program);
    return system(cmd) == 0;
}

/* The web frame of `cart` (a bundled cart's name, or the path of a .p8.png) after `ticks` with the input script `input` (a file of
 * tests/bundled, or NULL) in `dir` (tests/web_frames.sh; the build under a lock, as the
 * suites run in parallel): 1, or 0 with the log's text in why. */
static int web_frame(const char *dir, const char *cart, const char *ticks, const char *input,
                     char *why, size_t whysz)
{
    char input_arg[512] = "";
    if (input) snprintf(input_arg, sizeof input_arg, "--input %s/tests/bundled/%s", M8_SOURCE_DIR, input);
    char cmd[2048], log[256];
    snprintf(log, sizeof log, "%s/web.log", dir);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && flock %s-web.lock %s/tools/web_build.sh %s-web %s/web 1 >%s 2>&1 && "
             "%s/tests/web_frames.sh %s %s/web %s %s %s %s >>%s 2>&1",
             dir, M8_BINARY_DIR, M8_SOURCE_DIR, M8_BINARY_DIR, M8_BINARY_DIR, log,
             M8_SOURCE_DIR, input_arg, M8_BINARY_DIR, dir, ticks, WEB_SEED, cart, log);
    if (system(cmd) == 0) return 1;
    char *text = m8_read_file(log, NULL, 0);
    snprintf(why, whysz, "%s", text ? text : "no log");
    free(text);
    return 0;
}

static uint8_t *read_bytes(const char *path, size_t want)
{
    size_t len = 0;
    uint8_t *data = (uint8_t *)m8_read_file(path, &len, 0);
    cr_assert(data, "cannot read %s", path);
    cr_assert_eq(len, want, "%s: %zu bytes, expected %zu", path, len, want);
    return data;
}

/* `cart_arg` (a bundled cart's name or a .p8.png's path) in the page and natively; the
 * page's outputs are named `cart`. */
static void web_matches_headless_as(const char *cart, const char *cart_arg, const char *ticks,
                                    const char *input)
{
    if (!have("emcc")) cr_skip_test("emcc is missing: the web player test is skipped (tools/deps.sh web)");
    if (!have("chromium")) cr_skip_test("chromium is missing: the web player test is skipped (tools/deps.sh web)");
    char dir[128], why[1024], path[256], cmd[1024];
    snprintf(dir, sizeof dir, "/tmp/m8t_web_%s_%s_%d", cart, ticks, (int)getpid());
    cr_assert(web_frame(dir, cart_arg, ticks, input, why, sizeof why), "%s: the web player's frame could not be "
              "made:\n%s", cart, why);

    snprintf(path, sizeof path, "%s/%s.pal", dir, cart);
    uint8_t *palette = read_bytes(path, 96);
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < i; j++)
            cr_assert(memcmp(palette + i * 3, palette + j * 3, 3) != 0,
                      "the page's palette repeats a colour: entries %d and %d", j, i);
    snprintf(path, sizeof path, "%s/%s.idx", dir, cart);
    uint8_t *web = read_bytes(path, PIXELS);

    /* the native run, HOME in the folder: no user saves are read */
    snprintf(path, sizeof path, "%s/%s.native.png", dir, cart);
    char input_arg[512] = "";
    if (input) snprintf(input_arg, sizeof input_arg, "--input %s/tests/bundled/%s", M8_SOURCE_DIR, input);
    char wav[256];
    snprintf(wav, sizeof wav, "%s/%s.native.wav", dir, cart);
    snprintf(cmd, sizeof cmd, "HOME=%s XDG_DATA_HOME= XDG_CONFIG_HOME= %s/bin/mote8 --headless "
             "--seed %s --frames %s %s --screenshot %s --wav %s %s >%s/%s.native.log 2>&1", dir,
             M8_BINARY_DIR, WEB_SEED, ticks, input_arg, path, wav, cart_arg, dir, cart);
    cr_assert_eq(system(cmd), 0, "the native run of %s failed (%s/%s.native.log)", cart, dir, cart);
    m8t_expect_web_frame(cart, path, palette, web);

    /* the samples handed to WebAudio: the native WAV's, counted and hashed the same way */
    size_t wav_len = 0;
    uint8_t *native_wav = (uint8_t *)m8_read_file(wav, &wav_len, 0);
    cr_assert(native_wav && wav_len >= 44, "no native WAV %s", wav);
    uint32_t native_hash = 2166136261u;
    for (size_t i = 44; i < wav_len; i++) native_hash = (native_hash ^ native_wav[i]) * 16777619u;
    snprintf(path, sizeof path, "%s/%s.audio", dir, cart);
    char *audio = m8_read_file(path, NULL, 0);
    cr_assert(audio, "cannot read %s", path);
    unsigned long web_samples = 0, web_hash = 0;
    cr_assert_eq(sscanf(audio, "%lu %lu", &web_samples, &web_hash), 2, "%s: %s", path, audio);
    cr_assert_gt(web_samples, 0, "%s: the page pulled no samples", cart);
    cr_assert_eq(web_samples, (wav_len - 44) / 2, "%s: %lu samples in the page, %zu natively",
                 cart, web_samples, (wav_len - 44) / 2);
    cr_assert_eq((uint32_t)web_hash, native_hash, "%s: the page's samples differ from the "
                 "native WAV's", cart);
    free(audio);
    free(native_wav);
    free(web);
    free(palette);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);   /* kept when an assertion failed */
    cr_assert_eq(system(cmd), 0);
}

static void web_matches_headless(const char *cart, const char *ticks, const char *input)
{
    web_matches_headless_as(cart, cart, ticks, input);
}

Test(web_player, hello_matches_headless, .timeout = 600) { web_matches_headless("hello", WEB_TICKS, NULL); }
Test(web_player, racer_matches_headless, .timeout = 600) { web_matches_headless("racer", WEB_TICKS, NULL); }
Test(web_player, spaceman_matches_headless, .timeout = 600) { web_matches_headless("spaceman", WEB_TICKS, NULL); }
/* the keys of tests/bundled/racer.input for 600 ticks: past the title, driving */
Test(web_player, racer_with_input_matches_headless, .timeout = 600)
{
    web_matches_headless("racer", "600", "racer.input");
}

/* racer as a .p8.png served beside the page, driven as above: the cart's code, sprites, map
 * and sound all came through the player's own inflate and PNG reader */
Test(web_player, racer_p8png_from_url_matches_headless, .timeout = 600)
{
    const char *tmp = m8t_temp_dir("webpng");
    char png[256];
    snprintf(png, sizeof png, "%s/racer.p8.png", tmp);
    m8_run_result r;
    m8t_run_tool(&r, "mote8-cart", (const char *const[]){ "convert", M8_SOURCE_DIR "/carts/racer.p8", png, NULL });
    cr_assert_eq(r.exit_code, 0, "mote8-cart convert racer.p8 racer.p8.png: %s", r.err);
    web_matches_headless_as("racer-png", png, "600", "racer.input");
    remove(png);
    remove(tmp);
}
