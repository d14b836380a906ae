pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: a table that grows until the Lua heap cap
t = {}
while true do add(t, {1,2,3,4,5,6,7,8}) end
