pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- gfx_shapes: primitives. pset/pget, line in its three forms (incl. line() invalidating
-- the stored end point), rect/rectfill with corners in any order, rrect/rrectfill with
-- radius clamping, circ/circfill small radii, oval/ovalfill, and fill patterns on each
-- (two colours, transparency bit 0x0.8).
function chk(what,got,want)
 if first and got~=want then printh("fail "..what..": got "..tostr(got).." want "..tostr(want)) end
end

first=true
function _draw()
 cls(0)
 -- star of 16 lines from 16,16 (every octant, both directions of each slope)
 for i=0,15 do
  local a=i/16
  line(16,16,16+flr(cos(a)*14+0.5),16+flr(sin(a)*14+0.5),8+i%8)
 end
 -- polyline: 4-arg, then 2-arg continuations; line() makes the next 2-arg call only move
 line(36,2,44,2,7)
 line(60,10)
 line(44,30,12)
 line()
 line(40,20)          -- moves only
 line(58,26,10)       -- draws 40,20 -> 58,26
 -- rect and rectfill, corners in both orders
 rect(64,2,78,14,7)
 rect(94,14,80,2,11)
 rectfill(96,2,110,14,9)
 rectfill(126,14,112,2,13)
 rectfill(64,18,126,30,0x1c)      -- solid (pattern 0): low nibble only
 fillp(0x33cc)                    -- 2x2 checker of colours 12 and 1
 rectfill(66,20,124,28,0x1c)
 fillp()
 -- circles r=0..5 and 8: outline row, filled row
 local x=4
 for r in all({0,1,2,3,4,5,8}) do
  circ(x+r,40,r,7)
  circfill(x+r,58,r,12)
  x+=2*r+4
 end
 circ(108,48,14,11)
 circfill(108,48,9,3)
 circ(108,48,-1,8)               -- r<0: nothing
 -- rrect (x,y,w,h,r): r 0, 2, 4, clamped 50; rrectfill same; w<1 draws nothing
 rrect(2,68,14,12,0,7)
 rrect(20,68,14,12,2,7)
 rrect(38,68,14,12,4,7)
 rrect(56,68,14,12,50,7)
 rrectfill(2,84,14,12,0,14)
 rrectfill(20,84,14,12,2,14)
 rrectfill(38,84,14,12,4,14)
 rrectfill(56,84,14,12,50,14)
 rrectfill(74,84,0,12,2,8)
 fillp(0xa5a5)                   -- rrectfill with a pattern, secondary colour 2
 rrectfill(76,68,22,28,6,0x2e)
 fillp()
 -- ovals: thin, wide, tall, corners reversed, patterned with transparency
 oval(100,66,126,80,10)
 ovalfill(126,96,100,82,9)
 oval(2,100,8,126,7)
 ovalfill(12,100,40,112,11)
 oval(12,114,40,126,11)
 fillp(0b0101101001011010.1)     -- transparent checker: only pattern-0 pixels drawn
 ovalfill(44,100,76,126,0x08)
 fillp(0b1111000011110000)
 ovalfill(80,100,126,126,0x7c)   -- stripes of 12 and 7
 fillp()
 -- pset / pget (camera applies to both)
 for i=0,15 do pset(84+i%4,34+i\4,i) end
 chk("pget 85,34",pget(85,34),1) chk("pget 87,37",pget(87,37),15)
 camera(10,10)
 pset(74,52,8)
 chk("pget camera",pget(74,52),8)
 camera()
 chk("pget raw",pget(64,42),8)
 chk("pget off",pget(-1,0),0) chk("pget off2",pget(128,5),0)
 chk("line end",pget(58,26),10) chk("line mid",pget(52,6),7) chk("line moved",pget(42,25),0)
 chk("pattern",pget(66,20),1) chk("pattern2",pget(68,20),12)
 first=false
end
