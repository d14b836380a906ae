/* test_web_export.c - `mote8-cart export-html` makes one self-contained page that plays the
 * cart from disk: hello and racer are exported (with the web player of BUILD/web, built by
 * tools/web_build.sh, its single-file engine included) and each page is opened as
 * file://.../CART.export.html#test:frames=120,seed=1 in headless Chromium, with no server
 * (spaceman and seven real carts of ../shared for 300 ticks, celeste played by an input script)
 * (tests/web_frames.sh --export); its 16384 colour indices must equal, byte for byte, those of
 * `mote8 --headless --seed 1 --frames 120 --screenshot` (the RGB mapped through the palette
 * the page published). The page must reference no file beside it. The multi-cart test game
 * (tests/carts/multicart) is exported with its other carts packed in and played with its
 * input into the game cart the menu load()s; once more with game and levels converted to
 * .p8.png (packed as PNG bytes, found by load("game") and reload(...,"levels") under their
 * .p8.png names and read by the player's own PNG reader). Skipped, with a message,
 * where emcc or chromium is missing (tools/deps.sh web). Also without them: export-html
 * with no web player to inline fails with a message naming `make web`, and a bad cart fails
 * with the cart's message and leaves no page. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

#define PIXELS (128 * 128)

static int have(const char *program)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", program);
    return system(cmd) == 0;
}

/* Export `cart` (a bundled cart's name, or a cart file), with the `extra` carts packed in (or
 * NULL), open it from disk for `frames` ticks with the `input` script (or NULL) and compare
 * its frame with the native headless run of the same cart file. */
static void exported_matches_headless(const char *cart, const char *frames, const char *input,
                                      const char *extra)
{
    if (!have("emcc")) cr_skip_test("emcc is missing: the web export test is skipped (tools/deps.sh web)");
    if (!have("chromium")) cr_skip_test("chromium is missing: the web export test is skipped (tools/deps.sh web)");
    char dir[256], cmd[4096], path[512], src[512], name[128], input_arg[512] = "";
    const char *slash = strrchr(cart, '/');
    snprintf(name, sizeof name, "%s", slash ? slash + 1 : cart);
    if (strstr(name, ".p8")) *strstr(name, ".p8") = '\0';
    if (slash) snprintf(src, sizeof src, "%s", cart);
    else snprintf(src, sizeof src, "%s/carts/%s.p8", M8_SOURCE_DIR, cart);
    if (input) snprintf(input_arg, sizeof input_arg, "--input %s", input);
    snprintf(dir, sizeof dir, "/tmp/m8t_webx_%s_%d", name, (int)getpid());
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && flock %s-web.lock %s/tools/web_build.sh %s-web %s/web 1 >%s/web.log 2>&1 && "
             "EXPORT_EXTRA='%s' %s/tests/web_frames.sh %s --export %s/bin/mote8-cart %s/web %s %s 1 %s "
             ">>%s/web.log 2>&1",
             dir, M8_BINARY_DIR, M8_SOURCE_DIR, M8_BINARY_DIR, M8_BINARY_DIR, dir, extra ? extra : "",
             M8_SOURCE_DIR, input_arg, M8_BINARY_DIR, M8_BINARY_DIR, dir, frames, slash ? src : cart, dir);
    if (system(cmd) != 0) {
        snprintf(path, sizeof path, "%s/web.log", dir);
        char *log = m8_read_file(path, NULL, 0);
        cr_assert_fail("%s: the exported page's frame could not be made:\n%s", cart, log ? log : "no log");
    }

    /* one file: no src= or href= to anything but data: and the page itself */
    snprintf(path, sizeof path, "%s/%s.export.html", dir, name);
    size_t page_len = 0;
    char *page = m8_read_file(path, &page_len, 0);
    cr_assert(page, "no exported page %s", path);
    cr_assert_null(strstr(page, "<script src="), "%s: the page still loads a script file", cart);
    cr_assert_null(strstr(page, ".wasm\""), "%s: the page still names a .wasm file", cart);
    cr_assert(strstr(page, "src=\"data:image/png;base64,"), "%s: no label picture in the page", cart);
    free(page);

    snprintf(path, sizeof path, "%s/%s.pal", dir, name);
    size_t len = 0;
    uint8_t *palette = (uint8_t *)m8_read_file(path, &len, 0);
    cr_assert(palette && len == 96, "%s: no palette from the page", cart);
    snprintf(path, sizeof path, "%s/%s.idx", dir, name);
    uint8_t *web = (uint8_t *)m8_read_file(path, &len, 0);
    cr_assert(web && len == PIXELS, "%s: no frame from the page", cart);

    snprintf(path, sizeof path, "%s/%s.native.png", dir, name);
    snprintf(cmd, sizeof cmd, "HOME=%s XDG_DATA_HOME= XDG_CONFIG_HOME= %s/bin/mote8 --headless "
             "--seed 1 --frames %s %s --screenshot %s %s >%s/native.log 2>&1", dir, M8_BINARY_DIR,
             frames, input_arg, path, src, dir);
    cr_assert_eq(system(cmd), 0, "the native run of %s failed (%s/native.log)", cart, dir);
    m8t_expect_web_frame(cart, path, palette, web);
    free(web);
    free(palette);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);   /* kept when an assertion failed */
    cr_assert_eq(system(cmd), 0);
}

Test(web_export, hello_from_disk_matches_headless, .timeout = 600)
{
    exported_matches_headless("hello", "120", NULL, NULL);
}
Test(web_export, racer_from_disk_matches_headless, .timeout = 600)
{
    exported_matches_headless("racer", "120", NULL, NULL);
}
/* real carts of ../shared (read there, never copied): an exported page plays them as the
 * native build does, 300 ticks in; celeste is played (tests/web/celeste.input) */
#define REAL M8_SHARED_DIR "/carts/real"
static void real_cart_matches(const char *file, const char *input)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", REAL, file);
    if (access(path, R_OK) != 0) cr_skip_test("%s is missing (../shared beside the project)", path);
    exported_matches_headless(path, "300", input, NULL);
}
Test(web_export, spaceman_from_disk_matches_headless, .timeout = 600)
{
    exported_matches_headless("spaceman", "300", NULL, NULL);
}
Test(web_export, real_celeste_matches_headless, .timeout = 600)
{
    real_cart_matches("celeste_classic.p8", M8_SOURCE_DIR "/tests/web/celeste.input");
}
Test(web_export, real_newleste_city_matches_headless, .timeout = 600)
{
    real_cart_matches("newleste_city.p8", NULL);
}
Test(web_export, real_tunnel_matches_headless, .timeout = 600) { real_cart_matches("tunnel.p8", NULL); }
Test(web_export, real_rgbplasma_matches_headless, .timeout = 600) { real_cart_matches("rgbplasma.p8", NULL); }
Test(web_export, real_aasteroids_matches_headless, .timeout = 600) { real_cart_matches("aasteroids.p8", NULL); }
Test(web_export, real_ic_2048_matches_headless, .timeout = 600) { real_cart_matches("ic_2048.p8", NULL); }
Test(web_export, real_hockey_matches_headless, .timeout = 600) { real_cart_matches("hockey.p8", NULL); }

/* the multi-cart test game (test_multicart.c): menu.p8 load()s game.p8, which reload()s from
 * levels.p8; at tick 60 the game cart is playing: both packed carts were found in the page */
#define MULTI M8_SOURCE_DIR "/tests/carts/multicart"
Test(web_export, multicart_from_disk_matches_headless, .timeout = 600)
{
    exported_matches_headless(MULTI "/menu.p8", "60", MULTI "/courier.input",
                              MULTI "/game.p8 " MULTI "/levels.p8");
}

/* the same game with its loaded carts as .p8.png files (mote8-cart convert into a temporary
 * folder): the native menu.p8 loads its .p8 neighbours, the page the packed pictures */
Test(web_export, multicart_with_p8png_carts_matches_headless, .timeout = 600)
{
    const char *tmp = m8t_temp_dir("webxpng");
    char game[256], levels[256], extra[600];
    snprintf(game, sizeof game, "%s/game.p8.png", tmp);
    snprintf(levels, sizeof levels, "%s/levels.p8.png", tmp);
    m8_run_result r;
    m8t_run_tool(&r, "mote8-cart", (const char *const[]){ "convert", MULTI "/game.p8", game, NULL });
    cr_assert_eq(r.exit_code, 0, "convert game.p8: %s", r.err);
    m8t_run_tool(&r, "mote8-cart", (const char *const[]){ "convert", MULTI "/levels.p8", levels, NULL });
    cr_assert_eq(r.exit_code, 0, "convert levels.p8: %s", r.err);
    snprintf(extra, sizeof extra, "%s %s", game, levels);
    exported_matches_headless(MULTI "/menu.p8", "60", MULTI "/courier.input", extra);
    remove(game);
    remove(levels);
    remove(tmp);
}

/* run `mote8-cart export-html ARGS` with MOTE8_WEB_DIR=web: its exit code, stderr in err */
static int export_html(const char *web, const char *args, char *err, size_t errsz)
{
    char cmd[2048], log[128];
    snprintf(log, sizeof log, "/tmp/m8t_webx_err_%d.log", (int)getpid());
    snprintf(cmd, sizeof cmd, "MOTE8_WEB_DIR=%s %s/bin/mote8-cart export-html %s 2>%s", web,
             M8_BINARY_DIR, args, log);
    int rc = system(cmd);
    char *text = m8_read_file(log, NULL, 0);
    snprintf(err, errsz, "%s", text ? text : "");
    free(text);
    unlink(log);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

Test(web_export, without_the_web_player_names_make_web)
{
    char args[512], err[1024], out[128];
    snprintf(out, sizeof out, "/tmp/m8t_webx_none_%d.html", (int)getpid());
    snprintf(args, sizeof args, "%s/carts/hello.p8 %s", M8_SOURCE_DIR, out);
    cr_assert_eq(export_html("/nonexistent-mote8-web", args, err, sizeof err), 1, "%s", err);
    cr_assert(strstr(err, "make web") && strstr(err, "mote8_single.js"), "no clear message: %s", err);
    cr_assert_neq(access(out, F_OK), 0, "a page was written without the web player");
}

Test(web_export, a_bad_cart_leaves_no_page)
{
    char args[512], err[1024], dir[128];
    snprintf(dir, sizeof dir, "/tmp/m8t_webx_bad_%d", (int)getpid());
    char cmd[1024];
    /* a stand-in web folder: the cart is read and refused before any file of it is used */
    snprintf(cmd, sizeof cmd, "mkdir -p %s && touch %s/mote8_single.js && "
             "printf '<html></html>' >%s/index.html && printf 'not a cart' >%s/bad.p8",
             dir, dir, dir, dir);
    cr_assert_eq(system(cmd), 0);
    snprintf(args, sizeof args, "%s/bad.p8 %s/game.html", dir, dir);
    cr_assert_eq(export_html(dir, args, err, sizeof err), 1, "%s", err);
    cr_assert(strstr(err, "bad.p8"), "the message does not name the cart: %s", err);
    snprintf(args, sizeof args, "%s/game.html", dir);
    cr_assert_neq(access(args, F_OK), 0, "a page was written for a bad cart");
    snprintf(args, sizeof args, "%s/carts/hello.p8 %s/game.html %s/missing.p8", M8_SOURCE_DIR, dir, dir);
    cr_assert_eq(export_html(dir, args, err, sizeof err), 1, "%s", err);
    cr_assert(strstr(err, "missing.p8"), "the message does not name the extra cart: %s", err);
    snprintf(args, sizeof args, "%s/game.html", dir);
    cr_assert_neq(access(args, F_OK), 0, "a page was written with a missing extra cart");
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
}
