/* machine.c - creating, powering on, ticking and displaying the mote8 machine.
 * Depends on: machine.h, cart.h, cost.h, gfx.h (reset, screen conversion), synth.h. */
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "gfx.h"
#include "synth.h"

m8_machine *m8_machine_new(void)
{
    m8_machine *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m8_cart_init(&m->cart);
    m->synth = m8_synth_new(m->ram);
    if (!m->synth) {
        free(m);
        return NULL;
    }
    m8_machine_power_on(m);
    return m;
}

void m8_machine_free(m8_machine *m)
{
    if (!m) return;
    m8_synth_free(m->synth);
    m8_sample_bank_free(&m->samples);
    m8_cart_free(&m->cart);
    free(m);
}

void m8_machine_power_on(m8_machine *m)
{
    memset(m->ram, 0, sizeof m->ram);
    memcpy(m->ram, m->cart.rom, M8_ROM_DATA_SIZE);
    m8_ram_reset_draw_state(m->ram);
    memset(&m->input, 0, sizeof m->input);
    m->updates = 0;
    m->fps = M8_FPS;
    m8_cost_init(&m->cost, M8_FPS);
    m->audio_head = m->audio_count = 0;
    m->audio_due = 0;
    m8_synth_reset(m->synth);
    m8_pcm_channel_reset(&m->pcm);
    m8_sample_voice_play(&m->voice, NULL, 0, M8_AUDIO_RATE);
    m8_sample_bank_free(&m->samples);   /* the next sample() decodes the cart's bank */
}

static void render_tick_audio(m8_machine *m)
{
    m->audio_due += (double)M8_AUDIO_RATE / (double)m->fps;
    int n = (int)m->audio_due;
    m->audio_due -= n;
    if (m->mute) {
        m8_synth_advance(m->synth, n);
        m8_pcm_channel_advance(&m->pcm, n);
        m8_sample_voice_advance(&m->voice, n);
        return;
    }
    int16_t buf[M8_AUDIO_RATE / M8_FPS + 2];
    m8_synth_render(m->synth, buf, n);
    m8_pcm_channel_mix(&m->pcm, buf, n);
    m8_sample_voice_mix(&m->voice, buf, n);
    for (int i = 0; i < n; i++) {
        if (m->audio_count == M8_AUDIO_RING) {       /* nobody pulls: drop the oldest */
            m->audio_head = (m->audio_head + 1) % M8_AUDIO_RING;
            m->audio_count--;
        }
        m->audio[(m->audio_head + m->audio_count) % M8_AUDIO_RING] = buf[i];
        m->audio_count++;
    }
}

int m8_machine_tick(m8_machine *m, const uint8_t buttons[8], int (*run)(void *user),
                    void *user)
{
    m8_input_latch(&m->input, m->ram, buttons);
    m8_cost_tick_begin(&m->cost);
    uint64_t frames_before = m->cost.frames;
    int rc = run ? run(user) : 0;
    m8_cost_tick_end(&m->cost, run && m->cost.frames != frames_before);
    render_tick_audio(m);
    return rc;
}

int m8_machine_pull_audio(m8_machine *m, int16_t *out, int max)
{
    int n = max < m->audio_count ? max : m->audio_count;
    for (int i = 0; i < n; i++) out[i] = m->audio[(m->audio_head + i) % M8_AUDIO_RING];
    m->audio_head = (m->audio_head + n) % M8_AUDIO_RING;
    m->audio_count -= n;
    return n;
}

void m8_machine_screen_rgb(const m8_machine *m, uint8_t *rgb)
{
    m8_gfx_screen_to_rgb(m->ram, rgb);
}
