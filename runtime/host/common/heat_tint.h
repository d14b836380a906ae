/* heat_tint.h - the cost heatmap as a picture, shared by the hosts' F1 overlays (the
 * window's overlay.c, the web player's web_overlay.c): a colour per cause slot and the RGBA
 * tint of the 128x128 screen made from a live heatmap (api/mote8_profiler.h).
 * Depends on: api/mote8_profiler.h. */
#ifndef M8_HEAT_TINT_H
#define M8_HEAT_TINT_H

#include <stdint.h>
#include "mote8_profiler.h"

/* The colour of cause slot 0..MOTE8_HEAT_CAUSES-1; MOTE8_HEAT_CAUSES (grey): the others. */
extern const uint8_t m8_heat_slot_rgb[MOTE8_HEAT_CAUSES + 1][3];

/* Each pixel of `h`: its causes' colours mixed by their shares of its cost, opacity from 0.15
 * to 0.75 at the hottest pixel with the square root of its cost (the picture still shows
 * through), clear where nothing was drawn; rgba is 128*128*4 bytes. */
void m8_heat_tint(const mote8_prof_heatmap *h, uint8_t *rgba);

#endif
