pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- modules_input.p8 - the web player's input modules under test (tests/web/player_modules_test.html):
-- prints its state with printh whenever it changes: each player's buttons, the devkit mouse
-- (stat 32-34), the wheel and movement summed (stat 36, 38, 39) and the keys typed (stat 30/31,
-- "\b" as <bs>). typing l asks for pointer lock (devkit flag 16), typing u drops it.
poke(0x5f2d,1)
typed,wheel,dx,dy,lock,last="",0,0,0,0,""
function _update()
 while stat(30) do
  local c=stat(31)
  if c=="\b" then typed..="<bs>" else typed..=c end
  if c=="l" then lock=16 end
  if c=="u" then lock=0 end
 end
 poke(0x5f2d,1+lock)
 wheel+=stat(36) dx+=stat(38) dy+=stat(39)
 local s="state b="
 for p=0,7 do
  local m=0
  for b=0,5 do if btn(b,p) then m+=1<<b end end
  s..=m..(p<7 and "," or "")
 end
 s..=" x="..stat(32).." y="..stat(33).." mb="..stat(34).." w="..wheel
 s..=" dx="..dx.." dy="..dy.." lock="..lock.." k="..typed
 if s!=last then printh(s) last=s end
end
function _draw()
 cls(1) print(last,0,0,7)
end
