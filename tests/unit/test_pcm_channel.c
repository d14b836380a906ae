/* test_pcm_channel.c - Criterion suite "pcm_channel": PCM playback through serial 0x808
 * (runtime/core/pcm_channel.c): every queued byte held for 4 output samples at
 * (s - 128) * 64, mixed onto the synth's samples with saturation, silence once empty, the
 * FIFO's room and addresses wrapping at 64 KiB, a muted machine still consuming; and a cart
 * feeding a 5512.5/16 Hz square wave through serial() heard in mote8_pull_audio's samples.
 * Depends on: pcm_channel.h, ram.h, mote8.h, Criterion. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "mote8.h"
#include "pcm_channel.h"
#include "ram.h"

static uint8_t ram[M8_RAM_SIZE];
static m8_pcm_channel ch;

Test(pcm_channel, each_byte_is_held_for_four_samples)
{
    m8_pcm_channel_reset(&ch);
    ram[0x4300] = 128;
    ram[0x4301] = 255;
    ram[0x4302] = 0;
    cr_assert_eq(m8_pcm_channel_write(&ch, ram, 0x4300, 3), 3);
    cr_assert_eq(m8_pcm_channel_queued(&ch), 3);
    int16_t out[16];
    for (int i = 0; i < 16; i++) out[i] = 100;
    m8_pcm_channel_mix(&ch, out, 16);
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(out[i], 100);
        cr_assert_eq(out[4 + i], 100 + 127 * 64);
        cr_assert_eq(out[8 + i], 100 - 128 * 64);
        cr_assert_eq(out[12 + i], 100);                  /* empty: the synth alone */
    }
    cr_assert_eq(m8_pcm_channel_queued(&ch), 0);
}

Test(pcm_channel, saturates_on_a_loud_synth)
{
    m8_pcm_channel_reset(&ch);
    ram[0] = 255;
    ram[1] = 0;
    m8_pcm_channel_write(&ch, ram, 0, 2);
    int16_t out[8] = { 30000, 30000, 30000, 30000, -30000, -30000, -30000, -30000 };
    m8_pcm_channel_mix(&ch, out, 8);
    cr_assert_eq(out[0], 32767);
    cr_assert_eq(out[7], -32768);
}

Test(pcm_channel, fifo_room_and_wrapping_addresses)
{
    m8_pcm_channel_reset(&ch);
    for (int i = 0; i < M8_RAM_SIZE; i++) ram[i] = (uint8_t)i;
    cr_assert_eq(m8_pcm_channel_room(&ch), M8_PCM_FIFO);
    cr_assert_eq(m8_pcm_channel_write(&ch, ram, 0xfffe, 4), 4);   /* 0xfffe 0xffff 0 1 */
    cr_assert_eq(m8_pcm_channel_write(&ch, ram, 0, -5), 0);
    cr_assert_eq(m8_pcm_channel_write(&ch, ram, 0, 100000), M8_PCM_FIFO - 4);
    cr_assert_eq(m8_pcm_channel_room(&ch), 0);
    cr_assert_eq(m8_pcm_channel_write(&ch, ram, 0, 10), 0);
    int16_t out[8] = { 0 };
    m8_pcm_channel_mix(&ch, out, 8);
    cr_assert_eq(out[0], (0xfe - 128) * 64);
    cr_assert_eq(out[4], (0xff - 128) * 64);
    cr_assert_eq(m8_pcm_channel_room(&ch), 2);
    m8_pcm_channel_advance(&ch, 4 * 10);                /* time passes unheard */
    cr_assert_eq(m8_pcm_channel_room(&ch), 12);
    m8_pcm_channel_advance(&ch, 1 << 20);
    cr_assert_eq(m8_pcm_channel_queued(&ch), 0);
}

/* A cart keeping the FIFO fed with a square wave of 16-sample periods (344.5 Hz):
 * the output alternates between +-(100*64) plus the silent synth's 0 in runs of 32. */
Test(pcm_channel, a_cart_plays_through_serial)
{
    static const char cart[] =
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n"
        "for i=0,15 do poke(0x4300+i,i<8 and 228 or 28) end\n"
        "function _update()\n"
        " while stat(109)>=16 do serial(0x808,0x4300,16) end\n"
        " if stat(108)+stat(109)~=2048 then printh('fail fifo') end\n"
        "end\n";
    mote8_config cfg = { 0 };
    mote8 *m8 = mote8_create(&cfg);
    cr_assert(m8);
    cr_assert_eq(mote8_load_cart(m8, cart, sizeof cart - 1, "pcm.p8"), 0, "%s", mote8_error(m8));
    mote8_input in = { 0 };
    static int16_t s[22050];
    int got = 0;
    for (int f = 0; f < 20; f++) {
        cr_assert_eq(mote8_tick(m8, &in), MOTE8_RUNNING, "%s", mote8_error(m8));
        got += mote8_pull_audio(m8, s + got, 22050 - got);
    }
    cr_assert_gt(got, 10000);
    int hi = 0, lo = 0, other = 0;
    for (int i = 0; i < got; i++) {
        if (s[i] == 100 * 64) hi++;
        else if (s[i] == -100 * 64) lo++;
        else other++;
    }
    cr_assert_eq(other, 0, "%d samples neither level", other);
    cr_assert_lt(abs(hi - lo), 64);
    /* runs of exactly 32 output samples (8 PCM samples held 4 each) after the first edge */
    int first = 1;
    while (first < got && s[first] == s[first - 1]) first++;
    for (int i = first; i + 32 < got; i += 32)
        for (int k = 1; k < 32; k++) cr_assert_eq(s[i + k], s[i], "at %d", i + k);
    mote8_destroy(m8);
}
