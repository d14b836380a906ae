/* palette.c - the 32-colour RGB table: PICO-8's 16 base colours and the 16 extended
 * colours reached through screen-palette values 128-143 (reference 2.1, 2.2).
 * Depends on: palette.h. */
#include "palette.h"

static const uint8_t m8_palette_table[32][3] = {
    {0, 0, 0},       {29, 43, 83},    {126, 37, 83},   {0, 135, 81},
    {171, 82, 54},   {95, 87, 79},    {194, 195, 199}, {255, 241, 232},
    {255, 0, 77},    {255, 163, 0},   {255, 236, 39},  {0, 228, 54},
    {41, 173, 255},  {131, 118, 156}, {255, 119, 168}, {255, 204, 170},
    /* 128-143 */
    {41, 24, 20},    {17, 29, 53},    {66, 33, 54},    {18, 83, 89},
    {116, 47, 41},   {73, 51, 59},    {162, 136, 121}, {243, 239, 125},
    {190, 18, 80},   {255, 108, 36},  {168, 231, 46},  {0, 181, 67},
    {6, 90, 181},    {117, 70, 101},  {255, 110, 89},  {255, 157, 129},
};

void m8_palette_rgb(int index, uint8_t *r, uint8_t *g, uint8_t *b)
{
    const uint8_t *e = m8_palette_table[index & 31];
    if (r) *r = e[0];
    if (g) *g = e[1];
    if (b) *b = e[2];
}
