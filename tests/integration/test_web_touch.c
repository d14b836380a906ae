/* test_web_touch.c - the web player's touch controls (runtime/host/web/touch.js) in headless
 * Chromium: tests/web/touch_test.html dispatches synthesised TouchEvent sequences at the drawn
 * controls (O pressed, the d-pad slid from left to up through up-left, two fingers at once,
 * pause fired on release, mute on press, cancelled touches, portrait and landscape layouts),
 * checks the calls the controls make, and writes its verdict into its title, which this test
 * reads from `chromium --dump-dom`; tests/web/touch_shell_test.html does the same for
 * touch_shell.js on a page shaped like the player's (the screen moved beside the controls,
 * the page's mote8SetButton, mote8Pause and mote8ToggleMute reached). Skipped, with a
 * message, where chromium is missing (apt-get install chromium). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "m8_test_util.h"

static int have_chromium(void)
{
    return system("command -v chromium >/dev/null 2>&1") == 0;
}

/* The page's DOM after its script ran (free it), dumped by headless Chromium with a profile
 * of its own in `dir`; the window is tall enough that every control is inside the viewport. */
static char *dump_page(const char *dir, const char *page)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "HOME=%s timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run "
             "--user-data-dir=%s/profile --window-size=1000,1100 --dump-dom 'file://%s/%s' "
             ">%s/dom.html 2>%s/err.txt",
             dir, dir, M8_SOURCE_DIR, page, dir, dir);
    int rc = system(cmd);
    char *err = m8t_read_in(dir, "err.txt");
    cr_assert_eq(rc, 0, "chromium failed (%d): %.2000s", rc, err);
    free(err);
    return m8t_read_in(dir, "dom.html");
}

/* The text of the page's <title> (free it). */
static char *page_title(const char *dom)
{
    const char *open = strstr(dom, "<title>");
    cr_assert_not_null(open, "no <title> in the dumped page: %.500s", dom);
    open += strlen("<title>");
    const char *close = strstr(open, "</title>");
    cr_assert_not_null(close, "unterminated <title> in the dumped page");
    return strndup(open, (size_t)(close - open));
}

Test(web_touch, synthesised_touches_reach_the_buttons_with_their_semantics, .timeout = 180)
{
    if (!have_chromium())
        cr_skip_test("chromium is missing: the touch controls' browser test is skipped (apt-get install chromium)");
    const char *dir = m8t_temp_dir("touch");
    char *dom = dump_page(dir, "tests/web/touch_test.html");
    char *title = page_title(dom);
    int passed = -1, total = -1;
    cr_assert(sscanf(title, "touch: ok %d/%d", &passed, &total) == 2, "the page says: %s", title);
    /* every scenario ran: about a hundred checks in each orientation */
    cr_expect_eq(passed, total);
    cr_expect_geq(total, 150, "only %d checks ran", total);
    /* the page's log of calls: the controls reached setButton, pause and the toggles */
    const char *want[] = { "btn 4 down", "btn 4 up", "btn 0 down", "btn 2 down", "btn 0 up",
                           "btn 2 up", "btn 1 down", "btn 5 down", "btn 3 down", "pause",
                           "mute", "fullscreen", "shown" };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_expect_not_null(strstr(dom, want[i]), "no '%s' call in the page's log", want[i]);
    free(title);
    free(dom);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

Test(web_touch, held_controls_page_for_screenshots_shows_its_presses, .timeout = 180)
{
    if (!have_chromium())
        cr_skip_test("chromium is missing: the touch controls' browser test is skipped (apt-get install chromium)");
    const char *dir = m8t_temp_dir("touchshot");
    char *dom = dump_page(dir, "tests/web/touch_test.html#shot=390x844");
    char *title = page_title(dom);
    /* the screenshot page holds the d-pad up-left and O: the picture shows what is pressed */
    cr_expect_str_eq(title, "touch: shot shown, btn 0 down, btn 2 down, btn 4 down");
    cr_expect_not_null(strstr(dom, "m8t-arm m8t-arm-up m8t-on"), "the up arm is not drawn lit");
    cr_expect_not_null(strstr(dom, "m8t-arm m8t-arm-left m8t-on"), "the left arm is not drawn lit");
    cr_expect_not_null(strstr(dom, "m8t-button m8t-o m8t-on"), "O is not drawn pressed");
    free(title);
    free(dom);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

Test(web_touch, shell_binding_moves_the_screen_and_reaches_the_page, .timeout = 180)
{
    if (!have_chromium())
        cr_skip_test("chromium is missing: the touch controls' browser test is skipped (apt-get install chromium)");
    const char *dir = m8t_temp_dir("touchshell");
    char *dom = dump_page(dir, "tests/web/touch_shell_test.html");
    char *title = page_title(dom);
    int passed = -1, total = -1;
    cr_assert(sscanf(title, "touch shell: ok %d/%d", &passed, &total) == 2, "the page says: %s", title);
    cr_expect_eq(passed, total);
    cr_expect_geq(total, 14, "only %d checks ran", total);
    free(title);
    free(dom);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}
