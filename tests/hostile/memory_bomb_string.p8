pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: a string that doubles until the Lua heap cap
s = "x"
while true do s = s..s end
