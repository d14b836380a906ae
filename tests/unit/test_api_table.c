/* test_api_table.c - the API table drives the docs and the sandbox: docs/api.md must be what
 * the table generates, every row must be registered, no Lua library leaks in, and each
 * section header names the file that defines each of its rows' bindings. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "api_call.h"
#include "api_registry.h"
#include "m8_test_util.h"

typedef struct buf { char *p; size_t len, cap; } buf;

static void append(void *user, const char *line)
{
    buf *b = user;
    size_t n = strlen(line);
    if (b->len + n + 2 > b->cap) {
        b->cap = (b->len + n + 2) * 2;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, line, n);
    b->len += n;
    b->p[b->len++] = '\n';
    b->p[b->len] = 0;
}

Test(api_table, docs_api_md_is_generated_from_the_table)
{
    buf b = { 0 };
    m8_api_markdown(append, &b);
    size_t len;
    char *doc = m8_read_file(M8_SOURCE_DIR "/docs/api.md", &len, 0);
    cr_assert(doc != NULL, "docs/api.md missing: run build/bin/gen_api_doc > docs/api.md");
    cr_expect(len == b.len && memcmp(doc, b.p, len) == 0,
              "docs/api.md is stale: run build/bin/gen_api_doc > docs/api.md");
    free(doc);
    free(b.p);
}

Test(api_table, names_are_unique_and_rules_sane)
{
    for (int i = 0; i < m8_api_row_count; i++) {
        const m8_api_row *r = &m8_api_rows[i];
        cr_expect(r->fn != NULL || r->lua_source != NULL, "%s has no implementation", r->name);
        cr_expect(r->cost.div >= 1, "%s: divisor", r->name);
        cr_expect(strchr(r->help, ':') != NULL, "%s: help should read 'signature: text'", r->name);
        for (int j = 0; j < i; j++)
            cr_expect(strcmp(r->name, m8_api_rows[j].name) != 0, "%s listed twice", r->name);
    }
}

Test(api_table, cost_rules)
{
    m8_cost_rule fixed = M8_COST_FIXED(2048), units = M8_COST_UNITS(2, 16, 1),
                 ceil_rule = M8_COST_UNITS_CEIL(2, 2, 0), none = M8_COST_NONE;
    cr_expect_eq(m8_call_rule_cycles(&fixed, 123), 2048);
    cr_expect_eq(m8_call_rule_cycles(&units, 8), 2);      /* max(1, flr(8/16)) */
    cr_expect_eq(m8_call_rule_cycles(&units, 64), 8);
    cr_expect_eq(m8_call_rule_cycles(&ceil_rule, 5), 6);  /* 2*ceil(5/2) */
    cr_expect_eq(m8_call_rule_cycles(&none, 99), 0);
}

static const char *sandbox_probe =
    "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
    "for n in all({'io','os','debug','package','require','dofile','loadfile','string',"
    "'table','math','coroutine','collectgarbage','_G','pcall','error','tonumber'}) do\n"
    "  if _ENV[n] ~= nil then printh('fail: '..n..' is visible') end\n"
    "end\n"
    "for n in all({'cls','spr','pairs','cocreate','yield','inext','pack','unpack','tostr'}) do\n"
    "  if _ENV[n] == nil then printh('fail: '..n..' is missing') end\n"
    "end\n"
    "printh('done')\n";

Test(api_table, sandbox_has_pico8_globals_only)
{
    const char *path = "/tmp/m8t_sandbox.p8";
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(sandbox_probe, f);
    fclose(f);
    char printed[4096], err[2048];
    int status = m8t_run_cart(path, 1, NULL, printed, sizeof printed, err, sizeof err);
    cr_assert_neq(status, MOTE8_ERROR, "%s", err);
    cr_expect_str_eq(printed, "done\n");
}

/* ---- one hop from the row: each section header names the file of each of its bindings ---- */

/* The file of api/ (sub-folders too) that defines the C function `fn`: a line that begins
 * "int fn(" or "static int fn(", or a macro that makes it ("BITOP(fn, ..."). */
static int find_definition(const char *dir, const char *rel, const char *fn, char *out,
                           size_t outsz)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    DIR *d = opendir(path);
    if (!d) return 0;
    struct dirent *e;
    int found = 0;
    while (!found && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char child[1024], file[1200];
        snprintf(child, sizeof child, "%s%s%s", rel, rel[0] ? "/" : "", e->d_name);
        snprintf(file, sizeof file, "%s/%s", dir, child);
        size_t n = strlen(e->d_name);
        if (e->d_type == DT_DIR) {
            found = find_definition(dir, child, fn, out, outsz);
            continue;
        }
        if (n < 2 || strcmp(e->d_name + n - 2, ".c") != 0) continue;
        char *text = m8_read_file(file, NULL, 0);
        if (!text) continue;
        char int_def[128], static_def[128], macro_def[128];
        snprintf(int_def, sizeof int_def, "\nint %s(", fn);
        snprintf(static_def, sizeof static_def, "\nstatic int %s(", fn);
        snprintf(macro_def, sizeof macro_def, "(%s,", fn);
        for (char *p = strstr(text, macro_def); p && !found; p = strstr(p + 1, macro_def)) {
            char *line = p;                     /* a macro call at the start of its line */
            while (line > text && line[-1] != '\n') line--;
            int upper = line < p;
            for (char *c = line; c < p; c++)
                if (!((*c >= 'A' && *c <= 'Z') || *c == '_' || (*c >= '0' && *c <= '9')))
                    upper = 0;
            found = upper;
        }
        if (found || strstr(text, int_def) || strstr(text, static_def)) {
            snprintf(out, outsz, "api/%s", child);
            found = 1;
        }
        free(text);
    }
    closedir(d);
    return found;
}

Test(api_table, section_headers_name_the_file_of_every_row)
{
    char *table = m8_read_file(M8_SOURCE_DIR "/api/api_table.h", NULL, 0);
    cr_assert_not_null(table);
    char header[1024] = "";
    int rows = 0;
    for (char *line = table; line && *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char text[2048];
        snprintf(text, sizeof text, "%.*s", (int)(n < sizeof text ? n : sizeof text - 1), line);
        char *mark = strstr(text, "/* ===== ");
        char fn[128], name[128];
        if (mark) {
            snprintf(header, sizeof header, "%s", mark);
            for (char *f = strstr(header, "api/"); f; f = strstr(f + 1, "api/")) {
                char file[256], path[512];     /* every file a header names exists */
                sscanf(f, "%255[A-Za-z0-9_/.]", file);
                size_t k = strlen(file);
                if (k && file[k - 1] == '.') file[k - 1] = 0;
                snprintf(path, sizeof path, "%s/%s", M8_SOURCE_DIR, file);
                cr_expect(access(path, F_OK) == 0, "%s: names %s, which does not exist",
                          header, file);
            }
        } else if (sscanf(text, " X(%127[^,], %127[^,],", name, fn) == 2) {
            char file[1200];
            cr_assert(find_definition(M8_SOURCE_DIR "/api", "", fn, file, sizeof file),
                      "%s: its binding %s is defined in no file of api/", name, fn);
            char named[1300];
            snprintf(named, sizeof named, "%s", file);
            const char *at = strstr(header, named);
            size_t k = strlen(named);
            cr_expect(at && (at[k] == ')' || at[k] == ';' || at[k] == ',' || at[k] == ' '),
                      "%s (%s, defined in %s): its section header does not name that file: %s",
                      name, fn, file, header);
            rows++;
        }
        line = end ? end + 1 : NULL;
    }
    cr_expect(rows > 90, "only %d rows read from api_table.h", rows);
    free(table);
}
