/* test_gfx_api.c - Criterion suite "gfx_api": the graphics Lua bindings (api/api_gfx.c)
 * run from a cart through the embedding API: call forms chosen from the arguments,
 * returned previous state, defaults, tline(bits). Depends on: mote8.h, Criterion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "mote8.h"

static char out[4096];

static void collect(void *user, const char *text)
{
    size_t n = strlen(out);
    snprintf(out + n, sizeof out - n, "%s\n", text);
}

static void run_cart(const char *code)
{
    static char cart[8192];
    snprintf(cart, sizeof cart, "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n%s", code);
    out[0] = 0;
    mote8_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.platform.printh = collect;
    mote8 *m = mote8_create(&cfg);
    cr_assert_not_null(m);
    cr_assert_eq(mote8_load_cart(m, cart, strlen(cart), "gfx.p8"), 0, "%s", mote8_error(m));
    mote8_input in;
    memset(&in, 0, sizeof in);
    int st = mote8_tick(m, &in);
    cr_assert_neq(st, MOTE8_ERROR, "%s", mote8_error(m));
    mote8_destroy(m);
}

Test(gfx_api, draw_state_calls_return_previous)
{
    run_cart(
        "cls(1) printh(pget(0,0))\n"
        "local ox,oy=camera(3,4) printh(ox..','..oy)\n"
        "ox,oy=camera() printh(ox..','..oy)\n"
        "printh(color(8)) printh(color())\n"
        "printh(pal(7,8)) printh(pal(7,143,1)) printh(peek(0x5f17))\n"
        "pal() printh(peek(0x5f17)..' '..peek(0x5f07))\n"
        "pal({[16]=5,[1]=2}) printh(peek(0x5f00)..' '..peek(0x5f01))\n"
        "pal(0) printh(peek(0x5f00)..' '..peek(0x5f01))\n"
        "printh(tostr(palt(0,false))) printh(palt()) printh(palt(0b1000000000000001))\n"
        "printh(peek(0x5f0f))\n"
        "printh(fillp(0x5a5a.8)) printh(tostr(fillp(),1))\n"
        "local x,y,w,h=clip(1,2,3,4) printh(x..','..y..','..w..','..h)\n"
        "x,y,w,h=clip() printh(x..','..y..','..w..','..h)\n");
    cr_assert_str_eq(out,
                     "1\n0,0\n3,4\n6\n8\n7\n7\n143\n7 7\n21 2\n16 1\n"
                     "true\n0\n-32768\n31\n0\n0x5a5a.8000\n0,0,128,128\n1,2,3,4\n");
}

Test(gfx_api, primitives_and_line_forms)
{
    run_cart(
        "pset(5,5,9) printh(pget(5,5))\n"
        "pset(6,5) printh(pget(6,5))\n"
        "line(0,10,3,10,7) printh(pget(3,10))\n"
        "line(3,12) printh(pget(3,12)..' '..pget(3,11))\n"
        "line() line(10,12) printh(pget(9,12))\n"
        "line(10,14,12) printh(pget(10,13)..' '..pget(10,14))\n"
        "rectfill(20,20,22,22,12) printh(pget(21,21))\n"
        "circfill(40,40,2,11) printh(pget(40,38)..' '..pget(38,38))\n"
        "circ(60,60) printh(pget(64,60)..' '..pget(65,60))\n"
        "oval(0,100,6,104,3) printh(pget(0,102)..' '..pget(3,102))\n"
        "rrectfill(100,100,4,4,1,14) printh(pget(100,100)..' '..pget(101,100))\n"
        "poke(0x5f34,2) cls() clip(0,0,8,8) circfill(3,3,1,0x1808) clip() printh(pget(0,0)..' '..pget(3,3)..' '..pget(9,9))\n");
    cr_assert_str_eq(out, "9\n9\n7\n7 7\n0\n12 12\n12\n11 0\n11 0\n3 0\n0 14\n8 0 0\n");
}

Test(gfx_api, sprites_map_and_tline)
{
    run_cart(
        "sset(24,0,10) printh(sget(24,0)..' '..sget(-1,0))\n"
        "mset(1,1,3) printh(mget(1,1)..' '..mget(-1,0))\n"
        "fset(3,1,true) printh(fget(3)..' '..tostr(fget(3,1))..' '..tostr(fget(3,0)))\n"
        "fset(3,0xff) printh(fget(3))\n"
        "cls() map(0,0,0,0,2,2) printh(pget(8,8)..' '..pget(9,8))\n"
        "cls() map() printh(pget(8,8))\n"
        "cls() mapdraw(0,0,0,0,2,2,0x80) printh(pget(8,8))\n"
        "spr(3,50,50) printh(pget(50,50))\n"
        "spr(3,60,50,1,1,true) printh(pget(67,50)..' '..pget(60,50))\n"
        "sspr(24,0,1,1,70,70,2,2) printh(pget(71,71))\n"
        "tline(0,80,7,80,1,1) printh(pget(0,80))\n"
        "printh(tline(16))\n"
        "tline(0,81,7,81,8,8) printh(pget(0,81))\n"
        "printh(tline(13))\n");
    cr_assert_str_eq(out, "10 0\n3 0\n2 true false\n255\n10 0\n10\n10\n10\n10 0\n10\n10\n13\n10\n16\n");
}
