/* report_calls.c - report.html's callers and callees of the top functions (report_flame.h),
 * from functions.csv (the cart's and API functions by inclusive cycles) and calls.csv (caller ->
 * callee per call site): one <details> per function, open for the first and for the first API
 * function (the draws: which function's line made them), with its callers
 * (where it was called from) and its callees (what it called, at which of its lines), each
 * with calls and the inclusive cycles through that call site, and its own (exclusive) cycles.
 * Depends on: report_flame.h, profile_files.h, libc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report_flame.h"

#define CALL_ROWS_MAX 20000     /* calls.csv rows read at most (the costliest: it is sorted) */

typedef struct call_row {
    char caller[64], caller_at[16], site[16], callee[64], callee_at[16];
    unsigned long long calls;
    double inclusive;
} call_row;

typedef struct top_fn {
    char name[64], at[16], calls[24];
    double inclusive, exclusive;
} top_fn;

/* Splits a CSV line of plain fields (no quotes: the profiler's names have no commas). */
static int split(char *line, char **field, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = 0;
    for (char *c = line; n < max;) {
        field[n++] = c;
        c = strchr(c, ',');
        if (!c) break;
        *c++ = 0;
    }
    return n;
}

static void put_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else fputc(*s, f);
    }
}

static int read_top(const m8_profile_files *dir, top_fn *top, int max)
{
    char err[96], line[512];
    if (!m8_profile_file_get(dir, "functions.csv")) return 0;
    FILE *f = m8_profile_file_open(dir, "functions.csv", err, sizeof err);
    if (!f) return 0;
    int n = 0;
    if (fgets(line, sizeof line, f))
        while (n < max && fgets(line, sizeof line, f)) {
            char *field[5];
            if (split(line, field, 5) != 5) continue;
            if (field[0][0] == '(' && strcmp(field[0], "(main chunk)"))
                continue;                   /* not the frames standing for none */
            top_fn *t = &top[n++];
            snprintf(t->name, sizeof t->name, "%.*s", (int)sizeof t->name - 1, field[0]);  /* cut */
            snprintf(t->at, sizeof t->at, "%s", field[1]);
            snprintf(t->calls, sizeof t->calls, "%s", field[2]);
            t->inclusive = strtod(field[3], NULL);
            t->exclusive = strtod(field[4], NULL);
        }
    fclose(f);
    return n;
}

static call_row *read_calls(const m8_profile_files *dir, int *count)
{
    char err[96], line[512];
    *count = 0;
    if (!m8_profile_file_get(dir, "calls.csv")) return NULL;
    FILE *f = m8_profile_file_open(dir, "calls.csv", err, sizeof err);
    if (!f) return NULL;
    call_row *rows = NULL;
    int n = 0, cap = 0;
    if (fgets(line, sizeof line, f))
        while (n < CALL_ROWS_MAX && fgets(line, sizeof line, f)) {
            char *field[7];
            if (split(line, field, 7) != 7) continue;
            if (n == cap) {
                int ncap = cap ? cap * 2 : 256;
                call_row *p = realloc(rows, (size_t)ncap * sizeof *p);
                if (!p) break;
                rows = p;
                cap = ncap;
            }
            call_row *r = &rows[n++];
            snprintf(r->caller, sizeof r->caller, "%.*s", (int)sizeof r->caller - 1, field[0]);
            snprintf(r->caller_at, sizeof r->caller_at, "%s", field[1]);
            snprintf(r->site, sizeof r->site, "%s", field[2]);
            snprintf(r->callee, sizeof r->callee, "%s", field[3]);
            snprintf(r->callee_at, sizeof r->callee_at, "%s", field[4]);
            r->calls = strtoull(field[5], NULL, 10);
            r->inclusive = strtod(field[6], NULL);
        }
    fclose(f);
    *count = n;
    return rows;
}

static void share(FILE *html, double part, double whole)
{
    fprintf(html, "<td>%.1f</td>", whole > 0 ? 100 * part / whole : 0);
}

void m8_report_callgraph(FILE *html, const m8_profile_files *dir, double total)
{
    top_fn top[M8_CALLGRAPH_FUNCTIONS];
    int ntop = read_top(dir, top, M8_CALLGRAPH_FUNCTIONS), nrows = 0;
    call_row *rows = ntop ? read_calls(dir, &nrows) : NULL;
    if (!rows) return;
    fputs("<h2>Callers and callees (calls.csv)</h2><div class='card'>", html);
    int api_opened = 0;
    for (int i = 0; i < ntop; i++) {
        const top_fn *t = &top[i];
        int api = !strcmp(t->at, "api");    /* open: the top function and the top API one */
        fprintf(html, "<details%s><summary><code>", i == 0 || (api && !api_opened) ? " open" : "");
        api_opened |= api;
        put_text(html, t->name);
        if (api)
            fprintf(html, "</code> (API) &mdash; %.0f cycles (%.1f%%), %s calls</summary>"
                          "<div class='row'>", t->inclusive,
                    total > 0 ? 100 * t->inclusive / total : 0, t->calls);
        else
            fprintf(html, "</code> %s%s &mdash; %.0f cycles with its callees (%.1f%%), %.0f its own"
                          "%s%s%s</summary><div class='row'>",
                    t->at[0] ? "defined at " : "", t->at, t->inclusive,
                    total > 0 ? 100 * t->inclusive / total : 0, t->exclusive, t->calls[0] ? ", " : "",
                    t->calls, t->calls[0] ? " calls" : "");
        /* callers: the rows calling it */
        fputs("<table><tr><th class='l'>called from (tab:line)</th><th>calls</th>"
              "<th>cycles</th><th>% of it</th></tr>", html);
        int shown = 0;
        for (int k = 0; k < nrows && shown < M8_CALLGRAPH_ROWS; k++) {
            const call_row *r = &rows[k];
            if (strcmp(r->callee, t->name) || strcmp(r->callee_at, t->at)) continue;
            fputs("<tr><td class='l'><code>", html);
            put_text(html, r->caller);
            fprintf(html, "</code> at %s</td><td>%llu</td><td>%.0f</td>", r->site, r->calls,
                    r->inclusive);
            share(html, r->inclusive, t->inclusive);
            fputs("</tr>", html);
            shown++;
        }
        if (!shown) fputs("<tr><td class='l' colspan='4'>the bios (a callback) or a coroutine"
                          "</td></tr>", html);
        if (api) {                          /* an API function calls nothing of the cart */
            fputs("</table></div></details>", html);
            continue;
        }
        /* callees: the rows it calls from, and its own cycles */
        fputs("</table><table><tr><th class='l'>at (tab:line)</th><th class='l'>function called</th>"
              "<th>calls</th><th>cycles</th><th>% of it</th></tr>", html);
        shown = 0;
        for (int k = 0; k < nrows && shown < M8_CALLGRAPH_ROWS; k++) {
            const call_row *r = &rows[k];
            if (strcmp(r->caller, t->name) || strcmp(r->caller_at, t->at)) continue;
            fprintf(html, "<tr><td class='l'>%s</td><td class='l'><code class='%s'>", r->site,
                    strcmp(r->callee_at, "api") ? "lua" : "sys");
            put_text(html, r->callee);
            fprintf(html, "</code></td><td>%llu</td><td>%.0f</td>", r->calls, r->inclusive);
            share(html, r->inclusive, t->inclusive);
            fputs("</tr>", html);
            shown++;
        }
        fprintf(html, "<tr><td class='l'>its own lines</td><td></td><td></td><td>%.0f</td>",
                t->exclusive);
        share(html, t->exclusive, t->inclusive);
        fputs("</tr></table></div></details>", html);
    }
    fputs("<div style='color:#808090'>The costliest functions of the cart; cycles through a "
          "call site include everything called from there (inclusive). "
          "<span class='lua'>Lua functions</span>, <span class='sys'>API calls</span>.</div></div>",
          html);
    free(rows);
}
