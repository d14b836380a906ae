/* heat_tint.c - the cost heatmap as a picture; see heat_tint.h.
 * Depends on: heat_tint.h, libm. */
#include <math.h>
#include "heat_tint.h"

const uint8_t m8_heat_slot_rgb[MOTE8_HEAT_CAUSES + 1][3] = {
    { 255, 50, 50 }, { 50, 150, 255 }, { 60, 230, 60 }, { 255, 220, 0 },
    { 230, 70, 255 }, { 0, 230, 220 }, { 170, 170, 170 },
};

void m8_heat_tint(const mote8_prof_heatmap *h, uint8_t *rgba)
{
    for (int i = 0; i < 128 * 128; i++) {
        double total = 0, mix[3] = { 0, 0, 0 };
        for (int k = 0; k <= MOTE8_HEAT_CAUSES; k++) {
            double c = h->cycles[k][i];
            if (!(c > 0)) continue;
            total += c;
            for (int j = 0; j < 3; j++) mix[j] += c * m8_heat_slot_rgb[k][j];
        }
        uint8_t *px = rgba + 4 * i;
        if (!(total > 0) || !(h->hottest > 0)) {
            px[0] = px[1] = px[2] = px[3] = 0;
            continue;
        }
        for (int j = 0; j < 3; j++) px[j] = (uint8_t)(mix[j] / total);
        double a = 0.15 + 0.6 * sqrt(total / h->hottest);
        px[3] = (uint8_t)(255 * (a > 0.75 ? 0.75 : a));
    }
}
