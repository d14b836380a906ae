/* options.c - the command line. The spellings `--headless --frames N --screenshot F
 * --input F --seed S --check CART` are relied on by checks outside the project: keep them.
 * Depends on: host.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"

void m8_print_usage(FILE *out)
{
    fputs("usage: mote8 [options] [CART]\n"
          "  CART                 a .p8, .p8.png or .p8.rom file, or a bundled cart's name\n"
          "                       (none: choose a bundled cart in a window; headless: hello)\n"
          "  --headless           run without a window, as fast as possible\n"
          "  --frames N           stop after N frames (ticks at the cart's own rate)\n"
          "  --timeout SECONDS    headless: stop with a message and exit 1 after SECONDS\n"
          "  --screenshot FILE    write the last frame as a 128x128 PNG\n"
          "  --input FILE         scripted input: lines 'FRAME BUTTONMASK'\n"
          "  --seed S             random seed (default: fixed headless, clock in a window)\n"
          "  --wav FILE           write the audio of the frames run (headless)\n"
          "  --profile DIR        write a cost profile of the run into DIR\n"
          "  --check              translate and compile the cart without running it\n"
          "  --api                list every Lua-visible function with its help line\n"
          "  --scale N            window scale factor (default: fit the desktop)\n"
          "  --fullscreen         start in fullscreen\n"
          "  --help               this text\n", out);
}

static int number_arg(const char *opt, const char *v, long *out)
{
    char *end;
    if (!v) {
        fprintf(stderr, "mote8: %s needs a value\n", opt);
        return -1;
    }
    long n = strtol(v, &end, 0);
    if (*v == 0 || *end != 0) {
        fprintf(stderr, "mote8: %s expects a number, got '%s'\n", opt, v);
        return -1;
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
        } else if (strcmp(a, "--headless") == 0) {
            opt->headless = 1;
        } else if (strcmp(a, "--check") == 0) {
            opt->check = 1;
        } else if (strcmp(a, "--api") == 0) {
            opt->api = 1;
        } else if (strcmp(a, "--fullscreen") == 0) {
            opt->fullscreen = 1;
        } else if (strcmp(a, "--frames") == 0) {
            if (number_arg(a, v, &n) || n < 0) goto usage;
            opt->frames = n;
            i++;
        } else if (strcmp(a, "--timeout") == 0) {
            if (number_arg(a, v, &n) || n < 1) goto usage;
            opt->timeout = n;
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            if (number_arg(a, v, &n)) goto usage;
            opt->seed = (uint32_t)n;
            opt->have_seed = 1;
            i++;
        } else if (strcmp(a, "--scale") == 0) {
            if (number_arg(a, v, &n) || n < 1 || n > 64) goto usage;
            opt->scale = (int)n;
            i++;
        } else if (strcmp(a, "--screenshot") == 0 || strcmp(a, "--input") == 0 ||
                   strcmp(a, "--wav") == 0 || strcmp(a, "--profile") == 0) {
            if (!v) {
                fprintf(stderr, "mote8: %s needs a value\n", a);
                goto usage;
            }
            if (a[2] == 's') opt->screenshot = v;
            else if (a[2] == 'i') opt->input_script = v;
            else if (a[2] == 'w') opt->wav = v;
            else opt->profile_dir = v;
            i++;
        } else if (a[0] == '-' && a[1] != 0) {
            fprintf(stderr, "mote8: unknown option '%s'\n", a);
            goto usage;
        } else if (!opt->cart) {
            opt->cart = a;
        } else {
            fprintf(stderr, "mote8: more than one cart given ('%s' and '%s')\n", opt->cart, a);
            goto usage;
        }
    }
    return 0;
usage:
    m8_print_usage(stderr);
    return 2;
}
