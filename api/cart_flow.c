/* cart_flow.c - one cart handing over to another, or to itself, inside the same machine
 * (reference 8.13): the run/load/go_back requests recorded by api/api_flow.c are carried
 * out here before the next tick, the breadcrumb of load() (the cart to go back to, its
 * bytes kept, and the pause-menu label), and the host's side: mote8_breadcrumb,
 * mote8_go_back, mote8_pause_requested. The host keeps its window, audio and platform; the
 * machine powers on again with the new cart (RAM from its ROM, cartdata read anew when the
 * cart calls cartdata(), so what the first cart saved is what the second one sees).
 * Depends on: vm_internal.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vm_internal.h"

static void forget_way_back(m8_vm *vm)
{
    free(vm->back_data);
    vm->back_data = NULL;
    vm->back_len = 0;
    vm->back_name[0] = 0;
    vm->back_label[0] = 0;
}

/* load(): the running cart becomes the way back (with a breadcrumb) or is dropped. */
static int carry_out_load(m8_vm *vm, m8_request *r)
{
    if (r->breadcrumb[0]) {
        free(vm->back_data);
        vm->back_data = vm->cart_data;
        vm->back_len = vm->cart_len;
        snprintf(vm->back_name, sizeof vm->back_name, "%s", vm->cart_name);
        snprintf(vm->back_label, sizeof vm->back_label, "%s", r->breadcrumb);
    } else {
        forget_way_back(vm);
        free(vm->cart_data);
    }
    vm->cart_data = r->data;
    vm->cart_len = r->len;
    r->data = NULL;
    snprintf(vm->param, sizeof vm->param, "%s", r->param);
    return m8_vm_start_cart(vm, r->name, 1);
}

int m8_flow_carry_out(m8_vm *vm)
{
    m8_request r = vm->request;                 /* taken over: the data is ours now */
    memset(&vm->request, 0, sizeof vm->request);
    int rc = 0;
    switch (r.kind) {
    case M8_REQ_RUN:
        snprintf(vm->param, sizeof vm->param, "%s", r.param);
        rc = m8_vm_start_cart(vm, vm->cart_name, 1);
        break;
    case M8_REQ_LOAD:
        rc = carry_out_load(vm, &r);
        break;
    case M8_REQ_GO_BACK:
        if (vm->back_data) rc = mote8_go_back(vm);
        break;
    default:
        break;
    }
    free(r.data);
    return rc;
}

const char *mote8_breadcrumb(const mote8 *vm)
{
    return vm->back_data ? vm->back_label : NULL;
}

int mote8_go_back(mote8 *vm)
{
    if (!vm->back_data) return -1;
    m8_vm_clear_request(vm);
    free(vm->cart_data);
    vm->cart_data = vm->back_data;
    vm->cart_len = vm->back_len;
    vm->back_data = NULL;
    char name[sizeof vm->back_name];
    snprintf(name, sizeof name, "%s", vm->back_name);
    forget_way_back(vm);
    vm->param[0] = 0;
    return m8_vm_start_cart(vm, name, 1);
}

int mote8_pause_requested(mote8 *vm)
{
    int asked = vm->pause_requested;
    vm->pause_requested = 0;
    return asked;
}
