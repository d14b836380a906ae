pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: unbounded recursion
function f(n) return 1 + f(n + 1) end
f(1)
