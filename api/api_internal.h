/* api_internal.h - what a Lua binding needs: the VM behind a lua_State, argument helpers,
 * and cost reporting.
 *
 * Conventions for binding files (api/api_<group>.c):
 *  - A binding is `int fn(lua_State *L)` named in its row of api/api_table.h.
 *  - Arguments are read with m8_arg_* below: PICO-8 coerces loosely (absent or nil means
 *    the default, numeric strings are numbers, NaN becomes 0), so never use luaL_check*.
 *  - Numbers are pushed with m8_push_num (integral values become Lua integers so they
 *    print without ".0").
 *  - A binding whose cost rule depends on work done reports its units (pixels, characters,
 *    bytes...) with m8_call_units(L, n); the row's cost rule turns units into cycles.
 *  - Machine state is reached with m8_ram(L) / m8_machine(L); state lives in RAM.
 * Depends on: mote8.h, Lua 5.4, runtime/core/machine.h. */
#ifndef M8_API_INTERNAL_H
#define M8_API_INTERNAL_H

#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>
#include "machine.h"
#include "mote8.h"

typedef struct mote8 m8_vm;  /* defined in api/vm_internal.h */

m8_vm *m8_vm_of(lua_State *L);
m8_machine *m8_machine_of(lua_State *L);
static inline uint8_t *m8_ram(lua_State *L) { return m8_machine_of(L)->ram; }

/* --- arguments (api_args.c) --- */
int m8_arg_given(lua_State *L, int i);                  /* present and not nil */
double m8_arg_num(lua_State *L, int i, double def);     /* NaN/inf made finite */
int m8_arg_int(lua_State *L, int i, int def);           /* flr, saturated to int */
int32_t m8_arg_raw(lua_State *L, int i, int32_t def);   /* 16.16 bit pattern */
/* Arguments 1..n (n <= M8_ARG_INTS_MAX) as m8_arg_int would read them, with defaults
 * def[0..n-1], in one pass for the drawing calls' hot paths. */
#define M8_ARG_INTS_MAX 16
void m8_arg_ints(lua_State *L, int n, int *out, const int *def);
/* The same, and argument n+1 as m8_arg_raw would read it (default def_raw), all in the same
 * pass (n < M8_ARG_INTS_MAX): the shapes' coordinates and colour. */
int32_t m8_arg_ints_raw(lua_State *L, int n, int *out, const int *def, int32_t def_raw);
int m8_arg_bool(lua_State *L, int i, int def);          /* nil/false -> 0 */
/* A string argument; numbers are formatted as tostr would (and replace the argument).
 * NULL for other types. */
const char *m8_arg_string(lua_State *L, int i, size_t *len);

/* --- coroutines (api_coroutine.c) --- */
/* coroutine.resume (upvalue 1) with a failed resume's "cart:N:" message rewritten as
 * "tab T, line L:". */
int m8_coresume_located(lua_State *L);

/* --- results --- */
void m8_push_num(lua_State *L, double v);

/* --- cost (api_call.c) --- */
void m8_call_units(lua_State *L, double units);
/* A binding of a row flagged M8_ROW_SPRITE reports each sprite it drew (0-255) and the
 * rectangle it covered in the cart's coordinates (before the camera), for the profiler's
 * sprite table (cycles split by area, on and off screen). Free without a profiler. */
void m8_call_sprite(lua_State *L, int n, double x, double y, double w, double h);
/* 1 when a profiler listens to sprite reports (a binding may skip working them out). */
int m8_call_wants_sprites(lua_State *L);
/* A drawing binding reports the destination rectangle it was asked to cover, in the cart's
 * coordinates (before the camera; the camera and clip rectangle in RAM are applied here),
 * transparent and off-screen parts included. Feeds the profiler's heatmap and its
 * off-screen cost; free when no profiler is attached. */
void m8_call_area(lua_State *L, double x, double y, double w, double h);
/* What a drawing call drew from (the profiler's "top draws"): nothing said, a sprite-sheet
 * rectangle (sspr), a sprite's block of the sheet (spr: its w x h sprites), map cells. */
enum m8_call_source_kind { M8_SOURCE_NONE, M8_SOURCE_SHEET, M8_SOURCE_SPRITE, M8_SOURCE_MAP };
/* What the drawing call drew from, after m8_call_area (enum m8_call_source_kind): the sheet
 * rectangle of an sspr or of a spr's sprites (pixels), or the map cells of a map (cells).
 * For the profiler's top draws; free without a profiler. */
void m8_call_source(lua_State *L, int kind, double x, double y, double w, double h);
/* The same in screen coordinates (no camera), e.g. cls. */
void m8_call_screen_area(lua_State *L, double x, double y, double w, double h);
/* 1 when the point (cart coordinates) lies outside the clip rectangle after the camera:
 * line's "+2 cycles when clipped" (a segment is clipped iff an end point is outside). */
int m8_call_clipped(lua_State *L, double x, double y);
/* The same on the machine's RAM (its camera and clip rectangle): frameless variants. */
int m8_ram_clipped(const uint8_t *ram, double x, double y);

/* --- host services used by bindings --- */
void m8_vm_printh(lua_State *L, const char *text);
/* Yield the cart's main coroutine at a frame boundary (flip()). */
int m8_vm_flip(lua_State *L);
/* The same with a continuation, for a binding that waits frames: returns
 * lua_yieldk(L, 0, ctx, k), and k then finishes the binding on the next tick (the
 * dispatcher's cost step does not run after a yield: charge before, see docs/text.md).
 * The frame also advances time(). Where yielding is impossible, returns k(L, LUA_OK, ctx). */
int m8_vm_flip_k(lua_State *L, lua_KContext ctx, lua_KFunction k);

#endif
