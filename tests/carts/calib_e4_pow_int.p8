pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: `x^4` measured as samhocevar measured it (lexaloffle bbs, 2018-12:
-- "api cpu costs"). pico-8 reading: stat(1) 8 ticks per operation; asserted by
-- tests/integration/test_calibration.c, which holds the readings and tolerances.
-- frames: 4
-- his method: after flip(), read stat(1)/stat(2), run an empty loop of n, read them again,
-- run the operation n times, read them a third time; the difference of the two loops,
-- scaled by his c(), is the cost of one operation in ticks of 2^22 a second (the 60 in c()
-- is a 60 fps budget; flip() frames are 30 fps ones, so his units are half cycles of the
-- 8 mhz cpu). the sum of the lua and system parts is reported.
n = 1024
flip() x,t=stat(1),stat(2) for i=1,n do end y,u=stat(1),stat(2)
for i=1,n do
 local r = i ^ 4
end
function c(t0,t1,t2) return(t0+t2-2*t1)*128/n*256/60*256 end
z,v=stat(1),stat(2)
printh("calib "..(c(x-t,y-u,z-v)+c(t,u,v)))
