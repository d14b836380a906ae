pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: "14: 16x16 sprites" of akd-io/pico8 profiling-tests.p8 (newest revision).
-- pico-8 reading: stat(1) 0.28 / 0.27 at 60 fps (the cart author's two cpu figures);
-- asserted by tests/integration/test_calibration.c, which holds the readings and tolerances.
-- frames: 4
-- the measured frame as it was measured: _update60 reads two buttons, _draw clears the
-- screen, runs option 14's function from the 16-entry options table (the other entries
-- are placeholders here) and draws the label bar with "14: 16x16 sprites"; stat(1) is then
-- reported with printh, so the reading covers the whole frame as pico-8's meter did.
local f = 1
local options = { false, false, false, false, false, false, false, false, false, false, false, false, false, false, {
  name = "16x16 sprites",
  func = function()
  for x = 0, 15 do
   for y = 0, 15 do
    spr(1, x * 8, y * 8)
   end
  end
  end
 }, false }
local optionIndex = 14
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
__gfx__
00000000011111100222222000000000
00000000010000100200002000000000
00000000010000100200002000000000
00000000010000100200002000000000
00000000011111100222222000000000
00000000000000000000000000000000
00000000000000000000000000000000
00000000000000000000000000000000
00000000055555500666666000000000
00000000050000500600006000000000
00000000050000500600006000000000
00000000055555500666666000000000
