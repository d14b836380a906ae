/* bench_gfx.c - rasteriser throughput in pixels per second, each primitive next to a plain
 * C baseline measured in the same run: a loop writing the same pixels (same coordinates,
 * same row order, one nibble read-modify-write each) into the same 4-bit screen layout, in
 * a constant colour (no source read, palette, transparency, pattern or clip). The ratio
 * rasteriser/baseline is the figure that compares across machines. The pixels of each
 * call are found by drawing it once on a blank screen. Also one Lua-level figure: headless
 * frames per second of a cart making 200 spr calls per frame, through api/mote8.h.
 * Depends on: gfx.h, text.h, ram.h, mote8.h, bench.h, POSIX clock_gettime. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "gfx.h"
#include "mote8.h"
#include "ram.h"
#include "text.h"

#define POSITIONS 16        /* each primitive cycles through this many positions */
#define MIN_SECONDS 0.2

static volatile unsigned sink;  /* keeps every measured loop observable */

static double cpu_seconds(void) { return m8_bench_cpu_seconds(); }

/* One horizontal run of pixels drawn by a call: row y, columns x0..x1. */
typedef struct span { int16_t y, x0, x1; } span;

typedef struct spanlist { span *s; int n, cap; long pixels; } spanlist;

static const char TEXT[] = "hello world 0123456789 the quick brown fox";

/* Draw call number `pos` of primitive `prim` (see NAMES). */
static void draw(uint8_t *ram, int prim, int pos)
{
    int x = (pos * 37) % 96 - 8, y = (pos * 23) % 96 - 8;   /* some calls are clipped */
    int xs = (pos * 13) % 112, ys = (pos * 29) % 112;      /* always on screen */
    switch (prim) {
    case 0: m8_spr(ram, 1 + pos, xs, ys, M8_FIX(1), M8_FIX(1), pos & 1, 0); break;
    case 1: m8_spr(ram, 2 + pos, xs, ys, M8_FIX(2), M8_FIX(2), 0, pos & 1); break;
    case 2: m8_sspr(ram, 8, 8, 32, 32, xs, ys, 16, 16, 0, 0); break;
    case 3: m8_sspr(ram, 8, 8, 16, 16, x, y, 32, 32, 0, 0); break;
    case 4: m8_sspr(ram, 8, 8, 16, 16, x - 16, y - 16, 64, 64, 0, 0); break;
    case 5: m8_map(ram, pos, pos & 7, 0, 0, 16, 16, 0); break;
    case 6: m8_rectfill(ram, x, y, x + 40, y + 30, 7 << 16); break;
    case 7: m8_circfill(ram, x + 20, y + 20, 20, 7 << 16); break;
    case 8: m8_line(ram, x, y, 127 - x, 127 - y / 2, 7 << 16); break;
    case 9:         /* at 13 bits, 1 << 13 is one pixel: a magnified texture */
        m8_tline(ram, x, y, 127 - x, 127 - y / 2, M8_FIX(pos) >> 3, M8_FIX(pos & 3) >> 3,
                 (1 << 13) / 8 * 3 / 2, (1 << 13) / 16, 0, 13);
        break;
    case 10:        /* a mode-7 floor's near row: left to right, no y step */
        m8_tline(ram, x, ys, x + 120, ys, M8_FIX(pos) >> 3, M8_FIX(pos & 3) >> 3,
                 (1 << 13) / 8 * 5 / 8, 0, 0, 13);
        break;
    case 11:        /* the diagonals again, the texture shrunk: a new sprite pixel a step */
        m8_tline(ram, x, y, 127 - x, 127 - y / 2, M8_FIX(pos) >> 3, M8_FIX(pos & 3) >> 3,
                 (1 << 13) * 3 / 2, (1 << 13) / 2, 0, 13);
        break;
    default:
        m8_text_print(ram, TEXT, (int)sizeof TEXT - 1, 1, xs - 40, ys, 1, 7, NULL, NULL);
        break;
    }
}

static const char *const NAMES[] = {
    "spr 8x8", "spr 16x16", "sspr 0.5x (32x32 -> 16x16)", "sspr 2x (16 -> 32)",
    "sspr 4x (16 -> 64)", "map full screen (16x16 cells)", "rectfill 41x31",
    "circfill r=20", "line", "tline (0.1875 px per step)", "tline row (0.078 px per step)",
    "tline (1.5 px per step)", "print (42 chars)",
};
#define NPRIM ((int)(sizeof NAMES / sizeof NAMES[0]))

static void add_span(spanlist *l, int y, int x0, int x1)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->s = realloc(l->s, (size_t)l->cap * sizeof *l->s);
        if (!l->s) abort();
    }
    l->s[l->n].y = (int16_t)y;
    l->s[l->n].x0 = (int16_t)x0;
    l->s[l->n].x1 = (int16_t)x1;
    l->n++;
    l->pixels += x1 - x0 + 1;
}

/* Pixels a call draws: every screen pixel it turns from 0 to non-zero (the sheet, map and
 * colours used are never 0, so no drawn pixel stays 0). */
static void record(uint8_t *ram, int prim, int pos, spanlist *l)
{
    memset(ram + M8_SCREEN, 0, 0x2000);
    draw(ram, prim, pos);
    for (int y = 0; y < 128; y++) {
        int start = -1;
        for (int x = 0; x <= 128; x++) {
            int on = x < 128 && ((ram[M8_SCREEN + y * 64 + x / 2] >> ((x & 1) * 4)) & 15);
            if (on && start < 0) start = x;
            if (!on && start >= 0) {
                add_span(l, y, start, x - 1);
                start = -1;
            }
        }
    }
}

/* The baseline: the same spans, one nibble read-modify-write per pixel. */
static void baseline(uint8_t *ram, const spanlist *l, int col)
{
    uint8_t *scr = ram + M8_SCREEN;
    for (int i = 0; i < l->n; i++) {
        uint8_t *row = scr + l->s[i].y * 64;
        for (int x = l->s[i].x0; x <= l->s[i].x1; x++) {
            uint8_t *b = row + (x >> 1);
            if (x & 1) *b = (uint8_t)((*b & 0x0f) | (col << 4));
            else *b = (uint8_t)((*b & 0xf0) | col);
        }
    }
}

static void setup(uint8_t *ram)
{
    memset(ram, 0, M8_RAM_SIZE);
    m8_ram_reset_draw_state(ram);
    for (int i = 0; i < 0x2000; i++)       /* sprite sheet: colours 1-15, never 0 */
        ram[M8_GFX + i] = (uint8_t)((1 + (i * 7) % 15) | ((1 + (i * 11) % 15) << 4));
    for (int i = 0; i < 0x1000; i++)       /* map rows 0-31: tiles 1-255 */
        ram[M8_MAP + i] = (uint8_t)(1 + (i * 5) % 255);
}

static void run_gfx_table(uint8_t *ram)
{
    printf("| primitive | Mpx/s | baseline Mpx/s | ratio |\n|---|---:|---:|---:|\n");
    for (int p = 0; p < NPRIM; p++) {
        spanlist l[POSITIONS];
        long px = 0;
        memset(l, 0, sizeof l);
        for (int k = 0; k < POSITIONS; k++) {
            record(ram, p, k, &l[k]);
            px += l[k].pixels;
        }
        m8_ram_reset_draw_state(ram);
        long rounds = 0;
        double t0 = cpu_seconds(), t = 0;
        do {
            for (int k = 0; k < POSITIONS; k++) draw(ram, p, k);
            sink += ram[M8_SCREEN + (rounds & 0x1fff)];
            rounds++;
        } while ((t = cpu_seconds() - t0) < MIN_SECONDS);
        double rate = (double)px * rounds / t;
        long brounds = 0;
        double bt = 0;
        t0 = cpu_seconds();
        do {
            for (int k = 0; k < POSITIONS; k++) baseline(ram, &l[k], 7 + (int)(brounds & 7));
            sink += ram[M8_SCREEN + (brounds & 0x1fff)];
            brounds++;
        } while ((bt = cpu_seconds() - t0) < MIN_SECONDS);
        double brate = (double)px * brounds / bt;
        printf("| %s | %.0f | %.0f | %.2f |\n", NAMES[p], rate / 1e6, brate / 1e6, rate / brate);
        for (int k = 0; k < POSITIONS; k++) free(l[k].s);
    }
}

/* The busy cart: 200 spr calls per frame over a cls, a little Lua arithmetic per call. */
static const char BUSY_CART[] =
    "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
    "t=0\n"
    "function _draw()\n"
    " cls(1)\n"
    " t+=1\n"
    " for i=0,199 do spr(1+i%15,(i*13+t)%120,(i*7)%120) end\n"
    "end\n"
    "__gfx__\n"
    "0000000011111111222222223333333344444444555555556666666677777777"
    "88888888999999999aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeefffffff\n";

static void run_cart_fps(void)
{
    mote8_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.have_seed = 1;
    mote8 *m8 = mote8_create(&cfg);
    if (!m8 || mote8_load_cart(m8, BUSY_CART, sizeof BUSY_CART - 1, "bench_busy.p8") != 0) {
        printf("busy cart: cannot load (%s)\n", m8 ? mote8_error(m8) : "no machine");
        if (m8) mote8_destroy(m8);
        return;
    }
    long frames = 0;
    int status = MOTE8_RUNNING;
    double t0 = cpu_seconds(), t = 0;
    do {
        status = mote8_tick(m8, NULL);
        frames++;
    } while (status == MOTE8_RUNNING && (t = cpu_seconds() - t0) < 4 * MIN_SECONDS);
    if (status != MOTE8_RUNNING)
        printf("busy cart stopped after %ld frames: %s\n", frames, mote8_error(m8));
    else
        printf("\nLua level: %.0f frames/s headless (cart with 200 spr calls + cls per frame, "
               "%.1f times the 30 fps it needs)\n", frames / t, frames / t / 30.0);
    mote8_destroy(m8);
}

void m8_bench_gfx(void)
{
    uint8_t *ram = malloc(M8_RAM_SIZE);
    if (!ram) return;
    setup(ram);
    run_gfx_table(ram);
    free(ram);
    run_cart_fps();
}
