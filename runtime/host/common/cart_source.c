/* cart_source.c - finds a cart's bytes for the hosts: a file read through the host's file
 * reader (plain stdio headless, SDL_RWops in the window: sdl_files.c), or a cart embedded in
 * the binary (`mote8 hello` runs carts/hello.p8, through mote8_bundled_cart; a file of that
 * name comes first, except for the launcher's bundled entries).
 * Depends on: host.h, api/mote8.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"

static int looks_like_path(const char *name)
{
    return strchr(name, '/') || strstr(name, ".p8");
}

uint8_t *m8_read_cart(const char *name, m8_file_reader read, size_t *len, char *display,
                      size_t dispsz, int *is_bundled)
{
    errno = 0;
    if (is_bundled) *is_bundled = 0;
    uint8_t *buf = read ? read(name, len) : NULL;
    if (buf) {
        snprintf(display, dispsz, "%s", name);
        return buf;
    }
    int why = read ? errno : ENOENT, path = read && looks_like_path(name);
    size_t size = 0;
    const void *bundled = path ? NULL : mote8_bundled_cart(name, &size);
    if (!bundled) {
        if (path || why != ENOENT) {
            fprintf(stderr, "%s: cannot read the cart file (%s)\n", name,
                    why ? strerror(why) : "too large or unreadable");
            return NULL;
        }
        fprintf(stderr, "%s: no such cart file, and no bundled cart of that name (bundled:", name);
        for (int i = 0; mote8_bundled_cart_name(i); i++)
            fprintf(stderr, " %s", mote8_bundled_cart_name(i));
        fprintf(stderr, ")\n");
        return NULL;
    }
    buf = malloc(size + 1);
    if (!buf) return NULL;
    memcpy(buf, bundled, size);
    buf[size] = 0;
    *len = size;
    snprintf(display, dispsz, "%s.p8", name);
    if (is_bundled) *is_bundled = 1;
    return buf;
}
