/* mote8-cart.c - the cart file tool: describe carts, convert between .p8, .p8.png and
 * .p8.rom, move the sprite sheet, label and map to and from PNG files, render an sfx to
 * WAV with the machine's own synth.
 *
 *   mote8-cart info CART                      sections, sizes, tokens, compressed size
 *   mote8-cart convert IN OUT                 format chosen by OUT's extension
 *   mote8-cart export-gfx CART OUT.png        the sprite sheet as a 128x128 PNG
 *   mote8-cart export-label CART OUT.png      the label as a 128x128 PNG
 *   mote8-cart import-gfx CART IN.png [OUT]   a 128x128 PNG into the sprite sheet
 *   mote8-cart new OUT                        a new cart from the template (never over a file)
 *   mote8-cart export-html CART OUT.html [MORE.p8 ...]
 *                                             one self-contained web page: the web player's
 *                                             page (index.html) with its scripts inlined, the
 *                                             engine with the wasm embedded (mote8_single.js),
 *                                             the carts as base64 (.p8 text; the extra ones for
 *                                             load()) and the label as a data: PNG shown while
 *                                             loading. The web files are found in
 *                                             $MOTE8_WEB_DIR, BIN/../web (build/web, `make web`)
 *                                             or BIN/../share/mote8/web (installed).
 *
 * Exit codes: 0 done, 1 bad input (unreadable or broken cart or picture, code too large,
 * cannot write), 2 usage. Uses only the embedding API (api/mote8.h, "cart files").
 * Depends on: mote8.h, libc, POSIX (mkstemp, fchmod, readlink, rename). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "mote8.h"

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
    "usage: mote8-cart COMMAND ARGS...\n"
    "\n"
    "  info CART                     sections, code size, tokens, compressed size\n"
    "  convert IN OUT                convert; OUT's extension picks the format:\n"
    "                                .p8 (text), .p8.png (picture), .p8.rom (32 KiB image)\n"
    "  export-gfx CART OUT.png       write the sprite sheet as a 128x128 PNG\n"
    "  export-label CART OUT.png     write the label as a 128x128 PNG\n"
    "  import-gfx CART IN.png [OUT] [--at X,Y]\n"
    "                                put a 128x128 PNG into the sprite sheet (nearest of the\n"
    "                                16 colours) and write OUT (default: CART itself); with\n"
    "                                --at, a PNG of any size with its top-left at sheet\n"
    "                                pixel X,Y (only that rectangle changes)\n"
    "  export-map CART OUT.png [--cells]\n"
    "                                write the map drawn with its sprites (1024x512), or with\n"
    "                                --cells one grey pixel per cell, its sprite number\n"
    "                                (128x64; import-map reads it back)\n"
    "  import-map CART IN.png [OUT]  put a 128x64 --cells picture into the map\n"
    "  export-wav CART N OUT.wav     render sfx N (0-63) as the machine plays it: speed*32\n"
    "                                notes of 183 samples, 22050 Hz mono 16-bit\n"
    "  new OUT                       write a new cart from the template (a small game to\n"
    "                                change; docs/first-cart.md); OUT must not exist\n"
    "  export-html CART OUT.html [MORE ...]\n"
    "                                one self-contained HTML file that plays CART from disk\n"
    "                                or any static host, offline (engine, cart and label\n"
    "                                inside); MORE carts are packed in for load(). Needs the\n"
    "                                web player's files (`make web`; docs/web.md)\n"
    "\n"
    "CART may be .p8, .p8.png or .p8.rom (the format is read from the bytes).\n"
    "Exit codes: 0 ok, 1 bad input, 2 usage.\n";

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "mote8-cart: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(mote8-cart --help for usage)\n");
    return EXIT_USAGE;
}

static mote8_cart *load(const char *path)
{
    char err[512];
    mote8_cart *cart = mote8_cart_load(path, err, sizeof err);
    if (!cart) fprintf(stderr, "%s\n", err);
    return cart;
}

static int cmd_info(const char *path)
{
    mote8_cart *cart = load(path);
    if (!cart) return EXIT_BAD_INPUT;
    mote8_cart_info in;
    mote8_cart_describe(cart, &in);
    printf("file        %s\n", path);
    printf("format      %s", mote8_cart_format_name(in.format));
    if (in.version) printf(", version %d", in.version);
    printf("\ncode        %zu chars in %d tab%s\n", in.code_chars, in.code_tabs, in.code_tabs == 1 ? "" : "s");
    if (in.tokens >= 0) printf("tokens      %d / %d%s\n", in.tokens, in.token_limit, in.tokens > in.token_limit ? " (over the limit)" : "");
    else printf("tokens      unknown (the code does not lex)\n");
    if (in.compressed_size)
        printf("compressed  %zu / %zu bytes (%d%%)%s\n", in.compressed_size, in.compressed_limit,
               (int)(in.compressed_size * 100 / in.compressed_limit),
               in.compressed_size > in.compressed_limit ? ", too large for .p8.png / .p8.rom" : "");
    else printf("compressed  none: over 65535 chars, too long for .p8.png / .p8.rom\n");
    printf("label       %s\n", in.has_label ? "yes" : "no");
    for (int s = 0; s < MOTE8_CART_SECTIONS; s++) {
        const mote8_cart_section_info *si = &in.sections[s];
        printf("__%s__%*s 0x%04x-0x%04x %5u bytes, %5u changed from empty\n", si->name,
               (int)(6 - strlen(si->name)), "", si->address, si->address + si->size - 1,
               si->size, si->changed);
    }
    for (int i = 0; i < in.n_extra; i++) printf("extra       __%s__\n", in.extra[i]);
    mote8_cart_destroy(cart);
    return EXIT_OK;
}

static int out_format(const char *path, int *format)
{
    *format = mote8_cart_format_of_name(path);
    if (*format == MOTE8_CART_UNKNOWN) {
        usage_error("%s: the output name must end in .p8, .p8.png or .p8.rom", path);
        return -1;
    }
    return 0;
}

static int save(mote8_cart *cart, const char *path, int format)
{
    char err[512];
    if (mote8_cart_save(cart, path, format, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return EXIT_BAD_INPUT;
    }
    return EXIT_OK;
}

static int cmd_convert(const char *in, const char *out)
{
    int format;
    if (out_format(out, &format) != 0) return EXIT_USAGE;
    mote8_cart *cart = load(in);
    if (!cart) return EXIT_BAD_INPUT;
    int rc = save(cart, out, format);
    mote8_cart_destroy(cart);
    return rc;
}

/* What cmd_export writes. */
enum export_what { EXPORT_GFX, EXPORT_LABEL, EXPORT_MAP, EXPORT_MAP_CELLS };

static int cmd_export(const char *path, const char *png, enum export_what what)
{
    mote8_cart *cart = load(path);
    if (!cart) return EXIT_BAD_INPUT;
    char err[512];
    int ok = (what == EXPORT_LABEL ? mote8_cart_export_label(cart, png, err, sizeof err)
              : what == EXPORT_GFX ? mote8_cart_export_gfx(cart, png, err, sizeof err)
              : mote8_cart_export_map(cart, png, what == EXPORT_MAP_CELLS, err, sizeof err)) == 0;
    if (!ok) fprintf(stderr, "%s\n", err);
    mote8_cart_destroy(cart);
    return ok ? EXIT_OK : EXIT_BAD_INPUT;
}

static int cmd_import_gfx(const char *path, const char *png, const char *out, const char *at)
{
    int format, x = 0, y = 0;
    char tail;
    if (at && (sscanf(at, "%d,%d%c", &x, &y, &tail) != 2 || x < 0 || y < 0))
        return usage_error("--at takes X,Y: a sheet pixel (0-127), not '%s'", at);
    if (out_format(out, &format) != 0) return EXIT_USAGE;
    mote8_cart *cart = load(path);
    if (!cart) return EXIT_BAD_INPUT;
    char err[512];
    int rc = EXIT_OK;
    if ((at ? mote8_cart_import_gfx_at(cart, png, x, y, err, sizeof err)
            : mote8_cart_import_gfx(cart, png, err, sizeof err)) != 0) {
        fprintf(stderr, "%s\n", err);
        rc = EXIT_BAD_INPUT;
    } else {
        rc = save(cart, out, format);
    }
    mote8_cart_destroy(cart);
    return rc;
}

static int cmd_import_map(const char *path, const char *png, const char *out)
{
    int format;
    if (out_format(out, &format) != 0) return EXIT_USAGE;
    mote8_cart *cart = load(path);
    if (!cart) return EXIT_BAD_INPUT;
    char err[512];
    int rc = EXIT_OK;
    if (mote8_cart_import_map(cart, png, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        rc = EXIT_BAD_INPUT;
    } else {
        rc = save(cart, out, format);
    }
    mote8_cart_destroy(cart);
    return rc;
}

/* --- export-wav: the cart's data with the code "sfx(N)", run by the machine as the
 * headless runner runs a cart (fixed seed, 30 ticks a second), its audio kept --- */

/* The .p8 text `text` with the body of __lua__ replaced by `code`: malloc'd, or NULL. */
static char *with_code(const char *text, size_t len, const char *code, size_t *out_len)
{
    const char *lua = strstr(text, "\n__lua__\n");
    if (!lua) return NULL;
    lua += strlen("\n__lua__\n");
    const char *next = strstr(lua, "\n__");
    size_t head = (size_t)(lua - text), rest = next ? len - (size_t)(next + 1 - text) : 0;
    char *out = malloc(head + strlen(code) + rest + 1);
    if (!out) return NULL;
    memcpy(out, text, head);
    memcpy(out + head, code, strlen(code));
    if (next) memcpy(out + head + strlen(code), next + 1, rest);
    *out_len = head + strlen(code) + rest;
    out[*out_len] = 0;
    return out;
}

/* Speed of sfx n from the .p8 text's __sfx__ line n ("EESSLLEE" + notes): 1 when 0 or
 * missing, as the synth counts it. */
static int sfx_speed_of(const char *text, int n)
{
    const char *p = strstr(text, "\n__sfx__\n");
    if (!p) return 1;
    p += strlen("\n__sfx__\n");
    for (int i = 0; i < n && p; i++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    unsigned v = 0;
    if (!p || p[0] == '_' || sscanf(p + 2, "%2x", &v) != 1) return 1;
    return v ? (int)v : 1;
}

static void put_le(unsigned char *p, uint32_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) p[i] = (unsigned char)(v >> (8 * i));
}

/* A 16-bit mono PCM WAV file: 0, or -1 (errno). */
static int write_wav(const char *path, const int16_t *samples, uint32_t n)
{
    unsigned char head[44];
    memcpy(head, "RIFF", 4);
    put_le(head + 4, 36 + n * 2, 4);
    memcpy(head + 8, "WAVEfmt ", 8);
    put_le(head + 16, 16, 4);
    put_le(head + 20, 1, 2);                    /* PCM */
    put_le(head + 22, 1, 2);                    /* mono */
    put_le(head + 24, MOTE8_AUDIO_RATE, 4);
    put_le(head + 28, MOTE8_AUDIO_RATE * 2, 4);
    put_le(head + 32, 2, 2);
    put_le(head + 34, 16, 2);
    memcpy(head + 36, "data", 4);
    put_le(head + 40, n * 2, 4);
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    int ok = fwrite(head, 1, sizeof head, f) == sizeof head;
    for (uint32_t i = 0; ok && i < n; i++) {
        unsigned char b[2];
        put_le(b, (uint16_t)samples[i], 2);
        ok = fwrite(b, 1, 2, f) == 2;
    }
    if (fclose(f) != 0) ok = 0;
    return ok ? 0 : -1;
}

static int cmd_export_wav(const char *path, const char *num, const char *wav)
{
    char *end;
    long n = strtol(num, &end, 10);
    if (*end || end == num || n < 0 || n > 63) return usage_error("N is an sfx number 0-63, not '%s'", num);
    mote8_cart *cart = load(path);
    if (!cart) return EXIT_BAD_INPUT;
    char err[512];
    size_t len = 0, code_len = 0;
    char *text = mote8_cart_encode(cart, MOTE8_CART_P8, &len, err, sizeof err);
    mote8_cart_destroy(cart);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        return EXIT_BAD_INPUT;
    }
    char code[32];
    snprintf(code, sizeof code, "sfx(%ld)\n", n);
    char *player = with_code(text, len, code, &code_len);
    uint32_t total = (uint32_t)sfx_speed_of(text, (int)n) * 32u * 183u, got = 0;
    free(text);
    int16_t *samples = malloc(((size_t)total + MOTE8_AUDIO_RATE) * sizeof *samples);
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;                          /* as the headless runner: seed 0 */
    mote8 *m8 = player && samples ? mote8_create(&cfg) : NULL;
    int rc = EXIT_OK;
    if (!player && samples) {
        fprintf(stderr, "mote8-cart: %s: the cart's .p8 text has no __lua__ section to replace\n", path);
        rc = EXIT_BAD_INPUT;
    } else if (!m8) {
        fprintf(stderr, "mote8-cart: %s: out of memory\n", path);
        rc = EXIT_BAD_INPUT;
    } else if (mote8_load_cart(m8, player, code_len, path) != 0) {
        fprintf(stderr, "%s\n", mote8_error(m8));
        rc = EXIT_BAD_INPUT;
    }
    while (rc == EXIT_OK && got < total) {
        mote8_input in;
        memset(&in, 0, sizeof in);
        int status = mote8_tick(m8, &in);      /* STOPPED: no main loop, the sound goes on */
        if (status == MOTE8_ERROR || status == MOTE8_SHUTDOWN) {
            fprintf(stderr, "%s: the machine stopped: %s\n", path, mote8_error(m8));
            rc = EXIT_BAD_INPUT;
            break;
        }
        got += (uint32_t)mote8_pull_audio(m8, samples + got, MOTE8_AUDIO_RATE);
    }
    if (rc == EXIT_OK && write_wav(wav, samples, total) != 0) {
        fprintf(stderr, "mote8-cart: cannot write %s: %s\n", wav, strerror(errno));
        rc = EXIT_BAD_INPUT;
    }
    if (rc == EXIT_OK) printf("%s: sfx %ld, %u samples (speed %u)\n", wav, n, total, total / (32u * 183u));
    mote8_destroy(m8);
    free(samples);
    free(player);
    return rc;
}

/* Writes the "new" template to `out` in the format of its extension; an existing file is
 * left alone. */
static int cmd_new(const char *out)
{
    int format;
    if (out_format(out, &format) != 0) return EXIT_USAGE;
    FILE *existing = fopen(out, "rb");
    if (existing) {
        fclose(existing);
        fprintf(stderr, "%s: already exists; not overwritten (pick another name)\n", out);
        return EXIT_BAD_INPUT;
    }
    size_t len = 0;
    const void *bytes = mote8_cart_template("new", &len);
    char err[512];
    mote8_cart *cart = bytes ? mote8_cart_decode(bytes, len, "new.p8", err, sizeof err) : NULL;
    if (!cart) {
        fprintf(stderr, "mote8-cart: the new-cart template is missing from this build\n");
        return EXIT_BAD_INPUT;
    }
    int rc = save(cart, out, format);
    mote8_cart_destroy(cart);
    if (rc == EXIT_OK)
        printf("%s: a new cart. Run it with: mote8 --watch %s (docs/first-cart.md)\n", out, out);
    return rc;
}

/* --- export-html --- */

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2 + 1);
            if (!bigger) { free(buf); buf = NULL; break; }
            buf = bigger;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) { free(buf); return NULL; }
    buf[n] = '\0';
    if (len) *len = n;
    return buf;
}

static int file_exists(const char *path)
{
    return access(path, R_OK) == 0;
}

/* a then b into out (outsz bytes): 0, or -1 when it does not fit. */
static int join_path(char *out, size_t outsz, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la + lb + 1 > outsz) return -1;
    memcpy(out, a, la);
    memcpy(out + la, b, lb + 1);
    return 0;
}

/* The folder holding the web player's files (index.html, mote8_single.js ...): 0, or -1. */
static int find_web_dir(char *dir, size_t dirsz)
{
    char probe[4200];
    const char *env = getenv("MOTE8_WEB_DIR");
    if (env && *env) {
        snprintf(dir, dirsz, "%s", env);
        return 0;
    }
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return -1;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return -1;
    *slash = '\0';
    static const char *const places[] = { "/../web", "/../share/mote8/web" };
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        if (join_path(dir, dirsz, exe, places[i]) != 0) continue;
        snprintf(probe, sizeof probe, "%s/mote8_single.js", dir);
        if (file_exists(probe)) return 0;
    }
    if (join_path(dir, dirsz, exe, places[0]) != 0) dir[0] = '\0';   /* named in the message */
    return -1;
}

static void put_base64(FILE *out, const unsigned char *data, size_t len)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < len; i += 3) {
        unsigned v = (unsigned)data[i] << 16;
        if (i + 1 < len) v |= (unsigned)data[i + 1] << 8;
        if (i + 2 < len) v |= data[i + 2];
        fputc(digits[v >> 18 & 63], out);
        fputc(digits[v >> 12 & 63], out);
        fputc(i + 1 < len ? digits[v >> 6 & 63] : '=', out);
        fputc(i + 2 < len ? digits[v & 63] : '=', out);
    }
}

/* Text inlined in a <script> element: "</script" inside it would end the element early, so
 * it is written "<\/script" (the same string to JavaScript). */
static void put_script_text(FILE *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (p[0] == '<' && p[1] == '/' && !strncmp(p + 2, "script", 6)) {
            fputs("<\\/", out);
            p++;
            continue;
        }
        fputc(*p, out);
    }
}

static void put_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20 || c == '<' || c == '>' || c == '&') fprintf(out, "\\u%04x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The cart as .p8 text (.p8 keeps every section; a .p8.png is packed as its own bytes by
 * cmd_export_html, a .p8.rom converted) and, when png
 * is given, its label as PNG bytes (its first frame when it has none; NULL when there is
 * no picture). 0, or -1 with a message printed. */
static int export_cart_bytes(const char *path, char **p8, size_t *p8_len, char **png,
                             size_t *png_len)
{
    char err[512];
    mote8_cart *cart = load(path);
    if (!cart) return -1;
    mote8_cart_info info;
    mote8_cart_describe(cart, &info);
    if (png && !info.has_label) {
        /* no label: encoding as .p8.png gives the cart its first frame as its label (the
         * launcher's picture); a cart too large for .p8.png keeps none */
        size_t ignored;
        free(mote8_cart_encode(cart, MOTE8_CART_PNG, &ignored, err, sizeof err));
        mote8_cart_describe(cart, &info);
    }
    *p8 = mote8_cart_encode(cart, MOTE8_CART_P8, p8_len, err, sizeof err);
    if (!*p8) {
        fprintf(stderr, "%s\n", err);
        mote8_cart_destroy(cart);
        return -1;
    }
    if (png) {
        *png = NULL;
        char tmp[] = "/tmp/mote8-label-XXXXXX";
        int fd = info.has_label ? mkstemp(tmp) : -1;
        if (fd >= 0) {
            close(fd);
            if (mote8_cart_export_label(cart, tmp, err, sizeof err) == 0)
                *png = read_all(tmp, png_len);
            unlink(tmp);
        }
    }
    mote8_cart_destroy(cart);
    return 0;
}

/* Writes the page: index.html with each <script src="X"></script> replaced by X's text
 * (mote8.js by mote8_single.js), the carts' script before mote8_web.js, the label picture
 * after the screen's canvas and the cart's name as the title. */
static int write_page(FILE *out, const char *web, const char *page, const char *title,
                      const char *carts_js, const char *label_png, size_t label_len)
{
    const char *p = page;
    for (;;) {
        const char *tag = strstr(p, "<script src=\"");
        const char *canvas = strstr(p, "</canvas>");
        const char *t = strstr(p, "<title>");
        const char *next = tag;
        if (canvas && (!next || canvas < next)) next = canvas;
        if (t && (!next || t < next)) next = t;
        if (!next) { fputs(p, out); return 0; }
        fwrite(p, 1, (size_t)(next - p), out);
        if (next == t) {
            const char *end = strstr(t, "</title>");
            if (!end) { fputs(t, out); return 0; }
            fputs("<title>", out);
            for (const char *c = title; *c; c++)
                if (*c != '<' && *c != '&') fputc(*c, out);
            p = end;
            continue;
        }
        if (next == canvas) {
            fputs("</canvas>", out);
            if (label_png) {
                fputs("\n  <img id=\"mote8-loading\" alt=\"loading\" src=\"data:image/png;base64,", out);
                put_base64(out, (const unsigned char *)label_png, label_len);
                fputs("\">", out);
            }
            p = canvas + strlen("</canvas>");
            continue;
        }
        const char *name = tag + strlen("<script src=\"");
        const char *q = strchr(name, '"');
        const char *close_tag = q ? strstr(q, "</script>") : NULL;
        if (!close_tag || q - name > 200) {
            fprintf(stderr, "%s/index.html: a <script src> tag without its end\n", web);
            return -1;
        }
        char file[256], path[4400];
        snprintf(file, sizeof file, "%.*s", (int)(q - name), name);
        if (!strcmp(file, "mote8.js")) snprintf(file, sizeof file, "mote8_single.js");
        if (!strcmp(file, "mote8_web.js")) {
            fputs("<script>", out);
            put_script_text(out, carts_js);
            fputs("</script>\n", out);
        }
        snprintf(path, sizeof path, "%s/%s", web, file);
        char *js = read_all(path, NULL);
        if (!js) {
            fprintf(stderr, "mote8-cart: cannot read %s (run `make web`)\n", path);
            return -1;
        }
        fputs("<script>", out);
        put_script_text(out, js);
        fputs("</script>", out);
        free(js);
        p = close_tag + strlen("</script>");
    }
}

static int cmd_export_html(const char *cart_path, const char *html, char **more, int n_more)
{
    char web[4096], path[4200];
    int have_web = find_web_dir(web, sizeof web) == 0;
    snprintf(path, sizeof path, "%s/mote8_single.js", web);
    if (!have_web || !file_exists(path)) {
        fprintf(stderr, "mote8-cart: the web player is not built: %s is missing; run `make web` "
                "(or set MOTE8_WEB_DIR to the folder holding mote8_single.js)\n", path);
        return EXIT_BAD_INPUT;
    }
    snprintf(path, sizeof path, "%s/index.html", web);
    char *page = read_all(path, NULL);
    if (!page) {
        fprintf(stderr, "mote8-cart: cannot read %s (run `make web`)\n", path);
        return EXIT_BAD_INPUT;
    }

    /* the carts' script: window.mote8Export = {carts: [{name, p8}, ...]} */
    size_t js_cap = 0;
    char *carts_js = NULL, *label = NULL;
    size_t label_len = 0;
    FILE *js = open_memstream(&carts_js, &js_cap);
    int rc = js ? EXIT_OK : EXIT_BAD_INPUT;
    if (js) fputs("window.mote8Export = { carts: [", js);
    for (int i = -1; rc == EXIT_OK && i < n_more; i++) {
        const char *cp = i < 0 ? cart_path : more[i];
        char *p8 = NULL;
        size_t p8_len = 0;
        if (export_cart_bytes(cp, &p8, &p8_len, i < 0 ? &label : NULL, &label_len) != 0) {
            rc = EXIT_BAD_INPUT;
            break;
        }
        size_t cp_len = strlen(cp);
        if (cp_len > 7 && strcmp(cp + cp_len - 7, ".p8.png") == 0) {
            /* a .p8.png goes in as its own bytes: the player reads PNGs (png_decode.c) */
            size_t png_len = 0;
            char *png_bytes = read_all(cp, &png_len);
            if (png_bytes) {
                free(p8);
                p8 = png_bytes;
                p8_len = png_len;
            }
        }
        fputs(i < 0 ? "\n  { name: " : ",\n  { name: ", js);
        put_json_string(js, base_name(cp));
        fputs(", p8: \"", js);
        put_base64(js, (const unsigned char *)p8, p8_len);
        fputs("\" }", js);
        free(p8);
    }
    if (js) {
        fputs("\n] };\n", js);
        fclose(js);
    }

    /* written beside OUT, then renamed over it: a failed export leaves no half page */
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", html);
    int fd = rc == EXIT_OK ? mkstemp(tmp) : -1;
    if (fd >= 0) {                 /* mkstemp makes it 0600: a page is for everyone to read */
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (rc == EXIT_OK && !out) {
        fprintf(stderr, "mote8-cart: cannot write %s\n", html);
        if (fd >= 0) { close(fd); unlink(tmp); }
        rc = EXIT_BAD_INPUT;
    }
    if (out) {
        char title[256];
        snprintf(title, sizeof title, "%s", base_name(cart_path));
        char *dot = strstr(title, ".p8");
        if (dot) *dot = '\0';
        int bad = write_page(out, web, page, title, carts_js, label, label_len) != 0;
        bad |= fclose(out) != 0;
        if (!bad && rename(tmp, html) != 0) {
            fprintf(stderr, "mote8-cart: cannot write %s\n", html);
            bad = 1;
        }
        if (bad) {
            unlink(tmp);
            rc = EXIT_BAD_INPUT;
        }
    }
    free(carts_js);
    free(label);
    free(page);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    int nargs = argc - 2;
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        fputs(usage_text, stdout);
        return EXIT_OK;
    }
    if (!strcmp(cmd, "info")) {
        if (nargs != 1) return usage_error("%s takes one cart", cmd);
        return cmd_info(argv[2]);
    }
    if (!strcmp(cmd, "convert")) {
        if (nargs != 2) return usage_error("%s takes IN and OUT", cmd);
        return cmd_convert(argv[2], argv[3]);
    }
    if (!strcmp(cmd, "export-gfx") || !strcmp(cmd, "export-label")) {
        if (nargs != 2) return usage_error("%s takes CART and OUT.png", cmd);
        return cmd_export(argv[2], argv[3], strcmp(cmd, "export-label") ? EXPORT_GFX : EXPORT_LABEL);
    }
    if (!strcmp(cmd, "import-gfx")) {
        const char *at = NULL;
        if (nargs >= 4 && !strcmp(argv[argc - 2], "--at")) {
            at = argv[argc - 1];
            nargs -= 2;
        }
        if (nargs != 2 && nargs != 3)
            return usage_error("%s takes CART, IN.png, an optional OUT and an optional --at X,Y", cmd);
        return cmd_import_gfx(argv[2], argv[3], nargs == 3 ? argv[4] : argv[2], at);
    }
    if (!strcmp(cmd, "export-map")) {
        int cells = nargs == 3 && !strcmp(argv[4], "--cells");
        if (nargs != 2 && !cells) return usage_error("%s takes CART, OUT.png and an optional --cells", cmd);
        return cmd_export(argv[2], argv[3], cells ? EXPORT_MAP_CELLS : EXPORT_MAP);
    }
    if (!strcmp(cmd, "import-map")) {
        if (nargs != 2 && nargs != 3) return usage_error("%s takes CART, IN.png and an optional OUT", cmd);
        return cmd_import_map(argv[2], argv[3], nargs == 3 ? argv[4] : argv[2]);
    }
    if (!strcmp(cmd, "export-wav")) {
        if (nargs != 3) return usage_error("%s takes CART, N and OUT.wav", cmd);
        return cmd_export_wav(argv[2], argv[3], argv[4]);
    }
    if (!strcmp(cmd, "export-html")) {
        if (nargs < 2) return usage_error("%s takes CART, OUT.html and optional more carts", cmd);
        return cmd_export_html(argv[2], argv[3], argv + 4, nargs - 2);
    }
    if (!strcmp(cmd, "new")) {
        if (nargs != 1) return usage_error("%s takes the new cart's file name", cmd);
        return cmd_new(argv[2]);
    }
    return usage_error("unknown command '%s'", cmd);
}
