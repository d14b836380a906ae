/* editor_sound.c - the sound of the sfx and music editors: a synth of its own (the machine's
 * synth code, runtime/core/synth.c) reading the editors' RAM, whose music and sfx are the
 * document's, so what plays is what the editors show, edits heard at once, and the paused
 * cart's channels stay as they were. Each drawn frame renders M8_AUDIO_RATE / M8_FPS
 * samples into a ring the host pulls (mote8_editor_pull_audio).
 * Depends on: editor_internal.h, synth.h (runtime/core). */
#include <string.h>
#include "editor_internal.h"

/* The document's music and sfx into the synth's RAM now (not only at the next frame). */
static void sync_sound_ram(m8_editor *ed)
{
    memcpy(ed->ui + M8_MUSIC, ed->doc + M8_MUSIC, ED_DOC_SIZE - M8_MUSIC);
}

void ed_sound_sfx(m8_editor *ed, int n)
{
    if (!ed->synth) return;
    sync_sound_ram(ed);
    m8_synth_music(ed->synth, -1, 0, 0);
    m8_synth_sfx(ed->synth, -1, -1, 0, 0);
    m8_synth_sfx(ed->synth, n & 63, 0, 0, 0);
    ed->sound = ED_SOUND_SFX;
}

void ed_sound_music(m8_editor *ed, int n)
{
    if (!ed->synth) return;
    sync_sound_ram(ed);
    m8_synth_sfx(ed->synth, -1, -1, 0, 0);
    m8_synth_music(ed->synth, n & 63, 0, 0);
    ed->sound = ED_SOUND_MUSIC;
}

void ed_sound_stop(m8_editor *ed)
{
    if (ed->synth) {
        m8_synth_music(ed->synth, -1, 0, 0);
        m8_synth_sfx(ed->synth, -1, -1, 0, 0);
    }
    ed->sound = ED_SOUND_NONE;
}

int ed_sound_stat(const m8_editor *ed, int n)
{
    return ed->synth && ed->sound != ED_SOUND_NONE ? m8_synth_stat(ed->synth, n) : -1;
}

void ed_sound_frame(m8_editor *ed)
{
    int16_t buf[M8_AUDIO_RATE / M8_FPS];
    int n = M8_AUDIO_RATE / M8_FPS;
    if (ed->synth) m8_synth_render(ed->synth, buf, n);
    else memset(buf, 0, sizeof buf);
    for (int i = 0; i < n; i++) {
        if (ed->audio_count == ED_AUDIO_RING) {         /* nobody pulls: drop the oldest */
            ed->audio_head = (ed->audio_head + 1) % ED_AUDIO_RING;
            ed->audio_count--;
        }
        ed->audio[(ed->audio_head + ed->audio_count) % ED_AUDIO_RING] = buf[i];
        ed->audio_count++;
    }
    if (!ed->synth) return;
    if (ed->sound == ED_SOUND_SFX && m8_synth_stat(ed->synth, 16) < 0 &&
        m8_synth_stat(ed->synth, 17) < 0 && m8_synth_stat(ed->synth, 18) < 0 &&
        m8_synth_stat(ed->synth, 19) < 0)
        ed->sound = ED_SOUND_NONE;
    if (ed->sound == ED_SOUND_MUSIC && !m8_synth_stat(ed->synth, 57)) ed->sound = ED_SOUND_NONE;
}

int m8_editor_pull_audio(m8_editor *ed, int16_t *out, int max)
{
    int n = max < ed->audio_count ? max : ed->audio_count;
    for (int i = 0; i < n; i++) out[i] = ed->audio[(ed->audio_head + i) % ED_AUDIO_RING];
    ed->audio_head = (ed->audio_head + n) % ED_AUDIO_RING;
    ed->audio_count -= n;
    return n;
}
