pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- text_font: the custom font at 0x5600 (header: widths, height, offsets, per-char
-- adjustments; glyphs 8 bytes each, bit 0 = left) switched with \014 / \015 and by the
-- default attributes 0x5f58; wide custom glyphs; one-off glyphs \^: (hex) and \^. (raw
-- bytes), \^, with padding; the built-in 8-px glyphs 128-143.
first=true
function chk(what,got,want)
 if first and got~=want then printh("fail "..what..": got "..tostr(got).." want "..tostr(want)) end
end

glyphs={
 a={0xff,0x81,0x81,0x81,0x81,0x81,0x81,0xff},  -- hollow square
 b={0x81,0x42,0x24,0x18,0x18,0x24,0x42,0x81},  -- cross
 c={0x55,0xaa,0x55,0xaa,0x55,0xaa,0x55,0xaa},  -- checker
 d={0x3c,0x42,0x81,0x81,0x81,0x81,0x42,0x3c},  -- ring
 e={0x01,0x03,0x07,0x0f,0x1f,0x3f,0x7f,0xff},  -- triangle, right angle at bottom left
}

function _init()
 poke(0x5600,9,9,9,0,0)           -- width, width of chars >=128, height, offset x, y
 poke(0x5605,1)                   -- per-char adjustments on
 for k,g in pairs(glyphs) do
  for i=1,8 do poke(0x5600+8*ord(k)+i-1,g[i]) end
 end
 poke(0x5608+41,0x28)             -- 'b' one pixel higher, 'c' 2 px wider
end

function _draw()
 cls(1)
 print("\014abcde\015 abcde",2,2,7)
 chk("custom width",print("\014abcde",0,-20),2*9+11+2*9)
 poke(0x5f58,0x81)                -- default attributes: custom font
 print("eedd",2,14,10)
 poke(0x5f58,0)
 print("\014\^waed\^t\#2bc",2,26,11)
 print("\^:0f0f0f0ff0f0f0f0\^:183c7effff7e3c18 one-off",2,46,12)
 print("\^.\x18\x24\x42\x81\x81\x42\x24\x18\^.\x01\x02\x04\x08\x10\x20\x40\x80 raw",2,56,14)
 print("\#8\^,\x7e\x7e\x66\x66\x66\x66\x7e\x7e padded",2,68,7)
 print("\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f",0,80,7)
 print("\x90\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9d\x9e\x9f",0,88,6)
 print("\^w\x87\x83\x8c",2,100,8)
 first=false
end
