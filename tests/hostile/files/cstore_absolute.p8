pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- writes a cart anywhere the user can write, by an absolute name
cstore(0,0,0x100,"/tmp/m8_hostile_absolute")
printh("wrote it")
