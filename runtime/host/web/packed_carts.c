/* packed_carts.c - the carts an exported page packs in (mote8-cart export-html's extra carts):
 * the page hands each one over with m8web_pack_cart(name, bytes, len) before it starts the
 * first cart; load("level2.p8") from a cart then finds it by file name (web_host.c's
 * read_file asks here before the bundled carts). A name packed twice keeps the later bytes.
 * Depends on: packed_carts.h, emscripten.h, libc. */
#include <emscripten.h>
#include <stdlib.h>
#include <string.h>
#include "packed_carts.h"

#define PACKED_MAX 64
#define PACKED_NAME 128

static struct packed {
    char name[PACKED_NAME];
    uint8_t *data;
    size_t len;
} packed[PACKED_MAX];
static int packed_count;

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Keep `len` bytes of cart `name` (folders dropped) for load(): 0, or -1 when the name is
 * empty or too long, the table is full or memory runs out. */
EMSCRIPTEN_KEEPALIVE int m8web_pack_cart(const char *name, const uint8_t *bytes, int len)
{
    const char *base = base_name(name);
    if (!base[0] || strlen(base) >= PACKED_NAME || len <= 0) return -1;
    int slot = 0;
    while (slot < packed_count && strcmp(packed[slot].name, base) != 0) slot++;
    if (slot == PACKED_MAX) return -1;
    uint8_t *copy = malloc((size_t)len);
    if (!copy) return -1;
    memcpy(copy, bytes, (size_t)len);
    if (slot == packed_count) packed_count++;
    free(packed[slot].data);
    strcpy(packed[slot].name, base);
    packed[slot].data = copy;
    packed[slot].len = (size_t)len;
    return 0;
}

void *packed_cart_copy(const char *base, size_t *len)
{
    for (int i = 0; i < packed_count; i++) {
        if (strcmp(packed[i].name, base) != 0) continue;
        void *copy = malloc(packed[i].len);
        if (copy) {
            memcpy(copy, packed[i].data, packed[i].len);
            *len = packed[i].len;
        }
        return copy;
    }
    return NULL;
}
