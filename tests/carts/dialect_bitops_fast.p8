pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- dialect_bitops_fast: & | ^^ << >> on integer operands (the runtime's integer fast
-- path) give exactly what the same values give as floats (the general 16.16 path).
bad=0 n=0
vals={0,1,-1,2,3,5,7,127,128,255,256,1000,-1000,4095,-4096,32767,-32768,12345,-12345,21845}
function check(what,x,y,a,b)
 n+=1
 if x!=y then bad+=1 printh("fail "..what.." "..a.." "..b..": "..x.." vs "..y) end
end
for a in all(vals) do
 local fa=a+0x0.0001-0x0.0001
 for b in all(vals) do
  local fb=b+0x0.0001-0x0.0001
  check("&",a&b,fa&fb,a,b)
  check("|",a|b,fa|fb,a,b)
  check("^^",a^^b,fa^^fb,a,b)
 end
 for s=0,17 do
  check(">>",a>>s,fa>>s,a,s)
  check("<<",a<<s,fa<<s,a,s)
 end
end
printh(n-bad.." passed, "..bad.." failed")
