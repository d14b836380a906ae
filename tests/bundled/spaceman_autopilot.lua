-- spaceman_autopilot.lua - a scripted player for carts/spaceman.p8, used only by
-- spaceman_plan.py to write tests/bundled/spaceman.input. Appended as a last tab after the
-- cart's code: it replaces btn/btnp with its own choice of buttons, flies the hero along a
-- breadth-first path to the nearest crystal (then the exit), backs away from close aliens,
-- and prints "FRAME MASK" with printh whenever its buttons change ("#" lines are notes).
-- It never calls rnd(), so the cart's random sequence is the same as in a real run.

local ap_mask,ap_prev,ap_frame=0,0,-1
local ap_target,ap_field,ap_lvl,ap_state,ap_wait,ap_brave
local ap_dirs={{1,0},{-1,0},{0,1},{0,-1}}

function btn(i)
 return ap_mask&(1<<i)!=0
end

function btnp(i)
 return ap_mask&(1<<i)!=0 and ap_prev&(1<<i)==0
end

local function ap_open(x,y)
 return x>=0 and y>=0 and x<lw and y<lh and not fget(mget(x,y),0)
end

-- breadth-first step counts from tile (sx,sy) over open tiles not in `block`
local function ap_bfs(sx,sy,block)
 local d,q,head={},{sy*lw+sx},1
 if (block[sy*lw+sx]) return d
 d[sy*lw+sx]=0
 while head<=#q do
  local i=q[head]
  head+=1
  local x,y=i%lw,i\lw
  for o in all(ap_dirs) do
   local nx,ny=x+o[1],y+o[2]
   local j=ny*lw+nx
   if ap_open(nx,ny) and not d[j] and not block[j] then
    d[j]=d[i]+1
    add(q,j)
   end
  end
 end
 return d
end

local function ap_tile(it)
 return flr((it.x+3)/8),flr((it.y+3)/8)
end

-- picks the nearest crystal by path length, or the exit once they are all taken
local function ap_pick()
 local hx,hy=ap_tile(hero)
 local d=ap_bfs(hx,hy,{})
 local best,bd=nil,32767
 for g in all(gems) do
  local gx,gy=ap_tile(g)
  local v=d[gy*lw+gx]
  if (v and v<bd) best,bd=g,v
 end
 ap_target=best or exitp
 local tx,ty=ap_tile(ap_target)
 ap_field=ap_bfs(tx,ty,{})
end

-- velocity controller along one axis: press towards the wanted speed
local function ap_axis(d,v,neg,pos)
 local want=mid(-1.5,d*0.14,1.5)
 if (v<want-0.15) return pos
 if (v>want+0.15) return neg
 return 0
end

-- the open neighbour of tile (x,y) with the lowest count in field f
local function ap_step(f,x,y)
 local bx,by,bd=x,y,f[y*lw+x] or 32767
 for o in all(ap_dirs) do
  local nx,ny=x+o[1],y+o[2]
  local v=f[ny*lw+nx]
  if (v and v<bd) bx,by,bd=nx,ny,v
 end
 return bx,by
end

local function ap_fly()
 if (lvl!=ap_lvl or ap_state!="play" or not ap_target) ap_pick()
 ap_lvl=lvl
 -- a new target once the crystal is taken (or the exit when the last one is)
 local live=ap_target==exitp and #gems==0
 for g in all(gems) do
  if (g==ap_target) live=true
 end
 if (not live) ap_pick()
 local h=hero
 local hx,hy=ap_tile(h)
 -- aliens nearby: route around the tiles they will cross in the next few frames;
 -- after waiting too long, dash past anyway for a while
 local field,near=ap_field,{}
 for a in all(aliens) do
  if (abs(a.x-h.x)+abs(a.y-h.y)<48) add(near,a)
 end
 ap_brave=max(0,(ap_brave or 0)-1)
 if #near>0 and h.inv<20 and ap_brave==0 then
  local block={}
  for a in all(near) do
   for k=0,12,4 do
    local px,py=a.x+a.vx*k,a.y+a.vy*k
    for ty=flr((py-3)/8),flr((py+8)/8) do
     for tx=flr((px-3)/8),flr((px+8)/8) do
      block[ty*lw+tx]=true
     end
    end
   end
  end
  local tx,ty=ap_tile(ap_target)
  field=ap_bfs(tx,ty,block)
  if not field[hy*lw+hx] then
   ap_wait=(ap_wait or 0)+1
   if (ap_wait>45) ap_wait,ap_brave=0,40
   -- cut off: fly to the open neighbour farthest from the aliens
   local best,bx,by=-1,hx,hy
   for o in all(ap_dirs) do
    local nx,ny=hx+o[1],hy+o[2]
    if ap_open(nx,ny) then
     local far=999
     for a in all(near) do
      far=min(far,abs(a.x-nx*8)+abs(a.y-ny*8))
     end
     if (far>best) best,bx,by=far,nx,ny
    end
   end
   return ap_axis(bx*8+4-(h.x+3),h.vx,1,2)|ap_axis(by*8+4-(h.y+3),h.vy,4,8)
  end
 end
 ap_wait=0
 -- two steps ahead on a straight run, one step before a turn
 local x1,y1=ap_step(field,hx,hy)
 local x2,y2=ap_step(field,x1,y1)
 local ax,ay=x1*8+4,y1*8+4
 if (x2-x1==x1-hx and y2-y1==y1-hy) ax,ay=x2*8+4,y2*8+4
 return ap_axis(ax-(h.x+3),h.vx,1,2)|ap_axis(ay-(h.y+3),h.vy,4,8)
end

local function ap_decide()
 local m=0
 if state=="title" or state=="over" then
  if (timer>15 and ap_prev==0) m=16
 elseif state=="play" then
  m=ap_fly()
 end
 if state!=ap_state then
  printh("# frame "..ap_frame..": "..state..(lv and (" level "..lv) or ""))
  if state=="dead" then
   local nd=999
   for a in all(aliens) do nd=min(nd,abs(a.x-hero.x)+abs(a.y-hero.y)) end
   printh("#  o2 "..o2.." alien "..nd.." hero "..hero.x..","..hero.y.." v "..hero.vx..","..hero.vy)
  end
  if (state!="play") ap_target=nil
 end
 ap_state=state
 return m
end

local ap_update=_update
function _update()
 ap_frame+=1
 ap_prev=ap_mask
 ap_mask=ap_decide()
 if (ap_mask!=ap_prev) printh(ap_frame.." "..ap_mask)
 ap_update()
end
