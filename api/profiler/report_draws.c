/* report_draws.c - the report's "Top draws" table and the text summary's advice, from
 * draws.csv (report_draws.h). The CSV has quoted fields (the caller chain, the advice).
 * Depends on: report_draws.h, profile_files.h, libc. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report_draws.h"

enum { FIELDS = 21 };   /* draws.csv's columns (docs/cost-model.md) */

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

void m8_report_draws_read(m8_report_draws *d, const m8_profile_files *dir)
{
    d->n = 0;
    char err[128];
    if (!m8_profile_file_get(dir, "draws.csv")) return;
    FILE *f = m8_profile_file_open(dir, "draws.csv", err, sizeof err);
    if (!f) return;
    char *line = NULL;
    size_t cap = 0;
    if (getline(&line, &cap, f) > 0 && strncmp(line, "site,callers,function,", 22) == 0) {
        while (d->n < M8_REPORT_DRAWS && getline(&line, &cap, f) > 0) {
            char *fl[FIELDS];
            if (split_csv(line, fl, FIELDS) != FIELDS) continue;
            m8_report_draw *r = &d->rows[d->n++];
            memset(r, 0, sizeof *r);
            snprintf(r->site, sizeof r->site, "%s", fl[0]);
            snprintf(r->callers, sizeof r->callers, "%s", fl[1]);
            snprintf(r->function, sizeof r->function, "%s", fl[2]);
            snprintf(r->sprite, sizeof r->sprite, "%s", fl[3]);
            r->has_source = *fl[4] != 0;
            r->sx = atoi(fl[4]);
            r->sy = atoi(fl[5]);
            r->sw = atoi(fl[6]);
            r->sh = atoi(fl[7]);
            r->has_scale = *fl[8] != 0;
            r->scale_x = atof(fl[8]);
            r->scale_y = atof(fl[9]);
            r->cells = atof(fl[10]);
            r->cells_visible = atof(fl[11]);
            r->calls = strtoull(fl[12], NULL, 10);
            r->cycles = atof(fl[13]);
            r->per_frame = atof(fl[14]);
            r->onscreen = atof(fl[15]);
            r->offscreen = atof(fl[16]);
            r->pixels_drawn = atof(fl[17]);
            r->pixels_charged = atof(fl[18]);
            r->saving = atof(fl[19]);
            snprintf(r->advice, sizeof r->advice, "%s", fl[20]);
        }
    }
    free(line);
    fclose(f);
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

void m8_report_draws_html(const m8_report_draws *d, FILE *f, double frames, double run_cycles,
                          const char *sheet_b64)
{
    if (!d->n) return;
    if (!(frames >= 1)) frames = 1;
    fputs("<h2>Top draws (draws.csv)</h2><div class='card'>", f);
    fputs("<style>.dthumb{display:inline-block;image-rendering:pixelated;vertical-align:middle;"
          "border:1px solid #333}tr.advice td{color:#ffec27;padding-bottom:8px}"
          "td.chain{max-width:420px}</style>", f);
    if (sheet_b64)
        fprintf(f, "<style>.dsheet{background-image:url(data:image/png;base64,%s)}</style>",
                sheet_b64);
    fputs("<table><tr><th>#</th><th class='l'>call site and callers</th><th class='l'>function"
          "</th><th class='l'>draws from</th><th>scale</th><th>calls/frame</th>"
          "<th>cycles/frame</th><th>% of run</th><th>off-screen</th>"
          "<th>pixels drawn / charged a call</th></tr>", f);
    for (int i = 0; i < d->n; i++) {
        const m8_report_draw *r = &d->rows[i];
        double calls = r->calls ? (double)r->calls : 1;
        int is_map = !strcmp(r->function, "map") || !strcmp(r->function, "mapdraw");
        fprintf(f, "<tr><td>%d</td><td class='l chain'><b>", i + 1);
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
        fprintf(f, "</td><td>%.1f</td><td>%.0f</td><td>%.1f%%</td>", (double)r->calls / frames,
                r->per_frame, run_cycles > 0 ? 100 * r->cycles / run_cycles : 0);
        double off = r->cycles > 0 ? 100 * r->offscreen / r->cycles : 0;
        fprintf(f, "<td%s>%.0f%%</td><td>%.0f / %.0f</td></tr>", off >= 0.5 ? " class='drop'" : "",
                off, r->pixels_drawn / calls, r->pixels_charged / calls);
        if (r->advice[0]) {
            fputs("<tr class='advice'><td></td><td class='l' colspan='9'>&#9986; ", f);
            html(f, r->advice);
            fputs("</td></tr>", f);
        }
    }
    fputs("</table><div style='color:#808090'>a draw: one call stack (the line that called "
          "and its callers), function, sprite or sheet rectangle, and scale; off-screen: the "
          "share of its cycles outside the screen or clip rectangle; advice: what the cost "
          "rules would charge done the cheaper way, per displayed frame</div></div>", f);
}

void m8_report_draws_text(const m8_report_draws *d, FILE *f)
{
    if (!d->n) return;
    fprintf(f, "\ntop draws         cycles/frame  off-screen  function  callers\n");
    for (int i = 0; i < d->n && i < 8; i++) {
        const m8_report_draw *r = &d->rows[i];
        fprintf(f, "  %-14s %12.0f %10.0f%%  %-8s  %.70s\n", r->site, r->per_frame,
                r->cycles > 0 ? 100 * r->offscreen / r->cycles : 0, r->function, r->callers);
    }
    int order[M8_REPORT_DRAWS], n = 0;   /* advised draws, largest saving first */
    for (int i = 0; i < d->n; i++)
        if (d->rows[i].advice[0]) order[n++] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && d->rows[order[j - 1]].saving < d->rows[order[j]].saving; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    if (!n) return;
    fprintf(f, "\nwhere to cut (largest savings first)\n");
    for (int i = 0; i < n && i < 3; i++) {
        const m8_report_draw *r = &d->rows[order[i]];
        fprintf(f, "  %d. %s %s (%s): %s\n", i + 1, r->site, r->function, r->callers, r->advice);
    }
}
