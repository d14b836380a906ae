/* test_cart_png.c - .p8.png and .p8.rom carts: pictures made here bit by bit (raw, old ":c:"
 * and PXA code), write -> read round trips (ROM, code, label, version), format sniffing,
 * #include of tabs from such carts, and broken input - truncated or corrupt PNGs, wrong
 * picture size, wrong magic in the code region, oversized code - each giving a clear message
 * and no crash. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cart.h"
#include "cart_codec.h"
#include "cart_png.h"
#include "cart_rom.h"
#include "code_legacy.h"
#include "m8_test_util.h"
#include "pxa.h"

/* A 160x205 RGBA PNG carrying `image` (0x8020 bytes) in the low bits, over a grey picture. */
static uint8_t *make_png(const uint8_t *image, size_t *len)
{
    static uint8_t rgba[160 * 205 * 4];
    for (size_t i = 0; i < 160 * 205; i++) {
        uint8_t b = image[i];
        rgba[i * 4 + 0] = (uint8_t)(0x80 | (b >> 4 & 3));
        rgba[i * 4 + 1] = (uint8_t)(0x80 | (b >> 2 & 3));
        rgba[i * 4 + 2] = (uint8_t)(0x80 | (b & 3));
        rgba[i * 4 + 3] = (uint8_t)(0xfc | (b >> 6 & 3));
    }
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = 160;
    img.height = 205;
    img.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    cr_assert(png_image_write_to_memory(&img, NULL, &size, 0, rgba, 0, NULL));
    uint8_t *out = malloc(size);
    cr_assert(png_image_write_to_memory(&img, out, &size, 0, rgba, 0, NULL));
    *len = size;
    return out;
}

/* A cart image with a recognisable ROM and `code` (already in its stored form) at 0x4300. */
static uint8_t *make_image(const void *code, size_t code_len)
{
    uint8_t *image = calloc(1, M8_ROM_IMAGE_SIZE);
    for (int i = 0; i < M8_ROM_DATA_SIZE; i++) image[i] = (uint8_t)(i * 7 + (i >> 8));
    cr_assert_leq(code_len, M8_ROM_CODE_SIZE);
    memcpy(image + M8_ROM_DATA_SIZE, code, code_len);
    image[M8_ROM_SIZE] = 33;
    return image;
}

static void read_png_ok(const uint8_t *png, size_t len, m8_cart *cart)
{
    m8_cart_error err = { 0 };
    cr_assert_eq(m8_cart_read_png(cart, png, len, &err), 0, "%s", err.message);
}

static const char k_code[] = "-- hand-made\nfunction _draw() cls(2) circfill(64,64,20,9) end\n";

Test(cart_png, hand_made_raw_code)
{
    uint8_t *image = make_image(k_code, strlen(k_code));
    size_t len;
    uint8_t *png = make_png(image, &len);
    m8_cart cart;
    read_png_ok(png, len, &cart);
    cr_expect_str_eq(cart.code, k_code);
    cr_expect(memcmp(cart.rom, image, M8_ROM_DATA_SIZE) == 0, "ROM bytes differ");
    cr_expect_eq(cart.version, 33);
    m8_cart_free(&cart);
    free(png);
    free(image);
}

Test(cart_png, hand_made_legacy_and_pxa_code)
{
    size_t zlen;
    uint8_t *z = m8_legacy_compress(k_code, strlen(k_code), &zlen);
    uint8_t *image = make_image(z, zlen);
    size_t len;
    uint8_t *png = make_png(image, &len);
    m8_cart cart;
    read_png_ok(png, len, &cart);
    cr_expect_str_eq(cart.code, k_code);
    m8_cart_free(&cart);
    free(png);
    free(image);
    free(z);

    z = m8_pxa_compress(k_code, strlen(k_code), &zlen);
    image = make_image(z, zlen);
    png = make_png(image, &len);
    read_png_ok(png, len, &cart);
    cr_expect_str_eq(cart.code, k_code);
    m8_cart_free(&cart);
    free(png);
    free(image);
    free(z);
}

Test(cart_png, the_embedding_api_runs_a_png_cart)
{
    size_t zlen, len;
    uint8_t *z = m8_pxa_compress(k_code, strlen(k_code), &zlen);
    uint8_t *image = make_image(z, zlen);
    uint8_t *png = make_png(image, &len);
    mote8 *m8 = mote8_create(NULL);
    cr_assert_eq(mote8_load_cart(m8, png, len, "hand.p8.png"), 0, "%s", mote8_error(m8));
    mote8_input in;
    memset(&in, 0, sizeof in);
    cr_assert_neq(mote8_tick(m8, &in), MOTE8_ERROR, "%s", mote8_error(m8));
    static uint8_t rgb[128 * 128 * 3];
    mote8_screen_rgb(m8, rgb);
    cr_expect(rgb[0] == 126 && rgb[1] == 37 && rgb[2] == 83, "corner is not colour 2");
    uint8_t *c = rgb + (64 * 128 + 64) * 3;
    cr_expect(c[0] == 255 && c[1] == 163 && c[2] == 0, "centre is not colour 9");
    mote8_destroy(m8);
    free(png);
    free(image);
    free(z);
}

/* A cart with data everywhere, code and a label using all 32 colours. */
static void busy_cart(m8_cart *cart)
{
    m8_cart_init(cart);
    for (int i = 0; i < M8_ROM_DATA_SIZE; i++) cart->rom[i] = (uint8_t)(i * 13 + 5);
    free(cart->code);
    cart->code = strdup(k_code);
    cart->code_len = strlen(k_code);
    cart->version = 41;
    cart->has_label = 1;
    for (int i = 0; i < 128 * 128; i++) cart->label[i] = (uint8_t)((i / 128 + i % 128) & 31);
}

Test(cart_png, write_then_read_keeps_everything)
{
    m8_cart cart, back;
    busy_cart(&cart);
    m8_cart_error err = { 0 };
    size_t len = 0, zsize = 0;
    uint8_t *png = m8_cart_write_png(&cart, &len, &zsize, &err);
    cr_assert(png, "%s", err.message);
    cr_expect_gt(zsize, 8);
    cr_expect_eq(m8_cart_sniff(png, len), M8_FORMAT_PNG);
    read_png_ok(png, len, &back);
    cr_expect(memcmp(cart.rom, back.rom, M8_ROM_DATA_SIZE) == 0, "ROM differs");
    cr_expect_str_eq(back.code, cart.code);
    cr_expect_eq(back.version, 41);
    cr_expect(back.has_label);
    cr_expect(memcmp(cart.label, back.label, sizeof cart.label) == 0, "label differs");
    m8_cart_free(&back);
    free(png);
    m8_cart_free(&cart);
}

Test(cart_png, rom_write_then_read)
{
    m8_cart cart, back;
    busy_cart(&cart);
    m8_cart_error err = { 0 };
    size_t len = 0;
    uint8_t *rom = m8_cart_write_any(&cart, M8_FORMAT_ROM, &len, NULL, &err);
    cr_assert(rom, "%s", err.message);
    cr_expect_eq(len, 0x8000);
    cr_expect_eq(m8_cart_sniff(rom, len), M8_FORMAT_ROM);
    cr_assert_eq(m8_cart_read_any(&back, rom, len, "x.p8.rom", &err, NULL), 0, "%s", err.message);
    cr_expect(memcmp(cart.rom, back.rom, M8_ROM_DATA_SIZE) == 0, "ROM differs");
    cr_expect_str_eq(back.code, cart.code);
    m8_cart_free(&back);
    /* a rom of the wrong size */
    cr_expect_neq(m8_cart_read_any(&back, rom, 20000, "x.p8.rom", &err, NULL), 0);
    cr_expect(strstr(err.message, "20000 bytes") != NULL, "%s", err.message);
    m8_cart_free(&back);
    free(rom);
    m8_cart_free(&cart);
}

Test(cart_png, sniffing)
{
    cr_expect_eq(m8_cart_sniff("pico-8 cartridge // x\n", 22), M8_FORMAT_P8);
    cr_expect_eq(m8_cart_sniff("\xef\xbb\xbfpico-8 cartridge\n", 20), M8_FORMAT_P8);
    cr_expect_eq(m8_cart_sniff("\x89PNG\r\n\x1a\n....", 12), M8_FORMAT_PNG);
    static uint8_t zero[0x8020];
    cr_expect_eq(m8_cart_sniff(zero, 0x8000), M8_FORMAT_ROM);
    cr_expect_eq(m8_cart_sniff(zero, 0x8020), M8_FORMAT_ROM);
    cr_expect_eq(m8_cart_sniff(zero, 100), M8_FORMAT_P8);
    cr_expect_eq(m8_cart_format_of_name("a/b.P8.PNG"), M8_FORMAT_PNG);
    cr_expect_eq(m8_cart_format_of_name("b.p8.rom"), M8_FORMAT_ROM);
    cr_expect_eq(m8_cart_format_of_name("b.p8"), M8_FORMAT_P8);
    cr_expect_eq(m8_cart_format_of_name("b.png"), M8_FORMAT_UNKNOWN);
    /* an all-zero ROM is a cart with empty data and no code */
    m8_cart cart;
    m8_cart_error err;
    cr_expect_eq(m8_cart_read_any(&cart, zero, 0x8000, NULL, &err, NULL), 0, "%s", err.message);
    cr_expect_eq(cart.code_len, 0);
    m8_cart_free(&cart);
}

static void expect_png_error(const uint8_t *data, size_t len, const char *name, const char *want)
{
    m8_cart cart;
    m8_cart_error err = { 0 };
    uint8_t *copy = malloc(len ? len : 1);     /* exactly len bytes, so overreads show */
    memcpy(copy, data, len);
    int rc = m8_cart_read_any(&cart, copy, len, name, &err, NULL);
    cr_expect_neq(rc, 0, "%zu bytes read as a cart", len);
    cr_expect(strstr(err.message, want) != NULL, "message '%s' lacks '%s'", err.message, want);
    m8_cart_free(&cart);
    free(copy);
}

Test(cart_png, broken_pngs)
{
    m8_cart cart;
    busy_cart(&cart);
    m8_cart_error err = { 0 };
    size_t len = 0;
    uint8_t *png = m8_cart_write_png(&cart, &len, NULL, &err);
    cr_assert(png, "%s", err.message);
    for (size_t cut = 8; cut < len; cut += cut < 200 ? 7 : 997)
        expect_png_error(png, cut, "t.p8.png", "PNG");
    expect_png_error(png, 5, "t.p8.png", "not a .p8.png cart");
    expect_png_error((const uint8_t *)"", 0, "t.p8.png", "not a .p8.png cart");
    uint8_t *bad = malloc(len);                 /* a flipped byte in the first IDAT: CRC */
    memcpy(bad, png, len);
    uint8_t *idat = memmem(bad, len, "IDAT", 4);
    cr_assert(idat);
    idat[10] ^= 0x55;
    expect_png_error(bad, len, "t.p8.png", "corrupt PNG");
    free(bad);
    free(png);
    m8_cart_free(&cart);

    /* a well-formed PNG of the wrong size */
    static uint8_t rgba[128 * 128 * 4];
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = img.height = 128;
    img.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = sizeof rgba * 2;
    uint8_t *small = malloc(size);
    cr_assert(png_image_write_to_memory(&img, small, &size, 0, rgba, 0, NULL));
    expect_png_error(small, size, "t.p8.png", "128x128");
    free(small);
}

Test(cart_png, wrong_magic_and_broken_code_region)
{
    uint8_t bad_pxa[16] = { 0, 'p', 'x', 'a', 0, 50, 0, 16, 0xff, 0xff };
    uint8_t *image = make_image(bad_pxa, sizeof bad_pxa);
    size_t len;
    uint8_t *png = make_png(image, &len);
    expect_png_error(png, len, "t.p8.png", "code at 0x4300: PXA");
    free(png);
    free(image);
    /* "\0pxb" is no compression header: raw code ending at its first NUL (empty) */
    uint8_t other[8] = { 0, 'p', 'x', 'b', 0, 1, 0, 8 };
    image = make_image(other, sizeof other);
    m8_cart cart;
    m8_cart_error err;
    cr_assert_eq(m8_cart_read_rom(&cart, image, M8_ROM_IMAGE_SIZE, &err), 0, "%s", err.message);
    cr_expect_eq(cart.code_len, 0);
    m8_cart_free(&cart);
    free(image);
}

Test(cart_png, oversized_code_is_refused_with_its_size)
{
    m8_cart cart;
    m8_cart_init(&cart);
    free(cart.code);
    cart.code_len = 40000;                      /* noise: compresses to far over 15616 */
    cart.code = malloc(cart.code_len + 1);
    uint32_t x = 1;
    for (size_t i = 0; i < cart.code_len; i++) {
        x = x * 1103515245u + 12345u;
        cart.code[i] = (char)(x >> 16);
    }
    cart.code[cart.code_len] = 0;
    m8_cart_error err = { 0 };
    size_t len = 0, zsize = 0;
    cr_expect_null(m8_cart_write_png(&cart, &len, &zsize, &err));
    cr_expect_gt(zsize, M8_ROM_CODE_SIZE);
    char want[64];
    snprintf(want, sizeof want, "compresses to %zu bytes", zsize);
    cr_expect(strstr(err.message, want) != NULL, "%s", err.message);
    cr_expect(strstr(err.message, "15616") != NULL, "%s", err.message);
    cr_expect_null(m8_cart_write_any(&cart, M8_FORMAT_ROM, &len, NULL, &err));
    free(cart.code);
    cart.code_len = 70000;                      /* over the u16 length field */
    cart.code = calloc(1, cart.code_len + 1);
    memset(cart.code, 'a', cart.code_len);
    cr_expect_null(m8_cart_write_png(&cart, &len, NULL, &err));
    cr_expect(strstr(err.message, "70000 chars") != NULL, "%s", err.message);
    m8_cart_free(&cart);
}

static void put_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "%s", path);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}

Test(cart_png, include_reads_tabs_of_png_and_rom_carts)
{
    m8_cart lib;
    m8_cart_init(&lib);
    free(lib.code);
    lib.code = strdup("function tab0() return 'p' end\n-->8\nfunction tab1() return 'q' end");
    lib.code_len = strlen(lib.code);
    m8_cart_error err = { 0 };
    size_t plen, rlen;
    uint8_t *png = m8_cart_write_any(&lib, M8_FORMAT_PNG, &plen, NULL, &err);
    uint8_t *rom = m8_cart_write_any(&lib, M8_FORMAT_ROM, &rlen, NULL, &err);
    cr_assert(png && rom, "%s", err.message);
    char dir[128], path[256], out[1024], errs[2048];
    snprintf(dir, sizeof dir, "/tmp/m8t_pnginc_%d", (int)getpid());
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/lib.p8.png", dir);
    put_file(path, png, plen);
    snprintf(path, sizeof path, "%s/lib.p8.rom", dir);
    put_file(path, rom, rlen);
    const char *main_cart = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
                            "#include lib.p8.png:1\n#include lib.p8.rom:0\nprinth(tab1()..tab0())\n";
    snprintf(path, sizeof path, "%s/main.p8", dir);
    put_file(path, main_cart, strlen(main_cart));
    int st = m8t_run_cart(path, 1, NULL, out, sizeof out, errs, sizeof errs);
    cr_expect_neq(st, MOTE8_ERROR, "%s", errs);
    cr_expect_str_eq(out, "qp\n");
    const char *names[] = { "lib.p8.png", "lib.p8.rom", "main.p8" };
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
    free(png);
    free(rom);
    m8_cart_free(&lib);
}
