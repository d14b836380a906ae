pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- cstore into a cart next to it (a run killed with -9 left other.p8.tmpPID)
memset(0,7,0x100)
cstore(0,0,0x100,"other.p8")
printh("stored")
