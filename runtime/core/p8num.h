/* p8num.h - PICO-8 16.16 number semantics on C doubles (reference section 7).
 *
 * mote8 runs carts on stock Lua 5.4, so numbers are doubles/integers; these functions
 * reproduce what a PICO-8 cart can observe: formatting, parsing, bitwise ops on the 32-bit
 * 16.16 pattern, division/modulo rules, flr/ceil, the PRNG. Every entry point turns NaN and
 * infinities into defined values first. Depends on: nothing (libm). */
#ifndef M8_P8NUM_H
#define M8_P8NUM_H

#include <stdint.h>

/* double -> raw 16.16 (wrapping modulo 2^32, truncating toward -inf at 1/65536 steps;
 * NaN -> 0, +inf -> 0x7fffffff, -inf -> 0x80000000) and back. */
int32_t m8_num_to_raw(double v);
double m8_num_from_raw(int32_t raw);
/* Round-trip through 16.16: the value PICO-8 would hold (wraps, truncates to 1/65536). */
double m8_num_wrap(double v);
/* 1 and *raw = the 16.16 pattern of v when v lies on the 16.16 grid in range (a multiple of
 * 1/65536 in [-32768, 32768): every number the patched VM's arithmetic makes), else 0 (NaN,
 * infinities, other fractions, out of range). A multiply and a conversion, no libm. */
static inline int m8_num_grid_raw(double v, int32_t *raw)
{
    double f = v * 65536.0;
    if (!(f >= -2147483648.0 && f < 2147483648.0)) return 0;
    int32_t i = (int32_t)f;                    /* truncates: equal only when integral */
    if ((double)i != f) return 0;
    *raw = i;
    return 1;
}
/* Clamp a double to a C int for coordinates: flr, NaN -> 0, saturating. */
int m8_num_to_int(double v);

/* tostr(v) decimal form: "1", "0.5", "0.3333", "-0". buf >= 32 bytes; returns length. */
int m8_num_format(double v, char *buf);
/* tostr(v, flags) for flags 1 (0x%04x.%04x), 2 (signed raw int), 3 (raw hex). */
int m8_num_format_flags(double v, int flags, char *buf);
/* tonum(s, flags): returns 1 and sets *out on success, 0 on failure. */
int m8_num_parse(const char *s, int len, int flags, double *out);

/* A number literal at s (decimal without exponent, 0x hex or 0b binary, both with optional
 * fraction), as the translator and tonum read it: 16.16 value (integer part wraps, so 0xffff
 * is -1; decimal fractions truncate toward zero). Returns 1 and sets *out and *used (chars
 * consumed), or 0 if s does not start with a literal. No sign, no surrounding spaces. */
int m8_num_parse_literal(const char *s, int len, double *out, int *used);

/* Arithmetic with PICO-8 rules (section 7.3/7.4). */
double m8_num_div(double a, double b);
double m8_num_mod(double a, double b);
double m8_num_idiv(double a, double b);
double m8_num_flr(double v);
double m8_num_ceil(double v);

/* Bitwise on the 16.16 pattern (section 7.5). */
double m8_num_band(double a, double b);
double m8_num_bor(double a, double b);
double m8_num_bxor(double a, double b);
double m8_num_bnot(double a);
double m8_num_shl(double a, double n);
double m8_num_shr(double a, double n);
double m8_num_lshr(double a, double n);
double m8_num_rotl(double a, double n);
double m8_num_rotr(double a, double n);

#endif
