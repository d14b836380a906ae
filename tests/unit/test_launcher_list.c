/* test_launcher_list.c - the launcher's entries and label threads (runtime/host/window/
 * launcher_list.c): the top view lists the bundled carts, then the cart folder's folders and
 * carts sorted; a sub-folder starts with ".."; the threads give a .p8's __label__, a
 * first-frame thumbnail for a cart without one, and "none" for a cart that does not run;
 * the last selection is saved and read back; a label set with F7 is read back from the
 * capture folder and shown for user carts, never for bundled ones. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "launcher_list.h"

static char root[256];

static void put(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, name);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
}

/* A 128x128 __label__ section of one colour (hex digit). */
static void label_of(char colour, char *out)
{
    char *p = out + sprintf(out, "__label__\n");
    for (int y = 0; y < 128; y++) {
        memset(p, colour, 128);
        p[128] = '\n';
        p += 129;
    }
    *p = 0;
}

#define HEAD "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"

static void setup(void)
{
    snprintf(root, sizeof root, "/tmp/m8t_launch_%d", (int)getpid());
    mkdir(root, 0755);
    char sub[300];
    snprintf(sub, sizeof sub, "%s/zfolder", root);
    mkdir(sub, 0755);
    static char labelled[20000];
    strcpy(labelled, HEAD "function _draw() cls(1) end\n");
    label_of('8', labelled + strlen(labelled));
    put("labelled.p8", labelled);
    put("drawn.p8", HEAD "function _draw() cls(12) end\n");
    put("broken.p8", HEAD "x = = 1\n");
    put("notes.txt", "not a cart");
    put("zfolder/inner.p8", HEAD "function _draw() cls(3) end\n");
}

static void teardown(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    cr_expect_eq(system(cmd), 0);
}

/* Every entry's picture made (m8_launcher_label_wait: no polling, no time limit); 1 when
 * each then reads READY or NONE. */
static int wait_labels(m8_launcher_list *l)
{
    int done = 1;
    for (int i = 0; i < l->count; i++) {
        int s = m8_launcher_label_wait(l, i);
        done &= s == M8_LABEL_READY || s == M8_LABEL_NONE;
        done &= m8_launcher_label_state(l, i) == s;
    }
    return done;
}

static int find(m8_launcher_list *l, const char *name)
{
    for (int i = 0; i < l->count; i++)
        if (strcmp(l->entries[i].name, name) == 0) return i;
    return -1;
}

Test(launcher_list, top_view_and_labels_from_threads, .init = setup, .fini = teardown)
{
    m8_launcher_list l;
    cr_assert_eq(m8_launcher_list_open(&l, root, "", NULL), 0);
    int nb = 0;
    while (mote8_bundled_cart_name(nb)) nb++;
    cr_assert_eq(l.count, nb + 4, "bundled carts, one folder, three carts (not notes.txt)");
    cr_expect_eq(l.entries[0].kind, M8_ENTRY_BUNDLED);
    cr_expect_str_eq(l.entries[nb].name, "zfolder", "folders first");
    cr_expect_eq(l.entries[nb].kind, M8_ENTRY_FOLDER);
    cr_expect_str_eq(l.entries[nb + 1].name, "broken");
    cr_expect_str_eq(l.entries[nb + 2].name, "drawn");
    cr_expect_str_eq(l.entries[nb + 3].name, "labelled");
    cr_assert(wait_labels(&l), "the label threads never finished");
    int lab = find(&l, "labelled"), drawn = find(&l, "drawn"), broken = find(&l, "broken");
    cr_assert_eq(m8_launcher_label_state(&l, lab), M8_LABEL_READY);
    const uint8_t *p = l.entries[lab].rgb;             /* colour 8: 255,0,77 */
    cr_expect(p[0] == 255 && p[1] == 0 && p[2] == 77, "label pixel %d,%d,%d", p[0], p[1], p[2]);
    cr_assert_eq(m8_launcher_label_state(&l, drawn), M8_LABEL_READY);
    p = l.entries[drawn].rgb + (64 * 128 + 64) * 3;    /* first frame: cls(12) = 41,173,255 */
    cr_expect(p[0] == 41 && p[1] == 173 && p[2] == 255, "thumbnail pixel %d,%d,%d", p[0], p[1], p[2]);
    cr_expect_eq(m8_launcher_label_state(&l, broken), M8_LABEL_NONE);
    for (int i = 0; i < nb; i++) cr_expect_eq(m8_launcher_label_state(&l, i), M8_LABEL_READY);
    m8_launcher_list_close(&l);
}

/* With the workers told to stop before they took everything, m8_launcher_label_wait makes
 * the pending pictures on the caller's thread: the same pictures, none left pending (the
 * launcher's scripted screenshot waits this way). */
Test(launcher_list, label_wait_makes_pictures_without_workers, .init = setup, .fini = teardown)
{
    m8_launcher_list l;
    cr_assert_eq(m8_launcher_list_open(&l, root, "", NULL), 0);
    pthread_mutex_lock(&l.lock);
    l.stop = 1;                         /* workers finish what they hold and take no more */
    pthread_mutex_unlock(&l.lock);
    int lab = find(&l, "labelled"), drawn = find(&l, "drawn"), broken = find(&l, "broken");
    cr_assert(wait_labels(&l), "an entry was left pending");
    cr_assert_eq(m8_launcher_label_state(&l, lab), M8_LABEL_READY);
    const uint8_t *p = l.entries[lab].rgb;
    cr_expect(p[0] == 255 && p[1] == 0 && p[2] == 77, "label pixel %d,%d,%d", p[0], p[1], p[2]);
    cr_assert_eq(m8_launcher_label_state(&l, drawn), M8_LABEL_READY);
    cr_expect_eq(m8_launcher_label_state(&l, broken), M8_LABEL_NONE);
    cr_expect_eq(m8_launcher_label_state(&l, find(&l, "zfolder")), M8_LABEL_NONE);
    m8_launcher_list_close(&l);
}

Test(launcher_list, sub_folder_starts_with_parent, .init = setup, .fini = teardown)
{
    char sub[300];
    snprintf(sub, sizeof sub, "%s/zfolder", root);
    m8_launcher_list l;
    cr_assert_eq(m8_launcher_list_open(&l, root, sub, NULL), 0);
    cr_assert_eq(l.count, 2);
    cr_expect_eq(l.entries[0].kind, M8_ENTRY_PARENT);
    cr_expect_str_eq(l.entries[0].path, "", "the parent of a top folder is the top view");
    cr_expect_str_eq(l.entries[1].name, "inner");
    m8_launcher_list_close(&l);
}

Test(launcher_list, closing_while_threads_work_is_safe, .init = setup, .fini = teardown)
{
    for (int round = 0; round < 5; round++) {
        m8_launcher_list l;
        m8_launcher_list_open(&l, root, "", NULL);
        m8_launcher_want(&l, 2);
        m8_launcher_list_close(&l);
    }
}

Test(launcher_list, last_selection_is_remembered, .init = setup, .fini = teardown)
{
    setenv("XDG_DATA_HOME", root, 1);
    char folder[256], path[256];
    cr_expect_eq(m8_launcher_last_load(folder, sizeof folder, path, sizeof path), -1);
    m8_launcher_last_save("/x/y", "/x/y/game.p8");
    cr_assert_eq(m8_launcher_last_load(folder, sizeof folder, path, sizeof path), 0);
    cr_expect_str_eq(folder, "/x/y");
    cr_expect_str_eq(path, "/x/y/game.p8");
    m8_launcher_last_save("", "hello");
    cr_assert_eq(m8_launcher_last_load(folder, sizeof folder, path, sizeof path), 0);
    cr_expect_str_eq(folder, "");
    cr_expect_str_eq(path, "hello");
}

/* A label set with F7 (the capture folder's NAME_label.png, written at any whole scale) is
 * read back at 128x128 for a bundled name or a cart path of any format; none: -1. */
Test(launcher_list, label_set_with_f7)
{
    char dir[] = "/tmp/m8_labels_XXXXXX";
    cr_assert(mkdtemp(dir));
    static uint8_t rgb[128 * 128 * 3], back[128 * 128 * 3];
    for (int i = 0; i < 128 * 128; i++) {
        rgb[3 * i] = (uint8_t)(i % 128 * 2);
        rgb[3 * i + 1] = (uint8_t)(i / 128 * 2);
        rgb[3 * i + 2] = 7;
    }
    char path[256];
    snprintf(path, sizeof path, "%s/racer_label.png", dir);
    cr_assert_eq(mote8_write_png(path, rgb, 128, 128, 4), 0);
    cr_expect_eq(m8_launcher_set_label(dir, "racer", back), 0);
    cr_expect_eq(memcmp(rgb, back, sizeof rgb), 0);
    memset(back, 0, sizeof back);
    cr_expect_eq(m8_launcher_set_label(dir, "/carts/racer.p8.png", back), 0);
    cr_expect_eq(memcmp(rgb, back, sizeof rgb), 0);
    cr_expect_eq(m8_launcher_set_label(dir, "spaceman", back), -1);
    cr_expect_eq(m8_launcher_set_label(NULL, "racer", back), -1);
    unlink(path);
    rmdir(dir);
}

/* issue 21: a folder of more carts than M8_LAUNCHER_MAX_ENTRIES showed an arbitrary subset
 * (readdir's order) and said nothing. The first entries by the list's order are shown, the
 * same on every run, and the others are counted and named on stderr. */
Test(launcher_list, big_folder_lists_the_first_by_name_and_counts_the_rest, .init = setup,
     .fini = teardown, .timeout = 60)
{
    enum { CARTS = 1500, FOLDERS = 3 };
    char dir[300], path[400];
    snprintf(dir, sizeof dir, "%s/many", root);
    cr_assert_eq(mkdir(dir, 0755), 0);
    for (int i = CARTS - 1; i >= 0; i--) {            /* created last-first */
        snprintf(path, sizeof path, "%s/c%04d.p8", dir, i);
        FILE *f = fopen(path, "w");
        cr_assert(f);
        fclose(f);
    }
    for (int i = 0; i < FOLDERS; i++) {
        snprintf(path, sizeof path, "%s/z%d", dir, i);
        cr_assert_eq(mkdir(path, 0755), 0);
    }
    fflush(stderr);
    int saved = dup(2);
    FILE *err = tmpfile();
    cr_assert(err && saved >= 0);
    dup2(fileno(err), 2);
    m8_launcher_list l;
    int rc = m8_launcher_list_open(&l, root, dir, NULL);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    cr_assert_eq(rc, 0);
    cr_assert_eq(l.count, M8_LAUNCHER_MAX_ENTRIES);
    cr_expect_eq(l.left_out, 1 + FOLDERS + CARTS - M8_LAUNCHER_MAX_ENTRIES);
    cr_expect_eq(l.entries[0].kind, M8_ENTRY_PARENT);
    for (int i = 0; i < FOLDERS; i++) {
        snprintf(path, sizeof path, "z%d", i);
        cr_expect_str_eq(l.entries[1 + i].name, path, "folders first, by name");
    }
    for (int i = 1 + FOLDERS; i < l.count; i++) {
        snprintf(path, sizeof path, "c%04d", i - 1 - FOLDERS);
        cr_expect_str_eq(l.entries[i].name, path, "carts by name: entry %d", i);
        if (strcmp(l.entries[i].name, path)) break;
    }
    m8_launcher_list_close(&l);
    char msgs[1024];
    rewind(err);
    size_t n = fread(msgs, 1, sizeof msgs - 1, err);
    msgs[n] = 0;
    fclose(err);
    char want[400];
    snprintf(want, sizeof want, "mote8: %s: %d carts and folders not listed", dir,
             1 + FOLDERS + CARTS - M8_LAUNCHER_MAX_ENTRIES);
    cr_expect(strstr(msgs, want) != NULL, "stderr: %s", msgs);
}

/* A label set with F7 replaces a user cart's picture, never a bundled cart's: the bundled
 * entry shows the picture of its own bytes even when the capture folder holds NAME_label.png
 * for its name (before issue 23 F7 on a bundled cart replaced its launcher picture). */
Test(launcher_list, f7_labels_change_user_carts_not_bundled_ones, .init = setup, .fini = teardown,
     .timeout = 60)
{
    char labels[300], path[400];
    snprintf(labels, sizeof labels, "%s/labels", root);
    cr_assert_eq(mkdir(labels, 0755), 0);
    static uint8_t grey[128 * 128 * 3], own[128 * 128 * 3];
    memset(grey, 77, sizeof grey);
    const char *bundled = mote8_bundled_cart_name(0);
    snprintf(path, sizeof path, "%s/%s_label.png", labels, bundled);
    cr_assert_eq(mote8_write_png(path, grey, 128, 128, 2), 0);
    snprintf(path, sizeof path, "%s/drawn_label.png", labels);
    cr_assert_eq(mote8_write_png(path, grey, 128, 128, 2), 0);
    size_t len;
    const void *data = mote8_bundled_cart(bundled, &len);
    cr_assert_eq(m8_launcher_picture(data, len, bundled, own), 0);
    m8_launcher_list l;
    cr_assert_eq(m8_launcher_list_open(&l, root, "", labels), 0);
    cr_assert(wait_labels(&l), "the label threads never finished");
    int b = find(&l, bundled), drawn = find(&l, "drawn");
    cr_assert(b >= 0 && drawn >= 0);
    cr_assert_eq(m8_launcher_label_state(&l, b), M8_LABEL_READY);
    cr_expect_eq(memcmp(l.entries[b].rgb, own, sizeof own), 0, "the bundled cart's picture changed");
    cr_assert_eq(m8_launcher_label_state(&l, drawn), M8_LABEL_READY);
    cr_expect_eq(memcmp(l.entries[drawn].rgb, grey, sizeof grey), 0, "the user's F7 label is not shown");
    m8_launcher_list_close(&l);
}
