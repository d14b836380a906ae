pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: "0: 1 fullscreen rectfill" of akd-io/pico8 profiling-tests.p8 (newest revision).
-- pico-8 reading: stat(1) 0.04 / 0.04 at 60 fps (the cart author's two cpu figures);
-- asserted by tests/integration/test_calibration.c, which holds the readings and tolerances.
-- frames: 4
-- the measured frame as it was measured: _update60 reads two buttons, _draw clears the
-- screen, runs option 0's function from the 16-entry options table (the other entries
-- are placeholders here) and draws the label bar with "0: 1 fullscreen rectfill"; stat(1) is then
-- reported with printh, so the reading covers the whole frame as pico-8's meter did.
local f = 1
local options = { {
  name = "1 fullscreen rectfill",
  func = function()
  rectfill(0, 0, 127, 127, 0xf)
  end
 }, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false }
local optionIndex = 0
function _update60()
 if btnp(❎) then
  optionIndex = (optionIndex + 1) % #options
 elseif btnp(🅾️) then
  optionIndex = (optionIndex - 1) % #options
 end
end
function printLabel(str)
 rectfill(1, 120, 126, 126, 2)
 print(str, 2, 121, 0)
end
function _draw()
 cls()
 local option = options[optionIndex + 1]
 local name = option.name
 option.func()
 printLabel(optionIndex .. ": " .. name)
 local cpu = stat(1)
 printh("calib " .. cpu)
end
