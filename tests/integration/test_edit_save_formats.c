/* test_edit_save_formats.c - the editors saving a .p8.png and a .p8.rom in their own format:
 * a real cart of ../shared (with a label) converted by mote8-cart into a temporary folder,
 * two pixels drawn by `mote8 --headless --edit CART --edit-script FILE` and saved; read back,
 * the saved file is the same format with exactly those pixels changed and the code, label,
 * sound and the rest of the data as they were.
 * Depends on: m8_test_util.h, cart_codec.h (runtime/core), Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart_codec.h"
#include "m8_test_util.h"

#define REAL_CART M8_SHARED_DIR "/carts/real/beat_bot.p8"

static const char *tmp(const char *name) { return m8t_tmp_path("edformats", name); }

static void read_any(const char *path, m8_cart *cart, m8_cart_format *format)
{
    size_t len = 0;
    char *data = m8_read_file(path, &len, 1 << 22);
    cr_assert(data, "%s", path);
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_any(cart, data, len, path, &err, format), 0, "%s: %s", path, err.message);
    free(data);
}

static int pixel(const uint8_t *rom, int x, int y)
{
    uint8_t b = rom[y * 64 + x / 2];
    return x & 1 ? b >> 4 : b & 15;
}

static void edit_and_check(const char *ext, m8_cart_format want_format)
{
    char name[64], copy[64];
    snprintf(name, sizeof name, "orig%s", ext);
    snprintf(copy, sizeof copy, "edited%s", ext);
    const char *orig = tmp(name), *edited = tmp(copy), *events = tmp("events.txt");
    m8_run_result r;
    const char *conv[] = { "convert", REAL_CART, orig, NULL };
    m8t_run_tool(&r, "mote8-cart", conv);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    const char *conv2[] = { "convert", REAL_CART, edited, NULL };
    m8t_run_tool(&r, "mote8-cart", conv2);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);

    FILE *f = fopen(events, "w");
    cr_assert(f);
    fputs("click 8 10\n"                 /* pencil, colour 8: pixel 8,0 (sprite 1's 0,0) */
          "click 85 45\n"                /* colour 12 */
          "click 16 18\n"                /* pixel 9,1 */
          "key ctrl+s\n", f);
    fclose(f);
    const char *args[] = { "--headless", "--edit", edited, "--edit-script", events, NULL };
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "saved"), "%s", r.out);

    m8_cart before, after;
    m8_cart_format fb, fa;
    read_any(orig, &before, &fb);
    read_any(edited, &after, &fa);
    cr_expect_eq(fa, want_format, "saved in its own format");
    cr_expect_eq(pixel(after.rom, 8, 0), 8);
    cr_expect_eq(pixel(after.rom, 9, 1), 12);
    uint8_t want[M8_ROM_SIZE];
    memcpy(want, before.rom, sizeof want);
    want[0 * 64 + 4] = (uint8_t)((want[4] & 0xf0) | 8);
    want[1 * 64 + 4] = (uint8_t)((want[64 + 4] & 0x0f) | 12 << 4);
    int diffs = 0;
    for (int a = 0; a < M8_ROM_SIZE; a++) diffs += after.rom[a] != want[a];
    cr_expect_eq(diffs, 0, "%s: %d bytes differ besides the two pixels", ext, diffs);
    cr_expect(memcmp(after.rom, before.rom, M8_ROM_SIZE) != 0, "the pixels were not already so");
    cr_expect(after.code_len == before.code_len && !memcmp(after.code, before.code, after.code_len),
              "%s: code kept", ext);
    cr_expect_eq(after.has_label, before.has_label);
    cr_expect(!memcmp(after.label, before.label, sizeof after.label), "%s: label kept", ext);
    if (want_format == M8_FORMAT_PNG) cr_expect(before.has_label, "the real cart's label is there");
    m8_cart_free(&before);
    m8_cart_free(&after);
}

Test(edit_save_formats, p8_png_keeps_its_label, .timeout = 60) { edit_and_check(".p8.png", M8_FORMAT_PNG); }

Test(edit_save_formats, p8_rom, .timeout = 60) { edit_and_check(".p8.rom", M8_FORMAT_ROM); }
