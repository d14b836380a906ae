/* main.c - the mote8 program: parses the command line, reads the settings (window only),
 * loads the cart, and hands it to one of its two hosts, the headless runner (headless/) or
 * the SDL window (window/), through each one's entry point, with the POSIX
 * platform services (files, cartdata, printh) confined to the cart's folder (every cart of
 * the run reads and writes files only there). With no cart the window opens the launcher
 * and comes back to it when the player exits a cart to the launcher.
 * Depends on: headless/headless.h, window/window.h, common/ (host.h, settings.h),
 * runtime/platform (platform_posix.h), api/mote8.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "headless/headless.h"
#include "host.h"
#include "platform_posix.h"
#include "settings.h"
#include "window/window.h"

static void print_line(void *user, const char *line)
{
    fprintf(user, "%s\n", line);
}

/* A cart file that could not be read at all (its reason printed): the command line exits 1,
 * the launcher comes back. */
#define CART_UNREADABLE (-1)

/* Load `cart` and run it as the options say; returns the exit code (or
 * M8_WINDOW_TO_LAUNCHER, or CART_UNREADABLE). A cart that is read but does not load shows
 * its error screen in the window (headless and --check print the error and exit 1).
 * `bundled_only`: the launcher chose a bundled cart, which no file of that name replaces. */
/* --edit of a .p8 file that does not exist: make it from the new-cart template (as
 * mote8-cart new does). 0, or 1 after saying why not. */
static int make_new_cart(const char *path)
{
    size_t n = 0;
    const void *bytes = mote8_cart_template("new", &n);
    mote8_platform pf;
    char why[600];
    m8_posix_platform(&pf);
    if (!bytes || pf.write_file(pf.user, path, bytes, n, why, sizeof why) != 0) {
        fprintf(stderr, "mote8: %s: cannot make the new cart: %s\n", path, bytes ? why : "no template");
        return 1;
    }
    printf("%s: new cart made from the template\n", path);
    return 0;
}

static int run_cart(const m8_options *opt, const char *cart, m8_settings *settings,
                    int bundled_only)
{
    size_t len = 0;
    if (opt->edit && !bundled_only && mote8_cart_format_of_name(cart) == MOTE8_CART_P8 &&
        access(cart, F_OK) != 0 && errno == ENOENT && make_new_cart(cart) != 0)
        return 1;
    char name[512];
    m8_file_reader reader = opt->headless || opt->check ? m8_stdio_read_file : m8_sdl_read_file;
    if (bundled_only) reader = NULL;
    int bundled = 0;
    uint8_t *data = m8_read_cart(cart, reader, &len, name, sizeof name, &bundled);
    if (!data) return CART_UNREADABLE;

    mote8_config cfg = { 0 };
    cfg.have_seed = opt->have_seed || opt->headless;
    cfg.seed = opt->seed;
    cfg.mute = opt->headless && !opt->wav;    /* headless without --wav: nobody listens */
    static m8_posix_files files;      /* the cart's files stay in its folder */
    char why[4300];
    if (m8_posix_confine(&files, name, why, sizeof why) != 0) {
        fprintf(stderr, "mote8: %s\n", why);
        free(data);
        return 1;
    }
    m8_posix_platform_confined(&cfg.platform, &files);
    mote8 *m8 = mote8_create(&cfg);
    if (!m8) {
        fprintf(stderr, "mote8: out of memory\n");
        free(data);
        return 1;
    }
    int rc;
    char err[600];
    if (!opt->check && (opt->edit || !opt->headless) &&
        mote8_editor_open(m8, data, len, bundled ? NULL : name, err, sizeof err) != 0) {
        if (opt->edit) {                /* the cart cannot be read: no editors (the window */
            fprintf(stderr, "mote8: %s\n", err);      /* shows its error screen) */
            mote8_destroy(m8);
            free(data);
            return 1;
        }
    }
    if (opt->check) {
        rc = mote8_check_cart(m8, data, len, name) == 0 ? 0 : 1;
        if (rc) fprintf(stderr, "%s\n", mote8_error(m8));
        else printf("%s: ok\n", name);
    } else if (opt->edit && opt->headless) {       /* the editors only: the cart never runs */
        rc = m8_run_edit_script(opt, m8);
    } else if (mote8_load_cart(m8, data, len, name) != 0 && opt->headless) {
        fprintf(stderr, "%s\n", mote8_error(m8));
        rc = 1;
    } else if (opt->headless) {
        rc = m8_run_headless(opt, m8);
    } else {                            /* a cart that failed to load shows its error screen */
        rc = m8_run_window(opt, m8, name, bundled, settings);
    }
    mote8_destroy(m8);
    free(data);
    return rc;
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
    if (opt.write_config) return m8_settings_write_file(m8_settings_default_path()) == 0 ? 0 : 1;
    if (opt.headless || opt.check) {   /* no window: no settings; no cart: hello */
        int rc = run_cart(&opt, opt.cart ? opt.cart : "hello", NULL, 0);
        return rc == CART_UNREADABLE ? 1 : rc;
    }

    m8_settings settings;
    m8_settings_load(&settings, NULL, stderr);
    if (settings.data_folder[0]) setenv("MOTE8_DATA_DIR", settings.data_folder, 0);
    if (opt.cart) {
        int rc = run_cart(&opt, opt.cart, &settings, 0);
        if (rc != M8_WINDOW_TO_LAUNCHER) return rc == CART_UNREADABLE ? 1 : rc;
        opt.cart = NULL;                /* "exit to launcher": the launcher from now on */
        opt.watch = 0;
    }
    for (;;) {                          /* the launcher, until the player quits it */
        int bundled = 0;
        const char *cart = m8_launcher_run(&opt, &settings, &bundled);
        if (!cart) return 0;
        int rc = run_cart(&opt, cart, &settings, bundled);
        if (rc != M8_WINDOW_TO_LAUNCHER && rc != CART_UNREADABLE) return rc;   /* unreadable: */
    }                                   /* its reason is printed, the launcher comes back */
}
