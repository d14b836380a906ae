pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an endless loop in a function foreach() calls from C
function _update() foreach({1}, function() while true do end end) end
