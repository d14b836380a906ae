pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- calibration: "13: poke4() gradient" of akd-io/pico8 profiling-tests.p8 (newest revision).
-- pico-8 reading: stat(1) 1.87 / 1.84 at 60 fps (the cart author's two cpu figures);
-- asserted by tests/integration/test_calibration.c, which holds the readings and tolerances.
-- frames: 4
-- the measured frame as it was measured: _update60 reads two buttons, _draw clears the
-- screen, runs option 13's function from the 16-entry options table (the other entries
-- are placeholders here) and draws the label bar with "13: poke4() gradient"; stat(1) is then
-- reported with printh, so the reading covers the whole frame as pico-8's meter did.
local f = 1
local options = { false, false, false, false, false, false, false, false, false, false, false, false, false, {
  name = "poke4() gradient",
  func = function()
  for mem = 0x6000, 0x7fff, 4 do
   local apixeli = mem - 0x6000
   local bpixeli = apixeli + 0.5
   local cpixeli = apixeli + 1
   local dpixeli = apixeli + 1.5
   local epixeli = apixeli + 2
   local fpixeli = apixeli + 2.5
   local gpixeli = apixeli + 3
   local hpixeli = apixeli + 3.5

   local a = ((1 + cos(apixeli / 0x2000 / 2)) / 2 & 0x0000.f000) >> 12
   local b = ((1 + cos(bpixeli / 0x2000 / 2)) / 2 & 0x0000.f000) >> 8
   local c = ((1 + cos(cpixeli / 0x2000 / 2)) / 2 & 0x0000.f000) >> 4
   local d = (1 + cos(dpixeli / 0x2000 / 2)) / 2 & 0x0000.f000
   local e = ((1 + cos(epixeli / 0x2000 / 2)) / 2 & 0x0000.f000) << 4
   local f = ((1 + cos(fpixeli / 0x2000 / 2)) / 2 & 0x0000.f000) << 8
   local g = ((1 + cos(gpixeli / 0x2000 / 2)) / 2 & 0x0000.f000) << 12
   local h = ((1 + cos(hpixeli / 0x2000 / 2)) / 2 & 0x0000.f000) << 16

   local val = a | b | c | d | e | f | g | h
   poke4(mem, val)
  end
  end
 }, false, false }
local optionIndex = 13
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
