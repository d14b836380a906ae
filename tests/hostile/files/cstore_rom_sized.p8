pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- victim.bin is 32768 bytes of text, the size of a .p8.rom
cstore(0,0,0x100,"victim.bin")
printh("wrote it")
