-- spaceman_autopilot.lua - a scripted player for carts/spaceman.p8, used only by
-- spaceman_plan.py to write tests/bundled/spaceman.input. Appended as a last tab after the
-- cart's code: it replaces btn/btnp with its own choice of buttons, flies the hero along a
-- breadth-first path to the first crystal of the shortest tour over all of them (then the
-- exit), steers around close aliens (backing away, or paying a detour cost per tile near
-- them), and prints "FRAME MASK" with printh whenever its buttons change ("#" lines are
-- notes: state changes, alien touches, crystals taken).
-- It never calls rnd(), so the cart's random sequence is the same as in a real run.
-- The planner may set two globals before this tab: ap_prefix, a list of {frame,mask}
-- button changes replayed as they are up to frame ap_prefix_end (the levels already
-- planned), and ap_opt, the flying style after that (fields below; defaults if unset).
-- "# frame F: STATE level N" notes mark every change of the cart's state.

ap_opt=ap_opt or {}
local ap_near=ap_opt.near or 48        -- aliens closer than this (manhattan px) are avoided
local ap_horizon=ap_opt.horizon or 12  -- frames of an alien's path blocked for routing
local ap_patience=ap_opt.patience or 45 -- frames cut off before dashing past anyway
local ap_dash=ap_opt.dash or 40        -- frames of such a dash
local ap_gain=ap_opt.gain or 0.14      -- wanted speed per pixel to the next waypoint
local ap_top=ap_opt.top or 1.5         -- top speed wanted (the suit's limit is 1.6)
local ap_greedy=ap_opt.greedy          -- nearest crystal first instead of the shortest tour
local ap_penalty=ap_opt.penalty        -- if set: no fleeing; tiles near aliens cost this
                                       -- many extra steps, so a short detour beats a touch
local ap_pi=1                          -- next entry of ap_prefix

local ap_mask,ap_prev,ap_frame=0,0,-1
local ap_target,ap_field,ap_lvl,ap_state,ap_wait,ap_brave,ap_gems,ap_o2
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

-- like ap_bfs, but entering tile i costs 1+extra[i] steps (dijkstra over step buckets)
local function ap_dijkstra(sx,sy,extra)
 local s=sy*lw+sx
 local d,buckets,k,top={[s]=0},{[0]={s}},0,0
 while k<=top do
  local b=buckets[k] or {}
  for n=1,#b do
   local i=b[n]
   if d[i]==k then
    local x,y=i%lw,i\lw
    for o in all(ap_dirs) do
     local nx,ny=x+o[1],y+o[2]
     if ap_open(nx,ny) then
      local j=ny*lw+nx
      local v=k+1+(extra[j] or 0)
      if not d[j] or v<d[j] then
       d[j]=v
       buckets[v]=buckets[v] or {}
       add(buckets[v],j)
       top=max(top,v)
      end
     end
    end
   end
  end
  buckets[k]=nil
  k+=1
 end
 return d
end

local function ap_tile(it)
 return flr((it.x+3)/8),flr((it.y+3)/8)
end

-- the crystal to fly to first: the first of the shortest tour hero -> every crystal ->
-- exit (step counts from breadth-first searches, order by held-karp over subsets), or with
-- ap_opt.greedy the nearest crystal by path length
local function ap_first()
 local hx,hy=ap_tile(hero)
 local pts={{hx,hy}}
 for g in all(gems) do
  local gx,gy=ap_tile(g)
  add(pts,{gx,gy})
 end
 local ex,ey=ap_tile(exitp)
 add(pts,{ex,ey})
 local n=#gems
 if (n==0) return nil
 local dist={}
 for i=1,(ap_greedy and 1 or n+1) do
  local d=ap_bfs(pts[i][1],pts[i][2],{})
  dist[i]={}
  for j=1,n+2 do
   dist[i][j]=d[pts[j][2]*lw+pts[j][1]] or 999
  end
 end
 if ap_greedy then
  local best,bd=1,32767
  for j=1,n do
   if (dist[1][j+1]<bd) best,bd=j,dist[1][j+1]
  end
  return gems[best]
 end
 -- cost[mask][j]: shortest walk from the hero over the crystals of mask, ending at j
 local cost,from={},{}
 for j=1,n do
  local m=1<<(j-1)
  cost[m]=cost[m] or {}
  from[m]=from[m] or {}
  cost[m][j]=dist[1][j+1]
 end
 for m=1,(1<<n)-1 do
  for j=1,n do
   local c=cost[m] and cost[m][j]
   if c then
    for k=1,n do
     local b=1<<(k-1)
     if m&b==0 then
      local m2,c2=m|b,c+dist[j+1][k+1]
      cost[m2]=cost[m2] or {}
      from[m2]=from[m2] or {}
      if (not cost[m2][k] or c2<cost[m2][k]) cost[m2][k],from[m2][k]=c2,j
     end
    end
   end
  end
 end
 -- the tour's last crystal (nearest the exit in total), then back to its first
 local full,last,bc=(1<<n)-1,1,32767
 for j=1,n do
  local c=cost[full][j]+dist[j+1][n+2]
  if (c<bc) last,bc=j,c
 end
 local m,j=full,last
 while m!=1<<(j-1) do
  local p=from[m][j]
  m=m&~(1<<(j-1))
  j=p
 end
 return gems[j]
end

-- picks the next crystal, or the exit once they are all taken
local function ap_pick()
 ap_target=ap_first() or exitp
 local tx,ty=ap_tile(ap_target)
 ap_field=ap_bfs(tx,ty,{})
end

-- velocity controller along one axis: press towards the wanted speed
local function ap_axis(d,v,neg,pos)
 local want=mid(-ap_top,d*ap_gain,ap_top)
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


-- the tiles an alien of `near` covers over its next ap_horizon frames (its box widened by
-- `lo` pixels up/left and `hi` down/right), each set to `value`
local function ap_near_tiles(near,lo,hi,value)
 local t={}
 for a in all(near) do
  for k=0,ap_horizon,4 do
   local px,py=a.x+a.vx*k,a.y+a.vy*k
   for ty=flr((py-lo)/8),flr((py+hi)/8) do
    for tx=flr((px-lo)/8),flr((px+hi)/8) do
     t[ty*lw+tx]=value
    end
   end
  end
 end
 return t
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
  if (abs(a.x-h.x)+abs(a.y-h.y)<ap_near) add(near,a)
 end
 ap_brave=max(0,(ap_brave or 0)-1)
 if ap_penalty and #near>0 and h.inv<20 then
  local tx,ty=ap_tile(ap_target)
  field=ap_dijkstra(tx,ty,ap_near_tiles(near,5,10,ap_penalty))
 elseif #near>0 and h.inv<20 and ap_brave==0 then
  local tx,ty=ap_tile(ap_target)
  field=ap_bfs(tx,ty,ap_near_tiles(near,3,8,true))
  if not field[hy*lw+hx] then
   ap_wait=(ap_wait or 0)+1
   if (ap_wait>ap_patience) ap_wait,ap_brave=0,ap_dash
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
 -- notes for the planner: alien touches and crystals taken
 if state=="play" then
  if (ap_o2 and o2<ap_o2-20) printh("# frame "..ap_frame..": hit o2 "..flr(o2))
  if (ap_gems and #gems<ap_gems) printh("# frame "..ap_frame..": crystal "..#gems.." left o2 "..flr(o2))
 end
 ap_gems,ap_o2=gems and #gems,o2
 return m
end

local ap_update=_update
function _update()
 ap_frame+=1
 ap_prev=ap_mask
 ap_mask=ap_decide()
 if ap_prefix and ap_frame<=ap_prefix_end then
  while ap_prefix[ap_pi+1] and ap_prefix[ap_pi+1][1]<=ap_frame do
   ap_pi+=1
  end
  ap_mask=ap_prefix[ap_pi][2]
 end
 if (ap_mask!=ap_prev) printh(ap_frame.." "..ap_mask)
 ap_update()
end
