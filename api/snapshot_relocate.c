/* snapshot_relocate.c - rewriting a restored Lua heap's pointers to the outside for this
 * process (snapshot_relocate.h, docs/snapshots.md). Every collectable object is on one of
 * the collector's lists (allgc, finobj, tobefnz; the main thread is part of the state
 * itself); short strings, which hold no pointers, are in the string table. Per object:
 * tables (array values, node keys and values; an empty table's node is the static dummy
 * node), closures (a C closure's function, upvalues), closed upvalues, userdata (user
 * values; a standard stream's FILE*), threads (every stack slot, the C frames'
 * continuations, the hook, the instruction counter, the extra space with the m8_vm). Values
 * moved are light C functions and light userdata; a table with such a key is rehashed
 * (its keys' positions depend on their addresses), so only its traversal order can differ
 * from the run that saved it.
 * Depends on: snapshot_relocate.h, Lua 5.4 (lauxlib.h; the internal lstate.h, lobject.h,
 * ltable.h, lfunc.h: source build only). */
#include "snapshot_relocate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef M8_COUNTING_VM
#include <lauxlib.h>
#include "lstate.h"
#include "lobject.h"
#include "ltable.h"
#include "lfunc.h"

typedef struct relocator {
    const m8_relocation *r;
    Table **rehash;
    size_t n_rehash, cap_rehash;
    int failed;
} relocator;

static uintptr_t moved(const m8_relocation *r, uintptr_t p)
{
    if (p >= r->image_lo && p < r->image_hi) return (uintptr_t)((intptr_t)p + r->image_delta);
    if (p >= r->vm_old && p < r->vm_old + r->vm_size) return r->vm_new + (p - r->vm_old);
    for (int i = 0; i < 3; i++)
        if (p && p == r->stream_old[i]) return r->stream_new[i];
    return p;
}

/* A pointer-sized field of any pointer type (function pointers included); 1 if it moved. */
static int fix_word(const m8_relocation *r, void *field)
{
    uintptr_t p, q;
    memcpy(&p, field, sizeof p);
    q = moved(r, p);
    memcpy(field, &q, sizeof q);
    return q != p;
}

/* 1 when the value was a pointer to the outside that moved. */
static int fix_value(const m8_relocation *r, lu_byte tt, Value *v)
{
    if (tt == LUA_VLCF) return fix_word(r, &v->f);
    if (tt == LUA_VLIGHTUSERDATA) return fix_word(r, &v->p);
    return 0;
}

static void fix_tvalue(const m8_relocation *r, TValue *o) { fix_value(r, rawtt(o), &o->value_); }

static void fix_table(relocator *rl, Table *t)
{
    unsigned asize = luaH_realasize(t);
    for (unsigned i = 0; i < asize; i++) fix_tvalue(rl->r, &t->array[i]);
    if (isdummy(t)) {              /* node is the program's static dummy node */
        fix_word(rl->r, &t->node);
        return;
    }
    int keys = 0;
    for (size_t i = 0, n = sizenode(t); i < n; i++) {
        Node *nd = gnode(t, i);
        fix_tvalue(rl->r, gval(nd));
        if (fix_value(rl->r, keytt(nd), &keyval(nd))) keys = 1;
    }
    if (keys) {
        if (rl->n_rehash == rl->cap_rehash) {
            size_t cap = rl->cap_rehash ? rl->cap_rehash * 2 : 16;
            Table **grown = realloc(rl->rehash, cap * sizeof *grown);
            if (!grown) {
                rl->failed = 1;
                return;
            }
            rl->rehash = grown;
            rl->cap_rehash = cap;
        }
        rl->rehash[rl->n_rehash++] = t;
    }
}

static void fix_thread(const m8_relocation *r, lua_State *L1)
{
    fix_word(r, (unsigned char *)L1 - LUA_EXTRASPACE);   /* the m8_vm (lua_getextraspace) */
    fix_word(r, (void *)(uintptr_t)&L1->hook);   /* a volatile field: no hook runs now */
    fix_word(r, &L1->m8counter);
    if (L1->stack) {
        for (StkId o = L1->stack; o < L1->stack_last + EXTRA_STACK; o++) fix_tvalue(r, s2v(o));
    }
    for (CallInfo *ci = &L1->base_ci; ci; ci = ci->next)
        if (ci->callstatus & CIST_C) fix_word(r, &ci->u.c.k);
}

static void fix_udata(const m8_relocation *r, Udata *u)
{
    for (int i = 0; i < u->nuvalue; i++) fix_tvalue(r, &u->uv[i].uv);
    if (u->len == sizeof(luaL_Stream)) {     /* io's handle of a standard stream */
        luaL_Stream *s = (luaL_Stream *)getudatamem(u);
        uintptr_t f;
        memcpy(&f, &s->f, sizeof f);
        for (int i = 0; i < 3; i++) {
            if (f && f == r->stream_old[i]) {
                fix_word(r, &s->f);
                fix_word(r, &s->closef);
                break;
            }
        }
    }
}

static void fix_object(relocator *rl, GCObject *o)
{
    const m8_relocation *r = rl->r;
    switch (o->tt) {
    case LUA_VTABLE: fix_table(rl, gco2t(o)); break;
    case LUA_VCCL: {
        CClosure *cl = gco2ccl(o);
        fix_word(r, &cl->f);
        for (int i = 0; i < cl->nupvalues; i++) fix_tvalue(r, &cl->upvalue[i]);
        break;
    }
    case LUA_VUPVAL: {
        UpVal *uv = gco2upv(o);
        if (!upisopen(uv)) fix_tvalue(r, &uv->u.value);   /* open ones are on a stack */
        break;
    }
    case LUA_VUSERDATA: fix_udata(r, gco2u(o)); break;
    case LUA_VTHREAD: fix_thread(r, gco2th(o)); break;
    default: break;                /* strings, Lua closures, prototypes: nothing outside */
    }
}

int m8_lua_can_relocate(void) { return 1; }

int m8_lua_relocate(lua_State *L, const m8_relocation *r)
{
    global_State *g = G(L);
    fix_word(r, &g->frealloc);
    fix_word(r, &g->ud);
    fix_word(r, &g->panic);
    fix_word(r, &g->warnf);
    fix_word(r, &g->ud_warn);
    fix_word(r, &g->m8alarmf);
    for (int i = 0; i < g->m8nfastops; i++) {
        fix_word(r, &g->m8fastops[i].f);
        fix_word(r, &g->m8fastops[i].op);
        fix_word(r, &g->m8fastops[i].charge);
    }
    luaE_m8quickops(g);            /* the quick path's copies of the helpers' functions */
    fix_tvalue(r, &g->l_registry);
    relocator rl = { r, NULL, 0, 0, 0 };
    fix_thread(r, g->mainthread);
    GCObject *lists[] = { g->allgc, g->finobj, g->tobefnz };
    for (size_t l = 0; l < sizeof lists / sizeof lists[0]; l++)
        for (GCObject *o = lists[l]; o; o = o->next) fix_object(&rl, o);
    for (size_t i = 0; i < rl.n_rehash && !rl.failed; i++) {
        Table *t = rl.rehash[i];
        luaH_resize(L, t, luaH_realasize(t), (unsigned)sizenode(t));
    }
    free(rl.rehash);
    return rl.failed ? -1 : 0;
}

#else   /* the system's liblua5.4: its internals are not ours to walk */

int m8_lua_can_relocate(void) { return 0; }

int m8_lua_relocate(lua_State *L, const m8_relocation *r)
{
    (void)L;
    (void)r;
    return -1;
}

#endif
