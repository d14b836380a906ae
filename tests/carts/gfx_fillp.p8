pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- gfx_fillp: fill patterns. two-colour patterns, the transparency bit (0x0.8), the
-- colour-argument encoding enabled by 0x5f34&1 (pattern, colours and flags in one number,
-- stored persistently), inverted rectfill/circfill/ovalfill/rrectfill (0x5f34&2, bit
-- 0x0800.0000) inside a clip, and the secondary palette: globally (0x0.2, the manual's
-- pal(12,0x87,2) checkerboard) and on sprites (0x0.4). sprites 0-1: colour x at column x.
first=true
function chk(what,got,want)
 if first and got~=want then printh("fail "..what..": got "..tostr(got).." want "..tostr(want)) end
end

function stripes(x0,y0,x1,y1)
 for y=y0,y1,2 do line(x0,y,x1,y,5) end
end

function _draw()
 cls(1)
 poke(0x5f34,0)
 -- row 1: patterns with two colours, then the same over stripes with transparency
 local pats={0x5a5a,0x0f0f,0x8421,0xcc33}
 for i=1,4 do
  local x=(i-1)*32
  fillp(pats[i])
  rectfill(x+1,1,x+30,12,0x9a)
  fillp()
  stripes(x+1,15,x+30,26)
  fillp(pats[i]+0x0.8)
  rectfill(x+1,15,x+30,26,0x9a)
 end
 chk("fillp prev",fillp(),0xcc33+0x0.8)
 -- row 2: colour-argument encoding (0x5f34&1): flag 0x1000, transparency 0x0100,
 -- colours 0x00ce, pattern in the fraction
 poke(0x5f34,1)
 stripes(1,30,40,52)
 circfill(20,41,11,0x11ce.5a5a)        -- e only, stripes show through
 chk("stored pattern",peek2(0x5f31),0x5a5a)
 chk("stored flags",peek(0x5f33)&1,1)
 rectfill(44,30,62,52,8)               -- plain colour: the stored pattern stays
 circfill(82,41,11,0x10ce.f0f0)        -- opaque stripes of e and c
 rectfill(100,30,126,52,0x009b)        -- no flag: colour only, the pattern from before
 fillp()
 -- row 3: inverted fills paint the outside of the shape, inside the clip
 poke(0x5f34,3)
 local inv=0x1800
 clip(1,56,30,30) rectfill(8,62,24,78,inv+0x08) clip()
 clip(33,56,30,30) circfill(48,71,10,inv+0x0b) clip()
 clip(65,56,30,30) ovalfill(68,64,92,78,inv+0x0c) clip()
 clip(97,56,30,30) rrectfill(100,60,24,22,6,inv+0x0a.5a5a) clip()
 poke(0x5f34,1)
 rectfill(0,88,3,91,0x1800+7)          -- invert bit without 0x5f34&2: a plain 4x4 of 7
 poke(0x5f34,0)
 fillp()
 -- row 4: secondary palette, global (0x0.2): colour 12 -> 7 where bit 0, 8 where bit 1
 pal(12,0x87,2)
 fillp(0x5a5a+0x0.2)
 rectfill(1,94,40,126,12)
 fillp()
 pal(2)
 -- secondary palette on sprites (0x0.4): each colour c becomes 0x(c)(15-c) checker
 for c=0,15 do pal(c,(c<<4)|(15-c),2) end
 fillp(0xf0f0+0x0.4)
 sspr(0,0,16,8,44,94,80,16)
 fillp(0xf0f0+0x0.4+0x0.8)             -- with transparency: bit-1 rows not drawn
 sspr(0,0,16,8,44,112,80,14)
 fillp()
 pal(2)
 chk("sprite secondary",pget(50,94),1)  -- column 1, pattern bit 1 -> high nibble 1
 chk("sprite secondary2",pget(50,95),14) -- pattern bit 0 -> low nibble 15-1
 first=false
end
__gfx__
0123456789abcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0123456789abcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0123456789abcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0123456789abcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0123456789abcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0123456789abcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0123456789abcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0123456789abcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
