/* editor_code.c - the code editor: the cart's __lua__ code (P8SCII) in one buffer, shown a
 * tab at a time (tabs are separated by lines "-->8", which are never shown), in the
 * machine's 4x6 font: 31 columns by 17 rows, scrolled to keep the cursor in view. Typing
 * (m8_editor_text), Enter (keeping the line's indentation), Tab (a tab character, or the
 * selected lines indented; Shift+Tab takes one off), Backspace, Delete, arrows (Shift:
 * select), Home/End, PgUp/PgDn, Ctrl+A/C/X/V, Ctrl+Z/Ctrl+Y, Ctrl+F search (Enter: the
 * next match), Ctrl+L go to line; the mouse places the cursor, drags a selection, picks or
 * adds a tab, the wheel scrolls. Colours from editor_code_lex.c; the bottom bar gives the
 * line, the token count (the hooks' counter: the dialect's own) and the characters against
 * PICO-8's limits (8192, 65535). Undo: whole snapshots of the code (typing joins one step
 * until a word ends or the cursor moves).
 * Layout: code tabs at y CODE_TABS_Y, text from TEXT_Y, the bottom bar at ED_BOTTOM_Y.
 * Depends on: editor_code.h, p8scii.h, text.h (runtime/core). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "editor_code.h"
#include "p8scii.h"
#include "text.h"

#define CODE_TABS_Y ED_TOP_H
#define TEXT_Y (ED_TOP_H + 8)
#define ROW_H 6
#define ROWS ((ED_BOTTOM_Y - TEXT_Y) / ROW_H)          /* 17 */
#define TEXT_X 1
#define TEXT_W (128 - TEXT_X)
#define COL_BG 1
#define COL_SEL 5
#define COL_ERR 2
#define COL_CURSOR 8
#define CHAR_LIMIT 65535
#define TOKEN_LIMIT 8192

/* ---------------------------------------------------------------- the buffer --- */

static ed_code_state *st(const m8_editor *ed) { return ed->code; }

/* Is the line starting at `ls` a tab separator ("-->8" alone)? */
static int separator_at(const ed_code_state *s, size_t ls)
{
    return ls + 4 <= s->len && memcmp(s->code + ls, "-->8", 4) == 0 &&
           (ls + 4 == s->len || s->code[ls + 4] == '\n');
}

/* The tabs: the byte range [start, end) of each (without the separator lines and the
 * newlines around them); returns how many (at most max). */
static int tab_list(const ed_code_state *s, size_t *start, size_t *end, int max)
{
    int n = 0;
    size_t tab_start = 0;
    for (size_t ls = 0;;) {
        if (separator_at(s, ls)) {
            if (n < max) {
                start[n] = tab_start;
                end[n] = ls > tab_start ? ls - 1 : tab_start;
            }
            n++;
            tab_start = ls + 4 < s->len ? ls + 5 : s->len;
        }
        const char *nl = memchr(s->code + ls, '\n', s->len - ls);
        if (!nl) break;
        ls = (size_t)(nl - s->code) + 1;
    }
    if (n < max) {
        start[n] = tab_start;
        end[n] = s->len;
    }
    return n + 1;
}

static int tab_count(const ed_code_state *s)
{
    size_t a[1], b[1];
    return tab_list(s, a, b, 0);
}

/* Tab t's range (t clamped to the last tab). */
static void tab_range(const ed_code_state *s, int t, size_t *start, size_t *end)
{
    int n = tab_count(s);
    if (t >= n) t = n - 1;
    if (t < 0) t = 0;
    size_t *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    if (!a || !b) {
        *start = 0;
        *end = s->len;
    } else {
        tab_list(s, a, b, n);
        *start = a[t];
        *end = b[t];
    }
    free(a);
    free(b);
}

/* The tab holding position pos (a position on a separator line: the tab before it). */
static int tab_of(const ed_code_state *s, size_t pos)
{
    int n = tab_count(s);
    size_t *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    int t = 0;
    if (a && b) {
        tab_list(s, a, b, n);
        for (int i = 0; i < n; i++)
            if (pos >= a[i]) t = i;
        if (t > 0 && pos < a[t]) t--;
    }
    free(a);
    free(b);
    return t;
}

static int reserve(ed_code_state *s, size_t need)
{
    if (need + 1 <= s->cap) return 0;
    size_t cap = s->cap ? s->cap : 1024;
    while (cap < need + 1) cap *= 2;
    char *p = realloc(s->code, cap);
    if (!p) return -1;
    s->code = p;
    s->cap = cap;
    return 0;
}

static int glyph_w(unsigned char c) { return c >= 128 ? 8 : 4; }

static size_t line_start(const ed_code_state *s, size_t tab_start, size_t pos)
{
    while (pos > tab_start && s->code[pos - 1] != '\n') pos--;
    return pos;
}

static size_t line_end(const ed_code_state *s, size_t tab_end, size_t pos)
{
    while (pos < tab_end && s->code[pos] != '\n') pos++;
    return pos;
}

/* Line number (0-based, in its tab) of pos. */
static int line_of(const ed_code_state *s, size_t tab_start, size_t pos)
{
    int n = 0;
    for (size_t i = tab_start; i < pos; i++) n += s->code[i] == '\n';
    return n;
}

/* Pixel x of pos in its line. */
static int x_of(const ed_code_state *s, size_t tab_start, size_t pos)
{
    int x = 0;
    for (size_t i = line_start(s, tab_start, pos); i < pos; i++) x += glyph_w((unsigned char)s->code[i]);
    return x;
}

/* The start of line `line` (0-based) of the tab, clamped to its last line. */
static size_t line_pos(const ed_code_state *s, size_t tab_start, size_t tab_end, int line)
{
    size_t p = tab_start;
    for (int l = 0; l < line; l++) {
        size_t e = line_end(s, tab_end, p);
        if (e >= tab_end) break;
        p = e + 1;
    }
    return p;
}

/* The position in the line starting at ls nearest to pixel x. */
static size_t pos_at_x(const ed_code_state *s, size_t tab_end, size_t ls, int x)
{
    size_t e = line_end(s, tab_end, ls), p = ls;
    int px = 0;
    while (p < e) {
        int w = glyph_w((unsigned char)s->code[p]);
        if (px + w / 2 >= x) break;
        px += w;
        p++;
    }
    return p;
}

static int top_index(int tab) { return tab < ED_CODE_TABS_MAX ? tab : ED_CODE_TABS_MAX - 1; }

/* Scroll so the cursor shows. */
static void follow_cursor(ed_code_state *s)
{
    size_t a, b;
    tab_range(s, s->tab, &a, &b);
    int line = line_of(s, a, s->cur), *top = &s->top[top_index(s->tab)];
    if (line < *top) *top = line;
    if (line >= *top + ROWS) *top = line - ROWS + 1;
    int x = x_of(s, a, s->cur);
    if (x < s->scroll_x) s->scroll_x = x - x % 32;
    if (x + 4 > s->scroll_x + TEXT_W) s->scroll_x = x + 4 - TEXT_W + 32;
    if (s->scroll_x < 0) s->scroll_x = 0;
}

/* The cursor placed at pos (in tab s->tab), the selection kept (extend) or dropped. */
static void move_to(ed_code_state *s, size_t pos, int extend)
{
    size_t a, b;
    tab_range(s, s->tab, &a, &b);
    if (pos < a) pos = a;
    if (pos > b) pos = b;
    s->cur = pos;
    if (!extend) s->anchor = pos;
    s->typing = 0;
    follow_cursor(s);
}

/* ---------------------------------------------------------------- undo --- */

static void drop_snaps(ed_code_snap *list, int *n)
{
    for (int i = 0; i < *n; i++) free(list[i].code);
    *n = 0;
}

static void push_snap(ed_code_state *s, ed_code_snap *list, int *n)
{
    char *copy = malloc(s->len + 1);
    if (!copy) return;                  /* out of memory: this edit cannot be undone */
    memcpy(copy, s->code, s->len);
    if (*n == ED_CODE_UNDO_MAX) {
        free(list[0].code);
        memmove(list, list + 1, (ED_CODE_UNDO_MAX - 1) * sizeof *list);
        (*n)--;
    }
    list[(*n)++] = (ed_code_snap){ copy, s->len, s->cur };
}

/* Before an edit: a snapshot (unless typing goes on). */
static void begin_edit(m8_editor *ed, int typing)
{
    ed_code_state *s = st(ed);
    if (!(typing && s->typing)) {
        push_snap(s, s->undo, &s->n_undo);
        drop_snaps(s->redo, &s->n_redo);
    }
    s->typing = typing;
    s->err_line = 0;                    /* the error mark goes with the first edit */
    s->version++;
}

static void take_snap(ed_code_state *s, ed_code_snap *snap)
{
    free(s->code);
    s->code = snap->code;
    s->len = snap->len;
    s->cap = snap->len + 1;
    s->cur = s->anchor = snap->cur <= s->len ? snap->cur : s->len;
    s->tab = tab_of(s, s->cur);
    s->typing = 0;
    s->version++;
    follow_cursor(s);
}

int ed_code_undo(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    if (s->n_undo == 0) return -1;
    push_snap(s, s->redo, &s->n_redo);
    take_snap(s, &s->undo[--s->n_undo]);
    return 0;
}

int ed_code_redo(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    if (s->n_redo == 0) return -1;
    push_snap(s, s->undo, &s->n_undo);
    take_snap(s, &s->redo[--s->n_redo]);
    return 0;
}

/* ---------------------------------------------------------------- edits --- */

static void sel_range(const ed_code_state *s, size_t *a, size_t *b)
{
    *a = s->cur < s->anchor ? s->cur : s->anchor;
    *b = s->cur < s->anchor ? s->anchor : s->cur;
}

static void delete_range(ed_code_state *s, size_t a, size_t b)
{
    memmove(s->code + a, s->code + b, s->len - b);
    s->len -= b - a;
    s->code[s->len] = 0;
    s->cur = s->anchor = a;
}

/* Insert P8SCII text at the cursor (the selection replaced); the cursor after it. A
 * separator line stays a line of its own (an empty first or last tab). */
static void insert(m8_editor *ed, const char *t, size_t n, int typing)
{
    ed_code_state *s = st(ed);
    size_t a, b;
    sel_range(s, &a, &b);
    if (n == 0 && a == b) return;
    begin_edit(ed, typing && a == b);
    if (a != b) delete_range(s, a, b);
    int nl_after = separator_at(s, s->cur) && (s->cur == 0 || s->code[s->cur - 1] == '\n') &&
                   s->cur == line_start(s, 0, s->cur) && n > 0;
    size_t ls = line_start(s, 0, s->cur);
    int nl_before = s->cur == s->len && s->cur > 0 && separator_at(s, ls) && n > 0;
    size_t total = n + (size_t)nl_after + (size_t)nl_before;
    if (reserve(s, s->len + total) != 0) {
        ed_say(ed, "out of memory");
        return;
    }
    memmove(s->code + s->cur + total, s->code + s->cur, s->len - s->cur);
    size_t p = s->cur;
    if (nl_before) s->code[p++] = '\n';
    memcpy(s->code + p, t, n);
    p += n;
    if (nl_after) s->code[p] = '\n';
    s->len += total;
    s->code[s->len] = 0;
    s->cur = s->anchor = p;
    s->tab = tab_of(s, s->cur);
    int keep = s->typing;
    follow_cursor(s);
    s->typing = keep;
}

static void erase(m8_editor *ed, int forward)
{
    ed_code_state *s = st(ed);
    size_t a, b, ta, tb;
    sel_range(s, &a, &b);
    if (a == b) {
        tab_range(s, s->tab, &ta, &tb);
        if (forward ? a >= tb : a <= ta) return;
        if (forward) b++;
        else a--;
    }
    begin_edit(ed, 0);
    delete_range(s, a, b);
    follow_cursor(s);
}

/* The selected lines indented by a tab character (dir > 0) or one leading blank taken off. */
static void indent_lines(m8_editor *ed, int dir)
{
    ed_code_state *s = st(ed);
    size_t a, b, ta, tb;
    sel_range(s, &a, &b);
    tab_range(s, s->tab, &ta, &tb);
    if (b > a && s->code[b - 1] == '\n') b--;
    size_t first = line_start(s, ta, a);
    begin_edit(ed, 0);
    size_t p = first, end = b;
    for (;;) {
        if (dir > 0) {
            if (reserve(s, s->len + 1) != 0) break;
            memmove(s->code + p + 1, s->code + p, s->len - p);
            s->code[p] = '\t';
            s->len++;
            end++;
        } else if (p < s->len && (s->code[p] == '\t' || s->code[p] == ' ')) {
            memmove(s->code + p, s->code + p + 1, s->len - p - 1);
            s->len--;
            if (end > p) end--;
        }
        size_t e = line_end(s, s->len, p);
        if (e >= end || e >= s->len) break;
        p = e + 1;
    }
    s->code[s->len] = 0;
    s->anchor = first;
    s->cur = line_end(s, s->len, end > first ? end : first);
    follow_cursor(s);
}

/* ---------------------------------------------------------------- clipboard --- */

static void copy_selection(m8_editor *ed, int cut)
{
    ed_code_state *s = st(ed);
    size_t a, b, n = 0;
    sel_range(s, &a, &b);
    if (a == b) {
        ed_say(ed, "nothing selected");
        return;
    }
    char *u = m8_p8scii_to_utf8(s->code + a, b - a, &n);
    if (!u) return;
    ed_clip_put(ed, u);                     /* the host's clipboard (editor_clip.c) */
    free(s->clip);                          /* and the editor's own */
    s->clip = u;
    s->clip_len = n;
    if (cut) {
        begin_edit(ed, 0);
        delete_range(s, a, b);
        follow_cursor(s);
    }
    ed_say(ed, cut ? "cut %d characters" : "copied %d characters", (int)(b - a));
}

static void paste(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    size_t n = 0;
    char *u = ed_clip_take(ed);             /* the host's clipboard first */
    if (u) {
        n = strlen(u);
    } else if (s->clip && (u = malloc(s->clip_len + 1))) {
        memcpy(u, s->clip, s->clip_len);
        n = s->clip_len;
    }
    if (!u) {
        ed_say(ed, "nothing to paste");
        return;
    }
    size_t pn = 0, k = 0;
    char *p8 = m8_utf8_to_p8scii(u, n, &pn);
    free(u);
    if (!p8) return;
    for (size_t i = 0; i < pn; i++)         /* line ends as '\n' only */
        if (p8[i] != '\r') p8[k++] = p8[i];
    insert(ed, p8, k, 0);
    free(p8);
}

/* ---------------------------------------------------------------- search, go to --- */

static int same_letter(unsigned char a, unsigned char b)
{
    if (a >= 'A' && a <= 'Z') a = (unsigned char)(a + 32);
    if (b >= 'A' && b <= 'Z') b = (unsigned char)(b + 32);
    return a == b;
}

/* The next match of s->find after the cursor (wrapping), selected; ASCII case ignored. */
static void find_next(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    size_t n = strlen(s->find);
    if (n == 0 || n > s->len) {
        ed_say(ed, n ? "not found: %s" : "type what to find", s->find);
        return;
    }
    size_t a, b;
    sel_range(s, &a, &b);
    size_t from = b > a ? a + 1 : s->cur;
    for (size_t k = 0; k <= s->len; k++) {
        size_t i = (from + k) % (s->len + 1);
        if (i + n > s->len) continue;
        size_t j = 0;
        while (j < n && same_letter((unsigned char)s->code[i + j], (unsigned char)s->find[j])) j++;
        if (j < n) continue;
        int t = tab_of(s, i);
        size_t ta, tb;
        tab_range(s, t, &ta, &tb);
        if (i < ta || i + n > tb) continue;          /* inside a separator line */
        s->tab = t;
        move_to(s, i, 0);
        move_to(s, i + n, 1);
        return;
    }
    ed_say(ed, "not found: %s", s->find);
}

static void go_to_line(m8_editor *ed, int line)
{
    ed_code_state *s = st(ed);
    size_t ta, tb;
    tab_range(s, s->tab, &ta, &tb);
    move_to(s, line_pos(s, ta, tb, line > 0 ? line - 1 : 0), 0);
    s->top[top_index(s->tab)] = line_of(s, ta, s->cur) - ROWS / 2 > 0 ? line_of(s, ta, s->cur) - ROWS / 2 : 0;
}

int ed_code_escape(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    if (!s->prompt) return 0;
    s->prompt = 0;
    return 1;
}

static void prompt_key(m8_editor *ed, int key)
{
    ed_code_state *s = st(ed);
    size_t n = strlen(s->query);
    if (key == M8_KEY_BACKSPACE) {
        if (s->query_fresh) s->query[0] = 0;       /* the last search goes at once */
        else if (n > 0) s->query[n - 1] = 0;
        s->query_fresh = 0;
    } else if (key == M8_KEY_ENTER) {
        if (s->prompt == 'f') {
            s->query_fresh = 0;
            snprintf(s->find, sizeof s->find, "%s", s->query);
            find_next(ed);                          /* the prompt stays: Enter again */
        } else {
            go_to_line(ed, atoi(s->query));
            s->prompt = 0;
        }
    }
}

/* ---------------------------------------------------------------- keys --- */

static void tab_switch(ed_code_state *s, int t)
{
    int n = tab_count(s);
    if (t < 0 || t >= n) return;
    size_t a, b;
    s->tab = t;
    tab_range(s, t, &a, &b);
    s->cur = s->anchor = a;
    s->typing = 0;
    s->scroll_x = 0;
    if (s->prompt == 'l') s->prompt = 0;
}

/* A new tab after the last (PICO-8 has at most 16). */
static void add_tab(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    int n = tab_count(s);
    if (n >= ED_CODE_TABS_MAX) {
        ed_say(ed, "%d tabs at most", ED_CODE_TABS_MAX);
        return;
    }
    s->cur = s->anchor = s->len;
    s->tab = n - 1;
    int last_is_sep = s->len > 0 && separator_at(s, line_start(s, 0, s->len));
    static const char sep[] = "\n-->8\n";     /* after a separator line, without its '\n' */
    insert(ed, last_is_sep ? sep + 1 : sep, last_is_sep ? 5 : 6, 0);
    tab_switch(s, n);
}

int ed_code_key(m8_editor *ed, int key, int mods)
{
    ed_code_state *s = st(ed);
    int ctrl = (mods & M8_MOD_CTRL) != 0, shift = (mods & M8_MOD_SHIFT) != 0;
    size_t ta, tb;
    if (s->prompt && !ctrl && (key == M8_KEY_ENTER || key == M8_KEY_BACKSPACE)) {
        prompt_key(ed, key);
        return 1;
    }
    if (ctrl) {
        switch (key) {
        case 'f':                               /* the last search, replaced by typing */
            s->prompt = 'f';
            snprintf(s->query, sizeof s->query, "%s", s->find);
            s->query_fresh = s->query[0] != 0;
            return 1;
        case 'l': s->prompt = 'l'; s->query[0] = 0; return 1;
        case 'c': copy_selection(ed, 0); return 1;
        case 'x': copy_selection(ed, 1); return 1;
        case 'v': paste(ed); return 1;
        case 'a':
            tab_range(s, s->tab, &ta, &tb);
            s->anchor = ta;
            s->cur = tb;
            follow_cursor(s);
            return 1;
        case 'g': find_next(ed); return 1;
        case M8_KEY_PAGEUP: tab_switch(s, s->tab - 1); return 1;
        case M8_KEY_PAGEDOWN: tab_switch(s, s->tab + 1); return 1;
        default: break;
        }
    }
    if (key == M8_KEY_LEFT || key == M8_KEY_RIGHT || key == M8_KEY_UP || key == M8_KEY_DOWN ||
        key == M8_KEY_HOME || key == M8_KEY_END || key == M8_KEY_PAGEUP || key == M8_KEY_PAGEDOWN)
        s->prompt = 0;
    tab_range(s, s->tab, &ta, &tb);
    size_t a, b;
    sel_range(s, &a, &b);
    int want = s->want_x;
    s->want_x = -1;
    switch (key) {
    case M8_KEY_LEFT:
        move_to(s, a != b && !shift ? a : s->cur > ta ? s->cur - 1 : ta, shift);
        return 1;
    case M8_KEY_RIGHT:
        move_to(s, a != b && !shift ? b : s->cur < tb ? s->cur + 1 : tb, shift);
        return 1;
    case M8_KEY_UP: case M8_KEY_DOWN: case M8_KEY_PAGEUP: case M8_KEY_PAGEDOWN: {
        int step = key == M8_KEY_UP ? -1 : key == M8_KEY_DOWN ? 1 : key == M8_KEY_PAGEUP ? -ROWS : ROWS;
        int line = line_of(s, ta, s->cur) + step, x = want >= 0 ? want : x_of(s, ta, s->cur);
        if (line < 0) {
            move_to(s, ta, shift);
        } else {
            size_t ls = line_pos(s, ta, tb, line);
            move_to(s, line_of(s, ta, ls) < line ? tb : pos_at_x(s, tb, ls, x), shift);
        }
        if (key == M8_KEY_PAGEUP || key == M8_KEY_PAGEDOWN) {
            int *top = &s->top[top_index(s->tab)];
            *top += step;
            if (*top < 0) *top = 0;
            follow_cursor(s);
        }
        s->want_x = x;
        return 1;
    }
    case M8_KEY_HOME: {
        if (ctrl) {
            move_to(s, ta, shift);
            return 1;
        }
        size_t ls = line_start(s, ta, s->cur), ind = ls;
        while (ind < tb && (s->code[ind] == ' ' || s->code[ind] == '\t')) ind++;
        move_to(s, s->cur == ind ? ls : ind, shift);       /* first the indentation's end */
        return 1;
    }
    case M8_KEY_END:
        move_to(s, ctrl ? tb : line_end(s, tb, s->cur), shift);
        return 1;
    case M8_KEY_ENTER: {
        char t[128] = "\n";
        size_t n = 1;
        for (size_t i = line_start(s, ta, a); i < a && n < sizeof t && (s->code[i] == ' ' || s->code[i] == '\t'); i++)
            t[n++] = s->code[i];
        insert(ed, t, n, 0);
        return 1;
    }
    case M8_KEY_TAB:
        if (shift || (a != b && memchr(s->code + a, '\n', b - a))) indent_lines(ed, shift ? -1 : 1);
        else insert(ed, "\t", 1, 0);
        return 1;
    case M8_KEY_BACKSPACE: erase(ed, 0); return 1;
    case M8_KEY_DELETE: erase(ed, 1); return 1;
    default: return 0;
    }
}

void m8_editor_text(m8_editor *ed, const char *utf8)
{
    ed_code_state *s = st(ed);
    if (ed->tab != ED_TAB_CODE || !utf8) return;
    size_t n = 0, k = 0;
    char *p8 = m8_utf8_to_p8scii(utf8, strlen(utf8), &n);
    if (!p8) return;
    for (size_t i = 0; i < n; i++)              /* control characters are not text */
        if ((unsigned char)p8[i] >= 32) p8[k++] = p8[i];
    if (s->prompt) {
        if (s->query_fresh && k > 0) s->query[0] = 0;  /* a new search replaces the last */
        s->query_fresh = 0;
        size_t q = strlen(s->query);
        for (size_t i = 0; i < k && q + 1 < sizeof s->query; i++)
            if (s->prompt == 'f' || (p8[i] >= '0' && p8[i] <= '9')) s->query[q++] = p8[i];
        s->query[q] = 0;
    } else if (k > 0) {
        int word_end = k == 1 && (p8[0] == ' ' || p8[0] == '(' || p8[0] == ',');
        insert(ed, p8, k, k == 1);
        if (word_end) s->typing = 0;            /* the next word is its own undo step */
    }
    free(p8);
}

int m8_editor_wants_text(const m8_editor *ed) { return ed->tab == ED_TAB_CODE; }

/* ---------------------------------------------------------------- mouse --- */

#define TAB_BUTTON_W 8

void ed_code_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel)
{
    ed_code_state *s = st(ed);
    int n = tab_count(s);
    if ((pressed & 1) && ed_in(x, y, 0, CODE_TABS_Y, 128, 7)) {
        int i = x / TAB_BUTTON_W;
        if (i < n && i < ED_CODE_TABS_MAX) tab_switch(s, i);
        else if (i == n) add_tab(ed);
        return;
    }
    size_t ta, tb;
    tab_range(s, s->tab, &ta, &tb);
    if (wheel) {
        int *top = &s->top[top_index(s->tab)], lines = line_of(s, ta, tb) + 1;
        *top -= wheel * 3;
        if (*top > lines - 1) *top = lines - 1;
        if (*top < 0) *top = 0;
    }
    int bottom = TEXT_Y + ROWS * ROW_H;
    if ((pressed & 1) && y >= TEXT_Y && y < bottom) s->selecting = 1;
    if (s->selecting && (ed->mb & 1)) {                 /* past the text's edge: scroll */
        int *top = &s->top[top_index(s->tab)], lines = line_of(s, ta, tb) + 1;
        if (y < TEXT_Y && *top > 0) (*top)--;
        if (y >= bottom && *top + ROWS < lines) (*top)++;
        int row = y < TEXT_Y ? 0 : y >= bottom ? ROWS - 1 : (y - TEXT_Y) / ROW_H, line = *top + row;
        size_t ls = line_pos(s, ta, tb, line);
        size_t pos = line_of(s, ta, ls) == line ? pos_at_x(s, tb, ls, x - TEXT_X + s->scroll_x) : tb;
        move_to(s, pos, !(pressed & 1));
        s->prompt = 0;
    }
    if (released & 1) s->selecting = 0;
}

/* ---------------------------------------------------------------- drawing --- */

static void count_tokens(ed_code_state *s)
{
    if (s->counted_version == s->version && s->version) return;
    s->counted_version = s->version ? s->version : 1;
    if (!s->version) s->version = 1;
    s->tokens = s->hooks.count_tokens ? s->hooks.count_tokens(s->code, s->len, NULL) : -2;
}

void ed_code_draw(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    uint8_t *ui = ed->ui;
    int n = tab_count(s);
    if (s->tab >= n) s->tab = n - 1;
    size_t ta, tb;
    tab_range(s, s->tab, &ta, &tb);
    /* the tab selector: 0 1 2 ... and + for a new one */
    ed_box(ed, 0, CODE_TABS_Y, 127, TEXT_Y - 2, 5);
    for (int i = 0; i <= n && i < ED_CODE_TABS_MAX; i++) {
        char label[4];
        snprintf(label, sizeof label, i == n ? "+" : "%d", i);
        if (i < n || n < ED_CODE_TABS_MAX)
            ed_button(ed, i * TAB_BUTTON_W, CODE_TABS_Y, TAB_BUTTON_W - 1, label, i == s->tab);
    }
    ed_box(ed, 0, TEXT_Y - 1, 127, ED_BOTTOM_Y - 1, COL_BG);
    /* colour the tab up to the last row shown */
    int top = s->top[top_index(s->tab)];
    size_t first = line_pos(s, ta, tb, top), last = line_pos(s, ta, tb, top + ROWS);
    last = line_end(s, tb, last);
    uint8_t *cls = malloc(last - ta + 1);
    if (cls) ed_code_colour(s->code + ta, last - ta, cls, s->hooks.is_api);
    size_t sa, sb;
    sel_range(s, &sa, &sb);
    int old[4];
    m8_clip(ui, 0, TEXT_Y - 1, 128, ED_BOTTOM_Y - TEXT_Y + 1, 0, old);
    size_t p = first;
    for (int row = 0; row < ROWS && p <= tb; row++) {
        int y = TEXT_Y + row * ROW_H, line = top + row;
        if (s->err_line && s->err_tab == s->tab && line + 1 == s->err_line)
            ed_box(ed, 0, y - 1, 127, y + ROW_H - 2, COL_ERR);
        size_t e = line_end(s, tb, p);
        int x = TEXT_X - s->scroll_x;
        for (size_t i = p; i <= e; i++) {
            unsigned char c = i < e ? (unsigned char)s->code[i] : ' ';
            int w = glyph_w(c);
            if (i >= sa && i < sb && (i < e || (e < tb && sb > e)))
                ed_box(ed, x, y - 1, x + w - 1, y + ROW_H - 2, COL_SEL);
            if (i == s->cur && (ed->frame / 16) % 2 == 0 && !s->prompt)
                ed_box(ed, x, y - 1, x, y + ROW_H - 2, COL_CURSOR);
            if (i < e && c > 32 && x > -8 && x < 128) {
                char ch = (char)c;
                int col = cls ? ed_code_class_col[cls[i - ta]] : 7;
                m8_text_print(ui, &ch, 1, 1, x, y, 1, col, NULL, NULL);
            }
            x += w;
        }
        if (e >= tb) break;
        p = e + 1;
    }
    m8_clip_reset(ui, old);
    free(cls);
    /* the bottom bar: the prompt, or line, tokens and characters */
    count_tokens(s);
    char status[64];
    if (s->prompt) {
        snprintf(status, sizeof status, "%s%s%s", s->prompt == 'f' ? "find: " : "line: ", s->query,
                 (ed->frame / 16) % 2 ? "_" : " ");
        ed_box(ed, 0, ED_BOTTOM_Y, 127, 127, 8);
        ed_text(ed, 1, ED_BOTTOM_Y + 1, 7, "%s", status);
        return;
    }
    char tok[16];
    if (s->tokens >= 0) snprintf(tok, sizeof tok, "%d", s->tokens);
    else snprintf(tok, sizeof tok, "?");
    snprintf(status, sizeof status, "l%d", line_of(s, ta, s->cur) + 1);
    ed_bottom_bar(ed, status);
    if (!(ed->msg[0] && ed->frame < ed->msg_until)) {      /* over a limit: in white */
        char tpart[24], cpart[24];
        int tn = snprintf(tpart, sizeof tpart, "t%s/%d", tok, TOKEN_LIMIT);
        int cn = snprintf(cpart, sizeof cpart, "c%d/%d", (int)s->len, CHAR_LIMIT);
        int x = 128 - (tn + 1 + cn) * 4;
        ed_text(ed, x, ED_BOTTOM_Y + 1, s->tokens > TOKEN_LIMIT ? 7 : 2, "%s", tpart);
        ed_text(ed, x + (tn + 1) * 4, ED_BOTTOM_Y + 1, s->len > CHAR_LIMIT ? 7 : 2, "%s", cpart);
    }
}

/* ---------------------------------------------------------------- life --- */

int ed_code_init(m8_editor *ed)
{
    ed->code = calloc(1, sizeof *ed->code);
    if (!ed->code) return -1;
    ed->code->want_x = -1;
    ed->code->tokens = -2;
    return 0;
}

void ed_code_free(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    if (!s) return;
    drop_snaps(s->undo, &s->n_undo);
    drop_snaps(s->redo, &s->n_redo);
    free(s->code);
    free(s->base);
    free(s->clip);
    free(s);
    ed->code = NULL;
}

void ed_code_load(m8_editor *ed, const char *code, size_t len)
{
    ed_code_state *s = st(ed);
    if (!code) code = "", len = 0;
    char *base = malloc(len + 1);
    if (!base || reserve(s, len) != 0) {
        free(base);
        return;
    }
    memcpy(s->code, code, len);
    s->len = len;
    s->code[len] = 0;
    memcpy(base, code, len);
    base[len] = 0;
    free(s->base);
    s->base = base;
    s->base_len = len;
    drop_snaps(s->undo, &s->n_undo);
    drop_snaps(s->redo, &s->n_redo);
    if (s->cur > len) s->cur = len;
    s->anchor = s->cur;
    int t = s->tab;
    s->tab = tab_of(s, s->cur);
    if (s->tab != t) tab_switch(s, s->tab);
    s->typing = 0;
    s->version++;
}

void ed_code_mark_saved(m8_editor *ed)
{
    ed_code_state *s = st(ed);
    char *base = malloc(s->len + 1);
    if (!base) return;
    memcpy(base, s->code, s->len);
    base[s->len] = 0;
    free(s->base);
    s->base = base;
    s->base_len = s->len;
}

const char *ed_code_text(const m8_editor *ed, size_t *len)
{
    *len = st(ed)->len;
    return st(ed)->code ? st(ed)->code : "";
}

int ed_code_unsaved(const m8_editor *ed)
{
    const ed_code_state *s = st(ed);
    return s->len != s->base_len || (s->len && memcmp(s->code, s->base, s->len) != 0);
}

const char *m8_editor_code(const m8_editor *ed, size_t *len) { return ed_code_text(ed, len); }
int m8_editor_code_unsaved(const m8_editor *ed) { return ed_code_unsaved(ed); }

void m8_editor_code_hooks_set(m8_editor *ed, const m8_editor_code_hooks *hooks)
{
    ed_code_state *s = st(ed);
    if (hooks) s->hooks = *hooks;
    else memset(&s->hooks, 0, sizeof s->hooks);
    s->counted_version = 0;
}

void m8_editor_show_code_line(m8_editor *ed, int code_line)
{
    ed_code_state *s = st(ed);
    size_t pos = 0;
    for (int l = 1; l < code_line; l++) {
        const char *nl = memchr(s->code + pos, '\n', s->len - pos);
        if (!nl) break;
        pos = (size_t)(nl - s->code) + 1;
    }
    ed->tab = ED_TAB_CODE;
    s->prompt = 0;
    tab_switch(s, tab_of(s, pos));
    size_t ta, tb;
    tab_range(s, s->tab, &ta, &tb);
    if (pos > tb) pos = line_start(s, ta, tb);
    move_to(s, pos, 0);
    int line = line_of(s, ta, pos);
    s->top[top_index(s->tab)] = line - ROWS / 2 > 0 ? line - ROWS / 2 : 0;
    s->err_tab = s->tab;
    s->err_line = line + 1;
}

void m8_editor_code_position(const m8_editor *ed, int *tab, int *line, int *col)
{
    const ed_code_state *s = st(ed);
    size_t ta, tb;
    tab_range(s, s->tab, &ta, &tb);
    *tab = s->tab;
    *line = line_of(s, ta, s->cur) + 1;
    *col = (int)(s->cur - line_start(s, ta, s->cur)) + 1;
}

void m8_editor_code_counts(m8_editor *ed, int *tokens, int *chars)
{
    count_tokens(st(ed));
    *tokens = st(ed)->tokens;
    *chars = (int)st(ed)->len;
}
