/* sound_level.c - the window's volume steps and mute; see sound_level.h.
 * Depends on: sound_level.h. */
#include <stdio.h>
#include "sound_level.h"

void m8_sound_level_set(m8_sound_level *v, double volume, int mute)
{
    double steps = volume * M8_SOUND_LEVELS + 0.5;
    v->level = steps < 0 ? 0 : steps > M8_SOUND_LEVELS ? M8_SOUND_LEVELS : (int)steps;
    v->muted = mute != 0;
}

void m8_sound_level_step(m8_sound_level *v, int delta)
{
    int level = v->level + delta;
    v->level = level < 0 ? 0 : level > M8_SOUND_LEVELS ? M8_SOUND_LEVELS : level;
    v->muted = 0;
}

void m8_sound_level_toggle_mute(m8_sound_level *v) { v->muted = !v->muted; }

double m8_sound_level_volume(const m8_sound_level *v)
{
    return (double)v->level / M8_SOUND_LEVELS;
}

double m8_sound_level_gain(const m8_sound_level *v)
{
    return v->muted ? 0.0 : m8_sound_level_volume(v);
}

void m8_sound_level_text(const m8_sound_level *v, char *out, size_t outsz)
{
    snprintf(out, outsz, "%svolume %d/%d%s", v->muted ? "muted (" : "", v->level,
             M8_SOUND_LEVELS, v->muted ? ")" : "");
}
