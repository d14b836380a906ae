-- spaceman_gen_check.lua - invariant checks for the level generator of carts/spaceman.p8.
-- PICO-8 dialect, appended after the generator tab alone (tests/unit/test_spaceman_gen.c).
-- Runs gen_level for many seeds and level numbers, prints one line per failed check with
-- printh and finally exactly "N passed, M failed". Recomputes every rule itself rather
-- than calling the generator's helpers, so a broken helper cannot hide.

local passed,failed=0,0
local function check(ok,what)
 if ok then
  passed+=1
 else
  failed+=1
  printh("failed: "..what)
 end
end

local function isopen(g,w,h,x,y)
 return x>=0 and y>=0 and x<w and y<h and g[y*w+x]==true
end

-- breadth-first distances from cell s over open cells (4-connected)
local function distances(g,w,h,s)
 local dist,queue,head={},{s},1
 dist[s]=0
 while head<=#queue do
  local i=queue[head]
  head+=1
  local x,y=i%w,i\w
  for d in all({{1,0},{-1,0},{0,1},{0,-1}}) do
   local nx,ny=x+d[1],y+d[2]
   local j=ny*w+nx
   if isopen(g,w,h,nx,ny) and not dist[j] then
    dist[j]=dist[i]+1
    add(queue,j)
   end
  end
 end
 return dist
end

local ratio_sum,ratio_n,farther=0,0,0

local function check_level(seed,lv)
 local tag="seed "..seed.." level "..lv..": "
 -- the seed rule, checked by the hook before each opening
 local openings,bad=0,0
 local function hook(g,w,h,x,y)
  openings+=1
  local c,d=0,0
  for o in all({{0,-1},{1,0},{0,1},{-1,0}}) do
   if (isopen(g,w,h,x+o[1],y+o[2])) c+=1
  end
  for o in all({{-1,-1},{1,-1},{1,1},{-1,1}}) do
   if (isopen(g,w,h,x+o[1],y+o[2])) d+=1
  end
  local inner=x>=1 and y>=1 and x<=w-2 and y<=h-2
  if (isopen(g,w,h,x,y) or not inner or c<1 or c>2 or d>1) bad+=1
 end
 local lvl=gen_level(seed,lv,{hook=hook})
 check(openings>0,tag.."the seed map grew")
 check(bad==0,tag..bad.." openings broke the neighbour rule")
 local sw,sh=lvl.stages[1].w,lvl.stages[1].h
 check(lvl.w==sw*4 and lvl.h==sh*4,tag.."two 2x upscales")
 check(#lvl.stages==3,tag.."three grid stages kept for viewing")

 local g,w,h=lvl.g,lvl.w,lvl.h
 -- every open cell reachable from the start, in every stage and at the end
 for k,st in pairs(lvl.stages) do
  local sd=distances(st.g,st.w,st.h,st.start)
  local open,reached=0,0
  for i=0,st.w*st.h-1 do
   if st.g[i] then
    open+=1
    if (sd[i]) reached+=1
   end
  end
  check(st.g[st.start]==true and open==reached,
   tag.."stage "..k..": "..reached.." of "..open.." open cells reachable")
  -- objects on open cells at every stage
  local onopen=true
  for o in all(st.obj) do
   if (st.g[o]!=true) onopen=false
  end
  check(onopen,tag.."stage "..k..": objects on open cells")
 end
 -- mean path length from the start to the objects and to all open cells
 local dist=distances(g,w,h,lvl.start)
 local nobj,of,af,an=0,0,0,0
 for o in all(lvl.obj) do
  nobj+=1
  of+=dist[o] or 0
 end
 check(nobj>=4,tag.."level has an exit and crystals")
 for i=0,w*h-1 do
  if (dist[i]) af+=dist[i]/256 an+=1 -- scaled: the sum would pass 32767
 end
 local ratio=(of/nobj)/(af/an*256)
 ratio_sum+=ratio
 ratio_n+=1
 if (ratio>1) farther+=1
 -- map border stays closed
 local border=true
 for x=0,w-1 do
  if (g[x] or g[(h-1)*w+x]) border=false
 end
 for y=0,h-1 do
  if (g[y*w] or g[y*w+w-1]) border=false
 end
 check(border,tag.."border ring closed")
 -- tile choice matches the 4-bit mask (closed n=1,e=2,s=4,w=8)
 local wrong=0
 for y=0,h-1 do
  for x=0,w-1 do
   local t=lvl.tiles[y*w+x]
   if g[y*w+x] then
    if (t!=0 and (t<gen_bg0 or t>=gen_bg0+gen_bgs)) wrong+=1
   else
    local m=0
    if (not isopen(g,w,h,x,y-1)) m+=1
    if (not isopen(g,w,h,x+1,y)) m+=2
    if (not isopen(g,w,h,x,y+1)) m+=4
    if (not isopen(g,w,h,x-1,y)) m+=8
    local pebble=m==15 and t>=gen_pebble0 and t<gen_pebble0+gen_pebbles
    if (t!=gen_edge0+m and not pebble) wrong+=1
   end
  end
 end
 check(wrong==0,tag..wrong.." tiles do not match their mask")
 return lvl
end

local function same(a,b)
 if (a.w!=b.w or a.h!=b.h or a.start!=b.start or #a.obj!=#b.obj) return false
 for i=0,a.w*a.h-1 do
  if (a.tiles[i]!=b.tiles[i]) return false
 end
 for k=1,#a.obj do
  if (a.obj[k]!=b.obj[k]) return false
 end
 return true
end

for lv in all({1,2,3,4,6,9,14}) do
 for s=1,12 do
  local seed=s*131+lv*7
  local a=check_level(seed,lv)
  local other=gen_level(seed+1,lv)
  local b=gen_level(seed,lv)
  check(same(a,b),"seed "..seed.." level "..lv..": same seed gives the same level")
  check(not same(a,other),"seed "..seed.." level "..lv..": next seed gives another level")
 end
end
-- the exit and crystals drift away from the start: per level, their mean path length
-- over the mean of all open cells is clearly above 1 on average (random cells give ~1),
-- and above 1 in most levels
local mean=ratio_sum/max(1,ratio_n)
check(mean>1.1,"objects only "..mean.." times as far from the start as open cells")
check(farther*3>ratio_n*2,"objects farther than open cells in only "..farther.." of "..ratio_n.." levels")
-- tiles for a known grid: a plus sign of open cells around (2,2) in a 5x5 grid
local g={}
for i=0,24 do g[i]=false end
for i in all({7,11,12,13,17}) do g[i]=true end
local t=gen_tiles(g,5,5,{})
check(t[2]==gen_edge0+11,"closed cell above the plus is open to the south only (tile 11)")
check(t[6]==gen_edge0+9,"closed cell at (1,1) is open to the east and south")
check(t[10]==gen_edge0+13,"closed cell west of the plus is open to the east only (tile 13)")
check(t[0]==gen_edge0+15 or (t[0]>=gen_pebble0 and t[0]<gen_pebble0+gen_pebbles),"corner cell is all closed")
printh(passed.." passed, "..failed.." failed")
