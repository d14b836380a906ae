-- hello: mote8's first bundled cart.
-- a bouncing title over a colour wave; arrows move the star, o/x change its colour.
x,y,c=60,90,10
function _update()
  if btn(0) then x=x-1 end
  if btn(1) then x=x+1 end
  if btn(2) then y=y-1 end
  if btn(3) then y=y+1 end
  if btnp(4) then c=c%15+1 end
  if btnp(5) then c=(c+13)%15+1 end
  x=mid(0,x,120) y=mid(0,y,120)
end

function _draw()
  cls(1)
  for i=0,15 do
    local h=flr(8+sin(t()/2+i/16)*6)
    rectfill(i*8,128-h,i*8+7,127,i)
  end
  local by=flr(30+sin(t())*4)
  rectfill(30,by-4,97,by+10,0)
  rect(30,by-4,97,by+10,7)
  print("hello, mote8!",38,by,7)
  print("arrows: move  o/x: colour",14,100,6)
  spr(1,x,y)
  pset(x+3,y-2,c)
end
