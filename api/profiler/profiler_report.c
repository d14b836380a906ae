/* profiler_report.c - a profile directory's files turned into a self-contained HTML report
 * (inline SVG and CSS, images as data: URIs, no network) and a plain-text summary.
 *
 * Reads back what profiler.c wrote (summary.csv, frames.csv, callsites.csv, api.csv,
 * sprites.csv, heatmap.png, spritesheet.png, functions.csv, calls.csv, stacks.folded,
 * draws.csv and draw_sites.csv when there) from a set of profile files in memory, so `mote8
 * --profile` and tools/m8prof share one path; files come and go through the platform
 * callbacks (profile_files.h). Plots: cycles per displayed frame stacked Lua/system with the
 * budget line and the dropped frames, the top call sites, the top functions (inclusive /
 * exclusive), API functions, top sprites with thumbnails, and the draw-cost heatmap with the
 * off-screen share; the callers and callees of the top functions and the flame graph come
 * from report_calls.c and report_flame.c, the top draw sites and draws with their advice from
 * report_draws.c.
 * Depends on: profiler_internal.h, report_draws.h, report_flame.h, api/mote8_profiler.h,
 * profile_files.h, libc. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile_files.h"
#include "mote8_profiler.h"
#include "profiler_internal.h"
#include "report_draws.h"
#include "report_flame.h"

#define TOP_SITES 15
#define TOP_SPRITES 16

typedef struct report_site {
    char site[32];
    double cycles, lua, system, pixels;
    unsigned long long calls;
    char source[256];
    char by_function[160];      /* "spr:30;flr:60" (empty in older profiles) */
} report_site;

typedef struct report_api {
    char name[32];
    unsigned long long calls;
    double cycles, pixels, offscreen;
} report_api;

typedef struct report_sprite {
    int sprite;
    char source[8];             /* spr, sspr or map (empty in older profiles) */
    unsigned long long draws;
    double pixels, cycles, onscreen, offscreen;
} report_sprite;

typedef struct report_function {
    char name[64], defined[16], calls[24];
    double inclusive, exclusive;
} report_function;

#define TOP_FUNCTIONS 15

typedef struct report {
    char cart[256];
    int fps;
    double budget, ticks, frames, dropped, lua, system, boot_lua, boot_system;
    double on_screen, off_screen, unplaced, heat_max;
    double *frame_lua, *frame_sys;
    int *frame_dropped;
    int nframes, cap;
    report_site sites[TOP_SITES];
    int nsites;
    report_api apis[256];
    int napis;
    report_sprite sprites[TOP_SPRITES];
    int nsprites;
    report_function functions[TOP_FUNCTIONS];   /* from functions.csv, when there is one */
    int nfunctions;
    char *heatmap_b64, *sheet_b64;
    m8_report_draws draws;      /* from draws.csv, when there is one */
} report;

/* ---------------------------------------------------------------- reading --- */

static FILE *open_csv(const m8_profile_files *dir, const char *name, char *err, size_t errsz)
{
    FILE *f = m8_profile_file_open(dir, name, err, errsz);
    if (!f) return NULL;
    char line[1024];
    if (!fgets(line, sizeof line, f)) {   /* header */
        snprintf(err, errsz, "%s: empty", name);
        fclose(f);
        return NULL;
    }
    return f;
}

static void strip(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = 0;
}

static int read_summary(report *r, const m8_profile_files *dir, char *err, size_t errsz)
{
    FILE *f = open_csv(dir, "summary.csv", err, errsz);
    if (!f) return -1;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        strip(line);
        char *comma = strchr(line, ',');
        if (!comma) continue;
        *comma = 0;
        const char *k = line, *v = comma + 1;
        double d = atof(v);
        if (!strcmp(k, "cart")) snprintf(r->cart, sizeof r->cart, "%s", v);
        else if (!strcmp(k, "fps")) r->fps = (int)d;
        else if (!strcmp(k, "budget")) r->budget = d;
        else if (!strcmp(k, "ticks")) r->ticks = d;
        else if (!strcmp(k, "frames")) r->frames = d;
        else if (!strcmp(k, "dropped_frames")) r->dropped = d;
        else if (!strcmp(k, "lua_cycles")) r->lua = d;
        else if (!strcmp(k, "system_cycles")) r->system = d;
        else if (!strcmp(k, "boot_lua_cycles")) r->boot_lua = d;
        else if (!strcmp(k, "boot_system_cycles")) r->boot_system = d;
        else if (!strcmp(k, "draw_cycles_on_screen")) r->on_screen = d;
        else if (!strcmp(k, "draw_cycles_off_screen")) r->off_screen = d;
        else if (!strcmp(k, "system_cycles_without_area")) r->unplaced = d;
        else if (!strcmp(k, "heatmap_max_cycles_per_pixel")) r->heat_max = d;
    }
    fclose(f);
    if (r->fps <= 0) r->fps = MOTE8_FPS;
    if (r->budget <= 0) r->budget = (double)M8_CPU_HZ / r->fps;
    return 0;
}

static int read_frames(report *r, const m8_profile_files *dir, char *err, size_t errsz)
{
    FILE *f = open_csv(dir, "frames.csv", err, errsz);
    if (!f) return -1;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        unsigned long long fr, lua, sys, budget;
        int dropped;
        if (sscanf(line, "%llu,%llu,%llu,%llu,%d", &fr, &lua, &sys, &budget, &dropped) != 5) continue;
        if (r->nframes == r->cap) {
            int ncap = r->cap ? r->cap * 2 : 1024;
            double *a = realloc(r->frame_lua, (size_t)ncap * sizeof *a);
            if (a) r->frame_lua = a;
            double *b = realloc(r->frame_sys, (size_t)ncap * sizeof *b);
            if (b) r->frame_sys = b;
            int *c = realloc(r->frame_dropped, (size_t)ncap * sizeof *c);
            if (c) r->frame_dropped = c;
            if (!a || !b || !c) break;
            r->cap = ncap;
        }
        r->frame_lua[r->nframes] = (double)lua;
        r->frame_sys[r->nframes] = (double)sys;
        r->frame_dropped[r->nframes] = dropped;
        r->nframes++;
    }
    fclose(f);
    return 0;
}

/* A quoted (or plain) CSV field, unquoted ("" -> "); returns what follows it. */
static const char *unquote(const char *s, char *out, size_t outsz)
{
    size_t o = 0;
    int quoted = *s == '"';
    if (quoted) s++;
    for (; *s && o + 1 < outsz; s++) {
        if (quoted && *s == '"') {
            if (s[1] == '"') s++;
            else break;
        }
        if (!quoted && *s == ',') break;
        out[o++] = *s;
    }
    out[o] = 0;
    while (*s && *s != ',') s++;        /* past the closing quote (or a cut field) */
    return s;
}

static int read_sites(report *r, const m8_profile_files *dir, char *err, size_t errsz)
{
    FILE *f = open_csv(dir, "callsites.csv", err, errsz);
    if (!f) return -1;
    char line[1024];
    while (r->nsites < TOP_SITES && fgets(line, sizeof line, f)) {
        strip(line);
        report_site *s = &r->sites[r->nsites];
        char *field[10];
        int n = 0;
        char *p = line;
        while (n < 9 && p) {          /* nine plain fields, then the quoted source */
            field[n++] = p;
            p = strchr(p, ',');
            if (p) *p++ = 0;
        }
        if (n < 9 || !p) continue;
        snprintf(s->site, sizeof s->site, "%s", field[0]);
        s->cycles = atof(field[4]);
        s->lua = atof(field[5]);
        s->system = atof(field[6]);
        s->calls = strtoull(field[7], NULL, 10);
        s->pixels = atof(field[8]);
        const char *rest = unquote(p, s->source, sizeof s->source);
        s->by_function[0] = 0;
        if (*rest == ',') unquote(rest + 1, s->by_function, sizeof s->by_function);
        r->nsites++;
    }
    fclose(f);
    return 0;
}

static int read_apis(report *r, const m8_profile_files *dir, char *err, size_t errsz)
{
    FILE *f = open_csv(dir, "api.csv", err, errsz);
    if (!f) return -1;
    char line[256];
    while (r->napis < 256 && fgets(line, sizeof line, f)) {
        report_api *a = &r->apis[r->napis];
        if (sscanf(line, "%31[^,],%llu,%lf,%lf,%lf", a->name, &a->calls, &a->cycles, &a->pixels,
                   &a->offscreen) == 5)
            r->napis++;
    }
    fclose(f);
    return 0;
}

static int read_sprites(report *r, const m8_profile_files *dir, char *err, size_t errsz)
{
    FILE *f = open_csv(dir, "sprites.csv", err, errsz);
    if (!f) return -1;
    char line[256];
    while (r->nsprites < TOP_SPRITES && fgets(line, sizeof line, f)) {
        report_sprite *s = &r->sprites[r->nsprites];
        s->source[0] = 0;
        int n = sscanf(line, "%d,%llu,%lf,%lf,%lf,%lf,%7[a-z]", &s->sprite, &s->draws, &s->pixels,
                       &s->cycles, &s->onscreen, &s->offscreen, s->source);
        if (n == 4) {                   /* a profile written before the on/off-screen split */
            s->onscreen = s->cycles;
            s->offscreen = 0;
        }
        if (n == 4 || n == 6 || n == 7) r->nsprites++;
    }
    fclose(f);
    return 0;
}

/* functions.csv (sorted by inclusive cycles); a profile without it has no such table. */
static void read_functions(report *r, const m8_profile_files *dir)
{
    char ignored[128];
    if (!m8_profile_file_get(dir, "functions.csv")) return;
    FILE *f = open_csv(dir, "functions.csv", ignored, sizeof ignored);
    if (!f) return;
    char line[256];
    while (r->nfunctions < TOP_FUNCTIONS && fgets(line, sizeof line, f)) {
        report_function *fn = &r->functions[r->nfunctions];
        /* function,defined_at,calls,inclusive_cycles,exclusive_cycles: fields may be empty */
        char *field[5];
        int n = 0;
        for (char *c = line; n < 5;) {
            field[n++] = c;
            c = strchr(c, ',');
            if (!c) break;
            *c++ = 0;
        }
        if (n != 5) continue;
        snprintf(fn->name, sizeof fn->name, "%.*s", (int)sizeof fn->name - 1, field[0]);
        snprintf(fn->defined, sizeof fn->defined, "%s", field[1]);
        snprintf(fn->calls, sizeof fn->calls, "%s", field[2]);
        fn->inclusive = strtod(field[3], NULL);
        fn->exclusive = strtod(field[4], NULL);
        r->nfunctions++;
    }
    fclose(f);
}

static char *file_base64(const m8_profile_files *dir, const char *name)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const m8_profile_file *file = m8_profile_file_get(dir, name);
    if (!file || file->len == 0) return NULL;
    const unsigned char *data = (const unsigned char *)file->data;
    long n = (long)file->len;
    char *out = malloc((size_t)(n + 2) / 3 * 4 + 1);
    if (!out) return NULL;
    size_t o = 0;
    for (long i = 0; i < n; i += 3) {
        unsigned v = (unsigned)data[i] << 16 | (i + 1 < n ? (unsigned)data[i + 1] << 8 : 0) |
                     (i + 2 < n ? data[i + 2] : 0);
        out[o++] = digits[v >> 18 & 63];
        out[o++] = digits[v >> 12 & 63];
        out[o++] = i + 1 < n ? digits[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? digits[v & 63] : '=';
    }
    out[o] = 0;
    return out;
}

static void free_report(report *r)
{
    free(r->frame_lua);
    free(r->frame_sys);
    free(r->frame_dropped);
    free(r->heatmap_b64);
    free(r->sheet_b64);
}

/* ---------------------------------------------------------------- text --- */

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else if (*s == '"') fputs("&quot;", f);
        else fputc(*s, f);
    }
}

static double frame_stat_avg(const report *r, double *max_out)
{
    double sum = 0, max = 0;
    for (int i = 0; i < r->nframes; i++) {
        double v = (r->frame_lua[i] + r->frame_sys[i]) / r->budget;
        sum += v;
        if (v > max) max = v;
    }
    *max_out = max;
    return r->nframes ? sum / r->nframes : 0;
}

static void write_text(const report *r, FILE *f)
{
    double max, avg = frame_stat_avg(r, &max);
    double total = r->lua + r->system;
    fprintf(f, "mote8 profile: %s\n", r->cart);
    fprintf(f, "  %d fps target, budget %.0f cycles/tick; %.0f ticks, %.0f frames shown, %.0f "
               "dropped (rate halved)\n", r->fps, r->budget, r->ticks, r->frames, r->dropped);
    fprintf(f, "  stat(1) per frame: mean %.3f, max %.3f; Lua %.1f%%, system %.1f%% of all "
               "cycles\n", avg, max, total > 0 ? 100 * r->lua / total : 0,
            total > 0 ? 100 * r->system / total : 0);
    fprintf(f, "  _init and top-level code: %.0f Lua + %.0f system cycles\n", r->boot_lua,
            r->boot_system);
    double draw = r->on_screen + r->off_screen;
    fprintf(f, "  draw cost outside the screen or clip rectangle: %.0f cycles (%.1f%% of %.0f)\n",
            r->off_screen, draw > 0 ? 100 * r->off_screen / draw : 0, draw);
    fprintf(f, "\ntop call sites (tab:line)         cycles      lua   system  calls  source\n");
    for (int i = 0; i < r->nsites && i < 10; i++) {
        const report_site *s = &r->sites[i];
        fprintf(f, "  %-24s %10.0f %8.0f %8.0f %6llu  %.60s\n", s->site, s->cycles, s->lua,
                s->system, s->calls, s->source);
        if (s->by_function[0]) fprintf(f, "  %-24s calls: %s\n", "", s->by_function);
    }
    fprintf(f, "\ntop API functions        calls     cycles      pixels  off-screen\n");
    for (int i = 0; i < r->napis && i < 10; i++) {
        const report_api *a = &r->apis[i];
        fprintf(f, "  %-18s %9llu %10.0f %11.0f %11.0f\n", a->name, a->calls, a->cycles,
                a->pixels, a->offscreen);
    }
    if (r->nsprites) {
        fprintf(f, "\ntop sprites   draws     pixels     cycles  on-screen off-screen  by\n");
        for (int i = 0; i < r->nsprites && i < 8; i++) {
            const report_sprite *s = &r->sprites[i];
            fprintf(f, "  %5d %9llu %10.0f %10.0f %10.0f %10.0f  %s\n", s->sprite, s->draws, s->pixels,
                    s->cycles, s->onscreen, s->offscreen, s->source);
        }
    }
    m8_report_draws_text(&r->draws, f);
}

/* ---------------------------------------------------------------- HTML --- */

static const char css[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:24px;background:#14141c;color:#e8e8f0}"
    "h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px;color:#ffec27}"
    ".card{background:#1d1d2b;border-radius:8px;padding:14px 16px;margin:10px 0}"
    ".kpi{display:inline-block;margin-right:28px}.kpi b{display:block;font-size:20px}"
    "table{border-collapse:collapse}td,th{padding:3px 10px;text-align:right}"
    "th{color:#a0a0c0;font-weight:normal}td.l,th.l{text-align:left}"
    "code{color:#c2c3c7}.lua{color:#29adff}.sys{color:#ffa300}.drop{color:#ff004d}.clean{color:#00e436}.calls{fill:#83769c}"
    ".thumb{display:inline-block;width:32px;height:32px;image-rendering:pixelated;"
    "background-size:512px 512px;vertical-align:middle;border:1px solid #333}"
    ".row{display:flex;gap:24px;flex-wrap:wrap}summary{cursor:pointer;padding:3px 0}details .row{margin:4px 0 10px 18px;align-items:flex-start}"
    "svg text{fill:#c2c3c7;font:11px sans-serif}";

void m8_report_chart_scale(double largest, double *top, double *step)
{
    static const double steps[] = { 0.25, 0.5, 1, 2, 2.5, 5 };
    double need = largest * 1.05;                  /* headroom above the tallest bar */
    if (!(need >= 1.25) || !isfinite(need)) need = isfinite(need) ? 1.25 : 1e12;
    for (double decade = 1;; decade *= 10)
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
            double s = steps[i] * decade;
            if (need / s <= M8_CHART_GRIDLINES) {
                *step = s;
                *top = ceil(need / s - 1e-9) * s;
                return;
            }
        }
}

static void frames_svg(const report *r, FILE *f)
{
    const int W = 1100, H = 260, L = 60, B = 24, T = 10;
    int n = r->nframes;
    int bins = n < W - L - 10 ? n : W - L - 10;
    double largest = 0, top, step;   /* in budgets */
    for (int i = 0; i < n; i++) largest = fmax(largest, (r->frame_lua[i] + r->frame_sys[i]) / r->budget);
    m8_report_chart_scale(largest, &top, &step);
    double maxv = top * r->budget;
    double ph = H - B - T, pw = W - L - 10;
    fprintf(f, "<svg width='%d' height='%d' viewBox='0 0 %d %d' role='img'>", W, H, W, H);
    for (int k = 0; k * step <= top + 1e-9; k++) {   /* grid in steps of the budget */
        double v = r->budget * k * step;
        double y = T + ph - v / maxv * ph;
        fprintf(f, "<line x1='%d' x2='%d' y1='%.1f' y2='%.1f' stroke='#333'/>"
                   "<text x='%d' y='%.1f' text-anchor='end'>%.0f%%</text>", L, W - 10, y, y, L - 6,
                y + 4, k * step * 100);
    }
    for (int b = 0; b < bins; b++) {
        int i0 = (int)((long)b * n / bins), i1 = (int)((long)(b + 1) * n / bins);
        double lua = 0, sys = 0;
        int dropped = 0;
        for (int i = i0; i < i1; i++) {
            lua += r->frame_lua[i];
            sys += r->frame_sys[i];
            dropped |= r->frame_dropped[i];
        }
        lua /= (i1 - i0);
        sys /= (i1 - i0);
        double x = L + pw * b / bins, w = fmax(pw / bins - (bins < 200 ? 1 : 0), 0.6);
        double hs = sys / maxv * ph, hl = lua / maxv * ph;
        fprintf(f, "<g><title>frame %d%s: Lua %.0f + system %.0f = %.0f cycles (stat(1) %.3f)%s</title>"
                   "<rect x='%.2f' y='%.2f' width='%.2f' height='%.2f' fill='#ffa300'/>"
                   "<rect x='%.2f' y='%.2f' width='%.2f' height='%.2f' fill='#29adff'/>",
                i0, i1 - i0 > 1 ? "+" : "", lua, sys, lua + sys, (lua + sys) / r->budget,
                dropped ? ", frame rate halved" : "", x, T + ph - hs, w, hs, x, T + ph - hs - hl, w, hl);
        if (dropped)
            fprintf(f, "<rect x='%.2f' y='%.1f' width='%.2f' height='5' fill='#ff004d'/>", x,
                    T + ph + 3, w);
        fputs("</g>", f);
    }
    double yb = T + ph - r->budget / maxv * ph;
    fprintf(f, "<line x1='%d' x2='%d' y1='%.1f' y2='%.1f' stroke='#ff004d' stroke-width='2' "
               "stroke-dasharray='6 4'/><text x='%d' y='%.1f' text-anchor='end' "
               "style='fill:#ff004d'>budget %.0f</text>", L, W - 10, yb, yb, W - 12, yb - 4,
            r->budget);
    fprintf(f, "<text x='%d' y='%d'>frame 0</text><text x='%d' y='%d' text-anchor='end'>frame %d</text>",
            L, H - 2, W - 10, H - 2, n > 0 ? n - 1 : 0);
    fputs("</svg>", f);
}

static void sites_svg(const report *r, FILE *f)
{
    const int W = 1100, row = 22, L = 360;
    int n = r->nsites;
    double maxv = 1;
    for (int i = 0; i < n; i++) maxv = fmax(maxv, r->sites[i].cycles);
    fprintf(f, "<svg width='%d' height='%d'>", W, n * row + 6);
    for (int i = 0; i < n; i++) {
        const report_site *s = &r->sites[i];
        double y = i * row + 3, wl = s->lua / maxv * (W - L - 150), ws = s->system / maxv * (W - L - 150);
        fprintf(f, "<g><title>%s: %.0f Lua + %.0f system cycles, %llu calls (%s), %.0f pixels</title>",
                s->site, s->lua, s->system, s->calls, s->by_function, s->pixels);
        fprintf(f, "<text x='0' y='%.1f'>%s  ", y + 14, s->site);
        char shown[200];                /* 48 characters (UTF-8: whole sequences) */
        size_t o = 0;
        int chars = 0;
        for (const unsigned char *c = (const unsigned char *)s->source; *c && o + 8 < sizeof shown; c++) {
            if ((*c & 0xc0) != 0x80 && ++chars > 45 && strlen((const char *)c) > 3) {
                strcpy(shown + o, "...");
                o += 3;
                break;
            }
            shown[o++] = (char)*c;
        }
        shown[o] = 0;
        html_text(f, shown);
        fputs("</text>", f);
        fprintf(f, "<rect x='%d' y='%.1f' width='%.2f' height='16' fill='#29adff'/>"
                   "<rect x='%.2f' y='%.1f' width='%.2f' height='16' fill='#ffa300'/>"
                   "<text x='%.2f' y='%.1f'>%.0f",
                L, y, wl, L + wl, y, ws, L + wl + ws + 6, y + 13, s->cycles);
        if (s->by_function[0]) {        /* the calls it made: "spr x30, flr x60" */
            fputs(" <tspan class='calls'>(", f);
            for (const char *c = s->by_function; *c; c++) {
                if (*c == ':') fputs(" &#215;", f);
                else if (*c == ';') fputs(", ", f);
                else fputc(*c, f);
            }
            fputs(")</tspan>", f);
        }
        fputs("</text></g>", f);
    }
    fputs("</svg>", f);
}

static void write_html(const report *r, const m8_profile_files *dir, FILE *f)
{
    double max, avg = frame_stat_avg(r, &max);
    double draw = r->on_screen + r->off_screen;
    fputs("<!DOCTYPE html><html><head><meta charset='utf-8'><title>mote8 profile: ", f);
    html_text(f, r->cart);
    fprintf(f, "</title><style>%s</style></head><body>", css);
    fputs("<h1>mote8 profile: ", f);
    html_text(f, r->cart);
    fputs("</h1><div>Cycles of the virtual 8 MHz CPU (2<sup>23</sup>/s): "
          "<span class='lua'>Lua</span> at 2 per VM instruction, <span class='sys'>system</span> "
          "per API call (docs/api.md).</div>", f);
    fprintf(f, "<div class='card'><span class='kpi'>target<b>%d fps</b></span>"
               "<span class='kpi'>budget<b>%.0f</b></span><span class='kpi'>ticks<b>%.0f</b></span>"
               "<span class='kpi'>frames shown<b>%.0f</b></span>"
               "<span class='kpi'>dropped<b class='%s'>%.0f</b></span>"
               "<span class='kpi'>stat(1) mean<b>%.3f</b></span><span class='kpi'>stat(1) max<b>%.3f</b></span>"
               "<span class='kpi'>_init<b>%.0f</b></span></div>",
            r->fps, r->budget, r->ticks, r->frames, r->dropped > 0 ? "drop" : "clean", r->dropped, avg,
            max, r->boot_lua + r->boot_system);
    fputs("<h2>Cycles per displayed frame</h2><div class='card'>", f);
    frames_svg(r, f);
    fputs("<div><span class='lua'>&#9632; Lua</span> &nbsp; <span class='sys'>&#9632; system</span>"
          " &nbsp; <span class='drop'>- - budget; &#9632; frame rate halved (two updates per draw)"
          "</span></div></div>", f);
    fputs("<h2>Top call sites (tab:line)</h2><div class='card'>", f);
    sites_svg(r, f);
    if (r->nfunctions) {
        double total = r->lua + r->system + r->boot_lua + r->boot_system;
        fputs("</div><h2>Top functions (along the call stack: stacks.folded)</h2><div class='card'>"
              "<table><tr><th class='l'>function</th><th class='l'>defined at</th><th>calls</th>"
              "<th>inclusive cycles</th><th>%</th><th>exclusive cycles</th><th>%</th></tr>", f);
        for (int i = 0; i < r->nfunctions; i++) {
            const report_function *fn = &r->functions[i];
            fputs("<tr><td class='l'><code>", f);
            html_text(f, fn->name);
            fputs("</code></td><td class='l'>", f);
            html_text(f, fn->defined);
            fputs("</td><td>", f);
            html_text(f, fn->calls);
            fprintf(f, "</td><td>%.0f</td><td>%.1f</td><td>%.0f</td><td>%.1f</td></tr>",
                    fn->inclusive, total > 0 ? 100 * fn->inclusive / total : 0, fn->exclusive,
                    total > 0 ? 100 * fn->exclusive / total : 0);
        }
        fputs("</table><div style='color:#808090'>inclusive: with the functions it calls; "
              "exclusive: its own lines and, for an API function, its calls; % of the run's "
              "cycles (boot included)</div>", f);
    }
    fputs("</div>", f);
    m8_report_callgraph(f, dir, r->lua + r->system + r->boot_lua + r->boot_system);
    m8_report_flame(f, dir);
    m8_report_draws_html(&r->draws, f, r->frames, r->lua + r->system + r->boot_lua + r->boot_system,
                         r->sheet_b64);
    fputs("<div class='row'><div><h2>API functions</h2><div class='card'><table>"
          "<tr><th class='l'>function</th><th>calls</th><th>cycles</th><th>pixels</th>"
          "<th>off-screen</th></tr>", f);
    for (int i = 0; i < r->napis && i < 20; i++)
        fprintf(f, "<tr><td class='l'><code>%s</code></td><td>%llu</td><td>%.0f</td><td>%.0f</td>"
                   "<td>%.0f</td></tr>", r->apis[i].name, r->apis[i].calls, r->apis[i].cycles,
                r->apis[i].pixels, r->apis[i].offscreen);
    fputs("</table></div></div><div><h2>Top sprites</h2><div class='card'><table>"
          "<tr><th class='l'>sprite</th><th class='l'>by</th><th>draws</th><th>pixels</th>"
          "<th>cycles</th><th>on-screen</th><th>off-screen</th></tr>", f);
    for (int i = 0; i < r->nsprites; i++) {
        const report_sprite *s = &r->sprites[i];
        fprintf(f, "<tr><td class='l'>");
        if (r->sheet_b64)
            fprintf(f, "<span class='thumb' style=\"background-image:url(data:image/png;base64,%s);"
                       "background-position:-%dpx -%dpx\"></span> ",
                    r->sheet_b64, (s->sprite % 16) * 32, (s->sprite / 16) * 32);
        fprintf(f, "%d</td><td class='l'>%s</td><td>%llu</td><td>%.0f</td><td>%.0f</td><td>%.0f</td>"
                   "<td%s>%.0f</td></tr>", s->sprite, s->source, s->draws, s->pixels, s->cycles, s->onscreen,
                s->offscreen > 0 ? " class='drop'" : "", s->offscreen);
    }
    if (!r->nsprites) fputs("<tr><td class='l' colspan='7'>no spr(), sspr() or map() calls</td></tr>", f);
    fputs("</table></div></div><div><h2>Draw cost per screen pixel</h2><div class='card'>", f);
    if (r->heatmap_b64)
        fprintf(f, "<img width='384' height='384' style='image-rendering:pixelated' alt='heatmap' "
                   "src='data:image/png;base64,%s'>", r->heatmap_b64);
    fprintf(f, "<div style='height:12px;width:384px;margin:6px 0;background:linear-gradient(90deg,"
               "#000,#3c146e,#be1e3c,#f07814,#fadc3c,#fff)'></div><div>0 &mdash; %.1f cycles per "
               "pixel over the run (the hottest pixel)</div>", r->heat_max);
    fprintf(f, "<div>on screen: %.0f cycles<br>outside the screen or clip rectangle: "
               "<b class='%s'>%.0f</b> cycles (%.1f%%)<br>system cost without an area: %.0f"
               "</div></div></div></div>",
            r->on_screen, r->off_screen > 0 ? "drop" : "clean", r->off_screen,
            draw > 0 ? 100 * r->off_screen / draw : 0, r->unplaced);
    fputs("<p style='color:#808090'>Files: frames.csv, ticks.csv, callsites.csv, api.csv, "
          "sprites.csv, summary.csv, heatmap.png, trace.json (Perfetto / chrome://tracing), "
          "stacks.folded (flamegraph.pl, speedscope), functions.csv, calls.csv, draws.csv, "
          "draw_sites.csv.</p>"
          "</body></html>\n", f);
}

int m8_profile_report_build(m8_profile_files *dir, FILE *text, char *err, size_t errsz)
{
    report *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errsz, "out of memory");
        return -1;
    }
    int rc = -1;
    if (read_summary(r, dir, err, errsz) || read_frames(r, dir, err, errsz) ||
        read_sites(r, dir, err, errsz) || read_apis(r, dir, err, errsz) ||
        read_sprites(r, dir, err, errsz))
        goto done;
    read_functions(r, dir);
    m8_report_draws_read(&r->draws, dir);
    r->heatmap_b64 = file_base64(dir, "heatmap.png");
    r->sheet_b64 = file_base64(dir, "spritesheet.png");
    FILE *f = m8_profile_file_create(dir, "report.html", err, errsz);
    if (!f) goto done;
    write_html(r, dir, f);
    fclose(f);
    if (!(f = m8_profile_file_create(dir, "summary.txt", err, errsz))) goto done;
    write_text(r, f);
    fclose(f);
    if (text) write_text(r, text);
    rc = 0;
done:
    free_report(r);
    free(r);
    return rc;
}

int mote8_profile_report(const mote8_platform *pf, const char *dir, FILE *text, char *err,
                         size_t errsz)
{
    static const char *const inputs[] = { "summary.csv", "frames.csv", "callsites.csv",
                                          "api.csv", "sprites.csv" };
    static const char *const pictures[] = { "heatmap.png", "spritesheet.png",
                                            "functions.csv", "calls.csv",
                                            "stacks.folded", "draws.csv",
                                            "draw_sites.csv" };   /* optional */
    m8_profile_files in = { 0 };
    int rc = -1;
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        if (m8_profile_file_load(&in, pf, dir, inputs[i], err, errsz) != 0) goto done;
    for (size_t i = 0; i < sizeof pictures / sizeof pictures[0]; i++) {
        char ignored[64];
        m8_profile_file_load(&in, pf, dir, pictures[i], ignored, sizeof ignored);
    }
    if (m8_profile_report_build(&in, text, err, errsz) != 0) goto done;
    m8_profile_files out = { 0 };       /* only the two new files are written back */
    for (int i = 0; i < in.count; i++)
        if (!strcmp(in.file[i].name, "report.html") || !strcmp(in.file[i].name, "summary.txt")) {
            out.file[out.count++] = in.file[i];
        }
    rc = m8_profile_files_store(&out, pf, dir, err, errsz);
done:
    m8_profile_files_free(&in);
    return rc;
}
