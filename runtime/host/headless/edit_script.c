/* edit_script.c - the editors driven headless by an event script (--edit-script FILE): one
 * event a line, '#' starts a comment; mouse positions are screen pixels (docs/editors.md):
 *   mouse X Y [down|up|right|middle]  move there; down presses the left button, right or
 *                                     middle that one, up releases all (else held as is)
 *   click X Y [right]                 press and release there
 *   drag X0 Y0 X1 Y1 [right|middle]   press at X0,Y0, move pixel by pixel, release at X1,Y1
 *   wheel N                           N wheel steps at the pointer (up positive)
 *   key NAME                          a key: a, q, ctrl+z, ctrl+s (saves), shift+left, tab ...
 *   type TEXT                         TEXT typed (the rest of the line after one blank, '#'
 *                                     included): text for the code editor, \n presses
 *                                     Enter, \t Tab, \\ types a backslash
 *   save                              as ctrl+s
 *   frames N                          draw N frames
 *   screenshot FILE [SCALE]           the editors' screen now, as a PNG (128x128 times
 *                                     SCALE, 1-8; default 1)
 *   clipboard load FILE               the run's clipboard (the editors' copies and pastes
 *   clipboard save FILE               go through it) from / to FILE, as text
 * A bad line stops the run (exit 2) naming FILE:LINE; a failed save is printed and the run
 * goes on (exit 1 at the end). With --wav FILE every drawn frame's sound of the editors
 * (mote8_editor_pull_audio: what Space plays in the sfx and music editors) goes into FILE,
 * MOTE8_AUDIO_RATE / MOTE8_FPS samples a frame.
 * Depends on: headless.h, wav_writer.h, api/mote8.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "headless.h"
#include "wav_writer.h"

typedef struct edit_run {
    mote8 *m8;
    const char *file;
    const char *cart;
    int line;
    int x, y, buttons;
    int failed;                 /* a save, a screenshot or the WAV failed */
    char *clipboard;            /* the run's clipboard (the host's, for the editors) */
    m8_wav_writer wav;          /* --wav: the editors' sound (wav.f NULL: not recorded) */
} edit_run;

static void clipboard_set(void *user, const char *text)
{
    edit_run *r = user;
    char *copy = strdup(text);
    if (!copy) return;                  /* out of memory: the clipboard stays as it was */
    free(r->clipboard);
    r->clipboard = copy;
}

static char *clipboard_get(void *user)
{
    edit_run *r = user;
    return r->clipboard ? strdup(r->clipboard) : NULL;
}

/* clipboard load FILE / clipboard save FILE: 0, or an exit code. */
static int clipboard_file(edit_run *r, const char *verb, const char *path);

static int bad_line(const edit_run *r, const char *what)
{
    fprintf(stderr, "mote8: %s:%d: %s\n", r->file, r->line, what);
    return 2;
}

/* One drawn frame into rgb, its sound into the WAV (when recorded). */
static void draw(edit_run *r, uint8_t *rgb)
{
    mote8_editor_frame(r->m8, rgb);
    int16_t audio[MOTE8_AUDIO_RATE / 10];
    int n = mote8_editor_pull_audio(r->m8, audio, (int)(sizeof audio / sizeof audio[0]));
    if (r->wav.f && !r->wav.err && m8_wav_write(&r->wav, audio, n) != 0) r->failed = 1;
}

static void frame(edit_run *r)
{
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    draw(r, rgb);
}

static void save(edit_run *r)
{
    char err[600];
    if (mote8_editor_save(r->m8, err, sizeof err) == 0) {
        printf("%s: saved\n", r->cart);
        return;
    }
    fprintf(stderr, "mote8: %s\n", err);
    r->failed = 1;
}

static int screenshot(edit_run *r, const char *path, int scale)
{
    uint8_t rgb[MOTE8_WIDTH * MOTE8_HEIGHT * 3];
    draw(r, rgb);
    errno = 0;
    if (mote8_write_png(path, rgb, MOTE8_WIDTH, MOTE8_HEIGHT, scale) == 0) return 0;
    fprintf(stderr, "mote8: %s: cannot write: %s\n", path, errno ? strerror(errno) : "PNG error");
    r->failed = 1;
    return 0;
}

static int button_word(const char *w, int *bits)
{
    if (!w) return 0;
    if (strcmp(w, "down") == 0 || strcmp(w, "left") == 0) *bits = 1;
    else if (strcmp(w, "right") == 0) *bits = 2;
    else if (strcmp(w, "middle") == 0) *bits = 4;
    else if (strcmp(w, "up") == 0) *bits = 0;
    else return -1;
    return 1;
}

static void move(edit_run *r, int x, int y, int buttons)
{
    r->x = x;
    r->y = y;
    r->buttons = buttons;
    mote8_editor_mouse(r->m8, x, y, buttons, 0);
}

/* `type TEXT`: the text as typed, \n and \t as the Enter and Tab keys. */
static void type_text(edit_run *r, const char *text)
{
    char buf[1024];
    size_t n = 0;
    for (const char *p = text;; p++) {
        int key = 0;
        if (*p == '\\' && (p[1] == 'n' || p[1] == 't' || p[1] == '\\')) {
            p++;
            key = *p == 'n' ? MOTE8_KEY_ENTER : *p == 't' ? MOTE8_KEY_TAB : 0;
            if (!key) buf[n++] = '\\';
        } else if (*p) {
            buf[n++] = *p;
        }
        if (key || !*p || n + 1 >= sizeof buf) {
            buf[n] = 0;
            if (n) mote8_editor_text(r->m8, buf);
            n = 0;
            if (key) mote8_editor_key(r->m8, key, 0);
        }
        if (!*p) break;
    }
}

/* One line (words split at blanks); 0, or an exit code. */
static int run_line(edit_run *r, char **w, int n)
{
    const char *cmd = w[0];
    long v[4];
    char *end;
    int nums = 0;
    for (int i = 1; i < n && nums < 4; i++) {
        v[nums] = strtol(w[i], &end, 10);
        if (*end) break;
        nums++;
    }
    const char *word = 1 + nums < n ? w[1 + nums] : NULL;
    int bits = 0, has_word;
    if (strcmp(cmd, "mouse") == 0 || strcmp(cmd, "click") == 0) {
        if (nums != 2 || (has_word = button_word(word, &bits)) < 0 || n > 4)
            return bad_line(r, "expected: mouse X Y [down|up|right|middle] or click X Y [right]");
        if (strcmp(cmd, "click") == 0) {
            move(r, (int)v[0], (int)v[1], has_word ? bits : 1);
            move(r, (int)v[0], (int)v[1], 0);
        } else {
            move(r, (int)v[0], (int)v[1], has_word ? bits : r->buttons);
        }
    } else if (strcmp(cmd, "drag") == 0) {
        if (nums != 4 || (has_word = button_word(word, &bits)) < 0 || n > 6)
            return bad_line(r, "expected: drag X0 Y0 X1 Y1 [right|middle]");
        int b = has_word ? bits : 1;
        int x0 = (int)v[0], y0 = (int)v[1], x1 = (int)v[2], y1 = (int)v[3];
        move(r, x0, y0, b);
        int steps = abs(x1 - x0) > abs(y1 - y0) ? abs(x1 - x0) : abs(y1 - y0);
        for (int i = 1; i <= steps; i++)
            move(r, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, b);
        move(r, x1, y1, 0);
    } else if (strcmp(cmd, "wheel") == 0) {
        if (nums != 1 || n != 2) return bad_line(r, "expected: wheel N");
        mote8_editor_mouse(r->m8, r->x, r->y, r->buttons, (int)v[0]);
    } else if (strcmp(cmd, "key") == 0) {
        int key, mods;
        if (n != 2 || mote8_editor_key_name(w[1], &key, &mods) != 0)
            return bad_line(r, "expected: key NAME (a, ctrl+z, shift+left, tab, escape, delete ...)");
        if (mote8_editor_key(r->m8, key, mods) == MOTE8_EDITOR_SAVE) save(r);
    } else if (strcmp(cmd, "save") == 0) {
        if (n != 1) return bad_line(r, "expected: save");
        save(r);
    } else if (strcmp(cmd, "frames") == 0) {
        if (nums != 1 || n != 2 || v[0] < 0 || v[0] > 100000) return bad_line(r, "expected: frames N (0-100000)");
        for (long i = 0; i < v[0]; i++) frame(r);
    } else if (strcmp(cmd, "screenshot") == 0) {
        long scale = n == 3 ? strtol(w[2], &end, 10) : 1;
        if (n < 2 || n > 3 || (n == 3 && *end) || scale < 1 || scale > 8)
            return bad_line(r, "expected: screenshot FILE [SCALE 1-8]");
        return screenshot(r, w[1], (int)scale);
    } else if (strcmp(cmd, "clipboard") == 0) {
        if (n != 3 || (strcmp(w[1], "load") != 0 && strcmp(w[1], "save") != 0))
            return bad_line(r, "expected: clipboard load FILE or clipboard save FILE");
        return clipboard_file(r, w[1], w[2]);
    } else {
        return bad_line(r, "unknown event (mouse, click, drag, wheel, key, type, save, frames, "
                           "screenshot, clipboard)");
    }
    return 0;
}

static int clipboard_file(edit_run *r, const char *verb, const char *path)
{
    if (strcmp(verb, "save") == 0) {
        FILE *f = fopen(path, "wb");
        const char *text = r->clipboard ? r->clipboard : "";
        if (!f || fwrite(text, 1, strlen(text), f) != strlen(text) || fclose(f) != 0) {
            fprintf(stderr, "mote8: %s: cannot write: %s\n", path, strerror(errno));
            r->failed = 1;
        }
        return 0;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "mote8: %s:%d: %s: cannot read: %s\n", r->file, r->line, path, strerror(errno));
        return 2;
    }
    char *text = malloc(1 << 20);       /* far more than a 128x128 [gfx] text */
    size_t n = text ? fread(text, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (!text) return bad_line(r, "out of memory");
    text[n] = 0;
    free(r->clipboard);
    r->clipboard = text;
    return 0;
}

static int run_events(edit_run *r);

int m8_run_edit_script(const m8_options *opt, mote8 *m8)
{
    edit_run r = { .m8 = m8, .file = opt->edit_script, .cart = opt->cart ? opt->cart : "cart" };
    if (opt->wav && m8_wav_open(&r.wav, opt->wav, MOTE8_AUDIO_RATE) != 0) {
        fprintf(stderr, "mote8: %s: cannot write: %s\n", opt->wav, m8_wav_error(&r.wav));
        if (r.wav.f) fclose(r.wav.f);
        return 1;
    }
    mote8_clipboard clipboard = { &r, clipboard_set, clipboard_get };
    mote8_editor_set_clipboard(m8, &clipboard);
    int rc = run_events(&r);
    mote8_editor_set_clipboard(m8, NULL);
    free(r.clipboard);
    if (r.wav.f && m8_wav_close(&r.wav) != 0) {
        fprintf(stderr, "mote8: %s: cannot write: %s\n", opt->wav, m8_wav_error(&r.wav));
        r.failed = 1;
    }
    if (rc) return rc;
    if (opt->screenshot) screenshot(&r, opt->screenshot, 1);
    if (mote8_editor_unsaved(m8))
        fprintf(stderr, "mote8: %s: note: the edits were not saved (no ctrl+s)\n",
                opt->cart ? opt->cart : "cart");
    return r.failed ? 1 : 0;
}

/* The events of the script, one a line; 0, or an exit code. */
static int run_events(edit_run *r)
{
    if (r->file) {
        FILE *f = fopen(r->file, "r");
        if (!f) {
            fprintf(stderr, "mote8: %s: cannot read: %s\n", r->file, strerror(errno));
            return 2;
        }
        char line[1024];
        while (fgets(line, sizeof line, f)) {
            r->line++;
            if (strncmp(line, "type ", 5) == 0 || strncmp(line, "type\t", 5) == 0) {
                line[strcspn(line, "\r\n")] = 0;      /* the text verbatim, '#' too */
                type_text(r, line + 5);
                continue;
            }
            char *hash = strchr(line, '#');
            if (hash) *hash = 0;
            char *w[8];
            int n = 0;
            for (char *save_ptr = NULL, *t = strtok_r(line, " \t\r\n", &save_ptr); t && n < 8;
                 t = strtok_r(NULL, " \t\r\n", &save_ptr))
                w[n++] = t;
            if (n == 0) continue;
            int rc = run_line(r, w, n);
            if (rc) {
                fclose(f);
                return rc;
            }
        }
        fclose(f);
    }
    return 0;
}
