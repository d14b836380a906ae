/* other_carts.h - the carts a running cart names: load("game"), reload(...,"levels"),
 * cstore(...,"scores"). Names (`name_len` bytes, so a NUL inside is refused) are checked and
 * joined to the running cart's folder by m8_cart_name_resolve (runtime/core/cart_names.h) and read
 * or written through the platform's read_file / write_file (api/mote8.h). A name that is
 * refused is an error naming it; a file the platform cannot or will not read (errno set
 * and not ENOENT, ENOTDIR or EISDIR: a link out of the cart's folder, a FIFO, a file over
 * MOTE8_CART_FILE_MAX) is "cannot read PATH: REASON", not "no cart", so cstore never
 * creates a new cart over it.
 * Depends on: vm_internal.h, runtime/core/cart.h. */
#ifndef M8_OTHER_CARTS_H
#define M8_OTHER_CARTS_H

#include <stddef.h>
#include "cart.h"
#include "vm_internal.h"

/* The bytes of the cart `name` (malloc'd, size in *len) and the path they came from.
 * Tries, in the running cart's folder: the name as given, then name.p8, then name.p8.png
 * (only the name as given when it already ends in .p8, .p8.png or .p8.rom). NULL with a
 * message in err naming what was tried and the folder. */
char *m8_other_cart_read(m8_vm *vm, const char *name, size_t name_len, size_t *len, char *path,
                         size_t pathsz, char *err, size_t errsz);

/* The same, decoded into *cart (initialised; free with m8_cart_free). 0, or -1 with err. */
int m8_other_cart_open(m8_vm *vm, const char *name, size_t name_len, m8_cart *cart, char *err,
                       size_t errsz);

/* cstore into another cart file: RAM bytes [src, src+len) to ROM [dst, dst+len) of the cart
 * `name` (ROM addresses from 0x4300 on are code and left alone), written back in its own
 * format through write_file. A name that finds no cart creates a new .p8 (name.p8 unless the
 * name ends in a cart extension). 0, or -1 with err. */
int m8_other_cart_store(m8_vm *vm, const char *name, size_t name_len, const uint8_t *ram,
                        int dst, int src, int len, char *err, size_t errsz);

#endif
