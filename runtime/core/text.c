/* text.c - the P8SCII text engine behind print() (reference 1.7, 1.9, 1.10, 3, 8.5 and the
 * manual's Appendix A): control codes 0-15, `\^` commands, render modes (wide, tall,
 * stripey, pinball, invert, padding, solid background), the custom font at 0x5600 with its
 * per-char adjustments, default attributes at 0x5f58-0x5f5b, console scrolling.
 * Depends on: ram.h, pixel.h (m8_plot, draw palette, camera), font.h (built-in glyphs),
 * gfx.h (m8_cls for `\^c`), gfx_internal.h (m8_imin/m8_imax and m8_gfx_general_only, the
 * tests' switch off the glyph fast path).
 *
 * One interpreter serves drawing and measuring: with `wr` NULL it only moves the cursor.
 * It interprets one code at a time from a saved position (m8_text_state), so a print can
 * stop at a frame wait and continue later exactly where it was. */
#include "text.h"

#include <string.h>

#include "font.h"
#include "gfx.h"
#include "gfx_internal.h"
#include "pixel.h"
#include "ram.h"

typedef m8_text_state tstate;

/* Parameter digit: 0-9, then a=10, b=11 ... (upper-case letters read the same). */
static int pval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
    return 0;
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return 0;
}

static int scale_x(const tstate *st) { return st->wide ? 2 : 1; }
static int scale_y(const tstate *st) { return st->tall ? 2 : 1; }

/* Cell height of the current font (before tall scaling). */
static int cell_height(const tstate *st)
{
    if (st->over_h >= 0) return st->over_h;
    return st->custom ? st->rd[M8_FONT + 2] : st->char_h;
}

static int tab_width(const tstate *st)
{
    if (st->over_tab >= 0) return st->over_tab;
    if (st->custom && st->rd[M8_FONT + 6]) return st->rd[M8_FONT + 6];
    return st->tab_w;
}

/* Width (unscaled) and "draw one pixel higher" flag of char c in the current font. */
static int char_width(const tstate *st, int c, int *up)
{
    static const int delta[8] = {0, 1, 2, 3, -4, -3, -2, -1};
    int w;
    *up = 0;
    if (st->over_w >= 0) w = c < 128 ? st->over_w : st->over_w + 4;
    else if (st->custom) w = st->rd[M8_FONT + (c < 128 ? 0 : 1)];
    else w = c < 128 ? st->char_w : st->char_w2;
    if (st->custom && (st->rd[M8_FONT + 5] & 1) && c >= 16) {
        int nib = st->rd[M8_FONT + 8 + (c - 16) / 2] >> (((c - 16) & 1) * 4);
        w += delta[nib & 7];
        *up = (nib & 8) != 0;
    }
    return w < 0 ? 0 : w;
}

static void plot(tstate *st, int sx, int sy, int col)
{
    m8_plot(st->wr, sx, sy, col);
}

/* Screen scroll for the console: move screen memory up by d rows, clear the bottom. */
static void scroll_screen(tstate *st, int d)
{
    uint32_t base = m8_screen_base(st->rd);
    for (int i = 0; i < (128 - d) * 64; i++)
        st->wr[(base + i) & 0xffff] = st->wr[(base + i + d * 64) & 0xffff];
    for (int i = (128 - d) * 64; i < 128 * 64; i++) st->wr[(base + i) & 0xffff] = 0;
}

static void newline(tstate *st)
{
    int lh = st->line_h ? st->line_h : cell_height(st) * scale_y(st);
    int was_on_screen = st->y - st->cam_y < 128;
    st->x = st->home_x;
    st->y += lh;
    st->line_h = 0;
    /* only a line that was on screen scrolls (a cursor left far below by print(s,x,y)
     * must not wipe the screen) */
    if (st->scroll && st->wr && was_on_screen) {
        int next = cell_height(st) * scale_y(st);
        int sy = st->y - st->cam_y;
        if (sy + next > 128) {       /* text would go below y=122 (for 6-px lines) */
            int d = sy + next - 126;
            if (d > 128) d = 128;
            scroll_screen(st, d);
            st->y -= d;
        }
    }
}

/* The nibble mask of the pixels of a glyph row: bit i of `bits` -> nibble i set; a table
 * of the 256 rows, worked out by the compiler (one load where the shifts took ten
 * instructions, five times a glyph). */
#define SPREAD1(v, i) ((((unsigned)(v) >> (i)) & 1u) * (0xfu << (4 * (i))))
#define SPREAD(v) (SPREAD1(v, 0) | SPREAD1(v, 1) | SPREAD1(v, 2) | SPREAD1(v, 3) | \
                   SPREAD1(v, 4) | SPREAD1(v, 5) | SPREAD1(v, 6) | SPREAD1(v, 7))
#define SPREAD4(b) SPREAD(b), SPREAD((b) + 1), SPREAD((b) + 2), SPREAD((b) + 3)
#define SPREAD16(b) SPREAD4(b), SPREAD4((b) + 4), SPREAD4((b) + 8), SPREAD4((b) + 12)
#define SPREAD64(b) SPREAD16(b), SPREAD16((b) + 16), SPREAD16((b) + 32), SPREAD16((b) + 48)
static const uint32_t spread_table[256] = {
    SPREAD64(0), SPREAD64(64), SPREAD64(128), SPREAD64(192)
};
#undef SPREAD1
#undef SPREAD
#undef SPREAD4
#undef SPREAD16
#undef SPREAD64

static inline uint64_t spread_bits(unsigned bits)
{
    return spread_table[bits & 0xff];
}

/* What 1:1 glyphs are drawn with in the common case: the clip rectangle, the screen, the
 * colour spread to every nibble. */
typedef struct glyph_target {
    uint8_t *screen;
    int cx0, cy0, cx1, cy1;
    uint64_t all;
} glyph_target;

/* The target for colour col when the case applies: the full bit-plane mask and a screen
 * with room for a word past its last row; 0 otherwise. */
static int glyph_target_init(const tstate *st, int col, glyph_target *t)
{
    const uint8_t *rd = st->rd;
    uint32_t base = m8_screen_base(rd);
    if (m8_gfx_general_only || rd[M8_BITPLANE_MASK] != 0xff || base + 0x2000 + 8 > 0x10000)
        return 0;
    t->screen = st->wr + base;
    t->cx0 = rd[M8_CLIP_X0];
    t->cy0 = rd[M8_CLIP_Y0];
    t->cx1 = m8_imin(rd[M8_CLIP_X1], 128);
    t->cy1 = m8_imin(rd[M8_CLIP_Y1], 128);
    t->all = 0x1111111111111111ull * (unsigned)(col & 15);
    return 1;
}

/* A glyph at 1:1 scale (ncols x nrows at screen (gx, gy)): the columns and rows inside the
 * clip rectangle are worked out once, then each glyph row is one 64-bit read-modify-write
 * of the visible pixels it sets (a glyph wholly outside costs nothing more). */
static inline void glyph_put(const glyph_target *t, const uint8_t *bits, int ncols, int nrows,
                             int gx, int gy)
{
    int c0 = m8_imax(0, t->cx0 - gx), c1 = m8_imin(ncols, t->cx1 - gx);
    int r0 = m8_imax(0, t->cy0 - gy), r1 = m8_imin(nrows, t->cy1 - gy);
    if (c0 >= c1 || r0 >= r1) return;                  /* nothing of it is visible */
    unsigned keep = ((1u << c1) - 1) >> c0;            /* visible columns, from c0 */
    int xs = gx + c0;                                  /* first visible column on screen */
    uint64_t v;
    unsigned sh = (unsigned)(xs & 1) * 4;
    uint8_t *p = t->screen + (gy + r0) * 64 + (xs >> 1);
    for (int r = r0; r < r1; r++, p += 64) {
        uint64_t m = spread_bits((bits[r] >> c0) & keep) << sh;
        if (!m) continue;
        memcpy(&v, p, 8);
        v = (v & ~m) | (t->all & m);
        memcpy(p, &v, 8);
    }
}

/* One glyph at 1:1 through glyph_put; returns 0 (nothing drawn) when the case does not
 * apply. */
static int glyph_fast(tstate *st, const uint8_t *bits, int ncols, int nrows, int gx, int gy,
                      int col)
{
    glyph_target t;
    if (!glyph_target_init(st, col, &t)) return 0;
    glyph_put(&t, bits, ncols, nrows, gx, gy);
    return 1;
}

/* Draw one cell: glyph rows `bits` (bit 0 = left), ncols x nrows of them are drawn,
 * in a cell_w x cell_h cell, glyph shifted by (ox, oy); `pad` = padding applies. */
static void draw_cell(tstate *st, const uint8_t *bits, int ncols, int nrows, int cell_w,
                      int cell_h, int ox, int oy, int pad)
{
    if (!st->wr) return;
    int sx = scale_x(st), sy = scale_y(st);
    int px = st->x - st->cam_x, py = st->y - st->cam_y;
    int p = pad ? 1 : 0;
    int fgc = m8_draw_pal(st->rd, st->fg);
    int w = cell_w * sx, h = cell_h * sy;
    if (st->solid) {
        int bgc = m8_draw_pal(st->rd, st->bg);
        for (int yy = py - p; yy < py + h; yy++)
            for (int xx = px - p; xx < px + w; xx++) plot(st, xx, yy, bgc);
    }
    if (!st->invert && sx == 1 && sy == 1 &&
        glyph_fast(st, bits, ncols, nrows, px + ox, py + oy, fgc))
        return;
    if (!st->invert) {
        for (int r = 0; r < nrows; r++)
            for (int c = 0; c < ncols; c++) {
                if (!((bits[r] >> c) & 1)) continue;
                for (int j = 0; j < sy; j++)
                    for (int i = 0; i < sx; i++) {
                        if (st->stripey && (i || j)) continue;
                        plot(st, px + ox + c * sx + i, py + oy + r * sy + j, fgc);
                    }
            }
        return;
    }
    /* invert: every pixel of the cell (with padding) that the glyph leaves empty */
    for (int dy = -p; dy < h; dy++)
        for (int dx = -p; dx < w; dx++) {
            int gx = dx - ox, gy = dy - oy, set = 0;
            if (gx >= 0 && gy >= 0) {
                int c = gx / sx, r = gy / sy;
                if (c < ncols && r < nrows) set = (bits[r] >> c) & 1;
                if (st->stripey && !set && (gx % sx || gy % sy)) continue;
            }
            if (!set) plot(st, px + dx, py + dy, fgc);
        }
}

static void note_x(tstate *st)
{
    if (st->x > st->rightmost) st->rightmost = st->x;
}

/* Right border for character wrap: \^r, else 128 when 0x5f36 & 0x80, else none. */
static void maybe_wrap(tstate *st, int adv)
{
    if (st->in_decoration) return;
    int border = st->wrap_r ? st->wrap_r : ((st->rd[M8_MISC_FLAGS] & M8_MISC_CHAR_WRAP) ? 128 : 0);
    if (border && st->x + adv > border && st->x > st->home_x) newline(st);
}

static void after_char(tstate *st, int adv, int h)
{
    st->last_adv = adv;
    st->cell_px += (long)adv * h;
    st->cells++;
    st->x += adv;
    if (h > st->line_h) st->line_h = h;
    note_x(st);
}

/* A character 16-255 of the current font at the cursor, then advance. */
static void put_glyph(tstate *st, int c)
{
    int up, w = char_width(st, c, &up);
    int adv = w * scale_x(st), h = cell_height(st) * scale_y(st);
    maybe_wrap(st, adv);
    st->last_x = st->x;
    st->last_y = st->y;
    if (st->custom) {
        draw_cell(st, st->rd + M8_FONT + 8 * c, 8, 8, w, cell_height(st),
                  (int8_t)st->rd[M8_FONT + 3] * scale_x(st),
                  ((int8_t)st->rd[M8_FONT + 4] - up) * scale_y(st), st->pad);
    } else {
        draw_cell(st, m8_font_glyphs[c], c < 128 ? 3 : 7, 5, w, cell_height(st),
                  st->off_x * scale_x(st), st->off_y * scale_y(st), st->pad);
    }
    after_char(st, adv, h);
}

/* One-off 8x8 glyph (\^. \^: without padding, \^, \^; with it). */
static void put_oneoff(tstate *st, const uint8_t bits[8], int pad)
{
    int adv = 8 * scale_x(st), h = 8 * scale_y(st);
    maybe_wrap(st, adv);
    st->last_x = st->x;
    st->last_y = st->y;
    draw_cell(st, bits, 8, 8, 8, 8, 0, 0, pad && st->pad);
    after_char(st, adv, h);
}

static void set_mode(tstate *st, int m, int on)
{
    switch (m) {
    case 'w': st->wide = on; break;
    case 't': st->tall = on; break;
    case '=': st->stripey = on; break;
    case 'p': st->wide = st->tall = st->stripey = on; break;
    case 'i': st->invert = on; break;
    case 'b': st->pad = on; break;
    case '#': st->solid = on; break;
    default: break;
    }
}

static void init_attrs(tstate *st)
{
    const uint8_t *rd = st->rd;
    st->wide = st->tall = st->stripey = st->invert = st->solid = st->custom = 0;
    st->pad = 1;                         /* manual: border padding on by default */
    st->bg = 0;
    st->char_w = 4; st->char_w2 = 8; st->char_h = 6;
    st->off_x = st->off_y = 0; st->tab_w = 16;
    st->over_w = st->over_h = st->over_tab = -1;
    st->wrap_r = 0; st->delay = 0; st->repeat = -1;
    uint8_t a = rd[M8_PRINT_ATTRS];
    if (a & 1) {                         /* default attributes (0x5f58-0x5f5b) */
        st->pad = (a >> 1) & 1;
        st->wide = (a >> 2) & 1;
        st->tall = (a >> 3) & 1;
        st->solid = (a >> 4) & 1;
        st->invert = (a >> 5) & 1;
        st->stripey = (a >> 6) & 1;
        st->custom = (a >> 7) & 1;
        uint8_t s = rd[M8_PRINT_CHAR_SIZE], w2 = rd[M8_PRINT_CHAR_W2], o = rd[M8_PRINT_OFFSET];
        if (s & 15) st->char_w = s & 15;
        if (s >> 4) st->char_h = s >> 4;
        if (w2 & 15) st->char_w2 = w2 & 15;
        if (w2 >> 4) st->tab_w = (w2 >> 4) * 4;
        if (o & 15) st->off_x = o & 15;
        if (o >> 4) st->off_y = o >> 4;
    }
}

/* Frames to wait after a drawn char: the `\^d` delay, only when drawing. */
static int char_wait(const tstate *st)
{
    return st->wr ? st->delay : 0;
}

/* Interpret the code at st->pos (with its parameters). Glyphs are not drawn here but queued
 * in pend_* (with their `\*` count) for m8_text_step, so a delay can fall between repeats.
 * Returns the frames to wait before going on, 0 for none. */
static int one_code(tstate *st, const uint8_t *s, int len)
{
    int i = st->pos;
#define NEXT() (i < len ? s[i++] : 0)
    int c = s[i++];
    int times = 1, wait = 0;
    if (st->repeat >= 0 && (c >= 16 || c == 8 || c == 9 || c == 10)) {
        times = st->repeat;
        st->repeat = -1;
    }
    if (c >= 16) {
        st->pend_n = times;
        st->pend_c = c;
        st->pend_oneoff = 0;
        st->pos = i;
        return 0;
    }
    switch (c) {
    case 0: st->stopped = st->done = 1; break;
    case 1: st->repeat = pval(NEXT()); break;
    case 2: st->bg = pval(NEXT()) & 15; st->solid = 1; break;
    case 3: st->x += pval(NEXT()) - 16; break;
    case 4: st->y += pval(NEXT()) - 16; break;
    case 5: { int dx = pval(NEXT()) - 16, dy = pval(NEXT()) - 16; st->x += dx; st->y += dy; break; }
    case 6: {
        int cmd = NEXT();
        if (cmd >= '1' && cmd <= '9') {
            if (st->wr) wait = 1 << (cmd - '1');
            break;
        }
        switch (cmd) {
        case 'c': {
            int col = pval(NEXT()) & 15;
            if (st->wr) m8_cls(st->wr, col);
            st->x = st->y = st->home_x = st->home_y = 0;
            st->line_h = 0;
            break;
        }
        case 'd': st->delay = pval(NEXT()); break;
        case 'g': st->x = st->home_x; st->y = st->home_y; break;
        case 'h': st->home_x = st->x; st->home_y = st->y; break;
        case 'j': { int jx = pval(NEXT()) * 4, jy = pval(NEXT()) * 4; st->x = jx; st->y = jy; break; }
        case 'r': st->wrap_r = pval(NEXT()) * 4; break;
        case 's': st->over_tab = pval(NEXT()); break;
        case 'x': st->over_w = pval(NEXT()); break;
        case 'y': st->over_h = pval(NEXT()); break;
        case '-': set_mode(st, NEXT(), 0); break;
        case '@': case '!': {
            int addr = 0, n;
            for (int k = 0; k < 4; k++) addr = addr * 16 + hexval(NEXT());
            if (cmd == '@') {
                n = 0;
                for (int k = 0; k < 4; k++) n = n * 16 + hexval(NEXT());
                if (n > len - i) n = len - i;
            } else {
                n = len - i;
            }
            if (st->wr)
                for (int k = 0; k < n; k++) st->wr[(addr + k) & 0xffff] = s[i + k];
            i += n;
            break;
        }
        case '.': case ',': case ':': case ';': {
            for (int k = 0; k < 8; k++) {
                if (cmd == '.' || cmd == ',') st->pend_bits[k] = (uint8_t)NEXT();
                else {
                    int hi = hexval(NEXT());
                    st->pend_bits[k] = (uint8_t)(hi * 16 + hexval(NEXT()));
                }
            }
            st->pend_n = 1;
            if (st->repeat >= 0) { st->pend_n = st->repeat; st->repeat = -1; }
            st->pend_oneoff = 1;
            st->pend_pad = cmd == ',' || cmd == ';';
            break;
        }
        default: set_mode(st, cmd, 1); break;
        }
        break;
    }
    case 7: {
        int used = -1;
        if (st->wr && st->hooks.audio)
            used = st->hooks.audio(st->hooks.user, (const char *)s + i, len - i);
        if (used < 0) {
            used = 0;
            while (i + used < len && s[i + used] > 32) used++;
        }
        i += used < len - i ? used : len - i;
        break;
    }
    case 8: st->x -= times * (st->last_adv ? st->last_adv : st->char_w * scale_x(st)); break;
    case 9: {
        int tw = tab_width(st);
        int base = (st->custom && (st->rd[M8_FONT + 5] & 2)) ? st->home_x : 0;
        if (tw > 0)
            for (int k = 0; k < times; k++) {
                int rel = st->x - base;
                int q = rel >= 0 ? rel / tw : -((-rel + tw - 1) / tw);
                st->x = base + (q + 1) * tw;
            }
        break;
    }
    case 10: for (int k = 0; k < times; k++) newline(st); break;
    case 11: {
        int p = pval(NEXT());
        int ch = NEXT();
        int sx = st->x, sy = st->y, lx = st->last_x, ly = st->last_y, la = st->last_adv;
        int lh = st->line_h, rm = st->rightmost;
        st->x = st->last_x + (p % 4) - 2;
        st->y = st->last_y + (p / 4) - 8;
        st->in_decoration = 1;
        if (ch >= 16) {
            put_glyph(st, ch);
            wait = char_wait(st);        /* a drawn char like any other */
        }
        st->in_decoration = 0;
        st->x = sx; st->y = sy; st->last_x = lx; st->last_y = ly; st->last_adv = la;
        st->line_h = lh; st->rightmost = rm;
        break;
    }
    case 12: st->fg = pval(NEXT()) & 15; st->fg_changed = 1; break;
    case 13: st->x = st->home_x; break;
    case 14: st->custom = 1; break;
    case 15: st->custom = 0; break;
    }
#undef NEXT
    st->pos = i;
    note_x(st);
    return wait;
}

/* A run of plain characters (16-255) at the cursor in the common case: the built-in font
 * at 1:1 (not wide, tall, inverted or on a solid background; stripey is the same at 1:1),
 * no wrap border, no delay, drawing into a screen glyph_fast can take. The target, colour,
 * metrics and camera are worked out once for the run; each character is then its glyph's
 * rows and the cursor bookkeeping put_glyph and after_char would do. Returns how many
 * characters it drew (0: the case does not apply, nothing was done). */
static int plain_run(tstate *st, const uint8_t *s, int len)
{
    if (!st->wr || st->custom || st->wide || st->tall || st->invert || st->solid ||
        st->over_w >= 0 || st->delay || st->wrap_r || st->in_decoration ||
        (st->rd[M8_MISC_FLAGS] & M8_MISC_CHAR_WRAP))
        return 0;
    glyph_target t;
    if (!glyph_target_init(st, m8_draw_pal(st->rd, st->fg), &t)) return 0;
    int h = cell_height(st), w1 = st->char_w, w2 = st->char_w2;
    int ox = st->off_x - st->cam_x, oy = st->y - st->cam_y + st->off_y;
    int x = st->x, i = st->pos, c = 0, adv = 0;
    long area = 0;
    for (; i < len && (c = s[i]) >= 16; i++) {
        int wide_glyph = c >= 128;
        adv = wide_glyph ? w2 : w1;
        if (adv < 0) adv = 0;
        glyph_put(&t, m8_font_glyphs[c], wide_glyph ? 7 : 3, 5, x + ox, oy);
        area += adv;
        x += adv;
    }
    int n = i - st->pos;
    if (n == 0) return 0;
    st->pos = i;
    st->pend_c = s[i - 1];
    st->pend_oneoff = 0;
    st->last_x = x - adv;
    st->last_y = st->y;
    st->last_adv = adv;
    st->cell_px += area * h;
    st->cells += n;
    st->x = x;
    if (h > st->line_h) st->line_h = h;
    note_x(st);
    return n;
}

int m8_text_step(m8_text_state *st, const char *str, int len)
{
    const uint8_t *s = (const uint8_t *)str;
    if (len < 0) len = 0;
    for (;;) {
        if (st->pend_n > 0) {            /* queued glyphs first, one per loop */
            st->pend_n--;
            if (st->pend_oneoff) put_oneoff(st, st->pend_bits, st->pend_pad);
            else put_glyph(st, st->pend_c);
            int wait = char_wait(st);
            if (wait > 0) return wait;
            continue;
        }
        if (st->done) return 0;
        if (st->pos >= len) {
            st->done = 1;
            return 0;
        }
        int c = s[st->pos];
        if (c >= 16 && st->repeat < 0 && plain_run(st, s, len) > 0) continue;
        if (c >= 16 && st->repeat < 0) {  /* a plain char: what one_code would queue, drawn */
            st->pos++;
            st->pend_c = c;
            st->pend_oneoff = 0;
            put_glyph(st, c);
            int wait = char_wait(st);
            if (wait > 0) return wait;
            continue;
        }
        int wait = one_code(st, s, len);
        if (wait > 0) return wait;
    }
}

/* State for a print starting at the cursor or at x,y; `wr` NULL = measure only. */
static void start(tstate *st, const uint8_t *rd, uint8_t *wr, const m8_text_hooks *hooks)
{
    memset(st, 0, sizeof *st);
    st->rd = rd;
    st->wr = wr;
    if (hooks) st->hooks = *hooks;
    init_attrs(st);
}

void m8_text_begin(m8_text_state *st, uint8_t *ram, int has_xy, int x, int y, int has_col,
                   int col, const m8_text_hooks *hooks)
{
    start(st, ram, ram, hooks);
    /* keep coordinate arithmetic far from int overflow (PICO-8's range is 16-bit) */
    if (x < -(1 << 24)) x = -(1 << 24);
    if (x > (1 << 24)) x = 1 << 24;
    if (y < -(1 << 24)) y = -(1 << 24);
    if (y > (1 << 24)) y = 1 << 24;
    if (has_col) ram[M8_PEN] = (uint8_t)col;
    st->fg = ram[M8_PEN] & 15;
    st->cam_x = m8_camera_x(ram);
    st->cam_y = m8_camera_y(ram);
    if (has_xy) {
        st->x = st->home_x = x;
        st->y = st->home_y = y;
    } else {
        st->x = ram[M8_CURSOR_X];
        st->y = st->home_y = ram[M8_CURSOR_Y];
        st->home_x = ram[M8_PRINT_HOME_X];
        st->scroll = !(ram[M8_MISC_FLAGS] & M8_MISC_NO_SCROLL);
    }
    st->rightmost = st->x;
    st->last_x = st->x;
    st->last_y = st->y;
}

int m8_text_end(m8_text_state *st, int *out_y)
{
    uint8_t *ram = st->wr;
    if (!st->stopped && !(ram[M8_MISC_FLAGS] & M8_MISC_NO_NEWLINE)) newline(st);
    ram[M8_CURSOR_X] = (uint8_t)st->x;
    ram[M8_CURSOR_Y] = (uint8_t)st->y;
    ram[M8_PRINT_HOME_X] = (uint8_t)st->home_x;
    if (st->fg_changed) ram[M8_PEN] = (uint8_t)((ram[M8_PEN] & 0xf0) | st->fg);
    if (out_y) *out_y = st->y;
    return st->rightmost;
}

int m8_text_print(uint8_t *ram, const char *s, int len, int has_xy, int x, int y, int has_col,
                  int col, const m8_text_hooks *hooks, int *out_y)
{
    m8_text_state st;
    m8_text_begin(&st, ram, has_xy, x, y, has_col, col, hooks);
    int frames;
    while ((frames = m8_text_step(&st, s, len)) > 0)
        if (st.hooks.wait) st.hooks.wait(st.hooks.user, frames);
    return m8_text_end(&st, out_y);
}

void m8_text_cells(const uint8_t *ram, const char *s, int len, long *cell_px, int *cells)
{
    m8_text_state st;
    start(&st, ram, NULL, NULL);
    m8_text_step(&st, s, len);           /* measuring never stops at a wait */
    *cell_px = st.cell_px;
    *cells = st.cells;
}

int m8_text_width(const uint8_t *ram, const char *s, int len)
{
    m8_text_state st;
    start(&st, ram, NULL, NULL);
    m8_text_step(&st, s, len);           /* measuring never stops at a wait */
    return st.rightmost;
}
