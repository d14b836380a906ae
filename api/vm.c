/* vm.c - the mote8 object behind api/mote8.h: a sandboxed Lua 5.4 state running one cart.
 *
 * - The cart's globals are a fresh environment table holding only the API table's rows
 *   (reference 6.3), the glyph globals and the translator's helpers; Lua's own libraries stay
 *   in the state's global table, out of the cart's reach. Binary chunks are refused.
 * - The Lua heap is capped by a counting allocator; an endless loop cannot hang the host
 *   because the count hook yields the main coroutine after a long slice of instructions.
 * - The count hook runs on every VM instruction: it charges exactly 2 cycles each to the
 *   cost model (runtime/core/cost.c), so per-frame counts are exact and deterministic
 *   (docs/cost-model.md has the measured price). The bios tells the cost model where
 *   ticks, draw decisions and frames are; profilers observe through vm->*_observer.
 * - The main loop of reference 10.1 runs as one coroutine (the "bios" below): top-level code,
 *   _init, then per tick _update/_update60 and _draw; flip() and the end of each frame yield
 *   back to mote8_tick().
 * - Errors are reported as `FILE: tab T, line L: message`, the source line and a traceback.
 * - stop(), run(), load() and the extcmd()s that end the cart record a request and unwind the
 *   cart's code (m8_vm_request); stop and shutdown take effect at once, the others
 *   (api/cart_flow.c) before the next tick, in the same machine.
 * Depends on: vm_internal.h, api_internal.h, api_registry.h, include_files.h, lua_arena.h,
 * lua_weights.h, api/dialect (p8_translate, p8_runtime), runtime/core (machine, cart,
 * cart_codec, cost, p8num, p8scii, pixel, rng, synth), Lua 5.4. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lualib.h>

#include "api_internal.h"
#include "api_registry.h"
#include "cart_codec.h"
#include "cost.h"
#include "include_files.h"
#include "lua_arena.h"
#include "lua_weights.h"
#include "dialect/p8_runtime.h"
#include "dialect/p8_translate.h"
#include "p8num.h"
#include "p8scii.h"
#include "pixel.h"
#include "rng.h"
#include "synth.h"
#include "vm_internal.h"

/* ---------------------------------------------------------------- allocator --- */

static void *vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    m8_vm *vm = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        m8_arena_free(vm->arena, ptr, old);
        vm->mem_used -= old;
        return NULL;
    }
    if (nsize > old && vm->mem_used - old + nsize > vm->mem_limit) return NULL;
    void *p = m8_arena_realloc(vm->arena, ptr, old, nsize);
    if (p) vm->mem_used = vm->mem_used - old + nsize;
    return p;
}

/* ---------------------------------------------------------------- accessors --- */

m8_vm *m8_vm_of(lua_State *L) { return *(m8_vm **)lua_getextraspace(L); }
m8_machine *m8_machine_of(lua_State *L) { return m8_vm_of(L)->machine; }

void m8_vm_printh(lua_State *L, const char *text)
{
    m8_vm *vm = m8_vm_of(L);
    const mote8_platform *pf = &vm->config.platform;
    if (pf->printh) pf->printh(pf->user, text);
}

/* A frame boundary inside the cart's code: flip() in hand-written loops, and each frame of
 * a binding that waits (print's `\^1`..`\^9` and `\^d`), resumed in k. The frame counts for
 * time() like an update does (tweetcarts animate with t() in flip loops). Where the main
 * coroutine cannot yield, no frame passes: flip() returns, and k runs at once. */
int m8_vm_flip_k(lua_State *L, lua_KContext ctx, lua_KFunction k)
{
    m8_vm *vm = m8_vm_of(L);
    if (L != vm->co || !lua_isyieldable(L)) return k ? k(L, LUA_OK, ctx) : 0;
    vm->flipped = 1;
    vm->holding = 0;
    vm->machine->updates++;
    m8_cost_flip(&vm->machine->cost);
    return lua_yieldk(L, 0, ctx, k);
}

int m8_vm_flip(lua_State *L) { return m8_vm_flip_k(L, 0, NULL); }

/* ---------------------------------------------------------------- counting --- */

/* Lua instructions are counted into vm->lua_count, either by the interpreter loop itself
 * (Lua built from Debian's source with tools/lua5.4-count.patch: M8_COUNTING_VM), which
 * adds each instruction's cycle weight (api/lua_weights.c), so the count is in cycles; or,
 * with the system's liblua5.4 (or mote8_config.hook_counting), by a count hook on every
 * instruction, which cannot see opcodes: the count is of instructions, each worth the mean
 * weight. Both see exactly the same instructions (with unit weights, the same numbers);
 * m8_vm_sync_lua hands the new cycles to the cost model before anything reads it. An
 * endless loop is cut into slices: a resume that has run M8_SLICE_BUDGETS of cycles yields
 * the main coroutine. */

static int counting_in_vm(const m8_vm *vm)
{
#ifdef M8_COUNTING_VM
    return !vm->config.hook_counting;
#else
    (void)vm;
    return 0;
#endif
}

/* Cycles of a count of vm->lua_count (exact: whole cycles of the running total). */
static uint64_t lua_cycles_of(const m8_vm *vm, uint64_t count)
{
    if (vm->count_is_cycles) return count;
    return count * M8_LUA_HOOK_CYCLES_NUM / M8_LUA_HOOK_CYCLES_DEN;
}

void m8_vm_sync_lua(m8_vm *vm)
{
    uint64_t n = lua_cycles_of(vm, vm->lua_count) - lua_cycles_of(vm, vm->lua_synced);
    vm->lua_synced = vm->lua_read = vm->lua_count;
    vm->machine->cost.lua_cycles += n;
}

uint64_t m8_vm_lua_cycles(const m8_vm *vm) { return lua_cycles_of(vm, vm->lua_count); }


static void install_hook(m8_vm *vm, lua_State *L);

/* Cycles of Lua and API cost since the slice began. */
static uint64_t slice_used(const m8_vm *vm)
{
    return lua_cycles_of(vm, vm->lua_count) - lua_cycles_of(vm, vm->slice_start) +
           (vm->machine->cost.system_cycles - vm->slice_system_start);
}

/* The dialect helpers' charge (p8_runtime.h), counted as Lua. Work (the bytes a `..` makes,
 * str[i]) is charged in every mode; a weight correction (a helper call standing for one
 * PICO-8 instruction) too, except with unit weights (which count instructions; under the
 * count hook it is converted to instructions of the mean weight, rounded down). A
 * correction that gives cycles back never takes more than was counted since the last point
 * anything read the count (the sync, the slice, the watch), so no reading goes backwards;
 * in practice the call's own instructions always cover it. */
static void charge_op(lua_State *L, long long cycles, m8_charge_kind kind)
{
    m8_vm *vm = m8_vm_of(L);
    if (kind == M8_CHARGE_WEIGHT && vm->config.lua_unit_weights) return;
    int in_cycles = vm->count_is_cycles;  /* else instructions */
    if (cycles >= 0) {
        uint64_t c = (uint64_t)cycles;
        vm->lua_count += in_cycles ? c : c * M8_LUA_HOOK_CYCLES_DEN / M8_LUA_HOOK_CYCLES_NUM;
        return;
    }
    uint64_t floor = vm->lua_read;
    if (vm->slice_start > floor) floor = vm->slice_start;
    if (vm->watch_lua_start > floor) floor = vm->watch_lua_start;
    uint64_t room = vm->lua_count > floor ? vm->lua_count - floor : 0;
    uint64_t back = (uint64_t)(-cycles);
    if (!in_cycles) back = back * M8_LUA_HOOK_CYCLES_DEN / M8_LUA_HOOK_CYCLES_NUM;
    vm->lua_count -= back < room ? back : room;
}

/* ---------------------------------------------------------------- the watch --- */

/* The rare paths of the checks every API call makes (m8_vm_slice_check, m8_vm_watch_call):
 * out of line, so the calls' frameless variants (api_registry.c), which inline the checks,
 * keep a small frame. */
#if defined(__GNUC__)
#define M8_COLD __attribute__((noinline, cold))
#else
#define M8_COLD
#endif

static uint64_t host_ms(void)
{
    struct timespec ts = { 0 };
    /* the coarse clock is cheap where it exists; emscripten has none (EINVAL) */
    if (clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) != 0) clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

void m8_vm_watch_begin(m8_vm *vm)
{
    vm->watch_lua_start = vm->lua_count;
    vm->watch_system_start = vm->machine->cost.system_cycles;
    m8_vm_checks_rebase(vm);
    vm->watch_clock_start = host_ms();
    vm->watch_calls = 0;
}

/* Cycles of Lua and API cost since the watch began. */
static uint64_t watch_used(const m8_vm *vm)
{
    return lua_cycles_of(vm, vm->lua_count) - lua_cycles_of(vm, vm->watch_lua_start) +
           (vm->machine->cost.system_cycles - vm->watch_system_start);
}

/* Raise `msg` at the cart line running now: the innermost Lua function's (the watch may
 * fire inside an API call, whose own level has no line). */
static M8_COLD void endless_loop_error(lua_State *L, const char *msg)
{
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
            lua_error(L);
        }
    }
    lua_pushstring(L, msg);
    lua_error(L);
}

/* The backstop: any code that has held the host for M8_HOST_STALL_MS (a cost the rules
 * did not see) ends with the endless-loop error. */
static M8_COLD void check_stall(m8_vm *vm, lua_State *L)
{
    if (host_ms() - vm->watch_clock_start > M8_HOST_STALL_MS) {
        char msg[160];
        snprintf(msg, sizeof msg, "endless loop: more than %d ms of host time without "
                 "reaching a frame end", M8_HOST_STALL_MS);
        endless_loop_error(L, msg);
    }
}

/* Where the slice cannot end (not the main coroutine, or not yieldable: a cart coroutine,
 * __tostring, foreach's callback): an error once it has run M8_HANG_BUDGETS of Lua and API
 * cost (a loop of costly calls counts its calls, not only its few instructions). */
static M8_COLD void check_hang(m8_vm *vm, lua_State *L)
{
    if (watch_used(vm) > M8_HANG_CYCLES) {
        char msg[160];
        snprintf(msg, sizeof msg, "endless loop: %d frames of CPU without reaching a frame "
                 "end (in a coroutine or a callback, where mote8 cannot pause it)",
                 M8_HANG_BUDGETS);
        endless_loop_error(L, msg);
    }
    check_stall(vm, L);
}

static int can_yield(const m8_vm *vm, lua_State *L) { return L == vm->co && lua_isyieldable(L); }

void m8_vm_watch_call(m8_vm *vm, lua_State *L, int due)
{
    /* (the cheap sum first: can_yield asks Lua, on nearly every call of a cart) */
    if (due && watch_used(vm) > M8_HANG_CYCLES && !can_yield(vm, L)) check_hang(vm, L);
    if (++vm->watch_calls >= M8_STALL_CHECK_CALLS) {
        vm->watch_calls = 0;
        check_stall(vm, L);
    }
}

/* The main coroutine yields at the end of a slice. Before _init has returned the cut counts
 * as a frame for time() (a top-level loop without flip keeps time); the cost model sees no
 * frame end there, the cut's place depends on how instructions are counted. */
static void slice_yield(m8_vm *vm, lua_State *L)
{
    vm->yield_due = 0;
    install_hook(vm, L);        /* back to what runs without a pending yield */
    if (!vm->booted) {
        m8_vm_sync_lua(vm);
        vm->boot_cuts++;
        vm->machine->updates++;     /* time only: the cost model's frame goes on, so the
                                       per-frame counts do not depend on where it was cut */
    }
    lua_yield(L, 0);            /* this instruction runs (and counts) on resume */
}

static M8_COLD void slice_over(m8_vm *vm)
{
    vm->yield_due = 1;
    install_hook(vm, vm->co);
}

void m8_vm_slice_check(m8_vm *vm)
{
    if (!vm->co || vm->yield_due || slice_used(vm) <= vm->slice_cycles) return;
    slice_over(vm);
}

/* The hook: counts (hook counting), shows each instruction (and, while a profiler observes,
 * each function call: LUA_HOOKCALL / LUA_HOOKTAILCALL) to the profiler, and yields when a
 * slice is over. */
static void vm_hook(lua_State *L, lua_Debug *ar)
{
    m8_vm *vm = m8_vm_of(L);
    if (ar->event != LUA_HOOKCOUNT) {          /* a call, seen by the profiler only */
        if (vm->instruction_observer) vm->instruction_observer(vm, L, ar);
        return;
    }
    if (vm->request.kind != M8_REQ_NONE && L == vm->co)   /* a coroutine swallowed it */
        luaL_error(L, "the cart has ended");
    if (vm->instruction_observer) vm->instruction_observer(vm, L, ar);
    if (!counting_in_vm(vm)) {
        vm->lua_count++;
        if (--vm->slice_left > 0) return;
        vm->slice_left = M8_SLOW_PATH_EVERY;
        if (slice_used(vm) > vm->slice_cycles) vm->yield_due = 1;
        if (!vm->yield_due) check_stall(vm, L);
    }
    if (vm->yield_due) {
        if (can_yield(vm, L)) slice_yield(vm, L);
        else check_hang(vm, L);
    }
}

/* The hook `L` needs now: always when hook counting; with the counting VM only while a
 * profiler observes instructions or a yield is due. */
static void install_hook(m8_vm *vm, lua_State *L)
{
    if (!counting_in_vm(vm) || vm->instruction_observer || vm->yield_due ||
        vm->request.kind != M8_REQ_NONE)
        lua_sethook(L, vm_hook, LUA_MASKCOUNT | (vm->instruction_observer ? LUA_MASKCALL : 0), 1);
    else
        lua_sethook(L, NULL, 0, 0);
}

#ifdef M8_COUNTING_VM
/* The counting VM's alarm: a slice is over. The main coroutine yields at its next
 * instruction (through the hook); elsewhere (a cart coroutine, a C callback) it is asked
 * again a little later. */
static void slice_alarm(lua_State *L);

/* The alarm's next time: the slice's end, or the next look at the watch if sooner. */
static void set_next_alarm(m8_vm *vm, lua_State *L)
{
    uint64_t end = vm->slice_start + vm->slice_cycles, next = vm->lua_count + M8_SLOW_PATH_EVERY;
    lua_m8_setalarm(L, vm->lua_count < end && end < next ? end : next, slice_alarm);
}

static void slice_alarm(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    if (can_yield(vm, L) && vm->lua_count >= vm->slice_start + vm->slice_cycles) {
        vm->yield_due = 1;
        install_hook(vm, L);
        lua_m8_setalarm(L, ~(lua_M8Count)0, slice_alarm);
    } else {
        set_next_alarm(vm, L);
        if (can_yield(vm, L)) check_stall(vm, L);
        else check_hang(vm, L);
    }
}
#endif

/* Before each resume of the main coroutine: a new slice. */
static void slice_begin(m8_vm *vm)
{
    if (vm->yield_due) {                     /* set outside a resume (a menu callback) */
        vm->yield_due = 0;
        install_hook(vm, vm->co);
    }
    vm->slice_start = vm->lua_count;
    vm->slice_system_start = vm->machine->cost.system_cycles;
    m8_vm_watch_begin(vm);              /* (which rebases the checks on both starts) */
    vm->slice_left = M8_SLOW_PATH_EVERY;
    /* the first slice of the boot is a whole one (heavy set-up code runs as before); a boot
     * still running after it is a top-level loop, sliced by frames that keep time */
    int short_slices = !vm->booted && vm->boot_cuts > 0;
    vm->slice_cycles = (uint64_t)(short_slices ? M8_BOOT_SLICE_BUDGETS : M8_SLICE_BUDGETS) *
                       M8_FRAME_BUDGET(M8_FPS);
#ifdef M8_COUNTING_VM
    if (counting_in_vm(vm)) set_next_alarm(vm, vm->co);
#endif
}

/* Count the instructions of `co` (and of the coroutines it creates). */
static void start_counting(m8_vm *vm, lua_State *co)
{
#ifdef M8_COUNTING_VM
    lua_m8_setcounter(co, counting_in_vm(vm) ? (lua_M8Count *)&vm->lua_count : NULL);
#endif
    install_hook(vm, co);
}

void m8_vm_observe_instructions(m8_vm *vm, m8_instruction_observer observer)
{
    vm->instruction_observer = observer;
    if (vm->co) install_hook(vm, vm->co);
}

/* ---------------------------------------------------------------- bios --- */

/* The main loop of reference 10.1, as a coroutine body. `frame_end(booted)` reports to C;
 * `frame_end(false)` yields at the end of a frame, `want_draw()` is the frame pacer. */
static const char bios_source[] =
    "local env, cart, frame_end, want_draw = ...\n"
    "return function()\n"
    "  cart()\n"
    "  local _init = env._init\n"
    "  if _init then _init() end\n"
    "  frame_end(true)\n"
    "  while true do\n"
    "    local _update60, _update = env._update60, env._update\n"
    "    if _update60 then _update60() elseif _update then _update() end\n"
    "    if want_draw() then\n"
    "      local _draw = env._draw\n"
    "      if _draw then _draw() end\n"
    "    end\n"
    "    frame_end(false)\n"
    "  end\n"
    "end\n";

static int has_global(m8_vm *vm, lua_State *L, const char *name)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->env_ref);
    lua_getfield(L, -1, name);
    int yes = lua_isfunction(L, -1);
    lua_pop(L, 2);
    return yes;
}

static int bios_frame_end(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    m8_vm_sync_lua(vm);
    vm->holding = 0;                         /* the frame is done: show it */
    if (lua_toboolean(L, 1)) {
        vm->booted = 1;
        if (vm->slice_cycles < (uint64_t)M8_SLICE_BUDGETS * M8_FRAME_BUDGET(M8_FPS)) {
            /* the callbacks that follow in this resume get a whole slice */
            vm->slice_cycles = (uint64_t)M8_SLICE_BUDGETS * M8_FRAME_BUDGET(M8_FPS);
#ifdef M8_COUNTING_VM
            if (counting_in_vm(vm) && !vm->yield_due)
                set_next_alarm(vm, vm->co);
#endif
        }
        vm->has_callbacks = has_global(vm, L, "_update") || has_global(vm, L, "_update60") ||
                            has_global(vm, L, "_draw");
        vm->machine->fps = vm->fps_forced ? vm->fps_forced
                         : has_global(vm, L, "_update60") ? M8_FPS_FAST : M8_FPS;
        m8_cost_set_fps(&vm->machine->cost, vm->machine->fps);
        m8_cost_boot_end(&vm->machine->cost, vm->has_callbacks);
        return 0;
    }
    vm->machine->updates++;
    m8_cost_frame_end(&vm->machine->cost);
    if (L == vm->co && lua_isyieldable(L)) return lua_yield(L, 0);
    return 0;
}

static int bios_want_draw(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    m8_vm_sync_lua(vm);
    lua_pushboolean(L, m8_cost_want_draw(&vm->machine->cost));
    return 1;
}

/* ---------------------------------------------------------------- errors --- */

/* Rewrite "cart:LINE:" references in `msg` as "tab T, line L:" using the cart's tabs. */
static void describe_locations(m8_vm *vm, const char *msg, char *out, size_t outsz)
{
    size_t o = 0;
    const char *p = msg;
    while (*p && o + 1 < outsz) {
        if (strncmp(p, "cart:", 5) == 0 && p[5] >= '0' && p[5] <= '9') {
            int line = atoi(p + 5);
            const char *q = p + 5;
            while (*q >= '0' && *q <= '9') q++;
            if (*q == ':') q++;
            int tab = 0, tab_line = line;
            m8_cart_code_location(&vm->machine->cart, line, &tab, &tab_line);
            int n = snprintf(out + o, outsz - o, "tab %d, line %d:", tab, tab_line);
            if (n < 0) break;
            o += (size_t)n < outsz - o ? (size_t)n : outsz - o - 1;
            if (vm->error_line == 0) vm->error_line = line;
            p = q;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = 0;
}

/* Lua's compile error "tab T, line L: MESSAGE" becomes "tab T, line L: syntax error: MESSAGE",
 * as the translator's errors say it (unless Lua's message already starts so). */
static void say_syntax_error(char *located, size_t size)
{
    static const char word[] = "syntax error: ";
    char *colon = strncmp(located, "tab ", 4) == 0 ? strstr(located, ": ") : NULL;
    char *at = colon ? colon + 2 : located;         /* after the location, if there is one */
    if (strncmp(at, "syntax error", 12) == 0 || (size_t)(at - located) + sizeof word >= size) return;
    size_t rest = strlen(at), pre = (size_t)(at - located);
    if (pre + sizeof word - 1 + rest >= size) rest = size - pre - sizeof word;
    memmove(at + sizeof word - 1, at, rest);
    memcpy(at, word, sizeof word - 1);
    at[sizeof word - 1 + rest] = 0;
}

/* The text of 1-based line `line` of the cart's code, without its indentation, in UTF-8
 * (the code is P8SCII) so glyphs show as glyphs in a terminal. */
static void source_line(const m8_cart *cart, int line, char *out, size_t outsz)
{
    const char *p = cart->code, *end = cart->code ? cart->code + cart->code_len : NULL;
    out[0] = 0;
    if (!p || line < 1) return;
    for (int l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = (size_t)((nl ? nl : end) - p);
    while (n > 0 && (*p == ' ' || *p == '\t')) { p++; n--; }
    size_t ulen = 0;
    char *utf8 = m8_p8scii_to_utf8(p, n, &ulen);
    if (!utf8) return;
    if (ulen >= outsz) ulen = outsz - 1;    /* may cut a character short: display only */
    memcpy(out, utf8, ulen);
    out[ulen] = 0;
    free(utf8);
}

void m8_vm_set_error(m8_vm *vm, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vm->error, sizeof vm->error, fmt, ap);
    va_end(ap);
    vm->status = MOTE8_ERROR;
    vm->error_kind = MOTE8_ERROR_RUNTIME;
}

/* A traceback line "... in local 'NAME'" about a function the cart keeps in a global of
 * that name (the bios calls _update, _draw ... through locals) says "in function 'NAME'":
 * the cart's function is not a local. `line` is NUL-terminated inside a buffer ending at
 * `end`. */
static void name_globals(m8_vm *vm, char *line, const char *end)
{
    char *at = strstr(line, "in local '");
    if (!at) return;
    char name[64];
    const char *q = strchr(at + 10, '\'');
    if (!q || q - (at + 10) >= (long)sizeof name) return;
    memcpy(name, at + 10, (size_t)(q - (at + 10)));
    name[q - (at + 10)] = 0;
    lua_rawgeti(vm->L, LUA_REGISTRYINDEX, vm->env_ref);
    int is_function = lua_getfield(vm->L, -1, name) == LUA_TFUNCTION;
    lua_pop(vm->L, 2);
    if (!is_function || strlen(line) + 3 >= (size_t)(end - line)) return;
    memmove(at + 11, at + 8, strlen(at + 8) + 1);      /* "local" -> "function" */
    memcpy(at, "in function", 11);
}

/* The traceback without the frames of the bios (the main loop), with cart locations
 * rewritten. */
static void drop_bios_frames(m8_vm *vm, const char *tb, char *out, size_t outsz)
{
    char kept[2048];
    size_t k = 0;
    for (const char *line = tb; *line && k + 1 < sizeof kept;) {
        size_t n = strcspn(line, "\n");
        int skip = memmem(line, n, "bios:", 5) != NULL || memmem(line, n, "[C]: in ?", 9) != NULL;
        if (!skip) {
            if (k + n + 2 >= sizeof kept) break;
            memcpy(kept + k, line, n);
            k += n;
            kept[k] = 0;
            name_globals(vm, kept + k - n, kept + sizeof kept - 1);
            k = strlen(kept);
            kept[k++] = '\n';
        }
        line += n;
        if (*line) line++;
    }
    if (k > 0 && kept[k - 1] == '\n') k--;
    kept[k] = 0;
    describe_locations(vm, kept, out, outsz);
}

void m8_vm_locate(m8_vm *vm, const char *msg, char *out, size_t outsz)
{
    int keep = vm->error_line;          /* only a cart error sets the error's line */
    describe_locations(vm, msg, out, outsz);
    vm->error_line = keep;
}

/* luaL_traceback of the coroutine (light userdata 1) as a protected call. */
static int traceback_of(lua_State *L)
{
    luaL_traceback(L, lua_touserdata(L, 1), NULL, 0);
    return 1;
}

/* Build the full report for a Lua error raised in coroutine `co`. The traceback is made in
 * protected mode with some heap room above the cap, so a cart that filled the heap still
 * gets its report (and a failure leaves the traceback out, never aborts the process). */
static void report_lua_error(m8_vm *vm, lua_State *co)
{
    const char *msg = lua_tostring(co, -1);
    char located[1024], tb_located[2048] = "", src[160];
    vm->error_line = 0;
    lua_Debug deep;
    if (msg && strcmp(msg, "not enough memory") == 0 && lua_getstack(co, M8_RECURSION_DEPTH, &deep))
        msg = "stack overflow (runaway recursion: calls nested too deep)";
    describe_locations(vm, msg ? msg : "error object is not a string", located, sizeof located);
    size_t cap = vm->mem_limit;
    vm->mem_limit = cap + M8_LUA_ERROR_HEADROOM;
    lua_pushcfunction(vm->L, traceback_of);
    lua_pushlightuserdata(vm->L, co);
    if (lua_pcall(vm->L, 1, 1, 0) == LUA_OK)
        drop_bios_frames(vm, lua_tostring(vm->L, -1), tb_located, sizeof tb_located);
    lua_pop(vm->L, 1);
    vm->mem_limit = cap;
    source_line(&vm->machine->cart, vm->error_line, src, sizeof src);
    if (strncmp(located, "tab ", 4) == 0) {
        m8_vm_set_error(vm, "%s: %s\n  %s\n%s", vm->cart_name, located, src, tb_located);
        return;
    }
    /* no position in the message (e.g. out of memory): take the innermost cart frame */
    const char *at = strstr(tb_located, "tab ");
    if (at) {
        int tab = 0, line = 0;
        sscanf(at, "tab %d, line %d:", &tab, &line);
        m8_vm_set_error(vm, "%s: tab %d, line %d: %s\n  %s\n%s", vm->cart_name, tab, line,
                        located, src, tb_located);
    } else {
        m8_vm_set_error(vm, "%s: %s\n%s", vm->cart_name, located, tb_located);
    }
}

/* ---------------------------------------------------------------- lifecycle --- */

mote8 *mote8_create(const mote8_config *config)
{
    m8_vm *vm = calloc(1, sizeof *vm);
    if (!vm) return NULL;
    if (config) vm->config = *config;
    vm->count_is_cycles = counting_in_vm(vm) || vm->config.lua_unit_weights;
    vm->mem_limit = vm->config.lua_memory_limit ? vm->config.lua_memory_limit
                                                : M8_LUA_HEAP_LIMIT;
    vm->machine = m8_machine_new();
    if (!vm->machine) {
        free(vm);
        return NULL;
    }
    vm->machine->mute = vm->config.mute != 0;
    /* the Lua heap's own region (docs/snapshots.md): room for the cap many times over, so
       the size classes' slack never makes it run out first (it then falls back to malloc) */
    size_t room = (vm->mem_limit + M8_LUA_ERROR_HEADROOM) * 8u;
    vm->arena = m8_arena_new(room > M8_ARENA_MIN_RESERVE ? room : M8_ARENA_MIN_RESERVE);
    snprintf(vm->cart_name, sizeof vm->cart_name, "%s", "cart");
    return vm;
}

static void close_lua(m8_vm *vm)
{
    vm->closing = 1;
    if (vm->L) lua_close(vm->L);
    vm->closing = 0;
    vm->L = NULL;
    vm->co = NULL;
    m8_arena_reset(vm->arena);          /* every block is free now */
}

/* ---------------------------------------------------------------- finalizers --- */

void m8_vm_run_finalizer(lua_State *L, int t)
{
    m8_vm *vm = m8_vm_of(L);
    if (vm->closing || vm->status != MOTE8_RUNNING || vm->request.kind != M8_REQ_NONE) return;
    if (!lua_getmetatable(L, t)) return;
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, -2) != LUA_TFUNCTION) {
        lua_pop(L, 2);
        return;
    }
    lua_State *co = lua_newthread(L);                   /* mt gc co */
    start_counting(vm, co);
    lua_pushvalue(L, -2);
    lua_pushvalue(L, t);
    lua_xmove(L, co, 2);
    /* the collector may run inside a binding (at any allocation): the API calls of the
       finalizer must not take over that binding's row, units, area or sprites */
    const m8_api_row *row = vm->call_row;
    double units = vm->call_units;
    m8_call_rect area = vm->call_area;
    int n_reports = vm->n_sprite_reports;
    m8_sprite_report *reports = NULL;
    if (n_reports > 0 && (reports = malloc((size_t)n_reports * sizeof *reports)) != NULL)
        memcpy(reports, vm->sprite_reports, (size_t)n_reports * sizeof *reports);
    int nres = 0;
    int rc = lua_resume(co, L, 1, &nres);
    vm->call_row = row;
    vm->call_units = units;
    vm->call_area = area;
    vm->n_sprite_reports = 0;
    if (reports && vm->sprite_reports) {
        memcpy(vm->sprite_reports, reports, (size_t)n_reports * sizeof *reports);
        vm->n_sprite_reports = n_reports;
    }
    free(reports);
    if (rc != LUA_OK && vm->request.kind == M8_REQ_NONE && vm->status == MOTE8_RUNNING) {
        size_t cap = vm->mem_limit;             /* room for the message (out of memory) */
        vm->mem_limit = cap + M8_LUA_ERROR_HEADROOM;
        if (rc == LUA_YIELD) {                  /* Lua 5.2's rule (PICO-8's) */
            lua_pushliteral(co, "attempt to yield from a __gc metamethod");
        } else {
            const char *msg = lua_tostring(co, -1);
            lua_pushfstring(co, "%s (in a __gc metamethod)", msg ? msg : "error");
        }
        report_lua_error(vm, co);
        vm->mem_limit = cap;
        /* the main coroutine stops at its next instruction */
        vm->yield_due = 1;
        if (vm->co) install_hook(vm, vm->co);
    }
    lua_pop(L, 3);
}

void m8_vm_clear_request(m8_vm *vm)
{
    free(vm->request.data);
    memset(&vm->request, 0, sizeof vm->request);
}

int m8_vm_request(lua_State *L, const m8_request *req)
{
    m8_vm *vm = m8_vm_of(L);
    m8_vm_clear_request(vm);
    vm->request = *req;
    if (vm->co) install_hook(vm, vm->co);
    return luaL_error(L, "the cart has ended");
}

/* After the cart's code was unwound by a request: stop and shutdown end the cart now; the
 * others stay pending for the next tick (the cart goes on RUNNING until then). */
static void settle_request(m8_vm *vm)
{
    if (vm->request.kind == M8_REQ_STOP) vm->status = MOTE8_STOPPED;
    else if (vm->request.kind == M8_REQ_SHUTDOWN) vm->status = MOTE8_SHUTDOWN;
    if (vm->request.kind == M8_REQ_STOP || vm->request.kind == M8_REQ_SHUTDOWN)
        m8_vm_clear_request(vm);
}

void mote8_destroy(mote8 *vm)
{
    if (!vm) return;
    m8_cartdata_flush(vm);
    close_lua(vm);
    m8_vm_clear_request(vm);
    free(vm->back_data);
    free(vm->cart_data);
    free(vm->held_screen);
    m8_editor_door_free(vm);
    m8_machine_free(vm->machine);
    m8_arena_delete(vm->arena);
    m8_vm_state_forget(vm);
    free(vm);
}

const char *mote8_error(const mote8 *vm) { return vm->error; }

int mote8_error_kind(const mote8 *vm)
{
    return vm->error[0] ? vm->error_kind : MOTE8_ERROR_NONE;
}

const char *mote8_error_kind_name(int kind)
{
    switch (kind) {
    case MOTE8_ERROR_CART: return "cart error";
    case MOTE8_ERROR_SYNTAX: return "syntax error";
    case MOTE8_ERROR_RUNTIME: return "runtime error";
    default: return "no error";
    }
}

const char *mote8_coroutine_error(const mote8 *vm)
{
    return vm->coroutine_error[0] ? vm->coroutine_error : NULL;
}
int mote8_fps(const mote8 *vm) { return vm->machine->fps; }

static int read_cart(m8_vm *vm, const void *data, size_t len, const char *name)
{
    m8_cart_error err = { 0 };
    snprintf(vm->cart_name, sizeof vm->cart_name, "%s", name ? name : "cart");
    m8_cart_free(&vm->machine->cart);
    if (m8_cart_read_any(&vm->machine->cart, data, len, name, &err, NULL) != 0) {
        /* the reader's message already starts with "line N: " when it has a line */
        m8_vm_set_error(vm, "%s: %s", vm->cart_name, err.message);
        vm->error_kind = MOTE8_ERROR_CART;
        return -1;
    }
    return 0;
}

/* An error outside protected mode (which mote8 avoids; the last resort, e.g. memory
 * exhausted where no handler is set): a clear message and exit 1 instead of abort(). */
static int lua_panic_exit(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "mote8: unrecoverable Lua error: %s\n", msg ? msg : "(no message)");
    fflush(stderr);
    exit(1);
}

/* Create the Lua state and environment, translate and compile the cart's code.
 * Leaves the compiled chunk on the stack. */
static int compile_cart(m8_vm *vm)
{
    close_lua(vm);
    vm->mem_used = 0;
    lua_State *L = lua_newstate(vm_alloc, vm);
    if (!L) {
        m8_vm_set_error(vm, "%s: out of memory creating the Lua state", vm->cart_name);
        return -1;
    }
    vm->L = L;
    *(m8_vm **)lua_getextraspace(L) = vm;
    lua_atpanic(L, lua_panic_exit);
    m8_lua_weights_apply(L, vm->config.lua_unit_weights);
    luaL_openlibs(L);
    /* Cart code can reach the string library through string methods: take out what
     * could load or dump code. */
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);

    /* the sandbox environment */
    lua_newtable(L);
    m8_api_register(L, -1);
    m8_translate_register_helpers(L, lua_gettop(L));
    m8_translate_set_charge(L, lua_gettop(L), charge_op);
    /* charge_op's take-back of a weight is the counter minus those cycles: the counting
     * VM can make it itself (the unit weights give nothing back) */
    if (counting_in_vm(vm) && !vm->config.lua_unit_weights) m8_translate_weight_backs_in_vm(L);
    /* and call read-only upvalues (the helpers, the API's locals the cart never assigns) in
     * one instruction where there were two, counted as those two (with unit weights, as
     * one: counted by a hook or not, an instruction is 1) */
    m8_translate_fuse_upvalue_calls(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "_ENV");
    vm->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);

    const m8_cart *cart = &vm->machine->cart;
    size_t lua_len = 0;
    m8_translate_error terr = { 0 };
    char *lua_src = m8_translate_ex(cart->code ? cart->code : "", cart->code_len, &lua_len,
                                    &terr, m8_include_resolve, vm);
    if (!lua_src) {
        int tab = 0, tab_line = terr.line;
        m8_cart_code_location(cart, terr.line, &tab, &tab_line);
        char src[160];
        source_line(cart, terr.line, src, sizeof src);
        char opened[80] = "";           /* a missing 'end': which block, where it began */
        if (terr.open_line > 0) {
            int otab = 0, oline = terr.open_line;
            m8_cart_code_location(cart, terr.open_line, &otab, &oline);
            snprintf(opened, sizeof opened, " (to close '%s' at tab %d, line %d)", terr.open_what,
                     otab, oline);
        }
        int oom = strstr(terr.message, "out of memory") != NULL;   /* not the code's fault */
        vm->error_line = terr.line;         /* the code editor marks it (mote8_editor_enter) */
        m8_vm_set_error(vm, "%s: tab %d, line %d: %s%s%s\n  %s", vm->cart_name, tab, tab_line,
                        oom ? "" : "syntax error: ", terr.message, opened, src);
        if (!oom) vm->error_kind = MOTE8_ERROR_SYNTAX;
        return -1;
    }
    int rc = luaL_loadbufferx(L, lua_src, lua_len, "=cart", "t");
    free(lua_src);
    if (rc != LUA_OK) {
        char located[1024], src[160];
        vm->error_line = 0;
        describe_locations(vm, lua_tostring(L, -1), located, sizeof located);
        if (rc == LUA_ERRSYNTAX) say_syntax_error(located, sizeof located);
        source_line(cart, vm->error_line, src, sizeof src);
        m8_vm_set_error(vm, "%s: %s\n  %s", vm->cart_name, located, src);
        if (rc == LUA_ERRSYNTAX) vm->error_kind = MOTE8_ERROR_SYNTAX;   /* else out of memory */
        return -1;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->env_ref);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);   /* the chunk's _ENV */
    return 0;
}

int mote8_check_cart(mote8 *vm, const void *data, size_t len, const char *name)
{
    vm->status = MOTE8_RUNNING;
    vm->error[0] = 0;
    vm->error_line = 0;
    if (read_cart(vm, data, len, name) != 0) return -1;
    m8_editor_door_code(vm, vm->cart_name);     /* the code editor's unsaved code runs */
    if (compile_cart(vm) != 0) return -1;
    return 0;
}

int mote8_load_cart(mote8 *vm, const void *data, size_t len, const char *name)
{
    m8_cartdata_flush(vm);                   /* the run before a reset keeps its values */
    vm->cartdata_id[0] = 0;
    if (data != vm->cart_data) {            /* keep the bytes for mote8_reset */
        char *copy = malloc(len ? len : 1);
        if (!copy) {
            m8_vm_set_error(vm, "%s: out of memory", name ? name : "cart");
            return -1;
        }
        memcpy(copy, data, len);
        free(vm->cart_data);
        vm->cart_data = copy;
        vm->cart_len = len;
    }
    vm->chain_key = m8_state_cart_key(vm->cart_data, vm->cart_len);   /* its states' key */
    /* a cart the host loads starts a new chain: no parameter, no way back */
    m8_vm_clear_request(vm);
    vm->param[0] = 0;
    free(vm->back_data);
    vm->back_data = NULL;
    vm->back_len = 0;
    vm->back_label[0] = 0;
    return m8_vm_start_cart(vm, name, 0);
}

int m8_vm_start_cart(m8_vm *vm, const char *name, int keep_input)
{
    char own_name[sizeof vm->cart_name];    /* `name` may be vm->cart_name itself */
    snprintf(own_name, sizeof own_name, "%s", name ? name : "cart");
    vm->pause_requested = 0;
    if (mote8_check_cart(vm, vm->cart_data, vm->cart_len, own_name) != 0) return -1;
    lua_State *L = vm->L;
    m8_input held = vm->machine->input;
    m8_machine_power_on(vm->machine);
    if (keep_input) vm->machine->input = held;  /* a button still held is no new press */
    m8_editor_door_restarted(vm, own_name);
    uint32_t seed = vm->config.have_seed ? vm->config.seed : (uint32_t)time(NULL);
    m8_rng_seed(vm->machine->ram, seed);
    vm->booted = 0;
    vm->holding = 0;
    vm->coroutine_error[0] = 0;
    vm->has_callbacks = 0;
    vm->fps_forced = 0;
    vm->boot_cuts = 0;

    /* bios(env, cart, frame_end, want_draw) returns the main coroutine body */
    if (luaL_loadbufferx(L, bios_source, sizeof bios_source - 1, "=bios", "t") != LUA_OK) {
        m8_vm_set_error(vm, "internal error: %s", lua_tostring(L, -1));
        return -1;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->env_ref);
    lua_pushvalue(L, -3);                    /* the compiled cart chunk */
    lua_pushcfunction(L, bios_frame_end);
    lua_pushcfunction(L, bios_want_draw);
    lua_call(L, 4, 1);
    vm->co = lua_newthread(L);
    vm->co_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_xmove(L, vm->co, 1);                 /* body onto the coroutine */
    lua_pop(L, 1);                           /* the cart chunk */
    vm->lua_count = vm->lua_synced = vm->lua_read = 0;
    vm->yield_due = 0;
    start_counting(vm, vm->co);
    start_counting(vm, L);                   /* pause-menu callbacks run here: counted, so an
                                                endless loop in one ends (check_hang) */
    vm->status = MOTE8_RUNNING;
    return 0;
}

/* The script's turn in a tick (m8_machine_tick): resume the main coroutine until its next
 * frame end, flip(), slice limit, error or end. */
static int resume_cart(void *user)
{
    m8_vm *vm = user;
    slice_begin(vm);
    vm->buttons_fresh = vm->flipped;
    vm->flipped = 0;
    int nres = 0;
    int rc = lua_resume(vm->co, vm->L, 0, &nres);
#ifdef M8_COUNTING_VM
    /* between resumes (pause-menu callbacks) the alarm keeps checking for endless loops */
    if (counting_in_vm(vm) && vm->L)
        lua_m8_setalarm(vm->co, vm->lua_count + M8_SLOW_PATH_EVERY, slice_alarm);
#endif
    if (rc == LUA_YIELD) {
        lua_pop(vm->co, nres);
    } else if (rc == LUA_OK) {
        lua_pop(vm->co, nres);               /* the bios never returns; tolerate it */
        vm->status = MOTE8_STOPPED;
    } else if (vm->request.kind != M8_REQ_NONE) {
        settle_request(vm);
    } else {
        report_lua_error(vm, vm->co);
    }
    m8_vm_sync_lua(vm);
    return vm->status;
}

int mote8_tick(mote8 *vm, const mote8_input *input)
{
    if (vm->request.kind != M8_REQ_NONE && vm->status == MOTE8_RUNNING) {
        settle_request(vm);                  /* stop()/shutdown from a menu callback */
        if (vm->request.kind != M8_REQ_NONE && m8_flow_carry_out(vm) != 0) return vm->status;
    }
    if (vm->status != MOTE8_RUNNING || !vm->co) return vm->status;
    static const mote8_input no_input;
    if (!input) input = &no_input;
    vm->input = *input;
    uint8_t buttons[8];
    memcpy(buttons, input->buttons, sizeof buttons);
    if (vm->machine->ram[M8_DEVKIT] & 4) {   /* devkit: mouse buttons as btn(4)-btn(6) */
        int mb = input->mouse_buttons;
        buttons[0] |= (uint8_t)((mb & 1 ? 16 : 0) | (mb & 2 ? 32 : 0) | (mb & 4 ? 64 : 0));
    }
    int ended = vm->booted && !vm->has_callbacks;    /* program ended: the screen stays */
    m8_machine_tick(vm->machine, buttons, ended ? NULL : resume_cart, vm);
    m8_cartdata_flush(vm);                   /* at most one save per tick */
    if (vm->tick_observer) vm->tick_observer(vm);
    return vm->status;
}

void mote8_screen_rgb(const mote8 *vm, uint8_t *rgb)
{
    if (vm->holding && vm->held_screen)      /* holdframe(): the frame is not finished */
        memcpy(rgb, vm->held_screen, (size_t)MOTE8_WIDTH * MOTE8_HEIGHT * 3);
    else
        m8_machine_screen_rgb(vm->machine, rgb);
}

int mote8_pull_audio(mote8 *vm, int16_t *out, int max_samples)
{
    return m8_machine_pull_audio(vm->machine, out, max_samples);
}
