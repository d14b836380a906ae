/* api_text.c - the print() binding (reference 8.5): converts the value as tostr would,
 * chooses the cursor or the x,y form from the arguments, plays `\a` audio strings through
 * the synth, and hands everything else to the text engine. Frame waits in the text
 * (`\^1`..`\^9`, `\^d`) are real on the cart's main coroutine: print draws up to the
 * wait, lets the frames pass (m8_vm_flip_k) and goes on from the saved engine state.
 * Elsewhere (a cart coroutine, a C callback) the whole string is drawn at once.
 * Depends on: api_call.h, api_internal.h, vm_internal.h,
 * runtime/core text.h, synth.h, p8num.h. */
#include <stdio.h>
#include <string.h>

#include "api_call.h"
#include "api_internal.h"
#include "p8num.h"
#include "synth.h"
#include "text.h"
#include "vm_internal.h"

static int audio_hook(void *user, const char *str, int len)
{
    m8_machine *m = user;
    if (!m->synth) return -1;
    return m8_synth_play_string(m->synth, m->ram, str, len);
}

/* The text PICO-8 prints for argument 1: strings as they are, numbers as tostr, booleans,
 * "[nil]", other types as "[type]"; print() with no argument prints an empty line. */
static const char *print_text(lua_State *L, char *buf, size_t bufsz, size_t *len)
{
    const char *s;
    switch (lua_type(L, 1)) {
    case LUA_TSTRING: return lua_tolstring(L, 1, len);
    case LUA_TNUMBER: *len = (size_t)m8_num_format(lua_tonumber(L, 1), buf); return buf;
    case LUA_TBOOLEAN: s = lua_toboolean(L, 1) ? "true" : "false"; break;
    case LUA_TNONE: s = ""; break;
    case LUA_TNIL: s = "[nil]"; break;
    default: snprintf(buf, bufsz, "[%s]", luaL_typename(L, 1)); s = buf; break;
    }
    *len = strlen(s);
    return s;
}

/* A print waiting for frames: the engine state and its own copy of the text (the
 * argument may have been a number formatted in a C buffer). Lives as a userdata on the
 * coroutine's stack, so it survives the yields. */
typedef struct print_job {
    m8_text_state st;
    int frames_left;            /* frames still to pass before drawing on */
    int x0, y0;                 /* where the text began (print's area) */
    int len;
    char text[];
} print_job;

/* Frames can pass only on the cart's main coroutine, outside C callbacks (lua_call). */
static int can_wait(lua_State *L)
{
    return L == m8_vm_of(L)->co && lua_isyieldable(L);
}

/* What print is charged for (the row's rule adds a base per call): 1 cycle per pixel of
 * each character cell drawn (a 4x6 character 24, an 8x8 one-off glyph 64), 2 per byte
 * that drew nothing (control codes and their parameters). docs/cost-model.md. */
static void print_charge(lua_State *L, long cell_px, int cells, int len)
{
    long quiet = (long)len - cells;
    m8_call_units(L, (double)cell_px + 2.0 * (double)(quiet > 0 ? quiet : 0));
}

/* The result (right-most x); the block the text covered, from its first line's left to the
 * right-most x and down to the final cursor line, is reported as the call's area so the
 * profiler counts print's pixels (free without a profiler). */
static int print_finish(lua_State *L, m8_text_state *st, int x0, int y0, int len)
{
    int end_y = 0;
    print_charge(L, st->cell_px, st->cells, len);
    int right = m8_text_end(st, &end_y);
    if (right > x0 && end_y > y0) m8_call_area(L, x0, y0, right - x0, end_y - y0);
    m8_push_num(L, right);
    return 1;
}

static int print_continue(lua_State *L, int status, lua_KContext ctx);

/* Let the job's frames pass one flip at a time, drawing on between waits; print's result
 * once the text is finished. */
static int print_run(lua_State *L, int job_index)
{
    print_job *job = lua_touserdata(L, job_index);
    /* the job's RAM and hooks are the machine's of now: a snapshot restored in another
       process (docs/snapshots.md) has the job in the Lua heap, the machine elsewhere */
    m8_machine *m = m8_machine_of(L);
    job->st.rd = m->ram;
    if (job->st.wr) job->st.wr = m->ram;
    job->st.hooks.user = m;
    job->st.hooks.audio = audio_hook;
    while (job->frames_left == 0) {
        int frames = m8_text_step(&job->st, job->text, job->len);
        if (frames == 0) return print_finish(L, &job->st, job->x0, job->y0, job->len);
        job->frames_left = frames;
    }
    if (!can_wait(L)) {                 /* cannot happen after a resume; stay safe */
        while (m8_text_step(&job->st, job->text, job->len) > 0) {}
        return print_finish(L, &job->st, job->x0, job->y0, job->len);
    }
    job->frames_left--;
    return m8_vm_flip_k(L, (lua_KContext)job_index, print_continue);
}

static int print_continue(lua_State *L, int status, lua_KContext ctx)
{
    (void)status;
    return print_run(L, (int)ctx);
}

/* print(s, [x, y], [col]) / print(s, col): returns the right-most x reached. */
int m8l_print(lua_State *L)
{
    char buf[48];
    size_t len;
    const char *s = print_text(L, buf, sizeof buf, &len);
    m8_machine *m = m8_machine_of(L);
    m8_text_hooks hooks = {m, audio_hook, NULL};
    int has_xy = 0, x = 0, y = 0, has_col = 0, col = 0;
    if (m8_arg_given(L, 3)) {
        has_xy = 1;
        x = m8_arg_int(L, 2, 0);
        y = m8_arg_int(L, 3, 0);
        if (m8_arg_given(L, 4)) { has_col = 1; col = m8_arg_int(L, 4, 0); }
    } else if (m8_arg_given(L, 2)) {
        has_col = 1;
        col = m8_arg_int(L, 2, 0);
    }
    if (len > 0x7fffffff) len = 0x7fffffff;
    m8_text_state st;
    m8_text_begin(&st, m->ram, has_xy, x, y, has_col, col, &hooks);
    int x0 = st.x, y0 = st.y;
    int frames = m8_text_step(&st, s, (int)len);
    if (frames == 0) return print_finish(L, &st, x0, y0, (int)len);
    if (!can_wait(L)) {                 /* all at once: the waits are skipped */
        while (m8_text_step(&st, s, (int)len) > 0) {}
        return print_finish(L, &st, x0, y0, (int)len);
    }
    /* the first wait: move the state into a userdata and let frames pass */
    print_job *job = lua_newuserdatauv(L, sizeof *job + len, 0);
    job->st = st;
    job->frames_left = frames;
    job->x0 = x0;
    job->y0 = y0;
    job->len = (int)len;
    memcpy(job->text, s, len);
    /* the dispatcher never sees a yielding print return: charged now, for the whole text
     * (measured without drawing), in the frame the print starts in */
    long cell_px;
    int cells;
    m8_text_cells(m->ram, s, (int)len, &cell_px, &cells);
    print_charge(L, cell_px, cells, (int)len);
    m8_call_charge_now(L);
    return print_run(L, lua_gettop(L));
}

/* cursor([x,y],[col]): set the print cursor and the home x new lines return to, optionally
 * the pen; returns the previous x, y and pen colour. */
int m8l_cursor(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int old_x = ram[M8_CURSOR_X], old_y = ram[M8_CURSOR_Y], old_col = ram[M8_PEN] & 15;
    int x = m8_arg_int(L, 1, 0), y = m8_arg_int(L, 2, 0);
    ram[M8_CURSOR_X] = (uint8_t)x;
    ram[M8_CURSOR_Y] = (uint8_t)y;
    ram[M8_PRINT_HOME_X] = (uint8_t)x;
    if (m8_arg_given(L, 3)) ram[M8_PEN] = (uint8_t)(m8_arg_int(L, 3, 6) & 0xff);
    lua_pushinteger(L, old_x);
    lua_pushinteger(L, old_y);
    lua_pushinteger(L, old_col);
    return 3;
}
