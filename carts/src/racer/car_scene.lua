-- racer car scene: appended as a last tab to a copy of carts/racer.p8 by car_gaps.py
-- --shots. it freezes a race with one opponent beside the player (scene_dz units ahead,
-- scene_dx pixels to the side, yaw scene_turn; set in front of this tab), for a
-- screenshot of how the car's pieces join.
scene_init=_init
function _init()
 scene_init()
 start_stage(scene_stage or 1)
 pd=40 -- on the straight, past the start line
 state,st_t,pv,pitch=scene_state or "race",0,.9,scene_pitch or 0
 for i,o in pairs(cars) do
  o.d=pd+60+i*9 o.x=i%2==0 and -22 or 22
 end
 local o=cars[1]
 o.d,o.x,o.lane,o.turn=pd+scene_dz,px+scene_dx,px+scene_dx,scene_turn
end
function _update() end
