/* sdl_files.c - the window's file reader: whole files through SDL_RWops, so the window reads
 * carts the way SDL finds files on every platform it runs on (on Android, the APK's assets).
 * Depends on: window.h, host.h, SDL2. */
#include <SDL.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include "window.h"

void *m8_sdl_read_file(const char *path, size_t *len)
{
    SDL_RWops *rw = SDL_RWFromFile(path, "rb");
    if (!rw) {
        FILE *probe = fopen(path, "rb");    /* SDL keeps no errno: tell missing from unreadable */
        if (probe) fclose(probe);
        return NULL;
    }
    Sint64 size = SDL_RWsize(rw);
    uint8_t *buf = NULL;
    if (size >= 0 && size <= (Sint64)MOTE8_CART_FILE_MAX && (buf = malloc((size_t)size + 1))) {
        if (SDL_RWread(rw, buf, 1, (size_t)size) == (size_t)size) {
            buf[size] = 0;
            *len = (size_t)size;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    if (!buf && size > (Sint64)MOTE8_CART_FILE_MAX) errno = EFBIG;
    SDL_RWclose(rw);
    return buf;
}
