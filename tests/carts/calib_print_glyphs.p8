pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: 256 prints of a one-off 8x8 glyph.
-- pico-8 reading: stat(1) ~ 0.36 at 60 fps (akd-io/pico8 profiling-tests.p8); asserted within 25%
-- by tests/integration/test_calibration.c (the readings and tolerances live there).
-- frames: 4
-- each frame clears the screen, runs the workload, draws a label bar as the measuring
-- cart did, and reports stat(1) at the end of _draw with printh.
function work()
 for y=0,127,8 do
  for x=0,127,8 do
   print("\^:3c7effdbff7e2400",x,y,3)
  end
 end
end
function _update60() end
function _draw()
 cls()
 work()
 rectfill(1,120,126,126,2)
 print("7: 256 one-off glyphs",2,121,0)
 local cpu=stat(1)
 printh("calib "..cpu)
end
