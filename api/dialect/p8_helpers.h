/* p8_helpers.h - THE list of the dialect's runtime helpers: the `__m8_*` functions the
 * translated code calls for PICO-8-only operators (docs/dialect.md). p8_translate.c takes
 * every helper name it emits from here (m8_helper_name(M8_HELPER_x)) and declares each one
 * the code uses as a chunk local; p8_runtime.c registers each row's C function h_NAME.
 * Adding a helper is one row here and its h_NAME in p8_runtime.c.
 *   H(name)       a helper "__m8_name" implemented by h_name
 *   P(name)       a peek helper "__m8_name": the env's own `name` function when the chunk
 *                 starts (so a cart that redefines peek sees it), else h_name
 * The order is the order of the `local __m8_x=__m8_x;` declarations at the top of a
 * translated chunk.
 * Depends on: nothing. */
#ifndef M8_P8_HELPERS_H
#define M8_P8_HELPERS_H

#define M8_DIALECT_HELPERS(H, P) \
    H(band) H(bor) H(bxor) H(bnot) H(shl) H(shr) H(lshr) H(rotl) H(rotr) \
    H(div) H(idiv) H(mod) H(pow) H(cat) \
    P(peek) P(peek2) P(peek4) \
    H(forstep)

#define M8_HELPER_ENUM(name) M8_HELPER_##name,
enum m8_helper { M8_DIALECT_HELPERS(M8_HELPER_ENUM, M8_HELPER_ENUM) M8_HELPER_COUNT };
#undef M8_HELPER_ENUM

/* "__m8_name" of a helper. */
static inline const char *m8_helper_name(enum m8_helper h)
{
#define M8_HELPER_STRING(name) "__m8_" #name,
    static const char *const names[] = {
        M8_DIALECT_HELPERS(M8_HELPER_STRING, M8_HELPER_STRING)
    };
#undef M8_HELPER_STRING
    return names[h];
}

#endif
