/* libretro_core.c - mote8 as a libretro core (build/bin/mote8_libretro.so) for RetroArch and
 * the other libretro frontends, over api/mote8.h like every host (docs/libretro.md):
 *   content  a .p8, .p8.png or .p8.rom path (need_fullpath: load() and reload() read the
 *            cart's own folder and nothing outside it, as in the window); without content
 *            the bundled carts' chooser (cart_chooser.c);
 *   video    the 128x128 screen as XRGB8888 (RGB565 when the frontend refuses it); one
 *            retro_run is one tick at the cart's 30 or 60 fps, and a load() that changes the
 *            rate changes the timing (SET_SYSTEM_AV_INFO);
 *   audio    each tick's samples at 22050 Hz, as stereo (silence while the menu is open or
 *            when the "sound" option is off: the machine's sound runs on either way);
 *   input    the joypads of ports 0-7 are players 0-7: d-pad, O and X on B/A or A/B (core
 *            option), Y and X as a second O and X; Start opens the pause menu
 *            (common/pause_menu.c, drawn by common/menu_picture.c) and drives it with the
 *            d-pad and O/X; port 0's pointer/mouse and the keyboard are the devkit mouse
 *            and keys (stat 30-39) of a cart that turned them on, when the "mouse and
 *            keyboard" option is on;
 *   saves    cartdata as ID.p8d.txt files in the frontend's save folder (mote8/ in it);
 *   states   retro_serialize* over the machine's snapshots (mote8_state_*), so the frontend's
 *            save states, rewind and run-ahead work; a state loads into the same cart in
 *            this or another process of the same build.
 * The seed is set explicitly (0, as `mote8 --headless`), so a cart with the same input
 * gives the headless runner's frames and samples (tests/integration/test_libretro.c).
 * Depends on: api/mote8.h, platform_posix.h, common/pause_menu.h, common/menu_picture.h,
 * cart_chooser.h, libretro.h (Debian's retroarch-dev), libc. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libretro.h>
#include "cart_chooser.h"
#include "menu_picture.h"
#include "mote8.h"
#include "pause_menu.h"
#include "platform_posix.h"

#define PLAYERS 8
#define SCREEN_PIXELS (MOTE8_WIDTH * MOTE8_HEIGHT)
#define START_BIT 64                        /* Start in a pad's mask (mote8's pause bit) */
#define KEYS_MAX 15                         /* typed characters kept for one tick */

enum core_mode { MODE_NONE, MODE_CHOOSER, MODE_CART };

static struct {
    retro_environment_t env;
    retro_video_refresh_t video;
    retro_audio_sample_batch_t audio;
    retro_input_poll_t poll;
    retro_input_state_t input;
    retro_log_printf_t log;
    bool bitmasks;                          /* the frontend reads a pad's buttons at once */
    bool xrgb;                              /* XRGB8888 accepted; otherwise RGB565 */
    /* options */
    bool swap_ox;                           /* O on A, X on B */
    bool sound;
    bool devkit;
    /* the machine and its cart */
    enum core_mode mode;
    mote8 *m8;
    int status;
    int fps;
    uint64_t ticks;                         /* ticks since the cart started (kept in states) */
    char cart_path[4096];                   /* "" for a bundled cart */
    char cart_name[256];
    m8_posix_files files;
    m8_pause_menu menu;
    cart_chooser chooser;
    bool from_chooser;                      /* the menu offers "exit to carts" */
    int pads_before[PLAYERS];               /* last frame's buttons, for presses */
    char keys[KEYS_MAX + 1];                /* typed since the last tick */
    uint8_t rgb[SCREEN_PIXELS * 3];
    uint32_t xrgb_frame[SCREEN_PIXELS];
    uint16_t rgb565_frame[SCREEN_PIXELS];
    int16_t mono[MOTE8_AUDIO_RATE];
    int16_t stereo[MOTE8_AUDIO_RATE * 2];
} core;

static size_t state_reported;               /* the state size told the frontend (grows) */

static void say(enum retro_log_level level, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (core.log) core.log(level, "[mote8] %s\n", line);
    else fprintf(stderr, "mote8: %s\n", line);
}

/* A message on the frontend's screen (and in its log). */
static void notify(const char *text)
{
    struct retro_message msg = { text, 240 };
    if (core.env) core.env(RETRO_ENVIRONMENT_SET_MESSAGE, &msg);
    say(RETRO_LOG_WARN, "%s", text);
}

/* --- options --- */

static const struct retro_core_option_definition option_defs[] = {
    { "mote8_ox_layout", "O / X buttons",
      "Which face buttons are PICO-8's O and X (the other two are O and X as well).",
      { { "b_a", "O on B, X on A" }, { "a_b", "O on A, X on B" }, { NULL, NULL } }, "b_a" },
    { "mote8_sound", "Sound", "Off sends silence; the carts' sound runs on unheard.",
      { { "on", NULL }, { "off", NULL }, { NULL, NULL } }, "on" },
    { "mote8_devkit", "Mouse and keyboard",
      "The pointer (or mouse) of port 1 and the keyboard for carts that read them "
      "(devkit mode, stat 30-39).",
      { { "on", NULL }, { "off", NULL }, { NULL, NULL } }, "on" },
    { NULL, NULL, NULL, { { NULL, NULL } }, NULL },
};

static const struct retro_variable option_vars[] = {    /* frontends without option v1 */
    { "mote8_ox_layout", "O / X buttons; b_a|a_b" },
    { "mote8_sound", "Sound; on|off" },
    { "mote8_devkit", "Mouse and keyboard; on|off" },
    { NULL, NULL },
};

static const char *option(const char *key)
{
    struct retro_variable var = { key, NULL };
    return core.env && core.env(RETRO_ENVIRONMENT_GET_VARIABLE, &var) ? var.value : NULL;
}

static void read_options(void)
{
    const char *v = option("mote8_ox_layout");
    core.swap_ox = v && strcmp(v, "a_b") == 0;
    v = option("mote8_sound");
    core.sound = !v || strcmp(v, "off") != 0;
    v = option("mote8_devkit");
    core.devkit = !v || strcmp(v, "off") != 0;
}

/* --- the frontend's callbacks --- */

static void RETRO_CALLCONV on_key(bool down, unsigned keycode, uint32_t character,
                                  uint16_t modifiers)
{
    (void)keycode, (void)modifiers;
    size_t n = strlen(core.keys);
    if (down && character >= 32 && character < 127 && n < KEYS_MAX) {
        core.keys[n] = (char)character;
        core.keys[n + 1] = 0;
    }
}

RETRO_API void retro_set_environment(retro_environment_t env)
{
    core.env = env;
    bool yes = true;
    env(RETRO_ENVIRONMENT_SET_SUPPORT_NO_GAME, &yes);
    unsigned version = 0;
    if (env(RETRO_ENVIRONMENT_GET_CORE_OPTIONS_VERSION, &version) && version >= 1)
        env(RETRO_ENVIRONMENT_SET_CORE_OPTIONS, (void *)option_defs);
    else
        env(RETRO_ENVIRONMENT_SET_VARIABLES, (void *)option_vars);
    struct retro_log_callback logging;
    if (env(RETRO_ENVIRONMENT_GET_LOG_INTERFACE, &logging)) core.log = logging.log;
}

RETRO_API void retro_set_video_refresh(retro_video_refresh_t cb) { core.video = cb; }
RETRO_API void retro_set_audio_sample(retro_audio_sample_t cb) { (void)cb; }
RETRO_API void retro_set_audio_sample_batch(retro_audio_sample_batch_t cb) { core.audio = cb; }
RETRO_API void retro_set_input_poll(retro_input_poll_t cb) { core.poll = cb; }
RETRO_API void retro_set_input_state(retro_input_state_t cb) { core.input = cb; }

RETRO_API unsigned retro_api_version(void) { return RETRO_API_VERSION; }

RETRO_API void retro_get_system_info(struct retro_system_info *info)
{
    memset(info, 0, sizeof *info);
    info->library_name = "mote8";
    info->library_version = MOTE8_VERSION;
    info->valid_extensions = "p8|png|rom";
    info->need_fullpath = true;             /* load() reads the cart's own folder */
    info->block_extract = false;
}

static void av_info(struct retro_system_av_info *info)
{
    memset(info, 0, sizeof *info);
    info->geometry.base_width = info->geometry.max_width = MOTE8_WIDTH;
    info->geometry.base_height = info->geometry.max_height = MOTE8_HEIGHT;
    info->geometry.aspect_ratio = 1.0f;
    info->timing.fps = core.fps ? core.fps : MOTE8_FPS;
    info->timing.sample_rate = MOTE8_AUDIO_RATE;
}

RETRO_API void retro_get_system_av_info(struct retro_system_av_info *info) { av_info(info); }

RETRO_API void retro_set_controller_port_device(unsigned port, unsigned device)
{
    (void)port, (void)device;
}

RETRO_API void retro_init(void)
{
    core.bitmasks = core.env && core.env(RETRO_ENVIRONMENT_GET_INPUT_BITMASKS, NULL);
}

/* --- the machine --- */

static void stop_cart(void)
{
    mote8_destroy(core.m8);
    core.m8 = NULL;
    memset(&core.menu, 0, sizeof core.menu);
}

/* The cart's bytes: a file by path, or a bundled cart by name. malloc'd or NULL. */
static void *cart_bytes(const char *path, const char *bundled, size_t *len)
{
    if (path[0]) return m8_stdio_read_file(path, len);
    const void *data = mote8_bundled_cart(bundled, len);
    void *copy = data ? malloc(*len) : NULL;
    if (copy) memcpy(copy, data, *len);
    return copy;
}

static void set_timing(void)
{
    struct retro_system_av_info info;
    av_info(&info);
    if (core.env) core.env(RETRO_ENVIRONMENT_SET_SYSTEM_AV_INFO, &info);
}

/* Start the cart at `path` (a file) or the bundled cart `bundled` (path ""). 0, or -1 after
 * telling the user why. */
static int start_cart(const char *path, const char *bundled)
{
    stop_cart();
    snprintf(core.cart_path, sizeof core.cart_path, "%s", path);
    snprintf(core.cart_name, sizeof core.cart_name, "%s", path[0] ? path : bundled);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;                      /* every host sets the seed: headless's 0 */
    cfg.seed = 0;
    char err[512] = "";
    if (path[0]) {
        if (m8_posix_confine(&core.files, path, err, sizeof err) != 0) {
            char msg[4700];
            snprintf(msg, sizeof msg, "%s: %s", path, err);
            notify(msg);
            return -1;
        }
        m8_posix_platform_confined(&cfg.platform, &core.files);
    } else {
        m8_posix_platform(&cfg.platform);
        cfg.platform.read_file = NULL;      /* a bundled cart has no folder of its own */
        cfg.platform.write_file = NULL;
    }
    size_t len = 0;
    void *data = cart_bytes(path, bundled, &len);
    if (!data) {
        char msg[4400];
        snprintf(msg, sizeof msg, "%s: cannot read the cart", core.cart_name);
        notify(msg);
        return -1;
    }
    core.m8 = mote8_create(&cfg);
    int rc = core.m8 ? mote8_load_cart(core.m8, data, len, core.cart_name) : -1;
    free(data);
    if (rc != 0) {
        notify(core.m8 ? mote8_error(core.m8) : "mote8: out of memory");
        stop_cart();
        return -1;
    }
    core.status = MOTE8_RUNNING;
    core.ticks = 0;
    core.mode = MODE_CART;
    core.fps = mote8_fps(core.m8);
    memset(core.pads_before, 0, sizeof core.pads_before);
    core.keys[0] = 0;
    return 0;
}

/* The buttons' names in the frontend's input settings, for every port. */
static void describe_buttons(void)
{
    static const struct { unsigned id; const char *o_on_b, *o_on_a; } names[] = {
        { RETRO_DEVICE_ID_JOYPAD_LEFT, "Left", "Left" },
        { RETRO_DEVICE_ID_JOYPAD_RIGHT, "Right", "Right" },
        { RETRO_DEVICE_ID_JOYPAD_UP, "Up", "Up" },
        { RETRO_DEVICE_ID_JOYPAD_DOWN, "Down", "Down" },
        { RETRO_DEVICE_ID_JOYPAD_B, "O", "X" }, { RETRO_DEVICE_ID_JOYPAD_Y, "O", "X" },
        { RETRO_DEVICE_ID_JOYPAD_A, "X", "O" }, { RETRO_DEVICE_ID_JOYPAD_X, "X", "O" },
        { RETRO_DEVICE_ID_JOYPAD_START, "Pause menu", "Pause menu" },
    };
    enum { PER_PORT = sizeof names / sizeof names[0] };
    static struct retro_input_descriptor desc[PLAYERS * PER_PORT + 1];
    int n = 0;
    for (unsigned port = 0; port < PLAYERS; port++)
        for (int i = 0; i < PER_PORT; i++) {
            if (port > 0 && names[i].id == RETRO_DEVICE_ID_JOYPAD_START) continue;
            desc[n++] = (struct retro_input_descriptor){ port, RETRO_DEVICE_JOYPAD, 0, names[i].id,
                core.swap_ox ? names[i].o_on_a : names[i].o_on_b };
        }
    desc[n] = (struct retro_input_descriptor){ 0 };
    if (core.env) core.env(RETRO_ENVIRONMENT_SET_INPUT_DESCRIPTORS, desc);
}

RETRO_API bool retro_load_game(const struct retro_game_info *game)
{
    enum retro_pixel_format format = RETRO_PIXEL_FORMAT_XRGB8888;
    core.xrgb = core.env && core.env(RETRO_ENVIRONMENT_SET_PIXEL_FORMAT, &format);
    if (!core.xrgb) {
        format = RETRO_PIXEL_FORMAT_RGB565;
        if (core.env) core.env(RETRO_ENVIRONMENT_SET_PIXEL_FORMAT, &format);
    }
    uint64_t quirks = RETRO_SERIALIZATION_QUIRK_CORE_VARIABLE_SIZE |
                      RETRO_SERIALIZATION_QUIRK_PLATFORM_DEPENDENT;
    if (core.env) core.env(RETRO_ENVIRONMENT_SET_SERIALIZATION_QUIRKS, &quirks);
    static const struct retro_keyboard_callback keyboard = { on_key };
    if (core.env) core.env(RETRO_ENVIRONMENT_SET_KEYBOARD_CALLBACK, (void *)&keyboard);
    read_options();
    describe_buttons();
    state_reported = 0;

    const char *save_dir = NULL;
    if (core.env && core.env(RETRO_ENVIRONMENT_GET_SAVE_DIRECTORY, &save_dir) && save_dir &&
        *save_dir) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/mote8", save_dir);
        m8_posix_use_data_dir(dir);
    }
    if (game && game->path) {
        core.from_chooser = false;
        return start_cart(game->path, "") == 0;
    }
    core.mode = MODE_CHOOSER;
    core.from_chooser = true;
    core.fps = MOTE8_FPS;
    cart_chooser_open(&core.chooser);
    return true;
}

RETRO_API bool retro_load_game_special(unsigned type, const struct retro_game_info *info,
                                       size_t num)
{
    (void)type, (void)info, (void)num;
    return false;
}

RETRO_API void retro_unload_game(void)
{
    if (core.mode == MODE_CART)
        say(RETRO_LOG_INFO, "stopped at tick %llu", (unsigned long long)core.ticks);
    stop_cart();
    core.mode = MODE_NONE;
}

RETRO_API void retro_deinit(void)
{
    stop_cart();
    m8_posix_use_data_dir(NULL);
}

RETRO_API void retro_reset(void)
{
    if (core.mode == MODE_CART && core.m8 && mote8_reset(core.m8) == 0) {
        core.status = MOTE8_RUNNING;
        core.ticks = 0;
        memset(&core.menu, 0, sizeof core.menu);
    }
}

RETRO_API unsigned retro_get_region(void) { return RETRO_REGION_NTSC; }
RETRO_API void *retro_get_memory_data(unsigned id) { (void)id; return NULL; }
RETRO_API size_t retro_get_memory_size(unsigned id) { (void)id; return 0; }
RETRO_API void retro_cheat_reset(void) {}
RETRO_API void retro_cheat_set(unsigned index, bool enabled, const char *code)
{
    (void)index, (void)enabled, (void)code;
}

/* --- save states: the machine's snapshots (docs/snapshots.md) ---
 * A frontend's state is STATE_MAGIC, the snapshot's length and the core's tick count (8
 * bytes each, little-endian), the snapshot, then zeros up to the size the core reported: the snapshot's size follows the
 * cart's Lua heap, while a frontend wants one size for its buffers (RetroArch's run-ahead
 * asks once), so the size reported leaves room for the heap to grow (the snapshot's size
 * and as much again, at least 1 MiB more, in 64 KiB steps) and only ever grows. */
#define STATE_MAGIC "M8RETRO1"
#define STATE_HEAD 24
#define STATE_STEP (64u * 1024u)
#define STATE_ROOM_MIN (1024u * 1024u)


RETRO_API size_t retro_serialize_size(void)
{
    if (core.mode != MODE_CART || !core.m8) return 0;
    size_t n = mote8_state_size(core.m8);
    if (n == 0) return state_reported;      /* not now (the frontend's save then fails) */
    size_t room = n > STATE_ROOM_MIN ? n : STATE_ROOM_MIN;
    size_t want = STATE_HEAD + n + room;
    want = (want + STATE_STEP - 1) / STATE_STEP * STATE_STEP;
    if (want > state_reported) state_reported = want;
    return state_reported;
}

RETRO_API bool retro_serialize(void *data, size_t size)
{
    if (core.mode != MODE_CART || !core.m8) return false;
    size_t n = mote8_state_size(core.m8);
    uint8_t *out = data;
    if (n == 0 || size < STATE_HEAD || n > size - STATE_HEAD ||
        mote8_state_save(core.m8, out + STATE_HEAD, n) != 0) {
        say(RETRO_LOG_WARN, "no state saved: %s", n == 0 || n <= size - STATE_HEAD
            ? mote8_state_error(core.m8) : "the frontend's buffer is too small");
        return false;
    }
    memcpy(out, STATE_MAGIC, 8);
    for (int i = 0; i < 8; i++) {
        out[8 + i] = (uint8_t)((uint64_t)n >> (8 * i));
        out[16 + i] = (uint8_t)(core.ticks >> (8 * i));
    }
    memset(out + STATE_HEAD + n, 0, size - STATE_HEAD - n);
    say(RETRO_LOG_INFO, "state saved at tick %llu", (unsigned long long)core.ticks);
    return true;
}

RETRO_API bool retro_unserialize(const void *data, size_t size)
{
    const uint8_t *in = data;
    if (core.mode != MODE_CART || !core.m8) return false;
    uint64_t n = 0, ticks = 0;
    for (int i = 0; i < 8 && size >= STATE_HEAD; i++) {
        n |= (uint64_t)in[8 + i] << (8 * i);
        ticks |= (uint64_t)in[16 + i] << (8 * i);
    }
    if (size < STATE_HEAD || memcmp(in, STATE_MAGIC, 8) != 0 || n > size - STATE_HEAD) {
        notify("not a mote8 state (or a truncated one): the cart goes on unchanged");
        return false;
    }
    if (mote8_state_load(core.m8, in + STATE_HEAD, (size_t)n) != 0) {
        char msg[600];
        snprintf(msg, sizeof msg, "cannot load the state: %s", mote8_state_error(core.m8));
        notify(msg);
        return false;
    }
    core.status = MOTE8_RUNNING;
    core.ticks = ticks;
    say(RETRO_LOG_INFO, "state loaded: at tick %llu", (unsigned long long)ticks);
    memset(&core.menu, 0, sizeof core.menu);
    if (mote8_fps(core.m8) != core.fps) {
        core.fps = mote8_fps(core.m8);
        set_timing();
    }
    return true;
}

/* --- one frame --- */

/* Player `port`'s buttons as mote8's bits (0-5), with Start as bit 6. */
static int pad_buttons(unsigned port)
{
    static const struct { unsigned id; int bit; } by_id[] = {
        { RETRO_DEVICE_ID_JOYPAD_LEFT, 1 }, { RETRO_DEVICE_ID_JOYPAD_RIGHT, 2 },
        { RETRO_DEVICE_ID_JOYPAD_UP, 4 }, { RETRO_DEVICE_ID_JOYPAD_DOWN, 8 },
        { RETRO_DEVICE_ID_JOYPAD_B, 16 }, { RETRO_DEVICE_ID_JOYPAD_Y, 16 },
        { RETRO_DEVICE_ID_JOYPAD_A, 32 }, { RETRO_DEVICE_ID_JOYPAD_X, 32 },
        { RETRO_DEVICE_ID_JOYPAD_START, START_BIT },
    };
    if (!core.input) return 0;
    int16_t mask = 0;
    if (core.bitmasks) mask = core.input(port, RETRO_DEVICE_JOYPAD, 0, RETRO_DEVICE_ID_JOYPAD_MASK);
    int bits = 0;
    for (size_t i = 0; i < sizeof by_id / sizeof by_id[0]; i++) {
        int held = core.bitmasks ? mask >> by_id[i].id & 1
                                 : core.input(port, RETRO_DEVICE_JOYPAD, 0, by_id[i].id) != 0;
        if (!held) continue;
        int bit = by_id[i].bit;
        if (core.swap_ox && (bit == 16 || bit == 32)) bit = bit == 16 ? 32 : 16;
        bits |= bit;
    }
    return bits;
}

/* Port 0's pointer (absolute, -0x7fff..0x7fff over the picture) or mouse as the devkit
 * mouse, and the characters typed since the last tick. */
static void devkit_input(mote8_input *in)
{
    if (!core.devkit || !core.input || !(mote8_devkit_flags(core.m8) & MOTE8_DEVKIT_INPUT)) return;
    int px = core.input(0, RETRO_DEVICE_POINTER, 0, RETRO_DEVICE_ID_POINTER_X);
    int py = core.input(0, RETRO_DEVICE_POINTER, 0, RETRO_DEVICE_ID_POINTER_Y);
    in->mouse_x = (px + 0x7fff) * MOTE8_WIDTH / 0xffff;
    in->mouse_y = (py + 0x7fff) * MOTE8_HEIGHT / 0xffff;
    if (core.input(0, RETRO_DEVICE_POINTER, 0, RETRO_DEVICE_ID_POINTER_PRESSED) ||
        core.input(0, RETRO_DEVICE_MOUSE, 0, RETRO_DEVICE_ID_MOUSE_LEFT))
        in->mouse_buttons |= 1;
    if (core.input(0, RETRO_DEVICE_MOUSE, 0, RETRO_DEVICE_ID_MOUSE_RIGHT)) in->mouse_buttons |= 2;
    if (core.input(0, RETRO_DEVICE_MOUSE, 0, RETRO_DEVICE_ID_MOUSE_MIDDLE)) in->mouse_buttons |= 4;
    in->mouse_dx = core.input(0, RETRO_DEVICE_MOUSE, 0, RETRO_DEVICE_ID_MOUSE_X);
    in->mouse_dy = core.input(0, RETRO_DEVICE_MOUSE, 0, RETRO_DEVICE_ID_MOUSE_Y);
    in->mouse_wheel = core.input(0, RETRO_DEVICE_MOUSE, 0, RETRO_DEVICE_ID_MOUSE_WHEELUP) -
                      core.input(0, RETRO_DEVICE_MOUSE, 0, RETRO_DEVICE_ID_MOUSE_WHEELDOWN);
    snprintf(in->keys, sizeof in->keys, "%s", core.keys);
    core.keys[0] = 0;
}

static void present(void)
{
    if (!core.video) return;
    if (core.xrgb) {
        for (int i = 0; i < SCREEN_PIXELS; i++) {
            const uint8_t *p = core.rgb + i * 3;
            core.xrgb_frame[i] = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        }
        core.video(core.xrgb_frame, MOTE8_WIDTH, MOTE8_HEIGHT, MOTE8_WIDTH * 4);
    } else {
        for (int i = 0; i < SCREEN_PIXELS; i++) {
            const uint8_t *p = core.rgb + i * 3;
            core.rgb565_frame[i] = (uint16_t)((p[0] >> 3) << 11 | (p[1] >> 2) << 5 | p[2] >> 3);
        }
        core.video(core.rgb565_frame, MOTE8_WIDTH, MOTE8_HEIGHT, MOTE8_WIDTH * 2);
    }
}

/* `n` mono samples (silence when n_samples is NULL) sent as stereo. */
static void send_audio(const int16_t *samples, int n)
{
    if (!core.audio || n <= 0) return;
    for (int i = 0; i < n; i++) {
        int16_t s = samples && core.sound ? samples[i] : 0;
        core.stereo[i * 2] = core.stereo[i * 2 + 1] = s;
    }
    core.audio(core.stereo, (size_t)n);
}

/* One tick's worth of silence (a frame without a tick: chooser, menu, a stopped cart). */
static void send_silence(void)
{
    send_audio(NULL, MOTE8_AUDIO_RATE / (core.fps ? core.fps : MOTE8_FPS));
}

static void run_chooser(int pressed)
{
    const char *name = cart_chooser_press(&core.chooser, pressed);
    if (name && start_cart("", name) == 0) {
        set_timing();
        return;
    }
    cart_chooser_draw(&core.chooser, core.rgb);
    present();
    send_silence();
}

/* A key in the open menu, its action carried out. */
static void menu_key(enum m8_menu_key key)
{
    enum m8_menu_action action = m8_pause_menu_key(&core.menu, core.m8, key);
    if (action == M8_MENU_RESET) retro_reset();
    if (action == M8_MENU_QUIT && core.env) core.env(RETRO_ENVIRONMENT_SHUTDOWN, NULL);
    if (action == M8_MENU_LAUNCHER) {
        stop_cart();
        core.mode = MODE_CHOOSER;
        core.fps = MOTE8_FPS;
        set_timing();
    }
}

static void open_menu(void)
{
    m8_pause_menu_exits exits = { core.from_chooser ? "exit to carts" : NULL, 1 };
    m8_pause_menu_open_with(&core.menu, core.m8, &exits);
}

static void run_menu(int pressed)
{
    static const enum m8_menu_key by_bit[7] = { M8_MENU_LEFT, M8_MENU_RIGHT, M8_MENU_UP,
                                                M8_MENU_DOWN, M8_MENU_CONFIRM, M8_MENU_CONFIRM,
                                                M8_MENU_BACK };
    for (int b = 0; b < 7 && core.menu.open && core.mode == MODE_CART; b++)
        if (pressed >> b & 1) menu_key(by_bit[b]);
    if (core.mode != MODE_CART) {
        run_chooser(0);
        return;
    }
    mote8_screen_rgb(core.m8, core.rgb);
    m8_pause_menu_draw_rgb(&core.menu, core.rgb);
    present();
    send_silence();
}

static void run_cart(const int *pads, int pressed0)
{
    if (pressed0 & START_BIT) {
        open_menu();
        run_menu(0);
        return;
    }
    if (core.status != MOTE8_RUNNING) {     /* an error or a stopped cart: its last screen */
        mote8_screen_rgb(core.m8, core.rgb);
        present();
        send_silence();
        return;
    }
    mote8_input in;
    memset(&in, 0, sizeof in);
    for (int p = 0; p < PLAYERS; p++) in.buttons[p] = (uint8_t)(pads[p] & 63);
    devkit_input(&in);
    core.status = mote8_tick(core.m8, &in);
    core.ticks++;
    if (core.status == MOTE8_ERROR) {
        notify(mote8_error(core.m8));
        mote8_show_error(core.m8);
    }
    if (core.status == MOTE8_SHUTDOWN && core.env) core.env(RETRO_ENVIRONMENT_SHUTDOWN, NULL);
    char cmd[64];
    while (mote8_take_host_request(core.m8, cmd, sizeof cmd)) {}   /* the frontend captures */
    mote8_screen_rgb(core.m8, core.rgb);
    present();
    int n;
    while ((n = mote8_pull_audio(core.m8, core.mono, MOTE8_AUDIO_RATE)) > 0) send_audio(core.mono, n);
    if (mote8_fps(core.m8) != core.fps) {   /* a load() of a cart at the other rate */
        core.fps = mote8_fps(core.m8);
        set_timing();
    }
    if (mote8_pause_requested(core.m8)) open_menu();
}

RETRO_API void retro_run(void)
{
    bool updated = false;
    if (core.env && core.env(RETRO_ENVIRONMENT_GET_VARIABLE_UPDATE, &updated) && updated) {
        read_options();
        describe_buttons();
    }
    if (core.poll) core.poll();
    int pads[PLAYERS];
    for (int p = 0; p < PLAYERS; p++) pads[p] = pad_buttons((unsigned)p);
    int pressed0 = pads[0] & ~core.pads_before[0];
    memcpy(core.pads_before, pads, sizeof pads);
    if (core.mode == MODE_CHOOSER) run_chooser(pressed0);
    else if (core.mode == MODE_CART && core.menu.open) run_menu(pressed0);
    else if (core.mode == MODE_CART) run_cart(pads, pressed0);
}
