pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- victim.bin is 32768 bytes of text, the size of a .p8.rom
reload(0,0,0x4300,"victim.bin")
printh("read "..chr(peek(0))..chr(peek(1)))
