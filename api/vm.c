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
 * Depends on: Lua 5.4, runtime/core (machine, cart, cart_file, p8num, synth), api/p8_translate.h. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lualib.h>

#include "api_internal.h"
#include "api_registry.h"
#include "bundled.h"
#include "cart_file.h"
#include "cost.h"
#include "include_files.h"
#include "p8_runtime.h"
#include "p8_translate.h"
#include "p8num.h"
#include "p8scii.h"
#include "pixel.h"
#include "rng.h"
#include "synth.h"
#include "vm_internal.h"

#define M8_DEFAULT_LUA_LIMIT (32u * 1024u * 1024u)
/* Yield an unfinished frame after this many instructions in one resume (40 frame budgets
 * at 30 fps), so an endless loop cannot hang the host. */
#define M8_SLICE_INSTRUCTIONS (40ull * 279620ull / M8_LUA_CYCLES_PER_INSTRUCTION)
#define M8_SLOW_PATH_EVERY 4096             /* instructions between slow-path checks */

/* ---------------------------------------------------------------- allocator --- */

static void *vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    m8_vm *vm = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        vm->mem_used -= old;
        return NULL;
    }
    if (nsize > old && vm->mem_used - old + nsize > vm->mem_limit) return NULL;
    void *p = realloc(ptr, nsize);
    if (p) vm->mem_used = vm->mem_used - old + nsize;
    return p;
}

/* ---------------------------------------------------------------- accessors --- */

m8_vm *m8_vm_of(lua_State *L) { return *(m8_vm **)lua_getextraspace(L); }
m8_machine *m8_machine_of(lua_State *L) { return m8_vm_of(L)->machine; }

static double finite_or_zero(double v)
{
    if (isnan(v)) return 0;
    if (isinf(v)) return v > 0 ? 32767.99998474121 : -32768.0;
    return v;
}

int m8_arg_given(lua_State *L, int i) { return !lua_isnoneornil(L, i); }

double m8_arg_num(lua_State *L, int i, double def)
{
    int ok = 0;
    double v = lua_tonumberx(L, i, &ok);
    if (!ok) {
        if (lua_isboolean(L, i)) return lua_toboolean(L, i);
        return def;
    }
    return finite_or_zero(v);
}

int m8_arg_int(lua_State *L, int i, int def)
{
    if (!m8_arg_given(L, i)) return def;
    return m8_num_to_int(m8_arg_num(L, i, def));
}

int32_t m8_arg_raw(lua_State *L, int i, int32_t def)
{
    if (!m8_arg_given(L, i)) return def;
    return m8_num_to_raw(m8_arg_num(L, i, 0));
}

int m8_arg_bool(lua_State *L, int i, int def)
{
    if (lua_isnone(L, i)) return def;
    return lua_toboolean(L, i);
}

void m8_push_num(lua_State *L, double v)
{
    v = finite_or_zero(v);
    if (v == floor(v) && fabs(v) < 2147483648.0) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushnumber(L, v);
}

void m8_cost_units(lua_State *L, double units) { m8_vm_of(L)->call_units = units; }


void m8_cost_screen_area(lua_State *L, double x, double y, double w, double h)
{
    m8_vm *vm = m8_vm_of(L);
    if (!vm->call_observer) return;            /* only the profiler looks at areas */
    const uint8_t *ram = vm->machine->ram;
    m8_call_area *a = &vm->call_area;
    a->set = 1;
    a->x = x;
    a->y = y;
    a->w = w > 0 ? w : 0;
    a->h = h > 0 ? h : 0;
    a->clip_x0 = ram[M8_CLIP_X0];
    a->clip_y0 = ram[M8_CLIP_Y0];
    a->clip_x1 = ram[M8_CLIP_X1];
    a->clip_y1 = ram[M8_CLIP_Y1];
}

void m8_cost_area(lua_State *L, double x, double y, double w, double h)
{
    m8_vm *vm = m8_vm_of(L);
    if (!vm->call_observer) return;
    const uint8_t *ram = vm->machine->ram;
    m8_cost_screen_area(L, x - m8_camera_x(ram), y - m8_camera_y(ram), w, h);
}

int m8_cost_clipped(lua_State *L, double x, double y)
{
    const uint8_t *ram = m8_vm_of(L)->machine->ram;
    x -= m8_camera_x(ram);
    y -= m8_camera_y(ram);
    return x < ram[M8_CLIP_X0] || x >= ram[M8_CLIP_X1] || y < ram[M8_CLIP_Y0] ||
           y >= ram[M8_CLIP_Y1];
}

void m8_vm_call_begin(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    vm->call_units = 0;
    vm->call_area.set = 0;
}

void m8_vm_call_end(lua_State *L, const m8_api_row *row)
{
    m8_vm *vm = m8_vm_of(L);
    uint64_t cycles = m8_cost_rule_cycles(&row->cost, vm->call_units);
    m8_cost_charge_system(&vm->cost, cycles);
    if (vm->call_observer) vm->call_observer(vm, L, row, cycles, vm->call_units);
    vm->call_units = 0;          /* a binding that called back into Lua (foreach) must not */
    vm->call_area.set = 0;       /* inherit the units or area of the calls made there */
}

void m8_vm_printh(lua_State *L, const char *text)
{
    m8_vm *vm = m8_vm_of(L);
    if (vm->config.printh) vm->config.printh(vm->config.user, text);
    else {
        fputs(text, stdout);
        fputc('\n', stdout);
        fflush(stdout);
    }
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
    vm->machine->updates++;
    m8_cost_flip(&vm->cost);
    return lua_yieldk(L, 0, ctx, k);
}

int m8_vm_flip(lua_State *L) { return m8_vm_flip_k(L, 0, NULL); }

/* ---------------------------------------------------------------- count hook --- */

/* Every VM instruction of the cart's coroutines passes here (coroutines created by the cart
 * inherit the hook). The fast path is one addition and one decrement. */
static void count_hook(lua_State *L, lua_Debug *ar)
{
    m8_vm *vm = m8_vm_of(L);
    vm->cost.lua_cycles += M8_LUA_CYCLES_PER_INSTRUCTION;
    if (vm->instruction_observer) vm->instruction_observer(vm, L, ar);
    if (--vm->slice_left > 0) return;
    vm->slice_instructions += M8_SLOW_PATH_EVERY - (uint64_t)vm->slice_left;
    vm->slice_left = M8_SLOW_PATH_EVERY;
    if (vm->slice_instructions > M8_SLICE_INSTRUCTIONS && L == vm->co && lua_isyieldable(L)) {
        vm->slice_instructions = 0;
        /* Lua runs the hook again for this instruction on resume: uncount it here */
        vm->cost.lua_cycles -= M8_LUA_CYCLES_PER_INSTRUCTION;
        lua_yield(L, 0);
    }
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
    if (lua_toboolean(L, 1)) {
        vm->booted = 1;
        vm->has_callbacks = has_global(vm, L, "_update") || has_global(vm, L, "_update60") ||
                            has_global(vm, L, "_draw");
        vm->machine->fps = has_global(vm, L, "_update60") ? 60 : 30;
        m8_cost_set_fps(&vm->cost, vm->machine->fps);
        m8_cost_boot_end(&vm->cost, vm->has_callbacks);
        return 0;
    }
    vm->machine->updates++;
    m8_cost_frame_end(&vm->cost);
    if (L == vm->co && lua_isyieldable(L)) return lua_yield(L, 0);
    return 0;
}

static int bios_want_draw(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    lua_pushboolean(L, m8_cost_want_draw(&vm->cost));
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
            kept[k++] = '\n';
        }
        line += n;
        if (*line) line++;
    }
    if (k > 0 && kept[k - 1] == '\n') k--;
    kept[k] = 0;
    describe_locations(vm, kept, out, outsz);
}

/* Build the full report for a Lua error raised in coroutine `co`. */
static void report_lua_error(m8_vm *vm, lua_State *co)
{
    const char *msg = lua_tostring(co, -1);
    char located[1024], tb_located[2048], src[160];
    vm->error_line = 0;
    describe_locations(vm, msg ? msg : "error object is not a string", located, sizeof located);
    luaL_traceback(vm->L, co, NULL, 0);
    drop_bios_frames(vm, lua_tostring(vm->L, -1), tb_located, sizeof tb_located);
    lua_pop(vm->L, 1);
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
    vm->mem_limit = vm->config.lua_memory_limit ? vm->config.lua_memory_limit
                                                : M8_DEFAULT_LUA_LIMIT;
    vm->machine = m8_machine_new();
    if (!vm->machine) {
        free(vm);
        return NULL;
    }
    m8_cost_init(&vm->cost, 30);
    snprintf(vm->cart_name, sizeof vm->cart_name, "%s", "cart");
    return vm;
}

static void close_lua(m8_vm *vm)
{
    if (vm->L) lua_close(vm->L);
    vm->L = NULL;
    vm->co = NULL;
}

void mote8_destroy(mote8 *vm)
{
    if (!vm) return;
    close_lua(vm);
    free(vm->cart_data);
    m8_machine_free(vm->machine);
    free(vm);
}

const char *mote8_error(const mote8 *vm) { return vm->error; }
int mote8_fps(const mote8 *vm) { return vm->machine->fps; }

static int read_cart(m8_vm *vm, const void *data, size_t len, const char *name)
{
    m8_cart_error err = { 0 };
    snprintf(vm->cart_name, sizeof vm->cart_name, "%s", name ? name : "cart");
    m8_cart_free(&vm->machine->cart);
    if (m8_cart_read_any(&vm->machine->cart, data, len, name, &err, NULL) != 0) {
        /* the reader's message already starts with "line N: " when it has a line */
        m8_vm_set_error(vm, "%s: %s", vm->cart_name, err.message);
        return -1;
    }
    return 0;
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
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "_ENV");
    vm->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);

    const m8_cart *cart = &vm->machine->cart;
    size_t lua_len = 0;
    m8_translate_error terr = { 0 };
    char *lua_src = m8_translate_ex(cart->code ? cart->code : "", cart->code_len, &lua_len,
                                    &terr, m8_include_resolve, vm->cart_name);
    if (!lua_src) {
        int tab = 0, tab_line = terr.line;
        m8_cart_code_location(cart, terr.line, &tab, &tab_line);
        char src[160];
        source_line(cart, terr.line, src, sizeof src);
        m8_vm_set_error(vm, "%s: tab %d, line %d: %s\n  %s", vm->cart_name, tab, tab_line,
                        terr.message, src);
        return -1;
    }
    int rc = luaL_loadbufferx(L, lua_src, lua_len, "=cart", "t");
    free(lua_src);
    if (rc != LUA_OK) {
        char located[1024], src[160];
        vm->error_line = 0;
        describe_locations(vm, lua_tostring(L, -1), located, sizeof located);
        source_line(cart, vm->error_line, src, sizeof src);
        m8_vm_set_error(vm, "%s: %s\n  %s", vm->cart_name, located, src);
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
    if (read_cart(vm, data, len, name) != 0) return -1;
    if (compile_cart(vm) != 0) return -1;
    return 0;
}

int mote8_load_cart(mote8 *vm, const void *data, size_t len, const char *name)
{
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
    if (mote8_check_cart(vm, data, len, name) != 0) return -1;
    lua_State *L = vm->L;
    m8_machine_power_on(vm->machine);
    uint32_t seed = vm->config.have_seed ? vm->config.seed : (uint32_t)time(NULL);
    m8_rng_seed(vm->machine->ram, seed);
    vm->booted = 0;
    vm->has_callbacks = 0;
    vm->stop_requested = 0;
    vm->audio_head = vm->audio_count = 0;
    vm->audio_due = 0;
    vm->machine->fps = 30;
    m8_cost_init(&vm->cost, 30);

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
    lua_sethook(vm->co, count_hook, LUA_MASKCOUNT, 1);
    vm->status = MOTE8_RUNNING;
    return 0;
}

static void render_tick_audio(m8_vm *vm);

int mote8_tick(mote8 *vm, const mote8_input *input)
{
    if (vm->status != MOTE8_RUNNING || !vm->co) return vm->status;
    static const mote8_input no_input;
    if (!input) input = &no_input;
    m8_input_latch(&vm->machine->input, vm->machine->ram, input->buttons);
    vm->input = *input;
    m8_cost_tick_begin(&vm->cost);
    vm->slice_left = M8_SLOW_PATH_EVERY;
    vm->slice_instructions = 0;
    vm->flipped = 0;

    if (vm->booted && !vm->has_callbacks) {  /* program ended: the screen stays */
        m8_cost_tick_end(&vm->cost, 0);
        render_tick_audio(vm);
        if (vm->tick_observer) vm->tick_observer(vm);
        return vm->status;
    }
    uint64_t frames_before = vm->cost.frames;
    int nres = 0;
    int rc = lua_resume(vm->co, vm->L, 0, &nres);
    if (rc == LUA_YIELD) {
        lua_pop(vm->co, nres);
    } else if (rc == LUA_OK) {
        lua_pop(vm->co, nres);               /* the bios never returns; tolerate it */
        vm->status = MOTE8_STOPPED;
    } else if (vm->stop_requested) {
        vm->status = MOTE8_STOPPED;
    } else {
        report_lua_error(vm, vm->co);
    }
    m8_cost_tick_end(&vm->cost, vm->cost.frames != frames_before);
    render_tick_audio(vm);
    if (vm->tick_observer) vm->tick_observer(vm);
    return vm->status;
}

void mote8_screen_rgb(const mote8 *vm, uint8_t *rgb) { m8_machine_screen_rgb(vm->machine, rgb); }

/* Each tick renders its 22050/fps samples so the synth's time follows the ticks exactly
 * (headless or windowed, pulled or not); hosts drain the ring with mote8_pull_audio. */
static void render_tick_audio(m8_vm *vm)
{
    vm->audio_due += (double)M8_SYNTH_RATE / (double)vm->machine->fps;
    int n = (int)vm->audio_due;
    vm->audio_due -= n;
    int16_t buf[M8_SYNTH_RATE / 30 + 2];
    m8_synth_render(vm->machine->synth, buf, n);
    for (int i = 0; i < n; i++) {
        if (vm->audio_count == M8_AUDIO_RING) {      /* nobody pulls: drop the oldest */
            vm->audio_head = (vm->audio_head + 1) % M8_AUDIO_RING;
            vm->audio_count--;
        }
        vm->audio[(vm->audio_head + vm->audio_count) % M8_AUDIO_RING] = buf[i];
        vm->audio_count++;
    }
}

int mote8_pull_audio(mote8 *vm, int16_t *out, int max_samples)
{
    int n = max_samples < vm->audio_count ? max_samples : vm->audio_count;
    for (int i = 0; i < n; i++) out[i] = vm->audio[(vm->audio_head + i) % M8_AUDIO_RING];
    vm->audio_head = (vm->audio_head + n) % M8_AUDIO_RING;
    vm->audio_count -= n;
    return n;
}

const m8_bundled_cart *m8_find_bundled_cart(const char *name)
{
    for (const m8_bundled_cart *c = m8_bundled_carts; c->name; c++)
        if (strcmp(c->name, name) == 0) return c;
    return NULL;
}
