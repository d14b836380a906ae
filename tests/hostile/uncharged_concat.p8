pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- concatenation of long strings: no API cost at all; the host-time backstop ends it
s="" for i=1,16 do s=s..s.."0123456789" end
function _update() for j=1,100 do for i=1,30000 do local x=s..s end end end
