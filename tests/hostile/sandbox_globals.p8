pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: look for the host's libraries and loaders; every one must be nil but load,
-- which is PICO-8's load(cart): given Lua code (text or a binary chunk) it runs nothing
for n in all(split("io,os,debug,package,require,load,loadstring,loadfile,dofile,string,collectgarbage,rawequal,_G,pcall,error,xpcall,module,setfenv,getfenv,utf8,math,table,coroutine")) do
 printh(n.."="..type(_ENV[n]))
end
printh("dump="..type(("").dump))
local ok,e=coresume(cocreate(function() return load("printh('ran')") end))
printh("load_code="..tostr(ok).." "..(e and "error" or "none"))
ok=coresume(cocreate(function() return load("\27Lua") end))
printh("load_binary="..tostr(ok))
