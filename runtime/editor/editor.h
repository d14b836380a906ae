/* editor.h - the built-in sprite, map, sfx, music and code editors (docs/editors.md): a
 * document (the cart's sprite sheet, map, flags, music and sfx, 0x0000-0x42ff, and its
 * __lua__ code) edited by mouse and keys, written through to
 * the running machine's RAM and ROM at once, with undo/redo, drawn into a 128x128 screen by
 * the machine's own drawing code and font; and the .p8 text of the edited cart, with only
 * the sections it changed rewritten; the sfx and music it plays, rendered by the machine's
 * synth code over the document. api/editor_door.c offers it to hosts through mote8.h.
 * Depends on: cart.h (runtime/core). */
#ifndef M8_EDITOR_H
#define M8_EDITOR_H

#include <stddef.h>
#include <stdint.h>
#include "cart.h"

typedef struct m8_editor m8_editor;

/* Keys as the door numbers them (mote8.h MOTE8_KEY_*, MOTE8_MOD_*): printable keys are
 * their lower-case ASCII code, the others from 0x100. */
enum {
    M8_KEY_LEFT = 0x100, M8_KEY_RIGHT, M8_KEY_UP, M8_KEY_DOWN, M8_KEY_TAB, M8_KEY_ESCAPE,
    M8_KEY_ENTER, M8_KEY_DELETE, M8_KEY_BACKSPACE, M8_KEY_HOME, M8_KEY_END, M8_KEY_PAGEUP,
    M8_KEY_PAGEDOWN
};
#define M8_MOD_CTRL 1
#define M8_MOD_SHIFT 2

/* What a key asks of the host. */
enum { M8_EDITOR_ACT_NONE = 0, M8_EDITOR_ACT_SAVE = 1, M8_EDITOR_ACT_LEAVE = 2 };

/* The editors over the cart whose .p8 bytes are `text` (copied; NULL for a cart that is not
 * .p8 text: saving then fails with a message) and whose data is cart->rom. NULL when out of
 * memory. */
m8_editor *m8_editor_new(const m8_cart *cart, const char *text, size_t len);
void m8_editor_free(m8_editor *ed);
/* The cart's name shown in the top bar (its file name without folders). */
void m8_editor_name(m8_editor *ed, const char *name);

/* Where edits are written through besides the document (the machine's RAM and its cart's
 * ROM); either may be NULL. */
void m8_editor_attach(m8_editor *ed, uint8_t *ram, uint8_t *rom);
/* Take the cart as the file now (after the machine reread it): document, base and text,
 * the undo history cleared; the view and tools stay. */
void m8_editor_reload(m8_editor *ed, const m8_cart *cart, const char *text, size_t len);
/* Write the whole document through again (after the machine reloaded its cart). */
void m8_editor_rewrite(m8_editor *ed);

/* The mouse: position in screen pixels, buttons (bit 0 left, 1 right, 2 middle), wheel
 * steps since the last call (up positive). Presses and releases are the changes of
 * `buttons` from the previous call. */
void m8_editor_mouse(m8_editor *ed, int x, int y, int buttons, int wheel);
/* A key press; returns an M8_EDITOR_ACT_*. */
int m8_editor_key(m8_editor *ed, int key, int mods);
/* One frame: draw the editor into rgb (128*128 RGB888). */
void m8_editor_frame(m8_editor *ed, uint8_t *rgb);
/* The editor screen as 128*128 colour indices 0-15 (after the last frame). */
const uint8_t *m8_editor_pixels(const m8_editor *ed);

/* Move up to `max` samples of the editors' sound (M8_AUDIO_RATE, mono) out: each frame
 * renders M8_AUDIO_RATE / M8_FPS of them, silence when nothing plays. Returns how many. */
int m8_editor_pull_audio(m8_editor *ed, int16_t *out, int max);

/* 1 when the document differs from the file last read or saved. */
int m8_editor_unsaved(const m8_editor *ed);
/* Show `text` in the bottom bar for a while (save results). */
void m8_editor_say(m8_editor *ed, const char *text);

/* The .p8 text of the cart with the editors' changes: the original bytes with __lua__,
 * __gfx__, __gff__, __map__, __sfx__ and __music__ rewritten only when their data changed
 * (force: rewrite the five data sections, for tests), every other byte kept; checked by
 * reading it back. malloc'd (length in *len),
 * or NULL with err. */
char *m8_editor_cart_text(const m8_editor *ed, int force, size_t *len, char *err, size_t errsz);
/* The text was written: it is the file now (the document is saved). */
void m8_editor_mark_saved(m8_editor *ed, const char *text, size_t len);

/* A .p8.png or .p8.rom cart (format: M8_FORMAT_PNG or _ROM of cart_codec.h) whose file
 * bytes are `data` (copied): saves write that format again (editor_save_bin.c). 0, or -1
 * for another format or out of memory (then only .p8 text can be saved). */
int m8_editor_binary(m8_editor *ed, const void *data, size_t len, int format);
/* The bytes a save writes: the .p8 text (as m8_editor_cart_text), or the .p8.png / .p8.rom
 * with the document's sheet, map and flags and everything else (label, code, sound) as the
 * file held; read back and checked. malloc'd (length in *len), or NULL with err. */
void *m8_editor_cart_bytes(const m8_editor *ed, size_t *len, char *err, size_t errsz);
/* Those bytes were written: they are the file now. */
void m8_editor_mark_saved_bytes(m8_editor *ed, const void *data, size_t len);

/* The host's clipboard (editor_clip.c): copies are also handed to set(user, text); a paste
 * first asks get(user) (a malloc'd text, freed here; NULL: empty) and takes a sprite or map
 * text from it, else the editors' own last copy. Either may be NULL. */
void m8_editor_clipboard(m8_editor *ed, void (*set)(void *user, const char *text),
                         char *(*get)(void *user), void *user);
/* The clipboard texts: "[gfx]WWHH" + a hex digit per pixel + "[/gfx]" (PICO-8's) and
 * "[map]WWHH" + two per cell + "[/map]" (mote8's): malloc'd, NULL for a bad size or out of
 * memory; parsed into pixels (at most 128x128) or cells (128x64): 0, or -1 when the text
 * is not one. */
char *m8_editor_gfx_text(const uint8_t *pixels, int w, int h);
int m8_editor_gfx_parse(const char *text, uint8_t *pixels, int *w, int *h);
char *m8_editor_map_text(const uint8_t *cells, int w, int h);
int m8_editor_map_parse(const char *text, uint8_t *cells, int *w, int *h);

/* --- the code editor (editor_code.c) --- */
/* What the code editor borrows from outside runtime/editor (any may be NULL): the token
 * counter (the dialect's, api/dialect/token_count.c), whether a name is an API function
 * (colouring). Its copies and pastes go through the host's clipboard as the other editors'
 * (m8_editor_clipboard), as UTF-8 text. */
typedef struct m8_editor_code_hooks {
    int (*count_tokens)(const char *code, size_t len, int *err_line);
    int (*is_api)(const char *name, size_t len);
} m8_editor_code_hooks;
void m8_editor_code_hooks_set(m8_editor *ed, const m8_editor_code_hooks *hooks);
/* Typed text (UTF-8) into the code editor or its prompt; ignored by the other editors. */
void m8_editor_text(m8_editor *ed, const char *utf8);
/* 1 when the editor showing takes typed text (the code editor): printable key presses are
 * then text, not shortcuts, and the host gives them to m8_editor_text. */
int m8_editor_wants_text(const m8_editor *ed);
/* The code now (P8SCII, tabs joined by "-->8" lines), and whether it differs from the
 * file's (a run then runs it). */
const char *m8_editor_code(const m8_editor *ed, size_t *len);
int m8_editor_code_unsaved(const m8_editor *ed);
/* Show the code editor at `code_line` (1-based line of the whole code, as an error names
 * it), that line marked as the error's. */
void m8_editor_show_code_line(m8_editor *ed, int code_line);
/* The code's token count as the bottom bar shows it (the hooks' counter; -1 when the code
 * does not lex, -2 without a counter) and its characters. */
void m8_editor_code_counts(m8_editor *ed, int *tokens, int *chars);
/* The code cursor: tab (0-based), line and column (1-based) within the tab. */
void m8_editor_code_position(const m8_editor *ed, int *tab, int *line, int *col);
/* The file on disk differs from what the editors last read or saved while they hold
 * unsaved edits: the next save is refused once (say so), the one after overwrites. */
void m8_editor_disk_changed(m8_editor *ed);
/* 1 when data is the text the editors last read or saved. */
int m8_editor_same_text(const m8_editor *ed, const void *data, size_t len);
/* Before a save: 0 to go on, -1 when it must be refused (message in err). */
int m8_editor_save_check(m8_editor *ed, char *err, size_t errsz);

/* Parse "ctrl+z", "shift+left", "a", "escape" ...: 0, or -1 for an unknown name. */
int m8_editor_key_parse(const char *name, int *key, int *mods);

/* The cycles map() of the cells tx,ty,tw,th of this map would charge (128 per non-empty
 * cell, 1 per other cell inside the map; docs/cost-model.md). */
long m8_editor_map_cost(const uint8_t *doc, int tx, int ty, int tw, int th);

#endif
