/* editor_internal.h - the state the editor's modules share: the document and its undo
 * history (editor_doc.c), the sprite editor (editor_sprite.c), the map editor
 * (editor_map.c), the sfx editor (editor_sfx.c), the music editor (editor_music.c), the
 * sound they play (editor_sound.c), the screen and its common parts (editor_ui.c), the
 * saved text (editor_save.c, editor_save_bin.c), the clipboard texts (editor_clip.c).
 * Depends on: editor.h, ram.h, gfx.h, synth.h (runtime/core). */
#ifndef M8_EDITOR_INTERNAL_H
#define M8_EDITOR_INTERNAL_H

#include <stdint.h>
#include "editor.h"
#include "gfx.h"
#include "ram.h"
#include "synth.h"

#define ED_DOC_SIZE 0x4300      /* sprite sheet, shared map, map, flags, music, sfx */
#define ED_UNDO_MAX 64          /* snapshots kept for undo (and as many for redo) */
#define ED_MSG_FRAMES 60        /* frames a bottom-bar message shows */

/* Screen layout, in screen pixels */
#define ED_TOP_H 7              /* top bar: cart name, editor tabs */
#define ED_SHEET_Y 88           /* sprite sheet strip: 4 rows of 16 sprites */
#define ED_TOOLS_Y 79           /* tool row above the sheet */
#define ED_BOTTOM_Y 121         /* bottom bar: position, sprite, cost, messages */

enum { ED_TAB_SPRITE = 0, ED_TAB_MAP = 1, ED_TAB_SFX = 2, ED_TAB_MUSIC = 3, ED_TAB_CODE = 4,
       ED_TABS };
#define ED_AUDIO_RING (M8_AUDIO_RATE / 2)   /* samples the editors' sound keeps unpulled */
enum { ED_TOOL_PENCIL, ED_TOOL_FILL, ED_TOOL_LINE, ED_TOOL_RECT, ED_TOOL_CIRCLE, ED_TOOLS };
#define ED_TOOL_SELECT ED_TOOLS   /* the rectangle selection of both editors */

typedef struct ed_sprite_state {
    int sprite;                 /* selected sprite 0-255 (top-left of the zoomed block) */
    int zoom;                   /* block side in sprites: 1, 2 or 4 (8x8 to 32x32 pixels) */
    int color;                  /* pen colour 0-15 */
    int tool;                   /* ED_TOOL_* */
    int drawing;                /* a stroke or shape is under way (left button held) */
    int x0, y0, lx, ly;         /* sheet pixel where it began, and the last one */
    uint8_t clip[128 * 128];    /* copied pixels, colours, clip_w x clip_h */
    int clip_w, clip_h;         /* 0 = nothing copied */
    /* the select tool: a rectangle of sheet pixels inside the block (editor_sprite.c) */
    int has_sel, sel_x, sel_y, sel_w, sel_h;
    int sel_block;              /* the block it was made in (sprite | zoom << 8) */
    int sel_drag;               /* 1: dragging out a rectangle, 2: moving its content */
    int sel_ax, sel_ay;         /* sheet pixel where that drag began */
    int lift_x, lift_y;         /* the moved content's rectangle before the move */
    uint8_t lifted[32 * 32];    /* that content (sel_w x sel_h) */
} ed_sprite_state;

typedef struct ed_map_state {
    int cam_x, cam_y;           /* map position at the view's top-left, in map pixels (8 a cell) */
    int cell;                   /* cell size on screen: 2, 4, 8 or 16 */
    int tool;                   /* ED_TOOL_PENCIL, ED_TOOL_FILL or ED_TOOL_SELECT */
    int painting;               /* left button held in the view */
    int panning, pan_x, pan_y;  /* right/middle drag: the mouse where it was */
    int last_cx, last_cy;       /* last cell painted in this stroke */
    int selecting;              /* the select tool's drag is under way */
    int has_sel, sel_x0, sel_y0, sel_x1, sel_y1;    /* selected cells (corners, any order) */
    uint8_t clip[128 * 64];     /* copied cells, clip_w x clip_h (0: nothing copied) */
    int clip_w, clip_h;
} ed_map_state;

typedef struct ed_sfx_state {
    int sfx;                    /* sfx edited 0-63 */
    int instrument;             /* pen: instrument 0-7 */
    int custom;                 /* pen: the instrument is sfx 0-7 (bit 15) */
    int volume;                 /* pen: volume 1-7 */
    int effect;                 /* pen: effect 0-7 */
    int octave;                 /* the note keys' lower octave 0-4 */
    int note, field;            /* tracker cursor: note 0-31, field 0 pitch 1 ins 2 vol 3 fx */
    int drawing;                /* the left button held in the pitch or volume area */
} ed_sfx_state;

typedef struct ed_music_state {
    int pattern;                /* selected pattern 0-63 */
} ed_music_state;

/* What the editors' sound does (editor_sound.c): nothing, an sfx, music. */
enum { ED_SOUND_NONE, ED_SOUND_SFX, ED_SOUND_MUSIC };

struct m8_editor {
    uint8_t doc[ED_DOC_SIZE];   /* what the editors edit (and save) */
    uint8_t base[ED_DOC_SIZE];  /* the same as last read or saved */
    uint8_t *ram, *rom;         /* written through (the machine's), may be NULL */
    uint8_t *undo[ED_UNDO_MAX]; /* snapshots of doc, oldest first */
    int n_undo;
    uint8_t *redo[ED_UNDO_MAX];
    int n_redo;
    char *text;                 /* the .p8 file as last read or saved, NULL if not .p8 */
    uint8_t *bin;               /* the .p8.png / .p8.rom file as last read or saved, or NULL */
    size_t bin_len;
    int bin_format;             /* M8_FORMAT_PNG or M8_FORMAT_ROM (cart_codec.h) */
    size_t text_len;
    m8_cart file;               /* `text` parsed: what every other section must stay */
    int tab;                    /* ED_TAB_* */
    int sheet_tab;              /* sheet page 0-3 shown (64 sprites each) */
    int mx, my, mb;             /* the mouse now (screen pixels, buttons) */
    long frame;
    char name[64];              /* the cart's file name, for the top bar */
    char msg[64];
    long msg_until;
    ed_sprite_state spr;
    ed_map_state map;
    void (*clip_set)(void *user, const char *text);     /* the host's clipboard, may be NULL */
    char *(*clip_get)(void *user);
    void *clip_user;
    ed_sfx_state sfx;
    ed_music_state mus;
    m8_synth *synth;            /* the editors' sound, reading ui (the document's sfx/music) */
    int sound;                  /* ED_SOUND_* playing */
    int16_t audio[ED_AUDIO_RING];   /* rendered by frames, not pulled yet */
    int audio_head, audio_count;
    struct ed_code_state *code; /* the code editor (editor_code.h) */
    int disk_changed;           /* 1: the file changed on disk under unsaved edits; 2: said */
    uint8_t screen[128 * 128];  /* the last frame's colour indices */
    uint8_t ui[M8_RAM_SIZE];    /* the machine the editor draws with */
};

/* --- the document (editor_doc.c) --- */
/* Snapshot the document before an edit (clears redo). */
void ed_begin_edit(m8_editor *ed);
/* Undo / redo the last edit; 0, or -1 when there is none. */
int ed_undo(m8_editor *ed);
int ed_redo(m8_editor *ed);
/* Write one byte of the document (and through to RAM and ROM). */
void ed_poke(m8_editor *ed, int addr, uint8_t v);
/* Put back the document of the last snapshot (a shape being dragged is redrawn over it). */
void ed_restore_snapshot(m8_editor *ed);
int ed_sget(const m8_editor *ed, int x, int y);          /* sheet pixel, 0 outside */
void ed_sset(m8_editor *ed, int x, int y, int c);        /* ignored outside */
int ed_mget(const m8_editor *ed, int x, int y);          /* map cell 0-127 x 0-63, 0 outside */
void ed_mset(m8_editor *ed, int x, int y, int v);
/* Flood fill, for the sheet (ed_sget/ed_sset) and the map (ed_mget/ed_mset): the
 * 4-connected area of x,y's value inside [x0,x1) x [y0,y1) becomes v. */
void ed_flood(m8_editor *ed, int x, int y, int x0, int y0, int x1, int y1, int v,
              int (*get)(const m8_editor *, int, int), void (*set)(m8_editor *, int, int, int));
int ed_flags(const m8_editor *ed, int sprite);
void ed_set_flags(m8_editor *ed, int sprite, int flags);

/* --- drawing helpers (editor_ui.c), on ed->ui --- */
#define ED_COL(c) M8_FIX(c)
void ed_text(m8_editor *ed, int x, int y, int col, const char *fmt, ...);
void ed_box(m8_editor *ed, int x0, int y0, int x1, int y1, int col);     /* filled, inclusive */
void ed_frame(m8_editor *ed, int x0, int y0, int x1, int y1, int col);   /* outline */
/* A button of the tool row: a small box with a label, lit when selected. */
void ed_button(m8_editor *ed, int x, int y, int w, const char *label, int lit);
int ed_in(int x, int y, int x0, int y0, int w, int h);   /* x,y inside the rectangle */
/* The sheet strip (ED_SHEET_Y) with `sel` (block of zoom x zoom sprites) outlined; the
 * sheet tabs at the tool row's right. Clicks: ed_sheet_mouse. */
void ed_draw_sheet(m8_editor *ed, int sel, int zoom);
/* A press in the sheet or its tabs: the sprite picked (or -1), tab changes applied. */
int ed_sheet_mouse(m8_editor *ed, int x, int y);
void ed_say(m8_editor *ed, const char *fmt, ...);
/* The bottom bar: a message while one shows, else `status`. */
void ed_bottom_bar(m8_editor *ed, const char *status);

/* --- saving (editor_save.c, editor_save_bin.c) --- */
/* A save's failure: the message into err (if any); returns NULL. */
char *ed_save_fail(char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* --- the host's clipboard (editor_clip.c) --- */
void ed_clip_put(m8_editor *ed, const char *text);      /* to the host's clipboard, if any */
char *ed_clip_take(m8_editor *ed);                       /* malloc'd, or NULL */

/* --- the two editors --- */
void ed_sprite_init(m8_editor *ed);
void ed_sprite_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel);
int ed_sprite_key(m8_editor *ed, int key, int mods);     /* 1 when used */
void ed_sprite_draw(m8_editor *ed);
void ed_map_init(m8_editor *ed);
void ed_map_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel);
int ed_map_key(m8_editor *ed, int key, int mods);
void ed_map_draw(m8_editor *ed);
void ed_sfx_init(m8_editor *ed);
void ed_sfx_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel);
int ed_sfx_key(m8_editor *ed, int key, int mods);
void ed_sfx_draw(m8_editor *ed);
void ed_music_init(m8_editor *ed);
void ed_music_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel);
int ed_music_key(m8_editor *ed, int key, int mods);
void ed_music_draw(m8_editor *ed);

/* --- the editors' sound (editor_sound.c): the machine's synth code over ed->ui --- */
/* Play sfx n (from its first note) or music from pattern n; stop everything. */
void ed_sound_sfx(m8_editor *ed, int n);
void ed_sound_music(m8_editor *ed, int n);
void ed_sound_stop(m8_editor *ed);
/* One frame's sound (M8_AUDIO_RATE / M8_FPS samples) rendered into the ring, ed->sound
 * back to ED_SOUND_NONE when it ended. */
void ed_sound_frame(m8_editor *ed);
/* stat(n) of the editors' synth (20: channel 0's note, 24: the pattern, -1 none). */
int ed_sound_stat(const m8_editor *ed, int n);

/* A numeric field or toggle: a button whose left click raises, right click lowers, wheel
 * steps move. Returns the step (+1, -1, the wheel's steps) when x,y is in it, else 0. */
int ed_field_step(int x, int y, int bx, int by, int w, int pressed, int wheel);
/* The code editor (editor_code.c): made with the editor, the code taken from each file
 * read (ed_code_load), keys and mouse as the other two. */
int ed_code_init(m8_editor *ed);
void ed_code_free(m8_editor *ed);
void ed_code_load(m8_editor *ed, const char *code, size_t len);
void ed_code_mark_saved(m8_editor *ed);
void ed_code_mouse(m8_editor *ed, int x, int y, int pressed, int released, int wheel);
int ed_code_key(m8_editor *ed, int key, int mods);
void ed_code_draw(m8_editor *ed);
int ed_code_undo(m8_editor *ed);
int ed_code_redo(m8_editor *ed);
/* Escape in the code editor: 1 when it closed a prompt (else the editors are left). */
int ed_code_escape(m8_editor *ed);
/* The editor tabs of the top bar: the x of tab i and its width. */
void ed_tab_place(int i, int *x, int *w);

#endif
