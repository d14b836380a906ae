/* launcher_list.c - the launcher's entries and their pictures on worker threads; see
 * launcher_list.h. Each worker makes its own machine for a thumbnail, so workers share
 * nothing but the list's lock.
 * Depends on: launcher_list.h, platform_posix.h, settings.h (m8_make_dirs), api/mote8.h. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "launcher_list.h"
#include "platform_posix.h"
#include "settings.h"

static const char *const cart_ext[] = { ".p8.png", ".p8.rom", ".p8" };

/* The name without a cart extension, or NULL when `file` is not a cart. */
static int cart_name(const char *file, char *out, size_t outsz)
{
    size_t n = strlen(file);
    for (size_t i = 0; i < sizeof cart_ext / sizeof cart_ext[0]; i++) {
        size_t e = strlen(cart_ext[i]);
        if (n > e && strcmp(file + n - e, cart_ext[i]) == 0) {
            snprintf(out, outsz, "%.*s", (int)(n - e), file);
            return 1;
        }
    }
    return 0;
}

static m8_launcher_entry *add(m8_launcher_list *l, int kind, const char *name, const char *path)
{
    if (l->count >= M8_LAUNCHER_MAX_ENTRIES) return NULL;
    m8_launcher_entry *e = &l->entries[l->count++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    snprintf(e->name, sizeof e->name, "%s", name);
    snprintf(e->path, sizeof e->path, "%s", path);
    e->state = kind == M8_ENTRY_FOLDER || kind == M8_ENTRY_PARENT ? M8_LABEL_NONE : M8_LABEL_PENDING;
    return e;
}

/* One folder or cart of a folder being read: every one is kept (a name each) and sorted
 * before the first M8_LAUNCHER_MAX_ENTRIES become entries, so the list shown is the same
 * on every run and the rest is counted, not an arbitrary subset of readdir's order. */
typedef struct found { int kind; char *file; char name[128]; } found;

static int by_kind_then_name(const void *a, const void *b)
{
    const found *x = a, *y = b;
    if (x->kind != y->kind) return x->kind == M8_ENTRY_FOLDER ? -1 : 1;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->file, y->file);    /* a.p8 and a.p8.png: by file name */
}

/* The folders and carts of `dir`, folders first, sorted by name; those past the cap are
 * counted in l->left_out. 0, or -1 when the folder cannot be read. */
static int add_folder(m8_launcher_list *l, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    found *all = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.') continue;
        char path[768];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        struct stat st;
        found f = { 0 };
        if (stat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            f.kind = M8_ENTRY_FOLDER;
            snprintf(f.name, sizeof f.name, "%.*s", (int)sizeof f.name - 1, de->d_name);
        } else if (S_ISREG(st.st_mode) && cart_name(de->d_name, f.name, sizeof f.name)) {
            f.kind = M8_ENTRY_CART;
        } else continue;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 256;
            found *grown = realloc(all, ncap * sizeof *all);
            if (!grown) break;                   /* out of memory: list what was read */
            all = grown;
            cap = ncap;
        }
        if (!(f.file = strdup(de->d_name))) break;
        all[n++] = f;
    }
    closedir(d);
    if (n) qsort(all, n, sizeof *all, by_kind_then_name);
    for (size_t i = 0; i < n; i++) {
        char path[768];
        snprintf(path, sizeof path, "%s/%s", dir, all[i].file);
        if (!add(l, all[i].kind, all[i].name, path)) l->left_out++;
        free(all[i].file);
    }
    free(all);
    if (l->left_out)
        fprintf(stderr, "mote8: %s: %d carts and folders not listed: the launcher lists the "
                "first %d of a folder (by name); put the others in sub-folders\n", dir,
                l->left_out, M8_LAUNCHER_MAX_ENTRIES);
    return 0;
}

int m8_launcher_picture(const void *data, size_t len, const char *name, uint8_t *rgb)
{
    char err[256];
    mote8_cart *cart = mote8_cart_decode(data, len, name, err, sizeof err);
    if (cart) {
        int has = mote8_cart_label_rgb(cart, rgb) == 0;
        mote8_cart_destroy(cart);
        if (has) return 0;
    }
    mote8_config cfg = { 0 };            /* no label: the first frame, headless and mute */
    cfg.have_seed = 1;
    cfg.seed = 1;
    cfg.mute = 1;
    m8_posix_files files;                /* its files stay in its folder */
    char why[4300];
    if (m8_posix_confine(&files, name, why, sizeof why) != 0) return -1;
    m8_posix_platform_confined(&cfg.platform, &files);
    cfg.platform.printh = NULL;          /* a thumbnail prints nothing */
    cfg.platform.save_data = NULL;       /* nor saves */
    mote8 *m8 = mote8_create(&cfg);
    int rc = -1;
    if (m8 && mote8_load_cart(m8, data, len, name) == 0) {
        mote8_input in;
        memset(&in, 0, sizeof in);
        if (mote8_tick(m8, &in) != MOTE8_ERROR) {
            mote8_screen_rgb(m8, rgb);
            rc = 0;
        }
    }
    if (m8) mote8_destroy(m8);
    return rc;
}

int m8_launcher_set_label(const char *labels, const char *path, uint8_t *rgb)
{
    if (!labels || !labels[0]) return -1;
    char base[256], file[1100], err[160];
    const char *slash = strrchr(path, '/');
    snprintf(base, sizeof base, "%s", slash ? slash + 1 : path);
    char *dot = strstr(base, ".p8");             /* as the capture names it (capture.c) */
    if (dot && dot != base) *dot = 0;
    snprintf(file, sizeof file, "%s/%s_label.png", labels, base);
    int w = 0, h = 0;
    uint8_t *png = mote8_read_png(file, &w, &h, err, sizeof err);
    if (!png) return -1;
    int s = w / MOTE8_WIDTH;
    int ok = s >= 1 && w == s * MOTE8_WIDTH && h == s * MOTE8_HEIGHT;
    for (int y = 0; ok && y < MOTE8_HEIGHT; y++)
        for (int x = 0; x < MOTE8_WIDTH; x++)
            memcpy(rgb + 3 * (y * MOTE8_WIDTH + x), png + 3 * ((size_t)y * s * w + (size_t)x * s), 3);
    free(png);
    return ok ? 0 : -1;
}

/* The picture of entry e (READY or NONE): a user's cart may have a label set with F7; a
 * bundled cart always shows its own (F7 there only saves a capture). */
static void make_picture(const m8_launcher_list *l, m8_launcher_entry *e, uint8_t *rgb, int *ok)
{
    if (e->kind != M8_ENTRY_BUNDLED && m8_launcher_set_label(l->labels, e->path, rgb) == 0) {
        *ok = 1;
        return;
    }
    size_t len = 0;
    const void *data;
    char *file = NULL;
    if (e->kind == M8_ENTRY_BUNDLED) data = mote8_bundled_cart(e->path, &len);
    else data = file = m8_read_file(e->path, &len, MOTE8_CART_FILE_MAX);
    *ok = data && m8_launcher_picture(data, len, e->path, rgb) == 0;
    free(file);
}

/* The next pending entry from want_first on (wrapping), marked WORKING; -1 if none. */
static int take_job(m8_launcher_list *l)
{
    for (int k = 0; k < l->count; k++) {
        int i = (l->want_first + k) % l->count;
        if (l->entries[i].state == M8_LABEL_PENDING) {
            l->entries[i].state = M8_LABEL_WORKING;
            return i;
        }
    }
    return -1;
}

/* Make the picture of entry i, marked WORKING: called and returning with the lock held,
 * which it lets go of while it works. */
static void do_job(m8_launcher_list *l, int i)
{
    m8_launcher_entry e = l->entries[i];
    pthread_mutex_unlock(&l->lock);
    uint8_t *rgb = malloc(MOTE8_WIDTH * MOTE8_HEIGHT * 3);
    int ok = 0;
    if (rgb) make_picture(l, &e, rgb, &ok);   /* l->labels is set before the threads start */
    pthread_mutex_lock(&l->lock);
    if (ok) l->entries[i].rgb = rgb;
    else free(rgb);
    l->entries[i].state = ok ? M8_LABEL_READY : M8_LABEL_NONE;
    pthread_cond_broadcast(&l->done);
}

static void *worker(void *arg)
{
    m8_launcher_list *l = arg;
    pthread_mutex_lock(&l->lock);
    for (;;) {
        int i = l->stop ? -1 : take_job(l);
        if (i < 0) break;
        do_job(l, i);
    }
    pthread_mutex_unlock(&l->lock);
    return NULL;
}

int m8_launcher_list_open(m8_launcher_list *l, const char *root, const char *folder,
                          const char *labels)
{
    memset(l, 0, sizeof *l);
    snprintf(l->root, sizeof l->root, "%s", root);
    snprintf(l->labels, sizeof l->labels, "%s", labels ? labels : "");
    snprintf(l->folder, sizeof l->folder, "%s", folder);
    l->entries = calloc(M8_LAUNCHER_MAX_ENTRIES, sizeof *l->entries);
    if (!l->entries) return -1;
    pthread_mutex_init(&l->lock, NULL);
    pthread_cond_init(&l->done, NULL);
    int rc = 0;
    if (!folder[0]) {
        for (int i = 0; mote8_bundled_cart_name(i); i++)
            add(l, M8_ENTRY_BUNDLED, mote8_bundled_cart_name(i), mote8_bundled_cart_name(i));
        add_folder(l, root);             /* a missing cart folder is an empty one */
    } else {
        char parent[768];
        snprintf(parent, sizeof parent, "%s", folder);
        char *slash = strrchr(parent, '/');
        if (slash && strcmp(folder, root) != 0 && strlen(folder) > strlen(root)) *slash = 0;
        else parent[0] = 0;
        if (strcmp(parent, root) == 0) parent[0] = 0;     /* back to the top view */
        add(l, M8_ENTRY_PARENT, "..", parent);
        rc = add_folder(l, folder);
    }
    for (int t = 0; t < M8_LAUNCHER_THREADS; t++)
        if (pthread_create(&l->threads[l->n_threads], NULL, worker, l) == 0) l->n_threads++;
    return rc;
}

void m8_launcher_list_close(m8_launcher_list *l)
{
    if (!l->entries) return;
    pthread_mutex_lock(&l->lock);
    l->stop = 1;
    pthread_mutex_unlock(&l->lock);
    for (int t = 0; t < l->n_threads; t++) pthread_join(l->threads[t], NULL);
    for (int i = 0; i < l->count; i++) free(l->entries[i].rgb);
    free(l->entries);
    l->entries = NULL;
    pthread_mutex_destroy(&l->lock);
    pthread_cond_destroy(&l->done);
}

int m8_launcher_label_state(m8_launcher_list *l, int i)
{
    pthread_mutex_lock(&l->lock);
    int s = l->entries[i].state;
    pthread_mutex_unlock(&l->lock);
    return s;
}

int m8_launcher_label_wait(m8_launcher_list *l, int i)
{
    pthread_mutex_lock(&l->lock);
    for (;;) {
        int s = l->entries[i].state;
        if (s == M8_LABEL_PENDING) {
            l->entries[i].state = M8_LABEL_WORKING;   /* no worker has it: made here */
            do_job(l, i);
        } else if (s == M8_LABEL_WORKING) {
            pthread_cond_wait(&l->done, &l->lock);
        } else {
            pthread_mutex_unlock(&l->lock);
            return s;
        }
    }
}

void m8_launcher_want(m8_launcher_list *l, int first)
{
    pthread_mutex_lock(&l->lock);
    l->want_first = first < 0 ? 0 : first;
    pthread_mutex_unlock(&l->lock);
}

static void last_path(char *out, size_t outsz)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) snprintf(out, outsz, "%s/mote8/launcher_last", xdg);
    else snprintf(out, outsz, "%s/.local/share/mote8/launcher_last", home && *home ? home : "/tmp");
}

int m8_launcher_last_load(char *folder, size_t fsz, char *path, size_t psz)
{
    char file[800];
    last_path(file, sizeof file);
    char *text = m8_read_file(file, NULL, 4096);
    if (!text) return -1;
    char *nl = strchr(text, '\n');
    char *nl2 = nl ? strchr(nl + 1, '\n') : NULL;
    if (!nl || !nl2) {
        free(text);
        return -1;
    }
    *nl = *nl2 = 0;
    snprintf(folder, fsz, "%s", text);
    snprintf(path, psz, "%s", nl + 1);
    free(text);
    return 0;
}

void m8_launcher_last_save(const char *folder, const char *path)
{
    char file[800], dir[800];
    last_path(file, sizeof file);
    snprintf(dir, sizeof dir, "%s", file);
    *strrchr(dir, '/') = 0;
    if (m8_make_dirs(dir) != 0) return;
    FILE *f = fopen(file, "w");
    if (!f) return;
    fprintf(f, "%s\n%s\n", folder, path);
    fclose(f);
}
