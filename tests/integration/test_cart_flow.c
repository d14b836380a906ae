/* test_cart_flow.c - stop(), run(), load(), extcmd() and reload()/cstore() with other cart
 * files, through api/mote8.h with a host that keeps its files and saves in memory: the
 * order names are tried in, the messages of a missing or broken cart, the parameter and
 * breadcrumb, going back through the pause menu model, the requests a host sees (pause,
 * shutdown), cartdata shared by two carts, and a .p8.png cart written back as a picture.
 * Depends on: api/mote8.h, runtime/host/common/pause_menu.h, Criterion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>
#include "mote8.h"
#include "pause_menu.h"

#define MAX_FILES 16
#define HEADER "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"

typedef struct flow_host {
    char *names[MAX_FILES];
    char *data[MAX_FILES];
    size_t len[MAX_FILES];
    int count;
    char save_id[80];
    uint8_t save[256];
    int have_save;
    char printed[8192];
    char asked[1024];           /* every path read_file was asked for, ';'-separated */
} flow_host;

static int find(const flow_host *h, const char *name)
{
    for (int i = 0; i < h->count; i++)
        if (strcmp(h->names[i], name) == 0) return i;
    return -1;
}

static void put(flow_host *h, const char *name, const void *data, size_t len)
{
    int i = find(h, name);
    if (i < 0) {
        cr_assert(h->count < MAX_FILES);
        i = h->count++;
        h->names[i] = strdup(name);
    } else {
        free(h->data[i]);
    }
    h->data[i] = malloc(len + 1);
    memcpy(h->data[i], data, len);
    h->data[i][len] = 0;
    h->len[i] = len;
}

static void put_text(flow_host *h, const char *name, const char *text)
{
    put(h, name, text, strlen(text));
}

static void host_free(flow_host *h)
{
    for (int i = 0; i < h->count; i++) {
        free(h->names[i]);
        free(h->data[i]);
    }
    h->count = 0;
}

static void fh_printh(void *user, const char *text)
{
    flow_host *h = user;
    strncat(h->printed, text, sizeof h->printed - strlen(h->printed) - 2);
    strcat(h->printed, "\n");
}

static void *fh_read(void *user, const char *path, size_t *len)
{
    flow_host *h = user;
    strncat(h->asked, path, sizeof h->asked - strlen(h->asked) - 2);
    strcat(h->asked, ";");
    int i = find(h, path);
    if (i < 0) return NULL;
    *len = h->len[i];
    void *copy = malloc(*len + 1);
    memcpy(copy, h->data[i], *len);
    return copy;
}

static int fh_write(void *user, const char *path, const void *data, size_t len, char *err,
                    size_t errsz)
{
    if (strstr(path, "locked")) {              /* a file this host refuses to write */
        snprintf(err, errsz, "%s: read-only", path);
        return -1;
    }
    put(user, path, data, len);
    return 0;
}

static int fh_load(void *user, const char *id, uint8_t data[256], char *err, size_t errsz)
{
    flow_host *h = user;
    (void)err;
    (void)errsz;
    if (!h->have_save || strcmp(id, h->save_id) != 0) return 0;
    memcpy(data, h->save, 256);
    return 1;
}

static int fh_save(void *user, const char *id, const uint8_t data[256], char *err, size_t errsz)
{
    flow_host *h = user;
    (void)err;
    (void)errsz;
    snprintf(h->save_id, sizeof h->save_id, "%s", id);
    memcpy(h->save, data, 256);
    h->have_save = 1;
    return 0;
}

static mote8 *boot(flow_host *h, const char *path)
{
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.mute = 1;
    cfg.platform = (mote8_platform){ .user = h, .printh = fh_printh, .read_file = fh_read,
                                     .write_file = fh_write, .load_data = fh_load,
                                     .save_data = fh_save };
    mote8 *m8 = mote8_create(&cfg);
    cr_assert(m8);
    int i = find(h, path);
    cr_assert(i >= 0, "no file %s", path);
    cr_assert_eq(mote8_load_cart(m8, h->data[i], h->len[i], path), 0, "%s", mote8_error(m8));
    return m8;
}

/* Tick until `frames` ticks ran or the status is not RUNNING; returns the status. */
static int run_ticks(mote8 *m8, int frames)
{
    int st = MOTE8_RUNNING;
    for (int f = 0; f < frames && st == MOTE8_RUNNING; f++) st = mote8_tick(m8, NULL);
    return st;
}

Test(cart_flow, names_are_tried_as_given_then_p8_then_p8_png_in_the_carts_folder)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/a.p8", HEADER "load(\"level\")\n");
    put_text(&h, "games/level.p8.png", "not really a picture");
    mote8 *m8 = boot(&h, "games/a.p8");
    h.asked[0] = 0;
    run_ticks(m8, 3);
    cr_expect_str_eq(h.asked, "games/level;games/level.p8;games/level.p8.png;");
    /* found as level.p8.png, whose bytes are no picture: the error names that file */
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_ERROR);
    cr_expect(strstr(mote8_error(m8), "games/level.p8.png: ") == mote8_error(m8), "%s",
              mote8_error(m8));
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, a_name_with_a_cart_extension_is_tried_only_as_given)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/a.p8", HEADER "load(\"b.p8\")\n");
    put_text(&h, "games/b.p8", HEADER "printh(\"b runs\")\n");
    mote8 *m8 = boot(&h, "games/a.p8");
    h.asked[0] = 0;
    run_ticks(m8, 3);
    cr_expect_str_eq(h.asked, "games/b.p8;");
    cr_expect_str_eq(h.printed, "b runs\n");
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, a_missing_cart_names_the_name_the_files_tried_and_the_folder)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/a.p8", HEADER "x = 1\n-->8\nfunction _update()\n load(\"gmae\")\nend\n");
    mote8 *m8 = boot(&h, "games/a.p8");
    cr_assert_eq(run_ticks(m8, 5), MOTE8_ERROR);
    const char *e = mote8_error(m8);
    cr_expect(strstr(e, "games/a.p8: tab 1, line 2: load: no cart \"gmae\" in games "
                        "(tried gmae, gmae.p8, gmae.p8.png)") == e, "%s", e);
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, a_broken_cart_reports_its_own_file_tab_and_line)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/a.p8", HEADER "load(\"broken\")\n");
    put_text(&h, "games/broken.p8", HEADER "x = 1\n-->8\ny = 2\nif then\n");
    mote8 *m8 = boot(&h, "games/a.p8");
    cr_assert_eq(run_ticks(m8, 5), MOTE8_ERROR);
    const char *e = mote8_error(m8);
    cr_expect(strstr(e, "games/broken.p8: tab 1, line 2: ") == e, "%s", e);
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, load_passes_the_parameter_and_the_breadcrumb_leads_back_through_the_menu)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/a.p8", HEADER
             "printh(\"a [\"..stat(6)..\"] \"..tostr(stat(100)))\n"
             "function _update() load(\"b\", \"back to a\", \"level=3\") end\n");
    put_text(&h, "games/b.p8", HEADER
             "printh(\"b [\"..stat(6)..\"] \"..tostr(stat(100)))\n"
             "function _draw() cls(2) end\n");
    mote8 *m8 = boot(&h, "games/a.p8");
    cr_assert_eq(run_ticks(m8, 4), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_str_eq(h.printed, "a [] [nil]\nb [level=3] back to a\n");
    cr_expect_str_eq(mote8_breadcrumb(m8), "back to a");

    m8_pause_menu pm;
    m8_pause_menu_open(&pm, m8);
    int back = -1;
    for (int i = 0; i < pm.count; i++)
        if (pm.kind[i] == M8_LINE_BACK) back = i;
    cr_assert(back > 0, "no breadcrumb line in the pause menu");
    cr_expect_str_eq(pm.labels[back], "back to a");
    cr_expect_eq(pm.kind[back + 1], M8_LINE_RESET, "the way back sits above reset cart");
    pm.selected = back;
    h.printed[0] = 0;
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_CONTINUE);
    cr_expect(!pm.open);
    mote8_tick(m8, NULL);
    cr_expect_str_eq(h.printed, "a [] [nil]\n", "back in a, without a parameter or breadcrumb");
    cr_expect(mote8_breadcrumb(m8) == NULL);
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, extcmd_go_back_follows_the_breadcrumb_and_is_ignored_without_one)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/a.p8", HEADER
             "printh(\"a\")\n"
             "function _update() if t() > 0.05 then load(\"b\", \"back\") end end\n");
    put_text(&h, "games/b.p8", HEADER
             "printh(\"b\") n = 0\n"
             "function _update() n += 1 if n == 3 then extcmd(\"go_back\") printh(\"not here\") end end\n");
    put_text(&h, "games/c.p8", HEADER
             "extcmd(\"go_back\") printh(\"c goes on\")\n");
    mote8 *m8 = boot(&h, "games/a.p8");
    cr_assert_eq(run_ticks(m8, 8), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect(strncmp(h.printed, "a\nb\na\n", 6) == 0, "%s", h.printed);
    mote8_destroy(m8);
    h.printed[0] = 0;
    m8 = boot(&h, "games/c.p8");
    cr_expect_neq(run_ticks(m8, 2), MOTE8_ERROR, "%s", mote8_error(m8));
    cr_expect_str_eq(h.printed, "c goes on\n");
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, cartdata_saved_by_one_cart_is_read_by_the_next)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/menu.p8", HEADER
             "cartdata(\"flow_shared\") dset(4, 42)\n"
             "function _update() load(\"game\") end\n");
    put_text(&h, "games/game.p8", HEADER
             "cartdata(\"flow_shared\") printh(\"got \"..dget(4))\n"
             "function _draw() end\n");
    mote8 *m8 = boot(&h, "games/menu.p8");
    cr_assert_eq(run_ticks(m8, 4), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_str_eq(h.printed, "got 42\n");
    cr_expect(mote8_breadcrumb(m8) == NULL, "no breadcrumb given");
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, without_platform_saves_cartdata_still_reaches_the_next_cart_of_the_run)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/menu.p8", HEADER
             "cartdata(\"flow_kept\") dset(4, 7)\n"
             "function _update() load(\"game\") end\n");
    put_text(&h, "games/game.p8", HEADER
             "printh(\"first \"..tostr(cartdata(\"flow_kept\"))..\" \"..dget(4))\n"
             "function _draw() end\n");
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.mute = 1;
    cfg.platform = (mote8_platform){ .user = &h, .printh = fh_printh, .read_file = fh_read };
    mote8 *m8 = mote8_create(&cfg);
    cr_assert(m8);
    int i = find(&h, "games/menu.p8");
    cr_assert_eq(mote8_load_cart(m8, h.data[i], h.len[i], "games/menu.p8"), 0);
    cr_assert_eq(run_ticks(m8, 4), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_str_eq(h.printed, "first true 7\n");
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, run_restarts_the_top_level_code_with_a_parameter)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/r.p8", HEADER
             "printh(\"top [\"..stat(6)..\"]\")\n"
             "function _update()\n"
             " if stat(6) == \"\" then run(\"again\") end\n"
             " if stat(6) == \"again\" then extcmd(\"reset\") end\n"
             "end\n");
    mote8 *m8 = boot(&h, "games/r.p8");
    cr_assert_eq(run_ticks(m8, 5), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect(strncmp(h.printed, "top []\ntop [again]\ntop []\ntop [again]\n", 38) == 0, "%s",
              h.printed);
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, stop_ends_the_cart_keeps_the_screen_even_from_a_coroutine)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/s.p8", HEADER
             "n = 0\n"
             "function _update()\n"
             " n += 1\n"
             " if n == 3 then\n"
             "  local co = cocreate(function() stop(\"bye\") end)\n"
             "  coresume(co)\n"
             "  printh(\"still running\")\n"
             " end\n"
             "end\n"
             "function _draw() cls(n) end\n");
    mote8 *m8 = boot(&h, "games/s.p8");
    cr_assert_eq(run_ticks(m8, 10), MOTE8_STOPPED, "%s", mote8_error(m8));
    cr_expect_str_eq(h.printed, "bye\n");
    static uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3], again[sizeof rgb];
    mote8_screen_rgb(m8, rgb);
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_STOPPED);
    mote8_screen_rgb(m8, again);
    cr_expect(memcmp(rgb, again, sizeof rgb) == 0, "the screen stays after stop()");
    cr_expect(rgb[0] == 0x7e && rgb[1] == 0x25 && rgb[2] == 0x53, "frame 2 drew cls(2): %02x%02x%02x",
              rgb[0], rgb[1], rgb[2]);
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, extcmd_pause_and_shutdown_reach_the_host_others_are_ignored)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/x.p8", HEADER
             "n = 0\n"
             "function _update()\n"
             " n += 1\n"
             " if n == 2 then extcmd(\"pause\") extcmd(\"screen\", 4) extcmd(\"set_title\", \"x\") end\n"
             " if n == 4 then extcmd(\"shutdown\") printh(\"not here\") end\n"
             "end\n");
    mote8 *m8 = boot(&h, "games/x.p8");
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    cr_expect_eq(mote8_pause_requested(m8), 0);
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_eq(mote8_pause_requested(m8), 1);
    cr_expect_eq(mote8_pause_requested(m8), 0, "reported once");
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_SHUTDOWN);
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_SHUTDOWN);
    cr_expect_str_eq(h.printed, "");
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, a_menu_item_can_load_another_cart)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/a.p8", HEADER
             "menuitem(1, \"to b\", function() load(\"b\", \"back to a\") end)\n"
             "function _draw() end\n");
    put_text(&h, "games/b.p8", HEADER "printh(\"b\") function _draw() end\n");
    mote8 *m8 = boot(&h, "games/a.p8");
    cr_assert_eq(run_ticks(m8, 2), MOTE8_RUNNING);
    cr_expect_eq(mote8_menu_activate(m8, 1, 32), 0);
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    cr_expect_str_eq(h.printed, "b\n");
    cr_expect_str_eq(mote8_breadcrumb(m8), "back to a");
    mote8_destroy(m8);
    host_free(&h);
}

Test(cart_flow, reload_and_cstore_with_a_png_cart_keep_its_format)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    /* a .p8.png data cart made from text through the cart-files API */
    static const char data_p8[] = HEADER "function _draw() cls(3) end\n"
                                  "__gfx__\n0123456789abcdef\n";
    char err[256];
    mote8_cart *c = mote8_cart_decode(data_p8, strlen(data_p8), "data.p8", err, sizeof err);
    cr_assert(c, "%s", err);
    size_t png_len = 0;
    void *png = mote8_cart_encode(c, MOTE8_CART_PNG, &png_len, err, sizeof err);
    cr_assert(png, "%s", err);
    mote8_cart_destroy(c);
    put(&h, "games/data.p8.png", png, png_len);
    free(png);

    put_text(&h, "games/w.p8", HEADER
             "reload(0x4300, 0, 2, \"data\")\n"
             "printh(\"read \"..peek(0x4300)..\" \"..peek(0x4301))\n"
             "poke(0x4400, 0x21, 0x43)\n"
             "cstore(2, 0x4400, 2, \"data\")\n"
             "cstore(0, 0x4400, 2, \"fresh\")\n"
             "reload(0x4500, 0, 4, \"data\")\n"
             "printh(\"now \"..peek(0x4500)..\" \"..peek(0x4501)..\" \"..peek(0x4502)..\" \"..peek(0x4503))\n"
             "function _draw() end\n");
    mote8 *m8 = boot(&h, "games/w.p8");
    cr_assert_eq(run_ticks(m8, 2), MOTE8_RUNNING, "%s", mote8_error(m8));
    /* pixels 0,1 -> byte 0x10, pixels 2,3 -> 0x32 */
    cr_expect_str_eq(h.printed, "read 16 50\nnow 16 50 33 67\n");
    mote8_destroy(m8);

    int i = find(&h, "games/data.p8.png");
    cr_assert(i >= 0);
    cr_expect(h.len[i] > 8 && memcmp(h.data[i] + 1, "PNG", 3) == 0, "written back as a PNG");
    c = mote8_cart_decode(h.data[i], h.len[i], "data.p8.png", err, sizeof err);
    cr_assert(c, "%s", err);
    mote8_cart_info info;
    mote8_cart_describe(c, &info);
    cr_expect_eq(info.format, MOTE8_CART_PNG);
    cr_expect(info.has_label, "the label is kept");
    cr_expect(info.code_chars > 10, "the code is kept");
    mote8_cart_destroy(c);

    i = find(&h, "games/fresh.p8");
    cr_assert(i >= 0, "cstore to a missing cart creates name.p8");
    cr_expect(strstr(h.data[i], "__gfx__\n1234") != NULL, "%s", h.data[i]);
    host_free(&h);
}

Test(cart_flow, reload_and_cstore_errors_name_the_cart_and_why)
{
    static flow_host h;
    memset(&h, 0, sizeof h);
    put_text(&h, "games/locked.p8", HEADER "x = 1\n");
    put_text(&h, "games/w.p8", HEADER "cstore(0, 0, 4, \"locked\")\n");
    put_text(&h, "games/r.p8", HEADER "x = 1\nreload(0, 0, 4, \"lost\")\n");
    mote8 *m8 = boot(&h, "games/w.p8");
    cr_assert_eq(run_ticks(m8, 2), MOTE8_ERROR);
    const char *e = mote8_error(m8);
    cr_expect(strstr(e, "games/w.p8: tab 0, line 1: cstore: cannot write the cart: "
                        "games/locked.p8: read-only") == e, "%s", e);
    mote8_destroy(m8);
    m8 = boot(&h, "games/r.p8");
    cr_assert_eq(run_ticks(m8, 2), MOTE8_ERROR);
    e = mote8_error(m8);
    cr_expect(strstr(e, "games/r.p8: tab 0, line 2: reload: no cart \"lost\" in games "
                        "(tried lost, lost.p8, lost.p8.png)") == e, "%s", e);
    mote8_destroy(m8);
    host_free(&h);
}
