/* test_gfx_util.h - helpers shared by the gfx Criterion suites (test_gfx_*.c): a zeroed
 * 64 KiB RAM with the reset draw state, screen pixel reads and exact pixel-set checks.
 * Depends on: ram.h, pixel.h, gfx.h, Criterion. */
#ifndef M8_TEST_GFX_UTIL_H
#define M8_TEST_GFX_UTIL_H

#include <criterion/criterion.h>
#include <string.h>
#include "gfx.h"
#include "pixel.h"
#include "ram.h"

static uint8_t ram[M8_RAM_SIZE];

static inline void gfx_setup(void)
{
    memset(ram, 0, sizeof ram);
    m8_ram_reset_draw_state(ram);
}

/* Raw colour argument for colour c (what the binding passes for the number c). */
#define COL(c) ((int32_t)((uint32_t)(c) << 16))

static inline int pix(int x, int y) { return m8_surface_read(ram, M8_SCREEN, x, y); }

static inline int count_col(int c)
{
    int n = 0;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++) n += pix(x, y) == c;
    return n;
}

static inline int count_nonzero(void) { return 128 * 128 - count_col(0); }

/* The screen holds colour col exactly at the n points pts and 0 everywhere else. */
static inline void expect_only(const int (*pts)[2], int n, int col)
{
    static uint8_t want[128][128];
    memset(want, 0, sizeof want);
    for (int i = 0; i < n; i++) want[pts[i][1]][pts[i][0]] = (uint8_t)col;
    for (int y = 0; y < 128; y++)
        for (int x = 0; x < 128; x++)
            cr_assert_eq(pix(x, y), want[y][x], "pixel %d,%d is %d, expected %d", x, y, pix(x, y),
                         want[y][x]);
}

/* Row y holds colour col exactly at x in [xa, xb] (other pixels of the row are 0). */
static inline void expect_row(int y, int xa, int xb, int col)
{
    for (int x = 0; x < 128; x++) {
        int w = (x >= xa && x <= xb) ? col : 0;
        cr_assert_eq(pix(x, y), w, "row %d: pixel %d is %d, expected %d", y, x, pix(x, y), w);
    }
}

#endif
