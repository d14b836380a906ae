pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an endless loop in a pause-menu callback
menuitem(1, "hang", function() while true do end end)
function _draw() cls() print("menu", 50, 60, 7) end
