/* api_collide.c - Lua bindings of the pixel-exact sprite collision query, a mote8 extension
 * (docs/collision.md): spr_hit, sspr_hit and the group form spr_hits. Arguments are read
 * once (rectangles of runtime/core/collide.h, flips as bits: 1 flip_x, 2 flip_y), one core
 * call counts the shared opaque pixels, and the overlap area examined is reported as the
 * cost units. Depends on: api_internal.h, runtime/core collide.h. */
#include "api_internal.h"
#include "collide.h"

/* spr_hit(n1,x1,y1,w1,h1,f1, n2,x2,y2,w2,h2,f2) */
int m8l_spr_hit(lua_State *L)
{
    static const int defaults[12] = { 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0 };
    int v[12];
    m8_arg_ints(L, 12, v, defaults);
    m8_hit_rect a = m8_hit_sprite(v[0], v[1], v[2], v[3], v[4], v[5]);
    m8_hit_rect b = m8_hit_sprite(v[6], v[7], v[8], v[9], v[10], v[11]);
    long area = 0, hits = m8_hit_count(m8_ram(L), &a, &b, &area);
    m8_call_units(L, (double)area);
    m8_push_num(L, (double)hits);
    return 1;
}

/* sspr_hit(sx1,sy1,sw1,sh1,x1,y1,f1, sx2,sy2,sw2,sh2,x2,y2,f2) */
int m8l_sspr_hit(lua_State *L)
{
    static const int defaults[14] = { 0 };
    int v[14];
    m8_arg_ints(L, 14, v, defaults);
    m8_hit_rect a = { v[0], v[1], v[2], v[3], v[4], v[5], v[6] };
    m8_hit_rect b = { v[7], v[8], v[9], v[10], v[11], v[12], v[13] };
    long area = 0, hits = m8_hit_count(m8_ram(L), &a, &b, &area);
    m8_call_units(L, (double)area);
    m8_push_num(L, (double)hits);
    return 1;
}

/* Field i of the table at the top of the stack, as m8_arg_int reads it. */
static int field_int(lua_State *L, int i, int def)
{
    lua_rawgeti(L, -1, i);
    int v = m8_arg_int(L, -1, def);
    lua_pop(L, 1);
    return v;
}

/* spr_hits(n,x,y,w,h,f, list): list = { {n,x,y,[w],[h],[f]}, ... }; a table of counts */
int m8l_spr_hits(lua_State *L)
{
    static const int defaults[6] = { 0, 0, 0, 1, 1, 0 };
    int v[6];
    m8_arg_ints(L, 6, v, defaults);
    m8_hit_rect a = m8_hit_sprite(v[0], v[1], v[2], v[3], v[4], v[5]);
    int n = lua_istable(L, 7) ? (int)lua_rawlen(L, 7) : 0;
    if (n < 0) n = 0;
    m8_hit_rect *list = lua_newuserdatauv(L, (size_t)n * sizeof *list + 1, 0);
    long *counts = lua_newuserdatauv(L, (size_t)n * sizeof *counts + 1, 0);
    for (int i = 0; i < n; i++) {
        if (lua_rawgeti(L, 7, i + 1) == LUA_TTABLE)
            list[i] = m8_hit_sprite(field_int(L, 1, 0), field_int(L, 2, 0), field_int(L, 3, 0),
                                    field_int(L, 4, 1), field_int(L, 5, 1), field_int(L, 6, 0));
        else
            list[i] = (m8_hit_rect){ 0, 0, 0, 0, 0, 0, 0 };    /* not a sprite: no pixels */
        lua_pop(L, 1);
    }
    long area = 0;
    m8_hit_group(m8_ram(L), &a, list, n, counts, &area);
    m8_call_units(L, (double)area);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        m8_push_num(L, (double)counts[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}
