pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- link.lua is a symbolic link to a file outside the folder
#include link.lua
printh("included "..secret)
