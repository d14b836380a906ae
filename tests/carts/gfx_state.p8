pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- gfx_state: draw state. camera, clip and clip_previous, color(), draw palette in its
-- c0,c1 / table / pal(p) forms, palt(c,t), palt(bitfield) and transparency kept by pal.
-- sprites 0-1 are one 16x8 strip: column x has colour x.
function chk(what,got,want)
 if got~=want then printh("fail "..what..": got "..tostr(got).." want "..tostr(want)) end
end

function _draw()
 cls(1)
 -- camera: the frame at 0,0..27,27 lands at 4,4..31,31
 local ox,oy=camera(-4,-4)
 chk("camera prev",ox,0)
 rect(0,0,27,27,7)
 circfill(13,13,6,10)
 ox,oy=camera()
 chk("camera prev x",ox,-4) chk("camera prev y",oy,-4)
 -- clip: red 20x20 square, green where the second clip (previous) intersects it
 clip(40,4,20,20)
 rectfill(0,0,127,127,8)
 local a,b,c,d=clip(50,14,30,30,true)
 chk("clip prev",a..","..b..","..c..","..d,"40,4,20,20")
 rectfill(0,0,127,127,11)
 clip(90,4,100,100)      -- clamped to the screen
 rectfill(0,0,127,31,12)
 clip(70,14,30,10,true)  -- intersect: 90..99 x 14..23
 rectfill(0,0,127,127,14)
 clip()
 -- color(): pen used by primitives without a colour
 chk("color prev",color(9),14) -- the last colour argument set the pen
 line(64,28,127,28)
 -- draw palette, table form: ramp drawn reversed (colour i shown as 15-i)
 local t={}
 for i=0,15 do t[i]=15-i end
 pal(t)
 for i=0,15 do rectfill(i*8,34,i*8+7,41,i) end
 -- c0,c1 form returns the previous mapping; pal(0) resets the draw palette only
 chk("pal prev",pal(8,12),7)
 rectfill(0,44,63,47,8)   -- blue
 pal(0)
 rectfill(64,44,127,47,8) -- red again
 for i=0,15 do rectfill(i*8,50,i*8+7,57,i) end
 -- palt: background checker shows through transparent colours
 fillp(0x5a5a)
 rectfill(0,62,127,127,0x52)
 fillp()
 sspr(0,0,16,8,0,64,128,8)                -- default: only colour 0 transparent
 local prev=palt(0b1010101010101010)      -- even colours transparent
 chk("palt prev",prev,0x8000)
 sspr(0,0,16,8,0,76,128,8)
 palt()
 palt(0,false) palt(15,true)             -- single-colour form
 sspr(0,0,16,8,0,88,128,8)
 palt()
 palt(3,true) pal(3,8)                    -- pal keeps colour 3 transparent
 pal(4,8)                                 -- colour 4 drawn red
 sspr(0,0,16,8,0,100,128,8)
 pal() palt()
 -- pget sees what was drawn, pal() does not change screen memory
 chk("pget clip",pget(45,5),8) chk("pget prev",pget(55,20),11)
 chk("pget pal",pget(1,45),12)
 chk("pget palt",pget(17,80),5)
 print("state",1,116,7)
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
