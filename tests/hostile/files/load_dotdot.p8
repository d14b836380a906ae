pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- runs a cart outside its folder
load("../b/target")
