/* test_sound_level.c - the window's volume steps and mute (sound_level.h): the settings'
 * fraction snapped to a step, steps clamped, mute keeping the level, the gain and text. */
#include <criterion/criterion.h>
#include "sound_level.h"

Test(sound_level, the_settings_volume_snaps_to_the_nearest_step)
{
    m8_sound_level v;
    m8_sound_level_set(&v, 0.6, 0);                 /* 4.8 eighths */
    cr_expect_eq(v.level, 5);
    cr_expect_float_eq(m8_sound_level_volume(&v), 0.625, 1e-9);
    m8_sound_level_set(&v, 1.0, 1);
    cr_expect_eq(v.level, 8);
    cr_expect_eq(v.muted, 1);
    cr_expect_float_eq(m8_sound_level_gain(&v), 0.0, 1e-9);
    m8_sound_level_set(&v, -3, 0);
    cr_expect_eq(v.level, 0);
}

Test(sound_level, steps_stay_in_range_and_unmute)
{
    m8_sound_level v;
    m8_sound_level_set(&v, 1.0, 0);
    m8_sound_level_step(&v, 1);
    cr_expect_eq(v.level, 8);
    for (int i = 0; i < 10; i++) m8_sound_level_step(&v, -1);
    cr_expect_eq(v.level, 0);
    m8_sound_level_step(&v, 1);
    m8_sound_level_toggle_mute(&v);
    cr_expect_eq(v.muted, 1);
    cr_expect_eq(v.level, 1, "mute keeps the level");
    m8_sound_level_step(&v, 1);
    cr_expect_eq(v.muted, 0);
    cr_expect_float_eq(m8_sound_level_gain(&v), 0.25, 1e-9);
}

Test(sound_level, text_says_the_level_and_mute)
{
    m8_sound_level v;
    char text[40];
    m8_sound_level_set(&v, 0.625, 0);
    m8_sound_level_text(&v, text, sizeof text);
    cr_expect_str_eq(text, "volume 5/8");
    m8_sound_level_toggle_mute(&v);
    m8_sound_level_text(&v, text, sizeof text);
    cr_expect_str_eq(text, "muted (volume 5/8)");
}
