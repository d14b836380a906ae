/* test_hostile_files.c - hostile carts (tests/hostile/files) cannot reach files outside
 * their folder (issue 21): each cart is copied into a scratch folder `cart/` with victims
 * next to it, run with the mote8 binary, and must end with a message naming the name while
 * the victims stay as they were. Also: printh's cap and its one message, cartdata's one
 * "could not save" message, and the temporaries a killed cstore left.
 * Depends on: m8_test_util.h, Criterion, POSIX (symlink, mkfifo, fork). */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "m8_test_util.h"

#define HOSTILE_FILES M8_SOURCE_DIR "/tests/hostile/files/"

static char top[160], cart_dir[200];

static void sh(const char *fmt, const char *arg)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, fmt, arg, arg, arg);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
}

/* A scratch folder TOP with TOP/cart (the cart's folder), TOP/victim.bin (32768 bytes of
 * text), TOP/b/target.p8 (a cart that prints "escaped"), TOP/outside.lua. */
static void setup(void)
{
    snprintf(top, sizeof top, "/tmp/m8t_files_%d", (int)getpid());
    snprintf(cart_dir, sizeof cart_dir, "%s/cart", top);
    sh("rm -rf '%s' && mkdir -p '%s/cart' '%s/b'", top);
    char path[300];
    snprintf(path, sizeof path, "%s/victim.bin", top);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    for (int i = 0; i < 32768 / 64; i++)
        fprintf(f, "secret line %04d of a file that is not a cart.....................\n", i);
    fclose(f);
    sh("truncate -s 32768 '%s/victim.bin' && cp '%s/victim.bin' '%s/cart/victim.bin'", top);
    snprintf(path, sizeof path, "%s/b/target.p8", top);
    f = fopen(path, "w");
    cr_assert(f);
    fputs("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nprinth('escaped')\n", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/outside.lua", top);
    f = fopen(path, "w");
    cr_assert(f);
    fputs("secret='outside'\n", f);
    fclose(f);
}

static void teardown(void)
{
    sh("rm -rf '%s'", top);
}

/* Copy tests/hostile/files/NAME into cart/ and run it headless for `frames` frames. */
static void run_hostile(m8_run_result *r, const char *name, const char *frames)
{
    char cmd[700], cart[300];
    snprintf(cart, sizeof cart, "%s/%s", cart_dir, name);
    snprintf(cmd, sizeof cmd, "cp '%s%s' '%s'", HOSTILE_FILES, name, cart);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    const char *args[] = { "--headless", "--frames", frames, "--timeout", "20", cart, NULL };
    m8t_run_mote8(r, args);
}

static void expect_refused(const m8_run_result *r, const char *name, const char *message)
{
    cr_expect_eq(r->exit_code, 1, "%s: exit %d, stdout %.300s, stderr %.400s", name,
                 r->exit_code, r->out, r->err);
    cr_expect(strstr(r->err, message) != NULL, "%s: %.600s", name, r->err);
    cr_expect(strstr(r->out, "wrote it") == NULL && strstr(r->out, "escaped") == NULL &&
              strstr(r->out, "read ") == NULL && strstr(r->out, "included") == NULL,
              "%s: %.300s", name, r->out);
}

static int exists(const char *fmt, const char *arg)
{
    char path[400];
    snprintf(path, sizeof path, fmt, arg);
    struct stat st;
    return lstat(path, &st) == 0;
}

static long file_size(const char *fmt, const char *arg)
{
    char path[400];
    snprintf(path, sizeof path, fmt, arg);
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* The victim is unchanged: 32768 bytes that start with its first line. */
static void expect_victim_kept(const char *fmt)
{
    char path[400];
    snprintf(path, sizeof path, fmt, top);
    size_t len = 0;
    char *text = m8_read_file(path, &len, 0);
    cr_assert(text, "%s is gone", path);
    cr_expect_eq(len, 32768, "%s is now %zu bytes", path, len);
    cr_expect(strncmp(text, "secret line 0000", 16) == 0, "%s was written over", path);
    free(text);
}

TestSuite(hostile_files, .init = setup, .fini = teardown, .timeout = 60);

Test(hostile_files, cstore_by_absolute_name_is_refused)
{
    unlink("/tmp/m8_hostile_absolute.p8");
    m8_run_result r;
    run_hostile(&r, "cstore_absolute.p8", "2");
    expect_refused(&r, "cstore_absolute.p8", "\"/tmp/m8_hostile_absolute\": only files in the "
                   "cart's folder and below can be named (an absolute path)");
    cr_expect(!exists("/tmp/m8_hostile_absolute.p8", ""), "the cart was written");
    unlink("/tmp/m8_hostile_absolute.p8");
}

Test(hostile_files, cstore_into_the_parent_folder_is_refused)
{
    m8_run_result r;
    run_hostile(&r, "cstore_dotdot.p8", "2");
    expect_refused(&r, "cstore_dotdot.p8", "cstore: \"../escaped\": only files in the cart's "
                   "folder and below can be named (a \"..\" component)");
    cr_expect(!exists("%s/escaped.p8", top), "../escaped.p8 was written");
}

Test(hostile_files, reload_from_the_parent_folder_is_refused)
{
    m8_run_result r;
    run_hostile(&r, "reload_dotdot.p8", "2");
    expect_refused(&r, "reload_dotdot.p8", "reload: \"../victim.bin\": only files in the cart's "
                   "folder");
}

Test(hostile_files, load_outside_the_folder_is_refused)
{
    m8_run_result r;
    run_hostile(&r, "load_dotdot.p8", "3");
    expect_refused(&r, "load_dotdot.p8", "load: \"../b/target\": only files in the cart's folder");
    run_hostile(&r, "load_absolute.p8", "3");
    expect_refused(&r, "load_absolute.p8", "load: \"/etc/passwd\": only files in the cart's "
                   "folder and below can be named (an absolute path)");
}

Test(hostile_files, include_through_a_link_out_of_the_folder_is_refused)
{
    sh("ln -s ../outside.lua '%s/cart/link.lua'", top);
    m8_run_result r;
    run_hostile(&r, "include_symlink.p8", "2");
    expect_refused(&r, "include_symlink.p8", "#include link.lua: cannot read the file");
    cr_expect(strstr(r.err, "link.lua: leads outside the cart's folder") != NULL, "%s", r.err);
}

Test(hostile_files, include_of_a_fifo_does_not_block)
{
    char fifo[300];
    snprintf(fifo, sizeof fifo, "%s/fifo.lua", cart_dir);
    cr_assert_eq(mkfifo(fifo, 0644), 0);
    m8_run_result r;
    run_hostile(&r, "include_fifo.p8", "2");   /* before: blocked in open() for ever */
    expect_refused(&r, "include_fifo.p8", "#include fifo.lua: cannot read the file");
    cr_expect(strstr(r.err, "fifo.lua: not a regular file") != NULL, "%s", r.err);
}

Test(hostile_files, a_file_of_rom_size_is_not_a_cart)
{
    m8_run_result r;
    run_hostile(&r, "reload_rom_sized.p8", "2");
    expect_refused(&r, "reload_rom_sized.p8", "reload: ");
    cr_expect(strstr(r.err, "victim.bin: not a cart: 32768 bytes like a .p8.rom") != NULL, "%s",
              r.err);
    run_hostile(&r, "cstore_rom_sized.p8", "2");
    expect_refused(&r, "cstore_rom_sized.p8", "victim.bin: not a cart: 32768 bytes");
    expect_victim_kept("%s/cart/victim.bin");
}

Test(hostile_files, cstore_through_a_linked_folder_is_refused)
{
    sh("mkdir -p '%s/elsewhere' && ln -s ../elsewhere '%s/cart/sub'", top);
    m8_run_result r;
    run_hostile(&r, "cstore_link_folder.p8", "2");
    expect_refused(&r, "cstore_link_folder.p8", "its folder leads outside the cart's folder");
    cr_expect(!exists("%s/elsewhere/planted.p8", top), "written through the link");
}

Test(hostile_files, cstore_through_a_linked_file_is_refused)
{
    sh("cp '%s/b/target.p8' '%s/outside.p8' && ln -s ../outside.p8 '%s/cart/out.p8'", top);
    long before = file_size("%s/outside.p8", top);
    m8_run_result r;
    run_hostile(&r, "cstore_link_file.p8", "2");
    expect_refused(&r, "cstore_link_file.p8", "out.p8");
    cr_expect_eq(file_size("%s/outside.p8", top), before, "the cart outside was written");
    char link[400];
    snprintf(link, sizeof link, "%s/cart/out.p8", top);
    struct stat st;
    cr_expect(lstat(link, &st) == 0 && S_ISLNK(st.st_mode), "the link was replaced");
}

/* A cart file too large to read is there, not missing: cstore does not create a new cart
 * over it. */
Test(hostile_files, cstore_does_not_replace_a_file_it_cannot_read)
{
    sh("truncate -s 17M '%s/cart/other.p8'", top);
    m8_run_result r;
    run_hostile(&r, "cstore_other.p8", "2");
    cr_expect_eq(r.exit_code, 1, "exit %d: %s", r.exit_code, r.err);
    cr_expect(strstr(r.err, "cstore: cannot read ") != NULL && strstr(r.err, "other.p8: File too "
              "large") != NULL, "%s", r.err);
    cr_expect_eq(file_size("%s/cart/other.p8", top), 17L * 1024 * 1024, "written over");
}

/* A cart's own multi-cart files in its folder and below still work. */
Test(hostile_files, files_inside_the_folder_still_work)
{
    sh("mkdir -p '%s/cart/levels' && cp '%s/b/target.p8' '%s/cart/levels/next.p8'", top);
    char cart[300];
    snprintf(cart, sizeof cart, "%s/inside.p8", cart_dir);
    FILE *f = fopen(cart, "w");
    cr_assert(f);
    fputs("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
          "memset(0,9,16) cstore(0,0,16,'levels/saved') memset(0,0,16)\n"
          "reload(0,0,16,'levels/saved') printh('back '..peek(3))\n"
          "load('levels/next')\n", f);
    fclose(f);
    const char *args[] = { "--headless", "--frames", "4", "--timeout", "20", cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_expect_eq(r.exit_code, 0, "exit %d: %s", r.exit_code, r.err);
    cr_expect(strstr(r.out, "back 9\n") != NULL && strstr(r.out, "escaped\n") != NULL, "%s",
              r.out);
}

/* A cstore killed with -9 between its write and its rename left other.p8.tmpPID; the next
 * cstore into other.p8 removes it (its process no longer runs). */
Test(hostile_files, cstore_removes_temporaries_of_killed_runs)
{
    sh("cp '%s/b/target.p8' '%s/cart/other.p8'", top);
    pid_t child = fork();
    cr_assert_geq(child, 0);
    if (child == 0) _exit(0);
    waitpid(child, NULL, 0);                      /* a process id that no longer runs */
    char stale[400], mine[400];
    snprintf(stale, sizeof stale, "%s/other.p8.tmp%d", cart_dir, (int)child);
    snprintf(mine, sizeof mine, "%s/other.p8.tmp%d", cart_dir, (int)getpid());  /* running */
    for (int i = 0; i < 2; i++) {
        FILE *f = fopen(i ? mine : stale, "w");
        cr_assert(f);
        fputs("half a cart", f);
        fclose(f);
    }
    m8_run_result r;
    run_hostile(&r, "cstore_other.p8", "2");
    cr_expect_eq(r.exit_code, 0, "exit %d: %s", r.exit_code, r.err);
    cr_expect(strstr(r.out, "stored") != NULL, "%s", r.out);
    cr_expect(access(stale, F_OK) != 0, "the temporary of a killed run is still there");
    cr_expect(access(mine, F_OK) == 0, "the temporary of a running process was removed");
}

/* printh(s, file) writes at most M8_PRINTH_FILE_MAX (4 MiB) per run, then says so once. */
Test(hostile_files, printh_flood_stops_at_the_cap_with_one_message)
{
    char out_dir[300];
    snprintf(out_dir, sizeof out_dir, "%s/output", top);
    setenv("MOTE8_OUTPUT_DIR", out_dir, 1);
    m8_run_result r;
    run_hostile(&r, "printh_flood.p8", "8");
    unsetenv("MOTE8_OUTPUT_DIR");
    cr_expect_eq(r.exit_code, 0, "exit %d: %s", r.exit_code, r.err);
    long size = file_size("%s/output/flood.txt", top);
    cr_expect(size > 3 * 1024 * 1024 && size <= 4 * 1024 * 1024, "flood.txt is %ld bytes", size);
    int messages = 0;
    for (const char *p = r.out; (p = strstr(p, "printh: ")); p++) messages++;
    cr_expect_eq(messages, 1, "%d messages: %.300s", messages, r.out);
    cr_expect(strstr(r.out, "flood.txt: the cart's files would pass 4194304 bytes") != NULL,
              "%.300s", r.out);
}

/* ---- the one-message rule through the embedding API: a disk that is full ---- */

typedef struct full_disk {
    int writes, saves;
    m8t_capture cap;
} full_disk;

static int full_write(void *user, const char *name, const char *text, int overwrite, char *err,
                      size_t errsz)
{
    (void)text; (void)overwrite;
    ((full_disk *)user)->writes++;
    snprintf(err, errsz, "cannot write out/%s: No space left on device", name);
    return -1;
}

static int full_save(void *user, const char *id, const uint8_t data[256], char *err,
                     size_t errsz)
{
    (void)data;
    ((full_disk *)user)->saves++;
    snprintf(err, errsz, "could not save %s.p8d.txt (No space left on device)", id);
    return -1;
}

static void full_printh(void *user, const char *text)
{
    m8t_capture_printh(&((full_disk *)user)->cap, text);
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p++) n++;
    return n;
}

Test(hostile_files, a_full_disk_is_reported_once)
{
    static const char cart[] = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                               "cartdata('m8_hostile_full') n=0\n"
                               "function _update() n+=1 dset(0,n) "
                               "for i=1,100 do printh('line '..i,'log.txt') end end\n";
    static full_disk disk;
    memset(&disk, 0, sizeof disk);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.platform.user = &disk;
    cfg.platform.printh = full_printh;
    cfg.platform.write_output = full_write;
    cfg.platform.save_data = full_save;
    mote8 *m8 = mote8_create(&cfg);
    cr_assert_eq(mote8_load_cart(m8, cart, sizeof cart - 1, "full.p8"), 0, "%s", mote8_error(m8));
    for (int i = 0; i < 10; i++)
        cr_assert_eq(mote8_tick(m8, NULL), MOTE8_RUNNING, "%s", mote8_error(m8));
    mote8_destroy(m8);
    cr_expect_geq(disk.saves, 10, "saves are still tried each frame (%d)", disk.saves);
    cr_expect_eq(count(disk.cap.text, "cartdata: could not save"), 1, "%s", disk.cap.text);
    cr_expect_eq(count(disk.cap.text, "No space left on device; printh to files is off"), 1,
                 "%s", disk.cap.text);
    cr_expect_eq(disk.writes, 1, "printh kept writing after the error (%d)", disk.writes);
}
