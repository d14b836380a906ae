/* editor_save.c - the .p8 text of an edited cart: the file as read (or last saved) with only
 * the sections whose bytes the editors changed rewritten (__lua__ for the code, __gfx__ for
 * the sheet and the shared map rows 32-63, __gff__ for the flags, __map__ for rows 0-31,
 * __sfx__ and __music__ with cart.c's row writers; the code as UTF-8, a line of the file
 * per line of code); every other line,
 * section and __meta__ byte, the line endings and the rows' count are kept, a missing
 * section is inserted in PICO-8's order. The result is read back and compared before it is
 * handed out: the edited regions must hold the document, everything else what the file held.
 * Depends on: editor_internal.h, editor_code.h, cart.h, p8scii.h (runtime/core). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "editor_code.h"
#include "editor_internal.h"
#include "p8scii.h"

typedef struct out_buf {
    char *p;
    size_t n, cap;
    int failed;
} out_buf;

static void put(out_buf *b, const char *s, size_t n)
{
    if (b->failed) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 65536;
        while (cap < b->n + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void put_hex(out_buf *b, unsigned v)
{
    static const char digits[] = "0123456789abcdef";
    char s[2] = { digits[v >> 4 & 15], digits[v & 15] };
    put(b, s, 2);
}

/* The data sections the editors write, in PICO-8's section order among the others. */
enum { SEC_GFX, SEC_GFF, SEC_MAP, SEC_SFX, SEC_MUSIC, SEC_EDITED };
static const char *const edited_name[SEC_EDITED] = { "gfx", "gff", "map", "sfx", "music" };
static const struct { const char *name; int rank; } section_rank[] = {
    { "lua", 0 }, { "gfx", 1 }, { "label", 2 }, { "gff", 3 }, { "map", 4 }, { "sfx", 5 },
    { "music", 6 },
};
static const int edited_rank[SEC_EDITED] = { 1, 3, 4, 5, 6 };
#define RANK_OTHER 7                    /* __meta:*__ and unknown sections come last */

static int rank_of(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof section_rank / sizeof section_rank[0]; i++)
        if (strlen(section_rank[i].name) == len && memcmp(section_rank[i].name, name, len) == 0)
            return section_rank[i].rank;
    return RANK_OTHER;
}

/* The region and row shape of each edited section. */
static const struct { int addr, rows, row_bytes; } shape[SEC_EDITED] = {
    { M8_GFX, 128, 64 }, { M8_FLAGS, 2, 128 }, { M8_MAP, 32, 128 },
    { M8_SFX, 64, M8_SFX_SIZE }, { M8_MUSIC, 64, 4 },
};

/* Rows that differ from what a file without them gives (m8_cart_rom_defaults: zeros, but
 * sfx speeds and disabled music channels), counted from the top. */
static int used_rows(const uint8_t *doc, int sec)
{
    static uint8_t def[M8_ROM_SIZE];
    static int have_def;
    if (!have_def) {
        m8_cart_rom_defaults(def);
        have_def = 1;
    }
    int used = 0, size = shape[sec].row_bytes;
    for (int r = 0; r < shape[sec].rows; r++) {
        int a = shape[sec].addr + r * size;
        if (memcmp(doc + a, def + a, (size_t)size) != 0) used = r + 1;
    }
    return used;
}

/* `rows` rows of section `sec` from the document, each ended by `eol`. */
static void put_rows(out_buf *b, const uint8_t *doc, int sec, int rows, const char *eol)
{
    char line[M8_CART_ROW_MAX];
    for (int r = 0; r < rows; r++) {
        if (sec == SEC_SFX || sec == SEC_MUSIC) {
            put(b, line, (size_t)(sec == SEC_SFX ? m8_cart_sfx_row(doc, r, line) : m8_cart_music_row(doc, r, line)));
            put(b, eol, strlen(eol));
            continue;
        }
        const uint8_t *row = doc + shape[sec].addr + r * shape[sec].row_bytes;
        for (int k = 0; k < shape[sec].row_bytes; k++)     /* gfx: the left pixel first */
            put_hex(b, sec == SEC_GFX ? (unsigned)((row[k] & 15) << 4 | row[k] >> 4) : row[k]);
        put(b, eol, strlen(eol));
    }
}

/* A line of the file: its bytes without the newline, whether it had "\r\n". */
typedef struct line_ref {
    const char *s;
    size_t n;           /* without "\r" and "\n" */
    size_t full;        /* with them */
} line_ref;

/* The section a line names, as the reader sees it (trailing blanks allowed): its name and
 * length, or 0. */
static size_t header_name(const line_ref *l, const char **name)
{
    size_t t = l->n;
    while (t > 0 && (l->s[t - 1] == ' ' || l->s[t - 1] == '\t' || l->s[t - 1] == '\r')) t--;
    if (t < 5 || memcmp(l->s, "__", 2) != 0 || memcmp(l->s + t - 2, "__", 2) != 0) return 0;
    for (size_t i = 2; i < t - 2; i++) {
        unsigned char c = (unsigned char)l->s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == ':' || c == '-' || c == '.'))
            return 0;
    }
    *name = l->s + 2;
    return t - 4;
}

/* The code as the body of __lua__: UTF-8, each line ended by `eol` (the reader joins the
 * lines with '\n' and drops the last one's). */
static void put_code(out_buf *b, const char *code, size_t len, const char *eol)
{
    size_t n = 0;
    char *u = m8_p8scii_to_utf8(code, len, &n);
    if (!u) {
        b->failed = 1;
        return;
    }
    for (size_t pos = 0; len > 0 && pos <= n;) {
        const char *nl = memchr(u + pos, '\n', n - pos);
        size_t line = nl ? (size_t)(nl - (u + pos)) : n - pos;
        put(b, u + pos, line);
        put(b, eol, strlen(eol));
        pos += line + 1;
    }
    free(u);
}

static void put_lua_section(out_buf *b, const char *code, size_t len, const char *eol)
{
    put(b, "__lua__", 7);
    put(b, eol, strlen(eol));
    put_code(b, code, len, eol);
}

static int is_lua(const char *name, size_t len) { return len == 3 && memcmp(name, "lua", 3) == 0; }

static int edited_index(const char *name, size_t len)
{
    for (int i = 0; i < SEC_EDITED; i++)
        if (strlen(edited_name[i]) == len && memcmp(edited_name[i], name, len) == 0) return i;
    return -1;
}

char *ed_save_fail(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errsz) vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
    return NULL;
}

/* The read-back check: edited regions hold the document, all else what the file held. */
static int same_cart(const m8_cart *a, const m8_cart *file, const uint8_t *doc, const char *code,
                     size_t code_len, char *what, size_t whatsz)
{
    if (memcmp(a->rom, doc, M8_MUSIC) != 0) return snprintf(what, whatsz, "sheet, map or flags"), 0;
    if (memcmp(a->rom + M8_MUSIC, doc + M8_MUSIC, ED_DOC_SIZE - M8_MUSIC) != 0)
        return snprintf(what, whatsz, "sfx or music"), 0;
    if (memcmp(a->rom + ED_DOC_SIZE, file->rom + ED_DOC_SIZE, M8_ROM_SIZE - ED_DOC_SIZE) != 0)
        return snprintf(what, whatsz, "the ROM past the data"), 0;
    if (a->code_len != code_len || memcmp(a->code, code, code_len) != 0)
        return snprintf(what, whatsz, "code"), 0;
    if (a->has_label != file->has_label || memcmp(a->label, file->label, sizeof a->label) != 0)
        return snprintf(what, whatsz, "label"), 0;
    if (a->version != file->version || a->n_extra != file->n_extra)
        return snprintf(what, whatsz, "version or extra sections"), 0;
    for (int i = 0; i < a->n_extra; i++)
        if (strcmp(a->extra[i].name, file->extra[i].name) || strcmp(a->extra[i].text, file->extra[i].text))
            return snprintf(what, whatsz, "section %s", a->extra[i].name), 0;
    return 1;
}

char *m8_editor_cart_text(const m8_editor *ed, int force, size_t *len, char *err, size_t errsz)
{
    if (!ed->text)
        return ed_save_fail(err, errsz, "only .p8 carts can be saved by the editors (this one "
                                        "is not .p8 text; mote8-cart can convert it)");
    const m8_cart *file = &ed->file;
    int rewrite[SEC_EDITED], seen[SEC_EDITED] = { 0 };
    for (int i = 0; i < SEC_EDITED; i++) {
        int bytes = shape[i].rows * shape[i].row_bytes;
        rewrite[i] = force || memcmp(ed->doc + shape[i].addr, file->rom + shape[i].addr, bytes) != 0;
    }
    size_t code_len = 0;
    const char *code = ed_code_text(ed, &code_len);
    int lua_rewrite = code_len != file->code_len || memcmp(code, file->code, code_len) != 0;
    int lua_seen = 0, lua_done;
    /* the lines of the file */
    size_t n_lines = 0, cap = 1024;
    line_ref *lines = malloc(cap * sizeof *lines);
    if (!lines) return ed_save_fail(err, errsz, "out of memory");
    const char *eol = "\n";
    for (size_t pos = 0; pos < ed->text_len;) {
        const char *s = ed->text + pos, *nl = memchr(s, '\n', ed->text_len - pos);
        size_t full = nl ? (size_t)(nl - s) + 1 : ed->text_len - pos, n = nl ? full - 1 : full;
        if (n > 0 && s[n - 1] == '\r') {
            n--;
            if (n_lines == 0) eol = "\r\n";      /* new lines end as the header line does */
        }
        if (n_lines == cap) {
            line_ref *more = realloc(lines, (cap *= 2) * sizeof *lines);
            if (!more) { free(lines); return ed_save_fail(err, errsz, "out of memory"); }
            lines = more;
        }
        lines[n_lines++] = (line_ref){ s, n, full };
        pos += full;
    }
    out_buf b = { 0 };
    int inserted[SEC_EDITED] = { 0 };
    /* does each edited section exist? (a missing one that now has data is inserted) */
    for (size_t i = 1; i < n_lines; i++) {
        const char *name;
        size_t nl = header_name(&lines[i], &name);
        int k = nl ? edited_index(name, nl) : -1;
        if (k >= 0) seen[k]++;
        if (nl && is_lua(name, nl)) lua_seen++;
    }
    if (lua_seen > 1 && lua_rewrite) {
        free(lines);
        return ed_save_fail(err, errsz, "__lua__ appears %d times in the file: not saved "
                                        "(keep one)", lua_seen);
    }
    lua_done = lua_seen || !lua_rewrite || code_len == 0;      /* else inserted first */
    for (int k = 0; k < SEC_EDITED; k++) {
        if (seen[k] > 1 && rewrite[k]) {
            free(lines);
            return ed_save_fail(err, errsz, "__%s__ appears %d times in the file: not saved "
                                            "(keep one)", edited_name[k], seen[k]);
        }
        if (seen[k] || !rewrite[k] || !used_rows(ed->doc, k)) inserted[k] = 1;  /* not missing */
    }
    for (size_t i = 0; i < n_lines;) {
        const char *name;
        size_t nl = i > 0 ? header_name(&lines[i], &name) : 0;
        if (!nl) {
            put(&b, lines[i].s, lines[i].full);
            i++;
            continue;
        }
        int rank = rank_of(name, nl);
        if (!lua_done) {                             /* a missing __lua__ comes first */
            put_lua_section(&b, code, code_len, eol);
            lua_done = 1;
        }
        if (is_lua(name, nl) && lua_rewrite) {       /* the header as it was, the new code */
            put(&b, lines[i].s, lines[i].full);
            for (i++; i < n_lines && !header_name(&lines[i], &name); i++) continue;
            put_code(&b, code, code_len, eol);
            continue;
        }
        for (int k = 0; k < SEC_EDITED; k++)         /* missing sections that come before */
            if (!inserted[k] && edited_rank[k] < rank) {
                put(&b, "__", 2);
                put(&b, edited_name[k], strlen(edited_name[k]));
                put(&b, "__", 2);
                put(&b, eol, strlen(eol));
                put_rows(&b, ed->doc, k, used_rows(ed->doc, k), eol);
                inserted[k] = 1;
            }
        int k = edited_index(name, nl);
        put(&b, lines[i].s, lines[i].full);          /* the header line as it was */
        size_t body = ++i;
        while (i < n_lines && !header_name(&lines[i], &name)) i++;
        if (k < 0 || !rewrite[k]) {                  /* kept byte for byte */
            for (size_t j = body; j < i; j++) put(&b, lines[j].s, lines[j].full);
            continue;
        }
        int rows = 0;
        size_t trailing = i;                         /* blank lines at the body's end stay */
        while (trailing > body && lines[trailing - 1].n == 0) trailing--;
        for (size_t j = body; j < trailing; j++) rows += lines[j].n > 0;
        int used = used_rows(ed->doc, k);
        if (rows > shape[k].rows) rows = shape[k].rows;
        put_rows(&b, ed->doc, k, used > rows ? used : rows, eol);
        for (size_t j = trailing; j < i; j++) put(&b, lines[j].s, lines[j].full);
    }
    if (!lua_done) {                                 /* a file of no section at all */
        if (b.n && b.p[b.n - 1] != '\n') put(&b, eol, strlen(eol));
        put_lua_section(&b, code, code_len, eol);
    }
    for (int k = 0; k < SEC_EDITED; k++)             /* missing sections that come last */
        if (!inserted[k]) {
            if (b.n && b.p[b.n - 1] != '\n') put(&b, eol, strlen(eol));
            put(&b, "__", 2);
            put(&b, edited_name[k], strlen(edited_name[k]));
            put(&b, "__", 2);
            put(&b, eol, strlen(eol));
            put_rows(&b, ed->doc, k, used_rows(ed->doc, k), eol);
        }
    free(lines);
    if (b.failed || !b.p) {
        free(b.p);
        return ed_save_fail(err, errsz, "out of memory");
    }
    m8_cart back;
    m8_cart_error cerr;
    char what[300] = "";
    int ok = m8_cart_read_p8(&back, b.p, b.n, &cerr) == 0;
    if (ok) ok = same_cart(&back, file, ed->doc, code, code_len, what, sizeof what);
    else snprintf(what, sizeof what, "%s", cerr.message);
    m8_cart_free(&back);
    if (!ok) {
        free(b.p);
        return ed_save_fail(err, errsz, "not saved: the new text does not read back as "
                                        "edited (%s)", what);
    }
    *len = b.n;
    return b.p;
}

void m8_editor_mark_saved(m8_editor *ed, const char *text, size_t len)
{
    char *copy = malloc(len + 1);
    m8_cart parsed;
    m8_cart_error cerr;
    if (!copy) return;
    memcpy(copy, text, len);
    copy[len] = 0;
    if (m8_cart_read_p8(&parsed, copy, len, &cerr) != 0) {
        m8_cart_free(&parsed);
        free(copy);
        return;
    }
    if (ed->text) m8_cart_free(&ed->file);
    free(ed->text);
    ed->text = copy;
    ed->text_len = len;
    ed->file = parsed;
    memcpy(ed->base, ed->doc, ED_DOC_SIZE);
    ed_code_mark_saved(ed);
    ed->disk_changed = 0;
}
