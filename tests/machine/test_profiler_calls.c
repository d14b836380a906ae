/* test_profiler_calls.c - the profiler's call-stack views: exact calls of the cart's Lua
 * functions (loops, tail calls, foreach) in functions.csv and calls.csv; calls.csv puts a
 * draw made through two levels of helpers on the right caller -> callee pairs, with
 * inclusive cycles that add up to each function's; report.html's flame graph holds the
 * frames of a known stack (and tools/m8prof rebuilds it, or leaves it out for a profile
 * without stacks.folded); trace.json is valid JSON whose B/E slices nest, with a known
 * function inside its caller. Expected cycles come from the profile's own files, never
 * from the cost rules. Depends on: Criterion, api/mote8_profiler.h, m8_test_util.h. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "m8_test_util.h"
#include "mote8.h"
#include "mote8_profiler.h"
#include "profiler/profile_trace.h"

static const char *profile(const char *code, int ticks)
{
    return m8t_profile(code, ticks, "calls_test", NULL, NULL);
}

/* Rows of a CSV file after its header (plain fields). */
static int rows_of(const char *csv) 
{
    int n = 0;
    for (const char *l = strchr(csv, '\n'); l && l[1]; l = strchr(l + 1, '\n')) n++;
    return n;
}

/* functions.csv: calls, inclusive, exclusive of `fn` defined at `at`. */
static void function_row(const char *csv, const char *fn, const char *at, unsigned long long *calls,
                         unsigned long long *incl, unsigned long long *excl)
{
    char head[128];
    snprintf(head, sizeof head, "\n%s,%s,", fn, at);
    const char *l = strstr(csv, head);
    cr_assert_not_null(l, "%s not in\n%s", head + 1, csv);
    cr_assert_eq(sscanf(l + strlen(head), "%llu,%llu,%llu", calls, incl, excl), 3, "%s", csv);
}

/* calls.csv: calls and inclusive cycles of the row caller,caller_at,site,callee,callee_at. */
static int call_row(const char *csv, const char *row, unsigned long long *calls,
                    unsigned long long *incl)
{
    char head[200];
    snprintf(head, sizeof head, "\n%s,", row);
    const char *l = strstr(csv, head);
    if (!l) return 0;
    return sscanf(l + strlen(head), "%llu,%llu", calls, incl) == 2;
}

#define CALLS_CART                                                                   \
    "function helper(i) return i*2 end\n"                                            \
    "function tail(i) return helper(i) end\n"                                        \
    "function _draw()\n"                                                             \
    " for i=1,7 do helper(i) end\n"                                                  \
    " tail(1) tail(2)\n"                                                             \
    " foreach({1,2,3},helper)\n"                                                     \
    "end\n"

Test(profiler_calls, lua_calls_are_counted_exactly)
{
    const char *dir = profile(CALLS_CART, 4);
    char *frames = m8t_read_in(dir, "frames.csv"), *fns = m8t_read_in(dir, "functions.csv");
    char *calls = m8t_read_in(dir, "calls.csv");
    unsigned long long d = (unsigned long long)rows_of(frames), n, incl, excl, c, ci;
    cr_assert_eq(d, 4, "%s", frames);              /* one _draw per displayed frame */
    function_row(fns, "_draw", "0:3", &n, &incl, &excl);
    cr_expect_eq(n, d);
    function_row(fns, "helper", "0:1", &n, &incl, &excl);
    cr_expect_eq(n, 12 * d, "%s", fns);            /* 7 in the loop, 2 tail calls, 3 by foreach */
    function_row(fns, "tail", "0:2", &n, &incl, &excl);
    cr_expect_eq(n, 2 * d, "%s", fns);
    cr_expect(strncmp(calls, "caller,caller_defined_at,call_site,callee,callee_defined_at,calls,"
                             "inclusive_cycles\n", 82) == 0, "%s", calls);
    cr_assert(call_row(calls, "_draw,0:3,0:4,helper,0:1", &c, &ci), "%s", calls);
    cr_expect_eq(c, 7 * d);
    /* a tail call replaces tail's frame: helper is called from _draw's line, as the stacks
       show it; foreach (C) is left out of the caller chain */
    cr_assert(call_row(calls, "_draw,0:3,0:5,helper,0:1", &c, &ci), "%s", calls);
    cr_expect_eq(c, 2 * d);
    cr_assert(call_row(calls, "_draw,0:3,0:5,tail,0:2", &c, &ci), "%s", calls);
    cr_expect_eq(c, 2 * d);
    cr_assert(call_row(calls, "_draw,0:3,0:6,helper,0:1", &c, &ci), "%s", calls);
    cr_expect_eq(c, 3 * d);
    cr_assert(call_row(calls, "_draw,0:3,0:6,foreach,api", &c, &ci), "%s", calls);
    cr_expect_eq(c, d);
    free(frames);
    free(fns);
    free(calls);
}

#define HELPERS_CART                                                                 \
    "function _update() end\n"                                                       \
    "function _draw()\n cls()\n boss()\nend\n"                                       \
    "function boss()\n local k=0 for i=1,10 do k+=i end\n big(k)\n big(k+40)\nend\n" \
    "-->8\nfunction big(k)\n sspr(0,0,16,16,-20,k,64,64)\nend\n"

/* Every function of the cart: its exclusive cycles plus its rows as caller in calls.csv are
 * its inclusive cycles (no recursion here). Returns how many functions were checked. */
static int check_inclusive_adds_up(const char *fns, const char *calls)
{
    int checked = 0;
    for (const char *l = strchr(fns, '\n') + 1; *l; l = strchr(l, '\n') + 1) {
        char name[64], at[16];
        unsigned long long n, incl, excl;
        if (sscanf(l, "%63[^,],%15[^,],%llu,%llu,%llu", name, at, &n, &incl, &excl) != 5 ||
            !strcmp(at, "api"))
            continue;
        unsigned long long sum = excl;
        char head[100];
        int len = snprintf(head, sizeof head, "\n%s,%s,", name, at);
        for (const char *r = strstr(calls, head); r; r = strstr(r + 1, head)) {
            const char *f = r + len;            /* site,callee,callee_at,calls,inclusive */
            for (int k = 0; k < 4; k++) f = strchr(f, ',') + 1;
            sum += strtoull(f, NULL, 10);
        }
        cr_expect_eq(sum, incl, "%s: exclusive + callees %llu, inclusive %llu\n%s", name, sum,
                     incl, calls);
        checked++;
    }
    return checked;
}

Test(profiler_calls, a_draw_through_two_helpers_on_its_callers)
{
    const char *dir = profile(HELPERS_CART, 5);
    char *fns = m8t_read_in(dir, "functions.csv"), *calls = m8t_read_in(dir, "calls.csv");
    char *api = m8t_read_in(dir, "api.csv");
    unsigned long long sspr_calls = 0, sspr = 0, n, incl, excl, c, ci, c2, ci2;
    const char *a = strstr(api, "\nsspr,");
    cr_assert_not_null(a, "%s", api);
    cr_assert_eq(sscanf(a, "\nsspr,%llu,%llu", &sspr_calls, &sspr), 2);
    cr_assert_eq(sspr_calls, 10);                  /* two a frame */
    cr_assert(call_row(calls, "big,1:1,1:2,sspr,api", &c, &ci), "%s", calls);
    cr_expect_eq(c, sspr_calls);
    cr_expect_eq(ci, sspr);
    /* boss calls big at two lines: one row each, 5 calls, adding up to big's inclusive */
    cr_assert(call_row(calls, "boss,0:6,0:8,big,1:1", &c, &ci), "%s", calls);
    cr_assert(call_row(calls, "boss,0:6,0:9,big,1:1", &c2, &ci2), "%s", calls);
    cr_expect_eq(c, 5);
    cr_expect_eq(c2, 5);
    function_row(fns, "big", "1:1", &n, &incl, &excl);
    cr_expect_eq(n, 10);
    cr_expect_eq(ci + ci2, incl);
    cr_expect_eq(incl, excl + sspr);
    /* _draw -> boss carries boss's inclusive cycles */
    cr_assert(call_row(calls, "_draw,0:2,0:4,boss,0:6", &c, &ci), "%s", calls);
    function_row(fns, "boss", "0:6", &n, &incl, &excl);
    cr_expect_eq(c, 5);
    cr_expect_eq(ci, incl);
    cr_expect_eq(check_inclusive_adds_up(fns, calls), 4, "%s", fns);   /* _draw _update boss big */
    free(fns);
    free(calls);
    free(api);
}

/* The cycles of the folded stacks starting with `prefix` (whole frames). */
static unsigned long long folded_prefix(const char *folded, const char *prefix)
{
    unsigned long long sum = 0;
    size_t n = strlen(prefix);
    for (const char *l = folded; *l; l = strchr(l, '\n') + 1) {
        const char *nl = strchr(l, '\n'), *sp = nl;
        while (sp > l && sp[-1] != ' ') sp--;
        if (strncmp(l, prefix, n) == 0 && (l[n] == ';' || l + n == sp - 1)) sum += strtoull(sp, NULL, 10);
    }
    return sum;
}

Test(profiler_calls, report_flame_graph_holds_the_frames)
{
    const char *dir = profile(HELPERS_CART, 5);
    char *html = m8t_read_in(dir, "report.html"), *folded = m8t_read_in(dir, "stacks.folded");
    cr_assert(strstr(html, "<svg id='flame'") != NULL);
    const char *paths[] = { "_draw (0:4);boss (0:8);big (1:2)", "_draw (0:4);boss (0:9);big (1:2)",
                            "_draw (0:4)", "_draw (0:3);cls" };
    const char *leaf[] = { "big (1:2)", "big (1:2)", "_draw (0:4)", "cls" };
    for (int i = 0; i < 4; i++) {
        unsigned long long cycles = folded_prefix(folded, paths[i]);
        cr_assert_gt(cycles, 0, "%s\n%s", paths[i], folded);
        char title[160];
        snprintf(title, sizeof title, "<title>%s: %llu cycles, ", leaf[i], cycles);
        cr_expect(strstr(html, title) != NULL, "%s not in the flame graph", title);
    }
    cr_expect(strstr(html, "sspr: ") != NULL && strstr(html, " (API call)</title>") != NULL);
    cr_expect(strstr(html, "<h2>Callers and callees") != NULL);
    cr_expect(strstr(html, "<summary><code>boss</code>") != NULL);
    char *api = m8t_read_in(dir, "api.csv");           /* sspr's callers: big's line, all of it */
    unsigned long long sspr_calls = 0, sspr = 0;
    cr_assert_eq(sscanf(strstr(api, "\nsspr,"), "\nsspr,%llu,%llu", &sspr_calls, &sspr), 2);
    char caller[200];
    snprintf(caller, sizeof caller, "<code>big</code> at 1:2</td><td>%llu</td><td>%llu</td><td>100.0</td>",
             sspr_calls, sspr);
    cr_expect(strstr(html, "<summary><code>sspr</code> (API)") != NULL && strstr(html, caller) != NULL,
              "%s", caller);
    free(api);
    cr_expect(strstr(html, "<script src") == NULL && strstr(html, "href=") == NULL);
    /* m8prof rebuilds the graph from the files; without stacks.folded and calls.csv (an
       older profile) the report has neither section and no error */
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -f %s/report.html && %s/bin/m8prof %s > /dev/null", dir,
             M8_BINARY_DIR, dir);
    cr_assert_eq(system(cmd), 0);
    char *again = m8t_read_in(dir, "report.html");
    cr_expect(strstr(again, "<svg id='flame'") != NULL && strstr(again, "<h2>Callers and callees") != NULL);
    snprintf(cmd, sizeof cmd, "rm -f %s/report.html %s/stacks.folded %s/calls.csv && "
                              "%s/bin/m8prof %s > /dev/null", dir, dir, dir, M8_BINARY_DIR, dir);
    cr_assert_eq(system(cmd), 0);
    char *old = m8t_read_in(dir, "report.html");
    cr_expect(strstr(old, "id='flame'") == NULL && strstr(old, "Callers and callees") == NULL);
    cr_expect(strstr(old, "</html>") != NULL);
    free(html);
    free(folded);
    free(again);
    free(old);
}

/* ---------------------------------------------------------------- JSON --- */

/* A small JSON checker (RFC 8259 syntax): returns the end of the value at s, NULL if bad. */
static const char *ws(const char *s)
{
    while (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t') s++;
    return s;
}

static const char *json_value(const char *s, int depth);

static const char *json_string(const char *s)
{
    if (*s++ != '"') return NULL;
    for (; *s != '"'; s++) {
        if ((unsigned char)*s < 32) return NULL;
        if (*s == '\\') {
            s++;
            if (*s == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!isxdigit((unsigned char)s[i])) return NULL;
                s += 4;
            } else if (!strchr("\"\\/bfnrt", *s) || !*s) {
                return NULL;
            }
        }
    }
    return s + 1;
}

static const char *json_number(const char *s)
{
    if (*s == '-') s++;
    if (*s == '0') s++;
    else if (isdigit((unsigned char)*s)) while (isdigit((unsigned char)*s)) s++;
    else return NULL;
    if (*s == '.') {
        if (!isdigit((unsigned char)*++s)) return NULL;
        while (isdigit((unsigned char)*s)) s++;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-') s++;
        if (!isdigit((unsigned char)*s)) return NULL;
        while (isdigit((unsigned char)*s)) s++;
    }
    return s;
}

static const char *json_value(const char *s, int depth)
{
    if (depth > 64) return NULL;
    s = ws(s);
    if (*s == '{' || *s == '[') {
        char close = *s == '{' ? '}' : ']';
        s = ws(s + 1);
        if (*s == close) return s + 1;
        for (;;) {
            if (close == '}') {
                s = json_string(ws(s));
                if (!s || *(s = ws(s)) != ':') return NULL;
                s++;
            }
            s = json_value(s, depth + 1);
            if (!s) return NULL;
            s = ws(s);
            if (*s == close) return s + 1;
            if (*s++ != ',') return NULL;
        }
    }
    if (*s == '"') return json_string(s);
    if (!strncmp(s, "true", 4)) return s + 4;
    if (!strncmp(s, "false", 5)) return s + 5;
    if (!strncmp(s, "null", 4)) return s + 4;
    return json_number(s);
}

/* The text of "key":"value" in one event (an object on its own line), or "". */
static void event_field(const char *ev, const char *key, char *out, size_t size)
{
    char k[40];
    snprintf(k, sizeof k, "\"%s\":", key);
    const char *at = strstr(ev, k);
    out[0] = 0;
    if (!at) return;
    at += strlen(k);
    if (*at == '"') at++;
    size_t n = strcspn(at, "\",}");
    snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), at);
}

Test(profiler_calls, trace_json_is_valid_with_nested_slices)
{
    const char *dir = profile(HELPERS_CART, 5);
    char *trace = m8t_read_in(dir, "trace.json"), *api = m8t_read_in(dir, "api.csv");
    const char *end = json_value(trace, 0);
    cr_assert_not_null(end, "trace.json is not JSON");
    cr_expect_eq(*ws(end), 0, "text after the JSON value");
    unsigned long long sspr_calls = 0, sspr = 0;
    cr_assert_eq(sscanf(strstr(api, "\nsspr,"), "\nsspr,%llu,%llu", &sspr_calls, &sspr), 2);
    /* B/E events on one thread, in time order, nesting; big inside boss inside _draw */
    char open[64][48];
    double open_ts[64], last_ts = -1;
    int depth = 0, bigs = 0, ssprs = 0;
    for (const char *l = strchr(trace, '\n') + 1; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        char ph[8], name[48], ts[32], cycles[32];
        event_field(l, "ph", ph, sizeof ph);
        if (strcmp(ph, "B") && strcmp(ph, "E")) continue;
        event_field(l, "ts", ts, sizeof ts);
        double t = strtod(ts, NULL);
        cr_assert_geq(t, last_ts, "events out of time order at %.80s", l);
        last_ts = t;
        if (!strcmp(ph, "E")) {
            cr_assert_gt(depth, 0, "an E without its B: %.80s", l);
            depth--;
            continue;
        }
        event_field(l, "name", name, sizeof name);
        cr_assert_lt(depth, 64);
        if (!strcmp(name, "big")) {
            cr_expect(depth >= 2 && !strcmp(open[depth - 1], "boss") && !strcmp(open[depth - 2], "_draw"),
                      "big not inside boss inside _draw: %.80s", l);
            bigs++;
        }
        if (!strcmp(name, "sspr")) {
            cr_expect(depth >= 1 && !strcmp(open[depth - 1], "big"), "sspr not inside big");
            event_field(l, "cycles", cycles, sizeof cycles);
            cr_expect_eq(strtoull(cycles, NULL, 10) * sspr_calls, sspr, "%.120s", l);
            ssprs++;
        }
        snprintf(open[depth], sizeof open[depth], "%s", name);
        open_ts[depth++] = t;
    }
    (void)open_ts;
    cr_expect_eq(depth, 0, "slices left open");
    cr_expect_eq(bigs, 10);
    cr_expect_eq(ssprs, 10);
    free(trace);
    free(api);
}

/* The report in headless Chromium (skipped when chromium is missing: tools/deps.sh test
 * installs it): the page loads, and the flame graph's script zooms into a clicked frame
 * (its rect spans the whole width, a frame beside it is hidden). */
static int have_chromium(void) { return system("command -v chromium >/dev/null 2>&1") == 0; }

Test(profiler_calls, report_flame_graph_zooms_in_chromium, .timeout = 180)
{
    if (!have_chromium()) {
        cr_skip_test("chromium not installed");
        return;
    }
    const char *dir = profile(HELPERS_CART, 5);
    char *html = m8t_read_in(dir, "report.html");
    char path[600], cmd[1400];
    snprintf(path, sizeof path, "%s/zoom.html", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(html, f);
    fputs("<pre id='out'></pre><script>var q=document.querySelectorAll('g.fr'),z,c;"
          "q.forEach(function(g){if(g.dataset.l=='boss (0:8)')z=g;if(g.dataset.l=='_draw (0:3)')c=g;});"
          "z.dispatchEvent(new Event('click'));"
          "document.getElementById('out').textContent='zoomed '+z.querySelector('rect')"
          ".getAttribute('width')+' '+(c.style.display=='none'?'hidden':'shown');</script>", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "timeout 120 chromium --headless --no-sandbox --disable-gpu "
                              "--dump-dom file://%s > %s/dom.html 2>/dev/null", path, dir);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    char *dom = m8t_read_in(dir, "dom.html");
    cr_expect(strstr(dom, "<pre id=\"out\">zoomed 1099.5 hidden</pre>") != NULL, "%.300s",
              strstr(dom, "<pre") ? strstr(dom, "<pre") : "no output");
    free(dom);
    free(html);
}

/* More slices than M8_TRACE_MAX_SLICES: the rest are counted in otherData, the file stays
 * valid JSON with the cap's slices (plus the ticks' own). */
Test(profiler_calls, trace_json_slices_are_capped, .timeout = 120)
{
    /* 200 calls a tick: well inside the host-time watch even on a loaded machine */
    const char *dir = profile("function f() cls() end\nfunction _update() for i=1,200 do f() end end\n", 125);
    char *trace = m8t_read_in(dir, "trace.json"), *api = m8t_read_in(dir, "api.csv");
    unsigned long long cls_calls = 0, cls = 0;
    cr_assert_eq(sscanf(strstr(api, "\ncls,"), "\ncls,%llu,%llu", &cls_calls, &cls), 2, "%s", api);
    cr_assert_eq(cls_calls, 25000);
    cr_assert_geq(cls / cls_calls, M8_TRACE_MIN_CYCLES, "cls too cheap for a slice");
    cr_assert_not_null(json_value(trace, 0), "trace.json is not JSON");
    int begins = 0, ticks = 0;
    for (const char *b = strstr(trace, "\"ph\":\"B\""); b; b = strstr(b + 1, "\"ph\":\"B\"")) begins++;
    for (const char *b = strstr(trace, "\"cat\":\"tick\",\"ph\":\"B\""); b;
         b = strstr(b + 1, "\"cat\":\"tick\",\"ph\":\"B\""))
        ticks++;                                   /* the ticks' _update (and _draw) slices */
    cr_expect_eq(begins - ticks, M8_TRACE_MAX_SLICES, "%d slices", begins);
    const char *left = strstr(trace, "\"slices_left_out\":");
    cr_assert_not_null(left);
    unsigned long long n = strtoull(left + 18, NULL, 10);
    /* every call of f, every cls, every _update of the cart: written or left out */
    cr_expect_eq(n + (unsigned long long)(begins - ticks), 2 * 25000 + 125, "left out %llu, written %d",
                 n, begins - ticks);
    free(trace);
    free(api);
}
