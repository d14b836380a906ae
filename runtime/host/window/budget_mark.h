/* budget_mark.h - the window's mark for a cart over its CPU budget: a red hourglass and the
 * rate it runs at ("⧗15fps"), drawn at window resolution for as long as the machine halves
 * the cart's frame rate (common/budget_watch.h decides; F1 shows why). It sits in the
 * letterbox border right of the picture when the window has one wide enough, else over the
 * picture's top-right corner on a black patch.
 * Depends on: SDL2, host_text.h. */
#ifndef M8_BUDGET_MARK_H
#define M8_BUDGET_MARK_H

#include <SDL.h>

/* Draw the mark for a cart running at `fps` beside or over picture `pic`. */
void m8_budget_mark_draw(SDL_Renderer *r, SDL_Rect pic, int fps);

#endif
