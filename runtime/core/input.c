/* input.c - btn/btnp state (reference 10.3, 10.4).
 * btnp is true on the first update a button is down, then after the initial delay and
 * every interval while held. Delay and interval come from 0x5f5c/0x5f5d in 30-fps frames
 * (0 = defaults 15 and 4; 0x5f5c = 255 disables repeat); at 60 fps they are doubled so the
 * real time stays the same. Held buttons are mirrored to 0x5f4c+p.
 * Depends on: input.h, ram.h. */
#include "input.h"
#include "ram.h"

void m8_input_latch(m8_input *in, uint8_t *ram, const uint8_t held[M8_PLAYERS])
{
    for (int p = 0; p < M8_PLAYERS; p++) {
        in->held[p] = held[p] & 0x7f;
        for (int b = 0; b < M8_BUTTONS_PER_PLAYER; b++) {
            if (in->held[p] & (1 << b)) {
                if (in->hold_frames[p][b] < 0xffff) in->hold_frames[p][b]++;
            } else {
                in->hold_frames[p][b] = 0;
            }
        }
        ram[M8_BUTTONS + p] = in->held[p] & 0x3f;
    }
}

static int valid(int b, int p)
{
    return b >= 0 && b < M8_BUTTONS_PER_PLAYER && p >= 0 && p < M8_PLAYERS;
}

int m8_btn(const m8_input *in, int b, int p)
{
    return valid(b, p) && (in->held[p] >> b) & 1;
}

int m8_btnp(const m8_input *in, const uint8_t *ram, int b, int p, int fps60)
{
    if (!valid(b, p)) return 0;
    int h = in->hold_frames[p][b];
    if (h == 0) return 0;
    if (h == 1) return 1;
    int delay = ram[M8_BTNP_DELAY], interval = ram[M8_BTNP_INTERVAL];
    if (delay == 255) return 0;
    if (delay == 0) delay = 15;
    if (interval == 0) interval = 4;
    if (fps60) {
        delay *= 2;
        interval *= 2;
    }
    return h > delay && (h - delay - 1) % interval == 0;
}

int m8_btn_bits(const m8_input *in)
{
    return (in->held[0] & 0x3f) | ((in->held[1] & 0x3f) << 8);
}

int m8_btnp_bits(const m8_input *in, const uint8_t *ram, int fps60)
{
    int bits = 0;
    for (int p = 0; p < 2; p++)
        for (int b = 0; b < 6; b++)
            if (m8_btnp(in, ram, b, p, fps60)) bits |= 1 << (b + 8 * p);
    return bits;
}
