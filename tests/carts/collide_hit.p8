pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- spr_hit / sspr_hit / spr_hits (mote8 extension): exact counts on hand-made sprites
-- (1: an L of colours 8 and 9, 15 pixels; 2: a block of 3 with a hole at 0,0, 63 pixels)
-- with flips and palt, and the cost rule: 2 cycles per pixel of the overlap, checked
-- exactly with stat(201) (system cycles of the frame so far) each frame.
-- frames: 10
function want(name,got,exp)
 if got~=exp then printh("fail "..name..": got "..tostr(got).." want "..tostr(exp)) end
end
cases={
 {"same place",128,function() want("l on block",spr_hit(1,0,0,1,1,0,2,0,0,1,1,0),14) end},
 {"defaults for w,h,f",128,function() want("l on block short",spr_hit(1,0,0,nil,nil,nil,2,0,0),14) end},
 {"flip x misses the hole",128,function() want("flip x",spr_hit(1,0,0,1,1,1,2,0,0,1,1,0),15) end},
 {"flip y",128,function() want("flip y",spr_hit(1,50,50,1,1,2,1,50,50),8) end},
 {"palt",128,function() palt(8,true) want("palt 8",spr_hit(1,0,0,1,1,0,2,0,0),7) palt() end},
 {"miss is free",0,function() want("miss",spr_hit(2,0,0,1,1,0,2,8,0),0) end},
 {"partial overlap 4x4",2*16,function() want("offset",spr_hit(2,0,0,1,1,0,2,4,4),15) end},
 {"sspr regions",2*7,function() want("sspr",sspr_hit(9,7,7,1,1,7,0,16,0,8,8,0,0,0),7) end},
 {"group",2*(64+0+16),function()
   local t=spr_hits(1,10,10,1,1,0,{{2,10,10},{2,40,10},{2,14,14,1,1,3}})
   want("group n",#t,3) want("group 1",t[1],14) want("group 2",t[2],0) want("group 3",t[3],4)
  end},
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
  printh("fail cost "..c[1]..": stat(201)="..got.." want "..c[2])
 end
end
__gfx__
00000000800000000333333300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000800000003333333300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000800000003333333300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000800000003333333300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000800000003333333300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000800000003333333300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000800000003333333300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000899999993333333300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
