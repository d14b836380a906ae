pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- out.p8 is a symbolic link to a cart outside the cart folder
cstore(0,0,0x100,"out.p8")
printh("wrote it")
