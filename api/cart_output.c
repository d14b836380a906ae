/* cart_output.c - printh(s, file, overwrite): a cart's text files. PICO-8 writes them next
 * to the cart; mote8 writes them only in the host's folder for cart output, through the
 * platform's write_output callback (the POSIX host: $MOTE8_OUTPUT_DIR, else
 * $XDG_DATA_HOME/mote8/output, else ~/.local/share/mote8/output). The name is a plain file
 * name (1-64 characters of A-Z a-z 0-9 _ . -, not starting with a dot), never a path, so no
 * cart writes outside that folder. "@clip" (PICO-8's clipboard) is accepted and dropped.
 * Without the callback the text is dropped.
 * Depends on: vm_internal.h, api_internal.h. */
#include <stdio.h>
#include <string.h>
#include "api_internal.h"
#include "vm_internal.h"

static int output_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > 64 || name[0] == '.') return 0;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '-'))
            return 0;
    }
    return 1;
}

int m8_printh_file(lua_State *L, const char *file, const char *text, int overwrite)
{
    if (strcmp(file, "@clip") == 0) return 0;
    if (!output_name_ok(file))
        return luaL_error(L, "printh: bad file name \"%s\": a name is 1-64 characters of "
                             "A-Z a-z 0-9 _ . - (files go to the cart output folder)", file);
    const mote8_platform *pf = &m8_vm_of(L)->config.platform;
    char err[512] = "";
    if (pf->write_output && pf->write_output(pf->user, file, text, overwrite, err, sizeof err) != 0) {
        char msg[600];
        snprintf(msg, sizeof msg, "printh: %s", err);
        if (pf->printh) pf->printh(pf->user, msg);
    }
    return 0;
}
