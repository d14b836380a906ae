-- racer car-gap walk: appended as a last tab to a copy of carts/racer.p8 by car_gaps.py.
-- it walks the cart's own car_pieces() over depths, yaws, lateral places, pitches and
-- places on the track (straight and both bends) and printh's, per case, the floored sspr
-- arguments of the three body pieces (front, cabin, rear), as mote8 and pico-8 floor them.
-- then it draws a few cases and printh's their opaque pixels, so the script can check
-- that its model of sspr draws what mote8 draws.
gw_pd={0,170,266} -- straight start, left bend, right bend (stage 1)
gw_lat={-40,0,40}
gw_pitch={-1,0,1}
gw_z={}
for z=.6,12,.05 do add(gw_z,z) end
for z=12.5,150,.5 do add(gw_z,z) end
-- the case now walked, as indices into the lists (pico-8 numbers stop at 32767, so
-- no single case number): z fastest, then turn (17 steps of .25), lat, pitch, pd
gw_k={1,1,1,1,1}
gw_n={#gw_z,17,#gw_lat,#gw_pitch,#gw_pd}
gw_done,gw_at=false,nil

function gw_next()
 for j=1,5 do
  gw_k[j]+=1
  if gw_k[j]<=gw_n[j] then return true end
  gw_k[j]=1
 end
 return false
end

function _update()
 if gw_done then return end
 for n=1,300 do
  local k=gw_k
  local z,turn,lat,pitch,at=gw_z[k[1]],k[2]/4-2.25,gw_lat[k[3]],gw_pitch[k[4]],gw_pd[k[5]]
  if at!=gw_at then gw_at,pd,px,camx=at,at,0,0 project_road() end
  local p=car_pieces(z,lat,turn,pitch,0)
  local s=z.." "..turn.." "..lat.." "..pitch.." "..at
  -- nil: the car is too small to draw
  for j=1,p and 3 or 0 do
   local a=p[j]
   s..=" "..a[1].." "..a[2].." "..a[3].." "..a[4].." "..flr(a[5]).." "..flr(a[6])
    .." "..flr(a[7]).." "..flr(a[8]).." "..(a[9] and 1 or 0)
  end
  printh(s)
  if not gw_next() then printh("done") gw_done=true return end
 end
end

-- cases drawn for the model check: z, turn, lat, pitch (on the straight)
gw_samples={{3,0,0,0},{3.2,1.2,-40,1},{1.5,-2,40,-1},{6,.5,0,0},{12,-1,20,1},{.8,2,0,0}}
gw_sample=1

function _draw()
 if not gw_done or gw_sample>#gw_samples then return end
 local c=gw_samples[gw_sample]
 if gw_at!=0 then gw_at,pd,px,camx=0,0,0,0 project_road() end
 local p=car_pieces(c[1],c[3],c[2],c[4],0)
 -- moved so that the rear's top left corner is at 48,60
 local ox,oy=48-flr(p[3][5]),60-flr(p[3][6])
 cls()
 local s="sample"
 for j=1,3 do
  local a={unpack(p[j])}
  a[5],a[6]=flr(a[5])+ox,flr(a[6])+oy
  a[7],a[8]=flr(a[7]),flr(a[8])
  sspr(unpack(a))
  for k=1,8 do s..=" "..a[k] end
  s..=" "..(a[9] and 1 or 0)
 end
 printh(s)
 s="pixels"
 for y=0,127 do
  for x=0,127 do
   if pget(x,y)!=0 then s..=" "..x..","..y end
  end
 end
 printh(s)
 gw_sample+=1
end
