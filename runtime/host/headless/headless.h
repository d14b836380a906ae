/* headless.h - the headless host: runs a loaded cart for N frames without a window, with
 * scripted input, and writes its last frame (PNG), its sound (WAV) and its cost profile.
 * Its entry point is m8_run_headless; `mote8 --headless` calls it.
 * Depends on: common/host.h, api/mote8.h. */
#ifndef M8_HEADLESS_H
#define M8_HEADLESS_H

#include "host.h"

/* Run `m8` (a cart loaded) as the options say: --frames, --input, --screenshot, --wav,
 * --profile, --timeout. Returns the exit code. */
int m8_run_headless(const m8_options *opt, mote8 *m8);

#endif
