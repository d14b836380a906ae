/* input_map.c - the settings' key and controller names as SDL codes; see input_map.h.
 * Depends on: input_map.h, settings.h, SDL2. */
#include <stdio.h>
#include <string.h>
#include "input_map.h"

static const char *const button_word[M8_SETTINGS_BUTTONS] = { "left", "right", "up", "down", "o", "x" };

/* Resolve one binding with `lookup`; on an unknown name report it and use `fallback`. */
static int resolve(const m8_settings *s, const m8_binding *b, const m8_binding *fallback,
                   const char *what, int (*lookup)(const char *), int none, int out[])
{
    for (int i = 0; i < M8_SETTINGS_BINDS; i++) out[i] = none;
    for (int i = 0; i < b->count; i++) {
        int code = lookup(b->names[i]);
        if (code == none) {
            fprintf(stderr, "%s: line %d: unknown %s name '%s' (using the default)\n", s->path,
                    b->line, what, b->names[i]);
            for (int k = 0; k < fallback->count; k++) out[k] = lookup(fallback->names[k]);
            return -1;
        }
        out[i] = code;
    }
    return 0;
}

static int key_lookup(const char *name) { return (int)SDL_GetKeyFromName(name); }
static int pad_lookup(const char *name) { return (int)SDL_GameControllerGetButtonFromString(name); }

void m8_input_map_init(m8_input_map *map, const m8_settings *s)
{
    m8_settings d;
    m8_settings_defaults(&d);
    int codes[M8_SETTINGS_BINDS];
    for (int p = 0; p < 2; p++)
        for (int b = 0; b < M8_SETTINGS_BUTTONS; b++) {
            char what[32];
            snprintf(what, sizeof what, "key (player %d %s)", p, button_word[b]);
            resolve(s, &s->keys[p][b], &d.keys[p][b], what, key_lookup, SDLK_UNKNOWN, codes);
            for (int i = 0; i < M8_SETTINGS_BINDS; i++) map->keys[p][b][i] = codes[i];
        }
    for (int b = 0; b < M8_SETTINGS_PAD_BUTTONS; b++)
        resolve(s, &s->pad[b], &d.pad[b], "controller button", pad_lookup,
                SDL_CONTROLLER_BUTTON_INVALID, map->pad[b]);
    map->deadzone = s->pad_deadzone;
}

int m8_input_map_key(const m8_input_map *map, SDL_Keycode k, int *player, int *button)
{
    if (k == SDLK_UNKNOWN) return 0;
    for (int p = 0; p < 2; p++)
        for (int b = 0; b < M8_SETTINGS_BUTTONS; b++)
            for (int i = 0; i < M8_SETTINGS_BINDS; i++)
                if (map->keys[p][b][i] == k) {
                    *player = p;
                    *button = b;
                    return 1;
                }
    return 0;
}

int m8_input_map_pad_is(const m8_input_map *map, int b, int which)
{
    for (int i = 0; i < M8_SETTINGS_BINDS; i++)
        if (map->pad[which][i] == b && b != SDL_CONTROLLER_BUTTON_INVALID) return 1;
    return 0;
}

uint8_t m8_input_map_pad(const m8_input_map *map, SDL_GameController *pad)
{
    static const struct { SDL_GameControllerButton b; int bit; } dpad[] = {
        { SDL_CONTROLLER_BUTTON_DPAD_LEFT, 0 }, { SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 1 },
        { SDL_CONTROLLER_BUTTON_DPAD_UP, 2 },   { SDL_CONTROLLER_BUTTON_DPAD_DOWN, 3 },
    };
    uint8_t bits = 0;
    for (size_t i = 0; i < sizeof dpad / sizeof dpad[0]; i++)
        if (SDL_GameControllerGetButton(pad, dpad[i].b)) bits |= (uint8_t)(1 << dpad[i].bit);
    for (int which = M8_PAD_O; which <= M8_PAD_X; which++)
        for (int i = 0; i < M8_SETTINGS_BINDS; i++)
            if (map->pad[which][i] != SDL_CONTROLLER_BUTTON_INVALID &&
                SDL_GameControllerGetButton(pad, (SDL_GameControllerButton)map->pad[which][i]))
                bits |= (uint8_t)(1 << (4 + which));
    int x = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
    int y = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);
    if (x < -map->deadzone) bits |= 1;
    if (x > map->deadzone) bits |= 2;
    if (y < -map->deadzone) bits |= 4;
    if (y > map->deadzone) bits |= 8;
    return bits;
}
