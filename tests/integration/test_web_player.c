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
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
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
    if (input && input[0] == '/') snprintf(input_arg, sizeof input_arg, "--input %s", input);
    else if (input) snprintf(input_arg, sizeof input_arg, "--input %s/tests/bundled/%s", M8_SOURCE_DIR, input);
    char cmd[4096], log[512];
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

/* `cart_arg` (a bundled cart's name, or a cart file served with its folder: ?url=) in the
 * page and natively. */
static void web_matches_headless(const char *cart_arg, const char *ticks, const char *input)
{
    if (!have("emcc")) cr_skip_test("emcc is missing: the web player test is skipped (tools/deps.sh web)");
    if (!have("chromium")) cr_skip_test("chromium is missing: the web player test is skipped (tools/deps.sh web)");
    /* the page's outputs: the file name without .p8 (NAME-png for NAME.p8.png: web_frames.sh) */
    char cart[128];
    const char *slash = strrchr(cart_arg, '/');
    snprintf(cart, sizeof cart, "%s", slash ? slash + 1 : cart_arg);
    char *ext = strstr(cart, ".p8");
    if (ext && strcmp(ext, ".p8.png") == 0) snprintf(ext, sizeof cart - (size_t)(ext - cart), "-png");
    else if (ext) *ext = '\0';
    char dir[256], why[1024], path[512], cmd[2048];
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
    if (input && input[0] == '/') snprintf(input_arg, sizeof input_arg, "--input %s", input);
    else if (input) snprintf(input_arg, sizeof input_arg, "--input %s/tests/bundled/%s", M8_SOURCE_DIR, input);
    char wav[512];
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

Test(web_player, hello_matches_headless, .timeout = 600) { web_matches_headless("hello", WEB_TICKS, NULL); }
Test(web_player, racer_matches_headless, .timeout = 600) { web_matches_headless("racer", WEB_TICKS, NULL); }
Test(web_player, spaceman_matches_headless, .timeout = 600) { web_matches_headless("spaceman", WEB_TICKS, NULL); }
/* the keys of tests/bundled/racer.input for 600 ticks: past the title, driving */
Test(web_player, racer_with_input_matches_headless, .timeout = 600)
{
    web_matches_headless("racer", "600", "racer.input");
}

/* the multi-cart test game (test_multicart.c) served with its folder (index.html?url=...):
 * menu.p8 load()s game.p8, which reload()s from levels.p8, each fetched from the cart's
 * folder on the server; at tick 60 the game cart is playing */
#define MULTI M8_SOURCE_DIR "/tests/carts/multicart"
Test(web_player, served_multicart_loads_from_its_folder, .timeout = 600)
{
    web_matches_headless(MULTI "/menu.p8", "60", MULTI "/courier.input");
}

/* cartdata kept in the browser's storage survives a reload: tests/carts/web_cartdata.p8
 * counts its runs in cartdata and clears the screen to 1 + that count; the page opened twice
 * with the same Chromium profile and origin (#test:...,cartdata=browser) shows 1, then 2; with
 * every write to the storage failing as a full storage's (cartdata=full) it shows 3, tells the
 * player so on the page, and the next run still reads the 2 saved before (shows 3 again). */
/* A TCP port of 127.0.0.1 nobody listens on now (the kernel's pick), or -1. */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct sockaddr_in addr = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    socklen_t len = sizeof addr;
    int port = -1;
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) == 0 &&
        getsockname(fd, (struct sockaddr *)&addr, &len) == 0)
        port = ntohs(addr.sin_port);
    close(fd);
    return port;
}

static int web_cartdata_colour(const char *dir, int port, const char *storage)
{
    char cmd[2048], path[512];
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && flock %s-web.lock %s/tools/web_build.sh %s-web %s/web 1 >>%s/web.log 2>&1 && "
             "WEB_PORT=%d %s/tests/web_frames.sh --cartdata %s %s/web %s 5 1 "
             "%s/tests/carts/web_cartdata.p8 >>%s/web.log 2>&1",
             dir, M8_BINARY_DIR, M8_SOURCE_DIR, M8_BINARY_DIR, M8_BINARY_DIR, dir, port,
             M8_SOURCE_DIR, storage, M8_BINARY_DIR, dir, M8_SOURCE_DIR, dir);
    snprintf(path, sizeof path, "%s/web.log", dir);
    if (system(cmd) != 0) {
        char *log = m8_read_file(path, NULL, 0);
        cr_assert_fail("the cartdata page could not be run:\n%s", log ? log : "no log");
    }
    snprintf(path, sizeof path, "%s/web_cartdata.idx", dir);
    uint8_t *frame = read_bytes(path, PIXELS);
    for (int i = 1; i < PIXELS; i++)
        cr_assert_eq(frame[i], frame[0], "the cartdata cart's screen is not one colour");
    int colour = frame[0];
    free(frame);
    return colour;
}

Test(web_player, cartdata_survives_a_reload, .timeout = 600)
{
    if (!have("emcc")) cr_skip_test("emcc is missing: the web player test is skipped (tools/deps.sh web)");
    if (!have("chromium")) cr_skip_test("chromium is missing: the web player test is skipped (tools/deps.sh web)");
    char dir[256], cmd[512];
    snprintf(dir, sizeof dir, "/tmp/m8t_web_cartdata_%d", (int)getpid());
    /* one origin for both runs: a port that was free a moment ago */
    int port = free_port();
    cr_assert_gt(port, 0, "no free port on 127.0.0.1");
    cr_assert_eq(web_cartdata_colour(dir, port, "browser"), 1, "the first run did not start "
                 "from empty cartdata");
    cr_assert_eq(web_cartdata_colour(dir, port, "browser"), 2, "the second run of the page did "
                 "not see the cartdata the first one saved");
    /* a full storage: the run reads what was saved, its own save fails and is shown on the
     * page, and the value saved before is not lost */
    cr_assert_eq(web_cartdata_colour(dir, port, "full"), 3, "the run with a full storage did "
                 "not read the saved cartdata");
    char path[512];
    snprintf(path, sizeof path, "%s/web_cartdata.json", dir);
    char *record = m8_read_file(path, NULL, 0);
    cr_assert(record && strstr(record, "\"notices\": [\"cartdata mote8_web_cartdata_test: "
              "the browser's storage is full: not saved\"]"), "the full storage was not shown "
              "on the page: %s", record ? record : "no record");
    free(record);
    cr_assert_eq(web_cartdata_colour(dir, port, "browser"), 3, "the value saved before the full "
                 "storage was lost");
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
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
    web_matches_headless(png, "600", "racer.input");
    remove(png);
    remove(tmp);
}
