pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- gfx_bitplane: the bit-plane mask 0x5f5e (new = (old & ~w) | (src & w & r), low nibble
-- w, high nibble r) on rectfill, spr and print; drawing into the sprite sheet through
-- 0x5f55=0x00 and reading the screen as the sprite sheet through 0x5f54=0x60.
first=true
function chk(what,got,want)
 if first and got~=want then printh("fail "..what..": got "..tostr(got).." want "..tostr(want)) end
end

function _draw()
 cls(0)
 poke(0x5f5e,0xff)
 -- 16 columns of colours 0-15, rows of 12 px
 for i=0,15 do rectfill(i*8,0,i*8+7,63,i) end
 -- w=8 r=f: set plane 3 (colour 8) everywhere in rows 12-23
 poke(0x5f5e,0xf8) rectfill(0,12,127,23,8)
 -- w=8 r=0: clear plane 3 in rows 24-35
 poke(0x5f5e,0x08) rectfill(0,24,127,35,15)
 -- w=3 r=f: write planes 0-1 with colour 2 (bits 10) in rows 36-47
 poke(0x5f5e,0xf3) rectfill(0,36,127,47,2)
 -- w=f r=5: source 15 read through planes 0 and 2 = 5, rows 48-63
 poke(0x5f5e,0x5f) rectfill(0,48,127,63,15)
 poke(0x5f5e,0xff)
 chk("set plane",pget(9,12),9|8) chk("clear plane",pget(9*8,30),1)
 chk("planes 0-1",pget(5*8,40),(5&~3)|2) chk("read mask",pget(0,50),5)
 -- draw into the sprite sheet (0x5f55=0), then spr it back
 poke(0x5f55,0x00)
 rectfill(0,0,15,15,0) circfill(7,7,6,10) print("a",5,5,8)
 poke(0x5f55,0x60)
 chk("sheet",sget(7,1),10)
 spr(0,0,68,2,2) sspr(0,0,16,16,20,68,32,32)
 -- sprites with the mask: w=4 r=f on a white background (only plane 2 changes)
 rectfill(56,68,127,99,7)
 poke(0x5f5e,0xf4) sspr(0,0,16,16,60,68,32,32) poke(0x5f5e,0xff)
 -- the screen as the sprite sheet: copy the top-left 32x8 of the screen down
 poke(0x5f54,0x60)
 sspr(0,0,32,8,0,104,64,16)
 poke(0x5f54,0x00)
 print("plane",70,110,7)
 rectfill(68,116,100,124,6)
 poke(0x5f5e,0xf1) print("plane",70,118,15) poke(0x5f5e,0xff) -- 6|1: white on grey
 chk("print masked",pget(70,118),7)
 first=false
end
