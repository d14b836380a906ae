/* menu_picture.c - the pause menu drawn into a 128x128 RGB screen: see menu_picture.h.
 * Depends on: menu_picture.h, pause_menu.h, api/mote8.h. */
#include "menu_picture.h"

#define BOX_W 88
#define LINE_H 8

void m8_rgb_fill(uint8_t *rgb, int x, int y, int w, int h, uint8_t r, uint8_t g, uint8_t b)
{
    for (int yy = y; yy < y + h; yy++)
        for (int xx = x; xx < x + w; xx++) {
            if (xx < 0 || yy < 0 || xx >= MOTE8_WIDTH || yy >= MOTE8_HEIGHT) continue;
            uint8_t *p = rgb + (yy * MOTE8_WIDTH + xx) * 3;
            p[0] = r;
            p[1] = g;
            p[2] = b;
        }
}

int m8_rgb_text(uint8_t *rgb, int x, int y, const char *s, uint8_t r, uint8_t g, uint8_t b)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 16) c = '?';
        uint8_t rows[8];
        int width = mote8_glyph(c, rows);
        for (int row = 0; row < 6; row++)
            for (int col = 0; col < width; col++)
                if (rows[row] >> col & 1) m8_rgb_fill(rgb, x + col, y + row, 1, 1, r, g, b);
        x += width;
    }
    return x;
}

void m8_pause_menu_draw_rgb(const m8_pause_menu *pm, uint8_t *rgb)
{
    if (!pm->open) return;
    for (int i = 0; i < MOTE8_WIDTH * MOTE8_HEIGHT * 3; i++) rgb[i] = (uint8_t)(rgb[i] / 3);
    int bh = pm->count * LINE_H + 8;
    int bx = (MOTE8_WIDTH - BOX_W) / 2, by = (MOTE8_HEIGHT - bh) / 2;
    m8_rgb_fill(rgb, bx, by, BOX_W, bh, 0, 0, 0);
    m8_rgb_fill(rgb, bx, by, BOX_W, 1, M8_RGB_WHITE);
    m8_rgb_fill(rgb, bx, by + bh - 1, BOX_W, 1, M8_RGB_WHITE);
    m8_rgb_fill(rgb, bx, by, 1, bh, M8_RGB_WHITE);
    m8_rgb_fill(rgb, bx + BOX_W - 1, by, 1, bh, M8_RGB_WHITE);
    for (int i = 0; i < pm->count; i++) {
        int x = bx + 10, y = by + 5 + LINE_H * i;
        if (i == pm->selected) {
            m8_rgb_text(rgb, x - 6, y, "\x17", M8_RGB_YELLOW);      /* the P8SCII arrow */
            m8_rgb_text(rgb, x, y, pm->labels[i], M8_RGB_YELLOW);
        } else {
            m8_rgb_text(rgb, x, y, pm->labels[i], M8_RGB_LIGHT_GREY);
        }
    }
}
