pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: 21 prints of a 31-character string.
-- pico-8 reading: stat(1) ~ 0.15 at 60 fps (akd-io/pico8 profiling-tests.p8); asserted within 10%
-- by tests/integration/test_calibration.c (the readings and tolerances live there).
-- frames: 4
-- each frame clears the screen, runs the workload, draws a label bar as the measuring
-- cart did, and reports stat(1) at the end of _draw with printh.
function work()
 local s="abcdefghijklmnopqrstuvwxyzabcde"
 for y=1,122,6 do
  print(s,2,y,2)
 end
end
function _update60() end
function _draw()
 cls()
 work()
 rectfill(1,120,126,126,2)
 print("6: 21 lines of 31 letters",2,121,0)
 local cpu=stat(1)
 printh("calib "..cpu)
end
