/* editor_save_bin.c - saving an edited .p8.png or .p8.rom cart in its own format: the file
 * as read (or last saved) decoded again, its sheet, map, flags, sfx and music (0x0000-0x42ff)
 * replaced by the document and its code by the code editor's, encoded again by the core's
 * writer (cart_codec.c: a .p8.png keeps the cart's label). The result is read back and compared before it is
 * handed out, as editor_save.c does for .p8 text.
 * Depends on: editor_internal.h, editor_code.h, cart_codec.h (runtime/core). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart_codec.h"
#include "editor_code.h"
#include "editor_internal.h"

int m8_editor_binary(m8_editor *ed, const void *data, size_t len, int format)
{
    free(ed->bin);
    ed->bin = NULL;
    ed->bin_len = 0;
    if (format != M8_FORMAT_PNG && format != M8_FORMAT_ROM) return -1;
    if (!(ed->bin = malloc(len ? len : 1))) return -1;     /* out of memory: cannot save */
    memcpy(ed->bin, data, len);
    ed->bin_len = len;
    ed->bin_format = format;
    return 0;
}

/* The saved cart read back: the document in 0x0000-0x42ff and the code editor's code, all
 * else as in the file. */
static const char *differs(const m8_cart *back, const m8_cart *file, const uint8_t *doc,
                           const char *code, size_t code_len)
{
    if (memcmp(back->rom, doc, ED_DOC_SIZE) != 0) return "sheet, map, flags, sfx or music";
    if (memcmp(back->rom + ED_DOC_SIZE, file->rom + ED_DOC_SIZE, M8_ROM_SIZE - ED_DOC_SIZE) != 0)
        return "the ROM past the data";
    if (back->code_len != code_len || memcmp(back->code, code, code_len) != 0)
        return "code";
    if (back->has_label != file->has_label || memcmp(back->label, file->label, sizeof back->label) != 0)
        return "label";
    return NULL;
}

void *m8_editor_cart_bytes(const m8_editor *ed, size_t *len, char *err, size_t errsz)
{
    if (!ed->bin) return m8_editor_cart_text(ed, 0, len, err, errsz);
    const char *kind = ed->bin_format == M8_FORMAT_PNG ? ".p8.png" : ".p8.rom";
    m8_cart file, edited, back;
    m8_cart_error cerr;
    if (m8_cart_read_any(&file, ed->bin, ed->bin_len, NULL, &cerr, NULL) != 0) {
        m8_cart_free(&file);
        return ed_save_fail(err, errsz, "the %s file read before does not read now (%s)", kind,
                            cerr.message);
    }
    if (m8_cart_read_any(&edited, ed->bin, ed->bin_len, NULL, &cerr, NULL) != 0) {
        m8_cart_free(&file);
        m8_cart_free(&edited);
        return ed_save_fail(err, errsz, "%s", cerr.message);
    }
    memcpy(edited.rom, ed->doc, ED_DOC_SIZE);
    size_t code_len = 0;
    const char *code = ed_code_text(ed, &code_len);
    char *code_copy = malloc(code_len + 1);
    if (!code_copy) {
        m8_cart_free(&file);
        m8_cart_free(&edited);
        return ed_save_fail(err, errsz, "out of memory");
    }
    memcpy(code_copy, code, code_len);
    code_copy[code_len] = 0;
    free(edited.code);
    edited.code = code_copy;
    edited.code_len = code_len;
    void *out = m8_cart_write_any(&edited, (m8_cart_format)ed->bin_format, len, NULL, &cerr);
    m8_cart_free(&edited);
    if (!out) {
        m8_cart_free(&file);
        return ed_save_fail(err, errsz, "cannot write the %s (%s)", kind, cerr.message);
    }
    const char *what = NULL;
    m8_cart_format format = M8_FORMAT_UNKNOWN;
    if (m8_cart_read_any(&back, out, *len, NULL, &cerr, &format) != 0 || format != ed->bin_format)
        what = cerr.message[0] ? cerr.message : "another format";
    else
        what = differs(&back, &file, ed->doc, code, code_len);
    m8_cart_free(&back);
    m8_cart_free(&file);
    if (what) {
        free(out);
        return ed_save_fail(err, errsz, "not saved: the new %s does not read back as edited "
                                        "(%s)", kind, what);
    }
    return out;
}

void m8_editor_mark_saved_bytes(m8_editor *ed, const void *data, size_t len)
{
    if (!ed->bin) {
        m8_editor_mark_saved(ed, data, len);
        return;
    }
    if (m8_editor_binary(ed, data, len, ed->bin_format) == 0) {
        memcpy(ed->base, ed->doc, ED_DOC_SIZE);
        ed_code_mark_saved(ed);
    }
}
