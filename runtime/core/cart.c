/* cart.c - the .p8 text cart reader and writer (reference section 4).
 *
 * Reading fills a 32 KiB ROM image from __gfx__ __gff__ __map__ __sfx__ __music__, keeps the
 * __lua__ text as P8SCII bytes exactly as written (tabs stay joined by "-->8" lines), keeps
 * the __label__ pixels, and keeps every other section (__meta:*__ or unknown) verbatim so the
 * writer gives it back. Rows a section does not give keep the empty-cart defaults of
 * m8_cart_init, which are also the rows the writer leaves out at the end of a section, as
 * PICO-8 does; so read -> write -> read gives the same ROM and code bytes.
 * Depends on: cart.h, ram.h, p8scii.h, libc. */
#include "cart.h"
#include "p8scii.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER "pico-8 cartridge // http://www.pico-8.com"
#define HEADER_PREFIX "pico-8 cartridge"
#define TAB_BREAK "-->8"

/* ---- growable byte buffer ---- */

typedef struct buf {
    char *p;
    size_t n, cap;
    int failed;
} buf;

static void buf_add(buf *b, const char *s, size_t n)
{
    if (b->failed) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->n + n + 1 > cap) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) { b->failed = 1; return; }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

static void buf_str(buf *b, const char *s) { buf_add(b, s, strlen(s)); }

static void buf_hex2(buf *b, unsigned v)
{
    static const char hex[] = "0123456789abcdef";
    char s[2] = { hex[(v >> 4) & 15], hex[v & 15] };
    buf_add(b, s, 2);
}

/* ---- empty cart ---- */

/* The ROM bytes of an empty PICO-8 cart: all zero except the music patterns, which are
 * 0x41 0x42 0x43 0x44 (all channels off), and the sfx speeds (1 for sfx 0, 16 for the
 * others, as PICO-8's own files show with their "0001..." / "0010..." rows). */
void m8_cart_rom_defaults(uint8_t *rom)
{
    memset(rom, 0, M8_ROM_SIZE);
    for (int p = 0; p < 64; p++)
        for (int c = 0; c < 4; c++) rom[M8_MUSIC + 4 * p + c] = (uint8_t)(0x41 + c);
    for (int n = 0; n < 64; n++) rom[M8_SFX + M8_SFX_SIZE * n + 65] = n == 0 ? 0x01 : 0x10;
}

void m8_cart_init(m8_cart *cart)
{
    memset(cart, 0, sizeof *cart);
    m8_cart_rom_defaults(cart->rom);
    cart->code = calloc(1, 1);
}

void m8_cart_free(m8_cart *cart)
{
    free(cart->code);
    cart->code = NULL;
    cart->code_len = 0;
    for (int i = 0; i < cart->n_extra; i++) {
        free(cart->extra[i].name);
        free(cart->extra[i].text);
        cart->extra[i].name = cart->extra[i].text = NULL;
    }
    cart->n_extra = 0;
}

/* ---- reader ---- */

enum { S_NONE, S_LUA, S_GFX, S_GFF, S_MAP, S_SFX, S_MUSIC, S_LABEL, S_EXTRA };

static const struct { const char *name; int sec, bit; } k_sections[] = {
    { "lua", S_LUA, M8_SEC_LUA },       { "gfx", S_GFX, M8_SEC_GFX },
    { "gff", S_GFF, M8_SEC_GFF },       { "map", S_MAP, M8_SEC_MAP },
    { "sfx", S_SFX, M8_SEC_SFX },       { "music", S_MUSIC, M8_SEC_MUSIC },
    { "label", S_LABEL, M8_SEC_LABEL },
};

typedef struct reader {
    m8_cart *cart;
    m8_cart_error *err;
    int line;            /* 1-based line being parsed */
    int sec;             /* S_* of the current section */
    const char *sec_name;
    int row;             /* data rows seen in the current section */
    buf lua;             /* UTF-8 text of the last __lua__ section */
    buf extra;           /* text of the current extra section */
} reader;

static int fail(reader *r, const char *fmt, ...)
{
    if (r->err) {
        va_list ap;
        int n;
        r->err->line = r->line;
        n = r->line > 0 ? snprintf(r->err->message, sizeof r->err->message, "line %d: ", r->line)
                        : 0;
        va_start(ap, fmt);
        vsnprintf(r->err->message + n, sizeof r->err->message - n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Printable form of a byte for error messages. */
static const char *show_char(unsigned char c, char out[8])
{
    if (c >= 0x21 && c < 0x7f) snprintf(out, 8, "'%c'", c);
    else snprintf(out, 8, "0x%02x", c);
    return out;
}

/* Value of a digit in base 16 (or 32 for the label: 0-9 a-v); -1 if it is not one. */
static int digit_value(unsigned char c, int base)
{
    int v;
    if (c >= '0' && c <= '9') v = c - '0';
    else if (c >= 'a' && c <= 'z') v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'Z') v = c - 'A' + 10;
    else return -1;
    return v < base ? v : -1;
}

/* Turn one data line into digit values (want of them; missing ones are 0, extra ones are
 * checked but ignored). Spaces are skipped only where skip_space allows (music). */
static int parse_digits(reader *r, const char *s, size_t len, int base, uint8_t *d, int want,
                        int skip_space)
{
    int k = 0;
    memset(d, 0, (size_t)want);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        int v;
        if (skip_space && (c == ' ' || c == '\t')) continue;
        v = digit_value(c, base);
        if (v < 0) {
            char tmp[8];
            return fail(r, "bad %s digit %s at column %d in __%s__",
                        base == 16 ? "hex" : "label", show_char(c, tmp), (int)i + 1, r->sec_name);
        }
        if (k < want) d[k] = (uint8_t)v;
        k++;
    }
    return 0;
}

static int read_data_line(reader *r, const char *s, size_t len)
{
    uint8_t d[256];
    uint8_t *rom = r->cart->rom;
    int row = r->row++;
    switch (r->sec) {
    case S_GFX: /* 128 pixels, left pixel in the low nibble */
        if (parse_digits(r, s, len, 16, d, 128, 0)) return -1;
        if (row >= 128) return 0;
        for (int k = 0; k < 64; k++) rom[M8_GFX + row * 64 + k] = (uint8_t)(d[2 * k + 1] << 4 | d[2 * k]);
        return 0;
    case S_GFF: /* 128 flag bytes, high digit first */
        if (parse_digits(r, s, len, 16, d, 256, 0)) return -1;
        if (row >= 2) return 0;
        for (int k = 0; k < 128; k++) rom[M8_FLAGS + row * 128 + k] = (uint8_t)(d[2 * k] << 4 | d[2 * k + 1]);
        return 0;
    case S_MAP: { /* 128 cells; rows 32-63 (shrinko8 extension) go to the shared 0x1000 */
        if (parse_digits(r, s, len, 16, d, 256, 0)) return -1;
        if (row >= 64) return 0;
        int base = row < 32 ? M8_MAP + row * 128 : M8_GFX_SHARED + (row - 32) * 128;
        for (int k = 0; k < 128; k++) rom[base + k] = (uint8_t)(d[2 * k] << 4 | d[2 * k + 1]);
        return 0;
    }
    case S_SFX: { /* 4 header bytes (stored at 64-67), then 32 notes "PPWVE" */
        if (parse_digits(r, s, len, 16, d, 168, 0)) return -1;
        if (row >= 64) return 0;
        uint8_t *sfx = rom + M8_SFX + M8_SFX_SIZE * row;
        for (int k = 0; k < 4; k++) sfx[64 + k] = (uint8_t)(d[2 * k] << 4 | d[2 * k + 1]);
        for (int n = 0; n < 32; n++) {
            const uint8_t *q = d + 8 + 5 * n;
            unsigned pitch = (unsigned)(q[0] << 4 | q[1]) & 0x3f;
            unsigned w = q[2], v = q[3] & 7, e = q[4] & 7;
            unsigned word = pitch | (w & 7) << 6 | v << 9 | e << 12 | (w & 8) << 12;
            sfx[2 * n] = (uint8_t)word;
            sfx[2 * n + 1] = (uint8_t)(word >> 8);
        }
        return 0;
    }
    case S_MUSIC: { /* "FF AABBCCDD": flag bit c becomes bit 7 of channel byte c */
        if (parse_digits(r, s, len, 16, d, 10, 1)) return -1;
        if (row >= 64) return 0;
        unsigned flags = (unsigned)(d[0] << 4 | d[1]);
        for (int c = 0; c < 4; c++) {
            unsigned ch = (unsigned)(d[2 + 2 * c] << 4 | d[3 + 2 * c]) & 0x7f;
            rom[M8_MUSIC + 4 * row + c] = (uint8_t)(ch | ((flags >> c) & 1) << 7);
        }
        return 0;
    }
    case S_LABEL: /* 128 pixels 0-31 */
        if (parse_digits(r, s, len, 32, d, 128, 0)) return -1;
        if (row >= 128) return 0;
        memcpy(r->cart->label + row * 128, d, 128);
        return 0;
    }
    return 0;
}

/* "__name__" (trailing blanks allowed): returns the name's length and start, else 0. */
static size_t section_name(const char *s, size_t len, const char **name)
{
    if (len < 5 || memcmp(s, "__", 2) != 0 || memcmp(s + len - 2, "__", 2) != 0) return 0;
    for (size_t i = 2; i < len - 2; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == ':' || c == '-' || c == '.'))
            return 0;
    }
    *name = s + 2;
    return len - 4;
}

/* Close the section being read: store an extra section's text. */
static int end_section(reader *r)
{
    if (r->sec == S_EXTRA) {
        m8_cart_section *x = &r->cart->extra[r->cart->n_extra - 1];
        if (r->extra.failed) return fail(r, "out of memory");
        x->text = r->extra.p ? r->extra.p : calloc(1, 1);
        r->extra.p = NULL;
        r->extra.n = r->extra.cap = 0;
        if (!x->text) return fail(r, "out of memory");
    }
    return 0;
}

static int begin_section(reader *r, const char *name, size_t nlen)
{
    m8_cart *cart = r->cart;
    if (end_section(r)) return -1;
    r->row = 0;
    for (size_t i = 0; i < sizeof k_sections / sizeof k_sections[0]; i++) {
        if (strlen(k_sections[i].name) == nlen && memcmp(k_sections[i].name, name, nlen) == 0) {
            r->sec = k_sections[i].sec;
            r->sec_name = k_sections[i].name;
            cart->section_present |= k_sections[i].bit;
            if (r->sec == S_LUA) r->lua.n = 0; /* a repeated __lua__ replaces the earlier one */
            if (r->sec == S_LUA && r->lua.p) r->lua.p[0] = '\0';
            if (r->sec == S_LABEL) {
                cart->has_label = 1;
                memset(cart->label, 0, sizeof cart->label);
            }
            return 0;
        }
    }
    if (cart->n_extra >= M8_CART_MAX_EXTRA)
        return fail(r, "too many extra sections (more than %d)", M8_CART_MAX_EXTRA);
    m8_cart_section *x = &cart->extra[cart->n_extra];
    x->name = malloc(nlen + 1);
    x->text = NULL;
    if (!x->name) return fail(r, "out of memory");
    memcpy(x->name, name, nlen);
    x->name[nlen] = '\0';
    cart->n_extra++;
    r->sec = S_EXTRA;
    r->sec_name = x->name;
    return 0;
}

static int read_lines(reader *r, const char *text, size_t len)
{
    size_t pos = 0;
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) pos = 3; /* UTF-8 BOM */
    r->line = 0;
    while (pos < len) {
        const char *s = text + pos;
        const char *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos;
        pos += n + (nl ? 1 : 0);
        if (n > 0 && s[n - 1] == '\r') n--; /* CRLF */
        r->line++;

        if (r->line == 1) {
            if (n < strlen(HEADER_PREFIX) || memcmp(s, HEADER_PREFIX, strlen(HEADER_PREFIX)) != 0)
                return fail(r, "not a .p8 cart: missing header \"" HEADER "\"");
            continue;
        }

        /* section header? (trailing blanks tolerated, as in "__gff__ ") */
        size_t t = n;
        while (t > 0 && (s[t - 1] == ' ' || s[t - 1] == '\t' || s[t - 1] == '\r')) t--;
        const char *name;
        size_t nlen = section_name(s, t, &name);
        if (nlen) {
            if (begin_section(r, name, nlen)) return -1;
            continue;
        }

        switch (r->sec) {
        case S_NONE: /* before the first section: only "version N" matters */
            if (t > 8 && memcmp(s, "version ", 8) == 0) {
                char tmp[16];
                size_t k = t - 8 < sizeof tmp - 1 ? t - 8 : sizeof tmp - 1;
                memcpy(tmp, s + 8, k);
                tmp[k] = '\0';
                r->cart->version = atoi(tmp);
            }
            break;
        case S_LUA:
            buf_add(&r->lua, s, n);
            buf_add(&r->lua, "\n", 1);
            break;
        case S_EXTRA:
            buf_add(&r->extra, s, n);
            buf_add(&r->extra, "\n", 1);
            break;
        default:
            if (t == 0) break; /* blank lines in data sections are ignored */
            if (read_data_line(r, s, t)) return -1;
        }
        if (r->lua.failed || r->extra.failed) return fail(r, "out of memory");
    }
    if (r->line == 0) return fail(r, "empty file: missing header \"" HEADER "\"");
    r->line = 0;
    return end_section(r);
}

int m8_cart_read_p8(m8_cart *cart, const char *text, size_t len, m8_cart_error *err)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.cart = cart;
    r.err = err;
    if (err) { err->line = 0; err->message[0] = '\0'; }
    m8_cart_init(cart);
    if (!cart->code) return fail(&r, "out of memory");

    int rc = read_lines(&r, text ? text : "", text ? len : 0);
    if (rc == 0) {
        /* code: the section's lines joined by '\n' (the last line's '\n' belongs to the file) */
        size_t n = r.lua.n;
        if (n > 0 && r.lua.p[n - 1] == '\n') n--;
        size_t plen = 0;
        char *p8 = m8_utf8_to_p8scii(r.lua.p ? r.lua.p : "", n, &plen);
        if (!p8) rc = fail(&r, "out of memory");
        else {
            free(cart->code);
            cart->code = p8;
            cart->code_len = plen;
        }
    }
    free(r.lua.p);
    free(r.extra.p);
    if (rc != 0) {
        m8_cart_free(cart);
        m8_cart_init(cart);
    }
    return rc;
}

/* ---- writer ---- */

static int row_is(const uint8_t *a, const uint8_t *b, size_t n) { return memcmp(a, b, n) == 0; }

/* Number of rows to write: all up to the last one that differs from the default. */
static int used_rows(const uint8_t *rom, const uint8_t *def, int rows, int (*addr)(int), int size)
{
    int n = rows;
    while (n > 0 && row_is(rom + addr(n - 1), def + addr(n - 1), (size_t)size)) n--;
    return n;
}

static int gfx_addr(int row) { return M8_GFX + row * 64; }
static int gff_addr(int row) { return M8_FLAGS + row * 128; }
static int map_addr(int row) { return M8_MAP + row * 128; }
static int sfx_addr(int row) { return M8_SFX + row * M8_SFX_SIZE; }
static int music_addr(int row) { return M8_MUSIC + row * 4; }

/* A hex section of `rows` used rows, `size` bytes a row from `addr(row)`. */
static void write_hex_rows(buf *b, const uint8_t *rom, int rows, int (*addr)(int), int size)
{
    for (int y = 0; y < rows; y++) {
        for (int k = 0; k < size; k++) buf_hex2(b, rom[addr(y) + k]);
        buf_add(b, "\n", 1);
    }
}

/* __gfx__: 64 bytes a row, the left pixel (low nibble) first. */
static void write_gfx(buf *b, const uint8_t *rom, int rows)
{
    for (int y = 0; y < rows; y++) {
        for (int k = 0; k < 64; k++) {
            uint8_t v = rom[gfx_addr(y) + k];
            buf_hex2(b, (unsigned)((v & 15) << 4 | v >> 4));
        }
        buf_add(b, "\n", 1);
    }
}

/* __label__: a digit 0-9a-v per pixel, 128 rows of 128. */
static void write_label(buf *b, const m8_cart *cart)
{
    static const char label_digits[] = "0123456789abcdefghijklmnopqrstuv";
    char line[M8_SCREEN_W + 1];
    for (int y = 0; y < M8_SCREEN_H; y++) {
        for (int x = 0; x < M8_SCREEN_W; x++)
            line[x] = label_digits[cart->label[y * M8_SCREEN_W + x] & 31];
        line[M8_SCREEN_W] = '\n';
        buf_add(b, line, sizeof line);
    }
    buf_add(b, "\n", 1);
}

int m8_cart_sfx_row(const uint8_t *rom, int n, char *out)
{
    const uint8_t *sfx = rom + sfx_addr(n);
    int o = 0;
    for (int k = 0; k < 4; k++) {
        snprintf(out + o, 3, "%02x", sfx[64 + k]);
        o += 2;
    }
    for (int j = 0; j < 32; j++) {
        unsigned w = (unsigned)(sfx[2 * j] | sfx[2 * j + 1] << 8);
        unsigned ins = ((w >> 6) & 7) | ((w >> 12) & 8);
        snprintf(out + o, 6, "%02x%x%x%x", w & 0x3f, ins, (w >> 9) & 7, (w >> 12) & 7);
        o += 5;
    }
    return o;
}

int m8_cart_music_row(const uint8_t *rom, int n, char *out)
{
    const uint8_t *m = rom + music_addr(n);
    unsigned flags = 0;
    for (int c = 0; c < 4; c++) flags |= (unsigned)(m[c] >> 7) << c;
    return snprintf(out, M8_CART_ROW_MAX, "%02x %02x%02x%02x%02x", flags, m[0] & 0x7f,
                    m[1] & 0x7f, m[2] & 0x7f, m[3] & 0x7f);
}

/* __sfx__: per sfx its 4 header bytes, then 32 notes of pitch, instrument (custom bit
 * folded in), volume and effect. */
static void write_sfx(buf *b, const uint8_t *rom, int count)
{
    char line[M8_CART_ROW_MAX];
    for (int i = 0; i < count; i++) {
        buf_add(b, line, (size_t)m8_cart_sfx_row(rom, i, line));
        buf_add(b, "\n", 1);
    }
}

/* __music__: per pattern its flags (loop start, loop end, stop) and 4 channels. */
static void write_music(buf *b, const uint8_t *rom, int count)
{
    char line[M8_CART_ROW_MAX];
    for (int p = 0; p < count; p++) {
        buf_add(b, line, (size_t)m8_cart_music_row(rom, p, line));
        buf_add(b, "\n", 1);
    }
    buf_add(b, "\n", 1);
}

/* The sections the cart kept by name (__meta:*__ ...), as they were. */
static void write_extra_sections(buf *b, const m8_cart *cart)
{
    for (int i = 0; i < cart->n_extra; i++) {
        const m8_cart_section *x = &cart->extra[i];
        size_t tl = x->text ? strlen(x->text) : 0;
        buf_str(b, "__");
        buf_str(b, x->name ? x->name : "");
        buf_str(b, "__\n");
        if (tl) {
            buf_add(b, x->text, tl);
            if (x->text[tl - 1] != '\n') buf_add(b, "\n", 1);
        }
    }
}

char *m8_cart_write_p8(const m8_cart *cart, size_t *out_len)
{
    uint8_t def[M8_ROM_SIZE];
    const uint8_t *rom = cart->rom;
    int present = cart->section_present;
    buf b = { 0 };
    char line[64];
    int n;

    m8_cart_rom_defaults(def);
    buf_str(&b, HEADER "\n");
    snprintf(line, sizeof line, "version %d\n",
             cart->version > 0 ? cart->version : M8_CART_VERSION_DEFAULT);
    buf_str(&b, line);

    buf_str(&b, "__lua__\n");
    if (cart->code && cart->code_len > 0) {
        size_t ulen = 0;
        char *u = m8_p8scii_to_utf8(cart->code, cart->code_len, &ulen);
        if (!u) { free(b.p); return NULL; }
        buf_add(&b, u, ulen);
        buf_add(&b, "\n", 1);
        free(u);
    }
    /* each section when it was in the cart or differs from the defaults, up to its last
       row that does */
    if ((n = used_rows(rom, def, 128, gfx_addr, 64)) > 0 || (present & M8_SEC_GFX)) {
        buf_str(&b, "__gfx__\n");
        write_gfx(&b, rom, n);
    }
    if (cart->has_label) {
        buf_str(&b, "__label__\n");
        write_label(&b, cart);
    }
    if ((n = used_rows(rom, def, 2, gff_addr, 128)) > 0 || (present & M8_SEC_GFF)) {
        buf_str(&b, "__gff__\n");
        write_hex_rows(&b, rom, n, gff_addr, 128);
    }
    if ((n = used_rows(rom, def, 32, map_addr, 128)) > 0 || (present & M8_SEC_MAP)) {
        buf_str(&b, "__map__\n");
        write_hex_rows(&b, rom, n, map_addr, 128);
    }
    if ((n = used_rows(rom, def, 64, sfx_addr, M8_SFX_SIZE)) > 0 || (present & M8_SEC_SFX)) {
        buf_str(&b, "__sfx__\n");
        write_sfx(&b, rom, n);
    }
    if ((n = used_rows(rom, def, 64, music_addr, 4)) > 0 || (present & M8_SEC_MUSIC)) {
        buf_str(&b, "__music__\n");
        write_music(&b, rom, n);
    }
    write_extra_sections(&b, cart);

    if (b.failed || !b.p) { free(b.p); return NULL; }
    if (out_len) *out_len = b.n;
    return b.p;
}

/* ---- code tabs ---- */

void m8_cart_code_location(const m8_cart *cart, int code_line, int *tab, int *tab_line)
{
    const char *s = cart->code ? cart->code : "";
    size_t len = cart->code ? cart->code_len : 0, pos = 0;
    int t = 0, l = 0;
    if (code_line < 1) code_line = 1;
    for (int line = 1; line <= code_line; line++) {
        const char *nl = pos < len ? memchr(s + pos, '\n', len - pos) : NULL;
        size_t n = nl ? (size_t)(nl - (s + pos)) : (pos < len ? len - pos : 0);
        int is_break = pos < len && n == strlen(TAB_BREAK) && memcmp(s + pos, TAB_BREAK, n) == 0;
        /* a "-->8" line counts as one line past the end of the tab before it */
        if (is_break && line < code_line) { t++; l = 0; }
        else l++;
        pos = nl ? (size_t)(nl - s) + 1 : len;
    }
    if (tab) *tab = t;
    if (tab_line) *tab_line = l;
}

int m8_cart_fail(m8_cart_error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->line = 0;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}
