pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: "10: poke4() random screen fill" of akd-io/pico8 profiling-tests.p8 (newest revision).
-- pico-8 reading: stat(1) 0.32 / 0.31 at 60 fps (the cart author's two cpu figures);
-- asserted by tests/integration/test_calibration.c, which holds the readings and tolerances.
-- frames: 4
-- the measured frame as it was measured: _update60 reads two buttons, _draw clears the
-- screen, runs option 10's function from the 16-entry options table (the other entries
-- are placeholders here) and draws the label bar with "10: poke4() random screen fill"; stat(1) is then
-- reported with printh, so the reading covers the whole frame as pico-8's meter did.
local f = 1
local options = { false, false, false, false, false, false, false, false, false, false, {
  name = "poke4() random screen fill",
  func = function()
  for mem = 0x6000, 0x8000 - 4, 4 do
   poke4(mem, rnd(-1))
  end
  end
 }, false, false, false, false, false }
local optionIndex = 10
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
