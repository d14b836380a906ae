/* test_cart_roundtrip.c - every cart of the shared corpus (M8_SHARED_DIR/carts/real, never
 * copied into the repository) goes .p8 -> .p8.png -> .p8 and .p8 -> .p8.rom -> .p8 with the
 * same ROM and code. A cart whose code cannot fit a cart image must be refused with a message
 * giving its compressed size; the test lists such carts. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"
#include "cart_codec.h"
#include "cart_rom.h"
#include "platform_posix.h"
#include "pxa.h"

#define REAL_DIR M8_SHARED_DIR "/carts/real"

/* .p8 text -> format -> read back -> .p8 text -> read: ROM and code equal the original.
 * Returns 1 if it went through, 0 if the code was refused as too large. */
static int round_trip(const char *name, const m8_cart *orig, m8_cart_format format)
{
    m8_cart_error err = { 0 };
    size_t len = 0, zsize = 0;
    void *bytes = m8_cart_write_any(orig, format, &len, &zsize, &err);
    if (!bytes) {
        cr_expect(strstr(err.message, "compresses to") != NULL || strstr(err.message, "chars"),
                  "%s: refused for another reason: %s", name, err.message);
        cr_expect(zsize > M8_ROM_CODE_SIZE || orig->code_len > M8_PXA_MAX_CODE,
                  "%s: refused at %zu bytes: %s", name, zsize, err.message);
        return 0;
    }
    m8_cart mid, back;
    m8_cart_format seen;
    cr_assert_eq(m8_cart_read_any(&mid, bytes, len, NULL, &err, &seen), 0, "%s: %s", name, err.message);
    cr_expect_eq(seen, format, "%s: written as %d, sniffed as %d", name, format, seen);
    size_t tlen = 0;
    char *text = m8_cart_write_p8(&mid, &tlen);
    cr_assert(text);
    cr_assert_eq(m8_cart_read_p8(&back, text, tlen, &err), 0, "%s: %s", name, err.message);
    cr_expect(memcmp(orig->rom, back.rom, M8_ROM_DATA_SIZE) == 0, "%s: ROM differs", name);
    cr_expect_eq(back.code_len, orig->code_len, "%s: code length", name);
    cr_expect(back.code_len == orig->code_len && memcmp(back.code, orig->code, orig->code_len) == 0,
              "%s: code differs", name);
    if (format == M8_FORMAT_PNG && orig->has_label)
        cr_expect(memcmp(orig->label, back.label, sizeof orig->label) == 0, "%s: label differs", name);
    free(text);
    m8_cart_free(&back);
    m8_cart_free(&mid);
    free(bytes);
    return 1;
}

Test(cart_roundtrip, every_real_cart_through_png_and_rom, .timeout = 120)
{
    DIR *d = opendir(REAL_DIR);
    cr_assert(d, "no %s", REAL_DIR);
    struct dirent *e;
    int carts = 0, png_ok = 0, rom_ok = 0;
    char refused[2048] = "";
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 3, ".p8") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", REAL_DIR, e->d_name);
        size_t len;
        char *text = m8_read_file(path, &len, 0);
        cr_assert(text, "cannot read %s", path);
        m8_cart cart;
        m8_cart_error err;
        cr_assert_eq(m8_cart_read_p8(&cart, text, len, &err), 0, "%s: %s", e->d_name, err.message);
        carts++;
        int a = round_trip(e->d_name, &cart, M8_FORMAT_PNG);
        int b = round_trip(e->d_name, &cart, M8_FORMAT_ROM);
        png_ok += a;
        rom_ok += b;
        if (!a) {
            size_t n = strlen(refused);
            snprintf(refused + n, sizeof refused - n, " %s", e->d_name);
        }
        m8_cart_free(&cart);
        free(text);
    }
    closedir(d);
    fprintf(stderr, "cart_roundtrip: %d carts, %d through .p8.png, %d through .p8.rom; code too large:%s\n",
            carts, png_ok, rom_ok, refused[0] ? refused : " none");
    cr_expect_gt(carts, 10);
    cr_expect_eq(png_ok, rom_ok);
    /* the corpus has one cart whose unminified code is over the image's limit:
     * nuklear_klone.p8, 47895 chars -> 15696 bytes even with the encoder's beam search */
    cr_expect_geq(png_ok, carts - 1, "only %d of %d carts went through:%s", png_ok, carts, refused);
}
