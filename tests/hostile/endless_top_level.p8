pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an endless top-level loop without flip()
while true do end
