/* editor_sprite.c - the sprite editor: the selected block (8x8, 16x16 or 32x32 pixels) drawn
 * large, tools (pencil, fill, line, rectangle, oval), the palette, the 8 flags of the
 * selected sprite, the sheet in 4 pages of 64 sprites; keys to move the selection, flip,
 * rotate, clear, copy and paste the block. The select tool marks a rectangle of pixels in
 * the block: dragging inside it (or the arrow keys) moves its content, leaving colour 0
 * behind; copy, cut, paste, delete, flip and rotate then act on it.
 * Layout: canvas 64x64 at (8,10), palette 4x4 at (80,10), flags at (80,66), tools and sheet
 * pages at ED_TOOLS_Y, the sheet at ED_SHEET_Y.
 * Depends on: editor_internal.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "editor_internal.h"

#define CANVAS_X 8
#define CANVAS_Y 10
#define CANVAS_SIZE 64
#define PAL_X 80
#define PAL_Y 10
#define FLAGS_X 81
#define FLAGS_Y 66
#define ZOOM_OUT_X 49

void ed_sprite_init(m8_editor *ed)
{
    ed->spr.sprite = 1;
    ed->spr.zoom = 1;
    ed->spr.color = 8;
    ed->spr.tool = ED_TOOL_PENCIL;
}

/* The block's top-left sheet pixel (the selection clamped so the block fits the sheet). */
static void block_origin(const m8_editor *ed, int *bx, int *by)
{
    int z = ed->spr.zoom, col = ed->spr.sprite % 16, row = ed->spr.sprite / 16;
    if (col > 16 - z) col = 16 - z;
    if (row > 16 - z) row = 16 - z;
    *bx = col * 8;
    *by = row * 8;
}

static int block_size(const m8_editor *ed) { return ed->spr.zoom * 8; }

/* Set a pixel of the block (pixels outside the block are left alone). */
static void put(m8_editor *ed, int x, int y, int c)
{
    int bx, by, n = block_size(ed);
    block_origin(ed, &bx, &by);
    if (x >= bx && y >= by && x < bx + n && y < by + n) ed_sset(ed, x, y, c);
}

static void put_line(m8_editor *ed, int x0, int y0, int x1, int y1, int c)
{
    int dx = x1 > x0 ? x1 - x0 : x0 - x1, dy = y1 > y0 ? y1 - y0 : y0 - y1;
    int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx - dy;
    for (;;) {
        put(ed, x0, y0, c);
        if (x0 == x1 && y0 == y1) return;
        int e2 = 2 * err;
        if (e2 > -dy) { err -= dy; x0 += sx; }
        if (e2 < dx) { err += dx; y0 += sy; }
    }
}

/* The oval inside the box x0,y0 - x1,y1 (corners inclusive, any order). */
static void put_oval(m8_editor *ed, int x0, int y0, int x1, int y1, int c)
{
    if (x1 < x0) { int t = x0; x0 = x1; x1 = t; }
    if (y1 < y0) { int t = y0; y0 = y1; y1 = t; }
    double cx = (x0 + x1) / 2.0, cy = (y0 + y1) / 2.0, rx = (x1 - x0) / 2.0, ry = (y1 - y0) / 2.0;
    int steps = 8 * (x1 - x0 + y1 - y0 + 2);
    for (int i = 0; i < steps; i++) {
        double a = 2 * M_PI * i / steps;
        put(ed, (int)floor(cx + rx * cos(a) + 0.5), (int)floor(cy + ry * sin(a) + 0.5), c);
    }
}

static void put_rect(m8_editor *ed, int x0, int y0, int x1, int y1, int c)
{
    put_line(ed, x0, y0, x1, y0, c);
    put_line(ed, x1, y0, x1, y1, c);
    put_line(ed, x1, y1, x0, y1, c);
    put_line(ed, x0, y1, x0, y0, c);
}

/* Flood fill of the 4-connected area of x,y's colour, inside the block. */
static void fill(m8_editor *ed, int x, int y, int c)
{
    int bx, by, n = block_size(ed);
    block_origin(ed, &bx, &by);
    ed_flood(ed, x, y, bx, by, bx + n, by + n, c, ed_sget, ed_sset);
}

/* The shape tool from x0,y0 to x1,y1, over the document as it was before the shape. */
static void draw_shape(m8_editor *ed, int x1, int y1)
{
    ed_restore_snapshot(ed);
    ed_sprite_state *s = &ed->spr;
    if (s->tool == ED_TOOL_LINE) put_line(ed, s->x0, s->y0, x1, y1, s->color);
    else if (s->tool == ED_TOOL_RECT) put_rect(ed, s->x0, s->y0, x1, y1, s->color);
    else put_oval(ed, s->x0, s->y0, x1, y1, s->color);
}

static void set_zoom(m8_editor *ed, int zoom)
{
    ed->spr.zoom = zoom < 1 ? 1 : zoom > 4 ? 4 : zoom == 3 ? (zoom > ed->spr.zoom ? 4 : 2) : zoom;
}

static void select_sprite(m8_editor *ed, int n)
{
    ed->spr.sprite = n & 255;
    ed->sheet_tab = ed->spr.sprite / 64;
}

/* --- the selection: a rectangle of sheet pixels inside the block it was made in --- */

static int block_key(const m8_editor *ed) { return ed->spr.sprite | ed->spr.zoom << 8; }

/* 1 when there is a selection in the block shown (another sprite or zoom drops it). */
static int has_selection(m8_editor *ed)
{
    ed_sprite_state *s = &ed->spr;
    if (s->has_sel && s->sel_block != block_key(ed)) s->has_sel = 0;
    return s->has_sel;
}

/* Select x,y,w,h cut to the block; nothing when that is empty. */
static void set_selection(m8_editor *ed, int x, int y, int w, int h)
{
    ed_sprite_state *s = &ed->spr;
    int bx, by, n = block_size(ed);
    block_origin(ed, &bx, &by);
    int x1 = x + w, y1 = y + h;
    if (x < bx) x = bx;
    if (y < by) y = by;
    if (x1 > bx + n) x1 = bx + n;
    if (y1 > by + n) y1 = by + n;
    s->has_sel = x1 > x && y1 > y;
    s->sel_x = x;
    s->sel_y = y;
    s->sel_w = x1 - x;
    s->sel_h = y1 - y;
    s->sel_block = block_key(ed);
}

/* The rectangle the edit keys act on: the selection, else the whole block. */
static void target_rect(m8_editor *ed, int *x, int *y, int *w, int *h)
{
    if (has_selection(ed)) {
        *x = ed->spr.sel_x;
        *y = ed->spr.sel_y;
        *w = ed->spr.sel_w;
        *h = ed->spr.sel_h;
        return;
    }
    block_origin(ed, x, y);
    *w = *h = block_size(ed);
}

/* Keep the selection's content in s->lifted (its rectangle in lift_x, lift_y). */
static void lift(m8_editor *ed)
{
    ed_sprite_state *s = &ed->spr;
    s->lift_x = s->sel_x;
    s->lift_y = s->sel_y;
    for (int y = 0; y < s->sel_h; y++)
        for (int x = 0; x < s->sel_w; x++)
            s->lifted[y * s->sel_w + x] = (uint8_t)ed_sget(ed, s->sel_x + x, s->sel_y + y);
}

/* The lifted content moved by dx,dy from where it was lifted: its old place becomes colour
 * 0, it is drawn at the new one (cut to the block), which becomes the selection. */
static void drop_lifted(m8_editor *ed, int dx, int dy)
{
    ed_sprite_state *s = &ed->spr;
    int w = s->sel_w, h = s->sel_h;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) ed_sset(ed, s->lift_x + x, s->lift_y + y, 0);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) put(ed, s->lift_x + dx + x, s->lift_y + dy + y, s->lifted[y * w + x]);
    s->sel_x = s->lift_x + dx;          /* the shown rectangle while moving (may leave the block) */
    s->sel_y = s->lift_y + dy;
}

/* The arrow keys with a selection: move its content one pixel (8 with shift). */
static void nudge_selection(m8_editor *ed, int dx, int dy)
{
    ed_sprite_state *s = &ed->spr;
    ed_begin_edit(ed);
    lift(ed);
    drop_lifted(ed, dx, dy);
    set_selection(ed, s->sel_x, s->sel_y, s->sel_w, s->sel_h);
}

/* The select tool's press at sheet pixel px,py (inside the block): move the selection's
 * content when the press is inside it, else start a new rectangle. */
static void select_press(m8_editor *ed, int px, int py)
{
    ed_sprite_state *s = &ed->spr;
    s->sel_ax = px;
    s->sel_ay = py;
    if (has_selection(ed) && ed_in(px, py, s->sel_x, s->sel_y, s->sel_w, s->sel_h)) {
        ed_begin_edit(ed);
        lift(ed);
        s->sel_drag = 2;
        return;
    }
    s->sel_drag = 1;
    set_selection(ed, px, py, 1, 1);
}

/* The pointer at sheet pixel px,py while the select tool's button is held (released: the
 * end of the drag). */
static void select_drag(m8_editor *ed, int px, int py, int released)
{
    ed_sprite_state *s = &ed->spr;
    int bx, by, n = block_size(ed);
    block_origin(ed, &bx, &by);
    px = px < bx ? bx : px >= bx + n ? bx + n - 1 : px;
    py = py < by ? by : py >= by + n ? by + n - 1 : py;
    if (s->sel_drag == 2) {
        ed_restore_snapshot(ed);
        drop_lifted(ed, px - s->sel_ax, py - s->sel_ay);
        if (released) set_selection(ed, s->sel_x, s->sel_y, s->sel_w, s->sel_h);
    } else {
        int x0 = s->sel_ax < px ? s->sel_ax : px, y0 = s->sel_ay < py ? s->sel_ay : py;
        int x1 = s->sel_ax < px ? px : s->sel_ax, y1 = s->sel_ay < py ? py : s->sel_ay;
        set_selection(ed, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
        if (released && px == s->sel_ax && py == s->sel_ay) s->has_sel = 0;  /* a click: none */
    }
    if (released) s->sel_drag = 0;
}

void ed_sprite_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel)
{
    ed_sprite_state *s = &ed->spr;
    int bx, by, ps = CANVAS_SIZE / block_size(ed);
    block_origin(ed, &bx, &by);
    int on_canvas = ed_in(x, y, CANVAS_X, CANVAS_Y, CANVAS_SIZE, CANVAS_SIZE);
    int px = bx + (x - CANVAS_X) / ps, py = by + (y - CANVAS_Y) / ps;
    if (x < CANVAS_X) px = bx - 1;      /* left of the canvas: outside the block */
    if (y < CANVAS_Y) py = by - 1;
    if (wheel && on_canvas) set_zoom(ed, wheel > 0 ? s->zoom * 2 : s->zoom / 2);

    if (s->sel_drag) {                  /* the select tool's drag under way */
        select_drag(ed, px, py, released & 1);
        return;
    }
    if (s->drawing) {                   /* a stroke or shape under way */
        if (released & 1) {
            s->drawing = 0;
            return;
        }
        if (px == s->lx && py == s->ly) return;
        if (s->tool == ED_TOOL_PENCIL) put_line(ed, s->lx, s->ly, px, py, s->color);
        else draw_shape(ed, px, py);
        s->lx = px;
        s->ly = py;
        return;
    }
    if (pressed & 2 && on_canvas) {     /* right button: take the colour under the pointer */
        s->color = ed_sget(ed, px, py);
        return;
    }
    if (!(pressed & 1)) {
        if (ed->mb & 1) {               /* dragging over the sheet selects as it goes */
            int n = ed_in(x, y, 0, ED_SHEET_Y, 128, 32) ? ed_sheet_mouse(ed, x, y) : -1;
            if (n >= 0) s->sprite = n;
        }
        return;
    }
    if (on_canvas && s->tool == ED_TOOL_SELECT) {
        select_press(ed, px, py);
        return;
    }
    if (on_canvas) {
        ed_begin_edit(ed);
        if (s->tool == ED_TOOL_FILL) {
            fill(ed, px, py, s->color);
            return;
        }
        s->drawing = 1;
        s->x0 = s->lx = px;
        s->y0 = s->ly = py;
        if (s->tool == ED_TOOL_PENCIL) put(ed, px, py, s->color);
        else draw_shape(ed, px, py);
        return;
    }
    if (ed_in(x, y, PAL_X, PAL_Y, 40, 40)) {
        s->color = (y - PAL_Y) / 10 * 4 + (x - PAL_X) / 10;
        return;
    }
    for (int i = 0; i < 8; i++)
        if (ed_in(x, y, FLAGS_X + i * 6 - 1, FLAGS_Y - 1, 6, 6)) {
            ed_begin_edit(ed);
            ed_set_flags(ed, s->sprite, ed_flags(ed, s->sprite) ^ (1 << i));
            return;
        }
    for (int t = 0; t <= ED_TOOL_SELECT; t++)
        if (ed_in(x, y, 1 + t * 8, ED_TOOLS_Y, 7, 7)) s->tool = t;
    if (ed_in(x, y, ZOOM_OUT_X, ED_TOOLS_Y, 7, 7)) set_zoom(ed, s->zoom / 2);
    if (ed_in(x, y, ZOOM_OUT_X + 8, ED_TOOLS_Y, 7, 7)) set_zoom(ed, s->zoom * 2);
    int n = ed_sheet_mouse(ed, x, y);
    if (n >= 0) s->sprite = n;
}

/* Flip (horizontally or vertically) or rotate a quarter turn clockwise the selection, or
 * the block when there is none. A rotated selection that is not square turns about its
 * top-left corner: its old place becomes colour 0 and the turned one (cut to the block) is
 * the selection. */
static void transform(m8_editor *ed, int how)
{
    int bx, by, w, h;
    target_rect(ed, &bx, &by, &w, &h);
    uint8_t px[32 * 32];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) px[y * w + x] = (uint8_t)ed_sget(ed, bx + x, by + y);
    ed_begin_edit(ed);
    if (how == 't' && w != h) {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) ed_sset(ed, bx + x, by + y, 0);
        for (int y = 0; y < w; y++)         /* the turned rectangle is h wide, w high */
            for (int x = 0; x < h; x++) put(ed, bx + x, by + y, px[(h - 1 - x) * w + y]);
        set_selection(ed, bx, by, h, w);
        return;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int sx = x, sy = y;
            if (how == 'h') sx = w - 1 - x;
            else if (how == 'v') sy = h - 1 - y;
            else { sx = y; sy = w - 1 - x; }
            ed_sset(ed, bx + x, by + y, px[sy * w + sx]);
        }
}

static void copy_rect(m8_editor *ed)
{
    ed_sprite_state *s = &ed->spr;
    int bx, by, w, h;
    target_rect(ed, &bx, &by, &w, &h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) s->clip[y * w + x] = (uint8_t)ed_sget(ed, bx + x, by + y);
    s->clip_w = w;
    s->clip_h = h;
    char *text = m8_editor_gfx_text(s->clip, w, h);     /* other carts and programs see it */
    ed_clip_put(ed, text);
    free(text);
}

static void clear_rect(m8_editor *ed)
{
    int bx, by, w, h;
    target_rect(ed, &bx, &by, &w, &h);
    ed_begin_edit(ed);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) ed_sset(ed, bx + x, by + y, 0);
}

/* Paste the copied pixels at the selection's top-left (else at the selected sprite); the
 * pasted pixels inside the block become the selection. */
static void paste(m8_editor *ed)
{
    ed_sprite_state *s = &ed->spr;
    char *text = ed_clip_take(ed);      /* a [gfx] text on the host's clipboard wins */
    int w, h;
    if (text && m8_editor_gfx_parse(text, s->clip, &w, &h) == 0) {
        s->clip_w = w;
        s->clip_h = h;
    }
    free(text);
    if (!s->clip_w) {
        ed_say(ed, "nothing to paste");
        return;
    }
    int x0 = s->sprite % 16 * 8, y0 = s->sprite / 16 * 8;
    if (has_selection(ed)) {
        x0 = s->sel_x;
        y0 = s->sel_y;
    }
    ed_begin_edit(ed);
    for (int y = 0; y < s->clip_h; y++)
        for (int x = 0; x < s->clip_w; x++) ed_sset(ed, x0 + x, y0 + y, s->clip[y * s->clip_w + x]);
    set_selection(ed, x0, y0, s->clip_w, s->clip_h);
    ed_say(ed, "pasted %dx%d", s->clip_w, s->clip_h);
}

int ed_sprite_key(m8_editor *ed, int key, int mods)
{
    ed_sprite_state *s = &ed->spr;
    if (s->sel_drag) return 1;          /* keys wait for the drag's end */
    if (mods & M8_MOD_CTRL) {
        switch (key) {
        case 'c': copy_rect(ed); ed_say(ed, "copied %dx%d", s->clip_w, s->clip_h); return 1;
        case 'x': copy_rect(ed); clear_rect(ed); ed_say(ed, "cut %dx%d", s->clip_w, s->clip_h); return 1;
        case 'v': paste(ed); return 1;
        default: return 0;
        }
    }
    int step = mods & M8_MOD_SHIFT ? 8 : 1;
    if (has_selection(ed)) {
        switch (key) {
        case M8_KEY_LEFT: nudge_selection(ed, -step, 0); return 1;
        case M8_KEY_RIGHT: nudge_selection(ed, step, 0); return 1;
        case M8_KEY_UP: nudge_selection(ed, 0, -step); return 1;
        case M8_KEY_DOWN: nudge_selection(ed, 0, step); return 1;
        default: break;
        }
    }
    switch (key) {
    case 'q': select_sprite(ed, s->sprite - 1); return 1;
    case 'w': select_sprite(ed, s->sprite + 1); return 1;
    case M8_KEY_LEFT: select_sprite(ed, s->sprite - 1); return 1;
    case M8_KEY_RIGHT: select_sprite(ed, s->sprite + 1); return 1;
    case M8_KEY_UP: select_sprite(ed, s->sprite - 16); return 1;
    case M8_KEY_DOWN: select_sprite(ed, s->sprite + 16); return 1;
    case 'p': s->tool = ED_TOOL_PENCIL; return 1;
    case 'f': s->tool = ED_TOOL_FILL; return 1;
    case 'l': s->tool = ED_TOOL_LINE; return 1;
    case 'r': s->tool = ED_TOOL_RECT; return 1;
    case 'o': s->tool = ED_TOOL_CIRCLE; return 1;
    case 's': s->tool = ED_TOOL_SELECT; return 1;
    case 'h': case 'v': case 't': transform(ed, key); return 1;
    case M8_KEY_DELETE: case M8_KEY_BACKSPACE: clear_rect(ed); return 1;
    default: return 0;
    }
}

void ed_sprite_draw(m8_editor *ed)
{
    ed_sprite_state *s = &ed->spr;
    int bx, by, n = block_size(ed);
    block_origin(ed, &bx, &by);
    /* the block, large, with a frame */
    ed_frame(ed, CANVAS_X - 1, CANVAS_Y - 1, CANVAS_X + CANVAS_SIZE, CANVAS_Y + CANVAS_SIZE, 0);
    m8_sspr(ed->ui, bx, by, n, n, CANVAS_X, CANVAS_Y, CANVAS_SIZE, CANVAS_SIZE, 0, 0);
    int ps = CANVAS_SIZE / n;
    if (ed_in(ed->mx, ed->my, CANVAS_X, CANVAS_Y, CANVAS_SIZE, CANVAS_SIZE) && ps >= 2) {
        int cx = CANVAS_X + (ed->mx - CANVAS_X) / ps * ps, cy = CANVAS_Y + (ed->my - CANVAS_Y) / ps * ps;
        ed_frame(ed, cx - 1, cy - 1, cx + ps, cy + ps, 7);      /* the pixel under the pointer */
    }
    if (has_selection(ed)) {            /* the selection blinks yellow and orange */
        int old[4];
        m8_clip(ed->ui, CANVAS_X - 1, CANVAS_Y - 1, CANVAS_SIZE + 2, CANVAS_SIZE + 2, 0, old);
        int sx = CANVAS_X + (s->sel_x - bx) * ps, sy = CANVAS_Y + (s->sel_y - by) * ps;
        ed_frame(ed, sx - 1, sy - 1, sx + s->sel_w * ps, sy + s->sel_h * ps, ed->frame / 8 % 2 ? 10 : 9);
        m8_clip_reset(ed->ui, old);
    }
    /* the palette, the pen colour framed */
    for (int c = 0; c < 16; c++) {
        int x = PAL_X + c % 4 * 10, y = PAL_Y + c / 4 * 10;
        ed_box(ed, x, y, x + 9, y + 9, c);
    }
    int px = PAL_X + s->color % 4 * 10, py = PAL_Y + s->color / 4 * 10;
    ed_frame(ed, px - 1, py - 1, px + 10, py + 10, 0);
    ed_frame(ed, px, py, px + 9, py + 9, 7);
    /* number, size, flags */
    ed_text(ed, PAL_X, 53, 6, "#%03d", s->sprite);
    ed_text(ed, PAL_X + 20, 53, 13, "%dx%d", n, n);
    int flags = ed_flags(ed, s->sprite);
    for (int i = 0; i < 8; i++) {
        int x = FLAGS_X + i * 6 + 1, y = FLAGS_Y + 1;
        if (flags >> i & 1) m8_circfill(ed->ui, x, y, 2, ED_COL(8 + i));
        else m8_circ(ed->ui, x, y, 2, ED_COL(1));
    }
    /* tools, zoom, sheet */
    ed_box(ed, 0, ED_TOOLS_Y - 1, 127, ED_SHEET_Y - 1, 5);
    for (int t = 0; t < ED_TOOLS; t++) {
        char icon[3] = { '@', (char)('0' + t), 0 };
        ed_button(ed, 1 + t * 8, ED_TOOLS_Y, 7, icon, t == s->tool);
    }
    ed_button(ed, 1 + ED_TOOL_SELECT * 8, ED_TOOLS_Y, 7, "@7", s->tool == ED_TOOL_SELECT);
    ed_button(ed, ZOOM_OUT_X, ED_TOOLS_Y, 7, "@5", 0);
    ed_button(ed, ZOOM_OUT_X + 8, ED_TOOLS_Y, 7, "@6", 0);
    ed_draw_sheet(ed, s->sprite, s->zoom);
    char status[48];
    if (ed_in(ed->mx, ed->my, CANVAS_X, CANVAS_Y, CANVAS_SIZE, CANVAS_SIZE))
        snprintf(status, sizeof status, "x%d y%d col %d", bx + (ed->mx - CANVAS_X) / ps,
                 by + (ed->my - CANVAS_Y) / ps, ed_sget(ed, bx + (ed->mx - CANVAS_X) / ps, by + (ed->my - CANVAS_Y) / ps));
    else if (has_selection(ed))
        snprintf(status, sizeof status, "sel %d,%d %dx%d", s->sel_x, s->sel_y, s->sel_w, s->sel_h);
    else
        snprintf(status, sizeof status, "sprite %d flags %02x%s", s->sprite, flags,
                 s->sprite >= 128 ? " (shared map)" : "");
    ed_bottom_bar(ed, status);
}
