pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- gfx_raster: the screen palette with the extended colours. every colour i is shown as
-- 128+i (pal(i,128+i,1)); raster mode 0x10 gives the rows whose bit is set in
-- 0x5f70-0x5f7f the secondary palette, here the plain 16 colours (pal(i,i,2)): the top
-- band of each pair shows the base palette, the bottom band the extended one.
first=true
function chk(what,got,want)
 if first and got~=want then printh("fail "..what..": got "..tostr(got).." want "..tostr(want)) end
end

function _draw()
 cls(0)
 for i=0,15 do
  local x=(i%8)*16
  local y=(i\8)*64
  rectfill(x,y,x+15,y+63,i)
  print(i,x+2,y+28,i==7 and 0 or 7)
 end
 for i=0,15 do
  chk("screen pal prev",pal(i,128+i,1),i)
  pal(i,i,2)
 end
 chk("screen pal byte",peek(0x5f1f),143)
 -- rows 0-31 and 64-95: secondary palette (base colours)
 for b=0,15 do poke(0x5f70+b,(b%8<4) and 0xff or 0) end
 poke(0x5f5f,0x10)
 first=false
end
