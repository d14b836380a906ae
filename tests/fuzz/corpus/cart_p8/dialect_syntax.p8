pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- dialect conformance: the syntax extensions of reference 6.1 (and the chunk locals of 6.3),
-- written as ordinary cart code. each failed check printh's a line starting with "fail";
-- the last line is the count, "n passed, 0 failed" when all hold.
-- frames: 2
np,nf=0,0
function check(name,got,want)
 if got==want then
  np+=1
 else
  nf+=1
  printh("fail "..name..": got "..tostr(got).." want "..tostr(want))
 end
end

-- compound assignment, every operator
x=5 x+=3 check("+=",x,8)
x=5 x-=3 check("-=",x,2)
x=5 x*=3 check("*=",x,15)
x=5 x/=2 check("/=",x,2.5)
x=7 x\=2 check("\\=",x,3)
x=-7 x%=3 check("%=",x,2)
x=2 x^=3 check("^= is power",x,8)
x="a" x..=1 check("..=",x,"a1")
x=12 x&=10 check("&=",x,8)
x=12 x|=3 check("|=",x,15)
x=12 x^^=10 check("^^=",x,6)
x=1 x<<=4 check("<<=",x,16)
x=-16 x>>=2 check(">>=",x,-4)
x=-1 x>>>=16 check(">>>=",tostr(x,1),"0x0000.ffff")
x=1 x<<>=15 check("<<>=",x,-32768)
x=1 x>><=1 check(">><=",x,0.5)
x=3 x-=1+1 check("+= rhs is one expression",x,1)
x=0 x+=1x+=1 check("glued compound statements",x,2)
x=0 x+=1;x+=1 check("compound with ;",x,2)
x=0 x+=(function(y) y+=1 return y end)(2) check("nested compound",x,3)
t={v=1} t.v+=2 check("field +=",t.v,3)
calls=0
function key() calls+=1 return 1 end
a={10} a[key()]+=5
check("index +=",a[1],15)
check("index += evaluates the key once",calls,1)
y=1 do local y+=2 check("local +=",y,3) end

-- != is ~=
check("1!=2",1!=2,true)
check("1!=1",1!=1,false)
check("(1!=2)!=(3!=4)",(1!=2)!=(3!=4),false)
check("'!=' in a string","!=","!".."=")

-- one-line if / while
x=0 if (x==0) x=1
check("short if",x,1)
x=1 if (x==0) x=5 else x=7
check("short if else",x,7)
x,y=0,0
if (x==1) x=5 y=6
check("short if body runs to end of line",y,0)
if (true) or (true) then x=9 end
check("(c) or (c) then is the long form",x,9)
x=0 if ((x==0)
 ) then x=1 end
check("parenthesised condition over two lines",x,1)
function early() if (x!=0) return
 x=1 end
x=5 early() check("short if return takes no value from the next line",x,5)
x=0 for i=0,9 do if (i!=0) x=i end
check("short if inside a for line",x,9)
x=0 if (x==0) x=1-- comment
check("short if then -- comment",x,1)
x=0 if (x==0) x=1// comment
check("short if then // comment",x,1)
if(1==1)--[[then
]]x=3
check("short if, body after a hidden newline",x,3)
i=0 while (i<5) i+=1
check("short while",i,5)
i,s=0,0
while (i<3) i+=1 s+=2
check("short while body",s,6)

-- ? print shorthand: statement (also indented and in a short if) and expression
real_print=print
log=""
print=function(...)
 local a={...}
 log..=#a..tostr(a[1])
 return 42
end
?"a"
  ?"b",1,2
if (true) ?"c"
x=?"d",1,2,3
t={?"e"}
print=real_print
check("? statement forms",log,"1a3b1c4d1e")
check("? as an expression",x,42)
check("? in a table constructor",t[1],42)

-- \ integer division
check("7\\2",7\2,3)
check("-7\\2",-7\2,-4)
check("7\\-2",7\-2,-4)
check("7.5\\0.5",7.5\0.5,15)
zero=0
check("5\\0",5\zero,32767)
check("-5\\0",-5\zero,-32768)
check("\\ has * precedence",1+7\2*2,7)

-- comments
x=4 // 2
check("// is a line comment",x,4)
x=1 --[[ x=2 ]] check("--[[ ]]",x,1)
--[==[
x=3
]]
]==]
check("--[==[ ]==]",x,1)

-- bitwise operators on the 16.16 pattern
check("&",12&10,8)
check("|",12|3,15)
check("& keeps fraction bits",1.5&1.25,1)
check("| fractions",0.25|0.5,0.75)
check("^^",12^^10,6)
check("binary ~ is xor",12~10,6)
check("unary ~",tostr(~0,1),"0xffff.ffff")
check("~~",~~5,5)
check("<<",1<<4,16)
check("<< into the sign bit",1<<15,-32768)
check(">> is arithmetic",-16>>2,-4)
check(">> into the fraction",1>>1,0.5)
check("1>>16",tostr(1>>16,1),"0x0000.0001")
check(">>>",tostr(0x8000>>>16,1),"0x0000.8000")
check(">> keeps the sign",0x8000>>16,-0.5)
check("<<>",tostr(0x8000<<>1,1),"0x0000.0001")
check(">><",tostr(1>><16,1),"0x0000.0001")
check("negative shift count",16<<-4,1)
check("fractional shift count",1<<1.9,2)

-- ^ is exponentiation
check("2^3",2^3,8)
check("^ right associative",2^3^2,512)
check("-2^2",-2^2,-4)

-- @ % $ peeks
poke(0x4300,42)
poke2(0x4302,0x1234)
poke4(0x4304,1.5)
check("@",@0x4300,42)
check("%",%0x4302,0x1234)
check("$",$0x4304,1.5)
check("@ binds tighter than +",@0x4300+1,43)
a=0x4300 check("@name*2",@a*2,84)
check("binary % is still modulo",5 % 3,2)

-- literals
check("0b1010.01",0b1010.01,10.25)
check("0b.1",0b.1,0.5)
check("0x11.4",0x11.4,17.25)
check("0xffff wraps to -1",0xffff,-1)
check("0x8000",0x8000,-32768)
function five() if true then return 5end end
check("5end is 5 end",five(),5)
check("1 ..2",1 ..2,"12")

-- P8SCII identifiers
あい=5 check("kana identifier",あい,5)
aお,aか=1,2 check("identifier with kana bytes",aお..aか,"12")

-- precedence (z8lua order)
check("| < ^^ < &",1|2^^3&4,3)
check("(1|2)^^3",(1|2)^^3,0)
check("+ binds tighter than <<",1<<2+1,8)
check(".. binds tighter than <<",2 .. 1<<1,42)
check("unary - before &",-3&7,5)
check("comparison below |",1|2==3,true)
check("12&10==8",12&10==8,true)
check("(3+12)&10",3+12&10,10)
check("~1+1",tostr(~1+1,1),"0xffff.ffff")
check("2*3^2",2*3^2,18)

-- Lua 5.2 labels: an inner label may shadow an outer one
r=0 do ::again:: r+=1 do if r<3 then goto again end end end
check("goto outer label",r,3)
r=0 do ::l:: do r+=1 if r<3 then goto l end ::l:: end end
check("shadowing label",r,1)

-- 6.3: builtins are locals of the cart chunk (rnd is not)
function env_trick()
 local _ENV={}
 return flr(2.5),pset!=nil,rnd==nil
end
a,b,c=env_trick()
check("flr reachable after _ENV switch",a,2)
check("pset reachable after _ENV switch",b,true)
check("rnd is not a chunk local",c,true)

printh(np.." passed, "..nf.." failed")
