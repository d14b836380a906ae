/* api_registry.c - expands api/api_table.h into the cart's global environment, the
 * per-call dispatcher (arity check + system cost), the frameless variants' dispatcher (the
 * same around api_fastcall.c's bodies; spr(n, x, y)'s short path) and the `--api` help
 * listing.
 * Depends on: api_internal.h, Lua 5.4, api_table.h, api_bindings.h, api_call.h,
 * api_fastcall.h, gfx.h (m8_spr_whole8), pthreads (pthread_once). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "api_bindings.h"
#include "api_call.h"
#include "api_fastcall.h"
#include "api_internal.h"
#include "api_registry.h"
#include "gfx.h"

const m8_api_row m8_api_rows[] = {
#define M8_ROW_X(name, fn, group, min_args, flags, cost, help) \
    { #name, fn, NULL, group, min_args, flags, cost, help },
#define M8_ROW_B(name, src, group, help) \
    { #name, NULL, src, group, 0, 0, M8_COST_NONE, help },
    M8_API_TABLE(M8_ROW_X, M8_ROW_B)
#undef M8_ROW_X
#undef M8_ROW_B
};

const int m8_api_row_count = (int)(sizeof m8_api_rows / sizeof m8_api_rows[0]);

/* Every C binding runs through here: arity check, the call, then its system cost. */
static inline int dispatch(lua_State *L, const m8_api_row *row)
{
    if (row->min_args > 0 && lua_gettop(L) < row->min_args)
        return luaL_error(L, "%s: expected at least %d arguments", row->name, row->min_args);
    m8_call_begin(L, row);
    int results = row->fn(L);
    m8_call_end(L, row);
    return results;
}

/* One light C function per binding, its row a constant: a call reads no upvalue, and the
 * compiler sees the row's arity and cost rule. */
enum {
#define M8_IDX_X(name, fn, group, min_args, flags, cost, help) M8_ROW_IDX_##name,
#define M8_IDX_B(name, src, group, help) M8_ROW_IDX_##name,
    M8_API_TABLE(M8_IDX_X, M8_IDX_B)
#undef M8_IDX_X
#undef M8_IDX_B
};

#define M8_DISPATCH_X(name, fn, group, min_args, flags, cost, help) \
    static int dispatch_##name(lua_State *L) { return dispatch(L, &m8_api_rows[M8_ROW_IDX_##name]); }
#define M8_DISPATCH_B(name, src, group, help)
M8_API_TABLE(M8_DISPATCH_X, M8_DISPATCH_B)
#undef M8_DISPATCH_X
#undef M8_DISPATCH_B

static const lua_CFunction dispatchers[] = {
#define M8_FN_X(name, fn, group, min_args, flags, cost, help) dispatch_##name,
#define M8_FN_B(name, src, group, help) NULL,
    M8_API_TABLE(M8_FN_X, M8_FN_B)
#undef M8_FN_X
#undef M8_FN_B
};
_Static_assert(sizeof dispatchers / sizeof dispatchers[0] ==
               sizeof m8_api_rows / sizeof m8_api_rows[0], "one dispatcher per row");

#ifdef LUA_M8_FASTARGS
/* The frameless call of a row (the patched VM, when every argument is a number): what
 * dispatch does around the binding, around its body in api_fastcall.c. Declined, before
 * anything is done, for too few arguments (the full call raises the arity error) and while
 * a profiler observes calls (it reads the call's own stack level). A body that declines
 * after m8_call_begin_frameless has changed nothing that the full call's m8_call_begin does
 * not set again. */
static inline int fast_dispatch(lua_State *L, const m8_api_row *row,
                                int (*body)(m8_vm *, int, const lua_M8Arg *, double *),
                                int takes_other, int n, const lua_M8Arg *a, lua_Number *out)
{
    m8_vm *vm = m8_vm_of(L);
    if (n & LUA_M8ARGS_OTHER) {         /* a nil or boolean among the arguments */
        if (!takes_other) return LUA_M8FAST_DECLINE;
        n &= ~LUA_M8ARGS_OTHER;
    }
    if (n < row->min_args || vm->call_observer) return LUA_M8FAST_DECLINE;
    m8_call_begin_frameless(vm, row);
    int kind = body(vm, n, a, out);
    if (kind == LUA_M8FAST_DECLINE) return kind;
    if (row->cost.per == 0) m8_call_end_fixed(L, vm, row);     /* (the row is a constant) */
    else m8_call_end(L, row);
    return kind;
}

/* flatten: the accounting (m8_call_begin / m8_call_end, the sync and the watch in vm.c) and
 * the body inlined into one function per row, whose fixed cost rule then folds to its
 * number (GCC and clang; elsewhere an ordinary function) */
#if defined(__GNUC__)
#define M8_FAST_FLATTEN __attribute__((flatten))
#else
#define M8_FAST_FLATTEN
#endif
static int fast_spr(lua_State *L, int n, const lua_M8Arg *a, lua_Number *out)
    __attribute__((noinline));       /* (below: the general spr, out of fast_spr_whole) */
#define M8_FAST_WRAP(name, takes_other) \
    M8_FAST_FLATTEN \
    static int fast_##name(lua_State *L, int n, const lua_M8Arg *a, lua_Number *out) \
    { \
        return fast_dispatch(L, &m8_api_rows[M8_ROW_IDX_##name], m8f_##name, takes_other, n, \
                             a, out); \
    }
#define M8_FAST_WRAP_NUMBERS(name) M8_FAST_WRAP(name, 0)
#define M8_FAST_WRAP_OTHER(name) M8_FAST_WRAP(name, 1)
M8_FASTCALL_NUMBERS_LIST(M8_FAST_WRAP_NUMBERS)
M8_FASTCALL_OTHER_LIST(M8_FAST_WRAP_OTHER)
#undef M8_FAST_WRAP_OTHER
#undef M8_FAST_WRAP_NUMBERS
#undef M8_FAST_WRAP

/* spr(n, x, y) on numbers inside the int range, n 0-255 (most of a cart's sprites): the
 * frameless call's checks, the reading, the draw of a whole sprite on the screen with the
 * draw state reset (m8_spr_whole8; else m8_spr) and its cost (64 units) inline, without
 * the general body's set-up; anything else takes fast_spr. */
M8_FAST_FLATTEN
static int fast_spr_whole(lua_State *L, int n, const lua_M8Arg *a, lua_Number *out)
{
    m8_vm *vm = m8_vm_of(L);
    int s, x, y;
    if (n != 3 || vm->call_observer || !m8f_spr3_ints(a, &s, &x, &y))
        return fast_spr(L, n, a, out);
    if (!m8_spr_whole8(vm->machine->ram, s, x, y)) m8f_spr3_clipped(vm, s, x, y);
    m8_call_frameless_units(L, vm, &m8_api_rows[M8_ROW_IDX_spr], 64);
    return LUA_M8FAST_NONE;
}

/* Tell the VM the frameless variants. Its table is the process's (a variant belongs to the
 * dispatcher, whichever machine calls it): filled once, before the first machine of the
 * process runs, whichever thread makes it (the launcher renders carts on several). */
static int fastcalls_registered;
static void register_fastcalls_once(void)
{
    int ok = 1;
#define M8_FAST_REG(name) ok &= lua_m8_setfastcall(dispatch_##name, fast_##name);
    M8_FASTCALL_LIST(M8_FAST_REG)
#undef M8_FAST_REG
    ok &= lua_m8_setfastcall(dispatch_spr, fast_spr_whole);    /* (spr's again: the table
                                                                   is made anew) */
    fastcalls_registered = ok;
}

static void register_fastcalls(lua_State *L)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, register_fastcalls_once);
    if (!fastcalls_registered)   /* (the table holds LUA_M8_FASTCALLS / 2) */
        luaL_error(L, "mote8: the VM's table of frameless calls is full");
}
#else
static void register_fastcalls(lua_State *L) { (void)L; }   /* the system's liblua5.4 */
#endif

/* Fetch a Lua library function by path ("pairs", "table.pack") from the global table
 * (the state's standard libraries, never visible to the cart). */
static void push_lua_builtin(lua_State *L, const char *path)
{
    const char *dot = strchr(path, '.');
    if (!dot) {
        lua_getglobal(L, path);
        return;
    }
    char table[32];
    size_t n = (size_t)(dot - path) < sizeof table - 1 ? (size_t)(dot - path) : sizeof table - 1;
    memcpy(table, path, n);
    table[n] = 0;
    lua_getglobal(L, table);
    lua_getfield(L, -1, dot + 1);
    lua_remove(L, -2);
}

void m8_api_register(lua_State *L, int env)
{
    env = lua_absindex(L, env);
    for (int i = 0; i < m8_api_row_count; i++) {
        const m8_api_row *row = &m8_api_rows[i];
        if (row->fn) {
            lua_pushcfunction(L, dispatchers[i]);
        } else {
            push_lua_builtin(L, row->lua_source);
            /* coresume's error message names tab and line like every cart error */
            if (strcmp(row->name, "coresume") == 0) lua_pushcclosure(L, m8_coresume_located, 1);
        }
        lua_setfield(L, env, row->name);
    }
    register_fastcalls(L);
}

static const char *group_name(int g)
{
    static const char *names[] = { "gfx", "text", "map", "audio", "input", "math", "table",
                                   "string", "memory", "system", "lua" };
    return (g >= 0 && g < (int)(sizeof names / sizeof names[0])) ? names[g] : "?";
}

void mote8_api_help(void (*emit)(void *user, const char *line), void *user)
{
    char line[512];
    for (int i = 0; i < m8_api_row_count; i++) {
        snprintf(line, sizeof line, "%-8s %s", group_name(m8_api_rows[i].group),
                 m8_api_rows[i].help);
        emit(user, line);
    }
}

/* A cost rule in words, for the docs. */
static void describe_cost(const m8_cost_rule *r, char *out, size_t n)
{
    if (r->per == 0 && r->base == 0) snprintf(out, n, "0");
    else if (r->per == 0) snprintf(out, n, "%d", r->base);
    else {
        char units[64];
        if (r->div == 1) snprintf(units, sizeof units, "units");
        else snprintf(units, sizeof units, "%s(units/%d)", r->ceil ? "ceil" : "flr", r->div);
        char body[96];
        if (r->min > 0) snprintf(body, sizeof body, "%d*max(%d, %s)", r->per, r->min, units);
        else snprintf(body, sizeof body, "%d*%s", r->per, units);
        if (r->base) snprintf(out, n, "%d + %s", r->base, body);
        else snprintf(out, n, "%s", body);
    }
}

void m8_api_markdown(void (*emit)(void *user, const char *line), void *user)
{
    char line[768], cost[128];
    emit(user, "# mote8 API reference");
    emit(user, "");
    emit(user, "Generated from api/api_table.h by build/bin/gen_api_doc: do not edit by hand.");
    emit(user, "Costs are cycles of the 8 MHz virtual CPU charged as system cost per call; "
               "`units` is what the call reports (pixels, characters, bytes: see its help).");
    emit(user, "");
    emit(user, "| group | function | cost (cycles) | help |");
    emit(user, "|---|---|---|---|");
    for (int i = 0; i < m8_api_row_count; i++) {
        const m8_api_row *row = &m8_api_rows[i];
        if (row->fn) describe_cost(&row->cost, cost, sizeof cost);
        else snprintf(cost, sizeof cost, "0 (Lua builtin `%s`)", row->lua_source);
        snprintf(line, sizeof line, "| %s | `%s` | %s | %s |", group_name(row->group),
                 row->name, cost, row->help);
        emit(user, line);
    }
}
