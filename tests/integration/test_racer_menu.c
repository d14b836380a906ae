/* test_racer_menu.c - the bundled racer's pause-menu item: "zoom cap: on" by default, and
 * choosing it relabels it "zoom cap: off" (and back) with the menu kept open. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include "platform_posix.h"
#include "m8_test_util.h"
#include "pause_menu.h"

Test(racer, zoom_cap_menu_item_toggles_and_relabels)
{
    size_t len;
    char *cart = m8_read_file(M8_SOURCE_DIR "/carts/racer.p8", &len, 0);
    cr_assert(cart);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert(m8);
    cr_assert_eq(mote8_load_cart(m8, cart, len, "racer.p8"), 0, "%s", mote8_error(m8));
    free(cart);
    cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING);
    m8_pause_menu pm;
    m8_pause_menu_open(&pm, m8);
    cr_assert_str_eq(pm.labels[1], "zoom cap: on");
    m8_pause_menu_key(&pm, m8, M8_MENU_DOWN);
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_STAY);
    cr_expect_str_eq(pm.labels[1], "zoom cap: off");
    cr_expect_eq(m8_pause_menu_key(&pm, m8, M8_MENU_CONFIRM), M8_MENU_STAY);
    cr_expect_str_eq(pm.labels[1], "zoom cap: on");
    mote8_destroy(m8);
}
