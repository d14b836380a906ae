/* headless.c - the headless host: runs N frames as fast as possible with scripted input,
 * then writes the last frame as PNG and the audio as WAV. Exit codes: 0 ok, 1 cart error.
 * Depends on: host.h, wav_writer.h, api/mote8.h, runtime/core/png_io.h. */
#include <stdio.h>
#include <stdlib.h>
#include "host.h"
#include "png_io.h"
#include "wav_writer.h"

#define M8_AUDIO_RATE 22050

int m8_run_headless(const m8_options *opt, mote8 *m8)
{
    m8_input_script script = { 0 };
    if (opt->input_script && m8_input_script_load(&script, opt->input_script) != 0) return 2;
    m8_wav_writer wav = { 0 };
    if (opt->wav && m8_wav_open(&wav, opt->wav, M8_AUDIO_RATE) != 0) {
        perror(opt->wav);
        m8_input_script_free(&script);
        return 1;
    }
    long frames = opt->frames < 0 ? 1 : opt->frames;
    int rc = 0;
    int16_t audio[M8_AUDIO_RATE / 10];
    for (long f = 0; f < frames; f++) {
        mote8_input in;
        m8_input_script_at(&script, f, &in);
        int status = mote8_tick(m8, &in);
        if (status == MOTE8_ERROR) {
            fprintf(stderr, "%s\n", mote8_error(m8));
            mote8_show_error(m8);      /* the screenshot shows the error screen */
            rc = 1;
            break;
        }
        if (wav.f) {   /* each tick rendered exactly 22050 / fps samples */
            int n = mote8_pull_audio(m8, audio, (int)(sizeof audio / sizeof audio[0]));
            m8_wav_write(&wav, audio, n);
        }
    }
    if (wav.f && m8_wav_close(&wav) != 0) {
        perror(opt->wav);
        rc = rc ? rc : 1;
    }
    if (opt->screenshot) {
        uint8_t rgb[128 * 128 * 3];
        mote8_screen_rgb(m8, rgb);
        if (m8_png_write_rgb(opt->screenshot, rgb, 128, 128, 1) != 0) {
            perror(opt->screenshot);
            rc = rc ? rc : 1;
        }
    }
    m8_input_script_free(&script);
    return rc;
}
