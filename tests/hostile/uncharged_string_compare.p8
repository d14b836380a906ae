pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- comparing two long equal strings: host work no cost rule sees; the host-time backstop ends it
s="" for i=1,15 do s=s..s.."0123456789" end
s2=sub(s,1)
function _update() for j=1,100 do for i=1,30000 do local b=s<s2 end end end
