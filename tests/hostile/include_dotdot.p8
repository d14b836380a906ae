pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: include a file above the cart folder
#include ../../../../../../etc/passwd
