-- racer lane-keeper: appended as a last tab to a copy of carts/racer.p8 by measure.py.
-- the simplest player that finishes a race: full throttle, steering to the road centre
-- against the push of the curves, never braking nor steering round other cars. on the
-- title it picks the difficulty pick_difficulty (set by measure.py in front of this tab) with
-- left/right, as a player would, then starts; it goes on from every finish panel.
lk_mask,lk_prev=0,0

function lk_decide()
 if state=="title" then
  if st_t<20 or st_t%4>1 then return 0 end
  if difficulty and difficulty<pick_difficulty then return 2 end
  if difficulty and difficulty>pick_difficulty then return 1 end
  return 32
 end
 if state=="final" or state=="finish" then
  if st_t>75 and st_t%20<2 then return 32 end
  return 0
 end
 if state!="race" then return 4 end
 local drift=-curve_at(pd)*pv*12
 local err=-(px+drift*4+steer*4)
 local m=4
 if err>3 then m+=2 elseif err<-3 then m+=1 end
 return m
end

function btn(i)
 return lk_mask>>i&1==1
end

function btnp(i)
 return lk_mask>>i&1==1 and lk_prev>>i&1==0
end

lk_game_update=_update
function _update()
 lk_prev,lk_mask=lk_mask,lk_decide()
 lk_game_update()
end
