/* cart_output.c - printh(s, file, overwrite): a cart's text files. PICO-8 writes them next
 * to the cart; mote8 writes them only in the host's folder for cart output, through the
 * platform's write_output callback (the POSIX host: $MOTE8_OUTPUT_DIR, else
 * $XDG_DATA_HOME/mote8/output, else ~/.local/share/mote8/output). The name goes through
 * m8_cart_name_resolve (runtime/core/cart_names.c) as a plain file name (1-64 characters of A-Z a-z
 * 0-9 _ . -, not starting with a dot), never a path, so no cart writes outside that folder.
 * A run writes at most M8_PRINTH_FILE_MAX bytes there; when that cap or a write error (a
 * full disk) is hit, one message says so and printh to files is dropped for the rest of
 * the run. "@clip" (PICO-8's clipboard) is accepted and dropped. Without the callback the
 * text is dropped.
 * Depends on: cart_names.h, vm_internal.h, api_internal.h, m8conf.h. */
#include <stdio.h>
#include <string.h>
#include "api_internal.h"
#include "cart_names.h"
#include "m8conf.h"
#include "vm_internal.h"

/* Stop printh to files for the rest of the run, with one message. */
static void stop_output(m8_vm *vm, const char *why)
{
    vm->output_stopped = 1;
    const mote8_platform *pf = &vm->config.platform;
    char msg[700];
    snprintf(msg, sizeof msg, "printh: %s; printh to files is off for the rest of the run", why);
    if (pf->printh) pf->printh(pf->user, msg);
}

int m8_printh_file(lua_State *L, const char *file, size_t file_len, const char *text,
                   int overwrite)
{
    if (file_len == 5 && memcmp(file, "@clip", 5) == 0) return 0;
    char name[72], err[300];
    if (m8_cart_name_resolve(M8_NAME_OUTPUT_FILE, NULL, file, file_len, NULL, name, sizeof name,
                             err, sizeof err) != 0)
        return luaL_error(L, "printh: %s", err);
    m8_vm *vm = m8_vm_of(L);
    const mote8_platform *pf = &vm->config.platform;
    if (!pf->write_output || vm->output_stopped) return 0;
    size_t bytes = strlen(text) + 1;                     /* with its newline */
    if (vm->output_bytes + bytes > M8_PRINTH_FILE_MAX) {
        char why[200];
        snprintf(why, sizeof why, "%s: the cart's files would pass %u bytes, the most a run "
                 "may write (%llu written)", name, M8_PRINTH_FILE_MAX,
                 (unsigned long long)vm->output_bytes);
        stop_output(vm, why);
        return 0;
    }
    vm->output_bytes += bytes;
    char why[512] = "";
    if (pf->write_output(pf->user, name, text, overwrite, why, sizeof why) != 0)
        stop_output(vm, why[0] ? why : "cannot write the file");
    return 0;
}
