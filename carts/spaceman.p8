pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- spaceman: a space-suited hero explores generated caves, collects every crystal, then
-- flies out through the exit before the oxygen runs out. caves grow with each level.
-- tabs: 0 main loop and game states, 1 level generator, 2 play, 3 drawing.
-- controls: arrows fly, hold z/x to brake, z/x start. pause menu "show generator": the
-- level's build, step by step.

spr_hero,spr_gem,spr_exit,spr_exit_open,spr_alien,spr_pod,spr_heart,spr_tank=1,5,7,8,10,12,13,14
sfx_gem,sfx_hit,sfx_open,sfx_clear,sfx_over,sfx_low,sfx_start,sfx_bump,sfx_jet=0,1,2,3,4,5,6,7,18
mus_title,mus_cave=0,2
gen_chunk=700 -- cells of generator work per frame while a level is built

function _init()
 hiscore=0
 stars={}
 for i=1,48 do
  add(stars,{x=rnd(128),y=rnd(128),z=0.2+rnd(0.8)})
 end
 menuitem(1,"show generator",show_generator)
 to_title()
end

function to_title()
 state,timer="title",0
 music(mus_title,0,7)
end

function new_game()
 score,lives,lv=0,3,1
 game_seed=flr(rnd(10000))
 sfx(sfx_start,3)
 music(mus_cave,500,7)
 begin_level()
end

-- builds the level in a coroutine: gen_chunk cells of work per frame
function begin_level()
 state,timer,build_work="gen",0,0
 build=cocreate(function()
  local work=0
  local l=gen_level(game_seed+lv*577,lv,{pause=function(n)
   work+=n
   build_work+=n
   if (work>=gen_chunk) work=0 yield()
  end})
  for y=0,l.h-1 do
   for x=0,l.w-1 do
    mset(x,y,l.tiles[y*l.w+x])
   end
   work+=l.w
   if (work>=gen_chunk) work=0 yield()
  end
  lvl=l
 end)
end

function _update()
 timer+=1
 for s in all(stars) do
  s.x=(s.x-s.z*0.25)%128
 end
 if state=="title" then
  if (timer>10 and (btnp(4) or btnp(5))) new_game()
 elseif state=="gen" then
  coresume(build)
  if (costatus(build)=="dead" and timer>=45) setup_level(lvl)
 elseif state=="play" then
  update_play()
 elseif state=="dead" then
  update_effects()
  update_aliens()
  if timer>=50 then
   if lives<=0 then
    state,timer="over",0
    hiscore=max(hiscore,score)
    music(-1)
    sfx(sfx_over,3)
   else
    spawn_hero()
    state="play"
   end
  end
 elseif state=="clear" then
  update_effects()
  if timer>=80 then
   lv+=1
   begin_level()
  end
 elseif state=="over" then
  if (timer>45 and (btnp(4) or btnp(5))) to_title()
 elseif state=="genview" then
  update_genview()
 end
end

function _draw()
 if state=="title" then
  draw_title()
 elseif state=="gen" then
  draw_building()
 elseif state=="genview" then
  draw_genview()
 else
  draw_play()
  if (state=="clear") draw_banner("level "..lv.." clear!","bonus "..points(clear_bonus),11)
  if (state=="over") draw_banner("game over","score "..points(score).."  best "..points(hiscore),8)
 end
end

-- pause menu item: page through the current level's generator stages
function show_generator()
 if (not lvl or state=="genview") return
 gv={page=1,row=0,back=state}
 state="genview"
end

function update_genview()
 if btnp(4) or btnp(5) or btnp(1) then
  gv.page+=1
  gv.row=0
  if (gv.page>4) state=gv.back
 elseif btnp(0) and gv.page>1 then
  gv.page-=1
  gv.row=0
 end
end
-->8
-- level generator
-- grows a seed maze from the centre cell, upscales it 2x twice with random edge flips,
-- then builds the tile map from a 16-tile edge set plus decoration. uses only the pico-8
-- api and this tab's own names, so a test can run this tab alone.
-- gen_level(seed,lv,opt): opt.hook(g,w,h,x,y) runs before each seed cell opens;
-- opt.pause(n) is told about n cells of work now and then (the game yields there).
-- grids are tables g[y*w+x] = true (open) / false (closed), x,y from 0.

gen_edge0=16 -- closed cell tile = gen_edge0+mask, mask bits for closed n=1,e=2,s=4,w=8
gen_pebble0,gen_pebbles=32,4 -- solid variants of the all-closed tile 15
gen_bg0,gen_bgs=36,4 -- background decoration tiles for open cells
gen_flips={0.35,0.2} -- flip chance after each 2x upscale (large, then small scale)

-- seed grid size, seed cells to open and object count for level lv (1..)
function gen_sizes(lv)
 local w,h=min(32,9+2*lv),min(16,7+lv)
 return w,h,min(w*h\3,8+5*lv),min(10,3+lv)
end

-- open test that treats the outside of the grid as closed
function gen_is_open(g,w,h,x,y)
 return x>=0 and y>=0 and x<w and y<h and g[y*w+x]
end

-- counts open cardinal and diagonal neighbours of an inner cell
function gen_count(g,w,x,y)
 local i=y*w+x
 local c,d=0,0
 for j in all({i-w,i+1,i+w,i-1}) do
  if (g[j]) c+=1
 end
 for j in all({i-w-1,i-w+1,i+w+1,i+w-1}) do
  if (g[j]) d+=1
 end
 return c,d
end

-- seed rule: closed inner cell, 1 or 2 open cardinal, at most 1 open diagonal neighbour
function gen_can_open(g,w,h,x,y)
 if (x<1 or y<1 or x>w-2 or y>h-2 or g[y*w+x]) return false
 local c,d=gen_count(g,w,x,y)
 return c>=1 and c<=2 and d<=1
end

-- an open cell may close only if it touches a closed cell and its open cardinal
-- neighbours stay joined around it (through open diagonals): reachability is kept
function gen_can_close(g,w,x,y)
 local i=y*w+x
 local ring={g[i-w],g[i-w+1],g[i+1],g[i+w+1],g[i+w],g[i+w-1],g[i-1],g[i-w-1]}
 local c,links=0,0
 for k=1,7,2 do
  if ring[k] then
   c+=1
   if (ring[k+1] and ring[(k+1)%8+1]) links+=1
  end
 end
 return c>=1 and c<=3 and c-links==1
end

-- stage 1: the seed maze. returns grid, object cells, start cell
function gen_seed(w,h,target,nobj,opt)
 local g,cand,cpos,obj={},{},{},{}
 for i=0,w*h-1 do g[i]=false end
 -- candidate list kept up to date around each opened cell
 local function refresh(x,y)
  for yy=max(1,y-1),min(h-2,y+1) do
   for xx=max(1,x-1),min(w-2,x+1) do
    local i=yy*w+xx
    local ok=gen_can_open(g,w,h,xx,yy)
    if ok and not cpos[i] then
     add(cand,i) cpos[i]=#cand
    elseif not ok and cpos[i] then
     local p,last=cpos[i],cand[#cand]
     cand[p]=last cpos[last]=p
     cand[#cand]=nil cpos[i]=nil
    end
   end
  end
 end
 local start=h\2*w+w\2
 local steps={[start]=0} -- seed steps from the start to each open cell
 g[start]=true
 for k=1,nobj do obj[k]=start end
 refresh(start%w,start\w)
 local n=1
 while n<target and #cand>0 do
  local i=cand[flr(rnd(#cand))+1]
  local x,y=i%w,i\w
  if (opt.hook) opt.hook(g,w,h,x,y)
  g[i]=true
  n+=1
  local d=99
  for j in all({i-1,i+1,i-w,i+w}) do
   if (g[j]) d=min(d,steps[j])
  end
  steps[i]=d+1
  -- move in an object from a neighbouring open cell; when none holds one, a random
  -- object from a cell nearer the start, so objects drift outwards
  local near={}
  for k=1,nobj do
   local o=obj[k]
   if (o==i-1 or o==i+1 or o==i-w or o==i+w) add(near,k)
  end
  if #near==0 then
   for k=1,nobj do
    if (steps[obj[k]]<steps[i]) add(near,k)
   end
  end
  if (#near>0) obj[near[flr(rnd(#near))+1]]=i
  refresh(x,y)
  if (opt.pause) opt.pause(9)
 end
 return g,obj,start
end

-- stage 2 step: each cell becomes 2x2, then cells next to the other type flip with
-- chance p (never the border ring, the start or an object cell)
function gen_upscale(g,w,h,obj,start,p,opt)
 local w2,h2,g2,keep=w*2,h*2,{},{}
 for y=0,h2-1 do
  for x=0,w2-1 do
   g2[y*w2+x]=g[y\2*w+x\2]
  end
  if (opt.pause) opt.pause(w2\2)
 end
 -- object k takes corner k of its 2x2 block, so stacked objects spread out
 local function up(i,k)
  return (i\w*2+k\2%2)*w2+i%w*2+k%2
 end
 start=up(start,0)
 keep[start]=true
 for k=1,#obj do
  obj[k]=up(obj[k],k)
  keep[obj[k]]=true
 end
 for y=1,h2-2 do
  for x=1,w2-2 do
   local i=y*w2+x
   local o=g2[i]
   if (g2[i-1]!=o or g2[i+1]!=o or g2[i-w2]!=o or g2[i+w2]!=o) and rnd(1)<p then
    if not o then
     g2[i]=true
    elseif not keep[i] and gen_can_close(g2,w2,x,y) then
     g2[i]=false
    end
   end
  end
  if (opt.pause) opt.pause(w2)
 end
 return g2,start
end

-- the 4-bit edge mask of a closed cell: bits for closed neighbours n=1,e=2,s=4,w=8
function gen_mask(g,w,h,x,y)
 local m=0
 if (not gen_is_open(g,w,h,x,y-1)) m+=1
 if (not gen_is_open(g,w,h,x+1,y)) m+=2
 if (not gen_is_open(g,w,h,x,y+1)) m+=4
 if (not gen_is_open(g,w,h,x-1,y)) m+=8
 return m
end

-- final tile map: edge tile per closed cell, empty open cells, then decoration
function gen_tiles(g,w,h,opt)
 local t={}
 for y=0,h-1 do
  for x=0,w-1 do
   local i=y*w+x
   local v=0
   if g[i] then
    if (rnd(1)<0.07) v=gen_bg0+flr(rnd(gen_bgs))
   else
    v=gen_edge0+gen_mask(g,w,h,x,y)
    if (v==gen_edge0+15 and rnd(1)<0.12) v=gen_pebble0+flr(rnd(gen_pebbles))
   end
   t[i]=v
  end
  if (opt.pause) opt.pause(w)
 end
 return t
end

-- the whole level for (seed, level number). stages keeps every step for viewing.
function gen_level(seed,lv,opt)
 opt=opt or {}
 srand(seed)
 local w,h,target,nobj=gen_sizes(lv)
 local g,obj,start=gen_seed(w,h,target,nobj,opt)
 local lvl={seed=seed,lv=lv,stages={}}
 local function snap()
  local o={}
  for k=1,#obj do o[k]=obj[k] end
  add(lvl.stages,{g=g,w=w,h=h,obj=o,start=start})
 end
 snap()
 for p in all(gen_flips) do
  g,start=gen_upscale(g,w,h,obj,start,p,opt)
  w*=2
  h*=2
  snap()
 end
 lvl.g,lvl.w,lvl.h,lvl.obj,lvl.start=g,w,h,obj,start
 lvl.tiles=gen_tiles(g,w,h,opt)
 return lvl
end
-->8
-- play: the hero's zero-g flight with tile collision, crystals, the exit, aliens,
-- oxygen, lives and score; particles for exhaust, pickups and crashes.

function setup_level(l)
 lw,lh=l.w,l.h
 home_x,home_y=l.start%lw*8+1,l.start\lw*8+1
 gems,aliens,fx={},{},{}
 for k,o in pairs(l.obj) do
  local it={x=o%lw*8,y=o\lw*8,t=rnd(1)}
  if k==1 then exitp=it else add(gems,it) end
 end
 gems_total=#gems
 -- aliens start on open cells well away from the start
 local want,tries=min(lv,7),0
 while #aliens<want and tries<300 do
  tries+=1
  local i=flr(rnd(lw*lh))
  local x,y=i%lw,i\lw
  if l.g[i] and abs(x*8-home_x)+abs(y*8-home_y)>=112 then
   local a=rnd(1)
   add(aliens,{x=x*8+1,y=y*8+1,vx=cos(a),vy=sin(a),t=rnd(8)})
  end
 end
 alien_speed=min(0.75,0.35+lv*0.04)
 o2,o2_rate=100,100/((55+10*lv)*30)
 msg,msg_t="find "..gems_total.." crystals",60
 -- level 1 teaches the rules: a legend strip under the status bar for the first
 -- seconds, and a label by the first crystal and the first alien that come into view
 tips=nil
 if lv==1 then
  tips={legend=150,
   {text="crystal: take it!",c=12,list=gems},
   {text="alien: keep away!",c=14,list=aliens}}
 end
 spawn_hero()
 cam_x,cam_y=cam_target()
 state,timer="play",0
end

function spawn_hero()
 hero={x=home_x,y=home_y,vx=0,vy=0,face=1,inv=75,thrust=false}
end

-- solid map cell under pixel (px,py); outside the level counts as rock
function solid(px,py)
 local tx,ty=flr(px/8),flr(py/8)
 return tx<0 or ty<0 or tx>=lw or ty>=lh or fget(mget(tx,ty),0)
end

-- the 6x6 box at (x,y) overlaps rock
function box_solid(x,y)
 return solid(x,y) or solid(x+5,y) or solid(x,y+5) or solid(x+5,y+5)
end

-- moves a 6x6 body by its velocity, stopping at rock and bouncing back by `bounce`.
-- returns the speed lost in a crash (0 when nothing was hit)
function move_body(b,bounce)
 local hit=0
 local nx=b.x+b.vx
 if box_solid(nx,b.y) then
  hit+=abs(b.vx)
  nx=b.vx>0 and flr((nx+5)/8)*8-6 or flr(nx/8)*8+8
  b.vx=-b.vx*bounce
 end
 b.x=nx
 local ny=b.y+b.vy
 if box_solid(b.x,ny) then
  hit+=abs(b.vy)
  ny=b.vy>0 and flr((ny+5)/8)*8-6 or flr(ny/8)*8+8
  b.vy=-b.vy*bounce
 end
 b.y=ny
 return hit
end

-- slides the hero around a corner it brushes when flying along a passage
function nudge(ax,ay)
 local h=hero
 if ax!=0 and box_solid(h.x+ax,h.y) then
  for d in all({1,-1,2,-2,3,-3}) do
   if not box_solid(h.x+ax,h.y+d) and not box_solid(h.x,h.y+sgn(d)) then
    h.y+=sgn(d)*0.5
    return
   end
  end
 end
 if ay!=0 and box_solid(h.x,h.y+ay) then
  for d in all({1,-1,2,-2,3,-3}) do
   if not box_solid(h.x+d,h.y+ay) and not box_solid(h.x+sgn(d),h.y) then
    h.x+=sgn(d)*0.5
    return
   end
  end
 end
end

function update_play()
 local h=hero
 local ax,ay=0,0
 if (btn(0)) ax-=1
 if (btn(1)) ax+=1
 if (btn(2)) ay-=1
 if (btn(3)) ay+=1
 if (ax!=0) h.face=ax
 local acc=(ax!=0 and ay!=0) and 0.13 or 0.18
 -- holding z/x fires the braking jets
 local drag=(btn(4) or btn(5)) and 0.8 or 0.93
 h.vx=(h.vx+ax*acc)*drag
 h.vy=(h.vy+ay*acc)*drag
 local sp=sqrt(h.vx*h.vx+h.vy*h.vy)
 if sp>1.6 then
  h.vx*=1.6/sp
  h.vy*=1.6/sp
 end
 h.thrust=ax!=0 or ay!=0
 nudge(ax,ay)
 if (move_body(h,0.3)>0.9) sfx(sfx_bump,3)
 -- jetpack hiss on the effects channel when nothing else plays there
 if (h.thrust and stat(49)<0) sfx(sfx_jet,3)
 if h.thrust and timer%2==0 then
  add_fx(h.x+3-ax*4,h.y+3-ay*4,-ax*0.6+rnd(0.4)-0.2,-ay*0.6+rnd(0.4)-0.2,8,rnd({9,10,7}))
 end
 h.inv=max(0,h.inv-1)

 o2-=o2_rate
 if (o2<25 and timer%30==0) sfx(sfx_low,3)

 for g in all(gems) do
  if abs(g.x-h.x)<7 and abs(g.y-h.y)<7 then
   del(gems,g)
   score+=10
   o2=min(100,o2+10)
   burst(g.x+4,g.y+4,12,10)
   if #gems==0 then
    sfx(sfx_open,3)
    msg,msg_t="exit open!",60
   else
    sfx(sfx_gem,3)
   end
  end
 end
 if #gems==0 and abs(exitp.x-h.x)<6 and abs(exitp.y-h.y)<6 then
  clear_bonus=flr(o2/2)+lv*20
  score+=clear_bonus
  state,timer="clear",0
  printh("spaceman: level "..lv.." cleared")
  sfx(sfx_clear,3)
  burst(h.x+3,h.y+3,11,20)
  return
 end

 -- an alien's touch tears the suit: oxygen leaks out and the hero is knocked away
 update_aliens()
 for a in all(aliens) do
  local dx,dy=h.x-a.x,h.y-a.y
  if h.inv==0 and abs(dx)<5 and abs(dy)<5 then
   o2-=30
   h.inv=45
   local d=max(0.1,sqrt(dx*dx+dy*dy))
   h.vx,h.vy=dx/d*2,dy/d*2
   a.vx,a.vy=-dx/d,-dy/d
   sfx(sfx_hit,3)
   burst(h.x+3,h.y+3,8,10)
   msg,msg_t="suit torn! -30 o2",45
  end
 end
 if o2<=0 then
  o2=0
  lose_life()
  return
 end
 update_effects()
 msg_t=max(0,msg_t-1)
 local tx,ty=cam_target()
 cam_x+=(tx-cam_x)*0.2
 cam_y+=(ty-cam_y)*0.2
 update_tips()
end

-- level 1's tips: the legend counts down; each label waits for the first object of its
-- kind well inside the view, then stays by it for 120 frames
function update_tips()
 if (not tips) return
 tips.legend=max(0,tips.legend-1)
 for tip in all(tips) do
  if tip.obj then
   tip.t=max(0,tip.t-1)
  else
   for o in all(tip.list) do
    if o.x>=cam_x+4 and o.x<=cam_x+116 and o.y>=cam_y+24 and o.y<=cam_y+116 then
     tip.obj,tip.t=o,120
     break
    end
   end
  end
 end
end

function cam_target()
 return mid(0,hero.x+3-64,lw*8-128),mid(-8,hero.y+3-68,lh*8-128)
end

function lose_life()
 lives-=1
 printh("spaceman: life lost")
 sfx(sfx_hit,3)
 burst(hero.x+3,hero.y+3,7,16)
 burst(hero.x+3,hero.y+3,8,8)
 o2=100
 state,timer="dead",0
end

-- aliens drift, bounce off rock, turn now and then and lean towards a nearby hero
function update_aliens()
 for a in all(aliens) do
  a.t+=1
  if rnd(1)<0.01 then
   local r=rnd(1)
   a.vx,a.vy=cos(r),sin(r)
  end
  local dx,dy=hero.x-a.x,hero.y-a.y
  if abs(dx)+abs(dy)<40 and hero.inv==0 then
   a.vx+=sgn(dx)*0.05
   a.vy+=sgn(dy)*0.05
  end
  local sp=sqrt(a.vx*a.vx+a.vy*a.vy)
  if sp>0 then
   a.vx*=alien_speed/sp
   a.vy*=alien_speed/sp
  end
  move_body(a,1)
 end
end

function add_fx(x,y,vx,vy,life,c)
 add(fx,{x=x,y=y,vx=vx,vy=vy,life=life,c=c})
end

function burst(x,y,c,n)
 for i=1,n do
  local a,s=rnd(1),0.5+rnd(1.5)
  add_fx(x,y,cos(a)*s,sin(a)*s,12+rnd(12),c)
 end
end

function update_effects()
 for e in all(fx) do
  e.x+=e.vx
  e.y+=e.vy
  e.vx*=0.92
  e.vy*=0.92
  e.life-=1
  if (e.life<=0) del(fx,e)
 end
 for g in all(gems) do
  g.t+=0.02
 end
end
-->8
-- drawing: title screen, level-building screen, the cave with hero, crystals, exit,
-- aliens and effects, the status bar, banners, and the generator viewer pages.

function draw_stars(speed)
 for s in all(stars) do
  pset(s.x,s.y,s.z>0.7 and 7 or s.z>0.4 and 13 or 1)
 end
end

-- centred text with a dark drop shadow
function say(s,y,c)
 local x=64-#s*2
 print(s,x,y+1,0)
 print(s,x,y,c)
end

function draw_title()
 cls(0)
 draw_stars()
 circfill(104,26,14,2)
 circfill(100,22,10,14)
 circ(104,26,19,13)
 print("\^w\^tspaceman",33,22,1)
 print("\^w\^tspaceman",32,20,12)
 local bob=sin(timer/60)*3
 sspr(8,0,8,8,52,44+bob,24,24)
 if (timer%4<2) add_title_flame(bob)
 say("take every crystal, then fly",74,6)
 say("out through the exit before",81,6)
 say("your oxygen runs out. aliens",88,6)
 say("tear your suit: keep away!",95,6)
 if (timer%30<20) say("press z or x to start",107,10)
 say("best "..points(hiscore),118,5)
end

function add_title_flame(bob)
 circfill(54,66+bob,2,9)
 circfill(54,68+bob,1,10)
end

function draw_building()
 cls(0)
 draw_stars()
 say("level "..lv,44,7)
 local w,h=gen_sizes(lv)
 say("charting a "..(w*4).."x"..(h*4).." cave",56,6)
 local total=max(1,w*h*16*3)
 rect(23,70,104,76,5)
 rectfill(24,71,24+min(79,build_work*79\total),75,12)
 say("lives "..lives.."   score "..points(score),90,13)
end

function draw_play()
 cls(0)
 camera(cam_x,cam_y)
 -- distant stars behind the open cave
 for s in all(stars) do
  pset(cam_x+(s.x-cam_x*s.z*0.3)%128,cam_y+(s.y-cam_y*s.z*0.3)%128,s.z>0.7 and 5 or 1)
 end
 local cx,cy=flr(cam_x/8),flr(cam_y/8)
 map(cx,cy,cx*8,cy*8,17,18)
 -- the landing pod at the start, where the hero comes back after running out of air
 spr(spr_pod,home_x-1,home_y-1)
 -- exit hatch: closed until every crystal is taken
 if #gems==0 then
  spr(spr_exit_open+timer\6%2,exitp.x,exitp.y)
 else
  spr(spr_exit,exitp.x,exitp.y)
 end
 for g in all(gems) do
  spr(spr_gem+(g.t*4)\1%2,g.x,g.y+sin(g.t)*1.5)
 end
 for a in all(aliens) do
  spr(spr_alien+a.t\8%2,a.x-1,a.y-1,1,1,a.vx<0)
 end
 for e in all(fx) do
  pset(e.x,e.y,e.c)
 end
 local h=hero
 if state!="dead" and (h.inv==0 or timer%4<2) then
  local f=spr_hero
  if (h.thrust) f+=1+timer\3%2
  spr(f,h.x-1,h.y-1,1,1,h.face<0)
 end
 camera()
 if (#gems==0 and state=="play") draw_exit_pointer()
 draw_tips()
 draw_status()
 if (msg_t>0 and state=="play") say(msg,20,msg_t%8<4 and 10 or 7)
end

-- level 1's tips: what the icons mean, and a label by the first crystal and alien seen
function draw_tips()
 if (not tips or state!="play") return
 if tips.legend>0 then
  rectfill(0,9,127,17,0)
  line(0,18,127,18,1)
  spr(spr_gem,1,9)
  print("take",10,11,12)
  spr(spr_alien,32,9)
  print("keep away",41,11,14)
  spr(spr_exit,82,9)
  print("then exit",91,11,6)
 end
 for tip in all(tips) do
  local o,alive=tip.obj,false
  for v in all(tip.list) do
   if (v==o) alive=true
  end
  if alive and tip.t>0 then
   local w=#tip.text*4
   local x=mid(1,flr(o.x+4-cam_x)-w\2,127-w)
   local y=flr(o.y-cam_y)-8
   if (y<20) y+=18
   rectfill(x-1,y-1,x+w-1,y+5,0)
   print(tip.text,x,y,tip.c)
  end
 end
end

-- a blinking marker at the screen edge towards the open exit when it is off screen
function draw_exit_pointer()
 local ex,ey=exitp.x+4-cam_x,exitp.y+4-cam_y
 if (ex>=0 and ex<128 and ey>=9 and ey<128) return
 if (timer%16<10) circfill(mid(3,ex,124),mid(12,ey,124),2,11)
end

function draw_status()
 rectfill(0,0,127,7,0)
 line(0,8,127,8,1)
 spr(spr_heart,0,0)
 print(lives,9,2,8)
 spr(spr_gem,15,0)
 print((gems_total-#gems).."/"..gems_total,24,2,12)
 spr(spr_tank,42,0)
 local c=o2<25 and (timer%10<5 and 8 or 2) or 12
 rect(50,2,80,6,5)
 if (o2>0) rectfill(51,3,51+o2*28/100,5,c)
 print("l"..lv,84,2,6)
 local s=points(score)
 print(s,128-#s*4,2,7)
end

-- scores are kept in tens so they stay below pico-8's 32767
function points(n)
 return n==0 and "0" or n.."0"
end

function draw_banner(a,b,c)
 rectfill(8,50,119,74,0)
 rect(8,50,119,74,c)
 say(a,55,c)
 say(b,65,7)
end

-- colour of a map cell in the generator viewer
function gv_colour(page,v)
 if page<4 then return v and 7 or 1 end
 if (v==0) return 0
 if (v>=gen_bg0 and v<gen_bg0+gen_bgs) return 1
 if (v>=gen_pebble0 and v<gen_pebble0+gen_pebbles) return 4
 if (v==gen_edge0+15) return 5
 return 13
end

-- one screen per stage, drawn a band of rows per frame so it never goes over budget
function draw_genview()
 local page=gv.page
 local st=lvl.stages[min(page,3)]
 local w,h=st.w,st.h
 local s=max(1,min(128\w,100\h))
 local ox,oy=(128-w*s)\2,8+(100-h*s)\2
 if gv.row==0 then
  cls(0)
  local titles={"1 seed map","2 upscale 2x + flips","3 upscale 2x + flips","4 tile map"}
  print(titles[page].." "..w.."x"..h,1,1,10)
  print("level "..lvl.lv.." seed "..lvl.seed,1,114,5)
  print("z/x: next   left: back",1,122,6)
  print("start",108,110,11)
  print("exit",112,116,8)
  print("gems",112,122,12)
 end
 if gv.row<h then
  local rows=max(1,900\w)
  for y=gv.row,min(h-1,gv.row+rows-1) do
   for x=0,w-1 do
    local v=lvl.tiles[y*w+x]
    if (page<4) v=st.g[y*w+x]
    local c=gv_colour(page,v)
    if s==1 then
     pset(ox+x,oy+y,c)
    else
     rectfill(ox+x*s,oy+y*s,ox+x*s+s-1,oy+y*s+s-1,c)
    end
   end
  end
  gv.row+=rows
  if gv.row>=h then
   -- start in green, exit in red, crystals in blue
   local r=max(1,s\2)
   for k,o in pairs(st.obj) do
    circfill(ox+o%w*s+s\2,oy+o\w*s+s\2,r,k==1 and 8 or 12)
   end
   circfill(ox+st.start%w*s+s\2,oy+st.start\w*s+s\2,r,11)
  end
 end
end
__gfx__
0000000000077700000777000007770000000000000c0000000c0070055555500555555005555550002222000022220000066000000000000005500000000000
000000000077cc700077cc700077cc700000000000c7c00000c7c0a056666665566666655666666502eeee2002eeee20006cc600088088000056650000000000
00000000007cc1c7007cc1c7007cc1c7000000000cc7cc000cc77c0056d55d6556b33b65563bb3652e7ee7e22e7ee7e2066cc660887888800c6666c000000000
00000000066777770667777706677777000000000c7ccdc00c7ccdc056555565563bb36556b33b652e0ee0e22e0ee0e206777760888888800cc66cc000000000
00000000066777760667777606677776000000000ccccdc00ccccdc056555565563bb36556b33b652eeeeee22eeeeee206d77d60088888000cc66cc000000000
000000000667777006677770066777700000000000ccdc0000ccdc0056d55d6556b33b65563bb36502e88e2002eeee2006666660008880000cc66cc000000000
00000000007707700a7707709a77077000000000000cd000000cd000566666655666666556666665202002020202202005055050000800000cccccc000000000
000000000066066009660660a0660660000000000000000000000000055555500555555005555550000000000000000050055005000000000000000000000000
06666660d511115d06666666d511111106666660d511115d06666666d5111111666666601111115d6666666611111111666666601111115d6666666611111111
ddddddddd551115dddddddddd5511111ddddddddd551115dddddddddd5511111dddddddd1151115ddddddddd11511111dddddddd1151115ddddddddd11511111
d5111d5dd5111d5dd5111d11d5111d11d5111d5dd5111d5dd5111d11d5111d1111111d5d11111d5d11111d1111111d1111111d5d11111d5d11111d1111111d11
d511115dd511115dd5111111d5111111d511115dd511115dd5111111d51111111111115d1111115d11111111111111111111115d1111115d1111111111111111
d511115dd511115dd5111151d5111151d511115dd511115dd5111151d51111511d11115d1d11115d1d1111511d1111511d11115d1d11115d1d1111511d111151
d511115dd511115dd5111111d5111111d511115dd511115dd5111111d51111111111115d1111115d11111111111111111111115d1111115d1111111111111111
dd5555dddd5555dddd555555dd555555d515115dd515115dd5151111d5151111555555dd555555dd55555555555555551115115d1115115d1115111111151111
0dddddd00dddddd00ddddddd0dddddddd511115dd511115dd5111111d5111111ddddddd0ddddddd0dddddddddddddddd1111115d1111115d1111111111111111
11111111111111111111111111111111000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
1115511111101111111111111d111111000001000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000
1156d5111111011111d1111111111111000000000000000000100000051000000000000000000000000000000000000000000000000000000000000000000000
11555111111100111111111d11111551001000000005500000110000011000000000000000000000000000000000000000000000000000000000000000000000
111111111111d1011111551111111d51000000000055510000001000000000000000000000000000000000000000000000000000000000000000000000000000
1111d1111d11110d1115dd5111111111000000100001100000001100000005000000000000000000000000000000000000000000000000000000000000000000
11111111111111d11111551111d11111000100000000000000000010000051000000000000000000000000000000000000000000000000000000000000000000
11111111111111111111111111111111000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
__gff__
0000000000000000000000000000000001010101010101010101010101010101010101010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
__sfx__
0004000024450284502b4503045034450374503c45500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00050000302612d260292602666024660216601d66500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00070000285502c5502f55034550385503b5503455534555000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000800003045000000344500000037450000003c4503c4503c4500000037450000003c4503c4503c4503c45500000000000000000000000000000000000000000000000000000000000000000000000000000000
001000002b15029150281502715027150271502615526150000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000500003933000000393300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0005000030450374503c4550000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00030000186400c625000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000f00002d340000003034000000343400000032340303402f340000002b340000002d3402d3402d3400000034340000003734000000393400000037340343403234000000343400000030340303403034000000
000f0000303400000034340000003934000000373403434035340000003434000000323403234030340000002f340000003034000000323400000034340373403934039340393403934039345000000000000000
000f000015150000001515021150000001515000000211501315000000131501f1500000013150000001f1501115000000111501d1500000011150000001d1501015000000101501c15000000101501315014150
000f00001115000000111501d1500000011150000001d15018150000001815024150000001815000000241501315000000131501f1500000013150000001f1501515000000151502115000000151501015015150
000f00003c625000003c6150000039635000003c615000003c625000003c6150000039635000003c615000003c625000003c6150000039635000003c615000003c625000003c6150000039635000003c61500000
001600001505015050150501505000000000001c0501c050150501505015050150500000000000180501805011050110501105011050000000000018050180501005010050100501005000000000001705017050
001600001a0501a0501a0501a050000000000021050210501a0501a0501a0501a05000000000001d0501d05010050100501005010050000000000017050170501505015050150501505000000000001c0501c050
001600000000000000345320000000000000003953237532345320000000000000000000000000000000000000000000003053200000000000000032532345322f53200000000000000000000000000000000000
00160000000000000035532000000000000000395323c5323953200000000000000000000000000000000000000000000034532000000000000000385323b5323953239530395300000000000000000000000000
001600003c615000000000000000000000000000000000000000000000000000000039615000000000000000000000000000000000003c6150000000000000000000000000000000000000000000000000000000
000200000f620116200f620116200f620116200f62011620000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
__music__
01 080a0c44
02 090b0c44
01 0d0f1144
00 0e101144
00 0d101144
02 0e0f1144
