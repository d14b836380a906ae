/* api_input.c - btn and btnp (reference 8.8, 10.3, 10.4). Cost is charged only when a
 * button is named (units = 1), as on PICO-8. Depends on: api_internal.h, input.h. */
#include "api_internal.h"

int m8l_btn(lua_State *L)
{
    m8_machine *m = m8_machine_of(L);
    if (!m8_arg_given(L, 1)) {
        lua_pushinteger(L, m8_btn_bits(&m->input));
        return 1;
    }
    m8_call_units(L, 1);
    lua_pushboolean(L, m8_btn(&m->input, m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0)));
    return 1;
}

int m8l_btnp(lua_State *L)
{
    m8_machine *m = m8_machine_of(L);
    int fps60 = m->fps == M8_FPS_FAST;
    if (!m8_arg_given(L, 1)) {
        lua_pushinteger(L, m8_btnp_bits(&m->input, m->ram, fps60));
        return 1;
    }
    m8_call_units(L, 1);
    lua_pushboolean(L, m8_btnp(&m->input, m->ram, m8_arg_int(L, 1, 0), m8_arg_int(L, 2, 0),
                               fps60));
    return 1;
}
