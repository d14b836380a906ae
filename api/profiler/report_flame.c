/* report_flame.c - the flame graph of report.html (report_flame.h), from stacks.folded.
 *
 * The folded lines are merged into a tree (a frame per distinct label under its parent),
 * children widest first; frames below M8_FLAME_MIN_SHARE of all cycles are not drawn (their
 * cycles stay in the parent's width). Drawn as inline SVG, the root at the bottom: a frame's
 * width is its cycles, its <title> names the function, the cycles and the shares of the
 * whole and of its parent; API frames (the draws) are orange like the report's system
 * cycles, the cart's Lua frames blue, frames standing for none grey. A small inline script
 * zooms into a frame on click (the root zooms out); the graph is whole without it.
 * Depends on: report_flame.h, profile_files.h, libc. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report_flame.h"

#define FLAME_W 1100
#define FLAME_ROW 18
#define FLAME_CHAR_W 6.4        /* px per character of the 11px label font, roughly */

typedef struct flame_node {
    char *label;
    uint64_t cycles;
    int parent, first_child, next_sibling, depth;
    int kind;                   /* 0 = the cart's Lua, 1 = API, 2 = none (root, outside, cut) */
} flame_node;

typedef struct flame {
    flame_node *nodes;
    int n, cap;
} flame;

static int add_node(flame *g, int parent, const char *label, size_t len, int kind)
{
    if (g->n == g->cap) {
        int cap = g->cap ? g->cap * 2 : 256;
        flame_node *p = realloc(g->nodes, (size_t)cap * sizeof *p);
        if (!p) return -1;
        g->nodes = p;
        g->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy) return -1;
    memcpy(copy, label, len);
    copy[len] = 0;
    flame_node *nd = &g->nodes[g->n];
    *nd = (flame_node){ copy, 0, parent, -1, -1, parent >= 0 ? g->nodes[parent].depth + 1 : 0, kind };
    if (parent >= 0) {
        nd->next_sibling = g->nodes[parent].first_child;
        g->nodes[parent].first_child = g->n;
    }
    return g->n++;
}

static int child(flame *g, int parent, const char *label, size_t len, int kind)
{
    for (int c = g->nodes[parent].first_child; c >= 0; c = g->nodes[c].next_sibling)
        if (strlen(g->nodes[c].label) == len && memcmp(g->nodes[c].label, label, len) == 0) return c;
    return add_node(g, parent, label, len, kind);
}

/* A frame's kind from its folded label: the cart's frames end in " (tab:line)"; the
 * last frame without one is an API call unless it is a "(...)" frame standing for none. */
static int frame_kind(const char *label, size_t len, int last)
{
    if (len > 2 && label[len - 1] == ')' && memchr(label, ' ', len) && label[0] != '(') return 0;
    if (len > 0 && label[0] == '(') return len > 13 && memcmp(label, "(main chunk) ", 13) == 0 ? 0 : 2;
    return last ? 1 : 0;
}

/* Reads stacks.folded into g (node 0 = all); 0, or -1 without the file or memory. */
static int read_folded(flame *g, const m8_profile_files *dir)
{
    const m8_profile_file *file = m8_profile_file_get(dir, "stacks.folded");
    if (!file || !file->len) return -1;
    if (add_node(g, -1, "all", 3, 2) != 0) return -1;
    const char *s = file->data, *end = file->data + file->len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *eol = nl ? nl : end;
        const char *sp = eol;
        while (sp > s && sp[-1] != ' ') sp--;
        unsigned long long cycles = 0;
        int ok = sp > s && sp < eol && sscanf(sp, "%llu", &cycles) == 1;
        if (ok) {
            const char *stack_end = sp - 1;
            int node = 0;
            g->nodes[0].cycles += cycles;
            for (const char *f = s; f < stack_end && node >= 0;) {
                const char *semi = memchr(f, ';', (size_t)(stack_end - f));
                const char *fe = semi ? semi : stack_end;
                node = child(g, node, f, (size_t)(fe - f), frame_kind(f, (size_t)(fe - f), !semi));
                if (node >= 0) g->nodes[node].cycles += cycles;
                f = fe + 1;
            }
            if (node < 0) return -1;
        }
        s = eol + 1;
    }
    return 0;
}

static void put_text(FILE *f, const char *s, size_t max)
{
    for (size_t i = 0; s[i] && i < max; i++) {
        if (s[i] == '<') fputs("&lt;", f);
        else if (s[i] == '>') fputs("&gt;", f);
        else if (s[i] == '&') fputs("&amp;", f);
        else if (s[i] == '"') fputs("&quot;", f);
        else if (s[i] == '\'') fputs("&#39;", f);
        else fputc(s[i], f);
    }
}

/* Children widest first (a stable order: the label on ties). */
static const flame_node *sort_nodes;
static int by_cycles_desc(const void *a, const void *b)
{
    const flame_node *x = &sort_nodes[*(const int *)a], *y = &sort_nodes[*(const int *)b];
    if (x->cycles != y->cycles) return x->cycles < y->cycles ? 1 : -1;
    return strcmp(x->label, y->label);
}

typedef struct placed {
    int node;
    double x, w;                /* share of the whole width */
} placed;

/* Places the drawn frames (breadth first, widest first) into out; returns the count. */
static int place(const flame *g, placed *out, int max, uint64_t min_cycles, int *max_depth)
{
    int n = 0, head = 0;
    double total = g->nodes[0].cycles ? (double)g->nodes[0].cycles : 1;
    out[n++] = (placed){ 0, 0, 1 };
    *max_depth = 0;
    int *kids = malloc((size_t)g->n * sizeof *kids);
    if (!kids) return n;
    sort_nodes = g->nodes;
    while (head < n) {
        placed pl = out[head++];
        int nk = 0;
        for (int c = g->nodes[pl.node].first_child; c >= 0; c = g->nodes[c].next_sibling)
            if (g->nodes[c].cycles >= min_cycles && g->nodes[c].cycles > 0) kids[nk++] = c;
        qsort(kids, (size_t)nk, sizeof *kids, by_cycles_desc);
        double x = pl.x;
        for (int k = 0; k < nk && n < max; k++) {
            double w = (double)g->nodes[kids[k]].cycles / total;
            out[n++] = (placed){ kids[k], x, w };
            if (g->nodes[kids[k]].depth > *max_depth) *max_depth = g->nodes[kids[k]].depth;
            x += w;
        }
    }
    free(kids);
    return n;
}

static void fill_of(const flame_node *nd, char *buf, size_t size)
{
    unsigned h = 2166136261u;
    for (const char *c = nd->label; *c && *c != ' '; c++) h = (h ^ (unsigned char)*c) * 16777619u;
    int light = 52 + (int)(h % 20);
    if (nd->kind == 1) snprintf(buf, size, "hsl(%u,95%%,%d%%)", 24 + h % 16, light);
    else if (nd->kind == 0) snprintf(buf, size, "hsl(%u,75%%,%d%%)", 196 + h % 22, light);
    else snprintf(buf, size, "#8a8a9a");
}

static const char flame_script[] =
    "<script>(function(){var s=document.getElementById('flame');if(!s)return;"
    "var W=+s.getAttribute('width'),gs=s.querySelectorAll('g.fr');"
    "function fit(l,w){var n=Math.floor((w-6)/6.4);return n<3?'':l.length<=n?l:l.slice(0,n-2)+'..';}"
    "function zoom(zx,zw){gs.forEach(function(g){var x=(+g.dataset.x-zx)/zw,w=+g.dataset.w/zw;"
    "if(x+w<=1e-9||x>=1-1e-9){g.style.display='none';return;}g.style.display='';"
    "var x0=Math.max(x,0),x1=Math.min(x+w,1),r=g.querySelector('rect'),t=g.querySelector('text');"
    "r.setAttribute('x',x0*W);r.setAttribute('width',Math.max((x1-x0)*W-0.5,0.5));"
    "t.setAttribute('x',x0*W+3);t.textContent=fit(g.dataset.l,(x1-x0)*W);});}"
    "gs.forEach(function(g){g.style.cursor='pointer';g.addEventListener('click',function(){"
    "zoom(+g.dataset.x,+g.dataset.w);});});})();</script>";

void m8_report_flame(FILE *html, const m8_profile_files *dir)
{
    flame g = { 0 };
    placed *pl = NULL;
    if (read_folded(&g, dir) != 0 || g.nodes[0].cycles == 0) goto done;
    pl = malloc(M8_FLAME_MAX_FRAMES * sizeof *pl);
    if (!pl) goto done;
    double total = (double)g.nodes[0].cycles;
    uint64_t min_cycles = (uint64_t)(total * M8_FLAME_MIN_SHARE);
    int max_depth, n = place(&g, pl, M8_FLAME_MAX_FRAMES, min_cycles, &max_depth);
    int height = (max_depth + 1) * FLAME_ROW + 2;
    fputs("<h2>Flame graph (stacks.folded)</h2><div class='card'>", html);
    fprintf(html, "<svg id='flame' width='%d' height='%d' viewBox='0 0 %d %d' "
                  "style='font:11px sans-serif'>", FLAME_W, height, FLAME_W, height);
    for (int i = 0; i < n; i++) {
        const flame_node *nd = &g.nodes[pl[i].node];
        double x = pl[i].x * FLAME_W, w = pl[i].w * FLAME_W;
        double y = (max_depth - nd->depth) * FLAME_ROW;
        char fill[40];
        fill_of(nd, fill, sizeof fill);
        fprintf(html, "<g class='fr' data-x='%.9f' data-w='%.9f' data-l='", pl[i].x, pl[i].w);
        put_text(html, nd->label, 200);
        fputs("'><title>", html);
        put_text(html, nd->label, 200);
        double parent = nd->parent >= 0 ? (double)g.nodes[nd->parent].cycles : total;
        fprintf(html, ": %llu cycles, %.2f%% of all", (unsigned long long)nd->cycles,
                100.0 * (double)nd->cycles / total);
        if (nd->parent > 0) fprintf(html, ", %.1f%% of its caller", 100.0 * (double)nd->cycles / parent);
        fprintf(html, "%s</title><rect x='%.2f' y='%d' width='%.2f' height='%d' fill='%s' rx='2'/>",
                nd->kind == 1 ? " (API call)" : "", x, (int)y, w > 1 ? w - 0.5 : 0.5,
                FLAME_ROW - 1, fill);
        fprintf(html, "<text x='%.2f' y='%d' style='fill:#101018'>", x + 3, (int)y + 13);
        int fit = (int)((w - 6) / FLAME_CHAR_W);
        size_t len = strlen(nd->label);
        if (fit >= 3) {
            if (len <= (size_t)fit) put_text(html, nd->label, len);
            else {
                put_text(html, nd->label, (size_t)fit - 2);
                fputs("..", html);
            }
        }
        fputs("</text></g>", html);
    }
    fputs("</svg>", html);
    fprintf(html, "<div style='color:#808090'>Each frame is a function at the line that made "
                  "the call (tab:line), its width its cycles with everything it called; the "
                  "root (all) at the bottom. <span class='lua'>&#9632; the cart's Lua</span> "
                  "<span class='sys'>&#9632; API calls</span>. Frames under %.1f%% of all "
                  "cycles are left in their caller%s. Hover for the figures; click a frame to "
                  "zoom, the root to zoom out.</div></div>",
            100 * M8_FLAME_MIN_SHARE, n == M8_FLAME_MAX_FRAMES ? " (and only the widest frames are drawn)" : "");
    fputs(flame_script, html);
done:
    for (int i = 0; i < g.n; i++) free(g.nodes[i].label);
    free(g.nodes);
    free(pl);
}
