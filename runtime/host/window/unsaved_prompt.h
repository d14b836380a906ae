/* unsaved_prompt.h - the question the window asks before it closes (window close, the pause
 * menu's exit or exit to launcher) while the editors hold changes that are not saved:
 * "S save and quit / N quit without saving / Esc back", drawn as a box over the picture.
 * Depends on: SDL2. */
#ifndef M8_UNSAVED_PROMPT_H
#define M8_UNSAVED_PROMPT_H

#include <SDL.h>

typedef struct m8_unsaved_prompt {
    int open;
    int to_launcher;            /* the quit that asked was "exit to launcher" */
    char problem[80];           /* the last save's failure, shown in the box */
} m8_unsaved_prompt;

enum m8_unsaved_answer {
    M8_UNSAVED_WAIT = 0,        /* still asking (or the key is not an answer) */
    M8_UNSAVED_SAVE_AND_QUIT,   /* S or Y: the host saves, and quits when that worked */
    M8_UNSAVED_DISCARD_AND_QUIT,/* N: quit, the changes are dropped */
    M8_UNSAVED_BACK             /* Escape: no quit, back to where it was */
};

void m8_unsaved_prompt_ask(m8_unsaved_prompt *p, int to_launcher);
/* A key while the prompt is open: the answer (and the prompt closes on every answer but
 * WAIT). */
enum m8_unsaved_answer m8_unsaved_prompt_key(m8_unsaved_prompt *p, SDL_Keycode key);
/* Saving failed: ask again, with `why` in the box. */
void m8_unsaved_prompt_failed(m8_unsaved_prompt *p, const char *why);
/* The box over the picture `pic` (its scale is pic.w / 128), naming the cart. */
void m8_unsaved_prompt_draw(const m8_unsaved_prompt *p, SDL_Renderer *r, SDL_Rect pic,
                            const char *cart_name);

#endif
