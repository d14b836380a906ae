/* test_capture.c - the window's captures (runtime/host/window/capture.c) without a window:
 * F7 on a bundled cart says the launcher keeps its own label, as m8_read_cart found the cart
 * (not guessed from the current directory); a profile folder when every CART_profile_N name
 * is taken is refused on screen and on stderr, and the one free name is found. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "capture.h"

static char folder[256];

static void fresh_folder(const char *tag)
{
    char cmd[600];
    snprintf(folder, sizeof folder, "/tmp/m8t_capture_%s_%d", tag, (int)getpid());
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", folder, folder);
    cr_assert_eq(system(cmd), 0);
}

static void remove_folder(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", folder);
    cr_expect_eq(system(cmd), 0);
}

/* The label of a cart the caller says is bundled says the launcher keeps the cart's own
 * picture; the same name as a user's file does not, whatever files the current directory
 * holds (capture.c used to stat the name and guessed wrong with a racer.p8 here). */
Test(capture, f7_message_follows_the_bundled_flag_given, .init = cr_redirect_stdout)
{
    fresh_folder("f7");
    static uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    m8_capture c;
    for (int bundled = 0; bundled < 2; bundled++) {
        cr_assert_eq(m8_capture_init(&c, folder, "racer.p8", bundled, 1), 0);
        cr_assert_eq(m8_capture_label(&c, rgb), 0);
        const char *msg = m8_capture_message(&c);
        cr_assert_not_null(msg);
        char want[400];
        if (bundled) snprintf(want, sizeof want, "label (the launcher keeps racer's own): %s/racer_label.png", folder);
        else snprintf(want, sizeof want, "label: %s/racer_label.png", folder);
        cr_expect_str_eq(msg, want);
        m8_capture_free(&c);
    }
    remove_folder();
}

/* All CART_profile_N taken: -1, said on screen and on stderr (the profile used to be dropped
 * without a word); with one name freed, that name. */
Test(capture, profile_folder_when_every_name_is_taken, .init = cr_redirect_stderr, .timeout = 60)
{
    fresh_folder("prof");
    m8_capture c;
    cr_assert_eq(m8_capture_init(&c, folder, "games/c.p8", 0, 1), 0);
    cr_assert_eq(c.numbers, M8_CAPTURE_NUMBERS);
    c.numbers = 1000;             /* as M8_CAPTURE_NUMBERS, without making 100000 folders */
    char cmd[700];
    snprintf(cmd, sizeof cmd, "cd %s && seq -f 'c_profile_%%.0f' 0 %d | xargs mkdir", folder,
             c.numbers - 1);
    cr_assert_eq(system(cmd), 0);
    char out[700], want[800];
    cr_expect_eq(m8_capture_profile_folder(&c, out, sizeof out), -1);
    snprintf(want, sizeof want, "profile not written: %s/c_profile_0 to _%d are all taken", folder,
             c.numbers - 1);
    const char *msg = m8_capture_message(&c);
    cr_expect(msg && strcmp(msg, want) == 0, "on screen: %s", msg ? msg : "(nothing)");
    fflush(stderr);
    strcat(want, "\n");
    cr_expect_stderr_eq_str(want);
    snprintf(cmd, sizeof cmd, "rmdir %s/c_profile_777", folder);
    cr_assert_eq(system(cmd), 0);
    cr_expect_eq(m8_capture_profile_folder(&c, out, sizeof out), 0);
    snprintf(want, sizeof want, "%s/c_profile_777", folder);
    cr_expect_str_eq(out, want);
    m8_capture_free(&c);
    remove_folder();
}
