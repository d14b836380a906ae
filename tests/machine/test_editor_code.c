/* test_editor_code.c - the code editor (runtime/editor/editor_code.c) and its door: token
 * and character counts of snippets worked out by hand from reference 6.4's rules; typing,
 * Enter's indentation, Backspace stopping at a tab's start, undo and redo; Ctrl+F search
 * across tabs and Ctrl+L; the mouse placing the cursor and dragging a selection that
 * scrolls past the text's edge; a save rewrites only __lua__ (every other byte kept), and
 * every .p8 of ../shared/carts/real takes a line typed at its top with the rest of the file
 * kept; a restart runs the editor's unsaved code; a cart error opens the editor at its tab
 * and line, marked, its message in the bottom bar; the guard against overwriting a file
 * changed on disk; 100 runs of 60 random keys, texts and clicks undone and redone exactly.
 * Depends on: m8_test_util.h, editor.h (runtime/editor), dialect/token_count.h (api),
 * cart.h, palette.h (runtime/core), platform_posix.h, Criterion. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"
#include "dialect/token_count.h"
#include "editor.h"
#include "m8_test_util.h"
#include "palette.h"
#include "platform_posix.h"

#define REAL_DIR M8_SHARED_DIR "/carts/real"

static char *cart_of(const char *code, size_t *len)
{
    static const char head[] = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n";
    static const char tail[] = "\n__gfx__\n0123456700000000\n__sfx__\n"
                               "000100000c0500c0500c0500c05000000000000000000000000000000000000000000000000000000000000000000\n"
                               "__meta:notes__\nkeep me\n";
    char *t = malloc(strlen(head) + strlen(code) + strlen(tail) + 1);
    strcpy(t, head);
    strcat(t, code);
    strcat(t, tail);
    *len = strlen(t);
    return t;
}

/* An editor (not through the door) on a cart of `code`, counting with the dialect's
 * counter, showing the code editor. */
static m8_editor *code_editor(const char *code)
{
    size_t len;
    char *text = cart_of(code, &len);
    m8_cart cart;
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_p8(&cart, text, len, &err), 0, "%s", err.message);
    m8_editor *ed = m8_editor_new(&cart, text, len);
    m8_cart_free(&cart);
    free(text);
    cr_assert(ed);
    m8_editor_code_hooks hooks = { m8_count_tokens, NULL };
    m8_editor_code_hooks_set(ed, &hooks);
    m8_editor_key(ed, M8_KEY_TAB, M8_MOD_CTRL | M8_MOD_SHIFT);  /* spr -> code, the last */
    cr_assert(m8_editor_wants_text(ed), "Ctrl+Shift+Tab reaches the code editor");
    return ed;
}

static const char *code_now(m8_editor *ed)
{
    static char buf[8192];
    size_t len;
    const char *c = m8_editor_code(ed, &len);
    snprintf(buf, sizeof buf, "%.*s", (int)len, c);
    return buf;
}

Test(editor_code, token_and_character_counts)
{
    /* worked out by hand (reference 6.4): free are , . : ; :: ) ] } end local, comments,
     * and a - glued to a number where it cannot be binary */
    static const struct { const char *code; int tokens; } cases[] = {
        { "x=1", 3 },                                   /* x = 1 */
        { "local a,b=-1,\"s\" -- hi", 5 },             /* a b = 1 "s" */
        { "function f(t) return t.x:y() end", 9 },      /* function f ( t return t x y ( */
        { "a=b-1 c={1,2} d[1]+=0x1.8", 15 },            /* binary -: 5; c = { 1 2: 5; d [ 1 += 0x1.8: 5 */
        { "a=1\n-->8\nb=2", 6 },                        /* the tab line is a comment */
        { "if (x!=y) print(x\\2)", 10 },                 /* if ( x != y print ( x \ 2 */
        { "--[[ all\nof this ]] q=\"--\"", 3 },         /* q = "--" */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        m8_editor *ed = code_editor(cases[i].code);
        int tokens, chars;
        m8_editor_code_counts(ed, &tokens, &chars);
        cr_expect_eq(tokens, cases[i].tokens, "tokens of %s: %d, worked out %d", cases[i].code, tokens, cases[i].tokens);
        cr_expect_eq(chars, (int)strlen(cases[i].code), "characters of %s", cases[i].code);
        m8_editor_free(ed);
    }
    m8_editor *ed = code_editor("x=1");
    m8_editor_text(ed, " y=2");                         /* the count follows the typing */
    int tokens, chars;
    m8_editor_code_counts(ed, &tokens, &chars);
    cr_expect_eq(tokens, 6);
    cr_expect_eq(chars, 7);
    m8_editor_free(ed);
}

Test(editor_code, typing_enter_backspace_undo_redo)
{
    m8_editor *ed = code_editor("function a()\n\tb()\nend\n-->8\nc=1");
    m8_editor_key(ed, M8_KEY_DOWN, 0);
    m8_editor_key(ed, M8_KEY_END, 0);                   /* after "\tb()" */
    m8_editor_key(ed, M8_KEY_ENTER, 0);                 /* keeps the tab */
    m8_editor_text(ed, "d()");
    cr_expect_str_eq(code_now(ed), "function a()\n\tb()\n\td()\nend\n-->8\nc=1");
    int tab, line, col;
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(tab == 0 && line == 3 && col == 5, "cursor at tab %d line %d col %d", tab, line, col);
    cr_expect(m8_editor_unsaved(ed));
    m8_editor_key(ed, M8_KEY_PAGEDOWN, M8_MOD_CTRL);    /* tab 1 */
    m8_editor_key(ed, M8_KEY_BACKSPACE, 0);             /* at the tab's start: nothing */
    m8_editor_text(ed, "E");                            /* upper case kept */
    m8_editor_key(ed, M8_KEY_DELETE, 0);                /* the 'c' */
    cr_expect_str_eq(code_now(ed), "function a()\n\tb()\n\td()\nend\n-->8\nE=1");
    cr_expect_eq(m8_editor_key(ed, 'z', M8_MOD_CTRL), M8_EDITOR_ACT_NONE);
    cr_expect_str_eq(code_now(ed), "function a()\n\tb()\n\td()\nend\n-->8\nEc=1");
    m8_editor_key(ed, 'z', M8_MOD_CTRL);
    m8_editor_key(ed, 'z', M8_MOD_CTRL);
    m8_editor_key(ed, 'z', M8_MOD_CTRL);                /* the Enter */
    cr_expect_str_eq(code_now(ed), "function a()\n\tb()\nend\n-->8\nc=1");
    cr_expect(!m8_editor_unsaved(ed), "all undone: nothing unsaved");
    m8_editor_key(ed, 'y', M8_MOD_CTRL);
    m8_editor_key(ed, 'y', M8_MOD_CTRL);
    cr_expect_str_eq(code_now(ed), "function a()\n\tb()\n\td()\nend\n-->8\nc=1");
    /* a selection typed over, cut and pasted */
    m8_editor_key(ed, M8_KEY_PAGEUP, M8_MOD_CTRL);      /* tab 0 */
    m8_editor_key(ed, M8_KEY_HOME, M8_MOD_CTRL);
    m8_editor_key(ed, M8_KEY_RIGHT, M8_MOD_SHIFT);
    m8_editor_key(ed, M8_KEY_RIGHT, M8_MOD_SHIFT);
    m8_editor_key(ed, 'x', M8_MOD_CTRL);                /* "fu" */
    m8_editor_key(ed, M8_KEY_END, 0);
    m8_editor_key(ed, 'v', M8_MOD_CTRL);
    cr_expect_str_eq(code_now(ed), "nction a()fu\n\tb()\n\td()\nend\n-->8\nc=1");
    m8_editor_free(ed);
}

Test(editor_code, search_and_go_to_line)
{
    m8_editor *ed = code_editor("x=1\nfoo()\n-->8\n-- tab one\n\nFoo(2)\n-->8\nfoo(3)");
    int tab, line, col;
    m8_editor_key(ed, 'f', M8_MOD_CTRL);
    m8_editor_text(ed, "foo");
    m8_editor_key(ed, M8_KEY_ENTER, 0);
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(tab == 0 && line == 2 && col == 4, "1st: tab %d line %d col %d", tab, line, col);
    m8_editor_key(ed, M8_KEY_ENTER, 0);                 /* next: case ignored */
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(tab == 1 && line == 3 && col == 4, "2nd: tab %d line %d col %d", tab, line, col);
    m8_editor_key(ed, M8_KEY_ENTER, 0);
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(tab == 2 && line == 1 && col == 4, "3rd: tab %d line %d col %d", tab, line, col);
    m8_editor_key(ed, M8_KEY_ENTER, 0);                 /* wraps to the first */
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(tab == 0 && line == 2, "wrapped: tab %d line %d", tab, line);
    cr_expect_eq(m8_editor_key(ed, M8_KEY_ESCAPE, 0), M8_EDITOR_ACT_NONE, "Escape closes the prompt");
    m8_editor_text(ed, "bar");                          /* types over the match */
    cr_expect_str_eq(code_now(ed), "x=1\nbar()\n-->8\n-- tab one\n\nFoo(2)\n-->8\nfoo(3)");
    cr_expect_eq(m8_editor_key(ed, M8_KEY_ESCAPE, 0), M8_EDITOR_ACT_LEAVE);
    m8_editor_key(ed, M8_KEY_PAGEDOWN, M8_MOD_CTRL);
    m8_editor_key(ed, 'l', M8_MOD_CTRL);
    m8_editor_text(ed, "3x");                           /* digits only */
    m8_editor_key(ed, M8_KEY_ENTER, 0);
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(tab == 1 && line == 3 && col == 1, "go to line: tab %d line %d col %d", tab, line, col);
    m8_editor_key(ed, 'f', M8_MOD_CTRL);                /* the prompt holds "foo" ... */
    m8_editor_text(ed, "x=");                           /* ... which typing replaces */
    m8_editor_key(ed, M8_KEY_ENTER, 0);
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(tab == 0 && line == 1 && col == 3, "a new search: tab %d line %d col %d", tab, line, col);
    m8_editor_key(ed, M8_KEY_ESCAPE, 0);
    m8_editor_key(ed, 'f', M8_MOD_CTRL);                /* Enter alone searches "x=" again */
    m8_editor_key(ed, M8_KEY_ENTER, 0);
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(tab == 0 && line == 1, "the last search again: tab %d line %d", tab, line);
    m8_editor_free(ed);
}

/* The offsets of the __lua__ body (after its header line) and of the next section. */
static void lua_body(const char *t, size_t len, size_t *start, size_t *end)
{
    *start = *end = len;
    for (size_t pos = 0; pos < len;) {
        const char *nl = memchr(t + pos, '\n', len - pos);
        size_t next = nl ? (size_t)(nl - t) + 1 : len;
        if (pos > 0 && t[pos] == '_' && t[pos + 1] == '_') {
            if (*start < len && *end == len && pos > *start) *end = pos;
            if (strncmp(t + pos, "__lua__", 7) == 0) *start = next;
        }
        pos = next;
    }
}

Test(editor_code, save_rewrites_only_the_code)
{
    size_t len;
    char *text = cart_of("a=1\n-->8\nb=2", &len);
    mote8 *m8 = mote8_create(NULL);
    char err[600];
    cr_assert_eq(mote8_editor_open(m8, text, len, NULL, err, sizeof err), 0, "%s", err);
    mote8_editor_key(m8, MOTE8_KEY_TAB, MOTE8_MOD_CTRL | MOTE8_MOD_SHIFT);   /* -> code */
    size_t out_len;
    char *same = mote8_editor_cart_text(m8, 0, &out_len, err, sizeof err);
    cr_assert(same, "%s", err);
    cr_expect(out_len == len && memcmp(same, text, len) == 0, "no edit: the same bytes");
    free(same);
    mote8_editor_key(m8, MOTE8_KEY_PAGEDOWN, MOTE8_MOD_CTRL);
    mote8_editor_key(m8, MOTE8_KEY_END, 0);
    mote8_editor_text(m8, " c=3");
    char *saved = mote8_editor_cart_text(m8, 0, &out_len, err, sizeof err);
    cr_assert(saved, "%s", err);
    size_t len2;
    char *want = cart_of("a=1\n-->8\nb=2 c=3", &len2);
    cr_expect_str_eq(saved, want);
    free(saved);
    free(want);
    mote8_destroy(m8);
    free(text);
}

Test(editor_code, real_carts_take_a_typed_line, .timeout = 120)
{
    DIR *d = opendir(REAL_DIR);
    cr_assert(d, "no real carts at %s", REAL_DIR);
    int carts = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t nl = strlen(e->d_name);
        if (nl < 4 || strcmp(e->d_name + nl - 3, ".p8") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", REAL_DIR, e->d_name);
        size_t len = 0, out_len = 0;
        char *data = m8_read_file(path, &len, 1 << 24), err[600];
        cr_assert(data, "%s", path);
        mote8 *m8 = mote8_create(NULL);
        cr_assert_eq(mote8_editor_open(m8, data, len, path, err, sizeof err), 0, "%s", err);
        mote8_editor_key(m8, MOTE8_KEY_TAB, MOTE8_MOD_CTRL | MOTE8_MOD_SHIFT);   /* -> code */
        mote8_editor_key(m8, MOTE8_KEY_HOME, MOTE8_MOD_CTRL);
        mote8_editor_text(m8, "-- typed");
        mote8_editor_key(m8, MOTE8_KEY_ENTER, 0);
        char *saved = mote8_editor_cart_text(m8, 0, &out_len, err, sizeof err);
        cr_assert(saved, "%s: %s", path, err);
        size_t a0, a1, b0, b1;
        lua_body(data, len, &a0, &a1);
        lua_body(saved, out_len, &b0, &b1);
        cr_expect(a0 == b0 && memcmp(data, saved, a0) == 0, "%s: the text before the code changed", path);
        cr_expect(len - a1 == out_len - b1 && memcmp(data + a1, saved + b1, len - a1) == 0,
                  "%s: the text after the code changed", path);
        m8_cart before, after;
        m8_cart_error cerr;
        cr_assert_eq(m8_cart_read_p8(&before, data, len, &cerr), 0);
        cr_assert_eq(m8_cart_read_p8(&after, saved, out_len, &cerr), 0, "%s: %s", path, cerr.message);
        cr_expect(after.code_len == before.code_len + 9 && memcmp(after.code, "-- typed\n", 9) == 0 &&
                  memcmp(after.code + 9, before.code, before.code_len) == 0, "%s: the code read back", path);
        int ascii = 1;                                  /* a UTF-8 file's lines stay as they were */
        for (size_t i = a0; i < a1; i++) ascii &= (unsigned char)data[i] < 128;
        if (ascii && strstr(data, "\r\n") == NULL)
            cr_expect(b1 - b0 == a1 - a0 + 9 && memcmp(saved + b0 + 9, data + a0, a1 - a0) == 0,
                      "%s: a line of the code other than the typed one changed", path);
        m8_cart_free(&before);
        m8_cart_free(&after);
        free(saved);
        mote8_destroy(m8);
        free(data);
        carts++;
    }
    closedir(d);
    cr_expect_geq(carts, 30, "only %d .p8 carts in %s", carts, REAL_DIR);
}

/* The RGB of palette colour c. */
static void rgb_of(int c, uint8_t out[3]) { m8_palette_rgb(c, &out[0], &out[1], &out[2]); }

Test(editor_code, restart_runs_the_unsaved_code)
{
    size_t len;
    char *text = cart_of("function _draw() cls(1) end", &len);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, text, len, "c.p8"), 0, "%s", mote8_error(m8));
    char err[600];
    cr_assert_eq(mote8_editor_open(m8, text, len, NULL, err, sizeof err), 0, "%s", err);
    mote8_editor_key(m8, MOTE8_KEY_TAB, MOTE8_MOD_CTRL | MOTE8_MOD_SHIFT);   /* -> code */
    mote8_editor_key(m8, 'a', MOTE8_MOD_CTRL);
    mote8_editor_text(m8, "function _draw() cls(8) end");
    mote8_input in = { 0 };
    static uint8_t rgb[128 * 128 * 3];
    uint8_t want[3];
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    mote8_screen_rgb(m8, rgb);
    rgb_of(1, want);
    cr_expect(memcmp(rgb, want, 3) == 0, "before a restart the running cart keeps its code");
    cr_assert_eq(mote8_reset(m8), 0, "%s", mote8_error(m8));
    cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING);
    mote8_screen_rgb(m8, rgb);
    rgb_of(8, want);
    cr_expect(memcmp(rgb, want, 3) == 0, "the restart runs the editor's code");
    cr_expect(mote8_editor_unsaved(m8), "still not saved");
    mote8_destroy(m8);
    free(text);
}

Test(editor_code, error_opens_at_its_line)
{
    size_t len;
    char *text = cart_of("function _update() end\n-->8\n-- tab 1\n\nfunction _draw() error(\"boom\") end", &len);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, text, len, "e.p8"), 0, "%s", mote8_error(m8));
    mote8_input in = { 0 };
    int status = MOTE8_RUNNING;
    for (int i = 0; i < 5 && status == MOTE8_RUNNING; i++) status = mote8_tick(m8, &in);
    cr_assert_eq(status, MOTE8_ERROR);
    cr_expect(strstr(mote8_error(m8), "tab 1, line 3"), "%s", mote8_error(m8));
    char err[600];
    cr_assert_eq(mote8_editor_open(m8, text, len, NULL, err, sizeof err), 0, "%s", err);
    mote8_editor_enter(m8);
    int tab, line, col;
    mote8_editor_code_position(m8, &tab, &line, &col);
    cr_expect(tab == 1 && line == 3 && col == 1, "at tab %d line %d", tab, line);
    cr_expect(mote8_editor_wants_text(m8), "the code editor shows");
    static uint8_t rgb[128 * 128 * 3];
    uint8_t mark[3], plain[3];
    mote8_editor_frame(m8, rgb);
    rgb_of(2, mark);
    rgb_of(1, plain);
    int y = 15 + 2 * 6 - 1;             /* the third row (line 3): its blank top pixel row */
    cr_expect(memcmp(rgb + (y * 128 + 64) * 3, mark, 3) == 0, "the error line is marked");
    cr_expect(memcmp(rgb + ((y + 6) * 128 + 64) * 3, plain, 3) == 0, "the next line is not");
    int ink = 0;                                        /* the message's white text */
    for (int x = 0; x < 128; x++) ink += rgb[((121 + 3) * 128 + x) * 3] == 0xff && rgb[((121 + 3) * 128 + x) * 3 + 1] == 0xf1;
    cr_expect_gt(ink, 10, "the error's message shows in the bottom bar");
    mote8_editor_key(m8, MOTE8_KEY_PAGEUP, MOTE8_MOD_CTRL);
    mote8_editor_enter(m8);                             /* once per error */
    mote8_editor_code_position(m8, &tab, &line, &col);
    cr_expect_eq(tab, 0);
    mote8_destroy(m8);
    free(text);

    /* a syntax error names its line too */
    text = cart_of("x=1\n-->8\ny=2\nif x then", &len);
    m8 = mote8_create(&cfg);
    cr_assert_neq(mote8_load_cart(m8, text, len, "s.p8"), 0);
    cr_assert_eq(mote8_editor_open(m8, text, len, NULL, err, sizeof err), 0, "%s", err);
    mote8_editor_enter(m8);
    mote8_editor_code_position(m8, &tab, &line, &col);
    cr_expect(tab == 1 && line >= 2, "syntax error at tab %d line %d (%s)", tab, line, mote8_error(m8));
    mote8_destroy(m8);
    free(text);
}

static void write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "%s", path);
    fwrite(text, 1, len, f);
    fclose(f);
}

Test(editor_code, a_file_changed_on_disk_is_not_overwritten_silently)
{
    const char *path = m8t_tmp_path("edcode", "disk.p8");
    size_t len, len2, got_len;
    char *text = cart_of("a=1", &len), *outside = cart_of("a=2 -- outside", &len2);
    write_file(path, text, len);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    m8_posix_platform(&cfg.platform);
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, text, len, path), 0, "%s", mote8_error(m8));
    char err[600];
    cr_assert_eq(mote8_editor_open(m8, text, len, path, err, sizeof err), 0, "%s", err);
    mote8_editor_key(m8, MOTE8_KEY_TAB, MOTE8_MOD_CTRL | MOTE8_MOD_SHIFT);   /* -> code */
    /* no unsaved edits: a new file (--watch, Ctrl+R) is taken as it is */
    cr_assert_eq(mote8_load_cart(m8, outside, len2, path), 0, "%s", mote8_error(m8));
    char *now = mote8_editor_cart_text(m8, 0, &got_len, err, sizeof err);
    cr_expect(now && got_len == len2 && memcmp(now, outside, len2) == 0, "the editor took the new file");
    free(now);
    /* unsaved edits, then an outside editor writes the file */
    mote8_editor_key(m8, MOTE8_KEY_END, 0);
    mote8_editor_text(m8, " b=1");
    write_file(path, text, len);
    cr_assert_eq(mote8_load_cart(m8, text, len, path), 0, "%s", mote8_error(m8));   /* --watch */
    cr_expect(mote8_editor_unsaved(m8), "the edits are kept");
    cr_expect_eq(mote8_editor_save(m8, err, sizeof err), -1, "the first save is refused");
    cr_expect(strstr(err, "changed on disk"), "%s", err);
    char *disk = m8_read_file(path, &got_len, 1 << 20);
    cr_expect(disk && got_len == len && memcmp(disk, text, len) == 0, "the file on disk is untouched");
    free(disk);
    cr_expect_eq(mote8_editor_save(m8, err, sizeof err), 0, "the second save overwrites: %s", err);
    disk = m8_read_file(path, &got_len, 1 << 20);
    size_t want_len;
    char *want = cart_of("a=2 -- outside b=1", &want_len);
    cr_expect(disk && got_len == want_len && memcmp(disk, want, want_len) == 0, "saved: %s", disk ? disk : "(none)");
    free(disk);
    free(want);
    /* no --watch: the file changes under the editor, the save sees it itself */
    mote8_editor_text(m8, " c=1");
    write_file(path, outside, len2);
    cr_expect_eq(mote8_editor_save(m8, err, sizeof err), -1, "refused again: %s", err);
    cr_expect_eq(mote8_editor_save(m8, err, sizeof err), 0, "%s", err);
    mote8_destroy(m8);
    free(text);
    free(outside);
}

/* Random keys, text and clicks (a fixed seed) over code with empty tabs at both ends, 60
 * steps (fewer than the 64 undo steps): the cursor stays in the code editor, undoing
 * everything gives back the code it started from, redoing everything the code it reached. */
Test(editor_code, random_edits_undo_and_redo)
{
    static const char *const start = "-->8\nfunction f()\n\treturn 1\nend\n-->8\n-->8\nx=\"a\\\"b\" --[[ c\nd ]]\n-->8";
    static const int keys[] = { M8_KEY_LEFT, M8_KEY_RIGHT, M8_KEY_UP, M8_KEY_DOWN, M8_KEY_TAB,
                                M8_KEY_ENTER, M8_KEY_DELETE, M8_KEY_BACKSPACE, M8_KEY_HOME,
                                M8_KEY_END, M8_KEY_PAGEUP, M8_KEY_PAGEDOWN, 'x', 'v', 'c', 'a' };
    static const char *const texts[] = { "a", " ", "-->8", "\xe2\x99\xa5", "(", "--[[", "\"" };
    for (uint32_t seed = 1; seed <= 100; seed++) {
        m8_editor *ed = code_editor(start);
        uint32_t r = seed;
        for (int step = 0; step < 60; step++) {
            r = r * 1103515245u + 12345u;
            uint32_t v = r >> 8;
            int what = (int)(v % 10);
            if (what < 5) {
                int key = keys[(v >> 4) % (sizeof keys / sizeof keys[0])];
                int mods = (int)((v >> 9) & 3);
                if (key == 'x' || key == 'v' || key == 'c' || key == 'a') mods = M8_MOD_CTRL;
                if (key == M8_KEY_TAB) mods &= ~M8_MOD_CTRL;            /* stay in the code editor */
                m8_editor_key(ed, key, mods);
            } else if (what < 8) {
                m8_editor_text(ed, texts[(v >> 4) % (sizeof texts / sizeof texts[0])]);
            } else {                                /* below the top bar's editor tabs */
                m8_editor_mouse(ed, (int)((v >> 4) % 128), 7 + (int)((v >> 11) % 121), (v >> 18) & 1,
                                (int)((v >> 19) % 3) - 1);
            }
            if (step % 7 == 0) m8_editor_frame(ed, NULL);
            int tab, line, col;
            m8_editor_code_position(ed, &tab, &line, &col);
            cr_assert(tab >= 0 && line >= 1 && col >= 1, "seed %u step %d: tab %d line %d col %d", seed, step, tab, line, col);
            cr_assert(m8_editor_wants_text(ed), "seed %u step %d: left the code editor", seed, step);
        }
        m8_editor_mouse(ed, 0, 127, 0, 0);
        char *reached = strdup(code_now(ed));
        for (int i = 0; i < 100; i++) m8_editor_key(ed, 'z', M8_MOD_CTRL);
        cr_expect_str_eq(code_now(ed), start, "seed %u: everything undone", seed);
        for (int i = 0; i < 100; i++) m8_editor_key(ed, 'y', M8_MOD_CTRL);
        cr_expect_str_eq(code_now(ed), reached, "seed %u: everything redone", seed);
        free(reached);
        m8_editor_free(ed);
    }
}

Test(editor_code, mouse_places_drags_and_scrolls)
{
    char code[2048] = "";
    for (int i = 1; i <= 40; i++) snprintf(code + strlen(code), sizeof code - strlen(code), "l%d=%d\n", i, i);
    m8_editor *ed = code_editor(code);
    int tab, line, col;
    m8_editor_mouse(ed, 1 + 4 * 2, 15 + 6 * 3 + 2, 1, 0);   /* row 3, column 2: line 4 */
    m8_editor_mouse(ed, 1 + 4 * 2, 15 + 6 * 3 + 2, 0, 0);
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect(line == 4 && col == 3, "click: line %d col %d", line, col);
    m8_editor_mouse(ed, 1, 15 + 6 * 3 + 2, 1, 0);            /* drag from line 4 ... */
    for (int i = 0; i < 5; i++) m8_editor_mouse(ed, 1 + i % 2, 125, 1, 0);   /* ... below the text */
    m8_editor_mouse(ed, 1, 125, 0, 0);
    m8_editor_code_position(ed, &tab, &line, &col);
    cr_expect_eq(line, 17 + 5, "five moves below the text scroll five lines: line %d", line);
    m8_editor_key(ed, 'c', M8_MOD_CTRL);
    m8_editor_key(ed, M8_KEY_END, M8_MOD_CTRL);
    m8_editor_key(ed, 'v', M8_MOD_CTRL);                     /* lines 4-21 pasted at the end */
    char want[4096];
    snprintf(want, sizeof want, "%s", code);
    for (int i = 4; i <= 21; i++) snprintf(want + strlen(want), sizeof want - strlen(want), "l%d=%d\n", i, i);
    cr_expect_str_eq(code_now(ed), want, "lines 4-21 dragged, copied and pasted at the end");
    m8_editor_free(ed);
}
