/* cart_chooser.c - the bundled carts' list of the libretro core: see cart_chooser.h.
 * Depends on: cart_chooser.h, common/menu_picture.h, api/mote8.h. */
#include <string.h>
#include "cart_chooser.h"
#include "menu_picture.h"
#include "mote8.h"

#define LIST_Y 74
#define LINE_H 8
#define BUTTON_UP 4
#define BUTTON_DOWN 8
#define BUTTONS_START (16 | 32 | 64)    /* O, X, Start */

void cart_chooser_open(cart_chooser *ch)
{
    memset(ch, 0, sizeof *ch);
    while (mote8_bundled_cart_name(ch->count)) ch->count++;
    ch->label_of = -1;
}

const char *cart_chooser_press(cart_chooser *ch, int pressed)
{
    if (ch->count == 0) return NULL;
    if (pressed & BUTTON_UP) ch->selected = (ch->selected + ch->count - 1) % ch->count;
    if (pressed & BUTTON_DOWN) ch->selected = (ch->selected + 1) % ch->count;
    return pressed & BUTTONS_START ? mote8_bundled_cart_name(ch->selected) : NULL;
}

/* The cart's first frame (no sound, no files), for a cart without a label. 1 if drawn. */
static int first_frame(const void *data, size_t len, const char *name, uint8_t *rgb)
{
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.mute = 1;
    mote8 *m8 = mote8_create(&cfg);
    mote8_input none;
    memset(&none, 0, sizeof none);
    int ok = m8 && mote8_load_cart(m8, data, len, name) == 0 && mote8_tick(m8, &none) != MOTE8_ERROR;
    if (ok) mote8_screen_rgb(m8, rgb);
    mote8_destroy(m8);
    return ok;
}

/* The selected cart's label (else its first frame), made once per selection. */
static void load_label(cart_chooser *ch)
{
    if (ch->label_of == ch->selected) return;
    ch->label_of = ch->selected;
    ch->have_label = 0;
    size_t len = 0;
    const void *data = mote8_bundled_cart(mote8_bundled_cart_name(ch->selected), &len);
    char err[256];
    mote8_cart *cart = data ? mote8_cart_decode(data, len, "label", err, sizeof err) : NULL;
    if (cart) ch->have_label = mote8_cart_label_rgb(cart, ch->label) == 0;
    mote8_cart_destroy(cart);
    if (!ch->have_label && data)
        ch->have_label = first_frame(data, len, mote8_bundled_cart_name(ch->selected), ch->label);
}

void cart_chooser_draw(cart_chooser *ch, uint8_t *rgb)
{
    memset(rgb, 0, MOTE8_WIDTH * MOTE8_HEIGHT * 3);
    if (ch->count == 0) {
        m8_rgb_text(rgb, 4, 60, "no bundled carts", M8_RGB_WHITE);
        return;
    }
    load_label(ch);
    if (ch->have_label) {               /* the label at half size, framed */
        int x0 = 32, y0 = 4;
        m8_rgb_fill(rgb, x0 - 1, y0 - 1, 66, 66, M8_RGB_LIGHT_GREY);
        for (int y = 0; y < 64; y++)
            for (int x = 0; x < 64; x++) {
                const uint8_t *s = ch->label + ((y * 2) * MOTE8_WIDTH + x * 2) * 3;
                m8_rgb_fill(rgb, x0 + x, y0 + y, 1, 1, s[0], s[1], s[2]);
            }
    } else {
        m8_rgb_text(rgb, 52, 34, "mote8", M8_RGB_YELLOW);
    }
    int first = ch->selected > 4 ? ch->selected - 4 : 0;
    for (int i = first; i < ch->count && i < first + 5; i++) {
        int y = LIST_Y + (i - first) * LINE_H;
        if (i == ch->selected) {
            m8_rgb_text(rgb, 10, y, "\x17", M8_RGB_YELLOW);
            m8_rgb_text(rgb, 16, y, mote8_bundled_cart_name(i), M8_RGB_YELLOW);
        } else {
            m8_rgb_text(rgb, 16, y, mote8_bundled_cart_name(i), M8_RGB_LIGHT_GREY);
        }
    }
    m8_rgb_text(rgb, 10, 120, "\x8e/\x97 start", M8_RGB_LIGHT_GREY);
}
