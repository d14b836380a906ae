/* test_error_screen.c - the kind of a cart's error through the door (mote8_error_kind: cart,
 * syntax, runtime, none) and the error screen mote8_show_error draws: the kind as its header,
 * the cart's name in its own case (shortened at its start when long), the message wrapped at
 * spaces, its words in their own case and the cart's text it quotes (the source line, 'names')
 * as the cart's bytes (docs/font.md). Screen rows are compared with the same text printed by the machine's own text
 * engine into a scratch RAM.
 * Depends on: Criterion, api/mote8.h, api/vm_internal.h, runtime/core (gfx, text). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "gfx.h"
#include "m8_test_util.h"
#include "mote8.h"
#include "text.h"
#include "vm_internal.h"

#define CART(code) "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n" code

static mote8 *make(void)
{
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_not_null(m8);
    return m8;
}

static int load(mote8 *m8, const char *text, const char *name)
{
    return mote8_load_cart(m8, text, strlen(text), name);
}

/* `s` in its own case as the font draws it: a-z to the small letters, A-Z to capitals. */
static const char *swapped(const char *s)
{
    static char out[256];
    size_t i = 0;
    for (; s[i] && i + 1 < sizeof out; i++) {
        char c = s[i];
        out[i] = c >= 'a' && c <= 'z' ? (char)(c - 32) : c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
    }
    out[i] = 0;
    return out;
}

/* `s` as the error screen shows a message line: swapped() outside '...' quotes, which are
 * the cart's text and stay as they are. */
static const char *host_line(const char *s)
{
    static char out[256];
    size_t i = 0;
    int quoted = 0;
    for (; s[i] && i + 1 < sizeof out; i++) {
        char c = s[i];
        if (c == '\'') quoted = !quoted;
        char sw[2] = { c, 0 };
        out[i] = quoted ? c : swapped(sw)[0];
    }
    out[i] = 0;
    return out;
}

/* 1 when screen rows y..y+5 of the machine equal `p8` (P8SCII) printed at 2,y in colour col
 * on black (x from 0 to 127). */
static int row_shows(mote8 *m8, int y, const char *p8, int col)
{
    static uint8_t ram[0x10000];
    memset(ram, 0, sizeof ram);
    m8_ram_reset_draw_state(ram);
    m8_cls(ram, 0);
    m8_text_print(ram, p8, (int)strlen(p8), 1, 2, y, 1, col, NULL, NULL);
    const uint8_t *screen = m8->machine->ram + 0x6000;
    return memcmp(screen + y * 64, ram + 0x6000 + y * 64, 6 * 64) == 0;
}

Test(error_screen, kinds_through_the_door)
{
    mote8 *m8 = make();
    cr_expect_eq(mote8_error_kind(m8), MOTE8_ERROR_NONE);
    cr_expect_eq(load(m8, "this is not a cart", "junk.p8"), -1);
    cr_expect_eq(mote8_error_kind(m8), MOTE8_ERROR_CART, "%s", mote8_error(m8));

    cr_expect_eq(load(m8, CART("x=1\nif x then\n"), "open.p8"), -1);    /* the translator's */
    cr_expect_eq(mote8_error_kind(m8), MOTE8_ERROR_SYNTAX, "%s", mote8_error(m8));
    cr_expect(strstr(mote8_error(m8), "open.p8: tab 0, line 2: syntax error: 'end' expected") != NULL,
              "%s", mote8_error(m8));

    cr_expect_eq(load(m8, CART("goto nowhere\n"), "goto.p8"), -1);      /* Lua's compiler */
    cr_expect_eq(mote8_error_kind(m8), MOTE8_ERROR_SYNTAX, "%s", mote8_error(m8));
    cr_expect(strstr(mote8_error(m8), "goto.p8: tab 0, line 1: syntax error: ") != NULL, "%s",
              mote8_error(m8));

    cr_expect_eq(load(m8, CART("function _update() x=nil+1 end\n"), "run.p8"), 0, "%s", mote8_error(m8));
    cr_expect_eq(mote8_error_kind(m8), MOTE8_ERROR_NONE);
    cr_expect_eq(mote8_tick(m8, NULL), MOTE8_ERROR);
    cr_expect_eq(mote8_error_kind(m8), MOTE8_ERROR_RUNTIME, "%s", mote8_error(m8));
    cr_expect(strstr(mote8_error(m8), "syntax error") == NULL, "%s", mote8_error(m8));

    cr_expect_str_eq(mote8_error_kind_name(MOTE8_ERROR_CART), "cart error");
    cr_expect_str_eq(mote8_error_kind_name(MOTE8_ERROR_SYNTAX), "syntax error");
    cr_expect_str_eq(mote8_error_kind_name(MOTE8_ERROR_RUNTIME), "runtime error");
    cr_expect_str_eq(mote8_error_kind_name(MOTE8_ERROR_NONE), "no error");
    mote8_destroy(m8);
}

/* The header names the kind, in the font's capitals, white on the red bar. */
static int header_shows(mote8 *m8, const char *kind)
{
    static uint8_t ram[0x10000];
    memset(ram, 0, sizeof ram);
    m8_ram_reset_draw_state(ram);
    m8_cls(ram, 0);
    m8_rectfill(ram, 0, 0, 127, 8, 8 << 16);
    m8_text_print(ram, kind, (int)strlen(kind), 1, 2, 2, 1, 7, NULL, NULL);
    return memcmp(m8->machine->ram + 0x6000, ram + 0x6000, 9 * 64) == 0;
}

Test(error_screen, header_names_the_kind)
{
    mote8 *m8 = make();
    cr_assert_eq(load(m8, CART("if then\n"), "s.p8"), -1);
    mote8_show_error(m8);
    cr_expect(header_shows(m8, "syntax error"));
    cr_expect(!header_shows(m8, "runtime error"), "the comparison must be able to fail");

    cr_assert_eq(load(m8, "\x89PNG\r\n\x1a\n", "c.p8.png"), -1);
    mote8_show_error(m8);
    cr_expect(header_shows(m8, "cart error"), "%s", mote8_error(m8));

    cr_assert_eq(load(m8, CART("function _draw() cls(12) error('boom') end\n"), "r.p8"), 0);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_ERROR);
    mote8_show_error(m8);
    cr_expect(header_shows(m8, "runtime error"));
    mote8_destroy(m8);
}

/* The name in its own case on its own line; the message below it without the file name and
 * without a second "syntax error". */
Test(error_screen, name_in_its_own_case_and_message_wrapped_at_spaces)
{
    mote8 *m8 = make();
    cr_assert_eq(load(m8, CART("x=1\nif x then\ny=2\n"), "Carts/MyGame.p8"), -1);
    mote8_show_error(m8);
    cr_expect(row_shows(m8, 12, swapped("Carts/MyGame.p8"), 6), "the name in its own case");
    cr_expect(!row_shows(m8, 12, "carts/mygame.p8", 6), "the name in capitals");
    /* "tab 0, line 3: 'end' expected near '<eof>' (to close 'if' at tab 0, line 2)", then
     * the source line */
    cr_expect(row_shows(m8, 20, host_line("tab 0, line 3: 'end' expected"), 7));
    cr_expect(row_shows(m8, 26, host_line("near '<eof>' (to close 'if' at"), 7));
    cr_expect(row_shows(m8, 32, swapped("tab 0, line 2)"), 7));
    cr_expect(row_shows(m8, 38, "  y=2", 7), "the source line as the cart's bytes");
    mote8_destroy(m8);
}

/* The cart's code as the editor shows it: the source line and the name the message quotes
 * keep the cart's bytes (lower case drawn with the capital-looking glyphs, upper case with
 * the small ones), the words around them their own case; the traceback too. */
Test(error_screen, the_carts_code_is_not_case_swapped)
{
    mote8 *m8 = make();
    cr_assert_eq(load(m8, CART("function _update()\n  Foo(1)\nend\n"), "r.p8"), 0);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_ERROR);
    cr_assert(strstr(mote8_error(m8), "(global 'Foo')\n  Foo(1)\n"), "%s", mote8_error(m8));
    mote8_show_error(m8);
    cr_expect(row_shows(m8, 20, swapped("tab 0, line 2: attempt to call"), 7), "%s", mote8_error(m8));
    cr_expect(row_shows(m8, 26, host_line("a nil value (global 'Foo')"), 7));
    cr_expect(!row_shows(m8, 26, swapped("a nil value (global 'Foo')"), 7), "the name swapped");
    cr_expect(row_shows(m8, 32, "  Foo(1)", 7), "the source line as the cart's bytes");
    cr_expect(!row_shows(m8, 32, swapped("  Foo(1)"), 7), "the comparison must be able to fail");
    mote8_destroy(m8);
}

Test(error_screen, a_long_name_keeps_its_end)
{
    mote8 *m8 = make();
    const char *name = "/home/someone/Carts/work in progress/Level Editor.p8";
    cr_assert_eq(load(m8, CART("if then\n"), name), -1);
    mote8_show_error(m8);
    static uint8_t ram[0x10000];
    memset(ram, 0, sizeof ram);
    m8_ram_reset_draw_state(ram);
    m8_cls(ram, 0);
    const char *end = swapped(name + strlen(name) - 28);   /* 31 columns: "..." and 28 */
    m8_text_print(ram, "...", 3, 1, 2, 12, 1, 6, NULL, NULL);
    m8_text_print(ram, end, 28, 1, 14, 12, 1, 6, NULL, NULL);
    cr_expect(memcmp(m8->machine->ram + 0x6000 + 12 * 64, ram + 0x6000 + 12 * 64, 6 * 64) == 0,
              "not \"...%s\"", name + strlen(name) - 28);
    mote8_destroy(m8);
}
