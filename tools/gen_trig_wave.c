/* gen_trig_wave.c - writes runtime/core/p8trig_wave.c, the quarter wave behind PICO-8's sin
 * and cos (runtime/core/p8trig.h): entry j (0..16384) is sin(2*pi*j/65536) rounded to the
 * nearest 1/65536, as the 16.16 pattern, computed with the formula mote8 used before the
 * table (floor(v * 65536 + 0.5) of the double). Checked in so that every platform's build
 * gets the same results whatever its libm; tests/unit/test_p8trig.c checks the table against
 * the formula for every fraction. Usage: gen_trig_wave > runtime/core/p8trig_wave.c
 * Depends on: libc, libm. */
#include <math.h>
#include <stdio.h>

#define TAU 6.283185307179586
#define ENTRIES 16385
#define PER_LINE 8

int main(void)
{
    printf("/* p8trig_wave.c - the quarter wave of PICO-8's sin and cos (p8trig.h): entry j is\n"
           " * sin(2*pi*j/65536) rounded to the nearest 1/65536, as the 16.16 pattern.\n"
           " *\n"
           " * GENERATED FILE - do not edit. Written by tools/gen_trig_wave.c\n"
           " * (build/bin/gen_trig_wave > runtime/core/p8trig_wave.c).\n"
           " * Depends on: p8trig.h. */\n"
           "#include \"p8trig.h\"\n\n"
           "const int32_t m8_trig_quarter_wave[M8_TRIG_QUARTER + 1] = {\n");
    for (int j = 0; j < ENTRIES; j++) {
        long v = (long)floor(sin(j / 65536.0 * TAU) * 65536.0 + 0.5);
        if (j % PER_LINE == 0) printf("   ");
        printf(" %ld,", v);
        if (j % PER_LINE == PER_LINE - 1 || j == ENTRIES - 1) printf("\n");
    }
    printf("};\n");
    return 0;
}
