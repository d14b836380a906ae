pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an endless loop in a __gc metamethod
for i=1,100 do setmetatable({}, {__gc=function() while true do end end}) end
function _update() local t={} for i=1,1000 do t[i]={i} end end
