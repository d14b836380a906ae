/* editor_music.c - the music editor (docs/editors.md): the 64 patterns at 0x3100, 4 bytes
 * each, one a channel: bits 0-5 the sfx, bit 6 the channel disabled, bit 7 of bytes 0/1/2
 * the loop start / loop end / stop flags. The selected pattern's channels (on/off, sfx
 * number, a small picture of the sfx's notes), its flags, and all 64 patterns as a grid.
 * Space plays the music from the selected pattern (editor_sound.c) or stops it.
 * Depends on: editor_internal.h. */
#include <stdio.h>
#include <string.h>
#include "editor_internal.h"

#define ROW_A 8                 /* pattern number, flags */
#define CHAN_Y 16               /* channel headers; their notes below, CHAN_H tall */
#define CHAN_NOTES_Y 24
#define CHAN_H 24
#define GRID_Y 52               /* the 64 patterns, 8 a row, cells of 16x8 */

/* Row A's fields: x, width */
enum { F_PATTERN, F_LOOP0, F_LOOP1, F_STOP, F_COUNT };
static const struct { int x, w; } field[F_COUNT] = { { 15, 11 }, { 47, 23 }, { 72, 15 }, { 89, 19 } };

static int chan_byte(const m8_editor *ed, int p, int c) { return ed->doc[M8_MUSIC + 4 * p + c]; }
static void set_chan_byte(m8_editor *ed, int p, int c, int v)
{
    if (chan_byte(ed, p, c) != (v & 255)) ed_poke(ed, M8_MUSIC + 4 * p + c, (uint8_t)v);
}

static int pattern_used(const m8_editor *ed, int p)
{
    for (int c = 0; c < 4; c++)
        if (!(chan_byte(ed, p, c) & 0x40)) return 1;
    return 0;
}

void ed_music_init(m8_editor *ed) { ed->mus.pattern = 0; }

static void select_pattern(m8_editor *ed, int p) { ed->mus.pattern = (p % 64 + 64) % 64; }

/* Flag f (0 loop start, 1 loop end, 2 stop) of the selected pattern toggled. */
static void toggle_flag(m8_editor *ed, int f)
{
    int p = ed->mus.pattern;
    ed_begin_edit(ed);
    set_chan_byte(ed, p, f, chan_byte(ed, p, f) ^ 0x80);
}

static void toggle_channel(m8_editor *ed, int c)
{
    int p = ed->mus.pattern;
    ed_begin_edit(ed);
    set_chan_byte(ed, p, c, chan_byte(ed, p, c) ^ 0x40);
}

void ed_music_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel)
{
    (void)released;
    int p = ed->mus.pattern, step;
    if ((step = ed_field_step(x, y, field[F_PATTERN].x, ROW_A, field[F_PATTERN].w, pressed, wheel))) {
        select_pattern(ed, p + step);
        return;
    }
    for (int f = F_LOOP0; f <= F_STOP; f++)
        if ((pressed & 1) && ed_in(x, y, field[f].x, ROW_A, field[f].w, 7)) {
            toggle_flag(ed, f - F_LOOP0);
            return;
        }
    for (int c = 0; c < 4; c++) {
        int cx = 32 * c;
        if ((pressed & 1) && ed_in(x, y, cx + 1, CHAN_Y, 7, 7)) {
            toggle_channel(ed, c);
            return;
        }
        if ((step = ed_field_step(x, y, cx + 10, CHAN_Y, 11, pressed, wheel))) {
            int b = chan_byte(ed, p, c);
            ed_begin_edit(ed);
            set_chan_byte(ed, p, c, (b & 0xc0) | (((b & 63) + step % 64 + 64) % 64));
            return;
        }
    }
    if ((pressed & 1) && ed_in(x, y, 0, GRID_Y, 128, 64))
        select_pattern(ed, (y - GRID_Y) / 8 * 8 + x / 16);
}

int ed_music_key(m8_editor *ed, int key, int mods)
{
    if (mods & M8_MOD_CTRL) return 0;
    int p = ed->mus.pattern;
    switch (key) {
    case ' ':
        if (ed->sound != ED_SOUND_NONE) ed_sound_stop(ed);
        else ed_sound_music(ed, p);
        return 1;
    case M8_KEY_LEFT: case ',': select_pattern(ed, p - 1); return 1;
    case M8_KEY_RIGHT: case '.': select_pattern(ed, p + 1); return 1;
    case M8_KEY_UP: select_pattern(ed, p - 8); return 1;
    case M8_KEY_DOWN: select_pattern(ed, p + 8); return 1;
    case '1': case '2': case '3': case '4': toggle_channel(ed, key - '1'); return 1;
    default: return 0;
    }
}

/* The notes of sfx n as a picture 32 pixels wide at x,y (a pixel column a note) on `bg`. */
static void draw_sfx_notes(m8_editor *ed, int n, int x, int y, int playing_note, int on, int bg)
{
    ed_box(ed, x, y, x + 31, y + CHAN_H - 1, bg);
    if (playing_note >= 0 && playing_note < 32)
        ed_box(ed, x + playing_note, y, x + playing_note, y + CHAN_H - 1, 5);
    for (int i = 0; i < 32; i++) {
        int a = M8_SFX + M8_SFX_SIZE * n + 2 * i;
        unsigned w = (unsigned)(ed->doc[a] | ed->doc[a + 1] << 8);
        if (!(w >> 9 & 7)) continue;
        int h = 1 + (int)(w & 63) * (CHAN_H - 2) / 63;
        ed_box(ed, x + i, y + CHAN_H - h, x + i, y + CHAN_H - 1, on ? 12 : 13);
    }
}

void ed_music_draw(m8_editor *ed)
{
    int p = ed->mus.pattern;
    int playing = ed->sound == ED_SOUND_MUSIC ? ed_sound_stat(ed, 24) : -1;
    char t[8];
    ed_text(ed, 1, ROW_A + 1, 7, "pat");
    snprintf(t, sizeof t, "%02d", p);
    ed_button(ed, field[F_PATTERN].x, ROW_A, field[F_PATTERN].w, t, 1);
    ed_text(ed, 30, ROW_A + 1, 7, "loop");
    static const char *const flags[3] = { "start", "end", "stop" };
    for (int f = 0; f < 3; f++)
        ed_button(ed, field[F_LOOP0 + f].x, ROW_A, field[F_LOOP0 + f].w, flags[f],
                  chan_byte(ed, p, f) >> 7);
    if (playing >= 0) ed_text(ed, 112, ROW_A + 1, 11, "%02d", playing);
    for (int c = 0; c < 4; c++) {
        int b = chan_byte(ed, p, c), on = !(b & 0x40), cx = 32 * c;
        char label[2] = { (char)('1' + c), 0 };
        ed_button(ed, cx + 1, CHAN_Y, 7, label, on);
        snprintf(t, sizeof t, "%02d", b & 63);
        ed_button(ed, cx + 10, CHAN_Y, 11, t, on);
        int note = playing == p && on ? ed_sound_stat(ed, 20 + c) : -1;
        draw_sfx_notes(ed, b & 63, cx, CHAN_NOTES_Y, note, on, c & 1);   /* 0 and 1 alternate */
    }
    for (int q = 0; q < 64; q++) {
        int x = 16 * (q % 8), y = GRID_Y + 8 * (q / 8);
        int bg = q == p ? 7 : q == playing ? 12 : 1;
        ed_box(ed, x + 1, y, x + 14, y + 6, bg);
        ed_text(ed, x + 4, y + 1, q == p ? 0 : pattern_used(ed, q) ? 7 : 13, "%02d", q);
        if (chan_byte(ed, q, 0) & 0x80) ed_box(ed, x + 1, y, x + 1, y + 6, 11);    /* loop start */
        if (chan_byte(ed, q, 1) & 0x80) ed_box(ed, x + 14, y, x + 14, y + 6, 8);   /* loop end */
        if (chan_byte(ed, q, 2) & 0x80) ed_box(ed, x + 13, y + 5, x + 14, y + 6, 9); /* stop */
    }
    char status[48];
    snprintf(status, sizeof status, "pattern %02d %s", p, playing >= 0 ? "playing" : "");
    for (int c = 0; c < 4; c++) {
        int b = chan_byte(ed, p, c);
        char ch[4];
        if (b & 0x40) snprintf(ch, sizeof ch, " --");
        else snprintf(ch, sizeof ch, " %02d", b & 63);
        if (playing < 0) strncat(status, ch, sizeof status - strlen(status) - 1);
    }
    ed_bottom_bar(ed, status);
}
