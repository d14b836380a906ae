/* budget_mark.c - the over-budget mark of the window: see budget_mark.h.
 * Depends on: budget_mark.h, host_text.h, SDL2. */
#include <stdio.h>
#include <string.h>
#include "budget_mark.h"
#include "host_text.h"

void m8_budget_mark_draw(SDL_Renderer *r, SDL_Rect pic, int fps)
{
    char text[16];
    snprintf(text, sizeof text, "\x93%dfps", fps);      /* P8SCII 147: the hourglass */
    int px = pic.w / 128 > 0 ? pic.w / 128 : 1;         /* window pixels per screen pixel */
    int s = px < 2 ? 1 : px / 2 > 2 ? px / 2 : 2;       /* half a screen pixel, at least 2 */
    int tw = (8 + 4 * ((int)strlen(text) - 1)) * s, th = 6 * s, pad = 2 * s;
    int x, y = pic.y + pad;
    if (pic.x >= tw + 2 * pad) {                        /* in the border, right of the picture */
        x = pic.x + pic.w + pad;
    } else {                                            /* over the picture's corner */
        x = pic.x + pic.w - tw - pad;
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderFillRect(r, &(SDL_Rect){ x - s, y - s, tw + s, th + s });
    }
    SDL_SetRenderDrawColor(r, 255, 0, 77, 255);
    m8_host_draw_text(r, x, y, s, text);
}
