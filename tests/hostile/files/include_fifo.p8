pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- fifo.lua is a FIFO: opening it waited for a writer for ever
#include fifo.lua
printh("never")
