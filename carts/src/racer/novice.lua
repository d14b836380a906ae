-- racer novice: appended by measure.py after lanekeeper.lua, a stand-in for a first-time
-- player: the lane-keeper's steering, but seen 4 ticks (0.13 s) late, so the car weaves and
-- runs wide in bends, and the throttle let go for 12 ticks in every 170.
nv_hist,nv_t={},0

nv_keep_lane=lk_decide
function lk_decide()
 local m=nv_keep_lane()
 if state!="race" then return m end
 add(nv_hist,m)
 if #nv_hist>5 then deli(nv_hist,1) end
 local late=#nv_hist==5 and nv_hist[1] or 4
 nv_t+=1
 if nv_t%170<12 then late&=~4 end
 return late
end
