/* launcher.c - the window `mote8` opens without a cart: a grid of carts (launcher_list.h:
 * the bundled carts and the user's cart folder, folders as folders), each shown by its
 * label, which background threads decode while the grid is already usable; the selection
 * glides between rows. Arrows or a controller's d-pad move, Enter / Z / X / A run a cart or
 * open a folder, Escape / Backspace / B go up a folder; in the top view they ask "quit
 * mote8?" first (Escape, X or B again quits, printing "launcher: quit"; any other key or
 * button stays); the mouse selects with a click, runs with a click on the selection, and
 * the wheel scrolls. The last cart run is selected again next time.
 * MOTE8_LAUNCHER_SHOT=FILE (else MOTE8_WINDOW_SHOT) saves the window at frame
 * MOTE8_LAUNCHER_SHOT_TICK (default 0; later only while the selection still glides, which
 * takes a fixed number of frames), waiting there for the visible labels to be made however
 * long that takes, so the picture never depends on the machine's speed; MOTE8_LAUNCHER_KEYS
 * presses keys at given frames (key_script.h), for checks and docs.
 * Depends on: window.h, host.h, host_text.h, key_script.h, launcher_list.h, settings.h,
 * window_place.h, api/mote8.h, SDL2. */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "window.h"
#include "host_text.h"
#include "key_script.h"
#include "launcher_list.h"
#include "settings.h"
#include "window_place.h"

#define COLS 3
#define CELL_W 42               /* screen pixels (the window shows 128x128 of them) */
#define CELL_H 42
#define GRID_X 1
#define GRID_Y 10
#define LABEL 32
#define ROWS_SHOWN 3

typedef struct launcher {
    SDL_Renderer *r;
    SDL_Texture *tex[M8_LAUNCHER_MAX_ENTRIES];
    m8_launcher_list list;
    char labels[768];           /* the capture folder: labels set with F7 */
    int sel;
    double scroll;              /* first row shown, eased towards the selection's */
    int asking_quit;            /* "quit mote8?" is shown */
} launcher;

static int screen_scale(SDL_Renderer *r)
{
    int w, h;
    SDL_GetRendererOutputSize(r, &w, &h);
    int s = w / MOTE8_WIDTH < h / MOTE8_HEIGHT ? w / MOTE8_WIDTH : h / MOTE8_HEIGHT;
    return s > 1 ? s : 1;
}

/* The 128x128 view at the largest whole scale, centred in the window (any size: the
 * carts' windows share it, window_place.h); drawing goes through it as the viewport. */
static SDL_Rect view_rect(SDL_Renderer *r)
{
    int w, h, s = screen_scale(r);
    SDL_GetRendererOutputSize(r, &w, &h);
    SDL_Rect v = { (w - MOTE8_WIDTH * s) / 2, (h - MOTE8_HEIGHT * s) / 2, MOTE8_WIDTH * s,
                   MOTE8_HEIGHT * s };
    return v;
}

static void fill(SDL_Renderer *r, int s, int x, int y, int w, int h)
{
    SDL_Rect rc = { x * s, y * s, w * s, h * s };
    SDL_RenderFillRect(r, &rc);
}

/* A folder drawn in screen pixels: a tab and a body, lighter edge on top. */
static void draw_folder(SDL_Renderer *r, int s, int x, int y, int parent)
{
    SDL_SetRenderDrawColor(r, 171, 82, 54, 255);
    fill(r, s, x + 3, y + 7, 11, 4);
    fill(r, s, x + 3, y + 10, 26, 17);
    SDL_SetRenderDrawColor(r, 255, 163, 0, 255);
    fill(r, s, x + 3, y + 12, 26, 15);
    SDL_SetRenderDrawColor(r, 255, 236, 39, 255);
    fill(r, s, x + 3, y + 12, 26, 1);
    if (parent) {                       /* an arrow up for ".." */
        SDL_SetRenderDrawColor(r, 126, 37, 83, 255);
        fill(r, s, x + 15, y + 15, 2, 9);
        fill(r, s, x + 13, y + 17, 6, 1);
        fill(r, s, x + 14, y + 16, 4, 1);
    }
}

static void draw_cell(launcher *L, int i, int x, int y)
{
    SDL_Renderer *r = L->r;
    int s = screen_scale(r);
    m8_launcher_entry *e = &L->list.entries[i];
    int lx = x + (CELL_W - LABEL) / 2, ly = y;
    if (i == L->sel) {
        SDL_SetRenderDrawColor(r, 255, 236, 39, 255);
        fill(r, s, lx - 2, ly - 2, LABEL + 4, LABEL + 4);
    }
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    fill(r, s, lx - 1, ly - 1, LABEL + 2, LABEL + 2);
    if (e->kind == M8_ENTRY_FOLDER || e->kind == M8_ENTRY_PARENT) {
        draw_folder(r, s, lx, ly, e->kind == M8_ENTRY_PARENT);
    } else {
        int state = m8_launcher_label_state(&L->list, i);
        if (state == M8_LABEL_READY && !L->tex[i]) {
            L->tex[i] = SDL_CreateTexture(r, SDL_PIXELFORMAT_RGB24, SDL_TEXTUREACCESS_STATIC,
                                          MOTE8_WIDTH, MOTE8_HEIGHT);
            if (L->tex[i]) SDL_UpdateTexture(L->tex[i], NULL, e->rgb, MOTE8_WIDTH * 3);
        }
        if (L->tex[i]) {
            SDL_Rect dst = { lx * s, ly * s, LABEL * s, LABEL * s };
            SDL_RenderCopy(r, L->tex[i], NULL, &dst);
        } else {                        /* still decoding, or nothing to show */
            SDL_SetRenderDrawColor(r, 29, 43, 83, 255);
            fill(r, s, lx, ly, LABEL, LABEL);
            SDL_SetRenderDrawColor(r, 131, 118, 156, 255);
            m8_host_draw_text(r, (lx + 10) * s, (ly + 13) * s, s, state == M8_LABEL_NONE ? "?" : "...");
        }
    }
    char name[10];                      /* what fits under a label: 9 characters, a longer */
    size_t len = strlen(e->name);       /* name its first 6 and "..." */
    if (len < sizeof name) {
        memcpy(name, e->name, len + 1);
    } else {
        memcpy(name, e->name, 6);
        memcpy(name + 6, "...", 4);
    }
    int tw = (int)strlen(name) * 4;
    SDL_SetRenderDrawColor(r, i == L->sel ? 255 : 194, i == L->sel ? 241 : 195, i == L->sel ? 232 : 199, 255);
    m8_host_draw_name(r, (x + (CELL_W - tw) / 2) * s, (ly + LABEL + 2) * s, s, name);
}

/* "quit mote8?" in a framed black box over the grid, as the pause menu draws its box. */
static void draw_quit_question(SDL_Renderer *r, int s)
{
    static const char *const lines[] = { "quit mote8?", "", "escape or x: quit",
                                         "other keys: stay" };
    int bw = 80, bh = 4 * 8 + 8, bx = (MOTE8_WIDTH - bw) / 2, by = (MOTE8_HEIGHT - bh) / 2;
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    fill(r, s, bx, by, bw, bh);
    SDL_SetRenderDrawColor(r, 255, 241, 232, 255);
    fill(r, s, bx, by, bw, 1);
    fill(r, s, bx, by + bh - 1, bw, 1);
    fill(r, s, bx, by, 1, bh);
    fill(r, s, bx + bw - 1, by, 1, bh);
    for (int i = 0; i < 4; i++) {
        int tw = (int)strlen(lines[i]) * 4;
        if (i == 0) SDL_SetRenderDrawColor(r, 255, 236, 39, 255);
        else SDL_SetRenderDrawColor(r, 194, 195, 199, 255);
        m8_host_draw_text(r, (bx + (bw - tw) / 2) * s, (by + 5 + 8 * i) * s, s, lines[i]);
    }
}

static void draw(launcher *L)
{
    SDL_Renderer *r = L->r;
    int s = screen_scale(r);
    SDL_SetRenderDrawColor(r, 29, 43, 83, 255);
    SDL_RenderSetViewport(r, NULL);
    SDL_RenderClear(r);
    SDL_Rect view = view_rect(r);
    SDL_RenderSetViewport(r, &view);
    int first_row = (int)L->scroll;
    double frac = L->scroll - first_row;
    for (int row = first_row; row <= first_row + ROWS_SHOWN; row++)
        for (int c = 0; c < COLS; c++) {
            int i = row * COLS + c;
            if (i >= L->list.count) break;
            int y = GRID_Y + 1 + (int)((row - first_row - frac) * CELL_H + 0.5);
            draw_cell(L, i, GRID_X + c * CELL_W, y);
        }
    /* the title bar over the grid's top edge */
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    fill(r, s, 0, 0, MOTE8_WIDTH, 8);
    SDL_SetRenderDrawColor(r, 255, 0, 77, 255);
    m8_host_draw_text(r, 2 * s, 1 * s, s, "mote8");
    SDL_SetRenderDrawColor(r, 194, 195, 199, 255);
    const m8_launcher_entry *e = L->list.count ? &L->list.entries[L->sel] : NULL;
    char title[40];
    const char *where = L->list.folder[0] ? strrchr(L->list.folder, '/') : NULL;
    char more[24] = "";
    if (L->list.left_out) snprintf(more, sizeof more, " +%d unlisted", L->list.left_out);
    snprintf(title, sizeof title, "%s%s%s", where ? where + 1 : "carts", e ? "" : " (empty)", more);
    if (strlen(title) > 26) memcpy(title + 23, "...", 4);   /* what fits right of "mote8" */
    m8_host_draw_name(r, 24 * s, 1 * s, s, title);
    if (L->asking_quit) draw_quit_question(r, s);
    SDL_RenderPresent(r);
}

static void save_window(SDL_Renderer *r, const char *path)
{
    int w, h;
    SDL_GetRendererOutputSize(r, &w, &h);
    uint8_t *rgb = malloc((size_t)w * h * 3);
    SDL_RenderSetViewport(r, NULL);     /* the whole window, not the view */
    if (rgb && SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, rgb, w * 3) == 0 &&
        mote8_write_png(path, rgb, w, h, 1) == 0)
        fprintf(stderr, "window screenshot: %s\n", path);
    free(rgb);
}

static void open_view(launcher *L, const char *root, const char *folder, const char *select)
{
    for (int i = 0; i < M8_LAUNCHER_MAX_ENTRIES; i++)
        if (L->tex[i]) {
            SDL_DestroyTexture(L->tex[i]);
            L->tex[i] = NULL;
        }
    m8_launcher_list_close(&L->list);
    m8_launcher_list_open(&L->list, root, folder, L->labels);
    L->sel = 0;
    for (int i = 0; select && i < L->list.count; i++)
        if (strcmp(L->list.entries[i].path, select) == 0) L->sel = i;
    L->scroll = L->sel / COLS > ROWS_SHOWN - 1 ? L->sel / COLS - (ROWS_SHOWN - 1) : 0;
}

/* The row range kept in view: the selection's row within the shown rows. */
static double target_scroll(const launcher *L, double now)
{
    int row = L->sel / COLS;
    if (row < now) return row;
    if (row > now + ROWS_SHOWN - 1) return row - (ROWS_SHOWN - 1);
    return now;
}

/* Wait for the labels of every cell drawn (the rows shown and the one gliding in). */
static void wait_visible_labels(launcher *L)
{
    int first = (int)L->scroll * COLS;
    for (int i = first; i < first + COLS * (ROWS_SHOWN + 1) && i < L->list.count; i++)
        m8_launcher_label_wait(&L->list, i);
}

/* What one event asks of the launcher. */
typedef struct intent {
    int move;                   /* entries to move the selection by */
    int run;                    /* run (or open) the selection */
    int back;                   /* the parent folder, or leave at the top */
    int quit;                   /* the window was closed */
} intent;

/* A key: arrows move, Enter and the O/X keys run, Escape and Backspace go back. */
static void key_intent(SDL_Keycode k, intent *in)
{
    if (k == SDLK_LEFT) in->move = -1;
    else if (k == SDLK_RIGHT) in->move = 1;
    else if (k == SDLK_UP) in->move = -COLS;
    else if (k == SDLK_DOWN) in->move = COLS;
    else if (k == SDLK_RETURN || k == SDLK_z || k == SDLK_x || k == SDLK_c || k == SDLK_v ||
             k == SDLK_n || k == SDLK_m) in->run = 1;
    else if (k == SDLK_ESCAPE || k == SDLK_BACKSPACE) in->back = 1;
}

/* A controller button: the d-pad moves, A and Start run, B goes back. */
static void pad_intent(int b, intent *in)
{
    if (b == SDL_CONTROLLER_BUTTON_DPAD_LEFT) in->move = -1;
    else if (b == SDL_CONTROLLER_BUTTON_DPAD_RIGHT) in->move = 1;
    else if (b == SDL_CONTROLLER_BUTTON_DPAD_UP) in->move = -COLS;
    else if (b == SDL_CONTROLLER_BUTTON_DPAD_DOWN) in->move = COLS;
    else if (b == SDL_CONTROLLER_BUTTON_A || b == SDL_CONTROLLER_BUTTON_START) in->run = 1;
    else if (b == SDL_CONTROLLER_BUTTON_B) in->back = 1;
}

/* A left click: select the entry under it, or run it when it is selected already. */
static void click_intent(launcher *L, SDL_Window *win, int x, int y, intent *in)
{
    int ww, wh, rw, rh;
    SDL_GetWindowSize(win, &ww, &wh);
    SDL_GetRendererOutputSize(L->r, &rw, &rh);
    int s = screen_scale(L->r);
    SDL_Rect view = view_rect(L->r);
    int px = (x * rw / (ww ? ww : 1) - view.x) / s, py = (y * rh / (wh ? wh : 1) - view.y) / s;
    int c = (px - GRID_X) / CELL_W, row = (int)(L->scroll + (double)(py - GRID_Y - 1) / CELL_H);
    int i = row * COLS + c;
    if (px >= GRID_X && px < MOTE8_WIDTH && py >= GRID_Y && py < MOTE8_HEIGHT && c < COLS &&
        i >= 0 && i < L->list.count) {
        if (i == L->sel) in->run = 1;
        else L->sel = i;
    }
}

/* What one event asks for (a controller plugged in is opened here). */
static intent event_intent(launcher *L, SDL_Window *win, const SDL_Event *e,
                           SDL_GameController *pads[8])
{
    intent in = { 0 };
    if (e->type == SDL_QUIT) in.quit = 1;
    else if (e->type == SDL_KEYDOWN) key_intent(e->key.keysym.sym, &in);
    else if (e->type == SDL_CONTROLLERDEVICEADDED) {
        for (int i = 0; i < 8; i++)
            if (!pads[i]) {
                pads[i] = SDL_GameControllerOpen(e->cdevice.which);
                break;
            }
    } else if (e->type == SDL_CONTROLLERBUTTONDOWN) pad_intent(e->cbutton.button, &in);
    else if (e->type == SDL_MOUSEWHEEL)
        in.move = e->wheel.y > 0 ? -COLS : e->wheel.y < 0 ? COLS : 0;
    else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT)
        click_intent(L, win, e->button.x, e->button.y, &in);
    return in;
}

/* The answer to "quit mote8?" an event gives: 1 quit (Escape, X, a controller's B, the
 * window closed), 0 stay (any other key, button or click), -1 none (not a press). */
static int quit_answer(const SDL_Event *e)
{
    if (e->type == SDL_QUIT) return 1;
    if (e->type == SDL_KEYDOWN) {
        if (e->key.repeat) return -1;
        return e->key.keysym.sym == SDLK_ESCAPE || e->key.keysym.sym == SDLK_x;
    }
    if (e->type == SDL_CONTROLLERBUTTONDOWN) return e->cbutton.button == SDL_CONTROLLER_BUTTON_B;
    if (e->type == SDL_MOUSEBUTTONDOWN) return 0;
    return -1;
}

/* Carry out an intent; returns 1 when the launcher is done (*result: the chosen cart, or
 * NULL when the player left; *bundled: 1 for a bundled cart). */
static int apply_intent(launcher *L, const char *root, const intent *in, const char **result,
                        int *bundled)
{
    static char chosen[768];
    if (in->quit) return 1;
    if (in->move && L->list.count) {
        int n = L->sel + in->move;
        if (n >= 0 && n < L->list.count) L->sel = n;
        else if (in->move > 0 && L->sel / COLS < (L->list.count - 1) / COLS)
            L->sel = L->list.count - 1;             /* down from the last full row */
    }
    char was[768], path[768];
    if (in->back) {
        if (!L->list.folder[0]) {       /* the top view: ask before quitting */
            L->asking_quit = 1;
            return 0;
        }
        snprintf(was, sizeof was, "%s", L->list.folder);
        open_view(L, root, L->list.entries[0].path, was);
    }
    if (in->run && L->list.count) {
        m8_launcher_entry *en = &L->list.entries[L->sel];
        snprintf(path, sizeof path, "%s", en->path);
        if (en->kind == M8_ENTRY_FOLDER) {
            open_view(L, root, path, NULL);
        } else if (en->kind == M8_ENTRY_PARENT) {
            snprintf(was, sizeof was, "%s", L->list.folder);
            open_view(L, root, path, was);
        } else {
            snprintf(chosen, sizeof chosen, "%s", path);
            m8_launcher_last_save(L->list.folder, path);
            *result = chosen;
            *bundled = en->kind == M8_ENTRY_BUNDLED;
            return 1;
        }
    }
    return 0;
}

/* Open the launcher's window and renderer (0), or print why not (-1). */
static int open_launcher_window(launcher *L, SDL_Window **win, const m8_options *opt,
                                const m8_settings *settings)
{
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "mote8: cannot start SDL video: %s\n", SDL_GetError());
        return -1;
    }
    *win = m8_window_place_open("mote8", opt, settings);   /* the size the carts get too */
    L->r = *win ? SDL_CreateRenderer(*win, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
    if (*win && !L->r) L->r = SDL_CreateRenderer(*win, -1, SDL_RENDERER_SOFTWARE);
    if (!L->r) {
        fprintf(stderr, "mote8: cannot open a window: %s\n", SDL_GetError());
        if (*win) SDL_DestroyWindow(*win);
        SDL_Quit();
        return -1;
    }
    return 0;
}

/* One frame of the view: glide the scroll towards the selection, draw, and save the
 * window for MOTE8_LAUNCHER_SHOT at its frame (the glide over), with the visible labels. */
static void show_frame(launcher *L, const char **shot, long frame, long shot_tick)
{
    m8_launcher_want(&L->list, (int)L->scroll * COLS);
    double target = target_scroll(L, L->scroll);
    L->scroll += (target - L->scroll) * 0.3;                 /* glide */
    if (target - L->scroll < 0.01 && L->scroll - target < 0.01) L->scroll = target;
    draw(L);
    if (*shot && frame >= shot_tick && L->scroll == target) {
        wait_visible_labels(L);
        draw(L);                        /* read back a fully drawn frame, labels included */
        save_window(L->r, *shot);
        *shot = NULL;
    }
}

const char *m8_launcher_run(const m8_options *opt, const m8_settings *settings, int *bundled)
{
    *bundled = 0;
    char root[768], folder[768] = "", last[768] = "";
    m8_settings_folder(settings, M8_FOLDER_CARTS, root, sizeof root);
    m8_launcher_last_load(folder, sizeof folder, last, sizeof last);
    launcher L;
    memset(&L, 0, sizeof L);
    SDL_Window *win = NULL;
    if (open_launcher_window(&L, &win, opt, settings) != 0) return NULL;
    m8_settings_folder(settings, M8_FOLDER_CAPTURE, L.labels, sizeof L.labels);
    open_view(&L, root, folder, last);
    SDL_GameController *pads[8] = { 0 };
    const char *shot = getenv("MOTE8_LAUNCHER_SHOT");
    const char *at = getenv("MOTE8_LAUNCHER_SHOT_TICK");
    long shot_tick = shot && at ? atol(at) : 0;
    if (!shot) shot = getenv("MOTE8_WINDOW_SHOT");
    m8_key_script keys;
    m8_key_script_init(&keys, "MOTE8_LAUNCHER_KEYS");
    const char *result = NULL;
    int done = 0;
    for (long frame = 0; !done; frame++) {
        show_frame(&L, &shot, frame, shot_tick);
        m8_key_script_tick(&keys, win);
        SDL_Event e;
        SDL_WaitEventTimeout(&e, 16) ? (void)0 : (void)(e.type = 0);
        do {
            if (L.asking_quit && e.type != SDL_CONTROLLERDEVICEADDED) {
                int answer = quit_answer(&e);
                if (answer == 1) done = 1;
                if (answer == 1 && e.type != SDL_QUIT) {
                    printf("launcher: quit\n");
                    fflush(stdout);
                }
                if (answer >= 0) L.asking_quit = 0;
                continue;
            }
            intent in = event_intent(&L, win, &e, pads);
            done = apply_intent(&L, root, &in, &result, bundled);
        } while (!done && SDL_PollEvent(&e));
    }
    for (int i = 0; i < 8; i++)
        if (pads[i]) SDL_GameControllerClose(pads[i]);
    for (int i = 0; i < M8_LAUNCHER_MAX_ENTRIES; i++)
        if (L.tex[i]) SDL_DestroyTexture(L.tex[i]);
    m8_launcher_list_close(&L.list);
    SDL_DestroyRenderer(L.r);
    m8_window_place_keep(win);          /* the cart's window opens at the same size */
    SDL_DestroyWindow(win);
    SDL_Quit();
    return result;
}
