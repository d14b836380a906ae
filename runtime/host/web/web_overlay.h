/* web_overlay.h - the web player's F1 cost overlay (web_overlay.c) as web_host.c calls it:
 * the live profiler follows the running machine. The page's side is overlay.js; the
 * m8web_overlay_* functions it calls are in web_overlay.c.
 * Depends on: api/mote8.h. */
#ifndef M8_WEB_OVERLAY_H
#define M8_WEB_OVERLAY_H

#include "mote8.h"

/* The machine changes (m8web_start): `m8` NULL before the old one goes (its profiler is
 * freed), then the new one (a profiler is attached again while the overlay is shown). */
void web_overlay_machine(mote8 *m8);

#endif
