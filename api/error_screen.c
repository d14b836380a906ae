/* error_screen.c - draws the last cart error onto the machine's own screen, as PICO-8 does:
 * a header, the location (tab and line), the message and the offending source line,
 * wrapped to the 32-column console, in the project's font. Hosts call mote8_show_error()
 * after a tick returned MOTE8_ERROR; the window then keeps showing it.
 * Depends on: api_internal.h, vm_internal.h, runtime/core (gfx, text). */
#include <string.h>
#include "api_internal.h"
#include "gfx.h"
#include "text.h"
#include "vm_internal.h"

#define COLS 31

/* Print `s` (n bytes) wrapped at COLS characters from the cursor, ASCII upper case shown
 * with the normal (lower-case) glyphs. Returns the next y. */
static int print_wrapped(uint8_t *ram, const char *s, size_t n, int y, int col)
{
    char line[COLS + 1];
    size_t i = 0;
    while (i < n && y < 122) {
        size_t k = 0;
        while (i < n && k < COLS && s[i] != '\n') {
            char c = s[i++];
            line[k++] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : (c == '\t' ? ' ' : c);
        }
        if (i < n && s[i] == '\n') i++;
        m8_text_print(ram, line, (int)k, 1, 2, y, 1, col, NULL, NULL);
        y += 6;
    }
    return y;
}

void mote8_show_error(mote8 *vm)
{
    uint8_t *ram = vm->machine->ram;
    const char *msg = vm->error;
    m8_ram_reset_draw_state(ram);
    m8_cls(ram, 0);
    m8_rectfill(ram, 0, 0, 127, 8, 8 << 16);   /* colours are raw 16.16 */
    m8_text_print(ram, "runtime error", 13, 1, 2, 2, 1, 7, NULL, NULL);
    /* skip the file name: everything up to the first ": tab " or ": " */
    const char *body = strstr(msg, ": tab ");
    body = body ? body + 2 : (strstr(msg, ": ") ? strstr(msg, ": ") + 2 : msg);
    const char *tb = strstr(body, "\nstack traceback:");
    size_t n = tb ? (size_t)(tb - body) : strlen(body);
    int y = print_wrapped(ram, body, n, 14, 7);
    if (tb) print_wrapped(ram, tb + 1, strlen(tb + 1), y + 4, 6);
}
