/* cart_watch.h - hot reload for people writing carts in their own editor: the cart file
 * and the files its code #includes are checked (modification time and size, at most
 * twice a second) and the cart is reloaded from disk when one changed (mote8 --watch);
 * Ctrl+R reloads by hand. A bundled cart has no file: reloading it restarts it.
 * Depends on: api/mote8.h. */
#ifndef M8_CART_WATCH_H
#define M8_CART_WATCH_H

#include <stdint.h>
#include <time.h>
#include "mote8.h"

#define M8_WATCH_FILES 32

typedef struct m8_cart_watch {
    char path[512];             /* the cart file ("" for a bundled cart) */
    char files[M8_WATCH_FILES][512];      /* the cart, then its #includes */
    struct timespec mtime[M8_WATCH_FILES];
    long long size[M8_WATCH_FILES];
    int count;
    uint32_t last_check;        /* SDL ticks, ms */
} m8_cart_watch;

/* `arg` is the cart as given on the command line (NULL from the launcher), `name` the
 * display name the cart was loaded under. */
void m8_cart_watch_init(m8_cart_watch *w, const char *arg, const char *name);
void m8_cart_watch_free(m8_cart_watch *w);
int m8_cart_watch_is_file(const m8_cart_watch *w);
/* 1 when a watched file changed since the last load (checked at most every 500 ms). */
int m8_cart_watch_changed(m8_cart_watch *w);
/* Read the cart again and load it into m8 (re-reading its #include list). 0, or -1 with
 * mote8_error() set (or a message printed when the file cannot be read). */
int m8_cart_watch_reload(m8_cart_watch *w, mote8 *m8);

#endif
