pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- dialect conformance: + - * / and unary minus give PICO-8's 16.16 results, so what a
-- cart compares is what it prints (reference 7.1, 7.3). Needs the counting VM's number
-- patch (tools/lua5.4-p8num.patch); the suite skips this cart on the system Lua.
-- each failed check printh's a line starting with "fail"; the last line is the count.
-- frames: 2
np,nf=0,0
function check(name,got,want)
 if got==want then
  np+=1
 else
  nf+=1
  printh("fail "..name..": got "..tostr(got,1).." want "..tostr(want,1))
 end
end

-- addition and subtraction wrap
x=32767 x+=1
check("32767+1 == -32768",x,-32768)
check("32767+1 < 0",x<0,true)
y=-32768 y-=1
check("-32768-1 == 32767",y,32767)
z=32767.5 z+=1
check("32767.5+1 == -32767.5",z,-32767.5)
check("fraction kept",z-flr(z),0.5)
n=-32768
check("-(-32768) == -32768",-n,-32768)
f=-32768.0 f=-f
check("float negation wraps",f,-32768)
-- constant folding gives the same as run time
check("folded 32767+1",32767+1,-32768)
check("folded 256*256",256*256,0)

-- multiplication wraps and keeps 16 fraction bits (toward minus infinity)
a=256
check("256*256 == 0",a*a,0)
check("256*256 > 0 is false",a*a>0,false)
b=300
check("300*300",b*b,24464) -- 90000-65536
t=1/3
check("1/3 is 0x0.5555",t,0x0.5555)
check("(1/3)*3 is 0x0.ffff",t*3,0x0.ffff)
check("(1/3)*3 ~= 1",t*3~=1,true)
s=0x0.0001
check("0x0.0001*0.5 is 0",s*0.5,0)
check("-0x0.0001*0.5 is -0x0.0001",-s*0.5,-0x0.0001)
check("1.5*-1.25",1.5*-1.25,-1.875)
check("int times float",3*0.5,1.5)

-- division is (a<<16)/b truncated toward zero; literal divisors run in the VM, others
-- through the translator's helper: both agree
d,k=1,3
check("1/3 helper == VM",d/k,1/3)
check("0x0.0001/2 is 0",s/2,0)
check("-1/3 is -0x0.5555",-d/3,-0x0.5555)
check("-1/3 via helper",-d/k,-0x0.5555)
check("7/2 == 3.5",7/2,3.5)
m=-32768
check("-32768/1 in the VM",m/1,-32768)
check("-32768/1 via helper",m/d,-32768)

-- what carts build on it: hashes and counters that overflow compare as they print
h=0
for i=1,20 do h=h*31+i end
check("hash prints as it compares",tostr(h)+0,h)
check("6^13 == 0x6000",6^13,0x6000)

-- numeric for loops do not wrap their index
c=0 for i=32760,32767 do c+=1 end
check("for to 32767 ends",c,8)

printh(np.." passed, "..nf.." failed")
