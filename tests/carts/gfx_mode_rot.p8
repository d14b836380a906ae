pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- gfx_mode_rot: the 0x5f2c screen transform 0x85 (rotate 90 degrees clockwise at display
-- time) together with raster mode 0x10: rows 0-15 of the *output* use the secondary
-- palette (colour 8 shown as 11). screen memory keeps the unrotated picture (pget checks).
first=true
function chk(what,got,want)
 if first and got~=want then printh("fail "..what..": got "..tostr(got).." want "..tostr(want)) end
end

function _draw()
 cls(1)
 rectfill(0,0,31,15,8)              -- red block at the top left of screen memory
 rectfill(0,112,127,127,12)         -- blue band at the bottom
 print("top left",36,4,7)
 print("rotated 90",2,60,10)
 line(0,20,127,20,9)
 circfill(100,90,10,14)
 chk("memory unrotated",pget(1,1),8)
 poke(0x5f2c,0x85)
 for i=0,15 do poke(0x5f60+i,i) end
 poke(0x5f68,11)                    -- secondary palette: 8 -> 11
 poke(0x5f70,0xff) poke(0x5f71,0xff) -- output rows 0-15
 poke(0x5f5f,0x10)
 first=false
end
