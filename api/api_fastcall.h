/* api_fastcall.h - frameless variants of small API functions (pset, pget, flr, sin ...), of
 * the common drawing calls (spr, sspr, map, rectfill, circfill, line ...) and of peek/poke: the
 * patched VM calls them without a CallInfo when every argument is a number
 * (tools/lua5.4-p8fastop.patch, lua_m8_setfastcall), with the arguments read straight from
 * the stack as the VM holds them (lua_M8Arg: an integer in [-2^31, 2^31) or a float). Each body computes what its binding (api_gfx.c, api_math.c) computes
 * for those numbers, or declines (LUA_M8FAST_DECLINE, nothing changed) for the rare values
 * it does not take, and the VM then makes the full call. api_registry.c wraps each body in
 * the binding's arity check and cost (m8_call_begin / m8_call_end) and registers it.
 * Depends on: Lua 5.4 (patched), vm_internal.h. */
#ifndef M8_API_FASTCALL_H
#define M8_API_FASTCALL_H

#include <lua.h>
#include "vm_internal.h"

#ifdef LUA_M8_FASTARGS
/* The API rows with a frameless variant: X(name) for m8f_<name>; the small calls (at most
 * three arguments), the drawing calls and draw state (up to eight), peek/poke (one value
 * read; up to seven written: the translator's @a, %a and $a call peek, peek2 and peek4) and
 * memcpy/memset. */
#define M8_FASTCALL_SMALL_LIST(X) \
    X(pset) X(pget) X(sget) X(sset) X(mget) X(mset) X(abs) X(sgn) X(min) X(max) X(mid) \
    X(band) X(bor) X(bxor) X(shl) X(shr) X(lshr) X(rnd)
#define M8_FASTCALL_NUMBERS_LIST(X) X(flr) X(sin) X(cos) X(sqrt)
#define M8_FASTCALL_DRAW_LIST(X) \
    X(cls) X(color) X(fillp) X(pal) X(line) X(rect) X(rectfill) X(circ) X(circfill) \
    X(oval) X(ovalfill) X(spr) X(sspr) X(map)
#define M8_FASTCALL_MEMORY_LIST(X) \
    X(peek) X(peek2) X(peek4) X(poke) X(poke2) X(poke4) X(memcpy) X(memset)
#define M8_FASTCALL_LIST(X) M8_FASTCALL_NUMBERS_LIST(X) M8_FASTCALL_OTHER_LIST(X)
/* The variants that also take nil (as absent) and booleans (0 and 1; flips as in Lua); the
 * VM passes them with LUA_M8ARGS_OTHER, which makes the others decline. */
#define M8_FASTCALL_OTHER_LIST(X) \
    M8_FASTCALL_SMALL_LIST(X) M8_FASTCALL_DRAW_LIST(X) M8_FASTCALL_MEMORY_LIST(X)

/* A body: n arguments a[0..n-1] (n <= LUA_M8_FASTARGS; numbers, or for the bodies of
 * M8_FASTCALL_OTHER_LIST also nil and booleans; read before anything that may move the
 * stack); the result in *out;
 * returns LUA_M8FAST_NONE, LUA_M8FAST_INT, LUA_M8FAST_FLT or LUA_M8FAST_DECLINE. */
#define M8_FASTCALL_DECL(name) \
    int m8f_##name(m8_vm *vm, int n, const lua_M8Arg *a, double *out);
M8_FASTCALL_LIST(M8_FASTCALL_DECL)
#undef M8_FASTCALL_DECL
/* spr(n, x, y)'s three numbers as m8f_spr reads them; 1 when n is 0-255 (else m8f_spr takes
 * the call). */
int m8f_spr3_ints(const lua_M8Arg *a, int *s, int *x, int *y);
/* m8f_spr's draw of spr(s, x, y) (kept out of line: the sprites m8_spr_whole8 leaves). */
void m8f_spr3_clipped(m8_vm *vm, int s, int x, int y);
#endif

#endif
