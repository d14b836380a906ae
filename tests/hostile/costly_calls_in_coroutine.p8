pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- costly API calls in a coroutine: the watch counts their cost, not only the loop
c=cocreate(function() while true do memcpy(0x8000,0,0x7fff) print("hello world hello world",0,0,7) sspr(0,0,128,128,0,0,128,128) end end)
function _update() local ok,e=coresume(c) printh(tostr(ok).." "..tostr(e)) end
