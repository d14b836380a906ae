pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- cost calibration: print costs 80 per call + 1 per pixel of each character cell drawn
-- (4x6 = 24 for a plain character, 8x6 for a wide glyph, 8x8 for a one-off glyph)
-- + 2 per byte that drew nothing (control codes and their parameters)
-- each frame runs one case in _draw and checks stat(201) (system cycles of the frame so far) exactly.
-- frames: 9
cases={
 {"hello",80+24*5,function() print("hello",0,0,7) end},
 {"empty",80,function() print("",0,0) end},
 {"number 123",80+24*3,function() print(123) end},
 {"two prints",160+24*4,function() print("ab") print("cd",0,100) end},
 {"wide glyph",80+48,function() print("\x80",0,0) end},
 {"one-off glyph",80+64+2*17,function() print("\^:3c7effdbff7e2400",0,0) end},
 {"colour code",80+2*2+24*2,function() print("\f8ab",0,0) end},
 {"wide mode",80+2*2+48*2,function() print("\^wab",0,0) end},
}
f=0
function _draw()
 f+=1
 local c=cases[f]
 if not c then
  if f==#cases+1 then printh("ok "..#cases.." cases") end
  return
 end
 c[3]()
 local got=stat(201)
 if got~=c[2] then
  printh("fail "..c[1]..": stat(201)="..got.." want "..c[2])
 end
end
__gfx__
00000000777777770000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000777777770000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
__map__
0101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0100010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
