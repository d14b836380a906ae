pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: 16384 pset(x,y,flr(rnd(16))) in nested for loops.
-- pico-8 reading: stat(1) ~ 2.8 at 60 fps (akd-io/pico8 profiling-tests.p8); asserted within 10%
-- by tests/integration/test_calibration.c (the readings and tolerances live there).
-- frames: 4
-- each frame clears the screen, runs the workload, draws a label bar as the measuring
-- cart did, and reports stat(1) at the end of _draw with printh.
function work()
 for y=0,127 do
  for x=0,127 do
   pset(x,y,flr(rnd(16)))
  end
 end
end
function _update60() end
function _draw()
 cls()
 work()
 rectfill(1,120,126,126,2)
 print("4: every pixel, random colour",2,121,0)
 local cpu=stat(1)
 printh("calib "..cpu)
end
