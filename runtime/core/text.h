/* text.h - the text engine behind print(): P8SCII strings drawn with the built-in or the
 * custom font (reference 1.7, 1.9, 1.10 0x5f58-0x5f5b, 3, 8.5 and the manual's Appendix A).
 *
 * Every control code 0-15 and every `\^` command is interpreted; glyphs are drawn through
 * m8_plot() (clip, screen remap, bit-plane mask) after the draw palette and the camera.
 * The engine never blocks. Printing can be done in one call (m8_text_print: frame waits are
 * only reported to a hook) or in resumable steps (m8_text_begin / step / end): a step stops
 * at each frame wait (`\^1`..`\^9`, the `\^d` per-char delay) and says how many frames to
 * wait; the caller lets them pass and steps on with every attribute intact. Audio strings
 * (`\a`) go to an optional host hook. Depends on: ram.h, pixel.h, font.h. */
#ifndef M8_TEXT_H
#define M8_TEXT_H

#include <stdint.h>

typedef struct m8_text_hooks {
    void *user;
    /* `\a` audio: str/len = the rest of the string after `\a`; returns how many bytes the
     * audio command used (e.g. m8_synth_play_string); printing resumes after them. A negative
     * return, or a NULL hook, skips up to the next space or control code instead. */
    int (*audio)(void *user, const char *str, int len);
    /* m8_text_print only: frame waits met in the text, `\^1`..`\^9` (1,2,4..256 frames) and
     * the `\^d` delay after each drawn char, in order. Printing itself does not wait.
     * May be NULL. */
    void (*wait)(void *user, int frames);
} m8_text_hooks;

/* The whole state of one print in progress. Plain data (no pointer into the string, the
 * hooks are copied), so it may be copied, e.g. into a Lua userdata, between steps. The RAM
 * it points to must stay where it is. Fields are the engine's own: read, do not write. */
typedef struct m8_text_state {
    const uint8_t *rd;          /* RAM to read */
    uint8_t *wr;                /* the same RAM to write, NULL when only measuring */
    m8_text_hooks hooks;
    int pos;                    /* next byte of the string to interpret */
    int done, stopped;          /* string finished; it finished at `\0` (no newline) */
    int x, y, home_x, home_y;   /* cursor (camera not yet subtracted) */
    int fg, bg, fg_changed;
    int cam_x, cam_y;           /* camera when printing began */
    int scroll;                 /* cursor form with scrolling allowed */
    int in_decoration;          /* drawing a `\v` char: no wrap */
    /* attributes: start from the defaults (0x5f58-0x5f5b) on every print */
    int wide, tall, stripey, invert, pad, solid, custom;
    int char_w, char_w2, char_h, off_x, off_y, tab_w; /* built-in font metrics */
    int over_w, over_h, over_tab;                     /* `\^x` `\^y` `\^s` (-1 = not set) */
    int wrap_r;                 /* `\^r` right border, 0 = none */
    int delay;                  /* `\^d` frames after each drawn char */
    int repeat;                 /* `\*` count for the next char, -1 = none */
    /* chars still to draw for a `\*` repeat (so a delay can fall between them) */
    int pend_n, pend_c, pend_oneoff, pend_pad;
    uint8_t pend_bits[8];       /* the one-off glyph being repeated */
    /* bookkeeping */
    int rightmost;              /* right-most cursor x reached: print's result */
    int line_h;                 /* tallest cell drawn on the current line, 0 = none yet */
    int last_x, last_y, last_adv;
    /* what print costs (api/api_text.c): the area of the character cells drawn so far
     * (advance x height, scaled by the modes) and how many were drawn */
    long cell_px;
    int cells;
} m8_text_state;

/* Start print(str, [x, y], [col]) on `ram`: has_xy = coordinates given, has_col = colour
 * given (it becomes the pen at once). `hooks` may be NULL; it is copied. */
void m8_text_begin(m8_text_state *st, uint8_t *ram, int has_xy, int x, int y, int has_col,
                   int col, const m8_text_hooks *hooks);
/* Interpret the string (the same s/len at every step) from where the last step stopped.
 * Returns 0 when the string is finished, or N > 0 at a frame wait: the caller should let N
 * frames pass, then step again. Only drawing states stop at waits (never measuring ones). */
int m8_text_step(m8_text_state *st, const char *s, int len);
/* Finish: the trailing newline (unless stopped at `\0` or 0x5f36 & 0x04, scrolling in the
 * cursor form), cursor / home x / pen written back to RAM. Returns the right-most cursor x
 * reached; *out_y (if not NULL) = final cursor y. */
int m8_text_end(m8_text_state *st, int *out_y);

/* All at once: begin, every step (waits reported to hooks->wait, not performed), end. */
int m8_text_print(uint8_t *ram, const char *s, int len, int has_xy, int x, int y, int has_col,
                  int col, const m8_text_hooks *hooks, int *out_y);

/* Width in pixels print(s, 0, y) would report (widest line), with the same attributes,
 * without drawing or touching RAM. */
int m8_text_width(const uint8_t *ram, const char *s, int len);
/* The character cells print(s) would draw, without drawing: their area (cell_px) and
 * number (cells), as m8_text_state counts them (print's cost). */
void m8_text_cells(const uint8_t *ram, const char *s, int len, long *cell_px, int *cells);

#endif
