/* test_rom_content.c - m8_rom_is_cart_image: a .p8.rom is recognised by its content, not by
 * its size alone (issue 21: any file of 32768 bytes was read, and written over, as a cart).
 * Depends on: cart_rom.h, cart_codec.h, Criterion. */
#include <criterion/criterion.h>
#include <string.h>
#include "cart_codec.h"
#include "cart_rom.h"

Test(rom_content, a_rom_is_recognised_by_its_content)
{
    static uint8_t image[0x8020];
    memset(image, 0, sizeof image);
    cr_expect(m8_rom_is_cart_image(image, 0x8000), "an all-zero image is a cart without code");
    memcpy(image + 0x4300, "print(1)", 8);
    cr_expect(m8_rom_is_cart_image(image, 0x8000), "plain code");
    cr_expect(m8_rom_is_cart_image(image, 0x8020), "plain code, with the trailer");
    image[0x4300 + 20] = 'x';                         /* bytes after the code's end */
    cr_expect(!m8_rom_is_cart_image(image, 0x8000));
    memset(image + 0x4300, 'a', 0x3d00);              /* text to the end: a text file */
    cr_expect(!m8_rom_is_cart_image(image, 0x8000));
    memset(image + 0x4300, 0x55, 0x3d00);
    memcpy(image + 0x4300, "\0pxa\0\0\0\x20", 8);     /* PXA, 32 bytes compressed */
    cr_expect(m8_rom_is_cart_image(image, 0x8000));
    memcpy(image + 0x4300, "\0pxa\0\0\x3d\x01", 8);   /* more than the region holds */
    cr_expect(!m8_rom_is_cart_image(image, 0x8000));
    memcpy(image + 0x4300, ":c:\0\0\x10\0\0", 8);     /* old compression */
    cr_expect(m8_rom_is_cart_image(image, 0x8000));
    image[0x4306] = 1;
    cr_expect(!m8_rom_is_cart_image(image, 0x8000));
    cr_expect(!m8_rom_is_cart_image(image, 0x7fff), "size still counts");
    /* what the readers make of such a file */
    memset(image, 'z', sizeof image);
    cr_expect_eq(m8_cart_sniff(image, 0x8000), M8_FORMAT_P8);
    m8_cart cart;
    m8_cart_error err = { 0 };
    cr_expect_neq(m8_cart_read_any(&cart, image, 0x8000, "v.bin", &err, NULL), 0);
    cr_expect(strstr(err.message, "not a cart: 32768 bytes like a .p8.rom") != NULL, "%s",
              err.message);
    m8_cart_free(&cart);
    cr_expect_neq(m8_cart_read_any(&cart, image, 0x8000, "v.p8.rom", &err, NULL), 0);
    cr_expect(strstr(err.message, "not a .p8.rom cart: 32768 bytes, but the code at 0x4300")
              != NULL, "%s", err.message);
    m8_cart_free(&cart);
}
