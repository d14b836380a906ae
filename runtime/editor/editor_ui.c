/* editor_ui.c - the editors' screen and input dispatch: the top bar (cart name, a mark
 * when unsaved, the editor tabs), the sheet strip and its page tabs shared by the sprite
 * and map editors, tool buttons, the bottom bar with messages, the mouse pointer; keys
 * common to all editors (Ctrl+S, Ctrl+Z/Ctrl+Y, Ctrl+Tab, Tab outside the code editor,
 * Escape) and key names for scripts. Everything
 * is drawn by the machine's own drawing code and font into a RAM of the editor's own
 * (ed->ui), whose sheet and map are the document's.
 * Depends on: editor_internal.h, text.h, palette.h (runtime/core). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "editor_internal.h"
#include "palette.h"
#include "text.h"

void ed_text(m8_editor *ed, int x, int y, int col, const char *fmt, ...)
{
    char s[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s, sizeof s, fmt, ap);
    va_end(ap);
    m8_text_print(ed->ui, s, (int)strlen(s), 1, x, y, 1, col, NULL, NULL);
}

void ed_box(m8_editor *ed, int x0, int y0, int x1, int y1, int col)
{
    m8_rectfill(ed->ui, x0, y0, x1, y1, ED_COL(col));
}

void ed_frame(m8_editor *ed, int x0, int y0, int x1, int y1, int col)
{
    m8_rect(ed->ui, x0, y0, x1, y1, ED_COL(col));
}

int ed_in(int x, int y, int x0, int y0, int w, int h)
{
    return x >= x0 && y >= y0 && x < x0 + w && y < y0 + h;
}

int ed_field_step(int x, int y, int bx, int by, int w, int pressed, int wheel)
{
    if (!ed_in(x, y, bx, by, w, 7)) return 0;
    if (pressed & 1) return 1;
    if (pressed & 2) return -1;
    return wheel;
}

/* 5x5 icons of the tool buttons ('#' = ink) */
static const char *const icons[][5] = {
    { "...##", "..###", ".###.", "###..", "#...." },    /* pencil */
    { "..#..", ".###.", "#####", "#####", ".###." },    /* fill */
    { "....#", "...#.", "..#..", ".#...", "#...." },    /* line */
    { "#####", "#...#", "#...#", "#...#", "#####" },    /* rect */
    { ".###.", "#...#", "#...#", "#...#", ".###." },    /* circle */
    { ".....", ".....", "#####", ".....", "....." },    /* zoom out */
    { "..#..", "..#..", "#####", "..#..", "..#.." },    /* zoom in */
    { "##.##", "#...#", ".....", "#...#", "##.##" },    /* select */
};

void ed_button(m8_editor *ed, int x, int y, int w, const char *label, int lit)
{
    ed_box(ed, x, y, x + w - 1, y + 6, lit ? 7 : 13);
    int ink = lit ? 0 : 1;
    if (label[0] == '@') {              /* "@N": icon N */
        int n = label[1] - '0';
        for (int r = 0; r < 5; r++)
            for (int c = 0; c < 5; c++)
                if (icons[n][r][c] == '#') m8_pset(ed->ui, x + (w - 5) / 2 + c, y + 1 + r, ED_COL(ink));
    } else {
        ed_text(ed, x + (w - 4 * (int)strlen(label)) / 2 + 1, y + 1, ink, "%s", label);
    }
}

void ed_say(m8_editor *ed, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ed->msg, sizeof ed->msg, fmt, ap);
    va_end(ap);
    ed->msg_until = ed->frame + ED_MSG_FRAMES;
}

void m8_editor_say(m8_editor *ed, const char *text) { ed_say(ed, "%s", text); }

#define SHEET_TABS_X 95

void ed_draw_sheet(m8_editor *ed, int sel, int zoom)
{
    int page = ed->sheet_tab;
    m8_sspr(ed->ui, 0, page * 32, 128, 32, 0, ED_SHEET_Y, 128, 32, 0, 0);
    int row = sel / 16 - page * 4, col = sel % 16;
    if (row + zoom > 0 && row < 4) {
        int x = col * 8, y = ED_SHEET_Y + row * 8, s = zoom * 8;
        int old[4];
        m8_clip(ed->ui, 0, ED_SHEET_Y, 128, 32, 0, old);
        ed_frame(ed, x - 1, y - 1, x + s, y + s, 7);
        ed_frame(ed, x - 2, y - 2, x + s + 1, y + s + 1, 0);
        m8_clip_reset(ed->ui, old);
    }
    for (int i = 0; i < 4; i++) {
        char label[2] = { (char)('0' + i), 0 };
        ed_button(ed, SHEET_TABS_X + i * 8, ED_TOOLS_Y, 7, label, i == page);
    }
}

int ed_sheet_mouse(m8_editor *ed, int x, int y)
{
    for (int i = 0; i < 4; i++)
        if (ed_in(x, y, SHEET_TABS_X + i * 8, ED_TOOLS_Y, 7, 7)) ed->sheet_tab = i;
    if (ed_in(x, y, 0, ED_SHEET_Y, 128, 32))
        return (ed->sheet_tab * 4 + (y - ED_SHEET_Y) / 8) * 16 + x / 8;
    return -1;
}

static const char *const tab_names[ED_TABS] = { "spr", "map", "sfx", "mus", "code" };

/* The editor tabs sit at the top bar's right end, each as wide as its name and a margin. */
void ed_tab_place(int i, int *x, int *w)
{
    int right = 128;
    for (int k = ED_TABS - 1; k >= i; k--) {
        *w = 4 * (int)strlen(tab_names[k]) + 3;
        right -= *w;
    }
    *x = right;
}

static void draw_top_bar(m8_editor *ed)
{
    ed_box(ed, 0, 0, 127, ED_TOP_H - 1, 8);
    int first_x, w;
    ed_tab_place(0, &first_x, &w);
    int room = (first_x - 2) / 4 - (m8_editor_unsaved(ed) ? 2 : 0);
    ed_text(ed, 1, 1, 2, "%.*s%s", room > 0 ? room : 0, ed->name, m8_editor_unsaved(ed) ? " *" : "");
    for (int i = 0; i < ED_TABS; i++) {
        int x;
        ed_tab_place(i, &x, &w);
        if (i == ed->tab) ed_box(ed, x, 0, x + w - 1, ED_TOP_H - 1, 7);
        ed_text(ed, x + 2, 1, i == ed->tab ? 8 : 2, "%s", tab_names[i]);
    }
}

void ed_bottom_bar(m8_editor *ed, const char *status)
{
    ed_box(ed, 0, ED_BOTTOM_Y, 127, 127, 8);
    if (ed->msg[0] && ed->frame < ed->msg_until) ed_text(ed, 1, ED_BOTTOM_Y + 1, 7, "%s", ed->msg);
    else ed_text(ed, 1, ED_BOTTOM_Y + 1, 2, "%s", status);
}

/* The pointer: a small white arrow with a black edge. */
static void draw_pointer(m8_editor *ed)
{
    static const char *const arrow[] = { "0", "00", "070", "0770", "07770", "0770", "00" };
    for (int r = 0; r < 7; r++)
        for (int c = 0; arrow[r][c]; c++)
            m8_pset(ed->ui, ed->mx + c, ed->my + r, ED_COL(arrow[r][c] - '0'));
}

void m8_editor_frame(m8_editor *ed, uint8_t *rgb)
{
    uint8_t *ui = ed->ui;
    memcpy(ui, ed->doc, ED_DOC_SIZE);
    m8_gfx_reset(ui);
    m8_palt_bits(ui, 0);                /* the editors show colour 0 as black */
    m8_cls(ui, 5);
    ed_sound_frame(ed);                 /* reads the document's sfx and music just copied */
    if (ed->tab == ED_TAB_SPRITE) ed_sprite_draw(ed);
    else if (ed->tab == ED_TAB_MAP) ed_map_draw(ed);
    else if (ed->tab == ED_TAB_SFX) ed_sfx_draw(ed);
    else if (ed->tab == ED_TAB_MUSIC) ed_music_draw(ed);
    else ed_code_draw(ed);
    draw_top_bar(ed);
    draw_pointer(ed);
    for (int i = 0; i < 128 * 128; i++) {
        uint8_t b = ui[M8_SCREEN + i / 2];
        ed->screen[i] = i & 1 ? b >> 4 : b & 15;
    }
    if (rgb) m8_gfx_screen_to_rgb(ui, rgb);
    ed->frame++;
}

const uint8_t *m8_editor_pixels(const m8_editor *ed) { return ed->screen; }

void m8_editor_name(m8_editor *ed, const char *name)
{
    const char *slash = name ? strrchr(name, '/') : NULL;
    snprintf(ed->name, sizeof ed->name, "%s", slash ? slash + 1 : name ? name : "");
}

void m8_editor_mouse(m8_editor *ed, int x, int y, int buttons, int wheel)
{
    x = x < 0 ? 0 : x > 127 ? 127 : x;
    y = y < 0 ? 0 : y > 127 ? 127 : y;
    int pressed = buttons & ~ed->mb, released = ed->mb & ~buttons;
    ed->mx = x;
    ed->my = y;
    ed->mb = buttons;
    if ((pressed & 1) && y < ED_TOP_H) {             /* the editor tabs */
        for (int i = 0; i < ED_TABS; i++) {
            int tx, tw;
            ed_tab_place(i, &tx, &tw);
            if (ed_in(x, y, tx, 0, tw, ED_TOP_H)) ed->tab = i;
        }
        return;
    }
    if (ed->tab == ED_TAB_SPRITE) ed_sprite_mouse(ed, x, y, pressed, released, wheel);
    else if (ed->tab == ED_TAB_MAP) ed_map_mouse(ed, x, y, pressed, released, wheel);
    else if (ed->tab == ED_TAB_SFX) ed_sfx_mouse(ed, x, y, pressed, released, wheel);
    else if (ed->tab == ED_TAB_MUSIC) ed_music_mouse(ed, x, y, pressed, released, wheel);
    else ed_code_mouse(ed, x, y, pressed, released, wheel);
}

int m8_editor_key(m8_editor *ed, int key, int mods)
{
    int ctrl = (mods & M8_MOD_CTRL) != 0;
    int code = ed->tab == ED_TAB_CODE, shift = (mods & M8_MOD_SHIFT) != 0;
    if (ctrl && key == 's') return M8_EDITOR_ACT_SAVE;
    if (key == M8_KEY_ESCAPE) {
        if (code && ed_code_escape(ed)) return M8_EDITOR_ACT_NONE;
        ed_sound_stop(ed);
        return M8_EDITOR_ACT_LEAVE;
    }
    if (ctrl && (key == 'z' && !shift)) {
        ed_say(ed, (code ? ed_code_undo(ed) : ed_undo(ed)) == 0 ? "undo" : "nothing to undo");
        return M8_EDITOR_ACT_NONE;
    }
    if (ctrl && (key == 'y' || key == 'z')) {
        ed_say(ed, (code ? ed_code_redo(ed) : ed_redo(ed)) == 0 ? "redo" : "nothing to redo");
        return M8_EDITOR_ACT_NONE;
    }
    if (key == M8_KEY_TAB && (ctrl || !code)) {     /* Ctrl+Tab everywhere; Tab indents code */
        ed->tab = (ed->tab + (shift ? ED_TABS - 1 : 1)) % ED_TABS;
        return M8_EDITOR_ACT_NONE;
    }
    if (ed->tab == ED_TAB_SPRITE) ed_sprite_key(ed, key, mods);
    else if (ed->tab == ED_TAB_MAP) ed_map_key(ed, key, mods);
    else if (ed->tab == ED_TAB_SFX) ed_sfx_key(ed, key, mods);
    else if (ed->tab == ED_TAB_MUSIC) ed_music_key(ed, key, mods);
    else ed_code_key(ed, key, mods);
    return M8_EDITOR_ACT_NONE;
}

static const struct { const char *name; int key; } key_names[] = {
    { "left", M8_KEY_LEFT }, { "right", M8_KEY_RIGHT }, { "up", M8_KEY_UP },
    { "down", M8_KEY_DOWN }, { "tab", M8_KEY_TAB }, { "escape", M8_KEY_ESCAPE },
    { "esc", M8_KEY_ESCAPE }, { "enter", M8_KEY_ENTER }, { "return", M8_KEY_ENTER },
    { "delete", M8_KEY_DELETE }, { "backspace", M8_KEY_BACKSPACE }, { "space", ' ' },
    { "minus", '-' }, { "plus", '=' }, { "equals", '=' }, { "home", M8_KEY_HOME },
    { "end", M8_KEY_END }, { "pageup", M8_KEY_PAGEUP }, { "pgup", M8_KEY_PAGEUP },
    { "pagedown", M8_KEY_PAGEDOWN }, { "pgdn", M8_KEY_PAGEDOWN },
};

int m8_editor_key_parse(const char *name, int *key, int *mods)
{
    *mods = 0;
    for (;;) {
        if (strncasecmp(name, "ctrl+", 5) == 0) {
            *mods |= M8_MOD_CTRL;
            name += 5;
        } else if (strncasecmp(name, "shift+", 6) == 0) {
            *mods |= M8_MOD_SHIFT;
            name += 6;
        } else {
            break;
        }
    }
    if (name[0] > 32 && name[0] < 127 && name[1] == 0) {
        *key = name[0] >= 'A' && name[0] <= 'Z' ? name[0] + 32 : name[0];
        return 0;
    }
    for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (strcasecmp(name, key_names[i].name) == 0) {
            *key = key_names[i].key;
            return 0;
        }
    return -1;
}
