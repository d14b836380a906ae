/* sound_level.h - the window's volume: M8_SOUND_LEVELS steps (- and =), a mute switch
 * (F10 or Ctrl+M) that keeps the level, the gain applied to the cart's samples, the
 * settings' value (a fraction 0-1, snapped to the nearest step) and the words the window
 * shows for a moment after each change. No SDL (it is unit-tested).
 * Depends on: nothing. */
#ifndef M8_SOUND_LEVEL_H
#define M8_SOUND_LEVEL_H

#include <stddef.h>

#define M8_SOUND_LEVELS 8

typedef struct m8_sound_level {
    int level;                  /* 0-M8_SOUND_LEVELS */
    int muted;
} m8_sound_level;

/* From the settings: volume 0-1 (the nearest step) and mute. */
void m8_sound_level_set(m8_sound_level *v, double volume, int mute);
/* Up (+1) or down (-1) one step, within 0-M8_SOUND_LEVELS; a step unmutes. */
void m8_sound_level_step(m8_sound_level *v, int delta);
void m8_sound_level_toggle_mute(m8_sound_level *v);
/* The factor for the samples: 0 when muted, else level / M8_SOUND_LEVELS. */
double m8_sound_level_gain(const m8_sound_level *v);
/* The settings' volume, level / M8_SOUND_LEVELS. */
double m8_sound_level_volume(const m8_sound_level *v);
/* "volume 5/8" or "muted (volume 5/8)". */
void m8_sound_level_text(const m8_sound_level *v, char *out, size_t outsz);

#endif
