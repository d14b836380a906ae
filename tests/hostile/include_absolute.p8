pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hostile: include a file by absolute path
#include /etc/passwd
