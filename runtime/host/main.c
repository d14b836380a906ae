/* main.c - the mote8 program: parses the command line, loads the cart, and hands it to the
 * headless runner or the SDL window, with the POSIX platform services (files, cartdata,
 * printh). Depends on: host.h, platform_posix.h, api/mote8.h. */
#include <stdio.h>
#include <stdlib.h>
#include "host.h"
#include "platform_posix.h"

static void print_line(void *user, const char *line)
{
    fprintf(user, "%s\n", line);
}

int main(int argc, char **argv)
{
    m8_options opt;
    int prc = m8_parse_options(argc, argv, &opt);
    if (prc == 1) return 0;
    if (prc != 0) return prc;
    if (opt.api) {
        mote8_api_help(print_line, stdout);
        return 0;
    }
    /* no cart: the chooser of bundled carts in a window; headless and --check run hello */
    const char *cart = opt.cart;
    if (!cart && (opt.headless || opt.check)) cart = "hello";
    if (!cart && !(cart = m8_choose_cart(&opt))) return 0;
    size_t len = 0;
    char name[512];
    m8_file_reader reader = opt.headless || opt.check ? m8_stdio_read_file : m8_sdl_read_file;
    uint8_t *data = m8_read_cart(cart, reader, &len, name, sizeof name);
    if (!data) return 1;

    mote8_config cfg = { 0 };
    cfg.have_seed = opt.have_seed || opt.headless;
    cfg.seed = opt.seed;
    cfg.mute = opt.headless && !opt.wav;    /* headless without --wav: nobody listens */
    m8_posix_platform(&cfg.platform);
    mote8 *m8 = mote8_create(&cfg);
    if (!m8) {
        fprintf(stderr, "mote8: out of memory\n");
        free(data);
        return 1;
    }
    int rc;
    if (opt.check) {
        rc = mote8_check_cart(m8, data, len, name) == 0 ? 0 : 1;
        if (rc) fprintf(stderr, "%s\n", mote8_error(m8));
    } else if (mote8_load_cart(m8, data, len, name) != 0) {
        fprintf(stderr, "%s\n", mote8_error(m8));
        rc = 1;
    } else if (opt.headless) {
        rc = m8_run_headless(&opt, m8);
    } else {
        rc = m8_run_window(&opt, m8, name);
    }
    mote8_destroy(m8);
    free(data);
    return rc;
}
