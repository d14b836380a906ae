/* fuzz_settings.c - libFuzzer target: the window host's settings parser (libconfig syntax,
 * runtime/host/common/settings.c) on any bytes, written to a private temporary file it reads.
 * Seeds: tests/fuzz/corpus/settings. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include "settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0]) snprintf(path, sizeof path, "/tmp/m8_fuzz_settings_%d.cfg", (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    static FILE *quiet;                        /* the reports are not what is fuzzed */
    if (!quiet) quiet = fopen("/dev/null", "w");
    m8_settings s;
    m8_settings_load(&s, path, quiet);
    return 0;
}
