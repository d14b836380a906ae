-- racer autopilot: appended as a last tab to a copy of carts/racer.p8 by make_input.py.
-- it drives a whole session (title, both stages, results) and printh's every change of
-- the button mask as "frame mask", the format of tests/bundled/racer.input. on the title
-- it first picks the difficulty pick_difficulty (set in front of this tab).
ap_t,ap_mask,ap_prev,ap_said,ap_state=0,0,0,-1,""

function ap_decide()
 if state=="title" and st_t>40 and st_t%10<2 then
  -- pick the difficulty with left/right first, as a player would
  if difficulty<pick_difficulty then return 2 end
  if difficulty>pick_difficulty then return 1 end
 end
 if state=="title" or state=="final" or state=="finish" then
  if st_t>75 and st_t%20<2 then return 32 end
  return 0
 end
 if state!="race" then return 4 end
 local c=curve_at(pd+8)
 -- aim at the inside of the bend, round cars close ahead
 local tx=mid(-36,c*160,36)
 for o in all(cars) do
  local dz=rel(o.d)
  if dz>-1 and dz<12 and abs(o.x-tx)<34 then
   tx=o.x>-10 and o.x-40 or o.x+40
  end
 end
 tx=mid(-44,tx,44)
 local drift=-curve_at(pd)*pv*12
 local err=tx-(px+drift*4+steer*4)
 local m=4
 if err>3 then m+=2 elseif err<-3 then m+=1 end
 return m
end

function btn(i)
 return ap_mask>>i&1==1
end

function btnp(i)
 return ap_mask>>i&1==1 and ap_prev>>i&1==0
end

ap_game_update=_update
function _update()
 ap_prev,ap_mask=ap_mask,ap_decide()
 if ap_mask!=ap_said then printh(ap_t.." "..ap_mask) ap_said=ap_mask end
 ap_t+=1
 ap_game_update()
 if state!=ap_state then
  printh("# "..ap_t.." "..state.." stage "..stage_n.." place "..place.." time "..race_t)
  ap_state=state
 end
end
