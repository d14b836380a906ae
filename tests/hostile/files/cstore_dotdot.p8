pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- writes a cart next to its own folder
cstore(0,0,0x100,"../escaped")
printh("wrote it")
