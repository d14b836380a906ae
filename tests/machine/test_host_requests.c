/* test_host_requests.c - extcmd's capture commands reach the host through
 * mote8_take_host_request, oldest first, at most 8 per tick; other commands are not
 * queued. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "m8_test_util.h"

Test(host_requests, capture_commands_are_queued_in_order)
{
    mote8 *m8 = m8t_start("extcmd('rec') extcmd('pause') extcmd('screen') extcmd('label')\n"
                          "function _update() extcmd('video') end\n", NULL);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    char cmd[16];
    const char *want[] = { "rec", "screen", "label", "video" };
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(mote8_take_host_request(m8, cmd, sizeof cmd), 1, "request %d", i);
        cr_expect_str_eq(cmd, want[i]);
    }
    cr_expect_eq(mote8_take_host_request(m8, cmd, sizeof cmd), 0, "nothing else was queued");
    mote8_destroy(m8);
}

Test(host_requests, at_most_eight_are_kept)
{
    mote8 *m8 = m8t_start("for i=1,20 do extcmd('screen') end\n", NULL);
    mote8_tick(m8, NULL);
    char cmd[16];
    int n = 0;
    while (mote8_take_host_request(m8, cmd, sizeof cmd)) n++;
    cr_expect_eq(n, 8);
    mote8_destroy(m8);
}
