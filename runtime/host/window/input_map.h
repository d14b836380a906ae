/* input_map.h - the window's bindings: the settings' key names (players 0 and 1) and
 * controller button names (O, X, pause) turned into SDL keycodes and GameController
 * buttons, each name checked; an unknown name is reported as "FILE: line N: ..." and that
 * button keeps its default binding.
 * Depends on: settings.h, SDL2. */
#ifndef M8_INPUT_MAP_H
#define M8_INPUT_MAP_H

#include <SDL.h>
#include "settings.h"

typedef struct m8_input_map {
    SDL_Keycode keys[2][M8_SETTINGS_BUTTONS][M8_SETTINGS_BINDS];     /* SDLK_UNKNOWN = none */
    int pad[M8_SETTINGS_PAD_BUTTONS][M8_SETTINGS_BINDS];             /* -1 = none */
    int deadzone;
} m8_input_map;

enum { M8_PAD_O, M8_PAD_X, M8_PAD_PAUSE };

/* Build the map; problems are printed to stderr. */
void m8_input_map_init(m8_input_map *map, const m8_settings *s);
/* The player (0-1) and button (0-5) of a key, or 0 when the key is not bound. */
int m8_input_map_key(const m8_input_map *map, SDL_Keycode k, int *player, int *button);
/* The buttons (bits 0-5) a controller holds, and whether it holds a pause button. */
uint8_t m8_input_map_pad(const m8_input_map *map, SDL_GameController *pad);
/* Whether controller button `b` is bound to O/X/pause (`which`). */
int m8_input_map_pad_is(const m8_input_map *map, int b, int which);

#endif
