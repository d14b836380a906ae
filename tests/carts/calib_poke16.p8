pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: "9: poke() screenfill. color=0xf" of akd-io/pico8 profiling-tests.p8 (newest revision).
-- pico-8 reading: stat(1) 0.21 / 0.21 at 60 fps (the cart author's two cpu figures);
-- asserted by tests/integration/test_calibration.c, which holds the readings and tolerances.
-- frames: 4
-- the measured frame as it was measured: _update60 reads two buttons, _draw clears the
-- screen, runs option 9's function from the 16-entry options table (the other entries
-- are placeholders here) and draws the label bar with "9: poke() screenfill. color=0xf"; stat(1) is then
-- reported with printh, so the reading covers the whole frame as pico-8's meter did.
local f = 1
local options = { false, false, false, false, false, false, false, false, false, {
  name = "poke() screenfill. color=0xf",
  func = function()
  for i = 0, 0x1fff, 16 do
   poke(
    0x6000 + i,
    0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff,
    0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff
   )
  end
  end
 }, false, false, false, false, false, false }
local optionIndex = 9
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
