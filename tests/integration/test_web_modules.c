/* test_web_modules.c - the web player's modules (runtime/host/web: gamepad.js,
 * devkit_input.js, sound_level.js, capture.js, gif_encoder.js) in headless Chromium: the
 * player is built into BUILD/web (tools/web_build.sh, under a lock, as test_web_player.c),
 * tests/web_live.sh serves it with tests/web and runs tests/web/player_modules_test.html,
 * which drives the real page in an iframe (fake pads, synthesised pointer, wheel and key
 * events, mute and volume, captures) and says "player modules: ok N/N" in its title. The
 * PNG and GIF that tests/web/modules_capture.p8's extcmd("screen"), extcmd("rec") and
 * extcmd("video") made in the page are then decoded here (libpng, giflib) and compared pixel
 * for pixel with `mote8 --headless --screenshot` of the same ticks: the PNG (4x) with tick 5,
 * the GIF (2x, 30 frames, the later ones drawn over the first as rectangles) frame by frame
 * with ticks 11 to 40. Skipped, with a message, where emcc or chromium is missing
 * (tools/deps.sh web installs them). */
#include <criterion/criterion.h>
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

#define GIF_FIRST_TICK 11      /* modules_capture.p8: extcmd("rec") at tick 10 */
#define GIF_LAST_TICK 40       /* extcmd("video") */
#define SHOT_TICK 5            /* extcmd("screen") */

static int have(const char *program)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", program);
    return system(cmd) == 0;
}

/* The text of element `open_tag` ... `</pre>` in dom (malloc'd), or NULL. */
static char *element_text(const char *dom, const char *open_tag, const char *close_tag)
{
    const char *at = strstr(dom, open_tag);
    if (!at) return NULL;
    at += strlen(open_tag);
    const char *end = strstr(at, close_tag);
    return end ? strndup(at, (size_t)(end - at)) : NULL;
}

/* base64 text into bytes (free them); *len set; NULL on a character outside the alphabet. */
static uint8_t *from_base64(const char *text, size_t *len)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t n = strlen(text);
    uint8_t *out = malloc(n / 4 * 3 + 3);
    uint32_t acc = 0;
    int bits = 0;
    *len = 0;
    for (size_t i = 0; i < n && text[i] != '='; i++) {
        const char *p = strchr(alphabet, text[i]);
        if (!p || !text[i]) {
            free(out);
            return NULL;
        }
        acc = (acc << 6) | (uint32_t)(p - alphabet);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[(*len)++] = (uint8_t)(acc >> bits);
        }
    }
    return out;
}

static void write_bytes(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "cannot write %s", path);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}

/* The native headless screen of modules_capture.p8 after `ticks` ticks, 128x128 RGB (free). */
static uint8_t *native_screen(const char *dir, int ticks)
{
    char png[256], cmd[1024], err[256];
    snprintf(png, sizeof png, "%s/native_%d.png", dir, ticks);
    snprintf(cmd, sizeof cmd, "HOME=%s XDG_DATA_HOME= XDG_CONFIG_HOME= %s/bin/mote8 --headless "
             "--seed 1 --frames %d --screenshot %s %s/tests/web/modules_capture.p8 >%s/native.log 2>&1",
             dir, M8_BINARY_DIR, ticks, png, M8_SOURCE_DIR, dir);
    cr_assert_eq(system(cmd), 0, "the native run of modules_capture.p8 failed (%s/native.log)", dir);
    int w = 0, h = 0;
    uint8_t *rgb = m8_png_read_rgb(png, &w, &h, err, sizeof err);
    cr_assert(rgb, "%s: %s", png, err);
    cr_assert(w == 128 && h == 128, "%s: %dx%d", png, w, h);
    return rgb;
}

/* A picture (scale x 128 wide, RGB) equals the native screen scaled by `scale`. */
static void expect_scaled(const char *what, const uint8_t *rgb, int scale, const uint8_t *native)
{
    int size = 128 * scale;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            const uint8_t *a = rgb + (y * size + x) * 3, *b = native + ((y / scale) * 128 + x / scale) * 3;
            if (memcmp(a, b, 3) != 0)
                cr_assert_fail("%s: pixel %d,%d is %d,%d,%d; the native screen has %d,%d,%d", what, x, y,
                               a[0], a[1], a[2], b[0], b[1], b[2]);
        }
}

Test(web_modules, pads_devkit_sound_and_captures_in_the_live_page, .timeout = 900)
{
    if (!have("emcc")) cr_skip_test("emcc is missing: the web modules test is skipped (tools/deps.sh web)");
    if (!have("chromium")) cr_skip_test("chromium is missing: the web modules test is skipped (tools/deps.sh web)");
    char dir[128], cmd[2048];
    snprintf(dir, sizeof dir, "/tmp/m8t_web_modules_%d", (int)getpid());
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && flock %s-web.lock %s/tools/web_build.sh %s-web %s/web 1 >%s/build.log 2>&1 && "
             "%s/tests/web_live.sh %s/web %s player_modules_test.html >%s/live.log 2>&1",
             dir, M8_BINARY_DIR, M8_SOURCE_DIR, M8_BINARY_DIR, M8_BINARY_DIR, dir,
             M8_SOURCE_DIR, M8_BINARY_DIR, dir, dir);
    int rc = system(cmd);
    char *dom = m8_read_file(strcat(strcpy(cmd, dir), "/dom.html"), NULL, 0);
    char *log = dom ? element_text(dom, "<pre id=\"log\">", "</pre>") : NULL;
    cr_assert_eq(rc, 0, "the page did not finish (%s/live.log, %s/build.log); its log:\n%s", dir, dir,
                 log ? log : "none");
    char *title = element_text(dom, "<title>", "</title>");
    int passed = -1, total = -1;
    cr_assert(title && sscanf(title, "player modules: ok %d/%d", &passed, &total) == 2,
              "the page says: %s\n%s", title ? title : "no title", log ? log : "");
    cr_expect_eq(passed, total);
    cr_expect_geq(total, 70, "only %d checks ran:\n%s", total, log);

    /* the PNG of extcmd("screen") at tick 5: 512x512, the native screen 4x */
    char *text = element_text(dom, "<pre id=\"capture-png\">", "</pre>");
    size_t len = 0;
    uint8_t *bytes = text ? from_base64(text, &len) : NULL;
    cr_assert(bytes && len > 8, "the page published no PNG");
    char path[256], err[256];
    snprintf(path, sizeof path, "%s/web_capture.png", dir);
    write_bytes(path, bytes, len);
    int w = 0, h = 0;
    uint8_t *png = m8_png_read_rgb(path, &w, &h, err, sizeof err);
    cr_assert(png, "%s: %s", path, err);
    cr_assert(w == 512 && h == 512, "the screenshot is %dx%d, expected 512x512", w, h);
    uint8_t *native = native_screen(dir, SHOT_TICK);
    expect_scaled("the extcmd(\"screen\") PNG at tick 5", png, 4, native);
    free(native);
    free(png);
    free(bytes);
    free(text);

    /* the GIF of extcmd("rec") .. extcmd("video"): ticks 11 to 40, each frame 2x */
    text = element_text(dom, "<pre id=\"capture-gif\">", "</pre>");
    bytes = text ? from_base64(text, &len) : NULL;
    cr_assert(bytes && len > 13, "the page published no GIF");
    snprintf(path, sizeof path, "%s/web_capture.gif", dir);
    write_bytes(path, bytes, len);
    int gerr = 0;
    GifFileType *gif = DGifOpenFileName(path, &gerr);
    cr_assert(gif, "%s: giflib cannot open it (%s)", path, GifErrorString(gerr));
    cr_assert_eq(DGifSlurp(gif), GIF_OK, "%s: giflib cannot decode it (%s)", path, GifErrorString(gif->Error));
    cr_assert(gif->SWidth == 256 && gif->SHeight == 256, "the GIF is %dx%d", gif->SWidth, gif->SHeight);
    cr_assert_eq(gif->ImageCount, GIF_LAST_TICK - GIF_FIRST_TICK + 1, "the GIF has %d frames", gif->ImageCount);
    ColorMapObject *map = gif->SColorMap;
    cr_assert(map, "the GIF has no global colour table");
    static uint8_t canvas[256 * 256], rgb[256 * 256 * 3];
    for (int f = 0; f < gif->ImageCount; f++) {
        const SavedImage *img = &gif->SavedImages[f];
        const GifImageDesc *d = &img->ImageDesc;
        cr_assert(d->Left >= 0 && d->Top >= 0 && d->Left + d->Width <= 256 && d->Top + d->Height <= 256,
                  "frame %d's rectangle leaves the picture", f);
        if (f == 0) cr_assert(d->Width == 256 && d->Height == 256, "the first frame is not whole");
        for (int y = 0; y < d->Height; y++)
            for (int x = 0; x < d->Width; x++)
                canvas[(d->Top + y) * 256 + d->Left + x] = img->RasterBits[y * d->Width + x];
        GraphicsControlBlock gcb;
        cr_assert_eq(DGifSavedExtensionToGCB(gif, f, &gcb), GIF_OK, "frame %d has no delay", f);
        int want = (f + 1) * 100 / 30 - f * 100 / 30;   /* 30 fps: 3, 3, 4, ... hundredths */
        cr_expect_eq(gcb.DelayTime, want, "frame %d's delay is %d, expected %d", f, gcb.DelayTime, want);
        for (int i = 0; i < 256 * 256; i++) {
            cr_assert_lt(canvas[i], map->ColorCount);
            const GifColorType *c = &map->Colors[canvas[i]];
            rgb[i * 3] = c->Red;
            rgb[i * 3 + 1] = c->Green;
            rgb[i * 3 + 2] = c->Blue;
        }
        char what[64];
        snprintf(what, sizeof what, "GIF frame %d (tick %d)", f, GIF_FIRST_TICK + f);
        native = native_screen(dir, GIF_FIRST_TICK + f);
        expect_scaled(what, rgb, 2, native);
        free(native);
    }
    DGifCloseFile(gif, &gerr);
    free(bytes);
    free(text);
    free(title);
    free(log);
    free(dom);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);   /* kept when an assertion failed */
    cr_assert_eq(system(cmd), 0);
}
