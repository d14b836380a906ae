/* editor_map.c - the map editor: the 128x64 map (rows 32-63 shared with the sheet's lower
 * half, marked by a dashed line) in a view panned by dragging with the right or middle
 * button or the arrow keys and zoomed by the wheel (cells of 2, 4, 8 or 16 pixels); the
 * pencil paints the selected sprite, the fill floods the 4-connected cells of the clicked
 * value, the select tool drags a rectangle of cells to copy (Ctrl+C), paste at the pointer
 * (Ctrl+V) or clear (Delete); a right click without a drag takes the sprite under the
 * pointer. The bottom bar
 * gives the cycles map() of the visible cells would charge (docs/cost-model.md).
 * Layout: the view from y ED_TOP_H to ED_TOOLS_Y - 2, tools and sheet pages at ED_TOOLS_Y,
 * the sheet at ED_SHEET_Y.
 * Depends on: editor_internal.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "editor_internal.h"

#define VIEW_Y ED_TOP_H
#define VIEW_H (ED_TOOLS_Y - 1 - ED_TOP_H)
#define MAP_W 128
#define MAP_H 64
#define FRAME_CYCLES ((1L << 23) / 30)    /* a 30 fps frame's budget */

void ed_map_init(m8_editor *ed)
{
    ed->map.cell = 8;
    ed->map.tool = ED_TOOL_PENCIL;
}

/* The map cell under screen x,y of the view (may be outside the map). */
static void cell_at(const m8_editor *ed, int x, int y, int *cx, int *cy)
{
    int c = ed->map.cell;
    int mx = ed->map.cam_x * c / 8 + x, my = ed->map.cam_y * c / 8 + (y - VIEW_Y);
    *cx = mx >= 0 ? mx / c : -1 - (-mx - 1) / c;
    *cy = my >= 0 ? my / c : -1 - (-my - 1) / c;
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The selection as x0,y0 (top-left) and its size. */
static void selection(const ed_map_state *m, int *x0, int *y0, int *w, int *h)
{
    *x0 = m->sel_x0 < m->sel_x1 ? m->sel_x0 : m->sel_x1;
    *y0 = m->sel_y0 < m->sel_y1 ? m->sel_y0 : m->sel_y1;
    *w = abs(m->sel_x1 - m->sel_x0) + 1;
    *h = abs(m->sel_y1 - m->sel_y0) + 1;
}

static void clamp_camera(m8_editor *ed)
{
    int c = ed->map.cell, vw = 128 * 8 / c, vh = VIEW_H * 8 / c;
    int lo_x = -vw / 2, hi_x = MAP_W * 8 - vw / 2, lo_y = -vh / 2, hi_y = MAP_H * 8 - vh / 2;
    if (ed->map.cam_x < lo_x) ed->map.cam_x = lo_x;
    if (ed->map.cam_x > hi_x) ed->map.cam_x = hi_x;
    if (ed->map.cam_y < lo_y) ed->map.cam_y = lo_y;
    if (ed->map.cam_y > hi_y) ed->map.cam_y = hi_y;
}

/* Zoom by a factor of 2 (dir > 0 in), keeping the view's centre. */
static void zoom(m8_editor *ed, int dir)
{
    int c = ed->map.cell, nc = dir > 0 ? c * 2 : c / 2;
    if (nc < 2 || nc > 16) return;
    int centre_x = ed->map.cam_x + 64 * 8 / c, centre_y = ed->map.cam_y + VIEW_H / 2 * 8 / c;
    ed->map.cell = nc;
    ed->map.cam_x = centre_x - 64 * 8 / nc;
    ed->map.cam_y = centre_y - VIEW_H / 2 * 8 / nc;
    clamp_camera(ed);
}

/* Paint the cells on the line between the last painted cell and cx,cy. */
static void paint_to(m8_editor *ed, int cx, int cy)
{
    int x0 = ed->map.last_cx, y0 = ed->map.last_cy;
    int dx = cx > x0 ? cx - x0 : x0 - cx, dy = cy > y0 ? cy - y0 : y0 - cy;
    int sx = x0 < cx ? 1 : -1, sy = y0 < cy ? 1 : -1, err = dx - dy;
    for (;;) {
        ed_mset(ed, x0, y0, ed->spr.sprite);
        if (x0 == cx && y0 == cy) break;
        int e2 = 2 * err;
        if (e2 > -dy) { err -= dy; x0 += sx; }
        if (e2 < dx) { err += dx; y0 += sy; }
    }
    ed->map.last_cx = cx;
    ed->map.last_cy = cy;
}

void ed_map_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel)
{
    ed_map_state *m = &ed->map;
    int in_view = y >= VIEW_Y && y < VIEW_Y + VIEW_H, cx, cy;
    cell_at(ed, x, y, &cx, &cy);
    if (wheel && in_view) zoom(ed, wheel);
    if (m->panning) {
        int c = m->cell;
        if (x != m->pan_x || y != m->pan_y) m->panning = 2;    /* moved: a drag, not a pick */
        m->cam_x -= (x - m->pan_x) * 8 / c;
        m->cam_y -= (y - m->pan_y) * 8 / c;
        m->pan_x = x;
        m->pan_y = y;
        clamp_camera(ed);
        if (released & 6) {
            if (m->panning == 1 && (released & 2) && in_view) {   /* a right click: pick */
                ed->spr.sprite = ed_mget(ed, cx, cy);
                ed->sheet_tab = ed->spr.sprite / 64;
            }
            m->panning = 0;
        }
        return;
    }
    if (m->selecting) {
        m->sel_x1 = clamp(cx, 0, MAP_W - 1);
        m->sel_y1 = clamp(cy, 0, MAP_H - 1);
        if (released & 1) m->selecting = 0;
        return;
    }
    if (m->painting) {
        if (released & 1) m->painting = 0;
        else if (cx != m->last_cx || cy != m->last_cy) paint_to(ed, cx, cy);
        return;
    }
    if ((pressed & 6) && in_view) {
        m->panning = 1;
        m->pan_x = x;
        m->pan_y = y;
        return;
    }
    if (!(pressed & 1)) return;
    if (in_view) {
        if (cx < 0 || cy < 0 || cx >= MAP_W || cy >= MAP_H) return;
        if (m->tool == ED_TOOL_SELECT) {
            m->selecting = m->has_sel = 1;
            m->sel_x0 = m->sel_x1 = cx;
            m->sel_y0 = m->sel_y1 = cy;
            return;
        }
        ed_begin_edit(ed);
        if (m->tool == ED_TOOL_FILL) {
            ed_flood(ed, cx, cy, 0, 0, MAP_W, MAP_H, ed->spr.sprite, ed_mget, ed_mset);
            return;
        }
        m->painting = 1;
        m->last_cx = cx;
        m->last_cy = cy;
        paint_to(ed, cx, cy);
        return;
    }
    if (ed_in(x, y, 1, ED_TOOLS_Y, 7, 7)) m->tool = ED_TOOL_PENCIL;
    if (ed_in(x, y, 9, ED_TOOLS_Y, 7, 7)) m->tool = ED_TOOL_FILL;
    if (ed_in(x, y, 17, ED_TOOLS_Y, 7, 7)) m->tool = ED_TOOL_SELECT;
    if (ed_in(x, y, 25, ED_TOOLS_Y, 7, 7)) zoom(ed, -1);
    if (ed_in(x, y, 33, ED_TOOLS_Y, 7, 7)) zoom(ed, 1);
    int n = ed_sheet_mouse(ed, x, y);
    if (n >= 0) ed->spr.sprite = n;
}

/* Ctrl+C, Ctrl+V, Delete on the selection; 1 when used. */
static int selection_key(m8_editor *ed, int key, int mods)
{
    ed_map_state *m = &ed->map;
    int x0, y0, w, h;
    selection(m, &x0, &y0, &w, &h);
    if ((mods & M8_MOD_CTRL) && key == 'c') {
        if (!m->has_sel) {
            ed_say(ed, "select cells first (s)");
            return 1;
        }
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) m->clip[y * w + x] = (uint8_t)ed_mget(ed, x0 + x, y0 + y);
        m->clip_w = w;
        m->clip_h = h;
        char *text = m8_editor_map_text(m->clip, w, h);  /* other carts see it */
        ed_clip_put(ed, text);
        free(text);
        ed_say(ed, "copied %dx%d cells", w, h);
        return 1;
    }
    if ((mods & M8_MOD_CTRL) && key == 'v') {
        char *text = ed_clip_take(ed);              /* a [map] text on the host's clipboard */
        int cw, ch;
        if (text && m8_editor_map_parse(text, m->clip, &cw, &ch) == 0) {
            m->clip_w = cw;
            m->clip_h = ch;
        }
        free(text);
        if (!m->clip_w) {
            ed_say(ed, "nothing to paste");
            return 1;
        }
        int px = x0, py = y0, cx, cy;               /* at the pointer, else the selection */
        cell_at(ed, ed->mx, ed->my, &cx, &cy);
        if (ed->my >= VIEW_Y && ed->my < VIEW_Y + VIEW_H && cx >= 0 && cy >= 0 && cx < MAP_W && cy < MAP_H) {
            px = cx;
            py = cy;
        }
        ed_begin_edit(ed);
        for (int y = 0; y < m->clip_h; y++)
            for (int x = 0; x < m->clip_w; x++) ed_mset(ed, px + x, py + y, m->clip[y * m->clip_w + x]);
        m->has_sel = 1;                             /* the pasted cells are the selection */
        m->sel_x0 = px;
        m->sel_y0 = py;
        m->sel_x1 = clamp(px + m->clip_w - 1, 0, MAP_W - 1);
        m->sel_y1 = clamp(py + m->clip_h - 1, 0, MAP_H - 1);
        ed_say(ed, "pasted");
        return 1;
    }
    if ((key == M8_KEY_DELETE || key == M8_KEY_BACKSPACE) && m->has_sel) {
        ed_begin_edit(ed);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) ed_mset(ed, x0 + x, y0 + y, 0);
        return 1;
    }
    return 0;
}

int ed_map_key(m8_editor *ed, int key, int mods)
{
    if (selection_key(ed, key, mods)) return 1;
    if (mods & M8_MOD_CTRL) return 0;
    int step = mods & M8_MOD_SHIFT ? 64 : 8;    /* a cell, or 8 with shift */
    switch (key) {
    case M8_KEY_LEFT: ed->map.cam_x -= step; break;
    case M8_KEY_RIGHT: ed->map.cam_x += step; break;
    case M8_KEY_UP: ed->map.cam_y -= step; break;
    case M8_KEY_DOWN: ed->map.cam_y += step; break;
    case 'q': ed->spr.sprite = (ed->spr.sprite + 255) & 255; ed->sheet_tab = ed->spr.sprite / 64; return 1;
    case 'w': ed->spr.sprite = (ed->spr.sprite + 1) & 255; ed->sheet_tab = ed->spr.sprite / 64; return 1;
    case 'p': ed->map.tool = ED_TOOL_PENCIL; return 1;
    case 'f': ed->map.tool = ED_TOOL_FILL; return 1;
    case 's': ed->map.tool = ED_TOOL_SELECT; return 1;
    default: return 0;
    }
    clamp_camera(ed);
    return 1;
}

/* The visible cells: the rectangle map() would be asked for to draw the view. */
static void visible_cells(const m8_editor *ed, int *tx, int *ty, int *tw, int *th)
{
    int x1, y1;
    cell_at(ed, 0, VIEW_Y, tx, ty);
    cell_at(ed, 127, VIEW_Y + VIEW_H - 1, &x1, &y1);
    *tw = x1 - *tx + 1;
    *th = y1 - *ty + 1;
}

void ed_map_draw(m8_editor *ed)
{
    ed_map_state *m = &ed->map;
    int c = m->cell, old[4];
    m8_clip(ed->ui, 0, VIEW_Y, 128, VIEW_H, 0, old);
    ed_box(ed, 0, VIEW_Y, 127, VIEW_Y + VIEW_H - 1, 1);    /* outside the map */
    int tx, ty, tw, th;
    visible_cells(ed, &tx, &ty, &tw, &th);
    int ox = -(m->cam_x * c / 8) , oy = VIEW_Y - (m->cam_y * c / 8);
    for (int y = ty; y < ty + th; y++)
        for (int x = tx; x < tx + tw; x++) {
            if (x < 0 || y < 0 || x >= MAP_W || y >= MAP_H) continue;
            int sx = ox + x * c, sy = oy + y * c, n = ed_mget(ed, x, y);
            if (n) m8_sspr(ed->ui, n % 16 * 8, n / 16 * 8, 8, 8, sx, sy, c, c, 0, 0);
            else ed_box(ed, sx, sy, sx + c - 1, sy + c - 1, 0);
        }
    int shared_y = oy + 32 * c;                             /* rows 32-63 share the sheet */
    for (int x = ox; x < ox + MAP_W * c; x += 4) m8_line(ed->ui, x, shared_y, x + 1, shared_y, ED_COL(13));
    if (m->has_sel) {                                       /* the selection, blinking */
        int x0, y0, w, h;
        selection(m, &x0, &y0, &w, &h);
        ed_frame(ed, ox + x0 * c - 1, oy + y0 * c - 1, ox + (x0 + w) * c, oy + (y0 + h) * c,
                 ed->frame / 8 % 2 ? 10 : 9);
    }
    int hx = -1, hy = -1;
    if (ed->my >= VIEW_Y && ed->my < VIEW_Y + VIEW_H) {
        cell_at(ed, ed->mx, ed->my, &hx, &hy);
        ed_frame(ed, ox + hx * c - 1, oy + hy * c - 1, ox + hx * c + c, oy + hy * c + c, 7);
    }
    m8_clip_reset(ed->ui, old);
    /* tools, zoom, sheet */
    ed_box(ed, 0, ED_TOOLS_Y - 1, 127, ED_SHEET_Y - 1, 5);
    ed_button(ed, 1, ED_TOOLS_Y, 7, "@0", m->tool == ED_TOOL_PENCIL);
    ed_button(ed, 9, ED_TOOLS_Y, 7, "@1", m->tool == ED_TOOL_FILL);
    ed_button(ed, 17, ED_TOOLS_Y, 7, "@7", m->tool == ED_TOOL_SELECT);
    ed_button(ed, 25, ED_TOOLS_Y, 7, "@5", 0);
    ed_button(ed, 33, ED_TOOLS_Y, 7, "@6", 0);
    m8_sspr(ed->ui, ed->spr.sprite % 16 * 8, ed->spr.sprite / 16 * 8, 8, 8, 42, ED_TOOLS_Y - 1, 8, 8, 0, 0);
    ed_text(ed, 52, ED_TOOLS_Y + 1, 6, "#%03d", ed->spr.sprite);
    ed_draw_sheet(ed, ed->spr.sprite, 1);
    /* where the pointer is, and what map() of the view costs */
    long cost = m8_editor_map_cost(ed->doc, tx, ty, tw, th);
    char status[48];
    if (ed->my >= VIEW_Y && ed->my < VIEW_Y + VIEW_H && hx >= 0 && hy >= 0 && hx < MAP_W && hy < MAP_H)
        snprintf(status, sizeof status, "%d,%d #%d map() %ld %ld%%", hx, hy, ed_mget(ed, hx, hy),
                 cost, cost * 100 / FRAME_CYCLES);
    else
        snprintf(status, sizeof status, "view map() %ld cyc %ld%%", cost, cost * 100 / FRAME_CYCLES);
    ed_bottom_bar(ed, status);
}
