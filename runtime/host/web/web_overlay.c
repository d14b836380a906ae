/* web_overlay.c - the web player's F1 cost overlay, the machine's side (the window's is
 * window/overlay.c; the page draws it: overlay.js). Views as the window's: off -> figures ->
 * heatmap -> off. While a view is shown a live profiler (api/mote8_profiler.h) is attached;
 * it runs outside the counted code, so the cart's numbers (stat(1), the pacing) stay the
 * same. The page calls:
 *   m8web_overlay_view(view)   0 off, 1 figures, 2 heatmap; returns the view now;
 *   m8web_overlay_figures()    the figures as JSON (below), or "null" when off:
 *       {"view", "frames", "budget", "lua", "system" (cycles of the last displayed frame,
 *        mote8_last_frame_cost), "target_fps", "display_fps", "dropped",
 *        "lines": [{"tab", "line", "cycles", "source"}]  (the 5 costliest, cycles a frame),
 *        "draws": [{"cycles", "offscreen", "label"}], "functions": [{"name", "inclusive",
 *        "exclusive"}], and with the heatmap "hottest", "other", "causes": [{"slot",
 *        "cycles", "label"}]};
 *   m8web_overlay_heatmap()    the heatmap's 128x128 RGBA tint, made by the last
 *                              m8web_overlay_figures() (as the window's: each pixel
 *                              its causes' colours mixed by share, opacity 0.15-0.75 with the
 *                              square root of its cost, clear where nothing was drawn), or
 *                              NULL when the heatmap is not shown;
 *   m8web_overlay_slot_rgb(i)  the colour of cause slot i (MOTE8_HEAT_CAUSES: the others).
 * Depends on: web_overlay.h, common/heat_tint.h, api/mote8_profiler.h, emscripten.h, libc. */
#include <emscripten.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "heat_tint.h"
#include "mote8_profiler.h"
#include "web_overlay.h"

enum { VIEW_OFF, VIEW_FIGURES, VIEW_HEATMAP, VIEWS };
#define TOP 5

static struct {
    int view;
    mote8 *m8;
    mote8_profiler *prof;
    mote8_prof_heatmap *heat;
    uint8_t rgba[128 * 128 * 4];
    char json[16384];
    size_t len;
} ov;

static void follow(void)
{
    if (ov.view && ov.m8 && !ov.prof) ov.prof = mote8_profiler_attach(ov.m8);
    if ((!ov.view || !ov.m8) && ov.prof) {
        mote8_profiler_free(ov.prof);
        ov.prof = NULL;
    }
}

void web_overlay_machine(mote8 *m8)
{
    if (ov.prof) mote8_profiler_free(ov.prof);
    ov.prof = NULL;
    ov.m8 = m8;
    follow();
}

EMSCRIPTEN_KEEPALIVE int m8web_overlay_view(int view)
{
    ov.view = view >= 0 && view < VIEWS ? view : VIEW_OFF;
    follow();
    return ov.view;
}

/* --- JSON --- */

static void put(const char *fmt, ...)
{
    if (ov.len >= sizeof ov.json) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(ov.json + ov.len, sizeof ov.json - ov.len, fmt, ap);
    va_end(ap);
    if (n > 0) ov.len += (size_t)n;
    if (ov.len >= sizeof ov.json) ov.len = sizeof ov.json - 1;
}

/* A JSON string: quotes and backslashes escaped, bytes outside printable ASCII as \u00XX
 * (P8SCII glyphs keep their code, which the page shows as their Latin-1 character). */
static void put_string(const char *s)
{
    put("\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') put("\\%c", c);
        else if (c < 32 || c > 126) put("\\u%04x", c);
        else put("%c", c);
    }
    put("\"");
}

static void put_figures(void)
{
    mote8_prof_line lines[TOP];
    int n = mote8_profiler_top_lines(ov.prof, 1, lines, TOP);
    put(",\"lines\":[");
    for (int i = 0; i < n; i++) {
        char src[80];
        mote8_profiler_source(ov.prof, lines[i].code_line, src, sizeof src);
        put("%s{\"tab\":%d,\"line\":%d,\"cycles\":%.1f,\"source\":", i ? "," : "",
            lines[i].tab, lines[i].tab_line, lines[i].lua_cycles + lines[i].system_cycles);
        put_string(src);
        put("}");
    }
    mote8_prof_draw draws[TOP];
    n = mote8_profiler_live_draws(ov.prof, draws, TOP);
    put("],\"draws\":[");
    for (int i = 0; i < n; i++) {
        put("%s{\"cycles\":%.1f,\"offscreen\":%.1f,\"label\":", i ? "," : "", draws[i].cycles,
            draws[i].offscreen);
        put_string(draws[i].label);
        put("}");
    }
    mote8_prof_function fns[TOP];
    n = mote8_profiler_live_functions(ov.prof, fns, TOP);
    put("],\"functions\":[");
    for (int i = 0; i < n; i++) {
        put("%s{\"name\":", i ? "," : "");
        put_string(fns[i].name);
        put(",\"inclusive\":%.1f,\"exclusive\":%.1f}", fns[i].inclusive, fns[i].exclusive);
    }
    put("]");
}

/* The heatmap's figures (ov.heat filled) and its RGBA tint. */
static void make_heatmap(void)
{
    const mote8_prof_heatmap *h = ov.heat;
    put(",\"hottest\":%.2f,\"other\":%.1f,\"causes\":[", h->hottest, h->other);
    for (int i = 0; i < h->ncauses; i++) {
        put("%s{\"slot\":%d,\"cycles\":%.1f,\"label\":", i ? "," : "", h->causes[i].slot,
            h->causes[i].cycles);
        put_string(h->causes[i].label);
        put("}");
    }
    put("]");
    m8_heat_tint(h, ov.rgba);
}

EMSCRIPTEN_KEEPALIVE const char *m8web_overlay_figures(void)
{
    ov.len = 0;
    ov.json[0] = '\0';
    if (!ov.view || !ov.m8) return "null";
    mote8_frame_cost fc;
    mote8_last_frame_cost(ov.m8, &fc);
    put("{\"view\":%d,\"frames\":%llu,\"budget\":%llu,\"lua\":%llu,\"system\":%llu,"
        "\"target_fps\":%d,\"display_fps\":%d,\"dropped\":%d,\"profiler\":%s", ov.view,
        (unsigned long long)fc.frames, (unsigned long long)fc.budget,
        (unsigned long long)fc.lua, (unsigned long long)fc.system, fc.target_fps,
        fc.display_fps, fc.dropped, ov.prof ? "true" : "false");
    if (ov.prof) {
        put_figures();
        if (ov.view == VIEW_HEATMAP) {
            if (!ov.heat) ov.heat = malloc(sizeof *ov.heat);
            if (ov.heat) {
                mote8_profiler_live_heatmap(ov.prof, ov.heat);
                make_heatmap();
            }
        }
    }
    put("}");
    return ov.json;
}

EMSCRIPTEN_KEEPALIVE const uint8_t *m8web_overlay_heatmap(void)
{
    return ov.view == VIEW_HEATMAP && ov.prof && ov.heat ? ov.rgba : NULL;
}

EMSCRIPTEN_KEEPALIVE const uint8_t *m8web_overlay_slot_rgb(int slot)
{
    return m8_heat_slot_rgb[slot >= 0 && slot <= MOTE8_HEAT_CAUSES ? slot : MOTE8_HEAT_CAUSES];
}
