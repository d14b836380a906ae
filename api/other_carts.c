/* other_carts.c - finding, reading and writing the carts a running cart names (load(),
 * reload() and cstore() with a file name; reference 8.10, 8.13). PICO-8 looks a name up in
 * the running cart's folder; so does mote8: the name as given (so an explicit extension,
 * or a file without one, wins), then with ".p8" (PICO-8's own default extension), then
 * with ".p8.png". Every path is made by m8_cart_name_resolve (runtime/core/cart_names.c), so no
 * name reaches outside that folder. Files go through the platform's read_file and write_file: the machine
 * opens no file itself. A cart written back keeps its format (.p8 stays text, .p8.png a
 * picture with its label, .p8.rom an image), re-encoded by runtime/core/cart_codec.c.
 * Depends on: cart_codec.h, other_carts.h, cart_names.h, vm_internal.h, runtime/core (cart,
 * cart_file). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart_codec.h"
#include "cart_names.h"
#include "other_carts.h"

/* The cart section a ROM address belongs to (the .p8 text writes the sections present). */
static int section_of(uint32_t rom_address)
{
    if (rom_address < M8_MAP) return rom_address < 0x1000 ? M8_SEC_GFX : M8_SEC_GFX | M8_SEC_MAP;
    if (rom_address < M8_FLAGS) return M8_SEC_MAP;
    if (rom_address < M8_MUSIC) return M8_SEC_GFF;
    if (rom_address < M8_SFX) return M8_SEC_MUSIC;
    return M8_SEC_SFX;
}

/* "in FOLDER" (the running cart's folder) for messages. */
static void where_of(const m8_vm *vm, char *out, size_t outsz)
{
    const char *slash = strrchr(vm->cart_name, '/');
    if (slash) snprintf(out, outsz, "%.*s", (int)(slash - vm->cart_name), vm->cart_name);
    else snprintf(out, outsz, "the current folder");
}

/* m8_other_cart_read; *missing = 1 when the reason is only that no such file is there. */
static char *read_other(m8_vm *vm, const char *name, size_t name_len, size_t *len, char *path,
                        size_t pathsz, char *err, size_t errsz, int *missing)
{
    *missing = 0;
    const mote8_platform *pf = &vm->config.platform;
    char where[256];
    where_of(vm, where, sizeof where);
    if (name[0] == '#') {
        snprintf(err, errsz, "\"%s\": carts from the BBS (#id) are not available, only cart "
                 "files", name);
        return NULL;
    }
    if (!name[0]) {
        snprintf(err, errsz, "no cart name given");
        return NULL;
    }
    if (m8_cart_name_resolve(M8_NAME_CART_FILE, vm->cart_name, name, name_len, NULL, path,
                             pathsz, err, errsz) != 0)
        return NULL;
    if (!pf->read_file) {
        snprintf(err, errsz, "cannot read cart \"%s\": this host gives carts no files", name);
        return NULL;
    }
    static const char *const k_exts[] = { "", ".p8", ".p8.png" };
    int tries = m8_cart_format_of_name(name) != M8_FORMAT_UNKNOWN ? 1 : 3;
    for (int i = 0; i < tries; i++) {
        if (m8_cart_name_resolve(M8_NAME_CART_FILE, vm->cart_name, name, name_len,
                                 k_exts[i], path, pathsz, err, errsz) != 0)
            return NULL;
        errno = 0;
        char *data = pf->read_file(pf->user, path, len);
        if (data) return data;
        /* a file that is there but refused (a link out of the folder, a FIFO, too large):
         * never taken for a missing one, which cstore would create over it */
        if (errno && errno != ENOENT && errno != ENOTDIR && errno != EISDIR) {
            snprintf(err, errsz, "cannot read %s: %s", path, strerror(errno));
            return NULL;
        }
    }
    *missing = 1;
    if (tries == 1)
        snprintf(err, errsz, "no cart \"%s\" in %s", name, where);
    else
        snprintf(err, errsz, "no cart \"%s\" in %s (tried %s, %s.p8, %s.p8.png)", name, where,
                 name, name, name);
    return NULL;
}

char *m8_other_cart_read(m8_vm *vm, const char *name, size_t name_len, size_t *len, char *path,
                         size_t pathsz, char *err, size_t errsz)
{
    int missing;
    return read_other(vm, name, name_len, len, path, pathsz, err, errsz, &missing);
}

int m8_other_cart_open(m8_vm *vm, const char *name, size_t name_len, m8_cart *cart, char *err,
                       size_t errsz)
{
    char path[512];
    size_t len = 0;
    char *data = m8_other_cart_read(vm, name, name_len, &len, path, sizeof path, err, errsz);
    if (!data) {
        m8_cart_init(cart);                  /* so the caller can always free it */
        return -1;
    }
    m8_cart_error e = { 0 };
    int rc = m8_cart_read_any(cart, data, len, path, &e, NULL);
    free(data);
    if (rc != 0) snprintf(err, errsz, "%s: %s", path, e.message);
    return rc;
}

int m8_other_cart_store(m8_vm *vm, const char *name, size_t name_len, const uint8_t *ram,
                        int dst, int src, int len, char *err, size_t errsz)
{
    const mote8_platform *pf = &vm->config.platform;
    if (!pf->write_file) {
        snprintf(err, errsz, "cannot write cart \"%s\": this host gives carts no files", name);
        return -1;
    }
    char path[512];
    size_t size = 0;
    m8_cart cart;
    m8_cart_format format = M8_FORMAT_P8;
    int missing = 0;
    char *data = read_other(vm, name, name_len, &size, path, sizeof path, err, errsz, &missing);
    if (data) {
        m8_cart_error e = { 0 };
        int rc = m8_cart_read_any(&cart, data, size, path, &e, &format);
        free(data);
        if (rc != 0) {
            snprintf(err, errsz, "%s: %s", path, e.message);
            return -1;
        }
    } else {
        if (!missing) return -1;             /* refused, a bad name, or no files */
        m8_cart_init(&cart);                 /* a new cart, as PICO-8 creates one */
        format = m8_cart_format_of_name(name);
        if (m8_cart_name_resolve(M8_NAME_CART_FILE, vm->cart_name, name, name_len,
                                 format == M8_FORMAT_UNKNOWN ? ".p8" : "", path, sizeof path,
                                 err, errsz) != 0) {
            m8_cart_free(&cart);
            return -1;
        }
        if (format == M8_FORMAT_UNKNOWN) format = M8_FORMAT_P8;
    }
    for (int i = 0; i < len; i++) {
        uint32_t r = (uint32_t)(dst + i) & 0xffff;
        if (r >= M8_ROM_DATA_SIZE) continue;
        cart.rom[r] = ram[(uint32_t)(src + i) & 0xffff];
        cart.section_present |= section_of(r);
    }
    m8_cart_error e = { 0 };
    size_t out_len = 0;
    void *out = m8_cart_write_any(&cart, format, &out_len, NULL, &e);
    m8_cart_free(&cart);
    if (!out) {
        snprintf(err, errsz, "%s: %s", path, e.message);
        return -1;
    }
    char why[512] = "";
    int rc = pf->write_file(pf->user, path, out, out_len, why, sizeof why);
    free(out);
    if (rc != 0 && why[0]) snprintf(err, errsz, "cannot write the cart: %s", why);  /* names it */
    else if (rc != 0) snprintf(err, errsz, "cannot write %s", path);
    return rc;
}
