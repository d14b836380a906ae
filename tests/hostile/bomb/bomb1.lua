-- level 1
#include bomb2.lua
#include bomb2.lua
#include bomb2.lua
#include bomb2.lua
