/* input.h - button state for 8 players x 7 buttons and btnp auto-repeat (reference 10.3-10.4).
 * Depends on: ram.h. */
#ifndef M8_INPUT_H
#define M8_INPUT_H

#include <stdint.h>

#define M8_PLAYERS 8
#define M8_BUTTONS_PER_PLAYER 7   /* left right up down O X pause */

typedef struct m8_input {
    uint8_t held[M8_PLAYERS];                        /* bits 0-6 */
    uint16_t hold_frames[M8_PLAYERS][M8_BUTTONS_PER_PLAYER]; /* updates held, 0 = up */
} m8_input;

/* Latch a new button state before an update call; fps60 = the cart runs _update60. */
void m8_input_latch(m8_input *in, uint8_t *ram, const uint8_t held[M8_PLAYERS]);
int m8_btn(const m8_input *in, int b, int p);
int m8_btnp(const m8_input *in, const uint8_t *ram, int b, int p, int fps60);
/* btn()/btnp() with no argument: players 0 and 1 as bits 0-5 and 8-13. */
int m8_btn_bits(const m8_input *in);
int m8_btnp_bits(const m8_input *in, const uint8_t *ram, int fps60);

#endif
