pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- web_cartdata: counts its runs in cartdata (test_web_player.c, cartdata survives a reload):
-- the screen is cleared to colour 1 + the runs before this one, so the first run shows 1,
-- the second 2. dset is called at once, so the count is saved before the first frame.
cartdata("mote8_web_cartdata_test")
runs=dget(0)
dset(0,runs+1)
function _draw()
 cls(1+runs%15)
end
