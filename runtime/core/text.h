/* text.h - the text engine behind print(): P8SCII strings drawn with the built-in or the
 * custom font (reference 1.7, 1.9, 1.10 0x5f58-0x5f5b, 3, 8.5 and the manual's Appendix A).
 *
 * Every control code 0-15 and every `\^` command is interpreted; glyphs are drawn through
 * m8_plot() (clip, screen remap, bit-plane mask) after the draw palette and the camera.
 * The engine never blocks: frame waits (`\^1`..`\^9`, `\^d`) and audio strings (`\a`) are
 * handed to optional host hooks. Depends on: ram.h, pixel.h, font.h. */
#ifndef M8_TEXT_H
#define M8_TEXT_H

#include <stdint.h>

typedef struct m8_text_hooks {
    void *user;
    /* `\a` audio: str/len = the rest of the string after `\a`; returns how many bytes the
     * audio command used (e.g. m8_synth_play_string); printing resumes after them. A negative
     * return, or a NULL hook, skips up to the next space or control code instead. */
    int (*audio)(void *user, const char *str, int len);
    /* Frame waits requested by the text: `\^1`..`\^9` (1,2,4..256 frames) and the per-char
     * delay of `\^d` (reported after each drawn char). Printing itself never waits; the
     * host may accumulate these. May be NULL. */
    void (*wait)(void *user, int frames);
} m8_text_hooks;

/* print(str, [x, y], [col]): has_xy = coordinates given, has_col = colour given (it also
 * becomes the pen). Draws, updates cursor/home x/pen in RAM, scrolls in cursor mode.
 * Returns the right-most cursor x reached; *out_y (if not NULL) = final cursor y. */
int m8_text_print(uint8_t *ram, const char *s, int len, int has_xy, int x, int y, int has_col,
                  int col, const m8_text_hooks *hooks, int *out_y);

/* Width in pixels print(s, 0, y) would report (widest line), with the same attributes,
 * without drawing or touching RAM. */
int m8_text_width(const uint8_t *ram, const char *s, int len);

#endif
