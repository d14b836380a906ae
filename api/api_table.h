/* api_table.h - THE list of every Lua-visible function of mote8: one row each.
 *
 * Registration (api/api_registry.c), arity checks, `mote8 --api` help and the cost table in
 * docs/api.md (tools/gen_api_doc) are all expanded from this list. There is no second list.
 *
 * Row kinds:
 *   X(name, c_function, group, min_args, flags, cost_rule, help)
 *       a C binding; flags are M8_ROW_* bits (0 for most rows); cost_rule is one of the
 *       M8_COST_* initialisers below.
 *   B(name, lua_source, group, help)
 *       a function taken from Lua 5.4's own libraries (e.g. "table.pack"), cost-free.
 *
 * Cost rules (cycles of the 8 MHz virtual CPU, charged as system cost after the call):
 *   M8_COST_NONE                     nothing
 *   M8_COST_FIXED(n)                 n per call
 *   M8_COST_UNITS(per, div, min)     per * max(min, floor(units / div)), units reported by
 *                                    the binding with m8_call_units()
 *   M8_COST_UNITS_CEIL(per, div, min) the same with ceil(units / div)
 *   M8_COST_BASE_UNITS(base, per, div, min) base + per * max(min, floor(units / div))
 *
 * Editing: each group has its own section; add rows only to your group's section. Each
 * section's header names the file that defines every C binding of its rows (one hop from
 * the row; tests/unit/test_api_table.c checks it).
 * Keep `help` to one line: "signature: what it does".
 * Depends on: nothing (the C bindings its rows name are declared in api_bindings). */
#ifndef M8_API_TABLE_H
#define M8_API_TABLE_H

enum m8_api_group {
    M8_GROUP_GFX, M8_GROUP_TEXT, M8_GROUP_MAP, M8_GROUP_AUDIO, M8_GROUP_INPUT,
    M8_GROUP_MATH, M8_GROUP_TABLE, M8_GROUP_STRING, M8_GROUP_MEMORY, M8_GROUP_SYSTEM,
    M8_GROUP_LUA
};

/* Row flags. */
#define M8_ROW_SPRITE 1     /* draws sprites: reports each with m8_call_sprite() (profiler) */

typedef struct m8_cost_rule {
    int base, per, div, min, ceil;
} m8_cost_rule;

#define M8_COST_NONE                           { 0, 0, 1, 0, 0 }
#define M8_COST_FIXED(n)                       { (n), 0, 1, 0, 0 }
#define M8_COST_UNITS(per, div, min)           { 0, (per), (div), (min), 0 }
#define M8_COST_UNITS_CEIL(per, div, min)      { 0, (per), (div), (min), 1 }
#define M8_COST_BASE_UNITS(base, per, div, min) { (base), (per), (div), (min), 0 }

#define M8_API_TABLE(X, B) \
    /* ===== GFX: draw state, primitives, sprites (api/api_gfx.c; spr_hit, sspr_hit, spr_hits: api/api_collide.c) ===== */ \
    X(cls, m8l_cls, M8_GROUP_GFX, 0, 0, M8_COST_FIXED(2048), "cls([col]): clear the screen to col, reset clip and cursor") \
    X(camera, m8l_camera, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "camera([x,y]): set the drawing offset (0,0 when omitted); returns the previous x,y") \
    X(clip, m8l_clip, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "clip([x,y,w,h,[prev]]): set the clip rectangle (prev: intersect with the current); returns the previous") \
    X(color, m8l_color, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "color([col]): set the pen colour (6 when omitted); returns the previous") \
    X(pal, m8l_pal, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "pal(c0,c1,[p]) / pal(tbl,[p]) / pal([p]): remap colours in palette p (0 draw, 1 screen, 2 secondary) or reset") \
    X(palt, m8l_palt, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "palt(c,t) / palt(bits) / palt(): set colour transparency; returns the previous") \
    X(fillp, m8l_fillp, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "fillp([p]): set the 4x4 fill pattern (flags in 0x0.8/0x0.4/0x0.2); returns the previous") \
    X(reset, m8l_reset, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "reset(): restore the draw and hardware state 0x5f00-0x5f7f to defaults") \
    X(pset, m8l_pset, M8_GROUP_GFX, 0, 0, M8_COST_FIXED(2), "pset(x,y,[col]): draw one pixel") \
    X(pget, m8l_pget, M8_GROUP_GFX, 0, 0, M8_COST_FIXED(2), "pget(x,y): colour of a screen pixel (0 off screen)") \
    X(line, m8l_line, M8_GROUP_GFX, 0, 0, M8_COST_UNITS_CEIL(2, 2, 0), "line(x0,y0,x1,y1,[col]) / line(x1,y1,[col]) / line([col]): draw a line, continue from the last end point, or forget it") \
    X(rect, m8l_rect, M8_GROUP_GFX, 0, 0, M8_COST_UNITS(2, 1, 1), "rect(x0,y0,x1,y1,[col]): rectangle outline, corners inclusive") \
    X(rectfill, m8l_rectfill, M8_GROUP_GFX, 0, 0, M8_COST_UNITS(2, 16, 1), "rectfill(x0,y0,x1,y1,[col]): filled rectangle, corners inclusive") \
    X(rrect, m8l_rrect, M8_GROUP_GFX, 0, 0, M8_COST_UNITS_CEIL(2, 2, 1), "rrect(x,y,w,h,r,[col]): rounded rectangle outline of size w x h") \
    X(rrectfill, m8l_rrectfill, M8_GROUP_GFX, 0, 0, M8_COST_UNITS(2, 16, 1), "rrectfill(x,y,w,h,r,[col]): filled rounded rectangle") \
    X(circ, m8l_circ, M8_GROUP_GFX, 0, 0, M8_COST_UNITS_CEIL(2, 2, 1), "circ(x,y,[r=4],[col]): circle outline") \
    X(circfill, m8l_circfill, M8_GROUP_GFX, 0, 0, M8_COST_UNITS(2, 16, 1), "circfill(x,y,[r=4],[col]): filled circle") \
    X(oval, m8l_oval, M8_GROUP_GFX, 0, 0, M8_COST_UNITS_CEIL(2, 2, 1), "oval(x0,y0,x1,y1,[col]): outline of the ellipse inside the rectangle") \
    X(ovalfill, m8l_ovalfill, M8_GROUP_GFX, 0, 0, M8_COST_UNITS(2, 16, 1), "ovalfill(x0,y0,x1,y1,[col]): filled ellipse inside the rectangle") \
    X(spr, m8l_spr, M8_GROUP_GFX, 0, M8_ROW_SPRITE, M8_COST_UNITS(2, 1, 0), "spr(n,x,y,[w,h],[flip_x],[flip_y]): draw sprite n (w x h sprites, fractions allowed)") \
    X(sspr, m8l_sspr, M8_GROUP_GFX, 0, M8_ROW_SPRITE, M8_COST_UNITS(2, 1, 0), "sspr(sx,sy,sw,sh,dx,dy,[dw,dh],[flip_x],[flip_y]): draw a sprite-sheet rectangle, stretched") \
    X(sget, m8l_sget, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "sget(x,y): sprite-sheet pixel (0 outside)") \
    X(sset, m8l_sset, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "sset(x,y,[col]): set a sprite-sheet pixel") \
    X(fget, m8l_fget, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "fget(n,[f]): flags byte of sprite n, or flag f as a boolean") \
    X(fset, m8l_fset, M8_GROUP_GFX, 0, 0, M8_COST_NONE, "fset(n,[f],v): set flag f of sprite n, or the whole flags byte") \
    X(spr_hit, m8l_spr_hit, M8_GROUP_GFX, 9, 0, M8_COST_UNITS(2, 1, 0), "spr_hit(n1,x1,y1,[w1,h1,f1],n2,x2,y2,[w2,h2,f2]): mote8 extension: opaque pixels sprites n1 and n2 share drawn at x,y (w,h in sprites, default 1; f flips: 1 x, 2 y; palt respected); 0 at once when the rectangles miss") \
    X(sspr_hit, m8l_sspr_hit, M8_GROUP_GFX, 13, 0, M8_COST_UNITS(2, 1, 0), "sspr_hit(sx1,sy1,sw1,sh1,x1,y1,[f1],sx2,sy2,sw2,sh2,x2,y2,[f2]): mote8 extension: the same for two unstretched sprite-sheet rectangles") \
    X(spr_hits, m8l_spr_hits, M8_GROUP_GFX, 7, 0, M8_COST_UNITS(2, 1, 0), "spr_hits(n,x,y,[w,h,f],list): mote8 extension: spr_hit of one sprite against each {n,x,y,[w],[h],[f]} of list; a table of the counts") \
    \
    /* ===== MAP: cells, map(), tline (api/api_gfx.c) ===== */ \
    X(mget, m8l_mget, M8_GROUP_MAP, 0, 0, M8_COST_NONE, "mget(x,y): map cell (0 outside the map)") \
    X(mset, m8l_mset, M8_GROUP_MAP, 0, 0, M8_COST_NONE, "mset(x,y,v): set a map cell") \
    X(map, m8l_map, M8_GROUP_MAP, 0, M8_ROW_SPRITE, M8_COST_UNITS(128, 1, 0), "map([tx,ty],[sx,sy],[tw,th],[layers]): draw map cells as sprites (sprite 0 skipped); cost: 128 per cell drawn, 1 per other cell of the map the rectangle covers") \
    X(mapdraw, m8l_map, M8_GROUP_MAP, 0, M8_ROW_SPRITE, M8_COST_UNITS(128, 1, 0), "mapdraw(...): old name of map()") \
    X(tline, m8l_tline, M8_GROUP_MAP, 0, 0, M8_COST_UNITS(2, 1, 0), "tline(x0,y0,x1,y1,mx,my,[mdx,mdy],[layers]) / tline(bits): textured line sampling the map") \
    \
    /* ===== TEXT (api/api_text.c) ===== */ \
    X(print, m8l_print, M8_GROUP_TEXT, 0, 0, M8_COST_BASE_UNITS(80, 1, 1, 0), "print(s,[x,y],[col]): draw P8SCII text at x,y or at the cursor (newline, scroll); returns the right-most x") \
    X(cursor, m8l_cursor, M8_GROUP_TEXT, 0, 0, M8_COST_NONE, "cursor([x,y],[col]): set the print cursor (and home x) and optionally the pen; returns the previous x,y,col") \
    \
    /* ===== AUDIO (api/api_audio.c; sample: api/api_sample.c) ===== */ \
    X(sample, m8l_sample, M8_GROUP_AUDIO, 0, 0, M8_COST_FIXED(16), "sample(n,[loop]): mote8 extension: play sample n of the cart's sample bank (__meta:mote8_samples__), n<0 stops; returns its length in frames (0: no such sample)") \
    X(sfx, m8l_sfx, M8_GROUP_AUDIO, 0, 0, M8_COST_UNITS(32, 1, 0), "sfx(n,[ch],[offset],[len]): play sfx n (-1 stop, -2 release loop) on channel ch (-1 any free)") \
    X(music, m8l_music, M8_GROUP_AUDIO, 0, 0, M8_COST_UNITS(32, 1, 0), "music(n,[fade_ms],[mask]): play music from pattern n (-1 stop), reserving the channels in mask") \
    \
    /* ===== INPUT (api/api_input.c) ===== */ \
    X(btn, m8l_btn, M8_GROUP_INPUT, 0, 0, M8_COST_UNITS(8, 1, 0), "btn([b],[p]): is button b of player p held; no args: bitfield of players 0 and 1") \
    X(btnp, m8l_btnp, M8_GROUP_INPUT, 0, 0, M8_COST_UNITS(8, 1, 0), "btnp([b],[p]): was button b pressed this update, with auto-repeat; no args: bitfield") \
    \
    /* ===== MATH (api/api_math.c, numbers in runtime/core/p8num.c) ===== */ \
    X(flr, m8l_flr, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "flr(x): round down to an integer") \
    X(ceil, m8l_ceil, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "ceil(x): round up to an integer") \
    X(abs, m8l_abs, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "abs(x): absolute value") \
    X(sgn, m8l_sgn, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "sgn(x): 1 for x >= 0, else -1") \
    X(min, m8l_min, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "min(a,b): smaller value (missing arguments are 0)") \
    X(max, m8l_max, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "max(a,b): larger value (missing arguments are 0)") \
    X(mid, m8l_mid, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "mid(a,b,c): the middle value") \
    X(sqrt, m8l_sqrt, M8_GROUP_MATH, 0, 0, M8_COST_FIXED(48), "sqrt(x): square root (0 for x < 0)") \
    X(sin, m8l_sin, M8_GROUP_MATH, 0, 0, M8_COST_FIXED(2), "sin(t): sine of t turns, inverted for y-down screens") \
    X(cos, m8l_cos, M8_GROUP_MATH, 0, 0, M8_COST_FIXED(2), "cos(t): cosine of t turns") \
    X(atan2, m8l_atan2, M8_GROUP_MATH, 0, 0, M8_COST_FIXED(2), "atan2(dx,dy): angle in turns in [0,1), inverted like sin") \
    X(rnd, m8l_rnd, M8_GROUP_MATH, 0, 0, M8_COST_FIXED(8), "rnd([x]): random number in [0,x) (default 1), or a random element of a table") \
    X(srand, m8l_srand, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "srand(x): seed the random number generator") \
    X(band, m8l_band, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "band(a,b): bitwise and of the 16.16 patterns") \
    X(bor, m8l_bor, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "bor(a,b): bitwise or") \
    X(bxor, m8l_bxor, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "bxor(a,b): bitwise exclusive or") \
    X(bnot, m8l_bnot, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "bnot(a): bitwise not") \
    X(shl, m8l_shl, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "shl(x,n): shift left") \
    X(shr, m8l_shr, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "shr(x,n): arithmetic shift right") \
    X(lshr, m8l_lshr, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "lshr(x,n): logical shift right") \
    X(rotl, m8l_rotl, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "rotl(x,n): rotate left") \
    X(rotr, m8l_rotr, M8_GROUP_MATH, 0, 0, M8_COST_NONE, "rotr(x,n): rotate right") \
    \
    /* ===== TABLE (api/api_table_fns.c) ===== */ \
    X(add, m8l_add, M8_GROUP_TABLE, 0, 0, M8_COST_UNITS(1, 1, 0), "add(t,v,[i]): append v to t (or insert at i); returns v; cost: 1 per element moved up") \
    X(del, m8l_del, M8_GROUP_TABLE, 0, 0, M8_COST_UNITS(1, 1, 0), "del(t,v): remove the first element equal to v; returns it; cost: 1 per element of t (compared or moved)") \
    X(deli, m8l_deli, M8_GROUP_TABLE, 0, 0, M8_COST_UNITS(1, 1, 0), "deli(t,[i]): remove the element at i (default last); returns it; cost: 1 per element moved down") \
    X(count, m8l_count, M8_GROUP_TABLE, 0, 0, M8_COST_UNITS(1, 1, 0), "count(t,[v]): number of non-nil elements, or of elements equal to v; cost: 1 per element") \
    X(all, m8l_all, M8_GROUP_TABLE, 0, 0, M8_COST_NONE, "all(t): iterator over t[1..#t] that tolerates deleting the current item") \
    X(foreach, m8l_foreach, M8_GROUP_TABLE, 0, 0, M8_COST_UNITS(1, 1, 0), "foreach(t,f): call f(v) for each element (like all); cost: 1 per slot stepped over, besides f's own") \
    X(unpack, m8l_unpack, M8_GROUP_TABLE, 1, 0, M8_COST_UNITS(1, 2, 0), "unpack(t,[i],[j]): t[i..j] as results; cost: 1 per 2 values") \
    X(inext, m8l_inext, M8_GROUP_TABLE, 0, 0, M8_COST_NONE, "inext(t,[i]): the next index and value after i (nil = start), as ipairs steps") \
    \
    /* ===== STRING (api/api_string.c) ===== */ \
    X(sub, m8l_sub, M8_GROUP_STRING, 0, 0, M8_COST_UNITS(1, 1, 0), "sub(s,i,[j]): substring from i to j (negative counts from the end); cost: 1 per character copied + 1 per 32 characters of s") \
    X(chr, m8l_chr, M8_GROUP_STRING, 0, 0, M8_COST_UNITS(1, 1, 0), "chr(c,...): string of the given P8SCII codes; cost: 1 per character") \
    X(ord, m8l_ord, M8_GROUP_STRING, 0, 0, M8_COST_UNITS(1, 1, 0), "ord(s,[i],[n]): P8SCII codes of n characters from i; cost: 1 per code") \
    X(split, m8l_split, M8_GROUP_STRING, 0, 0, M8_COST_UNITS(1, 1, 0), "split(s,[sep],[convert]): split into a table at sep (or every sep chars); cost: 1 per character of s") \
    \
    /* ===== MEMORY (api/api_memory.c) ===== */ \
    X(peek, m8l_peek, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(2, 1, 0), "peek(a,[n]): n bytes from address a (as n results)") \
    X(poke, m8l_poke, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(2, 1, 0), "poke(a,v,...): write bytes from address a") \
    X(peek2, m8l_peek2, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(2, 1, 0), "peek2(a,[n]): signed 16-bit little-endian values") \
    X(poke2, m8l_poke2, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(2, 1, 0), "poke2(a,v,...): write 16-bit values") \
    X(peek4, m8l_peek4, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(2, 1, 0), "peek4(a,[n]): 32-bit 16.16 values") \
    X(poke4, m8l_poke4, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(2, 1, 0), "poke4(a,v,...): write 32-bit 16.16 values") \
    X(memcpy, m8l_memcpy, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS_CEIL(1, 2, 0), "memcpy(dst,src,len): copy len bytes (overlap-safe)") \
    X(memset, m8l_memset, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(2, 1, 1), "memset(dst,val,len): fill len bytes with val") \
    X(reload, m8l_reload, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(16, 1, 1), "reload([dst,src,len],[file]): copy from the cart ROM (or another cart file's) into RAM (default: all data)") \
    X(cstore, m8l_cstore, M8_GROUP_MEMORY, 0, 0, M8_COST_UNITS(16, 1, 1), "cstore([dst,src,len],[file]): copy RAM into the cart ROM image, or into another cart file (default: all data)") \
    \
    /* ===== SYSTEM (api/api_system.c; serial: api/api_serial.c; run, stop, load, extcmd: api/api_flow.c; tonum: api/dialect/p8_runtime.c; cartdata, dget, dset: api/api_cartdata.c; _set_fps, _update_buttons, holdframe: api/api_compat.c) ===== */ \
    X(serial, m8l_serial, M8_GROUP_SYSTEM, 0, 0, M8_COST_UNITS(2, 1, 0), "serial(ch,addr,len): 0x808 queues len bytes of RAM at addr as 8-bit unsigned PCM at 5512.5 Hz (stat(108) queued, stat(109) room); other channels move nothing; returns the bytes moved") \
    X(printh, m8l_printh, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "printh(s,[file],[overwrite]): write s to the host console (stdout), or add it to file (1-64 of A-Za-z0-9_.-) in the cart output folder (overwrite: replace it)") \
    X(stat, m8l_stat, M8_GROUP_SYSTEM, 0, 0, M8_COST_FIXED(32), "stat(n): system status value n (0 memory, 1 cpu, 2 system cpu, 6 run/load parameter, 7 fps, 30-39 devkit keyboard and mouse after poke(0x5f2d,1), 100 breadcrumb, 108/109 PCM queue, 200/201 the cycles behind 1/2 (mote8) ...)") \
    X(time, m8l_time, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "time(): seconds since the cart started, counted in updates and flip() frames") \
    X(t, m8l_time, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "t(): same as time()") \
    X(flip, m8l_flip, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "flip(): show the frame and wait for the next one (hand-written loops)") \
    X(stop, m8l_stop, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "stop([msg]): end the cart (the screen stays), printing msg") \
    X(run, m8l_run, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "run([param]): restart the cart from its top-level code; stat(6) = param") \
    X(load, m8l_load, M8_GROUP_SYSTEM, 1, 0, M8_COST_NONE, "load(file,[breadcrumb],[param]): replace the cart by file (.p8/.p8.png, next to this cart); breadcrumb: a pause-menu item back") \
    X(assert, m8l_assert, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "assert(cond,[msg]): stop with msg when cond is false") \
    X(tostr, m8l_tostr, M8_GROUP_SYSTEM, 0, 0, M8_COST_UNITS(1, 1, 0), "tostr(v,[flags]): PICO-8 string form of v (flags 1 hex, 2 raw integer); cost: 1 per character made") \
    X(tonum, m8_lua_tonum, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "tonum(s,[flags]): number from a string (hex, binary, fractions); nothing on failure") \
    X(cartdata, m8l_cartdata, M8_GROUP_SYSTEM, 1, 0, M8_COST_NONE, "cartdata(id): keep 0x5e00-0x5eff in a save file named id (once per run); true if it existed") \
    X(dget, m8l_dget, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "dget(i): persistent number i (0-63)") \
    X(dset, m8l_dset, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "dset(i,v): set persistent number i (0-63); saved at once, atomically") \
    X(menuitem, m8l_menuitem, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "menuitem(i,[label],[fn]): pause-menu item i (1-5); fn(bits) runs when chosen, returns true to keep the menu open") \
    X(extcmd, m8l_extcmd, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "extcmd(cmd,...): host command: reset, pause, go_back, shutdown; screen, label, rec, video (captures in the window); the others are accepted and ignored") \
    X(_set_fps, m8l_set_fps, M8_GROUP_SYSTEM, 1, 0, M8_COST_NONE, "_set_fps(n): undocumented PICO-8: run at 60 ticks per second when n >= 60, else 30 (api/api_compat.c)") \
    X(_update_buttons, m8l__update_buttons, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "_update_buttons(): undocumented PICO-8: start a new update of the buttons, btnp moves on (its _update60 compatibility line calls it) (api/api_compat.c)") \
    X(holdframe, m8l_holdframe, M8_GROUP_SYSTEM, 0, 0, M8_COST_NONE, "holdframe(): undocumented PICO-8: keep showing the screen as it is now until this frame ends (long drawing not shown half done) (api/api_compat.c)") \
    \
    /* ===== LUA: functions taken from Lua 5.4's base library (setmetatable: api/api_sandbox.c) ===== */ \
    B(getmetatable, "getmetatable", M8_GROUP_LUA, "getmetatable(t): t's metatable") \
    X(setmetatable, m8l_setmetatable, M8_GROUP_LUA, 0, 0, M8_COST_NONE, "setmetatable(t,m): set t's metatable (a __gc finalizer runs as counted cart code: api/api_sandbox.c)") \
    B(rawget, "rawget", M8_GROUP_LUA, "rawget(t,k): t[k] without metamethods") \
    B(rawset, "rawset", M8_GROUP_LUA, "rawset(t,k,v): t[k]=v without metamethods") \
    B(rawequal, "rawequal", M8_GROUP_LUA, "rawequal(a,b): equality without metamethods") \
    B(rawlen, "rawlen", M8_GROUP_LUA, "rawlen(t): length without metamethods") \
    B(next, "next", M8_GROUP_LUA, "next(t,[k]): the next key/value pair of t") \
    B(pairs, "pairs", M8_GROUP_LUA, "pairs(t): iterate over all keys of t") \
    B(ipairs, "ipairs", M8_GROUP_LUA, "ipairs(t): iterate over t[1], t[2]... until nil") \
    B(select, "select", M8_GROUP_LUA, "select(n,...): arguments from n on, or their count with '#'") \
    B(type, "type", M8_GROUP_LUA, "type(v): name of v's type") \
    B(tostring, "tostring", M8_GROUP_LUA, "tostring(v): Lua's string form of v") \
    B(pack, "table.pack", M8_GROUP_LUA, "pack(...): a table of the arguments with n = their count") \
    B(cocreate, "coroutine.create", M8_GROUP_LUA, "cocreate(f): a new coroutine running f") \
    B(coresume, "coroutine.resume", M8_GROUP_LUA, "coresume(c,...): run coroutine c until it yields") \
    B(costatus, "coroutine.status", M8_GROUP_LUA, "costatus(c): 'suspended', 'running' or 'dead'") \
    B(yield, "coroutine.yield", M8_GROUP_LUA, "yield(...): suspend the running coroutine") \

    /* end of table */

#endif
