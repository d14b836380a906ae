/* key_script.c - scripted window events pushed into SDL's queue; see key_script.h.
 * Depends on: key_script.h, SDL2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "key_script.h"

/* One entry "TICK:WHAT" into `step`; 0, or -1 when it is not one. */
static int parse_step(const char *entry, m8_key_step *step)
{
    memset(step, 0, sizeof *step);
    char *end;
    step->tick = strtol(entry, &end, 10);
    if (end == entry || *end != ':' || step->tick < 0) return -1;
    const char *what = end + 1;
    if (strcmp(what, "quit") == 0) {
        step->quit = 1;
        return 0;
    }
    if (sscanf(what, "size=%dx%d", &step->width, &step->height) == 2)
        return step->width > 0 && step->height > 0 ? 0 : -1;
    if (sscanf(what, "mouse=%d,%d,%d", &step->mouse_x, &step->mouse_y, &step->buttons) == 3) {
        step->mouse = 1;
        return step->buttons >= 0 && step->buttons <= 7 ? 0 : -1;
    }
    if (strncmp(what, "text=", 5) == 0) {        /* %XX: the byte of hex XX */
        size_t n = 0;
        for (const char *p = what + 5; *p; p++) {
            unsigned v;
            if (n + 1 >= sizeof step->text) return -1;
            if (*p == '%' && sscanf(p + 1, "%2x", &v) == 1 && p[1] && p[2]) {
                step->text[n++] = (char)v;
                p += 2;
            } else {
                step->text[n++] = *p;
            }
        }
        step->text[n] = 0;
        return n ? 0 : -1;
    }
    if (strncmp(what, "hold=", 5) == 0 || strncmp(what, "release=", 8) == 0) {
        step->hold = what[0] == 'h' ? 1 : -1;
        what += step->hold > 0 ? 5 : 8;
    }
    for (;;) {
        if (SDL_strncasecmp(what, "ctrl+", 5) == 0) {
            step->mod |= KMOD_LCTRL;
            what += 5;
        } else if (SDL_strncasecmp(what, "shift+", 6) == 0) {
            step->mod |= KMOD_LSHIFT;
            what += 6;
        } else {
            break;
        }
    }
    step->key = SDL_GetKeyFromName(what);
    return step->key == SDLK_UNKNOWN ? -1 : 0;
}

void m8_key_script_init(m8_key_script *ks, const char *env_name)
{
    memset(ks, 0, sizeof *ks);
    const char *env = getenv(env_name);
    if (!env) return;
    char text[2048];
    snprintf(text, sizeof text, "%s", env);
    for (char *save = NULL, *entry = strtok_r(text, " ", &save); entry;
         entry = strtok_r(NULL, " ", &save)) {
        if (ks->count == M8_KEY_SCRIPT_MAX) {
            fprintf(stderr, "%s: more than %d entries; the rest are skipped\n", env_name,
                    M8_KEY_SCRIPT_MAX);
            return;
        }
        if (parse_step(entry, &ks->steps[ks->count]) == 0) ks->count++;
        else fprintf(stderr, "%s: '%s' is not TICK:KEY, TICK:hold=KEY, TICK:release=KEY, TICK:quit, TICK:size=WxH, TICK:mouse=X,Y,B or TICK:text=TEXT (up to 31 bytes); skipped\n",
                     env_name, entry);
    }
}

static void push_key(SDL_Window *window, const m8_key_step *step, Uint32 type)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.key.windowID = SDL_GetWindowID(window);
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = step->key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(step->key);
    e.key.keysym.mod = step->mod;
    SDL_PushEvent(&e);
}

/* The mouse moves to the step's place, then each button that changes is pressed or
 * released there. */
static void push_mouse(m8_key_script *ks, SDL_Window *window, const m8_key_step *step)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = SDL_GetWindowID(window);
    e.motion.x = step->mouse_x;
    e.motion.y = step->mouse_y;
    e.motion.state = (Uint32)ks->buttons;
    SDL_PushEvent(&e);
    static const Uint8 sdl_button[3] = { SDL_BUTTON_LEFT, SDL_BUTTON_RIGHT, SDL_BUTTON_MIDDLE };
    for (int b = 0; b < 3; b++) {
        int was = ks->buttons >> b & 1, now = step->buttons >> b & 1;
        if (was == now) continue;
        memset(&e, 0, sizeof e);
        e.type = now ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        e.button.windowID = SDL_GetWindowID(window);
        e.button.button = sdl_button[b];
        e.button.state = now ? SDL_PRESSED : SDL_RELEASED;
        e.button.x = step->mouse_x;
        e.button.y = step->mouse_y;
        SDL_PushEvent(&e);
    }
    ks->buttons = step->buttons;
}

void m8_key_script_tick(m8_key_script *ks, SDL_Window *window)
{
    for (int i = 0; i < ks->count; i++) {
        const m8_key_step *step = &ks->steps[i];
        if (step->tick != ks->tick) continue;
        if (step->quit) {
            SDL_Event e;
            memset(&e, 0, sizeof e);
            e.type = SDL_QUIT;
            SDL_PushEvent(&e);
        } else if (step->mouse) {
            push_mouse(ks, window, step);
        } else if (step->text[0]) {
            SDL_Event e;
            memset(&e, 0, sizeof e);
            e.type = SDL_TEXTINPUT;
            e.text.windowID = SDL_GetWindowID(window);
            snprintf(e.text.text, sizeof e.text.text, "%s", step->text);
            SDL_PushEvent(&e);
        } else if (step->width > 0) {
            SDL_SetWindowSize(window, step->width, step->height);
        } else {
            if (step->hold >= 0) push_key(window, step, SDL_KEYDOWN);
            if (step->hold <= 0) push_key(window, step, SDL_KEYUP);
        }
    }
    ks->tick++;
}
