/* libretro_drive.c - a minimal libretro frontend for the tests (build/bin/m8_libretro_drive):
 * loads a core with dlopen, gives it content (or none), runs it frame by frame with scripted
 * pads and writes what came out, so tests/integration/test_libretro.c can compare the core
 * with `mote8 --headless` without RetroArch.
 * Usage: m8_libretro_drive CORE CONTENT|- FRAMES [options]
 *   --input FILE      lines 'FRAME MASK' as mote8 --input (bits 0-5 left right up down O X
 *                     as the joypad's d-pad, B and A; bit 6 Start), port 0, from that frame on
 *   --png FILE        the last frame as a 128x128 PNG (mote8_write_png, as --screenshot)
 *   --raw FILE        the left channel of all audio as signed 16-bit little-endian
 *   --save-dir DIR    the frontend's save folder (RETRO_ENVIRONMENT_GET_SAVE_DIRECTORY)
 *   --option K=V      a core option's value (repeatable)
 *   --rgb565          refuse XRGB8888, so the core falls back to RGB565
 *   --state-at N FILE after frame N, write retro_serialize's state to FILE
 *   --load-state FILE after loading the content, restore that state before frame 1
 * It prints 'frames N samples S fps F' and the core's messages; exits 1 when the core
 * refuses the content or a state.
 * Depends on: api/mote8.h (mote8_write_png), libretro.h, libdl, libc. */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libretro.h>
#include "mote8.h"

#define MAX_OPTIONS 8
#define INPUT_LINES_MAX 4096

static struct {
    const char *save_dir;
    const char *option_key[MAX_OPTIONS], *option_value[MAX_OPTIONS];
    int options;
    bool refuse_xrgb;
    enum retro_pixel_format format;
    double fps;
    int shutdown;
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    int have_frame;
    FILE *raw;
    long samples;
    int pad;                                /* port 0's mote8 bits this frame */
} fe;

static void RETRO_CALLCONV log_line(enum retro_log_level level, const char *fmt, ...)
{
    (void)level;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
}

static bool RETRO_CALLCONV environment(unsigned cmd, void *data)
{
    switch (cmd) {
    case RETRO_ENVIRONMENT_GET_SAVE_DIRECTORY:
        *(const char **)data = fe.save_dir;
        return fe.save_dir != NULL;
    case RETRO_ENVIRONMENT_SET_PIXEL_FORMAT:
        if (fe.refuse_xrgb && *(enum retro_pixel_format *)data == RETRO_PIXEL_FORMAT_XRGB8888)
            return false;
        fe.format = *(enum retro_pixel_format *)data;
        return true;
    case RETRO_ENVIRONMENT_GET_VARIABLE: {
        struct retro_variable *var = data;
        for (int i = 0; i < fe.options; i++)
            if (strcmp(var->key, fe.option_key[i]) == 0) {
                var->value = fe.option_value[i];
                return true;
            }
        return false;
    }
    case RETRO_ENVIRONMENT_GET_CORE_OPTIONS_VERSION:
        *(unsigned *)data = 1;
        return true;
    case RETRO_ENVIRONMENT_SET_CORE_OPTIONS:
    case RETRO_ENVIRONMENT_SET_VARIABLES:
    case RETRO_ENVIRONMENT_SET_SUPPORT_NO_GAME:
    case RETRO_ENVIRONMENT_SET_KEYBOARD_CALLBACK:
    case RETRO_ENVIRONMENT_GET_INPUT_BITMASKS:
        return true;
    case RETRO_ENVIRONMENT_GET_VARIABLE_UPDATE:
        *(bool *)data = false;
        return true;
    case RETRO_ENVIRONMENT_GET_LOG_INTERFACE:
        ((struct retro_log_callback *)data)->log = log_line;
        return true;
    case RETRO_ENVIRONMENT_SET_MESSAGE:
        printf("message: %s\n", ((const struct retro_message *)data)->msg);
        return true;
    case RETRO_ENVIRONMENT_SET_SYSTEM_AV_INFO:
        fe.fps = ((const struct retro_system_av_info *)data)->timing.fps;
        return true;
    case RETRO_ENVIRONMENT_SHUTDOWN:
        fe.shutdown = 1;
        return true;
    default:
        return false;
    }
}

static void RETRO_CALLCONV video(const void *data, unsigned w, unsigned h, size_t pitch)
{
    if (!data || w != MOTE8_WIDTH || h != MOTE8_HEIGHT) return;
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            uint8_t *o = fe.rgb + (y * w + x) * 3;
            if (fe.format == RETRO_PIXEL_FORMAT_XRGB8888) {
                uint32_t p = ((const uint32_t *)((const uint8_t *)data + y * pitch))[x];
                o[0] = (uint8_t)(p >> 16), o[1] = (uint8_t)(p >> 8), o[2] = (uint8_t)p;
            } else {                        /* RGB565, widened by repeating the top bits */
                uint16_t p = ((const uint16_t *)((const uint8_t *)data + y * pitch))[x];
                int r = p >> 11, g = p >> 5 & 63, b = p & 31;
                o[0] = (uint8_t)(r << 3 | r >> 2), o[1] = (uint8_t)(g << 2 | g >> 4);
                o[2] = (uint8_t)(b << 3 | b >> 2);
            }
        }
    fe.have_frame = 1;
}

static size_t RETRO_CALLCONV audio_batch(const int16_t *data, size_t frames)
{
    for (size_t i = 0; i < frames; i++) {
        int16_t s = data[i * 2];
        uint8_t le[2] = { (uint8_t)(s & 0xff), (uint8_t)((uint16_t)s >> 8) };
        if (fe.raw) fwrite(le, 1, 2, fe.raw);
    }
    fe.samples += (long)frames;
    return frames;
}

static void RETRO_CALLCONV audio_sample(int16_t l, int16_t r) { (void)l, (void)r; }
static void RETRO_CALLCONV input_poll(void) {}

static int16_t RETRO_CALLCONV input_state(unsigned port, unsigned device, unsigned index,
                                          unsigned id)
{
    (void)index;
    if (port != 0 || device != RETRO_DEVICE_JOYPAD) return 0;
    static const unsigned by_bit[7] = { RETRO_DEVICE_ID_JOYPAD_LEFT, RETRO_DEVICE_ID_JOYPAD_RIGHT,
                                        RETRO_DEVICE_ID_JOYPAD_UP, RETRO_DEVICE_ID_JOYPAD_DOWN,
                                        RETRO_DEVICE_ID_JOYPAD_B, RETRO_DEVICE_ID_JOYPAD_A,
                                        RETRO_DEVICE_ID_JOYPAD_START };
    int16_t mask = 0;
    for (int b = 0; b < 7; b++)
        if (fe.pad >> b & 1) mask |= (int16_t)(1 << by_bit[b]);
    if (id == RETRO_DEVICE_ID_JOYPAD_MASK) return mask;
    return (int16_t)(mask >> id & 1);
}

/* The core's functions, found with dlsym. */
static struct {
    void (*set_environment)(retro_environment_t);
    void (*set_video_refresh)(retro_video_refresh_t);
    void (*set_audio_sample)(retro_audio_sample_t);
    void (*set_audio_sample_batch)(retro_audio_sample_batch_t);
    void (*set_input_poll)(retro_input_poll_t);
    void (*set_input_state)(retro_input_state_t);
    void (*init)(void);
    void (*deinit)(void);
    bool (*load_game)(const struct retro_game_info *);
    void (*unload_game)(void);
    void (*get_system_av_info)(struct retro_system_av_info *);
    void (*run)(void);
    size_t (*serialize_size)(void);
    bool (*serialize)(void *, size_t);
    bool (*unserialize)(const void *, size_t);
} api;

#define CORE_FN(field) (*(void **)&api.field = dlsym(core, "retro_" #field))

static void *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *data = n >= 0 ? malloc((size_t)n + 1) : NULL;
    *len = data ? fread(data, 1, (size_t)n, f) : 0;
    fclose(f);
    return data;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: m8_libretro_drive CORE CONTENT|- FRAMES [options]\n");
        return 2;
    }
    const char *png = NULL, *raw = NULL, *input_file = NULL, *state_out = NULL, *state_in = NULL;
    long frames = atol(argv[3]), state_at = -1;
    for (int i = 4; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--rgb565") == 0) { fe.refuse_xrgb = true; continue; }
        if (!v) { fprintf(stderr, "%s needs a value\n", a); return 2; }
        if (strcmp(a, "--png") == 0) png = v;
        else if (strcmp(a, "--raw") == 0) raw = v;
        else if (strcmp(a, "--input") == 0) input_file = v;
        else if (strcmp(a, "--save-dir") == 0) fe.save_dir = v;
        else if (strcmp(a, "--load-state") == 0) state_in = v;
        else if (strcmp(a, "--state-at") == 0 && i + 2 < argc) { state_at = atol(v); state_out = argv[++i + 1]; }
        else if (strcmp(a, "--option") == 0 && strchr(v, '=') && fe.options < MAX_OPTIONS) {
            char *eq = strchr(v, '=');
            *eq = 0;
            fe.option_key[fe.options] = v;
            fe.option_value[fe.options++] = eq + 1;
        } else { fprintf(stderr, "unknown option %s\n", a); return 2; }
        i++;
    }
    static long input_frame[INPUT_LINES_MAX];
    static int input_mask[INPUT_LINES_MAX];
    int inputs = 0;
    if (input_file) {
        FILE *f = fopen(input_file, "r");
        if (!f) { fprintf(stderr, "cannot read %s\n", input_file); return 2; }
        while (inputs < INPUT_LINES_MAX && fscanf(f, "%ld %i", &input_frame[inputs], &input_mask[inputs]) == 2)
            inputs++;
        fclose(f);
    }
    void *core = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!core) { fprintf(stderr, "%s\n", dlerror()); return 2; }
    int found = 1;
    found &= CORE_FN(set_environment) != NULL;
    found &= CORE_FN(set_video_refresh) != NULL;
    found &= CORE_FN(set_audio_sample) != NULL;
    found &= CORE_FN(set_audio_sample_batch) != NULL;
    found &= CORE_FN(set_input_poll) != NULL;
    found &= CORE_FN(set_input_state) != NULL;
    found &= CORE_FN(init) != NULL;
    found &= CORE_FN(deinit) != NULL;
    found &= CORE_FN(load_game) != NULL;
    found &= CORE_FN(unload_game) != NULL;
    found &= CORE_FN(get_system_av_info) != NULL;
    found &= CORE_FN(run) != NULL;
    found &= CORE_FN(serialize_size) != NULL;
    found &= CORE_FN(serialize) != NULL;
    found &= CORE_FN(unserialize) != NULL;
    if (!found) {
        fprintf(stderr, "%s: not a libretro core\n", argv[1]);
        return 2;
    }
    api.set_environment(environment);
    api.set_video_refresh(video);
    api.set_audio_sample(audio_sample);
    api.set_audio_sample_batch(audio_batch);
    api.set_input_poll(input_poll);
    api.set_input_state(input_state);
    api.init();
    struct retro_game_info game = { 0 };
    game.path = argv[2];
    if (!api.load_game(strcmp(argv[2], "-") ? &game : NULL)) {
        printf("content refused\n");
        api.deinit();
        return 1;
    }
    struct retro_system_av_info av;
    api.get_system_av_info(&av);
    fe.fps = av.timing.fps;
    if (raw && !(fe.raw = fopen(raw, "wb"))) { fprintf(stderr, "cannot write %s\n", raw); return 2; }
    int rc = 0;
    if (state_in) {
        size_t len = 0;
        void *state = slurp(state_in, &len);
        if (!state || !api.unserialize(state, len)) {
            printf("state refused: %s\n", state_in);
            rc = 1;
        }
        free(state);
    }
    long f = 0;
    for (; rc == 0 && f < frames && !fe.shutdown; f++) {
        for (int i = 0; i < inputs; i++)
            if (input_frame[i] == f) fe.pad = input_mask[i];
        api.run();
        if (f + 1 == state_at) {
            size_t size = api.serialize_size();
            void *state = size ? malloc(size) : NULL;
            FILE *out = state ? fopen(state_out, "wb") : NULL;
            if (!out || !api.serialize(state, size) || fwrite(state, 1, size, out) != size) {
                printf("no state written\n");
                rc = 1;
            }
            if (out) fclose(out);
            free(state);
        }
    }
    printf("frames %ld samples %ld fps %g%s\n", f, fe.samples, fe.fps, fe.shutdown ? " shutdown" : "");
    if (fe.raw) fclose(fe.raw);
    if (png && (!fe.have_frame || mote8_write_png(png, fe.rgb, MOTE8_WIDTH, MOTE8_HEIGHT, 1) != 0)) {
        fprintf(stderr, "cannot write %s\n", png);
        rc = 1;
    }
    api.unload_game();
    api.deinit();
    dlclose(core);
    return rc;
}
