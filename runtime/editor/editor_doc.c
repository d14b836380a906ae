/* editor_doc.c - the editors' document: sprite sheet, map, flags, music and sfx
 * (0x0000-0x42ff as in RAM), every write mirrored into the running machine's RAM and its
 * cart's ROM so a running cart sees it at once; undo and redo as whole snapshots of the
 * document (16.75 KiB each, ED_UNDO_MAX kept); the code is the code editor's (its own undo).
 * Depends on: editor_internal.h, editor_code.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "editor_code.h"
#include "editor_internal.h"

static void drop_all(uint8_t **list, int *n)
{
    for (int i = 0; i < *n; i++) free(list[i]);
    *n = 0;
}

/* Push a copy of the document onto `list` (the oldest dropped when full). */
static void push_copy(m8_editor *ed, uint8_t **list, int *n)
{
    uint8_t *snap;
    if (*n == ED_UNDO_MAX) {
        snap = list[0];
        memmove(list, list + 1, (ED_UNDO_MAX - 1) * sizeof *list);
        (*n)--;
    } else {
        snap = malloc(ED_DOC_SIZE);
        if (!snap) return;              /* out of memory: this edit cannot be undone */
    }
    memcpy(snap, ed->doc, ED_DOC_SIZE);
    list[(*n)++] = snap;
}

void ed_begin_edit(m8_editor *ed)
{
    push_copy(ed, ed->undo, &ed->n_undo);
    drop_all(ed->redo, &ed->n_redo);
}

/* Make `snap` the document, writing the bytes that change through. */
static void take(m8_editor *ed, const uint8_t *snap)
{
    for (int a = 0; a < ED_DOC_SIZE; a++)
        if (ed->doc[a] != snap[a]) ed_poke(ed, a, snap[a]);
}

int ed_undo(m8_editor *ed)
{
    if (ed->n_undo == 0) return -1;
    push_copy(ed, ed->redo, &ed->n_redo);
    uint8_t *snap = ed->undo[--ed->n_undo];
    take(ed, snap);
    free(snap);
    return 0;
}

int ed_redo(m8_editor *ed)
{
    if (ed->n_redo == 0) return -1;
    push_copy(ed, ed->undo, &ed->n_undo);
    uint8_t *snap = ed->redo[--ed->n_redo];
    take(ed, snap);
    free(snap);
    return 0;
}

void ed_restore_snapshot(m8_editor *ed)
{
    if (ed->n_undo > 0) take(ed, ed->undo[ed->n_undo - 1]);
}

void ed_poke(m8_editor *ed, int addr, uint8_t v)
{
    if (addr < 0 || addr >= ED_DOC_SIZE) return;
    ed->doc[addr] = v;
    if (ed->ram) ed->ram[addr] = v;
    if (ed->rom) ed->rom[addr] = v;
}

int ed_sget(const m8_editor *ed, int x, int y)
{
    if (x < 0 || y < 0 || x >= M8_SHEET_W || y >= M8_SHEET_H) return 0;
    uint8_t b = ed->doc[M8_GFX + y * 64 + x / 2];
    return x & 1 ? b >> 4 : b & 15;
}

void ed_sset(m8_editor *ed, int x, int y, int c)
{
    if (x < 0 || y < 0 || x >= M8_SHEET_W || y >= M8_SHEET_H) return;
    int a = M8_GFX + y * 64 + x / 2;
    uint8_t b = ed->doc[a];
    b = x & 1 ? (uint8_t)((b & 0x0f) | (c & 15) << 4) : (uint8_t)((b & 0xf0) | (c & 15));
    if (b != ed->doc[a]) ed_poke(ed, a, b);
}

/* Map rows 0-31 at 0x2000, rows 32-63 in the sheet's lower half (0x1000). */
static int map_addr(int x, int y)
{
    return y < 32 ? M8_MAP + y * 128 + x : M8_GFX_SHARED + (y - 32) * 128 + x;
}

int ed_mget(const m8_editor *ed, int x, int y)
{
    if (x < 0 || y < 0 || x >= 128 || y >= 64) return 0;
    return ed->doc[map_addr(x, y)];
}

void ed_mset(m8_editor *ed, int x, int y, int v)
{
    if (x < 0 || y < 0 || x >= 128 || y >= 64) return;
    if (ed->doc[map_addr(x, y)] != (uint8_t)v) ed_poke(ed, map_addr(x, y), (uint8_t)v);
}

void ed_flood(m8_editor *ed, int x, int y, int x0, int y0, int x1, int y1, int v,
              int (*get)(const m8_editor *, int, int), void (*set)(m8_editor *, int, int, int))
{
    if (x < x0 || y < y0 || x >= x1 || y >= y1) return;
    int from = get(ed, x, y);
    if (from == v) return;
    /* each cell set pushes its 4 neighbours once: the area's cells * 4, and the start */
    size_t cap = (size_t)(x1 - x0) * (size_t)(y1 - y0) * 4 + 1, top = 0;
    int (*stack)[2] = malloc(cap * sizeof *stack);
    if (!stack) return;
    stack[top][0] = x;
    stack[top++][1] = y;
    while (top > 0) {
        top--;
        int px = stack[top][0], py = stack[top][1];
        if (px < x0 || py < y0 || px >= x1 || py >= y1 || get(ed, px, py) != from) continue;
        set(ed, px, py, v);
        static const int d[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
        for (int k = 0; k < 4; k++) {
            stack[top][0] = px + d[k][0];
            stack[top++][1] = py + d[k][1];
        }
    }
    free(stack);
}

int ed_flags(const m8_editor *ed, int sprite) { return ed->doc[M8_FLAGS + (sprite & 255)]; }

void ed_set_flags(m8_editor *ed, int sprite, int flags)
{
    ed_poke(ed, M8_FLAGS + (sprite & 255), (uint8_t)flags);
}

long m8_editor_map_cost(const uint8_t *doc, int tx, int ty, int tw, int th)
{
    long cost = 0;
    for (int y = ty; y < ty + th; y++)
        for (int x = tx; x < tx + tw; x++) {
            if (x < 0 || y < 0 || x >= 128 || y >= 64) continue;    /* outside: not looked at */
            cost += doc[map_addr(x, y)] ? 128 : 1;
        }
    return cost;
}

/* The document, base and file text from a cart and its .p8 bytes (NULL: not .p8). */
static void take_file(m8_editor *ed, const m8_cart *cart, const char *text, size_t len)
{
    ed_code_load(ed, cart->code, cart->code_len);
    ed->disk_changed = 0;
    memcpy(ed->doc, cart->rom, ED_DOC_SIZE);
    memcpy(ed->base, cart->rom, ED_DOC_SIZE);
    if (ed->text) m8_cart_free(&ed->file);
    free(ed->text);
    ed->text = NULL;
    if (!text || !(ed->text = malloc(len + 1))) return;    /* out of memory: cannot save */
    memcpy(ed->text, text, len);
    ed->text[len] = 0;
    ed->text_len = len;
    m8_cart_error err;
    if (m8_cart_read_p8(&ed->file, text, len, &err) != 0) {   /* not .p8 after all */
        m8_cart_free(&ed->file);
        free(ed->text);
        ed->text = NULL;
    }
}

m8_editor *m8_editor_new(const m8_cart *cart, const char *text, size_t len)
{
    m8_editor *ed = calloc(1, sizeof *ed);
    if (!ed) return NULL;
    if (ed_code_init(ed) != 0) {
        free(ed);
        return NULL;
    }
    take_file(ed, cart, text, len);
    ed->synth = m8_synth_new(ed->ui);       /* NULL (out of memory): the editors are silent */
    ed_sprite_init(ed);
    ed_map_init(ed);
    ed_sfx_init(ed);
    ed_music_init(ed);
    return ed;
}

void m8_editor_reload(m8_editor *ed, const m8_cart *cart, const char *text, size_t len)
{
    take_file(ed, cart, text, len);
    drop_all(ed->undo, &ed->n_undo);
    drop_all(ed->redo, &ed->n_redo);
}

void m8_editor_free(m8_editor *ed)
{
    if (!ed) return;
    drop_all(ed->undo, &ed->n_undo);
    drop_all(ed->redo, &ed->n_redo);
    ed_code_free(ed);
    if (ed->text) m8_cart_free(&ed->file);
    free(ed->text);
    free(ed->bin);
    m8_synth_free(ed->synth);
    free(ed);
}

void m8_editor_attach(m8_editor *ed, uint8_t *ram, uint8_t *rom)
{
    ed->ram = ram;
    ed->rom = rom;
}

int m8_editor_unsaved(const m8_editor *ed)
{
    return memcmp(ed->doc, ed->base, ED_DOC_SIZE) != 0 || ed_code_unsaved(ed);
}

int m8_editor_same_text(const m8_editor *ed, const void *data, size_t len)
{
    if (ed->bin)                                    /* a .p8.png or .p8.rom: its bytes */
        return data && ed->bin_len == len && memcmp(ed->bin, data, len) == 0;
    if (!ed->text) return 1;                        /* neither: cannot be saved anyway */
    return data && ed->text_len == len && memcmp(ed->text, data, len) == 0;
}

void m8_editor_disk_changed(m8_editor *ed)
{
    if (!ed->disk_changed) ed->disk_changed = 1;
    ed_say(ed, "file changed on disk: edits kept");
}

int m8_editor_save_check(m8_editor *ed, char *err, size_t errsz)
{
    if (ed->disk_changed != 1) return 0;            /* unchanged, or said once already */
    ed->disk_changed = 2;
    snprintf(err, errsz, "file changed on disk: ctrl+s again to overwrite");
    ed_say(ed, "%s", err);
    return -1;
}

void m8_editor_rewrite(m8_editor *ed)
{
    if (ed->ram) memcpy(ed->ram, ed->doc, ED_DOC_SIZE);
    if (ed->rom) memcpy(ed->rom, ed->doc, ED_DOC_SIZE);
}
