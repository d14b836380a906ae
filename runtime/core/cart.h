/* cart.h - cart images and the .p8 text format.
 *
 * A cart is a 32 KiB ROM image (0x0000-0x42ff data as in RAM) plus its Lua source kept as
 * P8SCII bytes (tabs joined by "-->8" lines, exactly as in the file), the label, and any
 * sections this reader does not interpret, kept verbatim so writing gives them back.
 * Depends on: m8conf.h, ram.h, p8scii.h. */
#ifndef M8_CART_H
#define M8_CART_H

#include <stddef.h>
#include <stdint.h>
#include "m8conf.h"
#include "ram.h"

#define M8_CART_MAX_EXTRA 16
#define M8_CART_VERSION_DEFAULT 42  /* "version" the writer uses when cart->version is 0 */

typedef struct m8_cart_section {
    char *name;      /* e.g. "meta:title" for __meta:title__, or an unknown name */
    char *text;      /* the section's lines, UTF-8, '\n'-terminated */
} m8_cart_section;

typedef struct m8_cart {
    uint8_t rom[M8_ROM_SIZE];  /* 0x0000-0x42ff data; code lives in `code`, not here */
    char *code;                /* P8SCII bytes of __lua__ (NUL-terminated) */
    size_t code_len;
    int version;               /* "version N" line, 0 if missing */
    int has_label;
    uint8_t label[M8_SCREEN_W * M8_SCREEN_H];  /* 0-31 per pixel (16-31 = extended colours) */
    int section_present;       /* bit mask of M8_SEC_* found in the file */
    m8_cart_section extra[M8_CART_MAX_EXTRA];
    int n_extra;
} m8_cart;

enum {
    M8_SEC_LUA = 1, M8_SEC_GFX = 2, M8_SEC_GFF = 4, M8_SEC_MAP = 8,
    M8_SEC_SFX = 16, M8_SEC_MUSIC = 32, M8_SEC_LABEL = 64
};

/* Error text for the last failed load, naming the line when it is known. */
typedef struct m8_cart_error {
    int line;        /* 1-based line of the file, 0 if not applicable */
    char message[256];
} m8_cart_error;

/* Empty cart as PICO-8 makes it: zero data except music patterns 0x41 0x42 0x43 0x44 (all
 * channels off) and sfx speed 1 for sfx 0, 16 for sfx 1-63; code "" (never NULL unless out of
 * memory), version 0, no label, no sections present. */
void m8_cart_init(m8_cart *cart);
/* Those defaults as ROM bytes (M8_ROM_SIZE of them: data 0x0000-0x42ff, the rest zero). */
void m8_cart_rom_defaults(uint8_t *rom);
void m8_cart_free(m8_cart *cart);       /* frees code and extra sections */

/* Parse .p8 text (UTF-8, LF or CRLF). Initialises *cart itself (free an earlier cart first);
 * rows and sections the file does not give keep the m8_cart_init defaults. Returns 0 on
 * success; -1 with err filled (err may be NULL) and *cart left empty (m8_cart_free is safe). */
int m8_cart_read_p8(m8_cart *cart, const char *text, size_t len, m8_cart_error *err);

/* Put a printf-style message (no line) into err when not NULL; returns -1 (the cart-format
 * readers' error return). */
int m8_cart_fail(m8_cart_error *err, const char *fmt, ...);

/* Write .p8 text (LF line endings, PICO-8 section order, trailing default rows left out; a
 * data section is written when it was present in the input or holds non-default data, the
 * label when has_label, extra sections last); returns a malloc'd NUL-terminated buffer
 * (length in *out_len) or NULL. */
/* One row of __sfx__ (sfx n: 168 hex digits, the 4 header bytes then 32 notes of pitch,
 * instrument with the custom bit, volume, effect) or __music__ (pattern n: "FF AABBCCDD",
 * 11 characters) from ROM bytes, without a line end, into out (M8_CART_ROW_MAX bytes, NUL
 * ended); returns its length. The .p8 writer writes its rows with these, and so does the
 * editors' save. */
#define M8_CART_ROW_MAX 176
int m8_cart_sfx_row(const uint8_t *rom, int n, char *out);
int m8_cart_music_row(const uint8_t *rom, int n, char *out);

char *m8_cart_write_p8(const m8_cart *cart, size_t *out_len);

/* Split the code into tabs at "-->8" lines: returns the tab (0-based) and the line within
 * the tab (1-based) for a 1-based line number of `code`. A "-->8" line itself reports as the
 * line after the last line of the tab before it; lines < 1 count as line 1; lines past the
 * end keep counting in the last tab. */
void m8_cart_code_location(const m8_cart *cart, int code_line, int *tab, int *tab_line);

#endif
