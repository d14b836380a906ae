/* gen_api_doc.c - writes docs/api.md from the API table (api/api_table.h): every
 * Lua-visible function with its group, cost rule and help line.
 * Usage: gen_api_doc > docs/api.md   Depends on: api/mote8.h. */
#include <stdio.h>
#include "mote8.h"

static void emit(void *user, const char *line)
{
    fprintf(user, "%s\n", line);
}

int main(void)
{
    mote8_api_markdown(emit, stdout);
    return 0;
}
