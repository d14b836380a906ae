pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- overlay_cart: the web player's cost overlay test (tests/integration/test_web_menu.c):
-- one rectangle drawn each frame over a screen never cleared (the heatmap colours it
-- alone), and a loop of Lua work in a function of its own
function work()
 local s=0
 for i=1,300 do s+=i*i end
 return s
end
function _draw()
 rectfill(16,32,79,63,8)
 work()
end
