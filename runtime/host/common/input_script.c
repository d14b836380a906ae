/* input_script.c - scripted input for headless runs: one line per change, `FRAME MASK`,
 * frames counted from 0, masks in btn() layout (decimal or 0x hex); '#' starts a comment.
 * Depends on: host.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"

int m8_input_script_load(m8_input_script *s, const char *path)
{
    memset(s, 0, sizeof *s);
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[256];
    int lineno = 0, cap = 0;
    long last = -1;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == 0 || *p == '\n' || *p == '\r') continue;
        char *end;
        long frame = strtol(p, &end, 0);
        if (end == p || frame < 0) goto bad;
        p = end;
        unsigned long mask = strtoul(p, &end, 0);
        if (end == p) goto bad;
        while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n') end++;
        if (*end != 0 || mask > 0xffff) goto bad;
        if (frame < last) {
            fprintf(stderr, "%s: line %d: frames must not go backwards\n", path, lineno);
            goto fail;
        }
        last = frame;
        if (s->count == cap) {
            cap = cap ? cap * 2 : 32;
            long *nf = realloc(s->frames, (size_t)cap * sizeof *nf);
            uint32_t *nm = nf ? realloc(s->masks, (size_t)cap * sizeof *nm) : NULL;
            if (nf) s->frames = nf;
            if (!nf || !nm) goto fail;
            s->masks = nm;
        }
        s->frames[s->count] = frame;
        s->masks[s->count] = (uint32_t)mask;
        s->count++;
    }
    fclose(f);
    return 0;
bad:
    fprintf(stderr, "%s: line %d: expected 'FRAME BUTTONMASK'\n", path, lineno);
fail:
    fclose(f);
    m8_input_script_free(s);
    return -1;
}

void m8_input_script_free(m8_input_script *s)
{
    free(s->frames);
    free(s->masks);
    memset(s, 0, sizeof *s);
}

void m8_input_script_at(const m8_input_script *s, long frame, mote8_input *in)
{
    memset(in, 0, sizeof *in);
    uint32_t mask = 0;
    for (int i = 0; i < s->count && s->frames[i] <= frame; i++) mask = s->masks[i];
    in->buttons[0] = (uint8_t)(mask & 0x7f);
    in->buttons[1] = (uint8_t)((mask >> 8) & 0x7f);
}
