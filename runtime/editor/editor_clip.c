/* editor_clip.c - the editors' clipboard as text, so pixels and cells travel between carts
 * and programs through the host's clipboard (docs/editors.md, "Copy and paste between
 * carts"): sprites in PICO-8's format "[gfx]WWHH" + one hex digit per pixel, row by row +
 * "[/gfx]" (WW, HH: 2 hex digits, 01-80); map cells in mote8's own "[map]WWHH" + two hex
 * digits per cell, row by row + "[/map]". Reading is lenient as PICO-8's is: a character
 * that is not a hex digit counts as 0, missing digits as 0.
 * Depends on: editor_internal.h. */
#include <stdlib.h>
#include <string.h>
#include "editor_internal.h"

static const char hex_digits[] = "0123456789abcdef";

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* "[TAG]WWHH" + w*h cells of `digits` hex digits each + "[/TAG]". malloc'd, or NULL. */
static char *format_cells(const char *tag, const uint8_t *cells, int w, int h, int digits)
{
    size_t tl = strlen(tag), n = 0, size = 2 * tl + 5 + 4 + (size_t)w * (size_t)h * (size_t)digits + 1;
    char *s = malloc(size);
    if (!s) return NULL;
    s[n++] = '[';
    memcpy(s + n, tag, tl);
    n += tl;
    s[n++] = ']';
    int dims[2] = { w, h };
    for (int i = 0; i < 2; i++) {
        s[n++] = hex_digits[dims[i] >> 4 & 15];
        s[n++] = hex_digits[dims[i] & 15];
    }
    for (int i = 0; i < w * h; i++) {
        if (digits == 2) s[n++] = hex_digits[cells[i] >> 4];
        s[n++] = hex_digits[cells[i] & 15];
    }
    s[n++] = '[';
    s[n++] = '/';
    memcpy(s + n, tag, tl);
    n += tl;
    s[n++] = ']';
    s[n] = 0;
    return s;
}

/* The cells of a "[TAG]WWHH...[/TAG]" text (blanks before it allowed), at most max_w x
 * max_h: 0, or -1 when the text is not one. */
static int parse_cells(const char *text, const char *tag, int digits, int max_w, int max_h,
                       uint8_t *cells, int *w, int *h)
{
    size_t tl = strlen(tag);
    if (!text) return -1;
    while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n') text++;
    if (text[0] != '[' || strncmp(text + 1, tag, tl) != 0 || text[1 + tl] != ']') return -1;
    const char *p = text + 2 + tl;
    int dims[2];
    for (int i = 0; i < 2; i++) {
        int hi = hex_value(p[0]), lo = hi < 0 ? -1 : hex_value(p[1]);
        if (hi < 0 || lo < 0) return -1;
        dims[i] = hi * 16 + lo;
        p += 2;
    }
    if (dims[0] < 1 || dims[1] < 1 || dims[0] > max_w || dims[1] > max_h) return -1;
    char end[16];
    end[0] = '[';
    end[1] = '/';
    memcpy(end + 2, tag, tl);
    end[2 + tl] = ']';
    end[3 + tl] = 0;
    const char *stop = strstr(p, end);
    size_t avail = stop ? (size_t)(stop - p) : strlen(p);
    for (int i = 0; i < dims[0] * dims[1]; i++) {
        int v = 0;
        for (int d = 0; d < digits; d++) {
            size_t k = (size_t)i * (size_t)digits + (size_t)d;
            int x = k < avail ? hex_value(p[k]) : 0;
            v = v * 16 + (x < 0 ? 0 : x);
        }
        cells[i] = (uint8_t)v;
    }
    *w = dims[0];
    *h = dims[1];
    return 0;
}

char *m8_editor_gfx_text(const uint8_t *pixels, int w, int h)
{
    if (w < 1 || h < 1 || w > 128 || h > 128) return NULL;
    return format_cells("gfx", pixels, w, h, 1);
}

int m8_editor_gfx_parse(const char *text, uint8_t *pixels, int *w, int *h)
{
    return parse_cells(text, "gfx", 1, 128, 128, pixels, w, h);
}

char *m8_editor_map_text(const uint8_t *cells, int w, int h)
{
    if (w < 1 || h < 1 || w > 128 || h > 64) return NULL;
    return format_cells("map", cells, w, h, 2);
}

int m8_editor_map_parse(const char *text, uint8_t *cells, int *w, int *h)
{
    return parse_cells(text, "map", 2, 128, 64, cells, w, h);
}

void m8_editor_clipboard(m8_editor *ed, void (*set)(void *user, const char *text),
                         char *(*get)(void *user), void *user)
{
    ed->clip_set = set;
    ed->clip_get = get;
    ed->clip_user = user;
}

void ed_clip_put(m8_editor *ed, const char *text)
{
    if (ed->clip_set && text) ed->clip_set(ed->clip_user, text);
}

char *ed_clip_take(m8_editor *ed) { return ed->clip_get ? ed->clip_get(ed->clip_user) : NULL; }
