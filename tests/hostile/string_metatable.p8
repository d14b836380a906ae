pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: reach for the string metatable and Lua string methods
local ok = pcall ~= nil
printh(tostr(getmetatable("")))
printh(tostr(("x").rep))
printh(tostr(("x").dump))
getmetatable("").__add = function() return 1 end
