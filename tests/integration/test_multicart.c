/* test_multicart.c - the multi-cart test game of tests/carts/multicart played by
 * build/bin/mote8 --headless with its scripted input (courier.input): the menu cart saves
 * the chosen ship with cartdata and load()s game.p8 with a parameter and a breadcrumb; the
 * game reads the parameter and the saved choice, takes its package field from levels.p8
 * with reload(), collects two packages and goes back with extcmd("go_back"); the menu
 * shows the best delivery and shuts the program down with extcmd("shutdown"). Checked by
 * the printh lines and by screenshots of the menu and of the game. The carts are copied
 * to a temporary folder and cartdata goes to a temporary data folder.
 * Depends on: tests/unit/m8_test_util.h, runtime/core/png_io.h, Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "png_io.h"

#define GAME_DIR M8_SOURCE_DIR "/tests/carts/multicart"

typedef struct play {
    char dir[64], data[80];
    m8_run_result r;
    uint8_t *rgb;               /* the last frame, 128x128 RGB */
} play;

static void copy_file(const char *from, const char *to)
{
    size_t len = 0;
    char *bytes = m8_read_file(from, &len, 0);
    cr_assert(bytes, "cannot read %s", from);
    FILE *f = fopen(to, "wb");
    cr_assert(f, "cannot write %s", to);
    cr_assert_eq(fwrite(bytes, 1, len, f), len);
    fclose(f);
    free(bytes);
}

/* Copy the game to a fresh folder and play `frames` frames of courier.input. */
static void play_game(play *p, const char *frames)
{
    snprintf(p->dir, sizeof p->dir, "/tmp/m8t_multicart_XXXXXX");
    cr_assert(mkdtemp(p->dir));
    snprintf(p->data, sizeof p->data, "%s/cdata", p->dir);
    static const char *const carts[] = { "menu.p8", "game.p8", "levels.p8" };
    char from[512], to[256], shot[256];
    for (int i = 0; i < 3; i++) {
        snprintf(from, sizeof from, "%s/%s", GAME_DIR, carts[i]);
        snprintf(to, sizeof to, "%s/%s", p->dir, carts[i]);
        copy_file(from, to);
    }
    snprintf(to, sizeof to, "%s/menu.p8", p->dir);
    snprintf(shot, sizeof shot, "%s/shot.png", p->dir);
    setenv("MOTE8_DATA_DIR", p->data, 1);
    const char *args[] = { "--headless", "--frames", frames, "--input",
                           GAME_DIR "/courier.input", "--screenshot", shot, to, NULL };
    m8t_run_mote8(&p->r, args);
    unsetenv("MOTE8_DATA_DIR");
    int w = 0, h = 0;
    char err[256];
    p->rgb = m8_png_read_rgb(shot, &w, &h, err, sizeof err);
    cr_assert(p->rgb, "%s (stderr: %s)", err, p->r.err);
    cr_assert(w == 128 && h == 128);
}

static void clean(play *p)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", p->dir);
    cr_expect_eq(system(cmd), 0);
    free(p->rgb);
}

/* Pixels of colour (r,g,b) in the rectangle [x0,x1) x [y0,y1). */
static int count_colour(const uint8_t *rgb, int x0, int y0, int x1, int y1, int r, int g, int b)
{
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            const uint8_t *px = rgb + (y * 128 + x) * 3;
            n += px[0] == r && px[1] == g && px[2] == b;
        }
    return n;
}

#define ORANGE 255, 163, 0      /* colour 9: the packages */
#define BLUE 41, 173, 255       /* colour 12: the "orb" ship */
#define YELLOW 255, 236, 39     /* colour 10: the menu's selection frame */

Test(multicart, courier_plays_from_the_menu_into_the_game_and_back, .timeout = 120)
{
    play p;
    play_game(&p, "300");
    cr_assert_eq(p.r.exit_code, 0, "exit %d, stderr: %s", p.r.exit_code, p.r.err);
    cr_expect_str_eq(p.r.out,
                     "menu: ship 0 best 0 launches 0\n"
                     "menu: launch ship 2 (orb)\n"
                     "game: param [ship=2;launch=1] saved ship 2 breadcrumb back to menu\n"
                     "game: package at 8,11 score 1\n"
                     "game: package at 8,9 score 2\n"
                     "game: delivered 2 going back\n"
                     "menu: ship 2 best 2 launches 1\n"
                     "menu: shutdown\n");
    cr_expect_str_eq(p.r.err, "");
    /* the last frame is the menu again: the frame around ship 2 ("orb", x 91-112) */
    cr_expect_eq(count_colour(p.rgb, 91, 45, 92, 67, YELLOW), 22, "ship 2 is selected");
    cr_expect_eq(count_colour(p.rgb, 19, 45, 20, 67, YELLOW), 0, "ship 0 is not selected");
    /* the cartdata file the two carts shared */
    char save[160];
    snprintf(save, sizeof save, "%s/mote8_courier.p8d.txt", p.data);
    cr_expect_eq(access(save, R_OK), 0, "no %s", save);
    clean(&p);
}

Test(multicart, the_game_screen_shows_the_chosen_ship_and_the_field_from_levels, .timeout = 120)
{
    play p;
    play_game(&p, "75");
    cr_assert_eq(p.r.exit_code, 0, "exit %d, stderr: %s", p.r.exit_code, p.r.err);
    cr_expect(strstr(p.r.out, "game: package at 8,9 score 2\n") != NULL, "%s", p.r.out);
    cr_expect(strstr(p.r.out, "delivered") == NULL, "still in the game: %s", p.r.out);
    /* the ship flew up 30 pixels from (60,100): the blue orb at (60,70) */
    cr_expect_gt(count_colour(p.rgb, 60, 70, 68, 78, BLUE), 15, "the chosen ship is drawn");
    cr_expect_eq(count_colour(p.rgb, 0, 8, 128, 128, 255, 0, 77), 0, "not ship 0 (red)");
    /* packages come from levels.p8's map: (8,6) and (3,3) are there, (8,11) was taken
     * ((8,9) lies under the ship's orange flame) */
    cr_expect_gt(count_colour(p.rgb, 64, 48, 72, 56, ORANGE), 10, "package at cell 8,6");
    cr_expect_gt(count_colour(p.rgb, 24, 24, 32, 32, ORANGE), 10, "package at cell 3,3");
    cr_expect_eq(count_colour(p.rgb, 64, 88, 72, 96, ORANGE), 0, "cell 8,11 collected");
    clean(&p);
}

Test(multicart, the_menu_before_launch_selects_with_the_arrows, .timeout = 120)
{
    play p;
    play_game(&p, "18");
    cr_assert_eq(p.r.exit_code, 0, "exit %d, stderr: %s", p.r.exit_code, p.r.err);
    cr_expect_str_eq(p.r.out, "menu: ship 0 best 0 launches 0\n");
    cr_expect_eq(count_colour(p.rgb, 91, 45, 92, 67, YELLOW), 22, "two presses right: ship 2");
    cr_expect_eq(count_colour(p.rgb, 19, 45, 20, 67, YELLOW), 0, "ship 0 is not selected");
    cr_expect_gt(count_colour(p.rgb, 91, 45, 113, 67, BLUE), 20, "the orb drawn large");
    clean(&p);
}
