/* test_window_overlay.c - F1's views in the SDL window under Xvfb (skipped, with a message,
 * where xvfb-run is missing): a cart drawing a scaled sspr through a helper (boss) and a
 * rectfill (floor) runs in a 512x512 window and the window is saved (MOTE8_WINDOW_SHOT).
 * Figures (one F1): the picture, at scale 3 above the 72-pixel band, is the headless frame
 * untouched, and the band's three columns (lines, draws, functions) have their headings and
 * rows. Heatmap (MOTE8_OVERLAY=heat): the two drawn parts of the picture are tinted, in two
 * different colours, the undrawn part stays black, and the legend shows the first two
 * causes' colours. A third F1 hides everything: the picture fills the window again.
 * Depends on: Criterion, m8_test_util.h, runtime/core/png_io.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

#define OVERLAY_CART                                                                   \
    "function _init() for y=0,15 do for x=0,15 do sset(x,y,8+(x+y)%4) end end end\n"   \
    "function spr3d(x,y,z) sspr(0,0,16,16,x,y,16*z,16*z) end\n"                        \
    "function boss() spr3d(-16,0,4) end\n"                                             \
    "function floor() rectfill(64,64,127,127,12) end\n"                                \
    "function _draw() floor() boss() end\n"

static int have_xvfb(void) { return system("command -v xvfb-run >/dev/null 2>&1") == 0; }

typedef struct shot {
    uint8_t *rgb;
    int w, h;
} shot;

static char dir[128];

static void write_cart(void)
{
    snprintf(dir, sizeof dir, "/tmp/m8t_overlay_%d", (int)getpid());
    char cmd[300], path[300];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    cr_assert_eq(system(cmd), 0);
    snprintf(path, sizeof path, "%s/c.p8", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s", OVERLAY_CART);
    fclose(f);
}

/* The cart in a 512x512 window with environment `env`, saved at tick 30. */
static shot window_shot(const char *env, const char *name)
{
    char cmd[2048], path[300], err[256];
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    snprintf(cmd, sizeof cmd,
             "cd %s && HOME=%s XDG_CONFIG_HOME= XDG_DATA_HOME= MOTE8_CONFIG= SDL_AUDIODRIVER=dummy "
             "%s MOTE8_WINDOW_SHOT=%s MOTE8_WINDOW_SHOT_TICK=30 timeout 60 xvfb-run -a "
             "-s '-screen 0 800x600x24' %s/bin/mote8 --scale 4 --seed 5 --frames 32 c.p8 "
             ">%s/%s.txt 2>&1",
             dir, dir, env, path, M8_BINARY_DIR, dir, name);
    cr_assert_eq(system(cmd), 0, "window run failed: %s", cmd);
    shot s;
    s.rgb = m8_png_read_rgb(path, &s.w, &s.h, err, sizeof err);
    cr_assert_not_null(s.rgb, "%s", err);
    cr_assert_eq(s.w, 512);
    cr_assert_eq(s.h, 512);
    return s;
}

static shot headless_frame(void)
{
    char head[300], cart[300], err[256];
    snprintf(head, sizeof head, "%s/headless.png", dir);
    snprintf(cart, sizeof cart, "%s/c.p8", dir);
    const char *args[] = { "--headless", "--seed", "5", "--frames", "30", "--screenshot", head, cart, NULL };
    m8_run_result r;
    m8t_run_mote8(&r, args);
    cr_assert_eq(r.exit_code, 0, "%s", r.err);
    shot s;
    s.rgb = m8_png_read_rgb(head, &s.w, &s.h, err, sizeof err);
    cr_assert_not_null(s.rgb, "%s", err);
    return s;
}

static const uint8_t *at(const shot *s, int x, int y) { return s->rgb + 3 * ((size_t)y * s->w + x); }

static int is(const uint8_t *p, int r, int g, int b) { return p[0] == r && p[1] == g && p[2] == b; }

/* The picture at `scale` with its top-left at ox,oy: pixels differing from the frame. */
static long picture_differs(const shot *win, const shot *frame, int ox, int oy, int scale)
{
    long differ = 0;
    for (int y = 0; y < 128 * scale; y++)
        for (int x = 0; x < 128 * scale; x++)
            differ += memcmp(at(win, ox + x, oy + y), at(frame, x / scale, y / scale), 3) != 0;
    return differ;
}

/* Pixels of colour r,g,b in the band's rows y0.. and columns x0..x1. */
static int count(const shot *s, int x0, int x1, int y0, int r, int g, int b)
{
    int n = 0;
    for (int y = y0; y < s->h; y++)
        for (int x = x0; x < x1; x++) n += is(at(s, x, y), r, g, b);
    return n;
}

static void cleanup(shot *a, shot *b)
{
    free(a->rgb);
    free(b->rgb);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_expect_eq(system(cmd), 0);
}

/* At 512x512 the band is 72 pixels (8 lines of 8 at text scale 1 and two 4-pixel margins):
 * the picture gets scale 3, centred in the 440 rows above it. */
enum { BAND_Y = 440, PIC_X = 64, PIC_Y = 28, PIC_SCALE = 3 };

Test(window_overlay, figures_fill_the_band_and_leave_the_picture, .timeout = 120)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    write_cart();
    shot frame = headless_frame();
    shot win = window_shot("MOTE8_WINDOW_KEYS='2:F1'", "figures");
    cr_expect_eq(picture_differs(&win, &frame, PIC_X, PIC_Y, PIC_SCALE), 0, "the picture is untouched");
    /* the headings (yellow) of the three columns: lines from x 4, draws from 124, functions
     * from 380 (126 characters of 4 pixels: 28 | 62 | 32 with gaps of 2) */
    cr_expect_gt(count(&win, 0, 120, BAND_Y, 255, 236, 39), 0, "costliest lines");
    cr_expect_gt(count(&win, 124, 372, BAND_Y, 255, 236, 39), 0, "costliest draws");
    cr_expect_gt(count(&win, 380, 512, BAND_Y, 255, 236, 39), 0, "costliest functions");
    /* rows under the headings (grey): two draws, and functions (_draw, boss, spr3d, floor) */
    int rows_y = BAND_Y + 4 + 3 * 8;
    cr_expect_gt(count(&win, 124, 372, rows_y, 194, 195, 199), 0, "the draws' rows");
    cr_expect_gt(count(&win, 124, 372, rows_y + 8, 194, 195, 199), 0, "a second draw");
    cr_expect_gt(count(&win, 380, 512, rows_y + 3 * 8, 194, 195, 199), 0, "four functions");
    cleanup(&win, &frame);
}

Test(window_overlay, heatmap_tints_the_picture_by_cause, .timeout = 120)
{
    if (!have_xvfb()) cr_skip_test("xvfb-run is missing: the window test is skipped (apt-get install xvfb)");
    write_cart();
    shot frame = headless_frame();
    shot win = window_shot("MOTE8_OVERLAY=heat", "heatmap");
    /* boss's part (cart 20,30), floor's (100,100), and never drawn (100,20) */
    const uint8_t *boss = at(&win, PIC_X + 20 * PIC_SCALE + 1, PIC_Y + 30 * PIC_SCALE + 1);
    const uint8_t *floor_px = at(&win, PIC_X + 100 * PIC_SCALE + 1, PIC_Y + 100 * PIC_SCALE + 1);
    const uint8_t *empty = at(&win, PIC_X + 100 * PIC_SCALE + 1, PIC_Y + 20 * PIC_SCALE + 1);
    cr_expect(memcmp(boss, at(&frame, 20, 30), 3) != 0, "boss's part is tinted");
    cr_expect(memcmp(floor_px, at(&frame, 100, 100), 3) != 0, "floor's part is tinted");
    int apart = abs(boss[0] - floor_px[0]) + abs(boss[1] - floor_px[1]) + abs(boss[2] - floor_px[2]);
    cr_expect_gt(apart, 60, "two causes, two colours: %d,%d,%d vs %d,%d,%d", boss[0], boss[1],
                 boss[2], floor_px[0], floor_px[1], floor_px[2]);
    cr_expect(is(at(&frame, 100, 20), 0, 0, 0) && is(empty, 0, 0, 0), "nothing drawn: no tint");
    /* the legend: the colours of the first two causes (red, blue) */
    cr_expect_gt(count(&win, 0, 512, BAND_Y, 255, 50, 50), 0, "the first cause's colour");
    cr_expect_gt(count(&win, 0, 512, BAND_Y, 50, 150, 255), 0, "the second cause's colour");
    cr_expect_eq(count(&win, 0, 512, BAND_Y, 60, 230, 60), 0, "no third cause");
    free(win.rgb);
    /* the third F1 press hides it: the whole window is the picture at scale 4 */
    win = window_shot("MOTE8_WINDOW_KEYS='2:F1 3:F1 4:F1'", "off");
    cr_expect_eq(picture_differs(&win, &frame, 0, 0, 4), 0, "F1 three times: nothing shown");
    cleanup(&win, &frame);
}
