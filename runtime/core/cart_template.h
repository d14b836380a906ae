/* cart_template.h - the cartridge picture of .p8.png carts written by mote8: a 160x205
 * cartridge drawn for this project, with the 128x128 label in its window and the cart's
 * title lines on its plate. Depends on: nothing. */
#ifndef M8_CART_TEMPLATE_H
#define M8_CART_TEMPLATE_H

#include <stdint.h>

#define M8_CART_PICTURE_W 160
#define M8_CART_PICTURE_H 205
#define M8_CART_LABEL_X 16          /* label window, 128x128 (reference 5.2) */
#define M8_CART_LABEL_Y 24

/* Draw into rgb[160*205*3]: label is 128*128 colour indices 0-31 (16-31 = the extended
 * colours) or NULL for an empty window; title and author are P8SCII lines (NULL or "" for
 * none), cut at the plate's width. Every pixel is one of the 32 palette colours. */
void m8_cart_template_draw(uint8_t *rgb, const uint8_t *label, const char *title,
                           const char *author);

#endif
