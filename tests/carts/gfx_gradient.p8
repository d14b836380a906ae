pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- gfx_gradient: raster gradient mode 0x5f5f=0x3c: colour 12 on output row y shows
-- 0x5f60[y\8] (16 bands: extended colours 128-143), combined with the 0x5f2c horizontal
-- mirror (mode 5): the left half is drawn, the right half mirrors it.
function _draw()
 cls(12)
 rectfill(4,4,27,27,8)
 print("mirror",8,40,7)
 circfill(40,90,16,9)
 circ(40,90,16,12)       -- colour 12: follows the gradient
 line(0,127,63,64,7)
 for i=0,15 do poke(0x5f60+i,128+i) end
 poke(0x5f5f,0x3c)
 poke(0x5f2c,5)
end
