pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- O(n) table and string calls in a loop: charged by their work, so a tick is cut short
t={} for i=1,30000 do t[i]=i end
s="" for i=1,15 do s=s..s.."0123456789" end
function _update() for j=1,10 do for k=1,10000 do add(t,k,1) deli(t,1) count(t) local a=sub(s,1) local b=split(s,"x") end end end
