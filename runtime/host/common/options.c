/* options.c - the command line. The spellings `--headless --frames N --screenshot F
 * --input F --seed S --check CART` are relied on by checks outside the project: keep them.
 * A bad option or value is explained in one line (exit 2); --help lists every option with
 * its default and the bundled carts.
 * Depends on: host.h, settings.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"
#include "settings.h"

void m8_print_usage(FILE *out)
{
    fprintf(out,
          "usage: mote8 [options] [CART]\n"
          "  CART                 a .p8, .p8.png or .p8.rom file, or a bundled cart's name\n"
          "                       (none: the launcher window; --headless/--check: hello)\n"
          "  --headless           run without a window, as fast as possible\n"
          "  --frames N           stop after N frames (ticks at the cart's own rate);\n"
          "                       default: %d frame headless, until closed in a window\n"
          "  --timeout SECONDS    headless: stop with a message and exit 1 after SECONDS\n"
          "                       (default: none)\n"
          "  --screenshot FILE    write the last frame as a 128x128 PNG (default: none)\n"
          "  --input FILE         scripted input: lines 'FRAME BUTTONMASK' (default: none)\n"
          "  --seed S             random seed (default: fixed per cart headless, the clock in\n"
          "                       a window)\n"
          "  --wav FILE           write the audio of the frames run (headless; default: mute;\n"
          "                       with --edit-script: what the sfx and music editors play)\n"
          "  --profile DIR        write a cost profile of the run into DIR (report.html)\n"
          "  --state-save FILE    headless: after the frames, save the machine's state\n"
          "                       (docs/snapshots.md)\n"
          "  --state-load FILE    headless: continue from a state the same cart saved, then\n"
          "                       run the frames (--input counts them from the load)\n"
          "  --check              translate and compile the cart without running it\n"
          "  --edit               open the sprite, map, sfx, music and code editors (a\n"
          "                       .p8 file that does not exist is made from the template); in the\n"
          "                       window Ctrl+E switches between the editors and the cart\n"
          "  --edit-script FILE   headless: run the editor events of FILE (docs/editors.md)\n"
          "                       on the cart, then exit (implies --edit)\n"
          "  --watch              window: reload and re-run the cart when it (or a file it\n"
          "                       #includes) changes; Ctrl+R re-runs by hand\n"
          "  --unpaced            window: run ticks as fast as possible, presenting each\n"
          "                       (default: paced at the cart's 30 or 60 fps)\n"
          "  --scale N            window scale 1-16 (default: the settings file, else fit)\n"
          "  --fullscreen         start in fullscreen (default: the settings file, else no)\n"
          "  --write-config       write the default settings file with comments, then exit\n"
          "  --api                list every Lua-visible function with its help line\n"
          "  --version            print the version\n"
          "  --help               this text\n"
          "settings file: %s (mote8 --write-config)\n"
          "bundled carts:", M8_HEADLESS_DEFAULT_FRAMES, m8_settings_default_path());
    for (int i = 0; mote8_bundled_cart_name(i); i++) fprintf(out, " %s", mote8_bundled_cart_name(i));
    fputc('\n', out);
}

static int bad(const char *fmt, const char *opt, const char *v)
{
    fprintf(stderr, "mote8: ");
    fprintf(stderr, fmt, opt, v);
    fprintf(stderr, " (mote8 --help lists the options)\n");
    return -1;
}

/* A whole number in [lo, hi] for option `opt`; -1 after a one-line message. */
static int number_arg(const char *opt, const char *v, long lo, long hi, const char *what,
                      long *out)
{
    char *end;
    if (!v) return bad("%s needs a value: %s", opt, what);
    long n = strtol(v, &end, 0);
    if (*v == 0 || *end != 0 || n < lo || n > hi) {
        char msg[160];
        snprintf(msg, sizeof msg, "%%s expects %s, not '%%s'", what);
        return bad(msg, opt, v);
    }
    *out = n;
    return 0;
}

int m8_parse_options(int argc, char **argv, m8_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->frames = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            m8_print_usage(stdout);
            return 1;
        } else if (strcmp(a, "--version") == 0) {
            printf("mote8 %s\n", MOTE8_VERSION);
            return 1;
        } else if (strcmp(a, "--headless") == 0) {
            opt->headless = 1;
        } else if (strcmp(a, "--check") == 0) {
            opt->check = 1;
        } else if (strcmp(a, "--api") == 0) {
            opt->api = 1;
        } else if (strcmp(a, "--fullscreen") == 0) {
            opt->fullscreen = 1;
        } else if (strcmp(a, "--unpaced") == 0) {
            opt->unpaced = 1;
        } else if (strcmp(a, "--watch") == 0) {
            opt->watch = 1;
        } else if (strcmp(a, "--edit") == 0) {
            opt->edit = 1;
        } else if (strcmp(a, "--write-config") == 0) {
            opt->write_config = 1;
        } else if (strcmp(a, "--frames") == 0) {
            if (number_arg(a, v, 0, 1L << 40, "a whole number of frames, 0 or more", &n)) return 2;
            opt->frames = n;
            i++;
        } else if (strcmp(a, "--timeout") == 0) {
            if (number_arg(a, v, 1, 1L << 30, "a whole number of seconds, 1 or more", &n)) return 2;
            opt->timeout = n;
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            if (number_arg(a, v, -2147483648L, 4294967295L, "a whole number (32 bits)", &n)) return 2;
            opt->seed = (uint32_t)n;
            opt->have_seed = 1;
            i++;
        } else if (strcmp(a, "--scale") == 0) {
            if (number_arg(a, v, 1, 16, "a window scale from 1 to 16", &n)) return 2;
            opt->scale = (int)n;
            i++;
        } else if (strcmp(a, "--edit-script") == 0) {
            if (!v || !*v) {
                bad("%s needs a value: %s", a, "a file name");
                return 2;
            }
            opt->edit_script = v;
            opt->edit = 1;
            i++;
        } else if (strcmp(a, "--screenshot") == 0 || strcmp(a, "--input") == 0 ||
                   strcmp(a, "--wav") == 0 || strcmp(a, "--profile") == 0) {
            const char *what = a[2] == 'p' ? "a folder" : "a file name";
            if (!v || !*v) {
                bad("%s needs a value: %s", a, what);
                return 2;
            }
            if (a[2] == 's') opt->screenshot = v;
            else if (a[2] == 'i') opt->input_script = v;
            else if (a[2] == 'w') opt->wav = v;
            else opt->profile_dir = v;
            i++;
        } else if (strcmp(a, "--state-save") == 0 || strcmp(a, "--state-load") == 0) {
            if (!v || !*v) {
                bad("%s needs a value: %s", a, "a file name");
                return 2;
            }
            if (a[8] == 's') opt->state_save = v;
            else opt->state_load = v;
            i++;
        } else if (a[0] == '-' && a[1] != 0) {
            bad("unknown option '%s'%s", a, "");
            return 2;
        } else if (!opt->cart) {
            opt->cart = a;
        } else {
            bad("only one cart can run: '%s' and '%s' were given", opt->cart, a);
            return 2;
        }
    }
    if (opt->watch && (opt->headless || opt->check)) {
        bad("%s works in the window only, not with %s", "--watch", opt->headless ? "--headless" : "--check");
        return 2;
    }
    if ((opt->state_save || opt->state_load) && !opt->headless) {
        bad("%s works with --headless only%s", opt->state_save ? "--state-save" : "--state-load", "");
        return 2;
    }
    if (opt->edit_script && !opt->headless) {
        bad("%s works headless only (add --headless)%s", "--edit-script", "");
        return 2;
    }
    if (opt->edit && (opt->check || !opt->cart)) {
        bad("%s needs a cart file%s", "--edit", opt->check ? ", not --check" : "");
        return 2;
    }
    if (opt->watch && !opt->cart) {
        bad("%s needs a cart file to watch%s", "--watch", "");
        return 2;
    }
    return 0;
}
