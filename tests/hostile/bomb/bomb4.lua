-- level 4
#include bomb5.lua
#include bomb5.lua
#include bomb5.lua
#include bomb5.lua
