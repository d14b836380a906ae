/* overlay.c - the window's live cost overlay (F1) and profile recording (F2): see overlay.h.
 * Text is the built-in font (mote8_glyph) drawn as scaled rectangles at window
 * resolution; the figures come from the cost model (mote8_last_frame_cost) and a live
 * profiler (mote8_profiler_top_lines, recent frames). The profiler never changes the
 * numbers, so showing the overlay does not change the cart's pacing or stat(1).
 * Depends on: overlay.h, capture.h (profile folder, messages), host_text.h, SDL2,
 * api/mote8_profiler.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
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
    o->shown = env && *env && *env != '0';
    o->shot_path = getenv("MOTE8_WINDOW_SHOT");
    const char *at = getenv("MOTE8_WINDOW_SHOT_TICK");
    o->shot_tick = at ? atol(at) : 60;
    o->recording = profile_dir != NULL;
    if (o->shown || o->recording) o->prof = mote8_profiler_attach(m8);
}

int m8_overlay_key(m8_overlay *o, mote8 *m8, SDL_Keycode key)
{
    if (key == SDLK_F1) {
        o->shown = !o->shown;
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

/* Text scale and the height of the overlay's band at the bottom of the window: a fixed
 * eight lines (bar, rates, heading, five lines) so the picture does not jump around. */
static int text_scale(int window_h) { return window_h / 320 > 1 ? window_h / 320 : 1; }

int m8_overlay_reserved_height(const m8_overlay *o, int window_h)
{
    int s = text_scale(window_h);
    return o->shown ? 4 * s * 2 + 8 * s * 8 : 0;
}

void m8_overlay_draw(m8_overlay *o, SDL_Renderer *r, mote8 *m8)
{
    if (o->shown) {
        int ww, wh;
        SDL_GetRendererOutputSize(r, &ww, &wh);
        int s = text_scale(wh);
        int pad = 4 * s, lh = 8 * s;
        mote8_frame_cost fc;
        mote8_last_frame_cost(m8, &fc);
        mote8_prof_line top[5];
        int n = o->prof ? mote8_profiler_top_lines(o->prof, 1, top, 5) : 0;
        int pw = ww, ph = m8_overlay_reserved_height(o, wh), oy = wh - ph;
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r, 20, 20, 28, 255);
        SDL_RenderFillRect(r, &(SDL_Rect){ 0, oy, pw, ph });
        /* CPU bar: Lua blue, system orange, up to twice the budget; white mark at 100% */
        double lua = (double)fc.lua / fc.budget, sys = (double)fc.system / fc.budget;
        int bw = 62 * 4 * s < ww - 2 * pad ? 62 * 4 * s : ww - 2 * pad;
        int bx = pad, by = oy + pad, bh = 5 * s;
        double full = 2.0;
        int wl = (int)(bw * (lua > full ? full : lua) / full);
        int wsys = (int)(bw * (lua + sys > full ? full - (lua > full ? full : lua) : sys) / full);
        SDL_SetRenderDrawColor(r, 60, 60, 80, 255);
        SDL_RenderFillRect(r, &(SDL_Rect){ bx, by, bw, bh });
        SDL_SetRenderDrawColor(r, 41, 173, 255, 255);
        SDL_RenderFillRect(r, &(SDL_Rect){ bx, by, wl, bh });
        SDL_SetRenderDrawColor(r, 255, 163, 0, 255);
        SDL_RenderFillRect(r, &(SDL_Rect){ bx + wl, by, wsys, bh });
        SDL_SetRenderDrawColor(r, 255, 241, 232, 255);
        SDL_RenderFillRect(r, &(SDL_Rect){ bx + bw / 2, by - s, s, bh + 2 * s });
        char line[128];
        snprintf(line, sizeof line, "cpu %3.0f%%  lua %3.0f%%  sys %3.0f%%  %d fps%s",
                 100 * (lua + sys), 100 * lua, 100 * sys, fc.display_fps,
                 fc.dropped ? " (halved)" : "");
        SDL_SetRenderDrawColor(r, fc.dropped ? 255 : 255, fc.dropped ? 0 : 241,
                               fc.dropped ? 77 : 232, 255);
        m8_host_draw_text(r, pad, by + bh + 2 * s, s, line);
        SDL_SetRenderDrawColor(r, 255, 236, 39, 255);
        m8_host_draw_text(r, pad, by + bh + 2 * s + lh, s, o->recording ? "costliest lines   [rec f2]"
                                                               : "costliest lines");
        for (int i = 0; i < n; i++) {
            char src[40];
            mote8_profiler_source(o->prof, top[i].code_line, src, sizeof src);
            double cyc = top[i].lua_cycles + top[i].system_cycles;
            snprintf(line, sizeof line, "%d:%-4d %6.0f %s", top[i].tab, top[i].tab_line,
                     cyc, src);   /* cycles per frame, recent average */
            SDL_SetRenderDrawColor(r, 194, 195, 199, 255);
            m8_host_draw_text(r, pad, by + bh + 2 * s + lh * (2 + i), s, line);
        }
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
}
