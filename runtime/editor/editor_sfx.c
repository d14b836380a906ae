/* editor_sfx.c - the sfx editor (docs/editors.md): one of the 64 sfx at 0x3200 (68 bytes:
 * 32 notes of pitch, instrument, volume, effect and the custom-instrument bit, then the
 * mode/filter byte, speed, loop start, loop end), shown as a pitch view (a bar per note,
 * drawn with the mouse, volumes and effects below it) or as a tracker (the notes as rows,
 * typed with PICO-8's two-octave note keys and digits); the view is bit 0 of the sfx's mode
 * byte, as in PICO-8. The pen (instrument, custom bit, volume, effect) is what new notes
 * get. Space plays or stops the sfx (editor_sound.c).
 * Depends on: editor_internal.h. */
#include <stdio.h>
#include <string.h>
#include "editor_internal.h"

/* Screen layout */
#define ROW_A 8                 /* sfx number, speed, loop, view */
#define ROW_B 16                /* filters, pen, octave */
#define PITCH_Y 24              /* pitch view: 64 pitches, pitch p on row PITCH_BOTTOM - p */
#define PITCH_BOTTOM 87
#define VOL_Y 90                /* volumes 1-7, 2 pixels a step, bottom at VOL_BOTTOM */
#define VOL_BOTTOM 103
#define FX_Y 106                /* effect digits */
#define TRACK_Y 24              /* tracker: 16 rows of 6 pixels in two halves */

/* Fields of rows A and B: x, width */
enum { F_SFX, F_SPEED, F_LOOP0, F_LOOP1, F_VIEW, F_NOIZ, F_BUZZ, F_DETUNE, F_REVERB, F_DAMPEN,
       F_INS, F_CUSTOM, F_VOL, F_FX, F_OCT, F_COUNT };
static const struct { int x, y, w; } field[F_COUNT] = {
    { 13, ROW_A, 11 }, { 39, ROW_A, 15 }, { 73, ROW_A, 11 }, { 85, ROW_A, 11 },
    { 103, ROW_A, 24 },
    { 1, ROW_B, 9 }, { 11, ROW_B, 9 }, { 21, ROW_B, 13 }, { 35, ROW_B, 13 }, { 49, ROW_B, 13 },
    { 64, ROW_B, 9 }, { 74, ROW_B, 7 }, { 82, ROW_B, 9 }, { 92, ROW_B, 9 }, { 102, ROW_B, 9 },
};

/* Instrument colours of the pitch bars (custom instruments: INS_CUSTOM_COL) */
static const int ins_col[8] = { 11, 12, 14, 9, 10, 13, 6, 8 };
#define INS_CUSTOM_COL 15

static int sfx_base(const m8_editor *ed) { return M8_SFX + M8_SFX_SIZE * ed->sfx.sfx; }

static unsigned note_word(const m8_editor *ed, int i)
{
    int a = sfx_base(ed) + 2 * i;
    return (unsigned)(ed->doc[a] | ed->doc[a + 1] << 8);
}

static void set_note_word(m8_editor *ed, int i, unsigned w)
{
    int a = sfx_base(ed) + 2 * i;
    if (note_word(ed, i) == (w & 0xffff)) return;
    ed_poke(ed, a, (uint8_t)w);
    ed_poke(ed, a + 1, (uint8_t)(w >> 8));
}

static int n_pitch(unsigned w) { return (int)(w & 63); }
static int n_ins(unsigned w) { return (int)(w >> 6 & 7); }
static int n_vol(unsigned w) { return (int)(w >> 9 & 7); }
static int n_fx(unsigned w) { return (int)(w >> 12 & 7); }
static int n_custom(unsigned w) { return (int)(w >> 15 & 1); }

static unsigned make_note(int pitch, int ins, int vol, int fx, int custom)
{
    return (unsigned)(pitch & 63) | (unsigned)(ins & 7) << 6 | (unsigned)(vol & 7) << 9 |
           (unsigned)(fx & 7) << 12 | (unsigned)(custom & 1) << 15;
}

/* A note with the pen's instrument, volume and effect at `pitch`. */
static unsigned pen_note(const m8_editor *ed, int pitch)
{
    const ed_sfx_state *s = &ed->sfx;
    return make_note(pitch, s->instrument, s->volume, s->effect, s->custom);
}

/* The header bytes: 64 mode and filters, 65 speed, 66 loop start, 67 loop end. */
static int header(const m8_editor *ed, int k) { return ed->doc[sfx_base(ed) + 64 + k]; }
static void set_header(m8_editor *ed, int k, int v)
{
    if (header(ed, k) != (v & 255)) ed_poke(ed, sfx_base(ed) + 64 + k, (uint8_t)v);
}

/* The mode byte's parts: bit 0 view (1 tracker), bit 1 noiz, bit 2 buzz, then base-3 digits
 * detune, reverb, dampen (reference 1.6). */
enum { MODE_VIEW, MODE_NOIZ, MODE_BUZZ, MODE_DETUNE, MODE_REVERB, MODE_DAMPEN };
static int mode_part(int b, int part)
{
    switch (part) {
    case MODE_VIEW: return b & 1;
    case MODE_NOIZ: return b >> 1 & 1;
    case MODE_BUZZ: return b >> 2 & 1;
    case MODE_DETUNE: return b / 8 % 3;
    case MODE_REVERB: return b / 24 % 3;
    default: return b / 72 % 3;
    }
}

static int mode_with(int b, int part, int v)
{
    int p[6];
    for (int i = 0; i < 6; i++) p[i] = mode_part(b, i);
    p[part] = v;
    return p[0] | p[1] << 1 | p[2] << 2 | 8 * (p[3] + 3 * p[4] + 9 * p[5]);
}

static int tracker_view(const m8_editor *ed) { return mode_part(header(ed, 0), MODE_VIEW); }

static int wrap(int v, int lo, int hi) { return v < lo ? hi : v > hi ? lo : v; }
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void ed_sfx_init(m8_editor *ed)
{
    ed_sfx_state *s = &ed->sfx;
    memset(s, 0, sizeof *s);
    s->sfx = 0;
    s->volume = 5;
    s->octave = 2;
}

/* "c#2" for pitch p (p = 0 is C0); "..." for a silent note. */
static void note_name(unsigned w, char out[4])
{
    static const char names[12][3] = { "c-", "c#", "d-", "d#", "e-", "f-", "f#", "g-", "g#",
                                       "a-", "a#", "b-" };
    if (n_vol(w) == 0) {
        memcpy(out, "...", 4);
        return;
    }
    int p = n_pitch(w);
    out[0] = names[p % 12][0];
    out[1] = names[p % 12][1];
    out[2] = (char)('0' + p / 12);
    out[3] = 0;
}

/* Edit sfx n (wrapping 0-63); the tracker cursor stays where it is. */
static void select_sfx(m8_editor *ed, int n)
{
    ed->sfx.sfx = wrap(n, 0, 63);
}

/* --- mouse --- */

static void header_field(m8_editor *ed, int f, int step)
{
    ed_sfx_state *s = &ed->sfx;
    int mode = header(ed, 0);
    switch (f) {
    case F_SFX: select_sfx(ed, (s->sfx + step % 64 + 64) % 64); return;
    case F_INS: s->instrument = (s->instrument + step % 8 + 8) % 8; return;
    case F_CUSTOM: s->custom = !s->custom; return;
    case F_VOL: s->volume = clampi(s->volume + step, 1, 7); return;
    case F_FX: s->effect = (s->effect + step % 8 + 8) % 8; return;
    case F_OCT: s->octave = clampi(s->octave + step, 0, 4); return;
    default: break;
    }
    ed_begin_edit(ed);                  /* the others are the sfx's own bytes */
    switch (f) {
    case F_SPEED: set_header(ed, 1, clampi(header(ed, 1) + step, 1, 255)); break;
    case F_LOOP0: set_header(ed, 2, (header(ed, 2) & 0xc0) | clampi((header(ed, 2) & 63) + step, 0, 63)); break;
    case F_LOOP1: set_header(ed, 3, clampi(header(ed, 3) + step, 0, 63)); break;
    case F_VIEW: set_header(ed, 0, mode_with(mode, MODE_VIEW, !mode_part(mode, MODE_VIEW))); break;
    case F_NOIZ: set_header(ed, 0, mode_with(mode, MODE_NOIZ, !mode_part(mode, MODE_NOIZ))); break;
    case F_BUZZ: set_header(ed, 0, mode_with(mode, MODE_BUZZ, !mode_part(mode, MODE_BUZZ))); break;
    default: {
        int part = f - F_DETUNE + MODE_DETUNE;
        set_header(ed, 0, mode_with(mode, part, (mode_part(mode, part) + step % 3 + 3) % 3));
        break;
    }
    }
}

/* The left button in the pitch view at note column c, screen y. */
static void pitch_paint(m8_editor *ed, int c, int y)
{
    if (c < 0 || c > 31) return;
    unsigned w = note_word(ed, c);
    if (y >= PITCH_Y && y <= PITCH_BOTTOM) {
        set_note_word(ed, c, pen_note(ed, PITCH_BOTTOM - y));
    } else if (y >= VOL_Y && y <= VOL_BOTTOM + 1) {
        int v = clampi((VOL_BOTTOM + 2 - y) / 2, 0, 7);
        set_note_word(ed, c, make_note(n_pitch(w), n_ins(w), v, n_fx(w), n_custom(w)));
    } else if (y >= FX_Y - 1 && y <= FX_Y + 5) {
        set_note_word(ed, c, make_note(n_pitch(w), n_ins(w), n_vol(w), ed->sfx.effect, n_custom(w)));
    }
}

static int in_pitch_view(int y) { return y >= PITCH_Y && y <= FX_Y + 5; }

void ed_sfx_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel)
{
    ed_sfx_state *s = &ed->sfx;
    if (released & 1) s->drawing = 0;
    if (y < PITCH_Y) {
        for (int f = 0; f < F_COUNT; f++) {
            int step = ed_field_step(x, y, field[f].x, field[f].y, field[f].w, pressed, wheel);
            if (step) {
                header_field(ed, f, step);
                return;
            }
        }
        return;
    }
    if (tracker_view(ed)) {
        if (!(pressed & 1) || y >= ED_BOTTOM_Y) return;
        int half = x >= 64, row = (y - TRACK_Y) / 6, rx = x - 2 - 64 * half;
        if (row < 0 || row > 15) return;
        s->note = half * 16 + row;
        s->field = rx < 22 ? 0 : rx < 28 ? 1 : rx < 34 ? 2 : 3;
        return;
    }
    int c = x / 4;
    if ((pressed & 1) && in_pitch_view(y)) {
        ed_begin_edit(ed);
        s->drawing = 1;
    }
    if (s->drawing && (ed->mb & 1)) pitch_paint(ed, c, y);
    if ((pressed & 2) && y >= PITCH_Y && y <= PITCH_BOTTOM && c < 32) {   /* take the pen */
        unsigned w = note_word(ed, c);
        s->instrument = n_ins(w);
        s->custom = n_custom(w);
        if (n_vol(w)) s->volume = n_vol(w);
        s->effect = n_fx(w);
    }
}

/* --- keys --- */

/* PICO-8's note keys: two octaves from the lower one (z = C, q = C an octave up). */
static int note_key(int key)
{
    static const char keys[] = "zsxdcvgbhnjmq2w3er5t6y7u";
    const char *k = key > 0 && key < 128 ? strchr(keys, key) : NULL;
    return k ? (int)(k - keys) : -1;
}

static void cursor_move(ed_sfx_state *s, int dn, int df)
{
    s->note = clampi(s->note + dn, 0, 31);
    s->field += df;
    if (s->field > 3) {             /* past the effect: the other half's pitch */
        s->field = s->note < 16 ? 0 : 3;
        if (s->note < 16) s->note += 16;
    } else if (s->field < 0) {
        s->field = s->note >= 16 ? 3 : 0;
        if (s->note >= 16) s->note -= 16;
    }
}

static int tracker_key(m8_editor *ed, int key)
{
    ed_sfx_state *s = &ed->sfx;
    unsigned w = note_word(ed, s->note);
    int k = note_key(key);
    if (s->field == 0 && k >= 0) {
        ed_begin_edit(ed);
        set_note_word(ed, s->note, pen_note(ed, clampi(s->octave * 12 + k, 0, 63)));
        cursor_move(s, 1, 0);
        return 1;
    }
    if (s->field > 0 && key >= '0' && key <= '7') {
        int d = key - '0';
        int ins = n_ins(w), vol = n_vol(w), fx = n_fx(w);
        if (s->field == 1) ins = d;
        else if (s->field == 2) vol = d;
        else fx = d;
        ed_begin_edit(ed);
        set_note_word(ed, s->note, make_note(n_pitch(w), ins, vol, fx, n_custom(w)));
        cursor_move(s, 1, 0);
        return 1;
    }
    switch (key) {
    case M8_KEY_UP: cursor_move(s, -1, 0); return 1;
    case M8_KEY_DOWN: cursor_move(s, 1, 0); return 1;
    case M8_KEY_LEFT: cursor_move(s, 0, -1); return 1;
    case M8_KEY_RIGHT: cursor_move(s, 0, 1); return 1;
    case M8_KEY_DELETE:
    case M8_KEY_BACKSPACE:
        ed_begin_edit(ed);
        set_note_word(ed, s->note, 0);
        if (key == M8_KEY_BACKSPACE) cursor_move(s, -1, 0);
        return 1;
    default: return 0;
    }
}

int ed_sfx_key(m8_editor *ed, int key, int mods)
{
    if (mods & M8_MOD_CTRL) return 0;       /* Ctrl+C is not the note E */
    if (key == ' ') {
        if (ed->sound != ED_SOUND_NONE) ed_sound_stop(ed);
        else ed_sound_sfx(ed, ed->sfx.sfx);
        return 1;
    }
    if (key == ',' || key == '.') {
        select_sfx(ed, ed->sfx.sfx + (key == '.' ? 1 : -1));
        return 1;
    }
    if (key == M8_KEY_ENTER) {
        header_field(ed, F_VIEW, 1);
        return 1;
    }
    return tracker_view(ed) ? tracker_key(ed, key) : 0;
}

/* --- drawing --- */

static void draw_fields(m8_editor *ed)
{
    const ed_sfx_state *s = &ed->sfx;
    int mode = header(ed, 0);
    char t[8];
    ed_text(ed, 1, ROW_A + 1, 7, "sfx");
    ed_text(ed, 27, ROW_A + 1, 7, "spd");
    ed_text(ed, 56, ROW_A + 1, 7, "loop");
    for (int f = 0; f < F_COUNT; f++) {
        int lit = 0;
        switch (f) {
        case F_SFX: snprintf(t, sizeof t, "%02d", s->sfx); break;
        case F_SPEED: snprintf(t, sizeof t, "%d", header(ed, 1)); break;
        case F_LOOP0: snprintf(t, sizeof t, "%d", header(ed, 2) & 63); break;
        case F_LOOP1: snprintf(t, sizeof t, "%d", header(ed, 3)); break;
        case F_VIEW: snprintf(t, sizeof t, "%s", tracker_view(ed) ? "track" : "pitch"); break;
        case F_NOIZ: snprintf(t, sizeof t, "nz"); lit = mode_part(mode, MODE_NOIZ); break;
        case F_BUZZ: snprintf(t, sizeof t, "bz"); lit = mode_part(mode, MODE_BUZZ); break;
        case F_DETUNE: case F_REVERB: case F_DAMPEN: {
            static const char *const names[3] = { "dt", "rv", "dp" };
            int v = mode_part(mode, f - F_DETUNE + MODE_DETUNE);
            snprintf(t, sizeof t, "%s%d", names[f - F_DETUNE], v);
            lit = v > 0;
            break;
        }
        case F_INS: snprintf(t, sizeof t, "i%d", s->instrument); break;
        case F_CUSTOM: snprintf(t, sizeof t, "c"); lit = s->custom; break;
        case F_VOL: snprintf(t, sizeof t, "v%d", s->volume); break;
        case F_FX: snprintf(t, sizeof t, "e%d", s->effect); break;
        default: snprintf(t, sizeof t, "o%d", s->octave); break;
        }
        ed_button(ed, field[f].x, field[f].y, field[f].w, t, lit);
    }
    /* the pen's fields are told apart by a coloured mark under them */
    ed_box(ed, field[F_INS].x, ROW_B + 7, field[F_CUSTOM].x + 6, ROW_B + 7,
           s->custom ? INS_CUSTOM_COL : ins_col[s->instrument]);
}

static void draw_pitch_view(m8_editor *ed, int playing_note)
{
    const ed_sfx_state *s = &ed->sfx;
    ed_box(ed, 0, PITCH_Y, 127, PITCH_BOTTOM, 0);
    for (int p = 0; p < 64; p += 12) ed_box(ed, 0, PITCH_BOTTOM - p, 127, PITCH_BOTTOM - p, 1);
    ed_box(ed, 0, VOL_Y, 127, VOL_BOTTOM, 0);
    ed_box(ed, 0, FX_Y - 1, 127, FX_Y + 5, 0);
    int loop0 = header(ed, 2) & 63, loop1 = header(ed, 3);
    for (int c = 0; c < 32; c++) {
        unsigned w = note_word(ed, c);
        int x = 4 * c;
        if (c == playing_note) {
            ed_box(ed, x, PITCH_Y, x + 3, PITCH_BOTTOM, 1);
            ed_box(ed, x, VOL_Y, x + 3, VOL_BOTTOM, 1);
            ed_box(ed, x, FX_Y - 1, x + 3, FX_Y + 5, 1);
        }
        if (n_vol(w)) {
            int col = n_custom(w) ? INS_CUSTOM_COL : ins_col[n_ins(w)];
            int top = PITCH_BOTTOM - n_pitch(w);
            ed_box(ed, x, top, x + 2, PITCH_BOTTOM, col);
            ed_box(ed, x, top, x + 2, top, 7);
            ed_box(ed, x, VOL_BOTTOM + 1 - 2 * n_vol(w), x + 2, VOL_BOTTOM, col);
        }
        ed_text(ed, x, FX_Y, !n_vol(w) ? 1 : n_fx(w) ? 6 : 13, "%d", n_fx(w));
    }
    if (loop0 < loop1 && loop1 <= 32) {             /* the loop: green start, red end */
        ed_box(ed, 4 * loop0, PITCH_Y, 4 * loop0, PITCH_BOTTOM, 11);
        ed_box(ed, 4 * loop1 - 1, PITCH_Y, 4 * loop1 - 1, PITCH_BOTTOM, 8);
    }
    (void)s;
}

static void draw_tracker(m8_editor *ed, int playing_note)
{
    const ed_sfx_state *s = &ed->sfx;
    ed_box(ed, 0, TRACK_Y - 1, 127, ED_BOTTOM_Y - 2, 0);
    static const int fx_x[4] = { 10, 24, 30, 36 }, fx_w[4] = { 12, 4, 4, 4 };
    for (int i = 0; i < 32; i++) {
        unsigned w = note_word(ed, i);
        int x = 2 + 64 * (i / 16), y = TRACK_Y + 6 * (i % 16);
        if (i == playing_note) ed_box(ed, x - 1, y - 1, x + 40, y + 5, 1);
        if (i == s->note) ed_box(ed, x + fx_x[s->field] - 1, y - 1,
                                 x + fx_x[s->field] + fx_w[s->field] - 1, y + 5, 2);
        char name[4];
        note_name(w, name);
        int on = n_vol(w) > 0;
        ed_text(ed, x, y, i == s->note ? 7 : 5, "%02d", i);
        ed_text(ed, x + 10, y, on ? 7 : 5, "%s", name);
        ed_text(ed, x + 24, y, on ? (n_custom(w) ? INS_CUSTOM_COL : ins_col[n_ins(w)]) : 5, "%d", n_ins(w));
        ed_text(ed, x + 30, y, on ? 12 : 5, "%d", n_vol(w));
        ed_text(ed, x + 36, y, on && n_fx(w) ? 13 : 5, "%d", n_fx(w));
    }
    ed_box(ed, 63, TRACK_Y - 1, 63, ED_BOTTOM_Y - 2, 5);
}

void ed_sfx_draw(m8_editor *ed)
{
    const ed_sfx_state *s = &ed->sfx;
    int playing = ed->sound != ED_SOUND_NONE && ed_sound_stat(ed, 16) == s->sfx ? ed_sound_stat(ed, 20) : -1;
    draw_fields(ed);
    int tracker = tracker_view(ed);
    if (tracker) draw_tracker(ed, playing);
    else draw_pitch_view(ed, playing);
    char status[48];
    int i = tracker ? s->note : ed->mx / 4;
    if (!tracker && !in_pitch_view(ed->my)) i = -1;
    if (i >= 0 && i < 32) {
        unsigned w = note_word(ed, i);
        char name[4];
        note_name(w, name);
        snprintf(status, sizeof status, "note %02d %s i%d%s v%d e%d", i, name, n_ins(w),
                 n_custom(w) ? "c" : "", n_vol(w), n_fx(w));
    } else {
        snprintf(status, sizeof status, "sfx %02d%s", s->sfx, ed->sound ? " playing" : "");
    }
    ed_bottom_bar(ed, status);
}
