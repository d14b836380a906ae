/* test_gfx_fastpath.c - Criterion suite "gfx_fastpath": the two-pixels-per-byte and
 * eight-pixels-per-word paths of spr/sspr/map and the span fill give exactly the pixels of a
 * plain per-pixel reference written here from the rules (sheet colour through the draw
 * palette, transparent colours skipped, clip and camera), over thousands of random sprites,
 * positions, sizes, flips, palettes and clip rectangles, odd and even x on both sides, with
 * the sheet and the screen also moved (0x5f54/0x5f55) up to the top of RAM, where the word
 * paths must give way; circfill's direct rows against the midpoint circle's rows; pset
 * against the ink every shape plots with; the frameless spr(n, x, y)'s straight path
 * (m8_spr_whole8) against m8_spr and the reference, and when it draws.
 * Depends on: gfx.h, gfx_internal.h, pixel.h, Criterion. */
#include "test_gfx_util.h"
#include "gfx_internal.h"

static uint8_t want[M8_RAM_SIZE];
static uint32_t seed = 12345;

static int rnd(int n)
{
    seed = seed * 1103515245u + 12345u;
    return (int)((seed >> 8) % (uint32_t)n);
}

static void random_state(void)
{
    gfx_setup();
    for (int i = 0; i < 0x2000; i++) ram[i] = (uint8_t)rnd(256);        /* sheet */
    for (int i = 0x6000; i < 0x8000; i++) ram[i] = (uint8_t)rnd(256);   /* screen */
    if (rnd(3) == 0) {
        for (int c = 0; c < 16; c++) {
            ram[M8_DRAW_PAL + c] = (uint8_t)rnd(16);
            if (rnd(4) == 0) ram[M8_DRAW_PAL + c] |= 0x10;              /* transparent */
        }
    }                           /* else the reset palette (its own eight-pixel path) */
    if (rnd(3) == 0) {
        int x0 = rnd(128), y0 = rnd(128);
        ram[M8_CLIP_X0] = (uint8_t)x0;
        ram[M8_CLIP_Y0] = (uint8_t)y0;
        ram[M8_CLIP_X1] = (uint8_t)(x0 + rnd(129 - x0));
        ram[M8_CLIP_Y1] = (uint8_t)(y0 + rnd(129 - y0));
    }
    if (rnd(3) == 0) {
        m8_poke_16(ram, M8_CAMERA_X, (uint16_t)(rnd(40) - 20));
        m8_poke_16(ram, M8_CAMERA_Y, (uint16_t)(rnd(40) - 20));
    }
}

/* Sheet and screen somewhere else, apart (0x2000 bytes each), often at the top of RAM or
 * wrapping past it; filled with random pixels. */
static void random_bases(void)
{
    static const uint8_t sheets[] = { 0x00, 0x20, 0x80, 0xc0, 0xe0, 0xf0, 0xff };
    static const uint8_t screens[] = { 0x60, 0x80, 0xa0, 0xdf, 0xe0, 0xf8, 0xfe };
    int a, b;
    do {
        a = sheets[rnd(7)];
        b = screens[rnd(7)];
    } while (((b - a) & 0xff) < 0x20 || ((a - b) & 0xff) < 0x20);
    ram[M8_MAP_GFX_ADDR] = (uint8_t)a;
    ram[M8_MAP_SCREEN_ADDR] = (uint8_t)b;
    for (int i = 0; i < 0x2000; i++) {
        ram[(a * 256 + i) & 0xffff] = (uint8_t)rnd(256);
        ram[(b * 256 + i) & 0xffff] = (uint8_t)rnd(256);
    }
}

static int sheet(int x, int y)
{
    if ((unsigned)x >= 128 || (unsigned)y >= 128) return 0;
    return m8_surface_read(ram, m8_gfx_base(ram), x, y);
}

/* The colour sprite colour c takes at screen pixel (x,y), or -1 when it is not drawn: the
 * draw palette's transparency bit, then (fill-pattern flag 0x5f33&2) the secondary palette's
 * low nibble for pattern bit 0, its high nibble (or nothing, flag 1) for pattern bit 1. */
static int sprite_colour(int c, int x, int y)
{
    uint8_t dp = ram[M8_DRAW_PAL + c], flags = ram[M8_FILLP_FLAGS];
    if (dp & 0x10) return -1;
    if (!(flags & 2)) return dp & 15;
    uint8_t sec = ram[M8_SECONDARY_PAL + (dp & 15)];
    if (m8_pat_bit((unsigned)(ram[M8_FILLP] | ram[M8_FILLP + 1] << 8), x, y))
        return (flags & 1) ? -1 : sec >> 4;
    return sec & 15;
}

/* The reference, drawing into want: pixel (x,y) of the destination rectangle takes source
 * (sx + i*sw/dw, ...), in the colour sprite_colour gives it. */
static void reference_pixels(int sx, int sy, int sw, int sh, int dx, int dy, int dw, int dh,
                             int fx, int fy)
{
    dx -= m8_camera_x(ram);
    dy -= m8_camera_y(ram);
    for (int j = 0; j < dh; j++)
        for (int i = 0; i < dw; i++) {
            int x = dx + i, y = dy + j;
            if ((unsigned)x >= 128 || (unsigned)y >= 128 || !m8_in_clip(ram, x, y)) continue;
            int si = fx ? dw - 1 - i : i, sj = fy ? dh - 1 - j : j;
            int c = sprite_colour(sheet(sx + si * sw / dw, sy + sj * sh / dh), x, y);
            if (c >= 0) m8_surface_write(want, m8_screen_base(ram), x, y, c);
        }
}

static void reference_sspr(int sx, int sy, int sw, int sh, int dx, int dy, int dw, int dh,
                           int fx, int fy)
{
    memcpy(want, ram, sizeof want);
    reference_pixels(sx, sy, sw, sh, dx, dy, dw, dh, fx, fy);
}

/* The screen (wherever 0x5f55 put it) is as the reference left it. */
static void expect_same(const char *what, int trial)
{
    for (uint32_t i = 0; i < 0x2000; i++) {
        uint32_t a = (m8_screen_base(ram) + i) & 0xffff;
        if (ram[a] != want[a])
            cr_assert_fail("%s, trial %d: screen byte 0x%04x is 0x%02x, want 0x%02x", what,
                           trial, a, ram[a], want[a]);
    }
}

/* All of RAM but the draw state (0x5f00-0x5fff: the pen the colour argument sets) is as
 * the reference left it: the word writers' bytes past a row, or past the screen, unchanged. */
static void expect_same_ram(const char *what, int trial)
{
    for (uint32_t a = 0; a < M8_RAM_SIZE; a++) {
        if (a >= 0x5f00 && a < 0x6000) continue;
        if (ram[a] != want[a])
            cr_assert_fail("%s, trial %d: byte 0x%04x is 0x%02x, want 0x%02x", what, trial, a,
                           ram[a], want[a]);
    }
}

/* 3000 random spr() calls against the reference, the sheet and screen moved or not */
static void spr_trials(const char *what, int move_bases)
{
    for (int t = 0; t < 3000; t++) {
        random_state();
        if (move_bases) random_bases();
        int n = rnd(256), x = rnd(150) - 11, y = rnd(150) - 11;
        int w = 1 + rnd(3), h = 1 + rnd(3), fx = rnd(2), fy = rnd(2);
        reference_sspr((n % 16) * 8, (n / 16) * 8, 8 * w, 8 * h, x, y, 8 * w, 8 * h, fx, fy);
        m8_spr(ram, n, x, y, M8_FIX(w), M8_FIX(h), fx, fy);
        expect_same(what, t);
    }
}

Test(gfx_fastpath, spr_matches_reference) { spr_trials("spr", 0); }

Test(gfx_fastpath, spr_matches_reference_with_sheet_and_screen_moved) { spr_trials("spr moved", 1); }

/* A random machine state for the word blit's trials: the bases moved one time in four, the
 * draw palette mostly reset (colour 0 transparent). */
static void random_blit_state(void)
{
    random_state();
    if (rnd(4) == 0) random_bases();
    if (rnd(4)) memcpy(ram + M8_DRAW_PAL, (const uint8_t[16]){ 0x10, 1, 2, 3, 4, 5, 6, 7,
                                               8, 9, 10, 11, 12, 13, 14, 15 }, 16);
}

/* One 8x8 sprite (spr's own word path): mostly the reset palette, widths and heights just
 * over 1 (still 8 pixels), every clip and camera offset (odd and even first columns and
 * rows on both sides), the rows two at a time with an odd row left over. */
Test(gfx_fastpath, spr8_matches_reference)
{
    for (int t = 0; t < 6000; t++) {
        random_blit_state();
        int n = rnd(256), x = rnd(150) - 11, y = rnd(150) - 11, fx = rnd(2), fy = rnd(2);
        int32_t w = M8_FIX(1) + rnd(0x2000), h = M8_FIX(1) + rnd(0x2000);
        reference_sspr((n % 16) * 8, (n / 16) * 8, 8, 8, x, y, 8, 8, fx, fy);
        m8_spr(ram, n, x, y, w, h, fx, fy);
        expect_same_ram("spr 8x8", t);
    }
}

/* 8x8 sprites a row (two rows) a step, any palette: positions around every screen and clip
 * edge (each first visible column of either parity, any number of pixels cut off on either
 * side), both mirrorings, the reset palette or one with other colours and transparencies
 * (palt), now and then a fill pattern on sprites or a bit-plane mask (the per-pixel path
 * then), the sheet and the screen moved; the whole RAM against the per-pixel reference. */
Test(gfx_fastpath, spr8_rows_match_reference)
{
    for (int t = 0; t < 12000; t++) {
        random_blit_state();
        if (rnd(2)) {                           /* a palette: pal and palt */
            for (int c = 0; c < 16; c++)
                ram[M8_DRAW_PAL + c] = (uint8_t)(rnd(16) | (rnd(3) == 0 ? 0x10 : 0));
        }
        if (rnd(12) == 0) {
            m8_poke_16(ram, M8_FILLP, (uint16_t)rnd(65536));
            ram[M8_FILLP_FLAGS] = (uint8_t)rnd(8);
            for (int i = 0; i < 16; i++) ram[M8_SECONDARY_PAL + i] = (uint8_t)rnd(256);
        }
        if (rnd(12) == 0) ram[M8_BITPLANE_MASK] = (uint8_t)rnd(256);
        int edges_x[4] = { 0, 128, ram[M8_CLIP_X0], ram[M8_CLIP_X1] };
        int edges_y[4] = { 0, 128, ram[M8_CLIP_Y0], ram[M8_CLIP_Y1] };
        int x = rnd(4) ? edges_x[rnd(4)] - 9 + rnd(19) : rnd(150) - 11;
        int y = rnd(4) ? edges_y[rnd(4)] - 9 + rnd(19) : rnd(150) - 11;
        x += m8_camera_x(ram);
        y += m8_camera_y(ram);
        int n = rnd(256), fx = rnd(2), fy = rnd(2);
        reference_sspr((n % 16) * 8, (n / 16) * 8, 8, 8, x, y, 8, 8, fx, fy);
        m8_spr(ram, n, x, y, M8_FIX(1), M8_FIX(1), fx, fy);
        expect_same_ram("spr 8x8 rows", t);
    }
}

/* m8_spr_whole8 (the frameless spr(n, x, y)'s straight path): from the reset draw state,
 * one or two of the things it must see as reset changed now and then (camera, clip, draw
 * palette, fill-pattern flags, bit-plane mask, sheet or screen base), positions around the
 * screen's edges after the camera: it draws exactly when the sprite lies wholly on the
 * screen in that state, and then the whole RAM is m8_spr's (and the reference's); else it
 * leaves the RAM as it was. */
Test(gfx_fastpath, spr_whole8_matches_spr)
{
    static uint8_t by_spr[M8_RAM_SIZE];
    int drawn = 0;
    for (int t = 0; t < 12000; t++) {
        gfx_setup();
        for (int i = 0; i < 0x2000; i++) ram[i] = (uint8_t)rnd(256);
        for (int i = 0x6000; i < 0x8000; i++) ram[i] = (uint8_t)rnd(256);
        int usual = 1;
        for (int change = rnd(3) == 0 ? 1 + rnd(2) : 0; change > 0; change--) {
            switch (rnd(8)) {
            case 0:                     /* camera: still the usual state */
                m8_poke_16(ram, M8_CAMERA_X, (uint16_t)(rnd(400) - 200));
                m8_poke_16(ram, M8_CAMERA_Y, (uint16_t)(rnd(400) - 200));
                break;
            case 1: ram[M8_CLIP_X0 + rnd(4)] = (uint8_t)rnd(256); break;
            case 2: ram[M8_DRAW_PAL + rnd(16)] ^= (uint8_t)(1 << rnd(8)); break;
            case 3: ram[M8_FILLP_FLAGS] = (uint8_t)rnd(8); break;
            case 4: ram[M8_BITPLANE_MASK] = (uint8_t)rnd(256); break;
            case 5: ram[M8_MAP_GFX_ADDR] = (uint8_t)(rnd(2) ? 0x20 : rnd(256)); break;
            case 6: ram[M8_MAP_SCREEN_ADDR] = (uint8_t)(rnd(2) ? 0x80 : rnd(256)); break;
            default:                    /* the fill pattern itself: sprites ignore it */
                m8_poke_16(ram, M8_FILLP, (uint16_t)rnd(65536));
                break;
            }
        }
        if (ram[M8_CLIP_X0] || ram[M8_CLIP_Y0] || ram[M8_CLIP_X1] != 128 ||
            ram[M8_CLIP_Y1] != 128 || (ram[M8_FILLP_FLAGS] & 2) ||
            ram[M8_BITPLANE_MASK] != 0xff || ram[M8_MAP_GFX_ADDR] != 0 ||
            ram[M8_MAP_SCREEN_ADDR] != 0x60 ||
            memcmp(ram + M8_DRAW_PAL, (const uint8_t[16]){ 0x10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                                           11, 12, 13, 14, 15 }, 16))
            usual = 0;
        int sx = rnd(4) ? rnd(2) * 128 - 10 + rnd(21) : rnd(150) - 11;
        int sy = rnd(4) ? rnd(2) * 128 - 10 + rnd(21) : rnd(150) - 11;
        int n = rnd(256), x = sx + m8_camera_x(ram), y = sy + m8_camera_y(ram);
        int whole = usual && sx >= 0 && sx <= 120 && sy >= 0 && sy <= 120;
        memcpy(by_spr, ram, sizeof by_spr);
        if (whole) reference_sspr((n % 16) * 8, (n / 16) * 8, 8, 8, x, y, 8, 8, 0, 0);
        else memcpy(want, ram, sizeof want);        /* nothing drawn */
        int got = m8_spr_whole8(ram, n, x, y);
        cr_assert_eq(got, whole, "trial %d: spr(%d, %d, %d) whole %d, said %d", t, n, x, y,
                     whole, got);
        expect_same_ram("spr whole 8x8 against the reference", t);
        if (whole) {
            memcpy(want, ram, sizeof want);
            memcpy(ram, by_spr, sizeof by_spr);
            m8_spr(ram, n, x, y, M8_FIX(1), M8_FIX(1), 0, 0);
            for (uint32_t a = 0; a < M8_RAM_SIZE; a++)
                if (ram[a] != want[a])
                    cr_assert_fail("trial %d: byte 0x%04x 0x%02x after m8_spr, 0x%02x after "
                                   "m8_spr_whole8", t, a, ram[a], want[a]);
            drawn++;
        }
    }
    cr_assert(drawn > 1500, "%d drawn", drawn);
}

/* sspr at 1:1 eight columns wide from any source column (odd ones straddle source bytes):
 * the blit's whole-row steps, two rows at a time. */
Test(gfx_fastpath, sspr_1to1_8_wide_matches_reference)
{
    for (int t = 0; t < 4000; t++) {
        random_blit_state();
        int sx = rnd(121), sy = rnd(128), sh = 1 + rnd(m8_imin(20, 128 - sy));
        int dx = rnd(150) - 11, dy = rnd(150) - 11, fx = rnd(2), fy = rnd(2);
        reference_sspr(sx, sy, 8, sh, dx, dy, 8, sh, fx, fy);
        m8_sspr(ram, sx, sy, 8, sh, dx, dy, 8, sh, fx, fy);
        expect_same_ram("sspr 1:1 8 wide", t);
    }
}

/* map(): every drawn cell is its tile's 8x8 sprite; empty and unflagged cells skipped. */
Test(gfx_fastpath, map_matches_reference)
{
    for (int t = 0; t < 1500; t++) {
        random_state();
        if (rnd(3) == 0) random_bases();
        for (int i = 0x1000; i < 0x3000; i++) ram[i] = rnd(3) ? (uint8_t)rnd(256) : 0;
        for (int i = 0; i < 256; i++) ram[M8_FLAGS + i] = (uint8_t)rnd(256);
        if (ram[M8_MAP_SCREEN_ADDR] >= 0xf0)
            ram[M8_MAP_SCREEN_ADDR] = 0x60;   /* the screen would wrap onto the map */
        int tx = rnd(140) - 6, ty = rnd(70) - 3, tw = rnd(20), th = rnd(20);
        int sx = rnd(170) - 30, sy = rnd(170) - 30, layers = rnd(2) ? 0 : rnd(256);
        memcpy(want, ram, sizeof want);
        for (int j = 0; j < th; j++)
            for (int i = 0; i < tw; i++) {
                int tile = m8_mget(ram, tx + i, ty + j);   /* 0 outside the map */
                if (tile == 0 || (layers && !(ram[M8_FLAGS + tile] & layers))) continue;
                reference_pixels((tile % 16) * 8, (tile / 16) * 8, 8, 8, sx + 8 * i,
                                 sy + 8 * j, 8, 8, 0, 0);
            }
        m8_map(ram, tx, ty, sx, sy, tw, th, layers);
        expect_same("map", t);
    }
}

Test(gfx_fastpath, sspr_matches_reference)
{
    for (int t = 0; t < 3000; t++) {
        random_state();
        int sx = rnd(136) - 4, sy = rnd(136) - 4, sw = 1 + rnd(40), sh = 1 + rnd(40);
        if (rnd(10) == 0) {             /* far past the sheet: columns more than 256 apart */
            sx = rnd(400) - 200;
            sw = 200 + rnd(400);
        }
        int dw = rnd(3) == 0 ? sw : 1 + rnd(90), dh = rnd(3) == 0 ? sh : 1 + rnd(90);
        int dx = rnd(170) - 30, dy = rnd(170) - 30, fx = rnd(2), fy = rnd(2);
        reference_sspr(sx, sy, sw, sh, dx, dy, dw, dh, fx, fy);
        m8_sspr(ram, sx, sy, sw, sh, dx, dy, dw, dh, fx, fy);
        expect_same("sspr", t);
    }
}

/* sspr as the rules say it, into want: negative sizes mirror, destination pixel i of dw
 * takes source column sx + floor(i*sw/dw) (i counted from the far side when flipped), the
 * same for rows; camera, clip, palettes, pattern and bit-plane mask per pixel. */
static void reference_scaled(int sx, int sy, int sw, int sh, int dx, int dy, int dw, int dh,
                             int fx, int fy)
{
    memcpy(want, ram, sizeof want);
    if (dw < 0) { dx += dw; dw = -dw; fx = !fx; }
    if (dh < 0) { dy += dh; dh = -dh; fy = !fy; }
    if (sw < 0) { sx += sw; sw = -sw; fx = !fx; }
    if (sh < 0) { sy += sh; sh = -sh; fy = !fy; }
    if (dw == 0 || dh == 0 || sw == 0 || sh == 0) return;
    reference_pixels(sx, sy, sw, sh, dx, dy, dw, dh, fx, fy);
}

/* A destination size for source size n: whole magnifications 2x-4x (the word expansion's),
 * larger ones, fractional magnifications, minifications, 1:1 or anything up to 130. */
static int scaled_size(int n, int mode)
{
    switch (mode) {
    case 0: return n * (2 + rnd(3));
    case 1: return n * (5 + rnd(12));
    case 2: return n + 1 + rnd(3 * n);
    case 3: return 1 + rnd(n);
    case 4: return n;
    default: return 1 + rnd(130);
    }
}

/* Scaled sspr over the whole RAM: sources mostly inside the sheet (sometimes past any edge),
 * every kind of scale in x and y, flips and negative sizes, positions past every screen and
 * clip edge, palettes with transparency, fill patterns on sprites with the secondary
 * palette, bit-plane masks, the sheet and the screen moved up to the top of RAM. */
Test(gfx_fastpath, sspr_scaled_matches_reference)
{
    for (int t = 0; t < 8000; t++) {
        random_blit_state();
        if (rnd(5) == 0) {
            m8_poke_16(ram, M8_FILLP, (uint16_t)rnd(65536));
            ram[M8_FILLP_FLAGS] = (uint8_t)rnd(8);
            for (int i = 0; i < 16; i++) ram[M8_SECONDARY_PAL + i] = (uint8_t)rnd(256);
        }
        if (rnd(10) == 0) ram[M8_BITPLANE_MASK] = (uint8_t)rnd(256);
        int sw = 1 + rnd(rnd(4) ? 12 : 40), sh = 1 + rnd(rnd(4) ? 12 : 40);
        int sx = rnd(5) ? rnd(129 - m8_imin(sw, 128)) : rnd(200) - 40;
        int sy = rnd(5) ? rnd(129 - m8_imin(sh, 128)) : rnd(200) - 40;
        int mode = rnd(6);
        int dw = scaled_size(sw, mode), dh = scaled_size(sh, rnd(3) ? mode : rnd(6));
        int dx = rnd(220) - 70, dy = rnd(220) - 70, fx = rnd(2), fy = rnd(2);
        if (rnd(8) == 0) { dx += dw; dw = -dw; }
        if (rnd(8) == 0) { dy += dh; dh = -dh; }
        if (rnd(12) == 0) { sx += sw; sw = -sw; }
        if (rnd(12) == 0) { sy += sh; sh = -sh; }
        reference_scaled(sx, sy, sw, sh, dx, dy, dw, dh, fx, fy);
        m8_sspr(ram, sx, sy, sw, sh, dx, dy, dw, dh, fx, fy);
        expect_same_ram("scaled sspr", t);
    }
}

/* circfill: the rows of the midpoint circle (x = r, y = 0, d = 1 - r; each step gives rows
 * +-y half-width x and rows +-x half-width y), each row filled out to its widest half-width. */
static void circfill_trial(const char *what, int t, int cx, int cy, int r, int c)
{
    memcpy(want, ram, sizeof want);
    int half[400];
    for (int i = 0; i <= r; i++) half[i] = -1;
    for (int x = r, y = 0, d = 1 - r; x >= y;) {
        if (x > half[y]) half[y] = x;
        if (y > half[x]) half[x] = y;
        y++;
        if (d < 0) d += 2 * y + 1;
        else { x--; d += 2 * (y - x) + 1; }
    }
    int X0 = cx - m8_camera_x(ram), Y0 = cy - m8_camera_y(ram);
    for (int dy = -r; dy <= r; dy++)
        for (int dx = -half[dy < 0 ? -dy : dy]; dx <= half[dy < 0 ? -dy : dy]; dx++) {
            int X = X0 + dx, Y = Y0 + dy;
            if ((unsigned)X >= 128 || (unsigned)Y >= 128 || !m8_in_clip(ram, X, Y)) continue;
            m8_surface_write(want, m8_screen_base(ram), X, Y, ram[M8_DRAW_PAL + c] & 15);
        }
    m8_circfill(ram, cx, cy, r, COL(c));
    expect_same_ram(what, t);
}

Test(gfx_fastpath, circfill_matches_reference)
{
    for (int t = 0; t < 3000; t++) {
        random_state();
        if (rnd(4) == 0) random_bases();
        int cx = rnd(200) - 36, cy = rnd(200) - 36, c = rnd(16);
        int r = rnd(8) == 0 ? rnd(200) : rnd(20);
        circfill_trial("circfill", t, cx, cy, r, c);
    }
}

/* Small circles (radius 0-17, the precomputed row masks go up to 15) mostly inside the clip
 * rectangle's columns, both parities of the leftmost pixel, rows clipped above, below and
 * through the centre, the screen near the top of RAM (no room past it: the masks give way). */
Test(gfx_fastpath, circfill_small_matches_reference)
{
    for (int t = 0; t < 6000; t++) {
        random_state();
        if (rnd(6) == 0) random_bases();
        int r = rnd(18), c = rnd(16);
        int cx = m8_camera_x(ram) + ram[M8_CLIP_X0] + rnd(m8_imax(1, ram[M8_CLIP_X1] - ram[M8_CLIP_X0]));
        int cy = m8_camera_y(ram) + rnd(160) - 16;
        circfill_trial("small circfill", t, cx, cy, r, c);
    }
}

Test(gfx_fastpath, rectfill_matches_reference)
{
    for (int t = 0; t < 2000; t++) {
        random_state();
        int x0 = rnd(170) - 20, y0 = rnd(170) - 20, x1 = rnd(170) - 20, y1 = rnd(170) - 20;
        int c = rnd(16);
        memcpy(want, ram, sizeof want);
        int cx = m8_camera_x(ram), cy = m8_camera_y(ram);
        for (int y = (y0 < y1 ? y0 : y1); y <= (y0 < y1 ? y1 : y0); y++)
            for (int x = (x0 < x1 ? x0 : x1); x <= (x0 < x1 ? x1 : x0); x++) {
                int X = x - cx, Y = y - cy;
                if ((unsigned)X >= 128 || (unsigned)Y >= 128 || !m8_in_clip(ram, X, Y)) continue;
                m8_surface_write(want, M8_SCREEN, X, Y, ram[M8_DRAW_PAL + c] & 15);
            }
        m8_rectfill(ram, x0, y0, x1, y1, COL(c));
        expect_same("rectfill", t);
    }
}

/* pset resolves only the colour its pixel takes; the reference is the ink every shape uses
 * (m8_gfx_ink, m8_ink_plot) run on a copy of RAM: fill patterns with transparent bits and
 * the secondary palette, pens of two colours, colour arguments carrying fill patterns (and
 * none), bit-plane masks, moved screens, camera and clip; the whole RAM compared. */
Test(gfx_fastpath, pset_matches_ink_plot)
{
    for (int t = 0; t < 20000; t++) {
        random_state();
        if (rnd(4) == 0) random_bases();
        ram[M8_PEN] = (uint8_t)rnd(256);
        if (rnd(2)) m8_poke_16(ram, M8_FILLP, (uint16_t)rnd(65536));
        ram[M8_FILLP_FLAGS] = (uint8_t)rnd(8);
        ram[M8_COLOR_FILLP] = (uint8_t)rnd(4);
        for (int i = 0; i < 16; i++) ram[M8_SECONDARY_PAL + i] = (uint8_t)rnd(256);
        if (rnd(4) == 0) ram[M8_BITPLANE_MASK] = (uint8_t)rnd(256);
        int32_t col = rnd(5) == 0 ? M8_NOCOL : (int32_t)((uint32_t)rnd(65536) << 16 | (uint32_t)rnd(65536));
        int x = rnd(180) - 30, y = rnd(180) - 30;
        memcpy(want, ram, sizeof want);
        m8_ink k = m8_gfx_ink(want, col, NULL);
        m8_ink_plot(want, m8_cc(x) - m8_camera_x(want), m8_cc(y) - m8_camera_y(want), &k);
        m8_pset(ram, x, y, col);
        cr_assert(memcmp(ram, want, sizeof want) == 0, "pset trial %d: RAM differs from the ink's plot", t);
    }
}
