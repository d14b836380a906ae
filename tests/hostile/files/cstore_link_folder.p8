pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- sub is a symbolic link to a folder outside the cart folder
cstore(0,0,0x100,"sub/planted.p8")
printh("wrote it")
