/* test_cart_names.c - m8_cart_name_resolve (runtime/core/cart_names.c), the one check of the
 * names a cart gives (load, reload, cstore, #include, printh's file, the cartdata id).
 * Depends on: cart_names.h, Criterion. */
#include <criterion/criterion.h>
#include <string.h>
#include "cart_names.h"

static int cart_file(const char *cart, const char *name, size_t len, const char *ext, char *out,
                     size_t outsz, char *err)
{
    return m8_cart_name_resolve(M8_NAME_CART_FILE, cart, name, len, ext, out, outsz, err, 300);
}

Test(cart_names, cart_files_join_the_running_carts_folder)
{
    char out[256], err[300];
    cr_assert_eq(cart_file("games/a.p8", "levels", 6, ".p8", out, sizeof out, err), 0, "%s", err);
    cr_expect_str_eq(out, "games/levels.p8");
    cr_assert_eq(cart_file("/home/u/games/a.p8", "sub/b.p8.png", 12, NULL, out, sizeof out, err),
                 0, "%s", err);
    cr_expect_str_eq(out, "/home/u/games/sub/b.p8.png");
    cr_assert_eq(cart_file("hello.p8", "x.lua", 5, "", out, sizeof out, err), 0, "%s", err);
    cr_expect_str_eq(out, "x.lua");
    cr_assert_eq(cart_file(NULL, "a..b/.x/c..", 11, "", out, sizeof out, err), 0, "%s", err);
    cr_expect_str_eq(out, "a..b/.x/c..");       /* dots inside a component are fine */
}

Test(cart_names, names_that_leave_the_folder_are_refused)
{
    static const struct { const char *name; size_t len; const char *why; } bad[] = {
        { "/etc/passwd", 11, "(an absolute path)" },
        { "../x", 4, "(a \"..\" component)" },
        { "a/../../x", 9, "(a \"..\" component)" },
        { "a/..", 4, "(a \"..\" component)" },
        { "..", 2, "(a \"..\" component)" },
        { "~/x", 3, "(a path from a home folder)" },
        { "..\\x", 4, "(a backslash)" },
        { "a\nb", 3, "(a control character)" },
        { "a\0/../../x", 10, "(a control character)" },
        { "", 0, "(an empty name)" },
    };
    char out[256], err[300];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_eq(cart_file("games/a.p8", bad[i].name, bad[i].len, "", out, sizeof out, err),
                     -1, "%s was accepted", bad[i].name);
        cr_expect(strstr(err, "only files in the cart's folder and below can be named") &&
                  strstr(err, bad[i].why), "%s: %s", bad[i].name, err);
    }
    char longname[300];
    memset(longname, 'a', sizeof longname);
    cr_expect_eq(cart_file("a.p8", longname, M8_CART_NAME_MAX + 1, "", out, sizeof out, err), -1);
    cr_expect(strstr(err, "longer than 200") != NULL, "%s", err);
    cr_expect(strstr(err, "...") != NULL, "a long name is cut in the message: %s", err);
    cr_expect_eq(cart_file("a.p8", longname, M8_CART_NAME_MAX, "", out, sizeof out, err), 0,
                 "%s", err);
    /* a path that does not fit is an error, never cut */
    cr_expect_eq(cart_file("a.p8", longname, 100, ".p8", out, 50, err), -1);
    /* control characters are not shown as they are (terminal escapes) */
    cr_expect_eq(cart_file("a.p8", "\x1b[2J", 4, "", out, sizeof out, err), -1);
    cr_expect(strstr(err, "\"?[2J\"") != NULL, "%s", err);
}

Test(cart_names, output_files_and_data_ids_are_plain_names)
{
    char out[80], err[300];
    cr_expect_eq(m8_cart_name_resolve(M8_NAME_OUTPUT_FILE, "a/b.p8", "Log_1.txt", 9, NULL, out,
                                      sizeof out, err, sizeof err), 0);
    cr_expect_str_eq(out, "Log_1.txt");           /* never joined to the cart's folder */
    static const char *const bad_out[] = { "../x", "a/b", ".hidden", "", "a b" };
    for (size_t i = 0; i < 5; i++) {
        cr_expect_eq(m8_cart_name_resolve(M8_NAME_OUTPUT_FILE, NULL, bad_out[i],
                                          strlen(bad_out[i]), NULL, out, sizeof out, err,
                                          sizeof err), -1, "%s", bad_out[i]);
        cr_expect(strstr(err, "bad file name") != NULL, "%s", err);
    }
    cr_expect_eq(m8_cart_name_resolve(M8_NAME_DATA_ID, NULL, "my_game-1", 9, NULL, NULL, 0, err,
                                      sizeof err), 0);
    static const char *const bad_id[] = { "../x", "A", "a.b", "" };
    for (size_t i = 0; i < 4; i++) {
        cr_expect_eq(m8_cart_name_resolve(M8_NAME_DATA_ID, NULL, bad_id[i], strlen(bad_id[i]),
                                          NULL, NULL, 0, err, sizeof err), -1, "%s", bad_id[i]);
        cr_expect(strstr(err, "bad id") != NULL, "%s", err);
    }
}
