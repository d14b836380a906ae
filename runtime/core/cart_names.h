/* cart_names.h - the one place where a name a cart gives becomes a path the platform is
 * asked for: load(), reload() and cstore() with a file name, #include, printh's file and
 * the cartdata id (docs/robustness.md, "What a cart can reach").
 * Depends on: nothing. */
#ifndef M8_CART_NAMES_H
#define M8_CART_NAMES_H

#include <stddef.h>

/* Longest cart file name (load, reload, cstore, #include), in bytes. */
#define M8_CART_NAME_MAX 200

typedef enum m8_name_kind {
    M8_NAME_CART_FILE,    /* load/reload/cstore/#include: a file in the running cart's folder
                             or below it */
    M8_NAME_OUTPUT_FILE,  /* printh(s, file): a plain file name in the host's output folder */
    M8_NAME_DATA_ID,      /* cartdata(id): a save's name in the host's data folder */
} m8_name_kind;

/* Check `name` (`len` bytes; a NUL inside is refused) against the rules of `kind` and, when
 * `out` is not NULL, write what the platform is asked for:
 *  - M8_NAME_CART_FILE: the folder of `cart_path` (the running cart's path, NULL or without
 *    a '/' for "the current folder") joined with the name, then `ext` (may be NULL). The
 *    name is 1-M8_CART_NAME_MAX bytes with no control character, no backslash, not
 *    absolute ('/' or '~' first) and no ".." component.
 *  - M8_NAME_OUTPUT_FILE: the name itself, 1-64 characters of A-Z a-z 0-9 _ . - not
 *    starting with a dot (never a path: the host's output folder is the platform's).
 *  - M8_NAME_DATA_ID: the id itself, 1-64 characters of a-z 0-9 _ - (PICO-8's rule; '-' as
 *    zepto8 allows).
 * Returns 0, or -1 with a message in err that names the name (quoted, control characters
 * shown as '?') and says what is wrong. */
int m8_cart_name_resolve(m8_name_kind kind, const char *cart_path, const char *name,
                         size_t len, const char *ext, char *out, size_t outsz, char *err,
                         size_t errsz);

#endif
