pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- opens and parses a system file
load("/etc/passwd")
