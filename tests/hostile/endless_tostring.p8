pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an endless loop in __tostring, called from C by tostring()
t = setmetatable({}, {__tostring=function() while true do end end})
printh(tostring(t))
