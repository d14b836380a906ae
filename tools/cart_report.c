/* cart_report.c - runs every cart (.p8, .p8.png, .p8.rom) of a folder headless and reports, per cart, whether it
 * loads (reads and compiles), how many frames it runs without error, and whether it draws a
 * non-blank frame. Input: O is pressed every 16 frames and the arrows cycle, so title screens
 * move on. Usage: cart_report [DIR] [FRAMES] (defaults ../shared/carts/real, 300).
 * Prints a Markdown table and a closing summary line.
 * Depends on: api/mote8.h, runtime/platform/platform_posix.h (reading files). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mote8.h"
#include "platform_posix.h"

static int cmp(const void *a, const void *b) { return strcmp(*(char **)a, *(char **)b); }

static void quiet(void *user, const char *text) { (void)user; (void)text; }

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/carts/real";
    int frames = argc > 2 ? atoi(argv[2]) : 300;
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    char *names[512];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 512) {
        size_t l = strlen(e->d_name);
        if (l > 3 && mote8_cart_format_of_name(e->d_name) != MOTE8_CART_UNKNOWN) names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp);
    int loaded = 0, ran = 0, drew = 0;
    printf("| cart | loads | frames run | draws | first error |\n|---|---|---|---|---|\n");
    for (int i = 0; i < n; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len = 0;
        char *data = m8_read_file(path, &len, 0);
        mote8_config cfg = { 0 };
        cfg.have_seed = 1;
        m8_posix_platform(&cfg.platform);
        cfg.platform.printh = quiet;
        mote8 *m8 = mote8_create(&cfg);
        int ok = data && mote8_load_cart(m8, data, len, names[i]) == 0;
        int f = 0, nonblank = 0;
        char err[160] = "";
        if (ok) {
            static uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
            for (; f < frames; f++) {
                mote8_input in;
                memset(&in, 0, sizeof in);
                if (f % 16 == 8) in.buttons[0] |= 1 << 4;
                if (f % 64 >= 32) in.buttons[0] |= (uint8_t)(1 << ((f / 64) % 4));
                int st = mote8_tick(m8, &in);
                if (st == MOTE8_ERROR) break;
                if (f % 10 == 9 && !nonblank) {
                    mote8_screen_rgb(m8, rgb);
                    for (int p = 3; p < MOTE8_WIDTH * MOTE8_HEIGHT * 3 && !nonblank; p++)
                        if (rgb[p] != rgb[p % 3]) nonblank = 1;
                }
                if (st == MOTE8_STOPPED || st == MOTE8_SHUTDOWN) { f = frames; break; }
            }
        }
        if (!ok || f < frames) {
            const char *msg = data ? mote8_error(m8) : "cannot read";
            snprintf(err, sizeof err, "%.*s", (int)strcspn(msg, "\n"), msg);
            for (char *c = err; *c; c++) if (*c == '|') *c = '/';
        }
        loaded += ok;
        ran += ok && f >= frames;
        drew += nonblank;
        printf("| %s | %s | %d | %s | %s |\n", names[i], ok ? "yes" : "no", f,
               nonblank ? "yes" : "no", err);
        mote8_destroy(m8);
        free(data);
        free(names[i]);
    }
    printf("\n%d carts: %d load, %d run %d frames without error, %d draw non-blank frames\n",
           n, loaded, ran, frames, drew);
    return 0;
}
