pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- api_args_fast: the small calls read their arguments straight from the stack (integers,
-- floats, then strings, booleans and nil the general way) and a cart may reassign any of
-- them: the results are PICO-8's whatever the argument types (issue 26's fast path).
bad=0 n=0
function check(what,got,want)
 n+=1
 if got!=want then bad+=1 printh("fail "..what..": "..tostr(got).." vs "..tostr(want)) end
end
cls()
-- coordinates: integers, fractions (floored, also below 0), numeric strings, booleans, nil
pset(3,4,7) check("pset int",pget(3,4),7)
pset(5.9,6.2,8) check("pset frac",pget(5,6),8) check("pget frac",pget(5.99,6.01),8)
pset(-0.5,2,9) check("pset -0.5 off screen",pget(0,2),0)
pset(0.5,2,9) check("pset 0.5",pget(0,2),9)
pset("10","11",12) check("pset strings",pget(10,11),12) check("pget strings",pget("10","11.5"),12)
pset(true,true,13) check("pset booleans",pget(1,1),13)
pset(nil,nil,14) check("pset nil",pget(0,0),14) check("pget nil",pget(),14)
pset(0,9) check("pset no colour",pget(0,9),peek(0x5f25)&15)
-- colours: fractions, strings, booleans, beyond 15, negative
pset(20,20,8.9) check("colour frac",pget(20,20),8)
pset(21,20,"9") check("colour string",pget(21,20),9)
pset(22,20,true) check("colour true",pget(22,20),1)
pset(23,20,17.5) check("colour 17.5",pget(23,20),1)
pset(24,20,-1) check("colour -1",pget(24,20),15)
-- huge and extreme numbers
check("pget 32767",pget(32767,32767),0)
check("pget -32768",pget(-32768,5),0)
check("pget max",pget(0x7fff.ffff,0x7fff.ffff),0)
pset(30,30,0x7fff.ffff) check("colour max",pget(30,30),15)
pset(31,30,-32768) check("colour -32768",pget(31,30),15)
-- sget/sset, mget/mset
sset(2.7,3.2,11) check("sset frac",sget(2,3),11) check("sget strings",sget("2","3"),11)
sset(4,5,"6") check("sset string colour",sget(4.5,5.5),6)
mset(1.5,2.5,33.7) check("mset frac",mget(1,2),33) check("mget strings",mget("1","2"),33)
mset("3",true,44) check("mset string and boolean",mget(3,1),44)
-- line: integer, fractional and string end points, colour as a fraction
line(40,40,44,40,10.5) check("line end",pget(44,40),10)
line(40.7,42.2,"44",42.9,11) check("line frac start",pget(40,42),11) check("line string end",pget(44,42),11)
line(50,50) line(52.5,50,12) check("line continue",pget(52,50),12)
-- min, mid, flr, rnd and friends with the same types
check("flr int",flr(5),5) check("flr frac",flr(-2.5),-3) check("flr string",flr("7.5"),7)
check("flr true",flr(true),1) check("flr nil",flr(),0)
check("mid",mid(1,"5",3.5),3.5) check("mid nil",mid(nil,2,-1),0)
srand(3) local r1=rnd(10.5) srand(3) check("rnd string",rnd("10.5"),r1)
-- a cart may reassign any API function, also in the middle of a loop
calls=0
local real_pset=pset
function draw_row(y) for x=60,63 do pset(x,y,5) end end
draw_row(60)
pset=function(x,y,c) calls+=1 real_pset(x,y,c+1) end
draw_row(61)
check("reassigned calls",calls,4)
check("reassigned pixel",pget(61,61),6)
pset=real_pset
draw_row(62)
check("restored calls",calls,4)
check("restored pixel",pget(61,62),5)
pget=function() return 99 end
check("reassigned pget",pget(61,62),99)
pget=nil
check("pget gone",type(pget),"nil")
printh(n-bad.." passed, "..bad.." failed")
