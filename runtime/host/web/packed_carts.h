/* packed_carts.h - the carts an exported page packs in besides its first (mote8-cart
 * export-html main.p8 game.html level2.p8 ...), kept by file name for load().
 * Depends on: libc. */
#ifndef M8_WEB_PACKED_CARTS_H
#define M8_WEB_PACKED_CARTS_H
#include <stddef.h>
#include <stdint.h>

/* A malloc'd copy of the packed cart whose file name (folders ignored) is `base`, its size in
 * *len; NULL when the page packed none of that name. */
void *packed_cart_copy(const char *base, size_t *len);

#endif
