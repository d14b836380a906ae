/* test_p8num.c - Criterion suite "p8num": exact cases for the 16.16 number semantics of
 * runtime/core/p8num.c (reference section 7: tostr/tonum text, division, modulo, flr/ceil,
 * bitwise ops and shifts, NaN/inf handling). */
#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "p8num.h"

static const char *fmt(double v)
{
    static char buf[8][32];
    static int k;
    char *b = buf[k++ & 7];
    m8_num_format(v, b);
    return b;
}

static const char *fmtf(double v, int flags)
{
    static char buf[8][32];
    static int k;
    char *b = buf[k++ & 7];
    m8_num_format_flags(v, flags, b);
    return b;
}

#define R(x) m8_num_from_raw((int32_t)(x))

Test(p8num, raw_roundtrip)
{
    cr_assert_eq(m8_num_to_raw(1.0), 0x10000);
    cr_assert_eq(m8_num_to_raw(-1.0), -0x10000);
    cr_assert_eq(m8_num_to_raw(0.5), 0x8000);
    cr_assert_eq(m8_num_to_raw(-0.5), (int32_t)0xffff8000);
    cr_assert_eq(m8_num_to_raw(32768.0), INT32_MIN);      /* wraps */
    cr_assert_eq(m8_num_to_raw(65536.0), 0);
    cr_assert_eq(m8_num_to_raw(65537.5), 0x18000);
    cr_assert_eq(m8_num_to_raw(-32769.0), 0x7fff0000);
    cr_assert_eq(m8_num_to_raw(NAN), 0);
    cr_assert_eq(m8_num_to_raw(INFINITY), INT32_MAX);
    cr_assert_eq(m8_num_to_raw(-INFINITY), INT32_MIN);
    cr_assert_eq(m8_num_to_raw(1e300), m8_num_to_raw(fmod(1e300, 65536.0)));
    cr_assert_eq(m8_num_from_raw(0x10000), 1.0);
    cr_assert_eq(m8_num_wrap(40000), 40000 - 65536);
    cr_assert_eq(m8_num_to_int(3.7), 3);
    cr_assert_eq(m8_num_to_int(-3.2), -4);
    cr_assert_eq(m8_num_to_int(NAN), 0);
    cr_assert_eq(m8_num_to_int(1e30), INT_MAX);
    cr_assert_eq(m8_num_to_int(-1e30), INT_MIN);
}

/* m8_num_to_int floors by a conversion in range: the same as floor and saturation, checked
 * at the ends of the int range, around every integer of a sample and on random doubles. */
static int to_int_by_floor(double v)
{
    if (isnan(v)) return 0;
    v = floor(v);
    if (v <= (double)INT_MIN) return INT_MIN;
    if (v >= (double)INT_MAX) return INT_MAX;
    return (int)v;
}

Test(p8num, to_int_equals_floor_and_saturation)
{
    static const double edge[] = { 0.0, -0.0, 0.5, -0.5, 1e-300, -1e-300, 2147483647.0,
        2147483647.5, 2147483648.0, 2147483648.5, -2147483647.5, -2147483648.0,
        -2147483648.5, -2147483649.0, 4e9, -4e9, INFINITY, -INFINITY, NAN, 32767.99998474121,
        -32768.0, -0x1p-16, 0x1p-16 };
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        cr_assert_eq(m8_num_to_int(edge[i]), to_int_by_floor(edge[i]), "at %.17g", edge[i]);
    for (int n = -70000; n <= 70000; n++)
        for (int k = -2; k <= 2; k++) {
            double v = n + k * 0x1p-16;
            cr_assert_eq(m8_num_to_int(v), to_int_by_floor(v), "at %.17g", v);
            v = nextafter((double)n, k < 0 ? -INFINITY : INFINITY);
            cr_assert_eq(m8_num_to_int(v), to_int_by_floor(v), "at %.17g", v);
        }
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < 1000000; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        double v;
        uint64_t bits = x;
        memcpy(&v, &bits, sizeof v);                       /* any double, NaNs included */
        cr_assert_eq(m8_num_to_int(v), to_int_by_floor(v), "at %.17g", v);
        v = (double)(int64_t)(x >> 16) / 65536.0 / (double)(1 + (x & 0xffff));   /* moderate */
        cr_assert_eq(m8_num_to_int(v), to_int_by_floor(v), "at %.17g", v);
    }
}

Test(p8num, format_decimal)
{
    cr_assert_str_eq(fmt(1), "1");
    cr_assert_str_eq(fmt(0), "0");
    cr_assert_str_eq(fmt(-0.0), "0");
    cr_assert_str_eq(fmt(0.5), "0.5");
    cr_assert_str_eq(fmt(-0.5), "-0.5");
    cr_assert_str_eq(fmt(1.0 / 3), "0.3333");
    cr_assert_str_eq(fmt(2.0 / 3), "0.6667");
    cr_assert_str_eq(fmt(R(1)), "0");
    cr_assert_str_eq(fmt(R(0x7fffffff)), "32768");
    cr_assert_str_eq(fmt(R(-1)), "-0");
    cr_assert_str_eq(fmt(-32768), "-32768");
    cr_assert_str_eq(fmt(32767), "32767");
    cr_assert_str_eq(fmt(5.0), "5");
    cr_assert_str_eq(fmt(0.1), "0.1");
    cr_assert_str_eq(fmt(1.25), "1.25");
    cr_assert_str_eq(fmt(-12.75), "-12.75");
    cr_assert_str_eq(fmt(40000), "-25536");   /* wraps like 16.16 */
    cr_assert_str_eq(fmt(NAN), "0");
    cr_assert_str_eq(fmt(INFINITY), "32768");
    cr_assert_str_eq(fmt(-INFINITY), "-32768");
}

Test(p8num, format_flags)
{
    cr_assert_str_eq(fmtf(17, 1), "0x0011.0000");
    cr_assert_str_eq(fmtf(-1, 1), "0xffff.0000");
    cr_assert_str_eq(fmtf(0.5, 1), "0x0000.8000");
    cr_assert_str_eq(fmtf(17, 2), "1114112");
    cr_assert_str_eq(fmtf(-1, 2), "-65536");
    cr_assert_str_eq(fmtf(17, 3), "0x00110000");
    cr_assert_str_eq(fmtf(R(0x1234abcd), 3), "0x1234abcd");
    cr_assert_str_eq(fmtf(1.5, 0), "1.5");
}

static double pn(const char *s, int flags, int *ok)
{
    double v = -999;
    *ok = m8_num_parse(s, (int)strlen(s), flags, &v);
    return v;
}

#define PARSE_OK(s, flags, expect) do { int ok_; double v_ = pn(s, flags, &ok_); \
    cr_assert(ok_, "parse %s failed", s); \
    cr_assert_eq(v_, (expect), "parse %s: got %.10g want %.10g", s, v_, (double)(expect)); } while (0)
#define PARSE_FAIL(s, flags) do { int ok_; pn(s, flags, &ok_); cr_assert(!ok_, "parse %s should fail", s); } while (0)

Test(p8num, parse_decimal)
{
    PARSE_OK("12", 0, 12);
    PARSE_OK("-12", 0, -12);
    PARSE_OK("  7  ", 0, 7);
    PARSE_OK("1.5", 0, 1.5);
    PARSE_OK(".5", 0, 0.5);
    PARSE_OK("5.", 0, 5);
    PARSE_OK("0.1", 0, R(0x1999));           /* truncated to 16.16 */
    PARSE_OK("-0.1", 0, R(-0x1999));
    PARSE_OK("32768", 0, -32768);
    PARSE_OK("65535", 0, -1);
    PARSE_OK("0.0000152587890625", 0, R(1));
    PARSE_FAIL("", 0);
    PARSE_FAIL("   ", 0);
    PARSE_FAIL("abc", 0);
    PARSE_FAIL("1e3", 0);
    PARSE_FAIL("inf", 0);
    PARSE_FAIL("nan", 0);
    PARSE_FAIL("1 2", 0);
    PARSE_FAIL("-", 0);
    PARSE_FAIL(".", 0);
    PARSE_FAIL("12x", 0);
}

Test(p8num, parse_hex_bin)
{
    PARSE_OK("0x10", 0, 16);
    PARSE_OK("0X1f", 0, 31);
    PARSE_OK("0x11.4", 0, 17.25);
    PARSE_OK("0x.8", 0, 0.5);
    PARSE_OK("0xffff", 0, -1);
    PARSE_OK("0x8000", 0, -32768);
    PARSE_OK("0x7fff.ffff", 0, R(0x7fffffff));
    PARSE_OK("-0x10", 0, -16);
    PARSE_OK("0b1010", 0, 10);
    PARSE_OK("0b1010.01", 0, 10.25);
    PARSE_OK(" 0b1 ", 0, 1);
    PARSE_FAIL("0x", 0);
    PARSE_FAIL("0b2", 0);
    PARSE_FAIL("0xg", 0);
}

Test(p8num, parse_flags)
{
    PARSE_OK("ff", 1, 255);
    PARSE_OK("1234abcd", 3, R(0x1234abcd));
    PARSE_OK("65536", 2, 1);
    PARSE_OK("-65536", 2, -1);
    PARSE_OK("32768", 2, 0.5);
    PARSE_OK("1z", 1, 16);                     /* non-hex chars count as 0 */
    PARSE_OK("1.8", 1, 1.5);
    PARSE_FAIL("zz", 2);
}

Test(p8num, parse_literal)
{
    double v; int used;
    cr_assert(m8_num_parse_literal("5end", 4, &v, &used));
    cr_assert_eq(used, 1); cr_assert_eq(v, 5);
    cr_assert(m8_num_parse_literal("0x11.4+1", 8, &v, &used));
    cr_assert_eq(used, 6); cr_assert_eq(v, 17.25);
    cr_assert(m8_num_parse_literal("0b1010.01)", 10, &v, &used));
    cr_assert_eq(used, 9); cr_assert_eq(v, 10.25);
    cr_assert(m8_num_parse_literal("1.5e3", 5, &v, &used));
    cr_assert_eq(used, 3); cr_assert_eq(v, 1.5);
    cr_assert(!m8_num_parse_literal("x", 1, &v, &used));
}

Test(p8num, division)
{
    cr_assert_eq(m8_num_div(7, 2), 3.5);
    cr_assert_eq(m8_num_div(1, 0), R(0x7fffffff));
    cr_assert_eq(m8_num_div(0, 0), R(0x7fffffff));
    cr_assert_eq(m8_num_div(-1, 0), R(-0x7fffffff));
    cr_assert_eq(m8_num_div(-1, 0), R(0x80000001));
    cr_assert_eq(m8_num_div(1, R(1)), R(0x7fffffff));   /* overflow saturates */
    cr_assert_eq(m8_num_div(-1, R(1)), R(-0x7fffffff));
    cr_assert_eq(m8_num_div(NAN, 2), 0);
    cr_assert_eq(m8_num_div(1, INFINITY), R(2));         /* 0x10000 << 16 / 0x7fffffff */
    /* (a_raw << 16) / b_raw truncated toward zero, as PICO-8 divides (reference 7.3) */
    cr_assert_eq(m8_num_div(1, 3), R(0x5555));
    cr_assert_eq(m8_num_div(-1, 3), R(-0x5555));
    cr_assert_eq(m8_num_div(-32768, 1), -32768);           /* the smallest value fits */
    cr_assert_eq(m8_num_div(-32768, -1), R(0x7fffffff));   /* 32768 does not: saturates */
    cr_assert_eq(m8_num_div(R(1), 2), 0);
    cr_assert_eq(m8_num_div(R(-1), 2), 0);
    cr_assert_eq(m8_num_div(m8_num_div(1, 3) * 3, 1), R(0xffff));
    cr_assert_eq(m8_num_idiv(7, 2), 3);
    cr_assert_eq(m8_num_idiv(-7, 2), -4);
    cr_assert_eq(m8_num_idiv(7, -2), -4);
    cr_assert_eq(m8_num_idiv(1, 0), 32767);
    cr_assert_eq(m8_num_idiv(-1, 0), -32768);
}

Test(p8num, modulo)
{
    cr_assert_eq(m8_num_mod(7, 3), 1);
    cr_assert_eq(m8_num_mod(-7, 3), 2);
    cr_assert_eq(m8_num_mod(7, -3), 1);        /* sign of b ignored */
    cr_assert_eq(m8_num_mod(-7, -3), 2);
    cr_assert_eq(m8_num_mod(5.5, 2), 1.5);
    cr_assert_eq(m8_num_mod(-0.25, 1), 0.75);
    cr_assert_eq(m8_num_mod(7, 0), 7);         /* a % 0 = a */
    cr_assert_eq(m8_num_mod(NAN, 3), 0);
    cr_assert_eq(m8_num_mod(6, 3), 0);
}

Test(p8num, flr_ceil)
{
    cr_assert_eq(m8_num_flr(1.5), 1);
    cr_assert_eq(m8_num_flr(-1.5), -2);
    cr_assert_eq(m8_num_flr(-0.0001), -1);
    cr_assert_eq(m8_num_ceil(1.5), 2);
    cr_assert_eq(m8_num_ceil(-1.5), -1);
    cr_assert_eq(m8_num_ceil(3), 3);
    cr_assert_eq(m8_num_flr(NAN), 0);
    cr_assert_eq(m8_num_ceil(NAN), 0);
    cr_assert_eq(m8_num_flr(INFINITY), 32767);
    cr_assert_eq(m8_num_flr(-INFINITY), -32768);
}

Test(p8num, bitwise)
{
    cr_assert_eq(m8_num_band(0x0f, 0x3c), 0x0c);
    cr_assert_eq(m8_num_bor(0x0f, 0x30), 0x3f);
    cr_assert_eq(m8_num_bxor(0x0f, 0x3c), 0x33);
    cr_assert_eq(m8_num_band(1.75, 1.5), 1.5);   /* fraction bits take part */
    cr_assert_eq(m8_num_bor(0.25, 0.5), 0.75);
    cr_assert_eq(m8_num_bnot(0), R(-1));
    cr_assert_eq(m8_num_bnot(1), R(~0x10000));
    cr_assert_eq(m8_num_band(-1, 0xff), 0xff);
    cr_assert_eq(m8_num_band(NAN, 1), 0);
    cr_assert_eq(m8_num_bor(INFINITY, 0), R(0x7fffffff));
}

Test(p8num, shifts)
{
    cr_assert_eq(m8_num_shr(1, 1), 0.5);
    cr_assert_eq(m8_num_shr(1, 16), R(1));
    cr_assert_eq(m8_num_lshr(R(0x80000000), 16), R(0x8000));   /* 0x8000>>>16 = 0x0.8 */
    cr_assert_eq(m8_num_lshr(-32768, 16), 0.5);
    cr_assert_eq(m8_num_shr(-32768, 16), -0.5);
    cr_assert_eq(m8_num_shl(1, 4), 16);
    cr_assert_eq(m8_num_shl(1, 15), -32768);
    cr_assert_eq(m8_num_shl(1, 16), 0);
    cr_assert_eq(m8_num_shl(1, 32), 0);
    cr_assert_eq(m8_num_shl(1, 100), 0);
    cr_assert_eq(m8_num_shl(16, -4), 1);          /* negative: the other way */
    cr_assert_eq(m8_num_shl(-1, -16), R(0xffff)); /* ... logically */
    cr_assert_eq(m8_num_shr(5, 32), 0);
    cr_assert_eq(m8_num_shr(-5, 32), R(-1));
    cr_assert_eq(m8_num_shr(-5, 1000), R(-1));
    cr_assert_eq(m8_num_shr(1, -4), 16);
    cr_assert_eq(m8_num_lshr(-1, 32), 0);
    cr_assert_eq(m8_num_lshr(-1, 31), R(1));
    cr_assert_eq(m8_num_lshr(1, -1), 2);
    cr_assert_eq(m8_num_shl(1, 1.9), 2);          /* count is flr(n) */
    cr_assert_eq(m8_num_shr(4, 1.5), 2);
    cr_assert_eq(m8_num_shl(1, NAN), 1);
    cr_assert_eq(m8_num_shl(1, INFINITY), 0);
    cr_assert_eq(m8_num_shl(1, -INFINITY), 0);
}

Test(p8num, rotates)
{
    cr_assert_eq(m8_num_rotl(1, 1), 2);
    cr_assert_eq(m8_num_rotr(1, 1), 0.5);
    cr_assert_eq(m8_num_rotr(R(1), 1), R(0x80000000));
    cr_assert_eq(m8_num_rotl(R(0x80000000), 1), R(1));
    cr_assert_eq(m8_num_rotl(1, 32), 1);
    cr_assert_eq(m8_num_rotl(1, 33), 2);
    cr_assert_eq(m8_num_rotr(1, -1), 2);          /* n & 31 */
    cr_assert_eq(m8_num_rotl(R(0x12345678), 8), R(0x34567812));
    cr_assert_eq(m8_num_rotr(R(0x12345678), 8), R(0x78123456));
}
