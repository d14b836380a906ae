pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: metatable and _ENV tricks to reach the host
printh(tostr(getmetatable(_ENV)))
printh(type(_ENV._ENV))
printh(type(rawget(_ENV, "io")))
local env = _ENV
setmetatable(env, {__index=function(t, k) return "?"..k end})
printh(tostr(os))
printh(type(cocreate(function() end)))
local ok = getmetatable("") printh(tostr(ok))
function f(_ENV) return io end printh(tostr(f({})))
