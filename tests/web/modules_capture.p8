pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- modules_capture.p8 - the web player's captures under test (test_web_modules.c): a picture
-- that changes every tick (with a band of noise); at tick 5 extcmd("screen"), at tick 10
-- extcmd("rec"), at tick 40 extcmd("video") (a GIF of ticks 11 to 40); the frames are
-- compared with the native headless screenshots of the same ticks.
t=0
function _update()
 t+=1
 if t==5 then extcmd("screen") end
 if t==10 then extcmd("rec") end
 if t==40 then extcmd("video") end
end
function _draw()
 cls(t%16)
 for i=0,15 do rectfill(i*8,100,i*8+7,127,(i+t)%16) end
 circfill(t*3%128,50,12,(t+8)%16)
 -- a band of noise (rnd with the run's seed): the GIF's code table fills and is cleared
 for y=56,99 do for x=0,127 do pset(x,y,rnd(16)) end end
 print("tick "..t,4,4,7)
 pal(1,129,1)
end
