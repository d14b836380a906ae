/* test_p8trig.c - Criterion suite "p8trig": PICO-8's sin and cos read from the quarter wave
 * of runtime/core/p8trig.h against the formula mote8 computed them with before the table
 * (the double's sin rounded to the nearest 1/65536) for every fraction, and against the
 * facts of reference 7.6 (sin(0.25) = -1, sin(0.5) = 0 exactly, negative arguments, the
 * ends of the 16.16 range). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>

#include "p8trig.h"

#define TAU 6.283185307179586

/* The formula of api_math.c before the table, as a 16.16 pattern. */
static int32_t formula_sin(double x) { return (int32_t)floor(-sin(x * TAU) * 65536.0 + 0.5); }
static int32_t formula_cos(double x) { return (int32_t)floor(cos(x * TAU) * 65536.0 + 0.5); }

Test(p8trig, every_fraction_equals_the_formula)
{
    int bad_sin = 0, bad_cos = 0;
    for (int32_t f = 0; f < 65536; f++) {
        double x = f / 65536.0;
        if (m8_num_sin_raw(f) != formula_sin(x)) bad_sin++;
        if (m8_num_cos_raw(f) != formula_cos(x)) bad_cos++;
    }
    cr_assert_eq(bad_sin, 0, "sin: %d of 65536 fractions differ from the formula", bad_sin);
    cr_assert_eq(bad_cos, 0, "cos: %d of 65536 fractions differ from the formula", bad_cos);
}

/* Integer parts (negative ones through the two's complement pattern) leave the result as the
 * formula on the double gives it; the whole 2^32 range was checked once (docs/speed.md). */
Test(p8trig, integer_parts_and_negative_arguments)
{
    static const int32_t parts[] = { -32768, -1000, -2, -1, 1, 2, 7, 1000, 32767 };
    int bad = 0;
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
        for (int32_t f = 0; f < 65536; f += 7) {
            int32_t raw = (int32_t)((uint32_t)parts[k] << 16 | (uint32_t)f);
            double x = raw / 65536.0;
            if (m8_num_sin_raw(raw) != formula_sin(x) || m8_num_cos_raw(raw) != formula_cos(x)) bad++;
        }
    cr_assert_eq(bad, 0, "%d patterns differ from the formula", bad);
}

Test(p8trig, reference_facts)
{
    cr_assert_eq(m8_num_sin_raw(0), 0);
    cr_assert_eq(m8_num_sin_raw(0x4000), -0x10000);          /* sin(0.25) = -1 */
    cr_assert_eq(m8_num_sin_raw(0x8000), 0);                 /* sin(0.5) = 0 exactly */
    cr_assert_eq(m8_num_sin_raw(0xc000), 0x10000);           /* sin(0.75) = 1 */
    cr_assert_eq(m8_num_cos_raw(0), 0x10000);                /* cos(0) = 1 */
    cr_assert_eq(m8_num_cos_raw(0x4000), 0);
    cr_assert_eq(m8_num_cos_raw(0x8000), -0x10000);          /* cos(0.5) = -1 */
    cr_assert_eq(m8_num_cos_raw(0xc000), 0);
    cr_assert_eq(m8_num_sin_raw(-0x4000), 0x10000);          /* sin(-0.25) = 1 */
    cr_assert_eq(m8_num_cos_raw(-0x8000), -0x10000);         /* cos(-0.5) = -1 */
    cr_assert_eq(m8_num_sin_raw(0x10000), 0);                /* whole turns: sin(1) = 0 */
    cr_assert_eq(m8_num_cos_raw(-0x30000), 0x10000);         /* cos(-3) = 1 */
    cr_assert_eq(m8_num_sin_raw(INT32_MIN), 0);              /* -32768 */
    cr_assert_eq(m8_num_cos_raw(INT32_MIN), 0x10000);
    cr_assert_eq(m8_num_sin_raw(INT32_MAX), 6);              /* 0x7fff.ffff: -sin(-2pi/65536) */
    cr_assert_eq(m8_num_sin_raw(0x2000), -46341);            /* sin(0.125) = -0.7071 */
    cr_assert_eq(m8_num_cos_raw(0x2000), 46341);
    cr_assert_eq(m8_num_sin_raw(0x3ffff), m8_num_sin_raw(-1));   /* only the fraction counts */
}

Test(p8trig, symmetries)
{
    for (uint32_t f = 0; f < 65536; f++) {
        int32_t neg = (int32_t)(0u - f);
        cr_assert_eq(m8_num_sin_raw(neg), -m8_num_sin_raw((int32_t)f), "sin(-x) at 0x%04x", f);
        cr_assert_eq(m8_num_cos_raw(neg), m8_num_cos_raw((int32_t)f), "cos(-x) at 0x%04x", f);
        int32_t s = m8_num_sin_raw((int32_t)f), c = m8_num_cos_raw((int32_t)f);
        double r = ((double)s * s + (double)c * c) / 4294967296.0;   /* sin^2 + cos^2 */
        cr_assert(fabs(r - 1.0) < 4.0 / 65536.0, "sin^2+cos^2 = %f at 0x%04x", r, f);
    }
    for (int j = 1; j <= M8_TRIG_QUARTER; j++)
        cr_assert(m8_trig_quarter_wave[j] >= m8_trig_quarter_wave[j - 1], "rising at %d", j);
    cr_assert_eq(m8_trig_quarter_wave[M8_TRIG_QUARTER], 0x10000);
}
