pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- cost calibration: btn/btnp 8 with an argument (0 without), rnd 8, sqrt 48, sin/cos/atan2 2,
-- stat 32, sfx/music 32, tostr 1 per character made, sub 1 per character copied + 1 per 32 of the string
-- each frame runs one case in _draw and checks stat(201) (system cycles of the frame so far) exactly.
-- frames: 11
cases={
 {"btn",8,function() btn(0) end},
 {"btn no argument is free",0,function() btn() btnp() end},
 {"btnp",16,function() btnp(4) btnp(5,1) end},
 {"rnd",24,function() rnd() rnd(5) rnd({1,2}) end},
 {"sqrt",48,function() sqrt(2) end},
 {"sin cos atan2",6,function() sin(.1) cos(.2) atan2(1,2) end},
 {"tostr",4+4,function() tostr(1234) tostr(-0.5) end},
 {"sub",4+1,function() sub("abcdefghijklmnopqrstabcdefghijklmnopqrst",2,5) end},
 {"stat",64,function() stat(0) stat(7) end},
 {"sfx music",64,function() sfx(-1) music(-1) end},
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
