pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an endless loop inside a cart coroutine; coresume must return (false, message)
c = cocreate(function() while true do end end)
ok, msg = coresume(c)
printh(tostr(ok).." "..costatus(c))
function _draw() cls() print("still here", 30, 60, 7) end
