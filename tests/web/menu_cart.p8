pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- menu_cart: the web player's pause menu test (tests/integration/test_web_menu.c): two
-- menuitem()s whose callbacks set v, drawn as a red bar 8*(v+1) pixels long on row 0-7,
-- and the ticks run since the start, t; x asks its host for the pause menu (extcmd)
v=0 t=0
menuitem(1,"add one",function() v+=1 end)
menuitem(2,"set seven",function() v=7 return true end)
function _update()
 t+=1
 if btnp(5) then extcmd("pause") end
end
function _draw()
 cls(1)
 rectfill(0,0,v*8+7,7,8)
 print("t "..t,4,20,7)
end
