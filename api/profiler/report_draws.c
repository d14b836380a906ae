/* report_draws.c - the report's "Top draw sites" and "Top draws" tables and the text
 * summary's advice, from draw_sites.csv and draws.csv (report_draws.h). The CSVs have quoted
 * fields (the caller chain, the advice).
 * Depends on: report_draws.h, profile_files.h, libc. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report_draws.h"

enum { FIELDS = 26, SITE_FIELDS = 17 };   /* draws.csv's, draw_sites.csv's columns
                                              (docs/cost-model.md) */

/* Split one CSV line into at most `max` fields in place (quotes removed, "" -> ");
 * returns the count. */
static int split_csv(char *line, char **field, int max)
{
    int n = 0;
    char *r = line;
    while (n < max) {
        char *w = r;
        field[n++] = w;
        if (*r == '"') {
            r++;
            for (; *r; r++) {
                if (*r == '"') {
                    if (r[1] != '"') {
                        r++;
                        break;
                    }
                    r++;
                }
                *w++ = *r;
            }
        } else {
            while (*r && *r != ',' && *r != '\n' && *r != '\r') *w++ = *r++;
        }
        while (*r && *r != ',' && *r != '\n') r++;   /* past a closing quote */
        int more = *r == ',';
        *w = 0;
        if (!more) break;
        r++;
    }
    return n;
}

/* The rows of `name` after a header starting `head`, each split into `nf` fields and
 * handed to `put` until it returns 0 (full). */
static void read_rows(const m8_profile_files *dir, const char *name, const char *head, int nf,
                      int (*put)(m8_report_draws *, char **), m8_report_draws *d)
{
    char err[128];
    if (!m8_profile_file_get(dir, name)) return;
    FILE *f = m8_profile_file_open(dir, name, err, sizeof err);
    if (!f) return;
    char *line = NULL;
    size_t cap = 0;
    if (getline(&line, &cap, f) > 0 && strncmp(line, head, strlen(head)) == 0) {
        while (getline(&line, &cap, f) > 0) {
            char *fl[FIELDS];
            if (split_csv(line, fl, nf) != nf) continue;
            if (!put(d, fl)) break;
        }
    }
    free(line);
    fclose(f);
}

static int put_draw(m8_report_draws *d, char **fl)
{
    if (d->n >= M8_REPORT_DRAWS) return 0;
    m8_report_draw *r = &d->rows[d->n++];
    memset(r, 0, sizeof *r);
    r->site_rank = atoi(fl[0]);
    snprintf(r->site, sizeof r->site, "%s", fl[1]);
    snprintf(r->callers, sizeof r->callers, "%s", fl[2]);
    snprintf(r->function, sizeof r->function, "%s", fl[3]);
    snprintf(r->sprite, sizeof r->sprite, "%s", fl[4]);
    r->has_source = *fl[5] != 0;
    r->sx = atoi(fl[5]);
    r->sy = atoi(fl[6]);
    r->sw = atoi(fl[7]);
    r->sh = atoi(fl[8]);
    r->has_scale = *fl[9] != 0;
    r->scale_x = atof(fl[9]);
    r->scale_y = atof(fl[10]);
    r->scale_min = atof(fl[11]);
    r->scale_max = atof(fl[12]);
    r->cells = atof(fl[13]);
    r->cells_visible = atof(fl[14]);
    r->calls = strtoull(fl[15], NULL, 10);
    r->cycles = atof(fl[16]);
    r->per_frame = atof(fl[17]);
    r->onscreen = atof(fl[18]);
    r->offscreen = atof(fl[19]);
    r->pixels_drawn = atof(fl[20]);
    r->pixels_charged = atof(fl[21]);
    r->clip_saving = atof(fl[22]);
    r->zoom_saving = atof(fl[23]);
    r->saving = atof(fl[24]);
    snprintf(r->advice, sizeof r->advice, "%s", fl[25]);
    return 1;
}

static int put_site(m8_report_draws *d, char **fl)
{
    if (d->nsites >= M8_REPORT_SITES) return 0;
    m8_report_site *s = &d->sites[d->nsites++];
    memset(s, 0, sizeof *s);
    s->rank = atoi(fl[0]);
    snprintf(s->site, sizeof s->site, "%s", fl[1]);
    snprintf(s->callers, sizeof s->callers, "%s", fl[2]);
    snprintf(s->function, sizeof s->function, "%s", fl[3]);
    s->draws = atoi(fl[4]);
    s->calls = atof(fl[5]);
    s->cycles = atof(fl[6]);
    s->per_frame = atof(fl[7]);
    s->offscreen = atof(fl[8]);
    s->above = atof(fl[9]);
    s->scale_max = atof(fl[10]);
    s->pixels_drawn = atof(fl[11]);
    s->pixels_charged = atof(fl[12]);
    s->clip_saving = atof(fl[13]);
    s->zoom_saving = atof(fl[14]);
    s->saving = atof(fl[15]);
    snprintf(s->advice, sizeof s->advice, "%s", fl[16]);
    return 1;
}

void m8_report_draws_read(m8_report_draws *d, const m8_profile_files *dir)
{
    d->n = d->nsites = 0;
    read_rows(dir, "draws.csv", "site_rank,site,callers,function,", FIELDS, put_draw, d);
    read_rows(dir, "draw_sites.csv", "rank,site,callers,function,draws,", SITE_FIELDS, put_site, d);
}

static void html(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else if (*s == '"') fputs("&quot;", f);
        else if (*s == '\'') fputs("&#39;", f);
        else fputc(*s, f);
    }
}

/* A thumbnail of sheet rectangle (sx, sy, sw, sh), fitted in 32x32 (the .dsheet class
 * holds the sheet). */
static void thumb(FILE *f, const m8_report_draw *r)
{
    if (r->sw <= 0 || r->sh <= 0) return;
    double k = 32.0 / (r->sw > r->sh ? r->sw : r->sh);
    fprintf(f, "<span class='dthumb dsheet' style='width:%.1fpx;height:%.1fpx;"
               "background-size:%.1fpx %.1fpx;background-position:%.1fpx %.1fpx'></span> ",
            r->sw * k, r->sh * k, 128 * k, 128 * k, -r->sx * k, -r->sy * k);
}

/* "5 sprites", "1 sprite", "3 sources": what a site's draws are. */
static void put_draws_count(char *buf, size_t size, const m8_report_site *s)
{
    int sprites = !strcmp(s->function, "spr") || !strcmp(s->function, "sspr");
    snprintf(buf, size, "%d %s%s", s->draws, sprites ? "sprite" : "source", s->draws == 1 ? "" : "s");
}

/* Cycles in a short form: 28.7 M, 41.2 k, 950. */
static void put_cycles(char *buf, size_t size, double c)
{
    if (c >= 1e6) snprintf(buf, size, "%.1f M", c / 1e6);
    else if (c >= 1e4) snprintf(buf, size, "%.1f k", c / 1e3);
    else snprintf(buf, size, "%.0f", c);
}

static void sites_html(const m8_report_draws *d, FILE *f, double frames, double run_cycles)
{
    if (!d->nsites) return;
    fputs("<h2>Top draw sites (draw_sites.csv)</h2><div class='card'>", f);
    fputs("<table><tr><th>#</th><th class='l'>call site and callers</th><th class='l'>function"
          "</th><th>draws</th><th>calls/frame</th><th>cycles/frame</th><th>% of run</th>"
          "<th>off-screen</th><th>above 1:1</th><th>saving/frame</th></tr>", f);
    for (int i = 0; i < d->nsites; i++) {
        const m8_report_site *s = &d->sites[i];
        char count[48];
        put_draws_count(count, sizeof count, s);
        fprintf(f, "<tr><td>%d</td><td class='l chain'><b>", s->rank);
        html(f, s->site);
        fputs("</b> <code>", f);
        html(f, s->callers);
        fputs("</code></td><td class='l'><code>", f);
        html(f, s->function);
        double off = s->cycles > 0 ? 100 * s->offscreen / s->cycles : 0;
        double above = s->cycles > 0 ? 100 * s->above / s->cycles : 0;
        fprintf(f, "</code></td><td>%s</td><td>%.1f</td><td>%.0f</td><td>%.1f%%</td>"
                   "<td%s>%.0f%%</td><td%s>%.0f%%</td><td>%.0f</td></tr>",
                count, s->calls / frames, s->per_frame,
                run_cycles > 0 ? 100 * s->cycles / run_cycles : 0,
                off >= 0.5 ? " class='drop'" : "", off, above >= 0.5 ? " class='drop'" : "",
                above, s->saving);
        if (s->advice[0]) {
            fputs("<tr class='advice'><td></td><td class='l' colspan='9'>&#9986; ", f);
            html(f, s->advice);
            fputs("</td></tr>", f);
        }
    }
    fputs("</table><div style='color:#808090'>a draw site: the line that called, the functions "
          "of its caller chain (whichever lines they called from) and the function, whatever it "
          "drew; draws: its rows in Top draws (# as their site); above 1:1: the share of its "
          "cycles in calls scaled past 1:1; savings are summed call by call, per displayed "
          "frame</div></div>", f);
}

void m8_report_draws_html(const m8_report_draws *d, FILE *f, double frames, double run_cycles,
                          const char *sheet_b64)
{
    if (!(frames >= 1)) frames = 1;
    if (d->n || d->nsites)
        fputs("<style>.dthumb{display:inline-block;image-rendering:pixelated;vertical-align:"
              "middle;border:1px solid #333}tr.advice td{color:#ffec27;padding-bottom:8px}"
              "td.chain{max-width:420px}</style>", f);
    sites_html(d, f, frames, run_cycles);
    if (!d->n) return;
    fputs("<h2>Top draws (draws.csv)</h2><div class='card'>", f);
    if (sheet_b64)
        fprintf(f, "<style>.dsheet{background-image:url(data:image/png;base64,%s)}</style>",
                sheet_b64);
    fputs("<table><tr><th>#</th><th>site</th><th class='l'>call site and callers</th>"
          "<th class='l'>function</th><th class='l'>draws from</th><th>scale</th>"
          "<th>calls/frame</th><th>cycles/frame</th><th>% of run</th><th>off-screen</th>"
          "<th>pixels drawn / charged a call</th></tr>", f);
    for (int i = 0; i < d->n; i++) {
        const m8_report_draw *r = &d->rows[i];
        double calls = r->calls ? (double)r->calls : 1;
        int is_map = !strcmp(r->function, "map") || !strcmp(r->function, "mapdraw");
        fprintf(f, "<tr><td>%d</td><td>#%d</td><td class='l chain'><b>", i + 1, r->site_rank);
        html(f, r->site);
        fputs("</b> <code>", f);
        html(f, r->callers);
        fputs("</code></td><td class='l'><code>", f);
        html(f, r->function);
        fputs("</code></td><td class='l'>", f);
        if (r->has_source && is_map) {
            fprintf(f, "cells %d,%d %dx%d", r->sx, r->sy, r->sw, r->sh);
        } else if (r->has_source) {
            if (sheet_b64) thumb(f, r);
            if (r->sprite[0]) {
                fputs("sprite ", f);
                html(f, r->sprite);
                if (r->sw != 8 || r->sh != 8) fprintf(f, " (%dx%d px)", r->sw, r->sh);
            } else {
                fprintf(f, "sheet %d,%d %dx%d", r->sx, r->sy, r->sw, r->sh);
            }
        } else {
            fputs("&mdash;", f);
        }
        fputs("</td><td>", f);
        if (is_map && r->cells > 0)
            fprintf(f, "%.0f of %.0f cells visible", r->cells_visible / calls, r->cells / calls);
        else if (r->has_scale && (fabs(r->scale_x - r->scale_y) < 0.005))
            fprintf(f, "%.2fx", r->scale_x);
        else if (r->has_scale) fprintf(f, "%.2fx &#215; %.2fx", r->scale_x, r->scale_y);
        if (r->has_scale && r->scale_max - r->scale_min >= 0.005)
            fprintf(f, "<br><small title='linear scale: square root of destination / source "
                       "area'>&#8730;area %.2fx to %.2fx</small>", r->scale_min, r->scale_max);
        fprintf(f, "</td><td>%.1f</td><td>%.0f</td><td>%.1f%%</td>", (double)r->calls / frames,
                r->per_frame, run_cycles > 0 ? 100 * r->cycles / run_cycles : 0);
        double off = r->cycles > 0 ? 100 * r->offscreen / r->cycles : 0;
        fprintf(f, "<td%s>%.0f%%</td><td>%.0f / %.0f</td></tr>", off >= 0.5 ? " class='drop'" : "",
                off, r->pixels_drawn / calls, r->pixels_charged / calls);
        if (r->advice[0]) {
            fputs("<tr class='advice'><td></td><td></td><td class='l' colspan='9'>&#9986; ", f);
            html(f, r->advice);
            fputs("</td></tr>", f);
        }
    }
    fputs("</table><div style='color:#808090'>a draw: one call stack (the line that called "
          "and its callers), function, and sprite or sheet rectangle, at any scale (the "
          "cost-weighted mean on each axis, and the range of the linear scale &#8730;(destination "
          "/ source area) when it varies); off-screen: the share of its "
          "cycles outside the screen or clip rectangle; advice: what the cost rules would "
          "charge done the cheaper way, summed call by call, per displayed frame</div></div>", f);
}

void m8_report_draws_text(const m8_report_draws *d, FILE *f)
{
    if (!d->nsites) return;
    fprintf(f, "\ntop draw sites    cycles/frame  off-screen  above 1:1  function  draws       "
               "callers\n");
    for (int i = 0; i < d->nsites && i < 8; i++) {
        const m8_report_site *s = &d->sites[i];
        char count[48];
        put_draws_count(count, sizeof count, s);
        fprintf(f, "  %-14s %12.0f %10.0f%% %9.0f%%  %-8s  %-10s  %.60s\n", s->site, s->per_frame,
                s->cycles > 0 ? 100 * s->offscreen / s->cycles : 0,
                s->cycles > 0 ? 100 * s->above / s->cycles : 0, s->function, count, s->callers);
    }
    int order[M8_REPORT_SITES], n = 0;   /* advised sites, largest saving first */
    for (int i = 0; i < d->nsites; i++)
        if (d->sites[i].advice[0]) order[n++] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && d->sites[order[j - 1]].saving < d->sites[order[j]].saving; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    if (!n) return;
    fprintf(f, "\nwhere to cut (largest savings first)\n");
    for (int i = 0; i < n && i < 3; i++) {
        const m8_report_site *s = &d->sites[order[i]];
        char count[48], cycles[32];
        put_draws_count(count, sizeof count, s);
        put_cycles(cycles, sizeof cycles, s->cycles);
        fprintf(f, "  %d. %s %s via %s: %s cycles over %s", i + 1, s->site, s->function,
                s->callers, cycles, count);
        if (s->above > 0 && s->cycles > 0)
            fprintf(f, ", %.0f%% above 1:1", 100 * s->above / s->cycles);
        fprintf(f, ": %s\n", s->advice);
    }
}
