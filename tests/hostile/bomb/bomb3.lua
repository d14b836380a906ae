-- level 3
#include bomb4.lua
#include bomb4.lua
#include bomb4.lua
#include bomb4.lua
