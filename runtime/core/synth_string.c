/* synth_string.c - the `\a` audio strings of print(): parse, write an SFX into RAM, play it.
 *
 * Syntax (reference 8.5, manual appendix A): [sfx index] [s P0] [l P0 P1] then notes a-g with
 * optional # or - and an octave digit, `.` = rest; i P0 / v P0 / x P0 set instrument,
 * volume and effect for the following notes; < and > change the volume by one.
 * P0/P1 are single characters read as 0-9 then a=10, b=11, ... Parsing stops at the first
 * byte that is none of these (a space, for instance), which print() then draws as text.
 * Depends on: synth.h, ram.h. */
#include "synth.h"
#include "ram.h"

#define AS_DEFAULT_SPEED 4
#define AS_DEFAULT_OCTAVE 2
#define AS_DEFAULT_INST 5
#define AS_DEFAULT_VOL 5

static int param(const char *str, int len, int *i)
{
    if (*i >= len) return 0;
    unsigned char c = (unsigned char)str[(*i)++];
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 0;
}

int m8_synth_play_string(m8_synth *s, uint8_t *ram, const char *str, int len)
{
    static const int semis[7] = {9, 11, 0, 2, 4, 5, 7};  /* a b c d e f g */
    uint16_t notes[32] = {0};
    int i = 0, idx = -1, n = 0, data = 0;
    int speed = AS_DEFAULT_SPEED, ls = 0, le = 0;
    int inst = AS_DEFAULT_INST, vol = AS_DEFAULT_VOL, fx = 0, oct = AS_DEFAULT_OCTAVE;

    if (i < len && str[i] >= '0' && str[i] <= '9') {
        idx = 0;
        while (i < len && str[i] >= '0' && str[i] <= '9') idx = idx * 10 + (str[i++] - '0');
        if (idx > 63) idx = 63;
    }
    while (i < len) {
        char c = str[i];
        if (c == 's') { i++; speed = param(str, len, &i); data = 1; }
        else if (c == 'l') { i++; ls = param(str, len, &i); le = param(str, len, &i); data = 1; }
        else if (c == 'i') { i++; inst = param(str, len, &i) & 7; }
        else if (c == 'v') { i++; vol = param(str, len, &i) & 7; }
        else if (c == 'x') { i++; fx = param(str, len, &i) & 7; }
        else if (c == '<') { i++; if (vol > 0) vol--; }
        else if (c == '>') { i++; if (vol < 7) vol++; }
        else if (c == '.') {
            i++;
            if (n < 32) notes[n++] = 0;
            data = 1;
        } else if (c >= 'a' && c <= 'g') {
            int p = semis[c - 'a'];
            i++;
            if (i < len && str[i] == '#') { p++; i++; }
            else if (i < len && str[i] == '-') { p--; i++; }
            if (i < len && str[i] >= '0' && str[i] <= '9') oct = str[i++] - '0';
            p += 12 * oct;
            if (p < 0) p = 0;
            if (p > 63) p = 63;
            if (n < 32)
                notes[n++] = (uint16_t)(p | (inst << 6) | (vol << 9) | (fx << 12));
            data = 1;
        } else {
            break;
        }
    }
    if (!data && idx < 0) {     /* a bare "\a": one short beep */
        notes[n++] = (uint16_t)(33 | (AS_DEFAULT_INST << 6) | (AS_DEFAULT_VOL << 9));
        speed = 8;
        data = 1;
    }
    if (idx < 0) {              /* a free SFX among 60-63, else 60 */
        idx = 60;
        for (int k = 60; k < 64; k++)
            if (!m8_synth_sfx_playing(s, k)) { idx = k; break; }
    }
    if (data) {
        uint32_t a = M8_SFX + (uint32_t)idx * M8_SFX_SIZE;
        for (int k = 0; k < 32; k++) m8_poke_16(ram, a + 2 * k, notes[k]);
        ram[a + 64] = 0;
        ram[a + 65] = (uint8_t)(speed ? speed : 1);
        ram[a + 66] = (uint8_t)ls;
        ram[a + 67] = (uint8_t)le;
    }
    m8_synth_sfx(s, idx, -1, 0, 0);
    return i;
}
