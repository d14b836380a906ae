/* cart_template.c - draws the mote8 cartridge picture (our own design): a deep blue
 * cartridge with rounded corners and a bevelled rim, grip ridges on top, side grooves, a
 * black-framed label window at (16,24), a white title plate with two text lines and the
 * "mote8" mark, and gold contacts at the bottom. Text uses the built-in font.
 * Depends on: cart_template.h, font.h, palette.h. */
#include "cart_template.h"

#include <string.h>
#include "font.h"
#include "palette.h"

#define W M8_CART_PICTURE_W
#define H M8_CART_PICTURE_H

enum { BLACK = 0, DARK_BLUE = 1, DARK_GREY = 5, LIGHT_GREY = 6, WHITE = 7, ORANGE = 9,
       BLUE = 12, LAVENDER = 13, BROWN = 4, DEEP_NAVY = 17 };

static void plot(uint8_t *rgb, int x, int y, int colour)
{
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    uint8_t *p = rgb + ((size_t)y * W + x) * 3;
    m8_palette_rgb(colour, &p[0], &p[1], &p[2]);
}

static void fill(uint8_t *rgb, int x0, int y0, int x1, int y1, int colour)
{
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) plot(rgb, x, y, colour);
}

/* Inside a rectangle with corners rounded at radius r? */
static int inside_rounded(int x, int y, int x0, int y0, int x1, int y1, int r)
{
    if (x < x0 || x > x1 || y < y0 || y > y1) return 0;
    int cx = x < x0 + r ? x0 + r : x > x1 - r ? x1 - r : x;
    int cy = y < y0 + r ? y0 + r : y > y1 - r ? y1 - r : y;
    int dx = x - cx, dy = y - cy;
    return dx * dx + dy * dy <= r * r;
}

static void text(uint8_t *rgb, int x, int y, const char *s, int max_x, int colour)
{
    for (; s && *s && *s != '\n'; s++) {
        unsigned char c = (unsigned char)*s;
        int adv = c >= 128 ? 8 : 4;
        if (x + adv - 1 > max_x) break;
        if (c >= 16)
            for (int row = 0; row < 5; row++)
                for (int col = 0; col < adv; col++)
                    if (m8_font_glyphs[c][row] >> col & 1) plot(rgb, x + col, y + row, colour);
        x += adv;
    }
}

static void body(uint8_t *rgb)
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int colour = BLACK;
            if (inside_rounded(x, y, 0, 0, W - 1, H - 1, 7)) {
                colour = DARK_BLUE;
                if (!inside_rounded(x, y, 1, 1, W - 1, H - 1, 7)) colour = BLUE;       /* lit rim */
                else if (!inside_rounded(x, y, 0, 0, W - 2, H - 2, 7)) colour = BLACK; /* shadow */
            }
            plot(rgb, x, y, colour);
        }
}

static void grip(uint8_t *rgb)
{
    for (int i = 0; i < 5; i++) {
        int y = 5 + 3 * i;
        fill(rgb, 28, y, 131, y, LAVENDER);
        fill(rgb, 28, y + 1, 131, y + 1, DEEP_NAVY);
    }
}

static void grooves(uint8_t *rgb)
{
    for (int side = 0; side < 2; side++) {
        int x = side ? W - 9 : 6;
        fill(rgb, x, 34, x + 1, 140, DEEP_NAVY);
        fill(rgb, x + 2, 34, x + 2, 140, BLUE);
    }
}

static void label_window(uint8_t *rgb, const uint8_t *label)
{
    fill(rgb, M8_CART_LABEL_X - 2, M8_CART_LABEL_Y - 2, M8_CART_LABEL_X + 129,
         M8_CART_LABEL_Y + 129, BLACK);
    fill(rgb, M8_CART_LABEL_X - 2, M8_CART_LABEL_Y + 130, M8_CART_LABEL_X + 129,
         M8_CART_LABEL_Y + 130, BLUE);
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++)
            plot(rgb, M8_CART_LABEL_X + x, M8_CART_LABEL_Y + y,
                 label ? label[y * 128 + x] & 31 : DARK_GREY);
}

static void plate(uint8_t *rgb, const char *title, const char *author)
{
    for (int y = 158; y <= 187; y++)
        for (int x = 14; x <= 145; x++) {
            if (!inside_rounded(x, y, 14, 158, 145, 187, 3)) continue;
            int edge = !inside_rounded(x, y, 15, 159, 144, 186, 3);
            plot(rgb, x, y, edge ? LIGHT_GREY : WHITE);
        }
    text(rgb, 18, 163, title, 141, DARK_BLUE);
    text(rgb, 18, 171, author, 141, DARK_GREY);
    text(rgb, 122, 180, "mote8", 141, BLUE);
}

static void contacts(uint8_t *rgb)
{
    fill(rgb, 22, 192, 137, 201, DEEP_NAVY);
    for (int x = 24; x + 4 <= 136; x += 8) {
        fill(rgb, x, 193, x + 4, 200, ORANGE);
        fill(rgb, x + 4, 194, x + 4, 200, BROWN);
    }
}

void m8_cart_template_draw(uint8_t *rgb, const uint8_t *label, const char *title,
                           const char *author)
{
    body(rgb);
    grip(rgb);
    grooves(rgb);
    label_window(rgb, label);
    plate(rgb, title, author);
    contacts(rgb);
}
