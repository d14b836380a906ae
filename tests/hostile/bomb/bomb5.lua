-- level 5
#include bomb6.lua
#include bomb6.lua
#include bomb6.lua
#include bomb6.lua
