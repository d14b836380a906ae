pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: look for the host's libraries and loaders; every one must be nil
for n in all(split("io,os,debug,package,require,load,loadstring,loadfile,dofile,string,collectgarbage,rawequal,_G,pcall,error,xpcall,module,setfenv,getfenv,utf8,math,table,coroutine")) do
 printh(n.."="..type(_ENV[n]))
end
printh("dump="..type(("").dump))
