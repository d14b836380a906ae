/* m8prof.c - turn a profile directory (written by `mote8 --profile DIR`) into DIR/report.html
 * (self-contained: open it in any browser) and print a plain-text summary for terminals
 * (also saved as DIR/summary.txt). Usage: m8prof DIR. Exit 0, or 1 with a message.
 * Depends on: api/mote8_profiler.h, runtime/platform/platform_posix.h (files by path). */
#include <stdio.h>
#include <string.h>
#include "mote8_profiler.h"
#include "platform_posix.h"

int main(int argc, char **argv)
{
    if (argc != 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs("usage: m8prof DIR\n"
              "  DIR  a profile directory from `mote8 --headless --frames N --profile DIR CART`\n"
              "writes DIR/report.html and DIR/summary.txt, prints the summary\n",
              argc == 2 ? stdout : stderr);
        return argc == 2 ? 0 : 2;
    }
    char err[512];
    mote8_platform files;
    m8_posix_platform(&files);
    if (mote8_profile_report(&files, argv[1], stdout, err, sizeof err) != 0) {
        fprintf(stderr, "m8prof: %s\n", err);
        return 1;
    }
    fprintf(stdout, "\nreport: %s/report.html\n", argv[1]);
    return 0;
}
