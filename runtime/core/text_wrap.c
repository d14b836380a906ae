/* text_wrap.c - breaking text into lines at spaces: see text_wrap.h. Depends on: libc. */
#include "text_wrap.h"

size_t m8_text_wrap(const char *s, size_t n, size_t cols, size_t *next)
{
    size_t i = 0;
    while (i < n && i < cols && s[i] != '\n') i++;
    size_t shown = i, after = i;
    if (i < n && s[i] == '\n') {                 /* the line ends by itself */
        after = i + 1;
    } else {
        if (i < n && s[i] != ' ') {              /* a word goes on past the edge: */
            size_t sp = i;                       /* break before it, if it has a start */
            while (sp > 0 && s[sp - 1] != ' ') sp--;
            if (sp > 0) shown = after = sp;
        }
        while (after < n && s[after] == ' ') after++;   /* the next line starts at a word; */
        if (after < n && s[after] == '\n') after++;     /* a '\n' right there is this break */
    }
    while (shown > 0 && s[shown - 1] == ' ') shown--;
    *next = after;
    return shown;
}
