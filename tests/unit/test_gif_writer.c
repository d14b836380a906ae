/* test_gif_writer.c - GIFs written by runtime/host/window/gif_writer.c decoded back with giflib:
 * size (scaled), frame count, every pixel's colour, the delays (30 fps: 3/3/4 hundredths)
 * and the palette growing as colours are first seen. */
#include <criterion/criterion.h>
#include <gif_lib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "gif_writer.h"

#define W 16
#define H 8

static const uint8_t colours[3][3] = { { 0, 0, 0 }, { 255, 0, 77 }, { 41, 173, 255 } };

/* Frame f: column x has colour (x + f) % 3. */
static void make_frame(int f, uint8_t *rgb)
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) memcpy(rgb + (y * W + x) * 3, colours[(x + f) % 3], 3);
}

Test(gif_writer, palette_collects_colours_in_order)
{
    m8_gif_palette pal = { 0 };
    uint8_t rgb[W * H * 3], idx[W * H];
    make_frame(0, rgb);
    cr_expect_eq(m8_gif_index_frame(&pal, rgb, W, H, idx), 0);
    cr_expect_eq(pal.count, 3);
    cr_expect_eq(idx[0], 0);
    cr_expect_eq(idx[1], 1);
    cr_expect_eq(idx[2], 2);
    make_frame(1, rgb);
    m8_gif_index_frame(&pal, rgb, W, H, idx);
    cr_expect_eq(pal.count, 3, "known colours are not added again");
    cr_expect_eq(idx[0], 1);
}

Test(gif_writer, written_gif_decodes_to_the_same_frames)
{
    enum { FRAMES = 5, SCALE = 2 };
    m8_gif_palette pal = { 0 };
    uint8_t frames[FRAMES][W * H], rgb[W * H * 3];
    for (int f = 0; f < FRAMES; f++) {
        make_frame(f, rgb);
        m8_gif_index_frame(&pal, rgb, W, H, frames[f]);
    }
    char path[128], err[256];
    snprintf(path, sizeof path, "/tmp/m8t_gif_%d.gif", (int)getpid());
    cr_assert_eq(m8_gif_write(path, &pal, &frames[0][0], FRAMES, W, H, SCALE, 30, err, sizeof err), 0,
                 "%s", err);

    int code = 0;
    GifFileType *gif = DGifOpenFileName(path, &code);
    cr_assert(gif, "giflib cannot open it: %s", GifErrorString(code));
    cr_assert_eq(DGifSlurp(gif), GIF_OK, "giflib cannot read it: %s", GifErrorString(gif->Error));
    cr_expect_eq(gif->SWidth, W * SCALE);
    cr_expect_eq(gif->SHeight, H * SCALE);
    cr_assert_eq(gif->ImageCount, FRAMES);
    const ColorMapObject *map = gif->SColorMap;
    cr_assert(map);
    const int want_delay[FRAMES] = { 3, 3, 4, 3, 3 };
    for (int f = 0; f < FRAMES; f++) {
        const SavedImage *im = &gif->SavedImages[f];
        cr_assert_eq(im->ImageDesc.Width, W * SCALE);
        for (int y = 0; y < H * SCALE; y++)
            for (int x = 0; x < W * SCALE; x++) {
                const GifColorType *c = &map->Colors[im->RasterBits[y * W * SCALE + x]];
                const uint8_t *want = colours[(x / SCALE + f) % 3];
                cr_assert(c->Red == want[0] && c->Green == want[1] && c->Blue == want[2],
                          "frame %d pixel %d,%d is %d,%d,%d", f, x, y, c->Red, c->Green, c->Blue);
            }
        GraphicsControlBlock gcb;
        cr_assert_eq(DGifSavedExtensionToGCB(gif, f, &gcb), GIF_OK);
        cr_expect_eq(gcb.DelayTime, want_delay[f], "frame %d delay", f);
    }
    DGifCloseFile(gif, &code);
    unlink(path);
}
