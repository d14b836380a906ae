/* host_template.c - the smallest complete mote8 host, to copy when writing a new one (a web
 * page, a libretro core, a test harness). It is built with only api/ on its include path
 * (build/bin/mote8-host-template) and shows, in order, what every host implements
 * (docs/architecture.md, "Adding a host"):
 *   1. platform services: here printh to stdout and cartdata kept in memory; no files,
 *      so #include, load() and cstore() of other carts fail with a message;
 *   2. the cart's bytes: a bundled cart by name, or a file read with stdio;
 *   3. the loop: an explicit seed, one mote8_tick() per frame with that frame's input;
 *   4. the picture: mote8_screen_rgb() after each tick;
 *   5. the sound: mote8_pull_audio() after each tick.
 * Usage: mote8-host-template CART TICKS [OUT.png]. It prints the ticks run, the samples
 * pulled and a checksum of the last frame, and writes that frame as a PNG when asked; the
 * tests compare the PNG with `mote8 --headless` (the same cart, seed and input give the
 * same frames on every host).
 * Depends on: api/mote8.h, libc. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mote8.h"

/* 1. Platform services: a host's own state is passed back as `user`. */
typedef struct template_host {
    uint8_t save[256];          /* the cart's cartdata, for this run only */
    int have_save;
} template_host;

static void template_printh(void *user, const char *text)
{
    (void)user;
    printf("printh: %s\n", text);
}

static int template_load_data(void *user, const char *id, uint8_t data[256], char *err,
                              size_t errsz)
{
    (void)id, (void)err, (void)errsz;
    template_host *h = user;
    if (!h->have_save) return 0;            /* nothing saved yet: the cart starts empty */
    memcpy(data, h->save, 256);
    return 1;
}

static int template_save_data(void *user, const char *id, const uint8_t data[256], char *err,
                              size_t errsz)
{
    (void)id, (void)err, (void)errsz;
    template_host *h = user;
    memcpy(h->save, data, 256);
    h->have_save = 1;
    return 0;
}

/* 2. The cart's bytes: a file, else a bundled cart of that name. malloc'd, or NULL. */
static void *read_cart(const char *name, size_t *len)
{
    FILE *f = fopen(name, "rb");
    if (!f) {
        const void *bundled = mote8_bundled_cart(name, len);
        void *copy = bundled ? malloc(*len) : NULL;
        if (copy) memcpy(copy, bundled, *len);
        return copy;
    }
    uint8_t *data = malloc(MOTE8_CART_FILE_MAX);
    *len = data ? fread(data, 1, MOTE8_CART_FILE_MAX, f) : 0;
    fclose(f);
    return data;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: mote8-host-template CART TICKS [OUT.png]\n");
        return 2;
    }
    long ticks = strtol(argv[2], NULL, 10);
    size_t len = 0;
    void *cart = read_cart(argv[1], &len);
    if (!cart) {
        fprintf(stderr, "mote8-host-template: %s: no such file or bundled cart\n", argv[1]);
        return 1;
    }

    template_host host = { 0 };
    mote8_config cfg = { 0 };
    cfg.platform.user = &host;
    cfg.platform.printh = template_printh;
    cfg.platform.load_data = template_load_data;
    cfg.platform.save_data = template_save_data;
    cfg.have_seed = 1;                      /* 3. every host sets the seed explicitly */
    cfg.seed = 0;
    mote8 *m8 = mote8_create(&cfg);
    if (!m8 || mote8_load_cart(m8, cart, len, argv[1]) != 0) {
        fprintf(stderr, "%s\n", m8 ? mote8_error(m8) : "mote8-host-template: out of memory");
        mote8_destroy(m8);
        free(cart);
        return 1;
    }

    static uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    static int16_t samples[MOTE8_AUDIO_RATE];
    long pulled = 0, t = 0;
    int status = 0;
    for (; t < ticks && status != MOTE8_SHUTDOWN; t++) {
        mote8_input input = { 0 };          /* a real host fills this from its devices */
        status = mote8_tick(m8, &input);
        if (status == MOTE8_ERROR) {
            fprintf(stderr, "%s\n", mote8_error(m8));
            mote8_show_error(m8);           /* the error screen, as a host would show it */
        }
        mote8_screen_rgb(m8, rgb);          /* 4. the picture (a real host shows it) */
        int n;                              /* 5. the sound (a real host plays it) */
        while ((n = mote8_pull_audio(m8, samples, MOTE8_AUDIO_RATE)) > 0) pulled += n;
        if (status == MOTE8_ERROR) break;
    }

    uint32_t sum = 2166136261u;             /* FNV-1a of the last frame */
    for (size_t i = 0; i < sizeof rgb; i++) sum = (sum ^ rgb[i]) * 16777619u;
    printf("ticks %ld samples %ld frame %08x\n", t, pulled, (unsigned)sum);
    int rc = status == MOTE8_ERROR ? 1 : 0;
    if (argc > 3 && mote8_write_png(argv[3], rgb, MOTE8_WIDTH, MOTE8_HEIGHT, 1) != 0) {
        fprintf(stderr, "mote8-host-template: cannot write %s\n", argv[3]);
        rc = 1;
    }
    mote8_destroy(m8);
    free(cart);
    return rc;
}
