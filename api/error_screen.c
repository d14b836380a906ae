/* error_screen.c - draws the last cart error onto the machine's own screen, as PICO-8 does:
 * a header naming the kind (SYNTAX ERROR, CART ERROR, RUNTIME ERROR), the cart's file name,
 * the location (tab and line) and the message wrapped at spaces to the 31-column console,
 * the offending source line and the traceback, in the project's font. The host's text (the
 * file name, the messages' words) keeps its own case: ASCII lower case is drawn with the
 * font's small letters (the "puny" A-Z glyphs) and upper case with its capitals, so a path
 * is never shown in the wrong case. The cart's own text is drawn as the cart and its
 * editor draw it, bytes unchanged (lower case with the capital-looking glyphs, as PICO-8
 * shows code): the quoted source line (a line starting with two spaces) and what the
 * messages quote from the code ('name', 'end', '<eof>'). A file name too long for its line
 * keeps its end after "...". Hosts call mote8_show_error() after a tick
 * returned MOTE8_ERROR or a load failed; the window then keeps showing it.
 * Depends on: api_internal.h, vm_internal.h, runtime/core (gfx, text, text_wrap, p8scii). */
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"
#include "gfx.h"
#include "p8scii.h"
#include "text.h"
#include "text_wrap.h"
#include "vm_internal.h"

#define COLS 31                 /* characters from x = 2 to the right edge */
#define BOTTOM 122              /* no line starts below this */

/* `s` (UTF-8, n bytes) as P8SCII, tabs as spaces and no control codes; in its own case
 * (a-z become the font's small letters, the codes 'A'-'Z', and A-Z its capitals 'a'-'z')
 * where it is the host's text: everywhere when `all_host`, else outside the cart's text (a
 * line starting with two spaces: the source line; and '...' quoted within a line).
 * malloc'd, or NULL. */
static char *to_screen(const char *s, size_t n, int all_host, size_t *len)
{
    char *p = m8_utf8_to_p8scii(s, n, len);
    if (!p) return NULL;
    int code_line = 0, quoted = 0;
    for (size_t i = 0; i < *len; i++) {
        char c = p[i];
        if (!all_host && (i == 0 || p[i - 1] == '\n')) {
            code_line = i + 1 < *len && c == ' ' && p[i + 1] == ' ';
            quoted = 0;
        }
        if (!all_host && c == '\'') quoted = !quoted;
        int host = all_host || (!code_line && !quoted);
        if (host && c >= 'a' && c <= 'z') p[i] = (char)(c - 'a' + 'A');
        else if (host && c >= 'A' && c <= 'Z') p[i] = (char)(c - 'A' + 'a');
        else if (c == '\t') p[i] = ' ';
        else if ((unsigned char)c < 16 && c != '\n') p[i] = '?';   /* no control codes */
    }
    return p;
}

/* Print the message or traceback `s` (UTF-8, n bytes), the host's words in their own case
 * and the cart's text as it is, wrapped at spaces from row y; returns the y after it. */
static int print_wrapped(uint8_t *ram, const char *s, size_t n, int y, int col)
{
    size_t len = 0;
    char *p = to_screen(s, n, 0, &len);
    if (!p) return y;
    for (size_t at = 0; at < len && y < BOTTOM; y += 6) {
        size_t next, k = m8_text_wrap(p + at, len - at, COLS, &next);
        m8_text_print(ram, p + at, (int)k, 1, 2, y, 1, col, NULL, NULL);
        at += next;
    }
    free(p);
    return y;
}

/* The cart's file name on one line in its own case; a long one keeps its end. */
static void print_name(uint8_t *ram, const char *name, int y, int col)
{
    size_t len = 0;
    char *p = to_screen(name, strlen(name), 1, &len);
    if (!p) return;
    const char *shown = p;
    if (len > COLS) {                   /* "..." and the last COLS - 3 characters */
        shown = p + len - (COLS - 3);
        m8_text_print(ram, "...", 3, 1, 2, y, 1, col, NULL, NULL);
        m8_text_print(ram, shown, COLS - 3, 1, 2 + 12, y, 1, col, NULL, NULL);
    } else {
        m8_text_print(ram, shown, (int)len, 1, 2, y, 1, col, NULL, NULL);
    }
    free(p);
}

void mote8_show_error(mote8 *vm)
{
    uint8_t *ram = vm->machine->ram;
    const char *msg = vm->error;
    int kind = mote8_error_kind(vm);
    const char *header = mote8_error_kind_name(kind == MOTE8_ERROR_NONE ? MOTE8_ERROR_RUNTIME : kind);
    m8_ram_reset_draw_state(ram);
    m8_cls(ram, 0);
    m8_rectfill(ram, 0, 0, 127, 8, 8 << 16);   /* colours are raw 16.16 */
    m8_text_print(ram, header, (int)strlen(header), 1, 2, 2, 1, 7, NULL, NULL);
    /* the message names the cart first ("NAME: ..."): the name gets its own line */
    size_t nlen = strlen(vm->cart_name);
    const char *body = msg;
    if (nlen && strncmp(msg, vm->cart_name, nlen) == 0 && strncmp(msg + nlen, ": ", 2) == 0) {
        print_name(ram, vm->cart_name, 12, 6);
        body = msg + nlen + 2;
    }
    const char *tb = strstr(body, "\nstack traceback:");
    size_t n = tb ? (size_t)(tb - body) : strlen(body);
    /* the header says "syntax error": the message need not say it again */
    char *text = malloc(n + 1);
    if (!text) return;
    memcpy(text, body, n);
    text[n] = 0;
    const char *eol = strchr(text, '\n');
    char *said = strstr(text, "syntax error: ");
    if (kind == MOTE8_ERROR_SYNTAX && said && (!eol || said < eol))
        memmove(said, said + 14, strlen(said + 14) + 1);
    int y = print_wrapped(ram, text, strlen(text), body == msg ? 14 : 20, 7);
    free(text);
    if (tb) print_wrapped(ram, tb + 1, strlen(tb + 1), y + 4, 6);
}
