-- dialect conformance: strings, tostr/tonum and glyph globals (reference 6.1 escapes and
-- str[i], 6.2, 7.7, 7.8) from cart code. each failed check printh's a line starting with
-- "fail"; the last line is the count, "n passed, 0 failed" when all hold.
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

-- escapes: PICO-8's control codes 1-6 and Lua's own
s="\*\#\-\|\+\^"
check("\\* \\# \\- \\| \\+ \\^",ord(s,1)..ord(s,2)..ord(s,3)..ord(s,4)..ord(s,5)..ord(s,6),"123456")
check("#escapes",#s,6)
check("\\65\\066\\x43","\65\066\x43","ABC")
check("\\t \\n",ord("\t")..ord("\n"),"910")
check("\\a \\b \\v \\f \\r",ord("\a")..ord("\b")..ord("\v")..ord("\f")..ord("\r"),"78111213")
check("\\\\ and \\\"","\\\"","\92\34")
check("\\z skips space",#"a\z
    b",2)
check("\\0",ord("\0"),0)
check("backslash-newline",#"a\
b",3)
check("long string",[[
ab]],"ab")
check("long string level 2",[==[a]]b]==],"a]]b")

-- str[i]
s="hello"
check("s[2]",s[2],"e")
check("s[-1]",s[-1],"o")
check("s[2.7]",s[2.7],"e")
check("s[9]",s[9],nil)
check("methods still work",("abc"):sub(2),"bc")

-- 7.7 number to string
check("tostr(1)",tostr(1),"1")
check("tostr(0.5)",tostr(0.5),"0.5")
check("tostr(1/3)",tostr(1/3),"0.3333")
check("tostr(-1/3)",tostr(-1/3),"-0.3333")
check("tostr(0x0.0001)",tostr(0x0.0001),"0")
check("tostr(-0x0.0001)",tostr(-0x0.0001),"-0")
check("tostr(0x7fff.ffff)",tostr(0x7fff.ffff),"32768")
check("tostr(-32768)",tostr(-32768),"-32768")
check("tostr(17,1)",tostr(17,1),"0x0011.0000")
check("tostr(17,true)",tostr(17,true),"0x0011.0000")
check("tostr(17,2)",tostr(17,2),"1114112")
check("tostr(17,3)",tostr(17,3),"0x00110000")
check("tostr(-1,2)",tostr(-1,2),"-65536")
check("tostr()",tostr(),"")
check("tostr(nil)",tostr(nil),"[nil]")
check("tostr(true)",tostr(true),"true")
check("tostr(false)",tostr(false),"false")
check("tostr({})",tostr({}),"[table]")
check("tostr(print)",tostr(print),"[function]")
check("tostr(t,1) is an address",sub(tostr({},1),1,6),"table:")
check("__tostring",tostr(setmetatable({},{__tostring=function() return "obj" end})),"obj")
check("number .. string",10/2 .."","5")
check("fraction .. string",1/3 .."x","0.3333x")
check("mixed ..","a"..1 .."b"..0.5,"a1b0.5")
check("-0.5 ..",-0.5 .."","-0.5")
check("32768 ..",32768 .."","-32768")
m=setmetatable({},{__concat=function(a,b) return "M" end})
check("__concat",1 ..m,"M")

-- 7.8 string to number
check("tonum decimal",tonum("12.5"),12.5)
check("tonum spaces",tonum(" 12.5 "),12.5)
check("tonum negative",tonum("-5"),-5)
check("tonum hex",tonum("0x10"),16)
check("tonum hex fraction",tonum("0x1.8"),1.5)
check("tonum binary",tonum("0b101.1"),5.5)
check("tonum failure gives no value",select("#",tonum("abc")),0)
check("tonum inf rejected",select("#",tonum("inf")),0)
check("tonum 1e3 rejected",select("#",tonum("1e3")),0)
check("tonum flag 4",tonum("abc",4),0)
check("tonum flag 1",tonum("ff",1),255)
check("tonum flag 2",tonum("65536",2),1)
check("tonum flag 3",tostr(tonum("1234abcd",3),1),"0x1234.abcd")
check("tonum(true)",tonum(true),1)
check("tonum(false)",tonum(false),0)
check("tonum(number)",tonum(5),5)
check("string in arithmetic",2+"3",5)
check("string * number","2"*"4",8)

-- 6.2 glyph globals
g={
 {█,"0x0000.8000"},{▒,"0x5a5a.8000"},{🐱,"0x511f.8000"},{⬇️,"0x0003.0000"},
 {░,"0x7d7d.8000"},{✽,"0xb81d.8000"},{●,"0xf99f.8000"},{♥,"0x51bf.8000"},
 {☉,"0xb5bf.8000"},{웃,"0x999f.8000"},{⌂,"0xb11f.8000"},{⬅️,"0x0000.0000"},
 {😐,"0xa0e0.8000"},{♪,"0x9b3f.8000"},{🅾️,"0x0004.0000"},{◆,"0xb1bf.8000"},
 {…,"0xf5ff.8000"},{➡️,"0x0001.0000"},{★,"0xb15f.8000"},{⧗,"0x1b1f.8000"},
 {⬆️,"0x0002.0000"},{ˇ,"0xf5bf.8000"},{∧,"0x7adf.8000"},{❎,"0x0005.0000"},
 {▤,"0x0f0f.8000"},{▥,"0x5555.8000"},
}
check("26 glyph globals",#g,26)
for i=1,#g do
 check("glyph "..i,tostr(g[i][1],1),g[i][2])
end
check("button glyphs",⬅️..➡️..⬆️..⬇️..🅾️..❎,"012345")
⬅️=9
check("glyph globals can be reassigned",⬅️,9)

printh(np.." passed, "..nf.." failed")
