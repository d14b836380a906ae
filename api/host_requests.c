/* host_requests.c - the extcmd commands a cart asks its host to carry out (captures), kept
 * in a small queue in the machine until the host takes them (mote8_take_host_request), and
 * the devkit flags the host follows (pointer lock).
 * Depends on: vm_internal.h, api/mote8.h. */
#include <stdio.h>
#include <string.h>
#include "vm_internal.h"

void m8_host_request(m8_vm *vm, const char *cmd)
{
    if (vm->n_host_requests >= M8_HOST_REQUESTS) return;
    snprintf(vm->host_requests[vm->n_host_requests++], sizeof vm->host_requests[0], "%s", cmd);
}

int mote8_take_host_request(mote8 *m8, char *cmd, size_t cmdsz)
{
    if (m8->n_host_requests == 0) return 0;
    snprintf(cmd, cmdsz, "%s", m8->host_requests[0]);
    m8->n_host_requests--;
    memmove(m8->host_requests[0], m8->host_requests[1],
            (size_t)m8->n_host_requests * sizeof m8->host_requests[0]);
    return 1;
}

int mote8_devkit_flags(const mote8 *m8) { return m8->machine->ram[M8_DEVKIT]; }
