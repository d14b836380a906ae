pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an endless loop of expensive API calls (memcpy, huge sspr, print) in _update
n = 0
function _update() while true do n += 1 memcpy(0,0x8000,0x7fff) sspr(0,0,128,128,-5000,-5000,10000,10000) print("hello world") end end
