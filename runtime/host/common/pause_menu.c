/* pause_menu.c - the pause menu's model; see pause_menu.h. Left/right on a cart item send
 * it those buttons (menuitem's mask decides whether it listens); confirm sends 32 and
 * closes the menu unless the callback returns true. Confirm on the breadcrumb line goes
 * back to the cart that load()ed this one. Depends on: pause_menu.h. */
#include <string.h>
#include "pause_menu.h"

static void add_line(m8_pause_menu *pm, int kind, const char *label, int item)
{
    size_t n = strnlen(label, MOTE8_MENU_LABEL - 1);
    memcpy(pm->labels[pm->count], label, n);
    pm->labels[pm->count][n] = 0;
    pm->kind[pm->count] = kind;
    pm->item[pm->count] = item;
    pm->count++;
}

/* Rebuild the lines (a callback may add, remove or relabel items), keeping the selection
 * on the same line where possible. */
static void build(m8_pause_menu *pm, mote8 *m8)
{
    char labels[MOTE8_MENU_MAX][MOTE8_MENU_LABEL];
    int ids[MOTE8_MENU_MAX];
    int n = mote8_menu_items(m8, labels, ids, MOTE8_MENU_MAX);
    pm->count = 0;
    add_line(pm, M8_LINE_CONTINUE, "continue", 0);
    for (int i = 0; i < n; i++) add_line(pm, M8_LINE_CART_ITEM, labels[i], ids[i]);
    const char *back = mote8_breadcrumb(m8);
    if (back) add_line(pm, M8_LINE_BACK, back, 0);
    add_line(pm, M8_LINE_RESET, "reset cart", 0);
    if (pm->exits.launcher) add_line(pm, M8_LINE_LAUNCHER, pm->exits.launcher, 0);
    if (pm->exits.quit) add_line(pm, M8_LINE_QUIT, "exit", 0);
    if (pm->selected >= pm->count) pm->selected = pm->count - 1;
}

void m8_pause_menu_open_with(m8_pause_menu *pm, mote8 *m8, const m8_pause_menu_exits *exits)
{
    memset(pm, 0, sizeof *pm);
    pm->open = 1;
    pm->exits = *exits;
    build(pm, m8);
}

void m8_pause_menu_open(m8_pause_menu *pm, mote8 *m8)
{
    static const m8_pause_menu_exits window_exits = { "exit to launcher", 1 };
    m8_pause_menu_open_with(pm, m8, &window_exits);
}

static enum m8_menu_action close_with(m8_pause_menu *pm, enum m8_menu_action a)
{
    pm->open = 0;
    return a;
}

enum m8_menu_action m8_pause_menu_key(m8_pause_menu *pm, mote8 *m8, enum m8_menu_key key)
{
    if (!pm->open) return M8_MENU_STAY;
    int line = pm->selected;
    switch (key) {
    case M8_MENU_UP:
        pm->selected = (pm->selected + pm->count - 1) % pm->count;
        return M8_MENU_STAY;
    case M8_MENU_DOWN:
        pm->selected = (pm->selected + 1) % pm->count;
        return M8_MENU_STAY;
    case M8_MENU_BACK:
        return close_with(pm, M8_MENU_CONTINUE);
    case M8_MENU_LEFT:
    case M8_MENU_RIGHT:
        if (pm->kind[line] == M8_LINE_CART_ITEM) {
            mote8_menu_activate(m8, pm->item[line], key == M8_MENU_LEFT ? 1 : 2);
            build(pm, m8);
        }
        return M8_MENU_STAY;
    case M8_MENU_CONFIRM:
        switch (pm->kind[line]) {
        case M8_LINE_CONTINUE: return close_with(pm, M8_MENU_CONTINUE);
        case M8_LINE_RESET: return close_with(pm, M8_MENU_RESET);
        case M8_LINE_BACK:
            mote8_go_back(m8);
            return close_with(pm, M8_MENU_CONTINUE);
        case M8_LINE_LAUNCHER: return close_with(pm, M8_MENU_LAUNCHER);
        case M8_LINE_QUIT: return close_with(pm, M8_MENU_QUIT);
        default:
            if (mote8_menu_activate(m8, pm->item[line], 32)) {
                build(pm, m8);
                return M8_MENU_STAY;
            }
            return close_with(pm, M8_MENU_CONTINUE);
        }
    }
    return M8_MENU_STAY;
}
