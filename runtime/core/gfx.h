/* gfx.h - the mote8 rasteriser: draw state, primitives, sprites, map, tline, display.
 *
 * Every function works on the 64 KiB RAM image: all state lives at the addresses of ram.h
 * (draw state 0x5f00-0x5f3f, hardware state 0x5f40-0x5f7f) and every pixel goes through
 * pixel.h. Arguments arrive already converted by the Lua binding: coordinates are floored
 * ints (any int is safe: they are clamped internally to +-2^24, far beyond PICO-8's
 * 16-bit range, and loops only visit the visible area); colour arguments and fractional
 * values (spr w/h, fillp, tline map coordinates) are the raw 32-bit 16.16 pattern so the
 * pattern/flag bits of reference 8.3 are visible. Drawing coordinates are camera-relative.
 * Behaviour follows ../shared/spec/pico8-reference.md sections 1, 2 and 8.1-8.4; the
 * readings chosen for its [?] points are listed in docs/graphics.md.
 * Depends on: <stdint.h> only (implemented in gfx_*.c over the RAM image and m8_plot). */
#ifndef M8_GFX_H
#define M8_GFX_H

#include <stdint.h>

/* Colour argument "omitted": draw with the current pen (0x5f25). This is the raw value of
 * -32768.0; a cart passing exactly that colour gets the pen instead of colour 0. */
#define M8_NOCOL INT32_MIN

/* Raw 16.16 of the number n (for spr w/h and tests). */
#define M8_FIX(n) ((int32_t)((n) * 65536))

/* --- draw state (gfx_state.c) --- */
/* reset(): restore 0x5f00-0x5f7f to the defaults of reference 1.14 (same as m8_ram_reset_draw_state). */
void m8_gfx_reset(uint8_t *ram);
/* Apply a colour argument: pen = bits 16-23; with 0x5f34&1 and bit 0x1000.0000 also the fill
 * pattern/flags. Returns 1 when it asks for an inverted fill (0x5f34&2, bit 0x0800.0000). */
int m8_gfx_color_arg(uint8_t *ram, int32_t col);
/* cls(col): fill the screen with col&15, reset clip to full screen and the cursor to 0,0. */
void m8_cls(uint8_t *ram, int col);
/* camera(x,y): set the camera offset (stored as s16); old_x/old_y (may be NULL) get the previous. */
void m8_camera(uint8_t *ram, int x, int y, int *old_x, int *old_y);
/* clip(x,y,w,h,[previous]): set the clip rect, intersected with the current one when previous != 0;
 * old (may be NULL) gets the previous rect as x,y,w,h. */
void m8_clip(uint8_t *ram, int x, int y, int w, int h, int previous, int old[4]);
/* clip(): full screen; old (may be NULL) gets the previous rect as x,y,w,h. */
void m8_clip_reset(uint8_t *ram, int old[4]);
/* color(col): set the pen through m8_gfx_color_arg (M8_NOCOL = color() = 6); returns the previous pen byte. */
int m8_color(uint8_t *ram, int32_t col);
/* pal(c0,c1,p): p=0 draw palette (transparency bit kept), 1 screen palette (byte as given),
 * 2 secondary palette; returns the previous value (p=0: colour without the transparency bit). */
int m8_pal_set(uint8_t *ram, int c0, int c1, int p);
/* pal() (p = -1) or pal(p): reset all palettes or one (p=0 also resets transparency to colour 0 only). */
void m8_pal_reset(uint8_t *ram, int p);
/* palt(c,t): set the transparency of colour c; returns the previous (0/1). */
int m8_palt_set(uint8_t *ram, int c, int t);
/* palt(bits): bit 15 = colour 0 ... bit 0 = colour 15; returns the previous bitfield. */
int m8_palt_bits(uint8_t *ram, int bits);
/* palt(): only colour 0 transparent; returns the previous bitfield. */
int m8_palt_reset(uint8_t *ram);
/* fillp(p): raw 16.16 p: pattern = integer bits, 0x0.8/0x0.4/0x0.2 = flags; returns the previous in the same form. */
int32_t m8_fillp(uint8_t *ram, int32_t p);

/* --- primitives (gfx_shapes.c); col is a raw colour argument or M8_NOCOL --- */
/* pset(x,y,col): one pixel through the fill pattern and the draw palette. */
void m8_pset(uint8_t *ram, int x, int y, int32_t col);
/* pget(x,y): screen colour (camera applied); off-screen: 0, or @0x5f5b when 0x5f36&0x10. */
int m8_pget(const uint8_t *ram, int x, int y);
/* line(x0,y0,x1,y1,col): both ends inclusive; stores the end point as the line state. */
void m8_line(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col);
/* line(x1,y1,col): continue from the stored end point (only store it if the state is invalid). */
void m8_line_to(uint8_t *ram, int x1, int y1, int32_t col);
/* line() / line(col): invalidate the stored end point (col may set the pen). */
void m8_line_reset(uint8_t *ram, int32_t col);
/* rect(x0,y0,x1,y1,col): outline, corners inclusive in any order. */
void m8_rect(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col);
/* rectfill(x0,y0,x1,y1,col): filled; inverted fill paints the outside (within the clip). */
void m8_rectfill(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col);
/* rrect(x,y,w,h,r,col): w x h outline with corner radius clamped to 0..(min(w,h)-1)/2. */
void m8_rrect(uint8_t *ram, int x, int y, int w, int h, int r, int32_t col);
/* rrectfill(x,y,w,h,r,col): filled rounded rectangle (inverted fill supported). */
void m8_rrectfill(uint8_t *ram, int x, int y, int w, int h, int r, int32_t col);
/* circ(x,y,r,col): midpoint circle outline; r < 0 draws nothing. */
void m8_circ(uint8_t *ram, int x, int y, int r, int32_t col);
/* circfill(x,y,r,col): filled midpoint circle (inverted fill supported). */
void m8_circfill(uint8_t *ram, int x, int y, int r, int32_t col);
/* oval(x0,y0,x1,y1,col): outline of the ellipse inscribed in the pixel rectangle. */
void m8_oval(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col);
/* ovalfill(x0,y0,x1,y1,col): filled ellipse (inverted fill supported). */
void m8_ovalfill(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t col);

/* --- sprites (gfx_sprite.c) --- */
/* spr(n,x,y,w,h,fx,fy): w,h raw 16.16 sprite counts (w*8 pixels, floored); n outside 0..255 draws nothing. */
void m8_spr(uint8_t *ram, int n, int x, int y, int32_t w, int32_t h, int flip_x, int flip_y);
/* spr(n,x,y) for n 0..255, unflipped, when the sprite lies wholly on the screen after the
 * camera and the draw state is the reset one for sprites (whole-screen clip, reset draw
 * palette, no fill pattern on sprites, all bit planes, sheet 0x0000, screen 0x6000): draws
 * it as m8_spr would and returns 1; otherwise draws nothing and returns 0. */
int m8_spr_whole8(uint8_t *ram, int n, int x, int y);
/* sspr(sx,sy,sw,sh,dx,dy,dw,dh,fx,fy): nearest-neighbour stretch; negative dw/dh (or sw/sh) flip. */
void m8_sspr(uint8_t *ram, int sx, int sy, int sw, int sh, int dx, int dy, int dw, int dh,
             int flip_x, int flip_y);
/* sget(x,y): sprite-sheet pixel (0x5f54); outside 0..127: 0, or @0x5f59 when 0x5f36&0x10. */
int m8_sget(const uint8_t *ram, int x, int y);
/* sset(x,y,col): write col (M8_NOCOL = pen) through the draw palette; the pen is not changed. */
void m8_sset(uint8_t *ram, int x, int y, int32_t col);
/* fget(n): flag byte of sprite n (0 outside 0..255); test a bit in the binding for fget(n,f). */
int m8_fget(const uint8_t *ram, int n);
/* fset(n,f,v): f in 0..7 sets one flag to v!=0; f < 0 sets the whole byte to v. */
void m8_fset(uint8_t *ram, int n, int f, int v);

/* --- map and tline (gfx_map.c) --- */
/* Map size in cells from 0x5f56/0x5f57 (width 0 = 256; height = what fits the region). */
void m8_map_size(const uint8_t *ram, int *w, int *h);
/* mget(x,y): map cell; outside the map: 0, or @0x5f5a when 0x5f36&0x10. */
int m8_mget(const uint8_t *ram, int x, int y);
/* The cells map(tx,ty,_,_,tw,th,layers) draws: those of the requested rectangle inside the
 * map that pass the sprite-0 rule and the layer test (map's cost units). */
double m8_map_cells_drawn(const uint8_t *ram, int tx, int ty, int tw, int th, int layers);
/* The cells of the requested rectangle inside the map, drawn or not (all looked at). */
double m8_map_cells_covered(const uint8_t *ram, int tx, int ty, int tw, int th);
/* mset(x,y,v): write a map cell (ignored outside the map). */
void m8_mset(uint8_t *ram, int x, int y, int v);
/* map(tx,ty,sx,sy,tw,th,layers): layers 0 = all tiles; returns the non-empty cells drawn on screen. */
int m8_map(uint8_t *ram, int tx, int ty, int sx, int sy, int tw, int th, int layers);
/* tline(...): mx,my,mdx,mdy raw values with `bits` fraction bits (13 = tiles, 16 = pixels;
 * the binding keeps the tline(bits) setting and passes mdx = 1<<bits when omitted). */
void m8_tline(uint8_t *ram, int x0, int y0, int x1, int y1, int32_t mx, int32_t my,
              int32_t mdx, int32_t mdy, int layers, int bits);
#define M8_TLINE_DEFAULT_BITS 13

/* --- display (gfx_display.c, palette.c) --- */
/* The visible frame as 128*128 RGB888 triples: screen 0x6000 through the screen palette,
 * the 0x5f2c screen mode and the 0x5f5f raster mode. */
void m8_gfx_screen_to_rgb(const uint8_t *ram, uint8_t *rgb);
/* RGB of palette entry 0-31 (16-31 = colours 128-143) is m8_palette_rgb() in machine.h. */

#endif
