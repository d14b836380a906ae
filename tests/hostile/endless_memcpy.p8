pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an endless loop of large memcpy calls at the top level
while true do memcpy(0,0x8000,0x7fff) end
