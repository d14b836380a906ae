pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: an include bomb, each level includes the next four times, six levels deep
#include bomb1.lua
