/* api_flow.c - bindings that end or hand over the running cart (reference 8.13): run(),
 * stop(), load() and extcmd(). Each records a request for the machine (vm_internal.h) and
 * unwinds the cart's code; load() reads the other cart first (api/other_carts.c), so a
 * missing cart is an error at the load() line. extcmd carries out "reset" (= run()),
 * "pause" (the host opens its pause menu: mote8_pause_requested), "go_back" (follow the
 * breadcrumb; nothing without one) and "shutdown" (the host ends the program); every other
 * command is accepted and ignored.
 * Depends on: p8num.h, api_internal.h, vm_internal.h, other_carts.h. */
#include <stdio.h>
#include <string.h>
#include "api_internal.h"
#include "other_carts.h"
#include "p8num.h"
#include "vm_internal.h"

/* Argument i as a string for a parameter or label ("" when absent, numbers formatted). */
static void string_arg(lua_State *L, int i, char *out, size_t outsz)
{
    size_t len = 0;
    const char *s = m8_arg_given(L, i) ? m8_arg_string(L, i, &len) : NULL;
    if (!s) s = "";
    snprintf(out, outsz, "%s", s);
}

int m8l_run(lua_State *L)
{
    m8_request req = { .kind = M8_REQ_RUN };
    string_arg(L, 1, req.param, sizeof req.param);
    return m8_vm_request(L, &req);
}

int m8l_stop(lua_State *L)
{
    if (m8_arg_given(L, 1)) {
        char msg[M8_PARAM_MAX];
        string_arg(L, 1, msg, sizeof msg);
        m8_vm_printh(L, msg);
    }
    m8_request req = { .kind = M8_REQ_STOP };
    return m8_vm_request(L, &req);
}

int m8l_load(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    char err[768];
    m8_request req = { .kind = M8_REQ_LOAD };
    size_t name_len = 0;
    const char *name = m8_arg_given(L, 1) ? m8_arg_string(L, 1, &name_len) : NULL;
    if (!name) name = "";
    string_arg(L, 2, req.breadcrumb, sizeof req.breadcrumb);
    string_arg(L, 3, req.param, sizeof req.param);
    req.data = m8_other_cart_read(vm, name, name_len, &req.len, req.name, sizeof req.name, err,
                                  sizeof err);
    if (!req.data) return luaL_error(L, "load: %s", err);
    return m8_vm_request(L, &req);                  /* the machine takes the bytes */
}

int m8l_extcmd(lua_State *L)
{
    m8_vm *vm = m8_vm_of(L);
    char cmd[64];
    string_arg(L, 1, cmd, sizeof cmd);
    m8_request req = { .kind = M8_REQ_NONE };
    if (strcmp(cmd, "reset") == 0) req.kind = M8_REQ_RUN;
    else if (strcmp(cmd, "shutdown") == 0) req.kind = M8_REQ_SHUTDOWN;
    else if (strcmp(cmd, "go_back") == 0 && vm->back_data) req.kind = M8_REQ_GO_BACK;
    else if (strcmp(cmd, "pause") == 0) vm->pause_requested = 1;
    else if (strcmp(cmd, "screen") == 0 || strcmp(cmd, "label") == 0 ||
             strcmp(cmd, "rec") == 0 || strcmp(cmd, "video") == 0)
        m8_host_request(vm, cmd);                    /* captures: the host takes them */
    if (req.kind == M8_REQ_NONE) return 0;           /* others: accepted, ignored */
    return m8_vm_request(L, &req);
}
