/* test_api_table.c - the API table drives the docs and the sandbox: docs/api.md must be what
 * the table generates, every row must be registered, and no Lua library leaks in. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
