/* headless.c - the headless host: runs N frames as fast as possible with scripted input,
 * then writes the last frame as PNG, the audio as WAV and, with --profile DIR, the cost
 * profile (also when the cart stops on an error). A cart's extcmd("shutdown") ends the run
 * early (exit 0); extcmd("pause") is ignored (no menu). --state-load FILE continues from a
 * machine state before the first frame, --state-save FILE writes one after the last
 * (docs/snapshots.md; a state that cannot be read or does not fit: a message naming the
 * file, exit 1). The first frame whose rate the
 * machine halves prints one "over its CPU budget" line (budget_watch.h). Exit codes: 0 ok, 1 cart error, an
 * output that cannot be written ("mote8: FILE: cannot write: REASON"; a WAV stops at the first
 * failed write, a full disk) or --timeout SECONDS reached (an alarm: the run stops wherever
 * it is, with a message).
 * Depends on: host.h, budget_watch.h, state_file.h, wav_writer.h, api/mote8.h,
 * api/mote8_profiler.h. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "budget_watch.h"
#include "headless.h"
#include "state_file.h"
#include "mote8_profiler.h"
#include "wav_writer.h"

static void timed_out(int sig)
{
    (void)sig;
    static const char msg[] = "mote8: --timeout reached: the run is stopped\n";
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(1);
}

static void cannot_write(const char *path, const char *reason)
{
    fprintf(stderr, "mote8: %s: cannot write: %s\n", path, reason);
}

/* --state-load FILE: continue from the state in FILE. 0, or 1 after a message naming it. */
static int load_state(mote8 *m8, const char *path)
{
    char err[700];
    if (m8_state_file_load(m8, path, err, sizeof err) == 0) return 0;
    fprintf(stderr, "mote8: %s: %s\n", path, err);
    return 1;
}

/* --state-save FILE: the machine's state into FILE. 0, or 1 after a message naming it. */
static int save_state(mote8 *m8, const char *path)
{
    char err[700];
    if (m8_state_file_save(m8, path, err, sizeof err) == 0) return 0;
    fprintf(stderr, "mote8: %s: %s\n", path, err);
    return 1;
}

int m8_run_headless(const m8_options *opt, mote8 *m8)
{
    if (opt->timeout > 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = timed_out;
        sigaction(SIGALRM, &sa, NULL);
        alarm((unsigned)opt->timeout);
    }
    if (opt->state_load && load_state(m8, opt->state_load) != 0) return 1;
    m8_input_script script = { 0 };
    if (opt->input_script && m8_input_script_load(&script, opt->input_script) != 0) return 2;
    m8_wav_writer wav = { 0 };
    if (opt->wav && m8_wav_open(&wav, opt->wav, MOTE8_AUDIO_RATE) != 0) {
        cannot_write(opt->wav, m8_wav_error(&wav));
        if (wav.f) fclose(wav.f);
        m8_input_script_free(&script);
        return 1;
    }
    mote8_profiler *prof = NULL;
    if (opt->profile_dir && !(prof = mote8_profiler_attach(m8))) {
        fprintf(stderr, "mote8: cannot start the profiler\n");
        m8_input_script_free(&script);
        return 1;
    }
    long frames = opt->frames < 0 ? M8_HEADLESS_DEFAULT_FRAMES : opt->frames;
    int rc = 0;
    int16_t audio[MOTE8_AUDIO_RATE / 10];
    m8_budget_watch budget = { 0 };
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
        if (status == MOTE8_SHUTDOWN) break;
        m8_budget_watch_tick(&budget, m8, opt->cart ? opt->cart : "hello",
                             "--profile DIR shows the cost", stderr);
        if (wav.f) {   /* each tick rendered exactly MOTE8_AUDIO_RATE / fps samples */
            int n = mote8_pull_audio(m8, audio, (int)(sizeof audio / sizeof audio[0]));
            if (m8_wav_write(&wav, audio, n) != 0) break;   /* a full disk: stop here */
        }
    }
    if (mote8_coroutine_error(m8))   /* the cart went on: say what it dropped */
        fprintf(stderr, "mote8: %s: note: a coroutine ended with an error: %s\n",
                opt->cart ? opt->cart : "hello", mote8_coroutine_error(m8));
    if (wav.f && m8_wav_close(&wav) != 0) {
        cannot_write(opt->wav, m8_wav_error(&wav));
        rc = rc ? rc : 1;
    }
    if (opt->state_save && rc == 0 && save_state(m8, opt->state_save) != 0) rc = 1;
    if (opt->screenshot) {
        uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
        mote8_screen_rgb(m8, rgb);
        errno = 0;
        if (mote8_write_png(opt->screenshot, rgb, MOTE8_WIDTH, MOTE8_HEIGHT, 1) != 0) {
            cannot_write(opt->screenshot, errno ? strerror(errno) : "the PNG could not be written");
            rc = rc ? rc : 1;
        }
    }
    if (prof) {
        char err[512];
        mote8_profiler_detach(prof);
        if (mote8_profiler_write(prof, opt->profile_dir, err, sizeof err) != 0) {
            fprintf(stderr, "mote8: profile: %s\n", err);
            rc = rc ? rc : 1;
        }
        mote8_profiler_free(prof);
    }
    m8_input_script_free(&script);
    return rc;
}
