/* overlay.c - the window's live cost overlay (F1: figures, heatmap) and profile recording
 * (F2): see overlay.h. Text is the built-in font (mote8_glyph) drawn as scaled rectangles at
 * window resolution; the figures come from the cost model (mote8_last_frame_cost) and a live
 * profiler (mote8_profiler_top_lines, _live_draws, _live_functions, _live_heatmap: the
 * recent frames). The profiler never changes the numbers, so showing the overlay does not
 * change the cart's pacing or stat(1).
 * Depends on: overlay.h, capture.h (profile folder, messages), host_text.h, heat_tint.h, SDL2,
 * api/mote8_profiler.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "heat_tint.h"
#include "host_text.h"
#include "overlay.h"

/* Write the profile recorded into --profile DIR, else a new CART_profile_N folder of the
 * capture folder, and say where (full path, on screen and stdout) or why not (on screen
 * and stderr; m8_capture_profile_folder says why it found no folder). */
static void write_profile(m8_overlay *o)
{
    char dir[700], err[512], msg[PATH_MAX + 64];   /* the full path always fits */
    if (o->profile_dir) snprintf(dir, sizeof dir, "%s", o->profile_dir);
    else if (m8_capture_profile_folder(o->capture, dir, sizeof dir) != 0) return;
    if (mote8_profiler_write(o->prof, dir, err, sizeof err) == 0) {
        char full[PATH_MAX];
        snprintf(msg, sizeof msg, "profile: %s/report.html", realpath(dir, full) ? full : dir);
    } else {
        snprintf(msg, sizeof msg, "profile not written: %s", err);
        m8_capture_warn(o->capture, msg);
        return;
    }
    m8_capture_say(o->capture, msg);
}

static void drop_profiler(m8_overlay *o)
{
    mote8_profiler_free(o->prof);
    o->prof = NULL;
}

void m8_overlay_init(m8_overlay *o, mote8 *m8, const char *profile_dir, m8_capture *capture)
{
    memset(o, 0, sizeof *o);
    o->profile_dir = profile_dir;
    o->capture = capture;
    const char *env = getenv("MOTE8_OVERLAY");
    o->shown = !env || !*env || strcmp(env, "0") == 0 ? M8_OVERLAY_OFF
               : strcmp(env, "heat") == 0           ? M8_OVERLAY_HEATMAP
                                                    : M8_OVERLAY_FIGURES;
    o->shot_path = getenv("MOTE8_WINDOW_SHOT");
    const char *at = getenv("MOTE8_WINDOW_SHOT_TICK");
    o->shot_tick = at ? atol(at) : 60;
    o->recording = profile_dir != NULL;
    if (o->shown || o->recording) o->prof = mote8_profiler_attach(m8);
}

int m8_overlay_key(m8_overlay *o, mote8 *m8, SDL_Keycode key)
{
    if (key == SDLK_F1) {         /* off -> figures -> heatmap -> off */
        o->shown = (o->shown + 1) % M8_OVERLAY_VIEWS;
        if (o->shown && !o->prof) o->prof = mote8_profiler_attach(m8);
        if (!o->shown && !o->recording) drop_profiler(o);
        return 1;
    }
    if (key == SDLK_F2) {
        if (!o->recording) {
            drop_profiler(o);              /* a recording starts from now */
            o->prof = mote8_profiler_attach(m8);
            o->recording = o->prof != NULL;
            m8_capture_say(o->capture, o->recording ? "profiling... (f2 stops)"
                                                    : "profiling: cannot start (out of memory)");
        } else {
            mote8_profiler_detach(o->prof);
            write_profile(o);
            drop_profiler(o);
            o->recording = 0;
            if (o->shown) o->prof = mote8_profiler_attach(m8);
        }
        return 1;
    }
    return 0;
}

void m8_overlay_tick(m8_overlay *o) { o->ticks++; }

/* ---------------------------------------------------------------- layout --- */

/* The band under the picture holds text areas, each a column of lines at text scale s (a
 * character 4s pixels wide, a line 8s high). Side by side when the window is wide enough
 * (8 lines: lines | draws | functions, the heatmap's legend over the last two), else
 * stacked (14 lines: lines | functions above, draws or the legend across below) at a larger
 * text scale: the side-by-side band is chosen when its text is at least 2 pixels a font
 * pixel, or as large as the stacked band's; the text scale grows with the window's height
 * (one step each 320 pixels). */
enum area { AREA_LINES, AREA_DRAWS, AREA_FUNCTIONS, AREA_LEGEND, AREA_INFO, AREA_HINT, AREAS };
enum { COL_LINES = 28, COL_DRAWS = 62, COL_FUNCTIONS = 32,   /* characters, at least */
       SIDE_CHARS = COL_LINES + 2 + COL_DRAWS + 2 + COL_FUNCTIONS,
       STACK_CHARS = COL_LINES + 2 + COL_FUNCTIONS };

typedef struct band {
    int s, pad, lh, lines, h, y;   /* text scale, margin, line height, lines, height, top */
    int stacked;
    struct { int x, line, chars; } area[AREAS];
} band;

static void put_area(band *b, enum area a, int x, int line, int chars)
{
    b->area[a].x = x;
    b->area[a].line = line;
    b->area[a].chars = chars;
}

static void lay_out(int ww, int wh, band *b)
{
    int tall = wh / 320 > 1 ? wh / 320 : 1;
    int side = (ww - 8) / (SIDE_CHARS * 4), stack = (ww - 8) / (STACK_CHARS * 4);
    if (side > tall) side = tall;
    if (stack > tall) stack = tall;
    b->stacked = side < 2 && stack > side;
    int s = b->stacked ? stack : side > 1 ? side : 1;
    b->s = s;
    b->pad = 4 * s;
    b->lh = 8 * s;
    b->lines = b->stacked ? 14 : 8;
    b->h = 2 * b->pad + b->lh * b->lines;
    b->y = wh - b->h;
    int chars = (ww - 2 * b->pad) / (4 * s), cw = 4 * s;
    if (chars < 24) chars = 24;
    if (!b->stacked) {
        int c0 = chars * COL_LINES / SIDE_CHARS, c1 = chars * COL_DRAWS / SIDE_CHARS;
        int c2 = chars - c0 - c1 - 4, x1 = b->pad + (c0 + 2) * cw, x2 = x1 + (c1 + 2) * cw;
        put_area(b, AREA_LINES, b->pad, 2, c0);
        put_area(b, AREA_DRAWS, x1, 2, c1);
        put_area(b, AREA_FUNCTIONS, x2, 2, c2);
        put_area(b, AREA_LEGEND, x1, 0, c1 + 2 + c2);
        put_area(b, AREA_INFO, b->pad, 2, c0);
        put_area(b, AREA_HINT, x1, 0, c1 + 2 + c2);
    } else {
        int c0 = chars * COL_LINES / STACK_CHARS, x1 = b->pad + (c0 + 2) * cw;
        put_area(b, AREA_LINES, b->pad, 2, c0);
        put_area(b, AREA_FUNCTIONS, x1, 2, chars - c0 - 2);
        put_area(b, AREA_DRAWS, b->pad, 8, chars);
        put_area(b, AREA_LEGEND, b->pad, 2, chars);
        put_area(b, AREA_INFO, b->pad, 10, c0);
        put_area(b, AREA_HINT, x1, 0, chars - c0 - 2);
    }
}

int m8_overlay_reserved_height(const m8_overlay *o, int window_w, int window_h)
{
    band b;
    lay_out(window_w, window_h, &b);
    return o->shown ? b.h : 0;
}

/* ---------------------------------------------------------------- drawing --- */

static void save_window(SDL_Renderer *r, const char *path)
{
    int w, h;
    SDL_GetRendererOutputSize(r, &w, &h);
    uint8_t *rgb = malloc((size_t)w * h * 3);
    if (!rgb) return;
    if (SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, rgb, w * 3) == 0 &&
        mote8_write_png(path, rgb, w, h, 1) == 0)
        fprintf(stderr, "window screenshot: %s\n", path);
    else
        fprintf(stderr, "mote8: window screenshot failed: %s\n", SDL_GetError());
    free(rgb);
}

/* Text in area `a`, at its line `line`, `dx` pixels in, cut to the area's width; returns
 * the x offset after it. */
static int area_text(SDL_Renderer *r, const band *b, enum area a, int line, int dx, const char *text)
{
    char cut[200];
    int room = b->area[a].chars - dx / (4 * b->s);
    if (room < 0) room = 0;
    if (room > (int)sizeof cut - 1) room = (int)sizeof cut - 1;
    snprintf(cut, sizeof cut, "%.*s", room, text);
    int x0 = b->area[a].x;
    return m8_host_draw_text(r, x0 + dx, b->y + b->pad + (b->area[a].line + line) * b->lh, b->s,
                             cut) - x0;
}

static void colour(SDL_Renderer *r, const uint8_t *rgb) { SDL_SetRenderDrawColor(r, rgb[0], rgb[1], rgb[2], 255); }

static const uint8_t HEADING[3] = { 255, 236, 39 }, BODY[3] = { 194, 195, 199 },
                     DIM[3] = { 131, 118, 156 }, ALERT[3] = { 255, 0, 77 }, WHITE[3] = { 255, 241, 232 };

/* Lines 0-1 at the left: the CPU bar (Lua blue, system orange, up to twice the budget,
 * white mark at 100%) with the frame rate beside it, and the split in %. */
static void draw_cpu(SDL_Renderer *r, const band *b, const mote8_frame_cost *fc)
{
    int s = b->s;
    double lua = (double)fc->lua / fc->budget, sys = (double)fc->system / fc->budget;
    int bw = (b->area[AREA_LINES].chars - 14) * 4 * s;
    if (bw < 16 * s) bw = 16 * s;
    int bx = b->pad, by = b->y + b->pad, bh = 5 * s;
    double full = 2.0;
    int wl = (int)(bw * (lua > full ? full : lua) / full);
    int wsys = (int)(bw * (lua + sys > full ? full - (lua > full ? full : lua) : sys) / full);
    SDL_SetRenderDrawColor(r, 60, 60, 80, 255);
    SDL_RenderFillRect(r, &(SDL_Rect){ bx, by, bw, bh });
    SDL_SetRenderDrawColor(r, 41, 173, 255, 255);
    SDL_RenderFillRect(r, &(SDL_Rect){ bx, by, wl, bh });
    SDL_SetRenderDrawColor(r, 255, 163, 0, 255);
    SDL_RenderFillRect(r, &(SDL_Rect){ bx + wl, by, wsys, bh });
    colour(r, WHITE);
    SDL_RenderFillRect(r, &(SDL_Rect){ bx + bw / 2, by - s, s, bh + 2 * s });
    char line[64];
    snprintf(line, sizeof line, "%d fps%s", fc->display_fps, fc->dropped ? " halved" : "");
    colour(r, fc->dropped ? ALERT : WHITE);
    area_text(r, b, AREA_LINES, -2, bw + 4 * s, line);
    snprintf(line, sizeof line, "cpu %3.0f%% lua %3.0f%% sys %3.0f%%", 100 * (lua + sys),
             100 * lua, 100 * sys);
    area_text(r, b, AREA_LINES, -1, 0, line);
}

static double budget_share(const mote8_frame_cost *fc, double cycles)
{
    return fc->budget ? 100 * cycles / (double)fc->budget : 0;
}

/* Two hints: what the figures are, and the keys (one line side by side, two stacked). */
static void draw_hints(SDL_Renderer *r, const band *b, const char *what, const char *keys)
{
    colour(r, DIM);
    if (b->stacked) {
        area_text(r, b, AREA_HINT, 0, 0, what);
        area_text(r, b, AREA_HINT, 1, 0, keys);
    } else {
        int x = area_text(r, b, AREA_HINT, 0, 0, what);
        area_text(r, b, AREA_HINT, 0, x + 12 * b->s, keys);
    }
}

/* The figures: the costliest lines, draws and functions. */
static void draw_figures(m8_overlay *o, SDL_Renderer *r, const band *b, const mote8_frame_cost *fc)
{
    char line[200];
    mote8_prof_line top[5];
    int n = o->prof ? mote8_profiler_top_lines(o->prof, 1, top, 5) : 0;
    colour(r, HEADING);
    area_text(r, b, AREA_LINES, 0, 0, o->recording ? "costliest lines  [rec f2]" : "costliest lines");
    colour(r, BODY);
    for (int i = 0; i < n; i++) {
        char src[80];
        mote8_profiler_source(o->prof, top[i].code_line, src, sizeof src);
        snprintf(line, sizeof line, "%d:%-4d %6.0f %s", top[i].tab, top[i].tab_line,
                 top[i].lua_cycles + top[i].system_cycles, src);
        area_text(r, b, AREA_LINES, 1 + i, 0, line);
    }
    draw_hints(r, b, "cyc/f: cycles a frame (last frames)", "cpu%: of the budget  f1: heatmap");
    mote8_prof_draw draws[5];
    n = o->prof ? mote8_profiler_live_draws(o->prof, draws, 5) : 0;
    colour(r, HEADING);
    area_text(r, b, AREA_DRAWS, 0, 0, " cyc/f cpu% off% costliest draws");
    for (int i = 0; i < n; i++) {
        const mote8_prof_draw *d = &draws[i];
        double off = d->cycles > 0 ? 100 * d->offscreen / d->cycles : 0;
        snprintf(line, sizeof line, "%6.0f %3.0f%%", d->cycles, budget_share(fc, d->cycles));
        colour(r, BODY);
        int x = area_text(r, b, AREA_DRAWS, 1 + i, 0, line);
        snprintf(line, sizeof line, " %3.0f%%", off);
        colour(r, off >= 25 ? ALERT : BODY);      /* a quarter off screen: worth a look */
        x = area_text(r, b, AREA_DRAWS, 1 + i, x, line);
        colour(r, BODY);
        snprintf(line, sizeof line, " %s", d->label);
        area_text(r, b, AREA_DRAWS, 1 + i, x, line);
    }
    mote8_prof_function fns[5];
    n = o->prof ? mote8_profiler_live_functions(o->prof, fns, 5) : 0;
    colour(r, HEADING);
    area_text(r, b, AREA_FUNCTIONS, 0, 0, " cyc/f cpu% self costliest functions");
    colour(r, BODY);
    for (int i = 0; i < n; i++) {
        snprintf(line, sizeof line, "%6.0f %3.0f%% %3.0f%% %s", fns[i].inclusive,
                 budget_share(fc, fns[i].inclusive), budget_share(fc, fns[i].exclusive), fns[i].name);
        area_text(r, b, AREA_FUNCTIONS, 1 + i, 0, line);
    }
}

/* The heatmap's legend: one line a cause with its colour; beside or under it the hottest
 * pixel. */
static void draw_legend(m8_overlay *o, SDL_Renderer *r, const band *b, const mote8_frame_cost *fc)
{
    const mote8_prof_heatmap *h = o->heat;
    char line[200];
    colour(r, HEADING);
    area_text(r, b, AREA_INFO, 0, 0, o->recording ? "heatmap  [rec f2]" : "heatmap");
    colour(r, BODY);
    area_text(r, b, AREA_INFO, 1, 0, "draw cost on screen by cause");
    snprintf(line, sizeof line, "hottest pixel %.1f cyc/f", h ? h->hottest : 0.0);
    area_text(r, b, AREA_INFO, 2, 0, line);
    colour(r, DIM);
    area_text(r, b, AREA_INFO, 3, 0, "f1: hide  f2: record");
    colour(r, HEADING);
    area_text(r, b, AREA_LEGEND, 0, 0, "    cyc/f cpu% cause: call path, last frames");
    if (!h) return;
    int s = b->s;
    for (int i = 0; i <= h->ncauses; i++) {
        int slot = i < h->ncauses ? h->causes[i].slot : MOTE8_HEAT_CAUSES;
        double cycles = i < h->ncauses ? h->causes[i].cycles : h->other;
        const char *label = i < h->ncauses ? h->causes[i].label : "other causes";
        int y = b->y + b->pad + (b->area[AREA_LEGEND].line + 1 + i) * b->lh;
        colour(r, m8_heat_slot_rgb[slot]);
        SDL_RenderFillRect(r, &(SDL_Rect){ b->area[AREA_LEGEND].x, y, 3 * 4 * s - s, 5 * s });
        colour(r, BODY);
        snprintf(line, sizeof line, "%6.0f %3.0f%% %s", cycles, budget_share(fc, cycles), label);
        area_text(r, b, AREA_LEGEND, 1 + i, 3 * 4 * s, line);
    }
}

void m8_overlay_draw_picture(m8_overlay *o, SDL_Renderer *r, mote8 *m8, SDL_Rect pic)
{
    if (o->shown != M8_OVERLAY_HEATMAP) return;
    if (!o->prof) o->prof = mote8_profiler_attach(m8);
    if (!o->heat) o->heat = malloc(sizeof *o->heat);
    if (!o->heat_texture) {
        o->heat_texture = SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STREAMING,
                                            128, 128);
        if (o->heat_texture) SDL_SetTextureBlendMode(o->heat_texture, SDL_BLENDMODE_BLEND);
    }
    if (!o->prof || !o->heat || !o->heat_texture) return;
    mote8_profiler_live_heatmap(o->prof, o->heat);
    static uint8_t rgba[128 * 128 * 4];
    m8_heat_tint(o->heat, rgba);
    SDL_UpdateTexture(o->heat_texture, NULL, rgba, 128 * 4);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 0, 0, 0, 96);           /* the picture dimmed under it */
    SDL_RenderFillRect(r, &pic);
    SDL_RenderCopy(r, o->heat_texture, NULL, &pic);
}

void m8_overlay_draw(m8_overlay *o, SDL_Renderer *r, mote8 *m8)
{
    if (o->shown) {
        if (!o->prof) o->prof = mote8_profiler_attach(m8);   /* shown from the settings */
        int ww, wh;
        SDL_GetRendererOutputSize(r, &ww, &wh);
        band b;
        lay_out(ww, wh, &b);
        mote8_frame_cost fc;
        mote8_last_frame_cost(m8, &fc);
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r, 20, 20, 28, 255);
        SDL_RenderFillRect(r, &(SDL_Rect){ 0, b.y, ww, b.h });
        draw_cpu(r, &b, &fc);
        if (o->shown == M8_OVERLAY_HEATMAP) draw_legend(o, r, &b, &fc);
        else draw_figures(o, r, &b, &fc);
    }
    if (o->shot_path && o->ticks >= o->shot_tick) {
        save_window(r, o->shot_path);
        o->shot_path = NULL;
    }
}

void m8_overlay_finish(m8_overlay *o)
{
    if (o->recording && o->prof) {
        mote8_profiler_detach(o->prof);
        write_profile(o);
    }
    drop_profiler(o);
    free(o->heat);
    o->heat = NULL;
    if (o->heat_texture) SDL_DestroyTexture(o->heat_texture);
    o->heat_texture = NULL;
}
