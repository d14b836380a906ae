/* web_host.c - the web player's machine side (emscripten): one machine driven by the page's
 * JavaScript (mote8_web.js) through the m8web_* functions below, over api/mote8.h only:
 *   m8web_start(cart, len, name, seed)  load a cart with an explicit seed (the same cart,
 *                                       seed and input give the native headless frames);
 *   m8web_set_buttons(player, mask)     the buttons held for the next ticks (mote8_input);
 *   m8web_set_mouse(x, y, buttons, dx, dy, wheel) and m8web_set_keys(typed)
 *                                       the devkit mouse and keyboard (stat 30-39) for the
 *                                       next tick (devkit_input.js): position and buttons
 *                                       last until changed, movement, wheel and typed keys
 *                                       count for one tick only; m8web_devkit_flags() the
 *                                       cart's poke(0x5f2d) (16: it asks for pointer lock);
 *   m8web_tick()                        one tick at the cart's rate; afterwards the screen
 *                                       (m8web_rgb, m8web_indices) and the tick's samples
 *                                       (m8web_audio, m8web_audio_count) are ready;
 *   m8web_host_request(i)               the tick's i-th extcmd the host carries out
 *                                       ("screen", "label", "rec", "video": capture.js),
 *                                       NULL past the last;
 *   m8web_fps, m8web_error, m8web_bundled_name, m8web_bundled_cart and
 *   m8web_bundled_label (the carts' page).
 * Platform services: printh goes to the browser console; cartdata lives in localStorage
 * ("mote8.cartdata.ID", 512 hex digits), a damaged value is kept aside as ".damaged" and a
 * full storage is reported (shown on the page: window.mote8Notice), never ignored; the
 * value saved last stays; load() of another cart reads the carts the
 * page packed in (packed_carts.c: m8web_pack_cart), then the served cart's folder (the page
 * sets window.mote8CartFolder for ?url=; fetched synchronously, never outside it), then the
 * bundled carts, by file name.
 * The colour indices (0-15, 128-143) are found by matching the RGB screen
 * against the display palette, which the host learns from the machine itself at start with
 * a two-tick probe cart (no copy of the palette here).
 * The pause menu (web_menu.c) and the cost overlay (web_overlay.c) are modules of their own:
 * while the menu is open m8web_tick does not tick, and the menu is drawn over the RGB screen
 * (m8web_indices keep the machine's own frame).
 * Depends on: api/mote8.h, packed_carts.h, web_menu.h, web_overlay.h, emscripten.h, libc. */
#include <emscripten.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mote8.h"
#include "packed_carts.h"
#include "web_menu.h"
#include "web_overlay.h"

#define SCREEN_PIXELS (MOTE8_WIDTH * MOTE8_HEIGHT)
#define PALETTE_COLOURS 32
#define NO_COLOUR 255                      /* an index for a pixel outside the palette */
#define MAX_REQUESTS 8                     /* host requests kept per tick (as mote8.h keeps) */

static struct {
    mote8 *m8;
    mote8_input input;
    int status;
    int have_palette;
    uint8_t palette[PALETTE_COLOURS][3];   /* display colours 0-15, then 128-143 */
    uint8_t rgb[SCREEN_PIXELS * 3];
    uint8_t indices[SCREEN_PIXELS];
    int16_t audio[MOTE8_AUDIO_RATE];
    int audio_count;
    char requests[MAX_REQUESTS][16];       /* the last tick's extcmd host requests */
    int request_count;
    int store_cartdata;                    /* 0: cartdata in memory only (the test hook) */
    int save_failure_shown;                /* a failed cartdata save was shown this run */
    char error[1024];
} web;

/* --- cartdata in the browser's localStorage --- */

/* 1 found, 0 none, -1 no storage, -2 damaged (kept aside under KEY.damaged). */
EM_JS(int, storage_load, (const char *key, uint8_t *out), {
    var k = UTF8ToString(key), v;
    try { v = window.localStorage.getItem(k); } catch (e) { return -1; }
    if (v === null) return 0;
    if (!/^[0-9a-f]{512}$/.test(v)) {
        try { window.localStorage.setItem(k + ".damaged", v); } catch (e) { return -1; }
        return -2;
    }
    for (var i = 0; i < 256; i++) HEAPU8[out + i] = parseInt(v.substr(i * 2, 2), 16);
    return 1;
});

/* 0 saved, -1 no storage, -2 the storage is full. */
EM_JS(int, storage_save, (const char *key, const uint8_t *data), {
    var s = "";
    for (var i = 0; i < 256; i++) s += (HEAPU8[data + i] | 256).toString(16).slice(1);
    try { window.localStorage.setItem(UTF8ToString(key), s); return 0; }
    catch (e) { return e && e.name === "QuotaExceededError" ? -2 : -1; }
});

/* A message for the player (a cartdata save that failed ...): the page shows it for 8 s
 * (window.mote8Notice: notice.js) and the console keeps it. */
EM_JS(void, page_notice, (const char *text), {
    var t = UTF8ToString(text);
    console.warn(t);
    if (window.mote8Notice) window.mote8Notice(t, 8000);
});

static void storage_key(char *key, size_t keysz, const char *id)
{
    snprintf(key, keysz, "mote8.cartdata.%s", id);
}

static int web_load_data(void *user, const char *id, uint8_t data[256], char *err, size_t errsz)
{
    (void)user;
    if (!web.store_cartdata) return 0;
    char key[128];
    storage_key(key, sizeof key, id);
    int r = storage_load(key, data);
    if (r == -1) {
        snprintf(err, errsz, "cartdata %s: the browser's storage cannot be used: the data "
                 "lasts until the page closes", id);
        page_notice(err);
        return -1;
    }
    if (r == -2) {
        memset(data, 0, 256);
        snprintf(err, errsz, "cartdata %s: the saved data was damaged: kept aside as "
                 "%s.damaged; the cart starts from zeros", id, key);
        page_notice(err);
        return 1;
    }
    return r;
}

static int web_save_data(void *user, const char *id, const uint8_t data[256], char *err,
                         size_t errsz)
{
    (void)user;
    if (!web.store_cartdata) return 0;
    char key[128];
    storage_key(key, sizeof key, id);
    int r = storage_save(key, data);
    if (r == -2) snprintf(err, errsz, "cartdata %s: the browser's storage is full: not saved", id);
    else if (r != 0) snprintf(err, errsz, "cartdata %s: the browser's storage cannot be used: "
                              "not saved", id);
    if (r != 0 && !web.save_failure_shown) {   /* shown once a run; the machine says it once */
        web.save_failure_shown = 1;
        page_notice(err);
    }
    return r == 0 ? 0 : -1;
}

static void web_printh(void *user, const char *text)
{
    (void)user;
    printf("printh: %s\n", text);
}

/* A file of the served cart's folder (the page's ?url=), fetched synchronously (load() and
 * reload() are synchronous in the machine): the bytes in a malloc'd buffer, or NULL when the
 * page runs no served cart, the file is missing, or `path` would resolve outside that folder
 * (another origin or a parent folder: the machine already refuses "..", absolute paths and
 * backslashes; this also refuses "scheme:" names). */
EM_JS(uint8_t *, served_file_fetch, (const char *path, int *len), {
    var base = window.mote8CartFolder;
    if (!base) return 0;
    var url;
    try { url = new URL(UTF8ToString(path), base); } catch (e) { return 0; }
    if (url.origin !== new URL(base).origin || !url.pathname.startsWith(new URL(base).pathname))
        return 0;
    var req = new XMLHttpRequest();
    try {
        req.open("GET", url.href, false);
        req.overrideMimeType("text/plain; charset=x-user-defined");   /* bytes, untouched */
        req.send();
    } catch (e) { return 0; }
    if (req.status !== 200) return 0;
    var text = req.responseText, n = text.length;
    var out = _malloc(n > 0 ? n : 1);
    if (!out) return 0;
    for (var i = 0; i < n; i++) HEAPU8[out + i] = text.charCodeAt(i) & 255;
    HEAP32[len >> 2] = n;
    return out;
});

/* load("racer.p8") and the like: the cart of that file name (folders ignored) the page
 * packed in (an exported page's extra carts, packed_carts.c), else the file of that path in
 * the served cart's folder (served_file_fetch), else the bundled one. A packed cart is found
 * by its whole name, "level2.p8.png" included (load("level2") asks for "level2",
 * "level2.p8", then "level2.p8.png": api/other_carts.c), and read whatever its format
 * (.p8.png through runtime/core/png_decode.c); bundled carts are .p8 only. */
static void *web_read_file(void *user, const char *path, size_t *len)
{
    (void)user;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    void *packed = packed_cart_copy(base, len);
    if (packed) return packed;
    int served_len = 0;
    uint8_t *served = served_file_fetch(path, &served_len);
    if (served) {
        *len = (size_t)served_len;
        return served;
    }
    char name[64];
    size_t n = strlen(base);
    if (n > 3 && strcmp(base + n - 3, ".p8") == 0) n -= 3;
    if (n == 0 || n >= sizeof name) return NULL;
    memcpy(name, base, n);
    name[n] = '\0';
    const void *data = mote8_bundled_cart(name, len);
    void *copy = data ? malloc(*len) : NULL;
    if (copy) memcpy(copy, data, *len);
    return copy;
}

/* --- the display palette, learnt from the machine --- */

static const char palette_probe[] =
    "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
    "f=0\nfunction _draw()\n for i=0,15 do pset(i,0,i) pal(i,f>0 and i+128 or i,1) end\n"
    " f+=1\nend\n";

static int learn_palette(void)
{
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.mute = 1;
    mote8 *probe = mote8_create(&cfg);
    if (!probe || mote8_load_cart(probe, palette_probe, sizeof palette_probe - 1, "probe") != 0) {
        mote8_destroy(probe);
        return -1;
    }
    mote8_input none = { 0 };
    for (int pass = 0; pass < 2; pass++) {
        if (mote8_tick(probe, &none) != MOTE8_RUNNING) {
            mote8_destroy(probe);
            return -1;
        }
        mote8_screen_rgb(probe, web.rgb);
        for (int i = 0; i < 16; i++) memcpy(web.palette[pass * 16 + i], web.rgb + i * 3, 3);
    }
    mote8_destroy(probe);
    return 0;
}

static uint32_t packed_rgb(const uint8_t *c) { return (uint32_t)c[0] << 16 | c[1] << 8 | c[2]; }

/* The machine's screen (web.rgb, before the menu is drawn over it) as colour indices: each
 * tick, for the GIF ring (capture.js) and the test hook. A pixel of the colour of the one
 * before it costs one comparison; others search the 32 colours. */
static void make_indices(void)
{
    uint32_t colours[PALETTE_COLOURS];
    for (int i = 0; i < PALETTE_COLOURS; i++) colours[i] = packed_rgb(web.palette[i]);
    uint32_t last = 0xffffffffu;
    uint8_t last_index = NO_COLOUR;
    for (int p = 0; p < SCREEN_PIXELS; p++) {
        uint32_t c = packed_rgb(web.rgb + p * 3);
        if (c != last) {
            last = c;
            last_index = NO_COLOUR;
            for (int i = 0; i < PALETTE_COLOURS; i++) {
                if (colours[i] == c) {
                    last_index = (uint8_t)(i < 16 ? i : i - 16 + 128);
                    break;
                }
            }
        }
        web.indices[p] = last_index;
    }
}

/* --- the interface the page calls --- */

/* Start `cart` (len bytes; name for messages) with `seed`; store_cartdata 0 keeps cartdata
 * in memory (the test hook). 0, or -1 with m8web_error() set and the error on the screen. */
EMSCRIPTEN_KEEPALIVE int m8web_start(const uint8_t *cart, int len, const char *name,
                                     uint32_t seed, int store_cartdata)
{
    web_overlay_machine(NULL);
    mote8_destroy(web.m8);
    web.m8 = NULL;
    web.error[0] = '\0';
    web_menu_started();
    memset(&web.input, 0, sizeof web.input);
    if (!web.have_palette) {
        if (learn_palette() != 0) {
            snprintf(web.error, sizeof web.error, "mote8: the palette probe failed");
            return -1;
        }
        web.have_palette = 1;
    }
    web.store_cartdata = store_cartdata;
    web.save_failure_shown = 0;
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;                     /* the seed is always explicit */
    cfg.seed = seed;
    cfg.platform.printh = web_printh;
    cfg.platform.read_file = web_read_file;
    cfg.platform.load_data = web_load_data;
    cfg.platform.save_data = web_save_data;
    web.m8 = mote8_create(&cfg);
    if (!web.m8) {
        snprintf(web.error, sizeof web.error, "mote8: out of memory");
        return -1;
    }
    web.status = MOTE8_RUNNING;
    if (mote8_load_cart(web.m8, cart, (size_t)len, name) != 0) {
        snprintf(web.error, sizeof web.error, "%s", mote8_error(web.m8));
        mote8_show_error(web.m8);
        web.status = MOTE8_ERROR;
    }
    web_overlay_machine(web.m8);
    web_host_redraw();
    return web.status == MOTE8_ERROR ? -1 : 0;
}

/* Player 0-7's buttons (bits 0-5 left right up down O X, bit 6 pause) from now on. */
EMSCRIPTEN_KEEPALIVE void m8web_set_buttons(int player, int mask)
{
    if (player < 0 || player >= 8) return;
    if (player == 0) web_menu_buttons(web.input.buttons[0], mask);   /* edges move in the menu */
    web.input.buttons[player] = (uint8_t)mask;
}

/* The devkit mouse for the next tick: position in screen pixels (kept within 0-127),
 * buttons (bit 0 left, 1 right, 2 middle), movement in screen pixels and wheel steps (up
 * positive) since the last tick. */
EMSCRIPTEN_KEEPALIVE void m8web_set_mouse(int x, int y, int buttons, int dx, int dy, int wheel)
{
    web.input.mouse_x = x < 0 ? 0 : x > MOTE8_WIDTH - 1 ? MOTE8_WIDTH - 1 : x;
    web.input.mouse_y = y < 0 ? 0 : y > MOTE8_HEIGHT - 1 ? MOTE8_HEIGHT - 1 : y;
    web.input.mouse_buttons = buttons & 7;
    web.input.mouse_dx = dx;
    web.input.mouse_dy = dy;
    web.input.mouse_wheel = wheel;
}

/* The characters typed for the next tick (devkit keyboard), oldest first; what does not fit
 * in mote8_input's keys (15 characters) is dropped. */
EMSCRIPTEN_KEEPALIVE void m8web_set_keys(const char *typed)
{
    snprintf(web.input.keys, sizeof web.input.keys, "%s", typed ? typed : "");
}

EMSCRIPTEN_KEEPALIVE int m8web_devkit_flags(void) { return web.m8 ? mote8_devkit_flags(web.m8) : 0; }

/* The last tick's i-th host request (extcmd "screen", "label", "rec", "video"), or NULL. */
EMSCRIPTEN_KEEPALIVE const char *m8web_host_request(int i)
{
    return i >= 0 && i < web.request_count ? web.requests[i] : NULL;
}

/* One tick (nothing once the cart has stopped or failed, or while the pause menu is open);
 * returns the mote8_status. */
EMSCRIPTEN_KEEPALIVE int m8web_tick(void)
{
    web.audio_count = 0;
    web.request_count = 0;
    if (!web.m8 || web.status != MOTE8_RUNNING || web_menu_is_open()) return web.status;
    web.status = mote8_tick(web.m8, &web.input);
    if (web.status == MOTE8_ERROR) {
        snprintf(web.error, sizeof web.error, "%s", mote8_error(web.m8));
        printf("%s\n", web.error);
        mote8_show_error(web.m8);
    }
    /* this tick's movement, wheel and typed keys are used up; position and buttons stay */
    web.input.keys[0] = '\0';
    web.input.mouse_wheel = web.input.mouse_dx = web.input.mouse_dy = 0;
    web.request_count = 0;
    char cmd[sizeof web.requests[0]];
    while (mote8_take_host_request(web.m8, cmd, sizeof cmd))
        if (web.request_count < MAX_REQUESTS) memcpy(web.requests[web.request_count++], cmd, sizeof cmd);
    web_menu_after_tick(web.m8);
    web_host_redraw();
    int n;
    while (web.audio_count < MOTE8_AUDIO_RATE &&
           (n = mote8_pull_audio(web.m8, web.audio + web.audio_count,
                                 MOTE8_AUDIO_RATE - web.audio_count)) > 0)
        web.audio_count += n;
    return web.status;
}

/* --- for the pause menu (web_menu.h) --- */

mote8 *web_host_machine(void) { return web.m8; }

void web_host_redraw(void)
{
    if (!web.m8) return;
    mote8_screen_rgb(web.m8, web.rgb);
    make_indices();
    web_menu_draw(web.rgb);
}

/* The cart from its start (mote8_reset), running again even after an error. */
void web_host_reset(void)
{
    if (!web.m8) return;
    web.error[0] = '\0';
    web.status = MOTE8_RUNNING;
    if (mote8_reset(web.m8) != 0) {
        snprintf(web.error, sizeof web.error, "%s", mote8_error(web.m8));
        printf("%s\n", web.error);
        mote8_show_error(web.m8);
        web.status = MOTE8_ERROR;
    }
}

EMSCRIPTEN_KEEPALIVE const uint8_t *m8web_rgb(void) { return web.rgb; }
/* The machine's screen as colour indices (0-15, 128-143; 255 none), the menu not included. */
EMSCRIPTEN_KEEPALIVE const uint8_t *m8web_indices(void) { return web.indices; }
EMSCRIPTEN_KEEPALIVE const uint8_t *m8web_palette(void) { return &web.palette[0][0]; }
EMSCRIPTEN_KEEPALIVE const int16_t *m8web_audio(void) { return web.audio; }
EMSCRIPTEN_KEEPALIVE int m8web_audio_count(void) { return web.audio_count; }
EMSCRIPTEN_KEEPALIVE int m8web_fps(void) { return web.m8 ? mote8_fps(web.m8) : MOTE8_FPS; }
EMSCRIPTEN_KEEPALIVE const char *m8web_error(void) { return web.error; }

/* The name of bundled cart i, or NULL past the last. */
EMSCRIPTEN_KEEPALIVE const char *m8web_bundled_name(int i) { return mote8_bundled_cart_name(i); }

/* Bundled cart `name`'s bytes into a malloc'd buffer the page frees, size in *len; or NULL. */
EMSCRIPTEN_KEEPALIVE uint8_t *m8web_bundled_cart(const char *name, int *len)
{
    size_t n = 0;
    const void *data = mote8_bundled_cart(name, &n);
    uint8_t *copy = data ? malloc(n) : NULL;
    if (!copy) return NULL;
    memcpy(copy, data, n);
    *len = (int)n;
    return copy;
}

/* Bundled cart `name`'s picture into the RGB buffer (m8web_rgb), as the launcher makes it:
 * its label, else its first frame (seed 1, mute, no platform). 1, or 0 when it has none. */
EMSCRIPTEN_KEEPALIVE int m8web_bundled_label(const char *name)
{
    size_t n = 0;
    const void *data = mote8_bundled_cart(name, &n);
    if (!data) return 0;
    char err[256];
    mote8_cart *cart = mote8_cart_decode(data, n, name, err, sizeof err);
    int ok = cart && mote8_cart_label_rgb(cart, web.rgb) == 0;
    mote8_cart_destroy(cart);
    if (ok) return 1;
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.seed = 1;
    cfg.mute = 1;
    mote8 *m8 = mote8_create(&cfg);
    mote8_input none = { 0 };
    if (m8 && mote8_load_cart(m8, data, n, name) == 0 && mote8_tick(m8, &none) != MOTE8_ERROR) {
        mote8_screen_rgb(m8, web.rgb);
        ok = 1;
    }
    mote8_destroy(m8);
    return ok;
}
