/* cart_watch.c - reload a cart when it or its #includes change on disk; see cart_watch.h.
 * The #include lines are found in the .p8 text as the translator reads them: a line
 * starting with "#include NAME", NAME relative to the cart's folder.
 * Depends on: cart_watch.h, platform_posix.h, SDL2 (the clock). */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cart_watch.h"
#include "platform_posix.h"

static void stamp(m8_cart_watch *w, int i)
{
    struct stat st;
    if (stat(w->files[i], &st) == 0) {
        w->mtime[i] = st.st_mtim;
        w->size[i] = (long long)st.st_size;
    } else {
        memset(&w->mtime[i], 0, sizeof w->mtime[i]);
        w->size[i] = -1;
    }
}

/* The watched list: the cart and every "#include NAME" line of its text. */
static void scan(m8_cart_watch *w, const char *text, size_t len)
{
    w->count = 1;
    snprintf(w->files[0], sizeof w->files[0], "%s", w->path);
    char folder[512];
    snprintf(folder, sizeof folder, "%s", w->path);
    char *slash = strrchr(folder, '/');
    if (slash) slash[1] = 0;
    else folder[0] = 0;
    for (const char *p = text; p && p < text + len && w->count < M8_WATCH_FILES;) {
        const char *nl = memchr(p, '\n', (size_t)(text + len - p));
        size_t n = (size_t)((nl ? nl : text + len) - p);
        if (n > 9 && memcmp(p, "#include ", 9) == 0) {
            char name[400];
            size_t k = n - 9 < sizeof name - 1 ? n - 9 : sizeof name - 1;
            memcpy(name, p + 9, k);
            name[k] = 0;
            while (k && (name[k - 1] == ' ' || name[k - 1] == '\r')) name[--k] = 0;
            int len = snprintf(w->files[w->count], sizeof w->files[0], "%s%s", folder, name);
            if (len > 0 && (size_t)len < sizeof w->files[0]) w->count++;   /* else not watched */
        }
        p = nl ? nl + 1 : NULL;
    }
    for (int i = 0; i < w->count; i++) stamp(w, i);
}

void m8_cart_watch_init(m8_cart_watch *w, const char *arg, const char *name)
{
    memset(w, 0, sizeof *w);
    struct stat st;
    if (!arg || stat(arg, &st) != 0 || !S_ISREG(st.st_mode)) return;   /* bundled */
    snprintf(w->path, sizeof w->path, "%s", arg);
    size_t len = 0;
    char *text = m8_read_file(w->path, &len, MOTE8_CART_FILE_MAX);
    scan(w, text ? text : "", text ? len : 0);
    free(text);
    (void)name;
}

void m8_cart_watch_free(m8_cart_watch *w)
{
    w->count = 0;
}

int m8_cart_watch_is_file(const m8_cart_watch *w)
{
    return w->path[0] != 0;
}

int m8_cart_watch_changed(m8_cart_watch *w)
{
    if (!w->count) return 0;
    uint32_t now = SDL_GetTicks();
    if (now - w->last_check < 500) return 0;
    w->last_check = now;
    for (int i = 0; i < w->count; i++) {
        struct stat st;
        long long size = stat(w->files[i], &st) == 0 ? (long long)st.st_size : -1;
        if (size != w->size[i] || (size >= 0 && (st.st_mtim.tv_sec != w->mtime[i].tv_sec ||
                                                 st.st_mtim.tv_nsec != w->mtime[i].tv_nsec)))
            return 1;
    }
    return 0;
}

int m8_cart_watch_reload(m8_cart_watch *w, mote8 *m8)
{
    size_t len = 0;
    char *data = m8_read_file(w->path, &len, MOTE8_CART_FILE_MAX);
    if (!data) {
        fprintf(stderr, "%s: cannot read the cart file\n", w->path);
        for (int i = 0; i < w->count; i++) stamp(w, i);
        return mote8_reset(m8);
    }
    scan(w, data, len);
    int rc = mote8_load_cart(m8, data, len, w->path);
    free(data);
    return rc;
}
