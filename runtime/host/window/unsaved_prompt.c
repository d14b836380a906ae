/* unsaved_prompt.c - the "save before quitting?" box of the window; see unsaved_prompt.h.
 * Depends on: unsaved_prompt.h, host_text.h, SDL2. */
#include <stdio.h>
#include <string.h>
#include "host_text.h"
#include "unsaved_prompt.h"

void m8_unsaved_prompt_ask(m8_unsaved_prompt *p, int to_launcher)
{
    p->open = 1;
    p->to_launcher = to_launcher;
    p->problem[0] = '\0';
}

enum m8_unsaved_answer m8_unsaved_prompt_key(m8_unsaved_prompt *p, SDL_Keycode key)
{
    enum m8_unsaved_answer a;
    switch (key) {
    case SDLK_s: case SDLK_y: a = M8_UNSAVED_SAVE_AND_QUIT; break;
    case SDLK_n: a = M8_UNSAVED_DISCARD_AND_QUIT; break;
    case SDLK_ESCAPE: a = M8_UNSAVED_BACK; break;
    default: return M8_UNSAVED_WAIT;
    }
    p->open = 0;
    return a;
}

void m8_unsaved_prompt_failed(m8_unsaved_prompt *p, const char *why)
{
    p->open = 1;
    snprintf(p->problem, sizeof p->problem, "%s", why);
}

/* One line of the box at picture row `y`, in the colour r,g,b. */
static void line(SDL_Renderer *r, SDL_Rect pic, int s, int y, Uint8 cr, Uint8 cg, Uint8 cb,
                 const char *text)
{
    SDL_SetRenderDrawColor(r, cr, cg, cb, 255);
    m8_host_draw_name(r, pic.x + 10 * s, pic.y + y * s, s, text);
}

void m8_unsaved_prompt_draw(const m8_unsaved_prompt *p, SDL_Renderer *r, SDL_Rect pic,
                            const char *cart_name)
{
    if (!p->open) return;
    int s = pic.w / 128 > 0 ? pic.w / 128 : 1;
    int by = 34, bh = p->problem[0] ? 60 : 52;
    SDL_Rect box = { pic.x + 6 * s, pic.y + by * s, 116 * s, bh * s };
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderFillRect(r, &box);
    SDL_SetRenderDrawColor(r, 255, 241, 232, 255);
    for (int i = 0; i < s; i++) {
        SDL_Rect frame = { box.x + i, box.y + i, box.w - 2 * i, box.h - 2 * i };
        SDL_RenderDrawRect(r, &frame);
    }
    char name[26];
    size_t n = strlen(cart_name);
    if (n > 24) snprintf(name, sizeof name, "..%s", cart_name + n - 22);
    else snprintf(name, sizeof name, "%s", cart_name);
    int y = by + 6;
    line(r, pic, s, y, 255, 236, 39, "unsaved changes in");
    line(r, pic, s, y + 8, 255, 236, 39, name);
    if (p->problem[0]) {
        char why[26];                   /* what fits in the box's width */
        snprintf(why, sizeof why, "%.25s", p->problem);
        line(r, pic, s, y + 16, 255, 0, 77, why);
        y += 8;
    }
    line(r, pic, s, y + 20, 194, 195, 199, "S  save and quit");
    line(r, pic, s, y + 28, 194, 195, 199, "N  quit without saving");
    line(r, pic, s, y + 36, 194, 195, 199, "Esc  back");
}
