/* mote8.h - the embedding API: the one door into the machine.
 *
 * Hosts (the SDL window, the headless runner, a future libretro or web host) and every tool
 * include this header and nothing else of mote8 (besides mote8_profiler.h for cost
 * profiles): create a machine with the platform services it may use, load a cart from
 * memory, tick one frame with an input struct, read the screen as RGB, pull audio, destroy.
 * The machine itself never touches the file system: files (#include, cartdata, profiles)
 * and printh go through the callbacks of mote8_platform, which the host supplies (POSIX
 * defaults: runtime/platform/platform_posix.c). docs/architecture.md, "Adding a host", says
 * what a host implements. The "cart files" section at the end reads, writes and describes
 * .p8 / .p8.png / .p8.rom files for tools; the "PCM codec" section encodes and decodes
 * samples with the bit-plane codec (docs/pcm-codec.md).
 * It stands alone: a host builds with only api/ on its include path. Its facts are plain
 * numbers; api/host_services.c checks at compile time that they agree with the machine's
 * (runtime/core/m8conf.h).
 * Depends on: libc headers only (implementation in api/: vm.c, menu.c, host_services.c,
 * tool_cart_files.c, pcm_files.c, snapshot.c). */
#ifndef MOTE8_H
#define MOTE8_H

#include <stddef.h>
#include <stdint.h>

/* --- the machine's facts (checked against runtime/core/m8conf.h in host_services.c) --- */
#define MOTE8_WIDTH 128                     /* screen pixels */
#define MOTE8_HEIGHT 128
#define MOTE8_AUDIO_RATE 22050              /* Hz, mono signed 16-bit samples */
#define MOTE8_FPS 30                        /* ticks per second of a cart ... */
#define MOTE8_FPS_FAST 60                   /* ... or of one with _update60 */
#define MOTE8_CART_FILE_MAX (16u * 1024u * 1024u)  /* largest cart file a host needs to read */
#define MOTE8_VERSION "0.14.0"              /* the runtime's version (mote8 --version) */
#define MOTE8_SAMPLE_BANK_MAX 64            /* samples in a cart's sample bank */
#define MOTE8_SAMPLE_FRAMES_MAX (22050u * 60u)   /* longest sample of a bank (a minute) */
#define MOTE8_SAMPLE_SECTION "meta:mote8_samples"  /* its .p8 section, __meta:mote8_samples__ */

typedef struct mote8 mote8;

/* Platform services: what the machine asks of its host. Every callback may be NULL: then the
 * service is absent (printh output is dropped, #include fails with a message naming the
 * file, cartdata lives in memory only, profiles cannot be written). Paths are '/'-separated:
 * the folder of the cart's name joined with the name the cart wrote; the host decides what
 * they mean (a file, an asset in a package, an entry of an in-memory table).
 * Confinement: every name a cart gives (load, reload, cstore, #include, printh's file, the
 * cartdata id) is checked by the machine first (runtime/core/cart_names.c): a cart file's name
 * has no absolute path, no ".." component, no backslash, no control character and at most 200
 * bytes, so its path is always inside the running cart's folder; printh files and cartdata ids
 * are plain names. What the machine cannot see is the host's part: links and special files. The
 * POSIX platform (runtime/platform/confined_files.c) confines read_file and write_file to a
 * root, the folder of the cart the user started (set by the host when it starts a cart,
 * m8_posix_confine; a cart load()ed from a subfolder does not widen it): a file whose real path
 * is outside the root, a FIFO, a device or a socket is never opened, and a write never goes
 * through a link out of it. A read_file that fails for a file that is there may set
 * errno (EACCES, EPERM, EFBIG ...; not ENOENT): the machine then reports "cannot read PATH:
 * REASON" instead of "no cart" and cstore does not create a cart over it. Other hosts should
 * do the same with their own notion of a folder. */
typedef struct mote8_platform {
    void *user;                 /* passed to every callback */
    /* printh(text) of the cart, without a newline */
    void (*printh)(void *user, const char *text);
    /* The whole file at `path` in a malloc'd buffer (mote8 frees it with free()), its size
     * in *len; NULL when it cannot be read. */
    void *(*read_file)(void *user, const char *path, size_t *len);
    /* Write the whole file (creating its folders); 0, or -1 with a reason in err (the POSIX
     * host writes atomically and removes temporaries that killed runs left next to it). */
    int (*write_file)(void *user, const char *path, const void *data, size_t len,
                      char *err, size_t errsz);
    /* cartdata(id): fill `data` (0x5e00-0x5eff as in RAM) with the saved values. Returns 1
     * when found, 0 when there is none yet. A damaged save is never silently replaced: the
     * host keeps it aside, loads what it could read, returns 1 and says so in err (printed
     * for the user); if it cannot keep it aside it returns -1 with err, the cart starts from
     * zeros and save_data is not called for the rest of the run. */
    int (*load_data)(void *user, const char *id, uint8_t data[256], char *err, size_t errsz);
    /* Keep `data` for `id` so it survives a crash (atomically); 0, or -1 with err (printed
     * for the user the first time in a run; later saves are still tried). */
    int (*save_data)(void *user, const char *id, const uint8_t data[256], char *err,
                     size_t errsz);
    /* printh(text, name, overwrite): add `text` and a newline to the file `name` in the
     * host's folder for cart output (replace the file when overwrite). `name` is 1-64
     * characters of A-Z a-z 0-9 _ . - (checked by the machine, never a path). A run writes at
     * most 4 MiB (M8_PRINTH_FILE_MAX) this way. 0, or -1 with err: printed for the user once,
     * and printh to files is off for the rest of the run. */
    int (*write_output)(void *user, const char *name, const char *text, int overwrite,
                        char *err, size_t errsz);
} mote8_platform;

typedef struct mote8_config {
    uint32_t seed;              /* PRNG seed at cart start (0 = derive from the cart name) */
    int have_seed;              /* 1 = use `seed` exactly */
    size_t lua_memory_limit;    /* bytes; 0 = default (32 MiB, M8_LUA_HEAP_LIMIT) */
    int hook_counting;          /* 1 = count Lua instructions with a count hook even where
                                   the counting VM is built in (same instructions, slower;
                                   charged the mean weight each: tests) */
    int lua_unit_weights;       /* 1 = every Lua instruction costs 1 cycle, both ways of
                                   counting (tests comparing them); 0 = calibrated weights */
    int mute;                   /* 1 = nobody listens: sound moves on (stat() sees it) but
                                   no samples are made; mote8_pull_audio gives none */
    mote8_platform platform;
} mote8_config;

typedef struct mote8_input {
    uint8_t buttons[8];         /* per player: bits 0-5 = left right up down O X, bit 6 = pause */
    int mouse_x, mouse_y;       /* screen pixels */
    int mouse_buttons;          /* bit 0 left, 1 right, 2 middle */
    /* devkit keyboard and mouse (reference 10.5; the cart reads them with stat 30-39 after
     * poke(0x5f2d,1)): characters typed during this tick, wheel steps (up positive), and
     * the mouse's movement in screen pixels since the last tick */
    char keys[16];              /* NUL-terminated, oldest first */
    int mouse_wheel;
    int mouse_dx, mouse_dy;
} mote8_input;

enum mote8_status {
    MOTE8_RUNNING = 0,          /* the cart goes on */
    MOTE8_ERROR = 1,            /* a cart error: mote8_error() has the message */
    MOTE8_STOPPED = 2,          /* the cart ended (stop(), or no main loop and no callbacks);
                                   the screen stays as it was */
    MOTE8_SHUTDOWN = 3          /* extcmd("shutdown"): the host ends the program (exit 0) */
};

mote8 *mote8_create(const mote8_config *config);   /* config may be NULL */
void mote8_destroy(mote8 *m8);

/* Load a cart from memory (.p8, .p8.png or .p8.rom bytes, told apart by their content) and
 * run its top-level code up to its first frame boundary lazily (the code runs on the first
 * tick). `name` is used in messages (file name).
 * Returns 0, or -1 with mote8_error() set. */
int mote8_load_cart(mote8 *m8, const void *data, size_t len, const char *name);

/* Compile the cart's code without running it (mote8 --check). 0 ok, -1 error. */
int mote8_check_cart(mote8 *m8, const void *data, size_t len, const char *name);

/* One tick at the cart's own rate (1/30 s, or 1/60 s for _update60 carts). */
int mote8_tick(mote8 *m8, const mote8_input *input);

/* The current screen as MOTE8_WIDTH*MOTE8_HEIGHT RGB888 (through the screen palette). */
void mote8_screen_rgb(const mote8 *m8, uint8_t *rgb);

/* Audio produced so far, mono 16-bit at MOTE8_AUDIO_RATE; returns the samples written. */
int mote8_pull_audio(mote8 *m8, int16_t *out, int max_samples);

/* Ticks per second of the loaded cart (MOTE8_FPS or MOTE8_FPS_FAST). */
int mote8_fps(const mote8 *m8);

const char *mote8_error(const mote8 *m8);

/* What kind of error mote8_error() holds, for the error screen's header and a host's
 * message: the cart file cannot be read or decoded (a load, reset or load() of another
 * cart); its code does not translate or compile (the message then says "syntax error:",
 * as in "cart.p8: tab 0, line 3: syntax error: 'end' expected near '<eof>'"); or a Lua
 * error while it runs (out of memory, an endless loop and the like included). */
enum mote8_error_kind {
    MOTE8_ERROR_NONE = 0,       /* mote8_error() is empty */
    MOTE8_ERROR_CART = 1,       /* "cart error" */
    MOTE8_ERROR_SYNTAX = 2,     /* "syntax error" */
    MOTE8_ERROR_RUNTIME = 3     /* "runtime error" */
};
int mote8_error_kind(const mote8 *m8);
/* "cart error", "syntax error", "runtime error" ("no error" for NONE): lower case, so the
 * built-in font draws it in capitals. */
const char *mote8_error_kind_name(int kind);

/* The first error that ended one of the cart's coroutines in this run ("tab 1, line 4:
 * ..."), or NULL. coresume() hands such an error to the cart, which may ignore it and go
 * on without the work the coroutine did: tools report it (mote8-compat, headless). */
const char *mote8_coroutine_error(const mote8 *m8);

/* After MOTE8_ERROR (or a failed mote8_load_cart): draw the error onto the machine's screen,
 * as PICO-8 shows it, so the next mote8_screen_rgb() shows it: its kind as the header, the
 * cart's file name, the location (tab and line), the message wrapped at spaces, the source
 * line and the traceback. Names and messages keep their own case: ASCII lower case is drawn
 * with the font's small letters (its "puny" A-Z glyphs), upper case with its capitals; a
 * name too long for a line loses its beginning to "...". */
void mote8_show_error(mote8 *m8);

/* --- requests from the cart to its host (api/host_requests.c) ---
 * Commands of extcmd() that only the host can carry out: "screen" (screenshot), "label"
 * (set the label), "rec" (start a GIF), "video" (save the GIF). After each tick the host
 * takes them one by one, oldest first: copies the command into cmd (cmdsz bytes) and returns
 * 1, or returns 0 when none is left. A host that never asks loses nothing but those commands
 * (at most 8 are kept; more in one tick are dropped). */
int mote8_take_host_request(mote8 *m8, char *cmd, size_t cmdsz);

/* The cart's devkit flags (its poke(0x5f2d, ...)): 1 keyboard and mouse, 4 mouse buttons
 * as btn(4)-btn(6) (the machine does that), 16 pointer lock (the host hides the pointer and
 * reports only movement, stat(38)/stat(39)). */
#define MOTE8_DEVKIT_INPUT 1
#define MOTE8_DEVKIT_MOUSE_BUTTONS 4
#define MOTE8_DEVKIT_POINTER_LOCK 16
int mote8_devkit_flags(const mote8 *m8);

/* --- the pause menu (api/menu.c) --- */
#define MOTE8_MENU_MAX 5
#define MOTE8_MENU_LABEL 24
/* The cart's own pause-menu items (menuitem), in index order: labels (P8SCII, at most 16
 * characters) and their indices 1-5. Returns how many. */
int mote8_menu_items(mote8 *m8, char labels[][MOTE8_MENU_LABEL], int *indices, int max);
/* A button on item `index`: bits 1 = left, 2 = right, 32 = confirm (O/X/Enter). Runs the
 * item's callback if the item listens to those buttons (menuitem's 0xff00 mask; default:
 * confirm only). Returns 1 when the menu should stay open, 0 to close it; a callback error
 * becomes the cart's error (MOTE8_ERROR from the next tick). */
int mote8_menu_activate(mote8 *m8, int index, int buttons);
/* Restart the loaded cart from the beginning (the menu's "reset cart"), keeping its stat(6)
 * parameter and its breadcrumb. 0 or -1. */
int mote8_reset(mote8 *m8);

/* --- snapshots (api/snapshot.c; docs/snapshots.md) ---
 * The whole running machine as bytes, taken between ticks (never from inside a callback
 * of a tick): the cart's Lua heap, the machine (RAM, synth, input, cost counters, frame
 * counters, rng) and the runtime's own state of the cart (pending load(), cartdata,
 * menu items, errors). Loading one makes the machine continue exactly as it would have
 * after the tick the state was saved at (same frames, samples, stat(1), rnd()). A state
 * loads into the machine that saved it, or into a fresh machine of another process of the
 * same build that has loaded the same cart (mote8_load_cart with the same bytes). */
/* Bytes a state of the machine takes now, or 0 when it cannot be saved now
 * (mote8_state_error says why). */
size_t mote8_state_size(mote8 *m8);
/* Write the state into buf (size bytes, at least mote8_state_size). 0, or -1 with
 * mote8_state_error set. */
int mote8_state_save(mote8 *m8, void *buf, size_t size);
/* Continue from a state. 0, or -1 with mote8_state_error set (not a state, truncated or
 * damaged, another build, another cart, its heap's addresses taken): the running cart is
 * then untouched. */
int mote8_state_load(mote8 *m8, const void *buf, size_t len);
/* Why the last mote8_state_* call failed ("" if none did). */
const char *mote8_state_error(const mote8 *m8);

/* --- several carts (api/cart_flow.c; docs/cart-format.md, "Multi-cart games") ---
 * A cart's load(file, breadcrumb, param) replaces it inside the same machine before the
 * next tick: the host keeps its window, audio and platform, and mote8_fps() may change.
 * Other carts are read through the platform's read_file, relative to the running cart's
 * folder. run(param), extcmd("reset") and extcmd("go_back") are carried out the same way. */
/* The label of the way back a load() breadcrumb made (e.g. "back to menu"), or NULL: a
 * pause menu shows it as an item that calls mote8_go_back. */
const char *mote8_breadcrumb(const mote8 *m8);
/* Load the cart the breadcrumb leads back to (stat(6) empty). 0, or -1: no breadcrumb, or
 * the cart fails to load (mote8_error() says why; the next tick returns MOTE8_ERROR). */
int mote8_go_back(mote8 *m8);
/* 1 once after the cart called extcmd("pause"): the host opens its pause menu. */
int mote8_pause_requested(mote8 *m8);

/* --- carts embedded in the binary (the .p8 files of carts/) --- */
/* The bytes of bundled cart `name` (file name without .p8), or NULL. */
const void *mote8_bundled_cart(const char *name, size_t *len);
/* The name of bundled cart i (0-based), or NULL past the last. */
const char *mote8_bundled_cart_name(int i);
/* The .p8 bytes of new-cart template `name` (carts/templates/NAME.p8; "new" is the one
 * mote8-cart new writes), or NULL. Templates are not bundled carts: the launcher does not
 * list them. */
const void *mote8_cart_template(const char *name, size_t *len);

/* --- pictures and text for hosts and tools --- */
/* Write w*h RGB888 pixels as a PNG, each pixel scaled by `scale` (>= 1). 0, or -1 with
 * errno set. */
int mote8_write_png(const char *path, const uint8_t *rgb, int w, int h, int scale);
/* Read a PNG as RGB888: a malloc'd buffer and its size, or NULL with a message in err. */
uint8_t *mote8_read_png(const char *path, int *w, int *h, char *err, int errsz);
/* Glyph `c` of the built-in font (the font carts print with): 8 rows top to bottom, bit 0 =
 * leftmost pixel; returns its advance in pixels (4, or 8 for characters 128-255). */
int mote8_glyph(unsigned char c, uint8_t rows[8]);

/* Help text of every Lua-visible function, one per line (mote8 --api). */
void mote8_api_help(void (*emit)(void *user, const char *line), void *user);
/* The API reference as a Markdown page (docs/api.md, tools/gen_api_doc). */
void mote8_api_markdown(void (*emit)(void *user, const char *line), void *user);

/* --- the built-in editors (api/editor_door.c over runtime/editor; docs/editors.md) ---
 * The sprite, map, sfx, music and code editors of a machine, drawn in 128x128 with the
 * machine's font and run by mouse and keys. They edit a document (sheet, map, flags, music,
 * sfx: 0x0000-0x42ff, and the code) taken
 * from the cart file's bytes; every edit is written through to the machine's RAM and its
 * cart's ROM at once, so a running cart sees it (and keeps it when it is restarted). A save
 * writes the cart file through the platform's write_file (atomic in the POSIX host): a .p8
 * with only the sections the editors changed rewritten, a .p8.png or .p8.rom in its format. */
#define MOTE8_KEY_LEFT 0x100        /* keys: printable ones as their lower-case ASCII code */
#define MOTE8_KEY_RIGHT 0x101
#define MOTE8_KEY_UP 0x102
#define MOTE8_KEY_DOWN 0x103
#define MOTE8_KEY_TAB 0x104
#define MOTE8_KEY_ESCAPE 0x105
#define MOTE8_KEY_ENTER 0x106
#define MOTE8_KEY_DELETE 0x107
#define MOTE8_KEY_BACKSPACE 0x108
#define MOTE8_KEY_HOME 0x109
#define MOTE8_KEY_END 0x10a
#define MOTE8_KEY_PAGEUP 0x10b
#define MOTE8_KEY_PAGEDOWN 0x10c
#define MOTE8_MOD_CTRL 1
#define MOTE8_MOD_SHIFT 2
enum mote8_editor_action {
    MOTE8_EDITOR_NONE = 0,      /* the editors took the key */
    MOTE8_EDITOR_SAVE = 1,      /* Ctrl+S: the host calls mote8_editor_save */
    MOTE8_EDITOR_LEAVE = 2      /* Escape: the host goes back to the cart */
};
/* Open the editors on the cart whose file bytes are `data` (any format; a save writes the
 * same format: .p8 text with only the edited sections rewritten, a .p8.png or .p8.rom
 * encoded again with its label, code and sound kept), saving to `path` (NULL: nowhere, e.g. a bundled cart). Opening again replaces
 * the editors (and their undo history). 0, or -1 with err. */
int mote8_editor_open(mote8 *m8, const void *data, size_t len, const char *path, char *err,
                      size_t errsz);
int mote8_editor_is_open(const mote8 *m8);
/* The mouse in screen pixels, its buttons (bit 0 left, 1 right, 2 middle) and the wheel
 * steps since the last call (up positive); call it on every change. */
void mote8_editor_mouse(mote8 *m8, int x, int y, int buttons, int wheel);
/* A key press (MOTE8_KEY_* or ASCII, MOTE8_MOD_* bits): a mote8_editor_action. */
int mote8_editor_key(mote8 *m8, int key, int mods);
/* A key by name for scripts: "a", "ctrl+z", "shift+left", "escape", "tab", "delete" ...;
 * 0, or -1 for an unknown name. */
int mote8_editor_key_name(const char *name, int *key, int *mods);
/* Draw the editors into rgb (MOTE8_WIDTH*MOTE8_HEIGHT RGB888); one call per shown frame
 * (MOTE8_FPS of them a second: each also renders a frame of the editors' sound). */
void mote8_editor_frame(mote8 *m8, uint8_t *rgb);
/* The sound the sfx and music editors play (Space), by the machine's synth over the
 * edited sfx and music, apart from the cart's own channels: up to max_samples mono samples
 * at MOTE8_AUDIO_RATE, MOTE8_AUDIO_RATE / MOTE8_FPS per mote8_editor_frame (silence when
 * nothing plays). Returns how many; the host queues them as it queues mote8_pull_audio's. */
int mote8_editor_pull_audio(mote8 *m8, int16_t *out, int max_samples);
/* 1 when there are edits not saved yet. */
int mote8_editor_unsaved(const mote8 *m8);
/* Typed text (UTF-8, e.g. SDL_TEXTINPUT's) for the code editor: upper and lower case kept
 * (the font draws both as PICO-8 does). Printable key presses are not text there. */
void mote8_editor_text(mote8 *m8, const char *utf8);
/* 1 while the editor showing takes text (the code editor): the host then leaves printable
 * keys (- = ...) to mote8_editor_text instead of using them itself. */
int mote8_editor_wants_text(const mote8 *m8);
/* The host shows the editors now (Ctrl+E, Escape on an error ...): when the cart stopped
 * with an error at a line of its code, the code editor opens at that tab and line, marked
 * (once per error). */
void mote8_editor_enter(mote8 *m8);
/* The code editor's cursor: tab (0-based), line and column (1-based) in that tab. */
void mote8_editor_code_position(const mote8 *m8, int *tab, int *line, int *col);
/* Save the cart (Ctrl+S): 0, or -1 with err (also shown in the editors' bottom bar). When
 * the file on disk is not what the editors last read or saved (an outside editor wrote
 * it), the first save is refused ("file changed on disk: ctrl+s again to overwrite") and
 * the next one overwrites it. A restart (Ctrl+R, --watch) runs the code editor's code
 * when it has unsaved edits, saved or not, as PICO-8 runs its editor's code. */
int mote8_editor_save(mote8 *m8, char *err, size_t errsz);
/* The host's clipboard, for copy and paste between carts and programs (docs/editors.md):
 * the editors hand every copy to set() as text ("[gfx]..." sprites, "[map]..." cells, the
 * code editor's UTF-8 text) and a
 * paste asks get() first (a malloc'd text that mote8 frees; NULL when empty). Kept across
 * mote8_editor_open; NULL (or no call) leaves the editors a clipboard of their own. */
typedef struct mote8_clipboard {
    void *user;
    void (*set)(void *user, const char *text);
    char *(*get)(void *user);
} mote8_clipboard;
void mote8_editor_set_clipboard(mote8 *m8, const mote8_clipboard *clipboard);
/* The .p8 text a save writes (malloc'd, length in *len), or NULL with err; force = 1
 * rewrites __gfx__, __gff__, __map__, __sfx__ and __music__ even when unchanged (tests of
 * the writer). */
char *mote8_editor_cart_text(mote8 *m8, int force, size_t *len, char *err, size_t errsz);

/* --- cart files (api/tool_cart_files.c) ---
 * Carts as files for tools (mote8-cart): the .p8 text, .p8.png picture and .p8.rom image
 * formats of docs/cart-format.md. Reading sniffs the format from the bytes; writing picks
 * it from the caller. Messages name the file and go to err (errsz bytes). */
typedef struct mote8_cart mote8_cart;

enum mote8_cart_format {
    MOTE8_CART_UNKNOWN = -1,
    MOTE8_CART_P8 = 0,          /* .p8 text */
    MOTE8_CART_PNG = 1,         /* .p8.png: 160x205 picture, code PXA-compressed */
    MOTE8_CART_ROM = 2          /* .p8.rom: the 32 KiB image, code PXA-compressed */
};

/* The format a file name asks for by its extension (.p8, .p8.png, .p8.rom), or UNKNOWN. */
int mote8_cart_format_of_name(const char *path);
/* ".p8", ".p8.png", ".p8.rom" or "unknown". */
const char *mote8_cart_format_name(int format);

/* Read a cart file / decode cart bytes of any format; NULL with err set on failure. */
mote8_cart *mote8_cart_load(const char *path, char *err, size_t errsz);
mote8_cart *mote8_cart_decode(const void *data, size_t len, const char *name, char *err,
                              size_t errsz);
void mote8_cart_destroy(mote8_cart *cart);

/* Encode to a format: malloc'd bytes (size in *len), or NULL with err set (for PNG and ROM:
 * code over 65535 chars, or compressed code over 15616 bytes; the message gives the size).
 * A .p8.png needs a label: a cart without one gets the first frame it draws, run through
 * this API (mote8_create, mote8_load_cart, one mote8_tick), and keeps it as its label. */
void *mote8_cart_encode(mote8_cart *cart, int format, size_t *len, char *err, size_t errsz);
/* Encode and write to path, replacing it atomically (temporary file, fsync, rename).
 * 0 or -1 with err set. */
int mote8_cart_save(mote8_cart *cart, const char *path, int format, char *err, size_t errsz);

#define MOTE8_CART_SECTIONS 5

typedef struct mote8_cart_section_info {
    const char *name;           /* "gfx", "map", "gff", "music", "sfx" */
    unsigned address, size;     /* ROM range (gfx includes map rows 32-63 at 0x1000) */
    unsigned changed;           /* bytes that differ from an empty cart */
} mote8_cart_section_info;

typedef struct mote8_cart_info {
    int format;                 /* the format it was read from */
    int version;                /* cart format version, 0 if unknown */
    size_t code_chars;          /* P8SCII characters of code */
    int code_tabs;
    int tokens;                 /* reference 6.4 rule; -1 if the code does not lex */
    int token_limit;            /* 8192 */
    size_t compressed_size;     /* PXA size of the code, header included; 0 if over 65535 chars */
    size_t compressed_limit;    /* 15616 */
    int has_label;
    mote8_cart_section_info sections[MOTE8_CART_SECTIONS];
    int n_extra;                /* sections kept verbatim (__meta:*__, unknown ones) */
    const char *extra[16];      /* their names, valid while the cart lives */
} mote8_cart_info;

void mote8_cart_describe(const mote8_cart *cart, mote8_cart_info *info);

/* Extra sections (those kept verbatim, such as __meta:mote8_samples__, the sample bank of
 * docs/pcm-codec.md): the text of section `name` (without the underscores), or NULL; and
 * replacing or adding one (0, or -1 with err set: too many sections, out of memory). Only
 * the .p8 format keeps extra sections. */
const char *mote8_cart_section_text(const mote8_cart *cart, const char *name);
int mote8_cart_set_section_text(mote8_cart *cart, const char *name, const char *text,
                                char *err, size_t errsz);

/* The sprite sheet (0x0000-0x1fff, 16 colours) or the label (32 colours) as a 128x128 PNG;
 * exporting the label of a cart without one fails. 0 or -1 with err set. */
int mote8_cart_export_gfx(const mote8_cart *cart, const char *png_path, char *err, size_t errsz);
int mote8_cart_export_label(const mote8_cart *cart, const char *png_path, char *err,
                            size_t errsz);
/* The label as 128x128 RGB888 (the launcher's picture of a cart): 0, or -1 when the cart
 * has none. Touches nothing shared: carts may be described on several threads at once. */
int mote8_cart_label_rgb(const mote8_cart *cart, uint8_t *rgb);
/* A 128x128 PNG into the sprite sheet, each pixel mapped to the nearest of the 16 colours.
 * 0 or -1 with err set (unreadable PNG, wrong size). */
int mote8_cart_import_gfx(mote8_cart *cart, const char *png_path, char *err, size_t errsz);
/* A PNG of any size into the sprite sheet with its top-left at sheet pixel x,y (nearest of
 * the 16 colours, as above); only that rectangle changes. It must fit inside the 128x128
 * sheet. 0 or -1 with err set. */
int mote8_cart_import_gfx_at(mote8_cart *cart, const char *png_path, int x, int y, char *err,
                             size_t errsz);
/* The map (128x64 cells; rows 32-63 are the sheet's lower half) as a PNG: cells = 0, a
 * 1024x512 picture with each cell drawn as its sprite (cell 0 black, as map() leaves it);
 * cells = 1, 128x64 pixels, one per cell, grey level = the cell's sprite number (r = g = b),
 * which mote8_cart_import_map reads back unchanged. 0 or -1 with err set. */
int mote8_cart_export_map(const mote8_cart *cart, const char *png_path, int cells, char *err,
                          size_t errsz);
int mote8_cart_import_map(mote8_cart *cart, const char *png_path, char *err, size_t errsz);

/* --- PCM codec (api/pcm_files.c) ---
 * The bit-plane PCM codec of docs/pcm-codec.md (a mote8 extension) for tools (mote8-pcm):
 * lossless 16-bit mono or stereo, interleaved samples. Status codes: 0 or a negative
 * MOTE8_PCM_* value, described by mote8_pcm_status_text(). */
enum mote8_pcm_status {
    MOTE8_PCM_OK = 0, MOTE8_PCM_ERR_ARGS = -1, MOTE8_PCM_ERR_TRUNCATED = -2,
    MOTE8_PCM_ERR_MAGIC = -3, MOTE8_PCM_ERR_VERSION = -4, MOTE8_PCM_ERR_HEADER = -5,
    MOTE8_PCM_ERR_CORRUPT = -6, MOTE8_PCM_ERR_TRAILING = -7, MOTE8_PCM_ERR_CHECKSUM = -8,
    MOTE8_PCM_ERR_SPACE = -9
};

typedef struct mote8_pcm_info {
    int channels;               /* 1 or 2 */
    uint32_t rate;              /* Hz, as given to the encoder */
    uint32_t frames;            /* samples per channel */
    uint32_t chunk;             /* frames per chunk */
} mote8_pcm_info;

/* Largest stream for frames x channels: 20 + channels * (2 frames + 5 ceil(frames/4096)). */
size_t mote8_pcm_bound(uint32_t frames, int channels);
/* Encode frames x channels interleaved samples: malloc'd stream (length in *len), or NULL
 * with *status set. */
void *mote8_pcm_encode(const int16_t *samples, uint32_t frames, int channels, uint32_t rate,
                       size_t *len, int *status);
/* Read a stream's header (checking it can hold what it announces); a status. */
int mote8_pcm_info_of(const void *data, size_t len, mote8_pcm_info *info);
/* Decode a whole stream: malloc'd frames x channels samples (info filled), or NULL with
 * *status set (truncated, corrupt, checksum ...). */
int16_t *mote8_pcm_decode(const void *data, size_t len, mote8_pcm_info *info, int *status);
/* One line naming a status. */
const char *mote8_pcm_status_text(int status);

#endif
