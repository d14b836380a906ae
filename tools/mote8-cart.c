/* mote8-cart.c - the cart file tool: describe carts, convert between .p8, .p8.png and
 * .p8.rom, and move the sprite sheet and label to and from PNG files.
 *
 *   mote8-cart info CART                      sections, sizes, tokens, compressed size
 *   mote8-cart convert IN OUT                 format chosen by OUT's extension
 *   mote8-cart export-gfx CART OUT.png        the sprite sheet as a 128x128 PNG
 *   mote8-cart export-label CART OUT.png      the label as a 128x128 PNG
 *   mote8-cart import-gfx CART IN.png [OUT]   a 128x128 PNG into the sprite sheet
 *   mote8-cart new OUT                        a new cart from the template (never over a file)
 *
 * Exit codes: 0 done, 1 bad input (unreadable or broken cart or picture, code too large,
 * cannot write), 2 usage. Uses only the embedding API (api/mote8.h, "cart files").
 * Depends on: mote8.h. */
#include <stdio.h>
#include <string.h>
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
    "  import-gfx CART IN.png [OUT]  put a 128x128 PNG into the sprite sheet (nearest of the\n"
    "                                16 colours) and write OUT (default: CART itself)\n"
    "  new OUT                       write a new cart from the template (a small game to\n"
    "                                change; docs/first-cart.md); OUT must not exist\n"
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

static int cmd_export(const char *path, const char *png, int label)
{
    mote8_cart *cart = load(path);
    if (!cart) return EXIT_BAD_INPUT;
    char err[512];
    int ok = label ? mote8_cart_export_label(cart, png, err, sizeof err) == 0
                   : mote8_cart_export_gfx(cart, png, err, sizeof err) == 0;
    if (!ok) fprintf(stderr, "%s\n", err);
    mote8_cart_destroy(cart);
    return ok ? EXIT_OK : EXIT_BAD_INPUT;
}

static int cmd_import_gfx(const char *path, const char *png, const char *out)
{
    int format;
    if (out_format(out, &format) != 0) return EXIT_USAGE;
    mote8_cart *cart = load(path);
    if (!cart) return EXIT_BAD_INPUT;
    char err[512];
    int rc = EXIT_OK;
    if (mote8_cart_import_gfx(cart, png, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        rc = EXIT_BAD_INPUT;
    } else {
        rc = save(cart, out, format);
    }
    mote8_cart_destroy(cart);
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
        return cmd_export(argv[2], argv[3], !strcmp(cmd, "export-label"));
    }
    if (!strcmp(cmd, "import-gfx")) {
        if (nargs != 2 && nargs != 3) return usage_error("%s takes CART, IN.png and an optional OUT", cmd);
        return cmd_import_gfx(argv[2], argv[3], nargs == 3 ? argv[4] : argv[2]);
    }
    if (!strcmp(cmd, "new")) {
        if (nargs != 1) return usage_error("%s takes the new cart's file name", cmd);
        return cmd_new(argv[2]);
    }
    return usage_error("unknown command '%s'", cmd);
}
