-- level 2
#include bomb3.lua
#include bomb3.lua
#include bomb3.lua
#include bomb3.lua
