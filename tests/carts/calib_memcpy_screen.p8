pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: one memcpy of a whole screen (0x2000 bytes) from a random place in the
-- upper memory filled with noise at start, then stat(1) read before anything is printed.
-- pico-8 reading: stat(1) ~ 0.031 at 60 fps (lexaloffle bbs tid=151065, a forum reply);
-- asserted within 15% by tests/integration/test_calibration.c.
-- frames: 4
function _init()
 for a=0x8000,0xfffc,4 do
  poke4(a,rnd(-1))
 end
end
function _update60() end
function _draw()
 memcpy(0x6000,0x8000+rnd(0x6000),0x2000)
 local cpu=stat(1)
 print("cpu "..cpu,2,121,7)
 printh("calib "..cpu)
end
