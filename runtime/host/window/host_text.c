/* host_text.c - text at window resolution, P8SCII or ASCII names in their own case: see
 * host_text.h. Depends on: SDL2, api/mote8.h (mote8_glyph). */
#include "mote8.h"
#include "host_text.h"

int m8_host_draw_text(SDL_Renderer *r, int x, int y, int scale, const char *s)
{
    SDL_Rect px[256];
    int n = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;   /* a-z draw as PICO-8's capitals */
        if (c < 16) c = '?';
        uint8_t rows[8];
        int width = mote8_glyph(c, rows);
        for (int row = 0; row < 6; row++)
            for (int col = 0; col < width; col++) {
                if (!(rows[row] >> col & 1)) continue;
                px[n++] = (SDL_Rect){ x + col * scale, y + row * scale, scale, scale };
                if (n == 256) {
                    SDL_RenderFillRects(r, px, n);
                    n = 0;
                }
            }
        x += width * scale;
    }
    if (n) SDL_RenderFillRects(r, px, n);
    return x;
}

int m8_host_draw_name(SDL_Renderer *r, int x, int y, int scale, const char *s)
{
    char swapped[256];
    size_t n = 0;
    for (; *s && n + 1 < sizeof swapped; s++) {
        char c = *s;
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        else if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        swapped[n++] = c;
    }
    swapped[n] = 0;
    return m8_host_draw_text(r, x, y, scale, swapped);
}
