pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- costly API calls in a callback called from C (foreach): an endless-loop error
function _update() foreach({1},function() while true do memcpy(0x8000,0,0x7fff) end end) end
