/* headless.h - the headless host: runs a loaded cart for N frames without a window, with
 * scripted input, and writes its last frame (PNG), its sound (WAV) and its cost profile.
 * Its entry point is m8_run_headless; `mote8 --headless` calls it, or m8_run_edit_script
 * with --edit (the editors driven by a script).
 * Depends on: common/host.h, api/mote8.h. */
#ifndef M8_HEADLESS_H
#define M8_HEADLESS_H

#include "host.h"

/* Run `m8` (a cart loaded) as the options say: --frames, --input, --screenshot, --wav,
 * --profile, --timeout. Returns the exit code. */
int m8_run_headless(const m8_options *opt, mote8 *m8);

/* The editors of `m8` (opened) driven by the event script --edit-script (edit_script.c,
 * docs/editors.md), then --screenshot of the editors' screen. Returns the exit code: 0, 1
 * when a save failed or a file could not be written, 2 for a bad script (file:line said). */
int m8_run_edit_script(const m8_options *opt, mote8 *m8);

#endif
