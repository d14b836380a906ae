/* cart_source.c - reads cart bytes through SDL_RWops: from a file, or from the carts
 * embedded in the binary (`mote8 hello` runs carts/hello.p8).
 * Depends on: host.h, api/bundled.h, SDL2. */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bundled.h"
#include "host.h"

static uint8_t *read_all(SDL_RWops *rw, size_t *len)
{
    Sint64 size = SDL_RWsize(rw);
    if (size < 0 || size > 64 * 1024 * 1024) return NULL;
    uint8_t *buf = malloc((size_t)size + 1);
    if (!buf) return NULL;
    size_t got = SDL_RWread(rw, buf, 1, (size_t)size);
    if (got != (size_t)size) {
        free(buf);
        return NULL;
    }
    buf[size] = 0;
    *len = (size_t)size;
    return buf;
}

uint8_t *m8_read_cart(const char *name, size_t *len, char *display, size_t dispsz)
{
    FILE *probe = fopen(name, "rb");
    if (probe) {
        fclose(probe);
        SDL_RWops *rw = SDL_RWFromFile(name, "rb");
        uint8_t *buf = rw ? read_all(rw, len) : NULL;
        if (rw) SDL_RWclose(rw);
        if (!buf) fprintf(stderr, "%s: cannot read the cart file\n", name);
        snprintf(display, dispsz, "%s", name);
        return buf;
    }
    const m8_bundled_cart *b = m8_find_bundled_cart(name);
    if (!b) {
        fprintf(stderr, "%s: no such cart file, and no bundled cart of that name (bundled:", name);
        for (const m8_bundled_cart *c = m8_bundled_carts; c->name; c++)
            fprintf(stderr, " %s", c->name);
        fprintf(stderr, ")\n");
        return NULL;
    }
    SDL_RWops *rw = SDL_RWFromConstMem(b->data, (int)b->size);
    uint8_t *buf = rw ? read_all(rw, len) : NULL;
    if (rw) SDL_RWclose(rw);
    snprintf(display, dispsz, "%s.p8", b->name);
    return buf;
}
