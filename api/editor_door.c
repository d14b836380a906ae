/* editor_door.c - the built-in editors through the door (mote8.h, "the built-in editors"):
 * opens runtime/editor's editors on a cart file's bytes, attached to the machine's RAM and
 * cart ROM, forwards mouse, keys and typed text, draws, hands out the editors' sound, and
 * saves through the platform's write_file (refused once when the file changed on disk);
 * gives the code editor the dialect's token counter and the API's names, runs the code
 * editor's unsaved code on a restart, and shows the line of the cart's last error.
 * Depends on: vm_internal.h, api_registry.h, dialect/token_count.h, editor.h
 * (runtime/editor), cart_codec.h (runtime/core). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api_registry.h"
#include "cart_codec.h"
#include "dialect/token_count.h"
#include "editor.h"
#include "vm_internal.h"

_Static_assert(MOTE8_KEY_LEFT == M8_KEY_LEFT && MOTE8_KEY_BACKSPACE == M8_KEY_BACKSPACE &&
               MOTE8_KEY_HOME == M8_KEY_HOME && MOTE8_KEY_PAGEDOWN == M8_KEY_PAGEDOWN,
               "the door's key codes are the editor's");
_Static_assert(MOTE8_MOD_CTRL == M8_MOD_CTRL && MOTE8_MOD_SHIFT == M8_MOD_SHIFT,
               "the door's modifier bits are the editor's");
_Static_assert((int)MOTE8_EDITOR_SAVE == (int)M8_EDITOR_ACT_SAVE &&
               (int)MOTE8_EDITOR_LEAVE == (int)M8_EDITOR_ACT_LEAVE,
               "the door's editor actions are the editor's");

/* Is `name` a function of the API table (the code editor colours it)? */
static int is_api_name(const char *name, size_t len)
{
    for (int i = 0; i < m8_api_row_count; i++)
        if (strlen(m8_api_rows[i].name) == len && memcmp(m8_api_rows[i].name, name, len) == 0) return 1;
    return 0;
}

/* Does the editor edit the cart `name` (or was it opened before any cart was loaded)? */
static int edits_cart(const m8_vm *vm, const char *name)
{
    return vm->editor && (!vm->editor_cart[0] || strcmp(name, vm->editor_cart) == 0);
}

void m8_editor_door_code(m8_vm *vm, const char *name)
{
    vm->editor_error_shown = 0;
    if (!edits_cart(vm, name) || !m8_editor_code_unsaved(vm->editor)) return;
    size_t len = 0;
    const char *code = m8_editor_code(vm->editor, &len);
    char *copy = malloc(len + 1);
    if (!copy) return;                              /* out of memory: the file's code runs */
    memcpy(copy, code, len);
    copy[len] = 0;
    free(vm->machine->cart.code);
    vm->machine->cart.code = copy;
    vm->machine->cart.code_len = len;
}

void m8_editor_door_free(m8_vm *vm)
{
    m8_editor_free(vm->editor);
    vm->editor = NULL;
    free(vm->editor_path);
    vm->editor_path = NULL;
}

int mote8_editor_open(mote8 *vm, const void *data, size_t len, const char *path, char *err,
                      size_t errsz)
{
    m8_cart cart;
    m8_cart_error cerr;
    m8_cart_format format = M8_FORMAT_UNKNOWN;
    const char *name = path ? path : vm->cart_name;
    if (m8_cart_read_any(&cart, data, len, name, &cerr, &format) != 0) {
        snprintf(err, errsz, "%s: %s", name, cerr.message);
        m8_cart_free(&cart);
        return -1;
    }
    m8_editor *ed = m8_editor_new(&cart, format == M8_FORMAT_P8 ? data : NULL, len);
    m8_cart_free(&cart);
    if (ed && format != M8_FORMAT_P8) m8_editor_binary(ed, data, len, format);
    char *own_path = path ? strdup(path) : NULL;
    if (!ed || (path && !own_path)) {
        m8_editor_free(ed);
        free(own_path);
        snprintf(err, errsz, "out of memory");
        return -1;
    }
    m8_editor_door_free(vm);
    vm->editor = ed;
    vm->editor_path = own_path;
    /* the cart it edits: the loaded one, or the next one loaded */
    snprintf(vm->editor_cart, sizeof vm->editor_cart, "%s", vm->cart_data ? vm->cart_name : "");
    m8_editor_name(ed, name);
    m8_editor_attach(ed, vm->machine->ram, vm->machine->cart.rom);
    m8_editor_clipboard(ed, vm->editor_clipboard.set, vm->editor_clipboard.get,
                        vm->editor_clipboard.user);
    m8_editor_code_hooks hooks = { m8_count_tokens, is_api_name };
    m8_editor_code_hooks_set(ed, &hooks);
    return 0;
}

void mote8_editor_set_clipboard(mote8 *vm, const mote8_clipboard *clipboard)
{
    static const mote8_clipboard none = { 0 };
    vm->editor_clipboard = clipboard ? *clipboard : none;
    if (vm->editor)
        m8_editor_clipboard(vm->editor, vm->editor_clipboard.set, vm->editor_clipboard.get,
                            vm->editor_clipboard.user);
}

void m8_editor_door_restarted(m8_vm *vm, const char *name)
{
    if (!vm->editor) return;
    if (!vm->editor_cart[0])                        /* opened before the cart was loaded */
        snprintf(vm->editor_cart, sizeof vm->editor_cart, "%s", name);
    if (strcmp(name, vm->editor_cart) != 0) {       /* another cart: not written into */
        m8_editor_attach(vm->editor, NULL, NULL);
        return;
    }
    m8_editor_attach(vm->editor, vm->machine->ram, vm->machine->cart.rom);
    if (m8_editor_unsaved(vm->editor)) {            /* the edits win over the file */
        if (!m8_editor_same_text(vm->editor, vm->cart_data, vm->cart_len))
            m8_editor_disk_changed(vm->editor);     /* and a save asks first */
        m8_editor_rewrite(vm->editor);
        return;
    }
    m8_cart cart;                                   /* the file as read now (--watch, Ctrl+R) */
    m8_cart_error cerr;
    m8_cart_format format = M8_FORMAT_UNKNOWN;
    if (m8_cart_read_any(&cart, vm->cart_data, vm->cart_len, name, &cerr, &format) == 0) {
        m8_editor_reload(vm->editor, &cart, format == M8_FORMAT_P8 ? vm->cart_data : NULL,
                         vm->cart_len);
        m8_editor_binary(vm->editor, vm->cart_data, vm->cart_len, format);
    }
    m8_cart_free(&cart);
}

int mote8_editor_is_open(const mote8 *vm) { return vm->editor != NULL; }

void mote8_editor_mouse(mote8 *vm, int x, int y, int buttons, int wheel)
{
    if (vm->editor) m8_editor_mouse(vm->editor, x, y, buttons, wheel);
}

int mote8_editor_key(mote8 *vm, int key, int mods)
{
    return vm->editor ? m8_editor_key(vm->editor, key, mods) : MOTE8_EDITOR_NONE;
}

void mote8_editor_text(mote8 *vm, const char *utf8)
{
    if (vm->editor) m8_editor_text(vm->editor, utf8);
}

int mote8_editor_wants_text(const mote8 *vm) { return vm->editor && m8_editor_wants_text(vm->editor); }

void mote8_editor_enter(mote8 *vm)
{
    if (!vm->editor || vm->status != MOTE8_ERROR || vm->error_line <= 0 || vm->editor_error_shown ||
        !edits_cart(vm, vm->cart_name))
        return;
    m8_editor_show_code_line(vm->editor, vm->error_line);
    vm->editor_error_shown = 1;
    const char *what = strstr(vm->error, ", line ");   /* "...: tab T, line L: what\n..." */
    what = what ? strstr(what, ": ") : NULL;
    if (what) {
        char msg[64];
        size_t n = strcspn(what + 2, "\n");
        snprintf(msg, sizeof msg, "%.*s", (int)(n < sizeof msg - 1 ? n : sizeof msg - 1), what + 2);
        m8_editor_say(vm->editor, msg);             /* the error, in the bottom bar */
    }
}

void mote8_editor_code_position(const mote8 *vm, int *tab, int *line, int *col)
{
    *tab = 0;
    *line = *col = 1;
    if (vm->editor) m8_editor_code_position(vm->editor, tab, line, col);
}

int mote8_editor_key_name(const char *name, int *key, int *mods)
{
    return m8_editor_key_parse(name, key, mods);
}

void mote8_editor_frame(mote8 *vm, uint8_t *rgb)
{
    if (vm->editor) m8_editor_frame(vm->editor, rgb);
    else memset(rgb, 0, MOTE8_WIDTH * MOTE8_HEIGHT * 3);
}

int mote8_editor_pull_audio(mote8 *vm, int16_t *out, int max_samples)
{
    return vm->editor && max_samples > 0 ? m8_editor_pull_audio(vm->editor, out, max_samples) : 0;
}

int mote8_editor_unsaved(const mote8 *vm) { return vm->editor && m8_editor_unsaved(vm->editor); }

char *mote8_editor_cart_text(mote8 *vm, int force, size_t *len, char *err, size_t errsz)
{
    if (!vm->editor) {
        snprintf(err, errsz, "the editors are not open");
        return NULL;
    }
    return m8_editor_cart_text(vm->editor, force, len, err, errsz);
}

int mote8_editor_save(mote8 *vm, char *err, size_t errsz)
{
    size_t len = 0;
    char why[400];
    if (!vm->editor) {
        snprintf(err, errsz, "the editors are not open");
        return -1;
    }
    const mote8_platform *pf = &vm->config.platform;
    char *text = NULL;                              /* .p8 text, or the .p8.png / .p8.rom */
    if (vm->editor_path && pf->read_file) {         /* an outside editor wrote the file? */
        size_t disk_len = 0;
        void *disk = pf->read_file(pf->user, vm->editor_path, &disk_len);
        if (disk && !m8_editor_same_text(vm->editor, disk, disk_len)) m8_editor_disk_changed(vm->editor);
        free(disk);
    }
    if (!vm->editor_path)
        snprintf(why, sizeof why, "this cart has no file to save to (a bundled cart)");
    else if (m8_editor_save_check(vm->editor, why, sizeof why) != 0) {
        snprintf(err, errsz, "%s: %s", vm->editor_path, why);
        return -1;
    } else if (!pf->write_file)
        snprintf(why, sizeof why, "%s: this host cannot write files", vm->editor_path);
    else if ((text = m8_editor_cart_bytes(vm->editor, &len, why, sizeof why)) != NULL &&
             pf->write_file(pf->user, vm->editor_path, text, len, why, sizeof why) == 0) {
        m8_editor_mark_saved_bytes(vm->editor, text, len);
        if (strcmp(vm->editor_cart, vm->cart_name) == 0) {  /* a restart runs the saved file */
            free(vm->cart_data);
            vm->cart_data = text;
            vm->cart_len = len;
        } else {
            free(text);
        }
        char msg[64];
        const char *slash = strrchr(vm->editor_path, '/');
        snprintf(msg, sizeof msg, "saved %s", slash ? slash + 1 : vm->editor_path);
        m8_editor_say(vm->editor, msg);
        return 0;
    }
    free(text);
    snprintf(err, errsz, "%s%s%s", vm->editor_path ? vm->editor_path : "",
             vm->editor_path ? ": " : "", why);
    m8_editor_say(vm->editor, "not saved: see the terminal");
    return -1;
}
