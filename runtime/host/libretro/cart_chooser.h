/* cart_chooser.h - the libretro core's screen when it is started without content: the
 * bundled carts (mote8_bundled_cart_name) in a list with the selected cart's label (else its
 * first frame) above it;
 * up/down choose, O, X or Start start the cart. Drawn into the 128x128 RGB screen.
 * Depends on: api/mote8.h. */
#ifndef M8_CART_CHOOSER_H
#define M8_CART_CHOOSER_H

#include <stdint.h>

typedef struct cart_chooser {
    int count;                  /* bundled carts */
    int selected;
    uint8_t label[128 * 128 * 3];   /* the selected cart's label or first frame, RGB */
    int label_of;               /* which cart `label` holds, -1 none */
    int have_label;
} cart_chooser;

void cart_chooser_open(cart_chooser *ch);
/* Player 0's buttons (bits 0-5 as mote8_input, bit 6 Start) newly pressed this frame.
 * Returns the chosen cart's name when one was started, else NULL. */
const char *cart_chooser_press(cart_chooser *ch, int pressed);
void cart_chooser_draw(cart_chooser *ch, uint8_t *rgb);

#endif
