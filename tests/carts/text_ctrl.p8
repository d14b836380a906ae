pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- text_ctrl: print control codes and \^ modes. colour \f, background \#, repeat \*,
-- moves \- \| \+, backspace \b, tab \t, newline \n (to home x), carriage return \r,
-- decoration \v, stop \0, jump \^j; modes wide \^w, tall \^t, stripey \^=, pinball \^p,
-- invert \^i, solid background \^# and padding off \^-b, char size \^x \^y, wrap \^r.
first=true
function chk(what,got,want)
 if first and got~=want then printh("fail "..what..": got "..tostr(got).." want "..tostr(want)) end
end

function _draw()
 cls(1)
 print("\f8red \fbgreen \f7\#2bg\#0 ok",2,2,7)
 print("a\*5b|x\-jy|\+jjz|o\b/",2,10,6)   -- \b: / over o
 print("tab\tx\ty",70,10,6)
 print("one\ntwo\rTW",2,18,7)        -- \n returns to home x 2, \r overprints
 print("e\vb'e\v9.",40,18,10)         -- decorations above/beside
 print("up\|cdown",70,22,9)           -- \| moves y by -4
 chk("stop width",print("stop\0hidden",100,18,8),116)
 print("\^wwide",2,30,12)
 print("\^ttall",50,30,12)
 print("\^=stripey",80,30,12)
 print("\^ppinball",2,44,14)
 print("\^iinvert",70,44,11)
 print("\^#\#5solid",2,60,7)
 print("\#5\^-bno pad",40,60,7)
 print("\^x6\^y8wide cell",2,70,10)
 print("\^ri\^#\#3wrapped at the border",2,84,7)
 print("jump\^j8rhere",2,100,15)      -- jump to 32,108 (cursor units of 4)
 print("\^w\^t\#8big",90,110,7)
 print("\fcpen",100,2)               -- no colour argument: \f sets the pen
 chk("pen from \\f",peek(0x5f25)&15,12)
 first=false
end
