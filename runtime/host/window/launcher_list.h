/* launcher_list.h - what the launcher shows, without SDL: the entries of one folder view
 * (the top view: the bundled carts, then the folders and carts of the user's cart folder;
 * a sub-folder: ".." then its folders and carts, folders first, names sorted; at most
 * M8_LAUNCHER_MAX_ENTRIES, the first by that order: the others are counted in left_out and
 * named in one line on stderr, and the window's title bar says how many), and each
 * entry's picture, made on background threads: a .p8.png's label, a .p8's __label__, else
 * the cart's first frame rendered headless (api/mote8.h). The UI polls entries' state;
 * workers take the first pending entry at or after the one the UI wants first (the visible
 * rows), so the grid fills where the player looks; m8_launcher_label_wait waits for one
 * entry's picture (making it on the caller's thread when no worker has taken it), for
 * screenshots that must not depend on timing. The last cart run is remembered in
 * $XDG_DATA_HOME/mote8/launcher_last (its folder view and name).
 * Depends on: api/mote8.h, platform_posix.h, pthreads. */
#ifndef M8_LAUNCHER_LIST_H
#define M8_LAUNCHER_LIST_H

#include <pthread.h>
#include <stdint.h>
#include "mote8.h"

#define M8_LAUNCHER_MAX_ENTRIES 512
#define M8_LAUNCHER_THREADS 2

enum m8_entry_kind { M8_ENTRY_BUNDLED, M8_ENTRY_CART, M8_ENTRY_FOLDER, M8_ENTRY_PARENT };
enum m8_label_state { M8_LABEL_PENDING, M8_LABEL_WORKING, M8_LABEL_READY, M8_LABEL_NONE };

typedef struct m8_launcher_entry {
    char name[128];             /* shown: file name without .p8/.p8.png/.p8.rom */
    char path[768];             /* a file or folder path, or a bundled cart's name */
    int kind;                   /* enum m8_entry_kind */
    int state;                  /* enum m8_label_state, under the list's lock */
    uint8_t *rgb;               /* 128x128 RGB888 once READY */
} m8_launcher_entry;

typedef struct m8_launcher_list {
    char root[768];             /* the user's cart folder */
    char folder[768];           /* the folder shown; "" = the top view */
    char labels[768];           /* where labels set with F7 live (NAME_label.png), "" = none */
    m8_launcher_entry *entries;
    int count;
    int left_out;               /* folders and carts past M8_LAUNCHER_MAX_ENTRIES, not listed */
    int want_first;             /* the UI's first visible entry */
    int stop;
    pthread_mutex_t lock;
    pthread_cond_t done;        /* signalled each time an entry becomes READY or NONE */
    pthread_t threads[M8_LAUNCHER_THREADS];
    int n_threads;
} m8_launcher_list;

/* Show `folder` ("" = the top view, with cart folder `root`) and start the label threads;
 * a label set with F7 in folder `labels` (NULL = none) is shown before the cart's own, for
 * the user's carts only: a bundled cart keeps its own label, whatever F7 saved.
 * 0, or -1 when the folder cannot be read (the list is then empty). */
int m8_launcher_list_open(m8_launcher_list *l, const char *root, const char *folder,
                          const char *labels);
/* Stop the threads (waiting for the entry in progress) and free everything. */
void m8_launcher_list_close(m8_launcher_list *l);
/* The entry's label state, read under the lock. */
int m8_launcher_label_state(m8_launcher_list *l, int i);
/* Tell the workers which entry the UI shows first. */
void m8_launcher_want(m8_launcher_list *l, int first);
/* Wait until entry i's picture is made (READY or NONE), making it here when it is still
 * pending (no worker needed); returns its state. */
int m8_launcher_label_wait(m8_launcher_list *l, int i);

/* A label set with F7 for the cart at `path` (or bundled name): labels/NAME_label.png read
 * back as 128x128 RGB (any whole-number scale). 0, or -1 when there is none. */
int m8_launcher_set_label(const char *labels, const char *path, uint8_t *rgb);
/* The picture of a cart (bytes of any format): its label, else its first frame headless.
 * 0 and 128x128 RGB in rgb, or -1 when it has neither (does not load or run). */
int m8_launcher_picture(const void *data, size_t len, const char *name, uint8_t *rgb);

/* The remembered last run: folder view and entry path; 0 or -1 when none. */
int m8_launcher_last_load(char *folder, size_t fsz, char *path, size_t psz);
void m8_launcher_last_save(const char *folder, const char *path);

#endif
