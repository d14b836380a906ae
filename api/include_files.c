/* include_files.c - resolves `#include` lines of cart code (reference 4.2): `#include
 * file.lua` reads a Lua file, `#include other.p8` the code of another cart, and
 * `#include other.p8:n` only its tab n (other.p8.png and other.p8.rom too); names are
 * relative to the including cart's folder (the current folder when the cart's name has
 * none, as for bundled carts). Lua files are
 * UTF-8 and turned into P8SCII like cart code. Only names inside the cart's folder are read:
 * the path is made by m8_cart_name_resolve (runtime/core/cart_names.c), as for load() and reload().
 * Files are read through the platform's read_file callback (api/mote8.h): the machine itself
 * opens no file.
 * Depends on: dialect/p8_translate.h, include_files.h, cart_names.h, vm_internal.h,
 * runtime/core (cart_codec, p8scii). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart_codec.h"
#include "cart_names.h"
#include "include_files.h"
#include "dialect/p8_translate.h"
#include "p8scii.h"
#include "vm_internal.h"

/* The code of tab `tab` (0-based) of P8SCII code, or all of it when tab < 0. */
static char *code_tab(const char *code, size_t len, int tab, size_t *out_len)
{
    const char *start = code, *end = code + len;
    if (tab >= 0) {
        int t = 0;
        const char *p = code, *tab_start = code;
        start = NULL;
        while (p <= end) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            const char *line_end = nl ? nl : end;
            int is_break = line_end - p == 4 && memcmp(p, "-->8", 4) == 0;
            if (is_break || !nl) {
                if (t == tab) {
                    start = tab_start;
                    end = is_break ? p : line_end;
                    break;
                }
                if (!nl) break;
                t++;
                tab_start = nl + 1;
            }
            p = nl + 1;
        }
        if (!start) return NULL;
    }
    char *out = malloc((size_t)(end - start) + 1);
    if (!out) return NULL;
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = 0;
    *out_len = (size_t)(end - start);
    return out;
}

char *m8_include_resolve(void *ud, const char *name, size_t *len)
{
    const m8_vm *vm = ud;
    const mote8_platform *pf = &vm->config.platform;
    if (!pf->read_file) return NULL;
    int tab = -1;
    char file[512], path[1024], why[300];
    snprintf(file, sizeof file, "%s", name);
    char *colon = strrchr(file, ':');
    if (colon && colon > file && strstr(file, ".p8") && colon[1] >= '0' && colon[1] <= '9') {
        tab = atoi(colon + 1);
        *colon = 0;
    }
    if (m8_cart_name_resolve(M8_NAME_CART_FILE, vm->cart_name, file, strlen(file), NULL, path,
                             sizeof path, why, sizeof why) != 0)
        return NULL;
    size_t raw_len = 0;
    char *raw = pf->read_file(pf->user, path, &raw_len);
    if (!raw) return NULL;
    char *out = NULL;
    if (m8_cart_format_of_name(file) != M8_FORMAT_UNKNOWN) {
        m8_cart cart;
        if (m8_cart_read_any(&cart, raw, raw_len, file, NULL, NULL) == 0)
            out = code_tab(cart.code, cart.code_len, tab, len);
        m8_cart_free(&cart);
    } else {
        out = m8_utf8_to_p8scii(raw, raw_len, len);
    }
    free(raw);
    return out;
}
