/* tool_cart_files.c - the "cart files" section of mote8.h: carts in .p8, .p8.png and .p8.rom
 * files for tools, wrapping runtime/core's cart_codec.c (formats), cart_png.c (palette
 * matching) and png_io.c (PNG files), plus the token count of token_count.c. A .p8.png
 * written for a cart without a label gets the first frame the cart draws, rendered through
 * the embedding API itself, with no platform services (it touches no file or save). Extra
 * sections (the sample bank __meta:mote8_samples__ ...) are read and replaced by name.
 * These are services for tools that work on files by path; the machine itself never opens
 * a file (its files go through mote8_platform).
 * Depends on: m8conf.h, palette.h, mote8.h, token_count.h, runtime/core (cart, cart_codec,
 * cart_png, cart_rom, png_io, pxa, machine). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cart.h"
#include "cart_codec.h"
#include "cart_png.h"
#include "cart_rom.h"
#include "m8conf.h"
#include "mote8.h"
#include "palette.h"
#include "png_io.h"
#include "pxa.h"
#include "dialect/token_count.h"

#define MAX_CART_FILE (64u * 1024u * 1024u)

/* The whole file, malloc'd, or NULL with errno set (EFBIG over MAX_CART_FILE). */
static char *read_whole_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0) n = ftell(f);
    char *buf = NULL;
    if (n > (long)MAX_CART_FILE) errno = EFBIG;
    else if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) &&
             fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        *len = (size_t)n;
    }
    return buf;
}

struct mote8_cart {
    m8_cart cart;
    int format;
    char name[512];
};

static void set_err(char *err, size_t errsz, const char *name, const char *msg)
{
    if (err && errsz) snprintf(err, errsz, "%s: %s", name ? name : "cart", msg);
}

int mote8_cart_format_of_name(const char *path) { return (int)m8_cart_format_of_name(path); }

const char *mote8_cart_format_name(int format)
{
    switch (format) {
    case MOTE8_CART_P8: return ".p8";
    case MOTE8_CART_PNG: return ".p8.png";
    case MOTE8_CART_ROM: return ".p8.rom";
    default: return "unknown";
    }
}

mote8_cart *mote8_cart_decode(const void *data, size_t len, const char *name, char *err,
                              size_t errsz)
{
    mote8_cart *c = calloc(1, sizeof *c);
    if (!c) {
        set_err(err, errsz, name, "out of memory");
        return NULL;
    }
    snprintf(c->name, sizeof c->name, "%s", name ? name : "cart");
    m8_cart_error e = { 0 };
    m8_cart_format f = M8_FORMAT_P8;
    if (m8_cart_read_any(&c->cart, data, len, name, &e, &f) != 0) {
        set_err(err, errsz, c->name, e.message);
        m8_cart_free(&c->cart);
        free(c);
        return NULL;
    }
    c->format = (int)f;
    return c;
}

mote8_cart *mote8_cart_load(const char *path, char *err, size_t errsz)
{
    size_t len = 0;
    errno = 0;
    char *data = read_whole_file(path, &len);
    if (!data) {
        char msg[200];
        snprintf(msg, sizeof msg, "cannot read the cart file (%s)",
                 errno ? strerror(errno) : "larger than 64 MiB");
        set_err(err, errsz, path, msg);
        return NULL;
    }
    mote8_cart *c = mote8_cart_decode(data, len, path, err, errsz);
    free(data);
    return c;
}

void mote8_cart_destroy(mote8_cart *cart)
{
    if (!cart) return;
    m8_cart_free(&cart->cart);
    free(cart);
}

/* ---------------------------------------------------------------- label --- */

/* The cart's first frame as its label; leaves the cart without a label if it cannot run. */
static void render_label(mote8_cart *c)
{
    size_t len = 0;
    char *text = m8_cart_write_p8(&c->cart, &len);
    if (!text) return;
    mote8_config cfg = { 0 };
    cfg.have_seed = 1;
    cfg.seed = 1;
    cfg.mute = 1;                       /* no platform services: no printh, files or saves */
    mote8 *m8 = mote8_create(&cfg);
    if (m8 && mote8_load_cart(m8, text, len, c->name) == 0) {
        mote8_input in;
        memset(&in, 0, sizeof in);
        if (mote8_tick(m8, &in) != MOTE8_ERROR) {
            static _Thread_local uint8_t rgb[M8_SCREEN_W * M8_SCREEN_H * 3];
            mote8_screen_rgb(m8, rgb);
            for (int i = 0; i < M8_SCREEN_W * M8_SCREEN_H; i++)
                c->cart.label[i] = (uint8_t)m8_nearest_palette_colour(rgb[i * 3], rgb[i * 3 + 1],
                                                                      rgb[i * 3 + 2], 0);
            c->cart.has_label = 1;
        }
    }
    if (m8) mote8_destroy(m8);
    free(text);
}

/* ---------------------------------------------------------------- writing --- */

void *mote8_cart_encode(mote8_cart *cart, int format, size_t *len, char *err, size_t errsz)
{
    if (format != MOTE8_CART_P8 && format != MOTE8_CART_PNG && format != MOTE8_CART_ROM) {
        set_err(err, errsz, cart->name, "unknown cart format");
        return NULL;
    }
    if (format == MOTE8_CART_PNG && !cart->cart.has_label) render_label(cart);
    m8_cart_error e = { 0 };
    void *out = m8_cart_write_any(&cart->cart, (m8_cart_format)format, len, NULL, &e);
    if (!out) set_err(err, errsz, cart->name, e.message);
    return out;
}

int mote8_cart_save(mote8_cart *cart, const char *path, int format, char *err, size_t errsz)
{
    size_t len = 0;
    void *data = mote8_cart_encode(cart, format, &len, err, errsz);
    if (!data) return -1;
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int ok = fd >= 0;
    if (ok) {
        ok = write(fd, data, len) == (ssize_t)len && fsync(fd) == 0;
        ok = close(fd) == 0 && ok;
        ok = ok && rename(tmp, path) == 0;
    }
    if (!ok) {
        char msg[200];
        snprintf(msg, sizeof msg, "cannot write the file (%s)", strerror(errno));
        set_err(err, errsz, path, msg);
        if (fd >= 0) unlink(tmp);
    }
    free(data);
    return ok ? 0 : -1;
}

/* ---------------------------------------------------------------- info --- */

void mote8_cart_describe(const mote8_cart *cart, mote8_cart_info *info)
{
    static const struct { const char *name; unsigned address, size; } k_sections[] = {
        { "gfx", M8_GFX, 0x2000 }, { "map", M8_MAP, 0x1000 }, { "gff", M8_FLAGS, 0x100 },
        { "music", M8_MUSIC, 0x100 }, { "sfx", M8_SFX, 0x1100 },
    };
    const m8_cart *c = &cart->cart;
    memset(info, 0, sizeof *info);
    info->format = cart->format;
    info->version = c->version;
    info->code_chars = c->code_len;
    info->code_tabs = 1;
    for (size_t i = 0; i + 4 <= c->code_len; i++)
        if (memcmp(c->code + i, "-->8", 4) == 0 && (i == 0 || c->code[i - 1] == '\n') &&
            (i + 4 == c->code_len || c->code[i + 4] == '\n'))
            info->code_tabs++;
    info->tokens = m8_count_tokens(c->code, c->code_len, NULL);
    info->token_limit = M8_TOKEN_LIMIT;
    info->compressed_limit = M8_ROM_CODE_SIZE;
    size_t z = 0;
    uint8_t *packed = m8_pxa_compress(c->code ? c->code : "", c->code_len, &z);
    info->compressed_size = packed ? z : 0;
    free(packed);
    info->has_label = c->has_label;
    m8_cart *empty = malloc(sizeof *empty);
    if (empty) m8_cart_init(empty);
    for (int s = 0; s < MOTE8_CART_SECTIONS; s++) {
        mote8_cart_section_info *si = &info->sections[s];
        si->name = k_sections[s].name;
        si->address = k_sections[s].address;
        si->size = k_sections[s].size;
        for (unsigned a = si->address; empty && a < si->address + si->size; a++)
            si->changed += c->rom[a] != empty->rom[a];
    }
    if (empty) {
        m8_cart_free(empty);
        free(empty);
    }
    info->n_extra = c->n_extra;
    for (int i = 0; i < c->n_extra && i < 16; i++) info->extra[i] = c->extra[i].name;
}

/* ---------------------------------------------------------------- pictures --- */

/* A 128x128 picture (the sheet and the label have the screen's size). */
static int write_png(const uint8_t *rgb, const char *path, char *err, size_t errsz)
{
    errno = 0;
    if (m8_png_write_rgb(path, rgb, M8_SCREEN_W, M8_SCREEN_H, 1) == 0) return 0;
    char msg[200];
    snprintf(msg, sizeof msg, "cannot write the PNG (%s)", errno ? strerror(errno) : "libpng error");
    set_err(err, errsz, path, msg);
    return -1;
}

int mote8_cart_export_gfx(const mote8_cart *cart, const char *png_path, char *err, size_t errsz)
{
    static _Thread_local uint8_t rgb[M8_SHEET_W * M8_SHEET_H * 3];
    for (int y = 0; y < M8_SHEET_H; y++)
        for (int x = 0; x < M8_SHEET_W; x++) {
            uint8_t byte = cart->cart.rom[M8_GFX + y * (M8_SHEET_W / 2) + x / 2];
            int colour = x & 1 ? byte >> 4 : byte & 15;
            uint8_t *p = rgb + (y * M8_SHEET_W + x) * 3;
            m8_palette_rgb(colour, &p[0], &p[1], &p[2]);
        }
    return write_png(rgb, png_path, err, errsz);
}

int mote8_cart_export_label(const mote8_cart *cart, const char *png_path, char *err,
                            size_t errsz)
{
    if (!cart->cart.has_label) {
        set_err(err, errsz, cart->name, "the cart has no label");
        return -1;
    }
    static _Thread_local uint8_t rgb[M8_SCREEN_W * M8_SCREEN_H * 3];
    for (int i = 0; i < M8_SCREEN_W * M8_SCREEN_H; i++)
        m8_palette_rgb(cart->cart.label[i] & 31, &rgb[i * 3], &rgb[i * 3 + 1], &rgb[i * 3 + 2]);
    return write_png(rgb, png_path, err, errsz);
}

int mote8_cart_label_rgb(const mote8_cart *cart, uint8_t *rgb)
{
    if (!cart->cart.has_label) return -1;
    for (int i = 0; i < M8_SCREEN_W * M8_SCREEN_H; i++)
        m8_palette_rgb(cart->cart.label[i] & 31, &rgb[i * 3], &rgb[i * 3 + 1], &rgb[i * 3 + 2]);
    return 0;
}

/* w x h RGB pixels into the sheet at x0,y0 (inside it), nearest of the 16 colours. */
static void put_sheet_rect(mote8_cart *cart, const uint8_t *rgb, int w, int h, int x0, int y0)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *p = rgb + (y * w + x) * 3;
            int c = m8_nearest_palette_colour(p[0], p[1], p[2], 1), sx = x0 + x;
            uint8_t *b = &cart->cart.rom[M8_GFX + (y0 + y) * (M8_SHEET_W / 2) + sx / 2];
            *b = sx & 1 ? (uint8_t)((*b & 0x0f) | c << 4) : (uint8_t)((*b & 0xf0) | c);
        }
    cart->cart.section_present |= M8_SEC_GFX;
}

/* The RGB pixels of png_path (malloc'd), or NULL with the reader's message in err. */
static uint8_t *read_picture(const char *png_path, int *w, int *h, char *err, size_t errsz)
{
    char msg[300];
    uint8_t *rgb = m8_png_read_rgb(png_path, w, h, msg, sizeof msg);
    if (!rgb && err && errsz) snprintf(err, errsz, "%s", msg);
    return rgb;
}

/* A picture that does not fit what it is imported into: -1, with msg naming png_path. */
static int refuse_picture(uint8_t *rgb, const char *png_path, const char *msg, char *err,
                          size_t errsz)
{
    set_err(err, errsz, png_path, msg);
    free(rgb);
    return -1;
}

/* png_path into the sheet at x,y: the whole sheet (whole: it must be 128x128) or a part. */
static int import_sheet(mote8_cart *cart, const char *png_path, int x, int y, int whole,
                        char *err, size_t errsz)
{
    int w = 0, h = 0;
    char msg[300];
    uint8_t *rgb = read_picture(png_path, &w, &h, err, errsz);
    if (!rgb) return -1;
    if (whole && (w != M8_SHEET_W || h != M8_SHEET_H)) {
        snprintf(msg, sizeof msg, "the picture is %dx%d, the sprite sheet is %dx%d", w, h,
                 M8_SHEET_W, M8_SHEET_H);
        return refuse_picture(rgb, png_path, msg, err, errsz);
    }
    if (x < 0 || y < 0 || w > M8_SHEET_W - x || h > M8_SHEET_H - y) {
        snprintf(msg, sizeof msg, "the %dx%d picture at %d,%d does not fit in the %dx%d sprite sheet",
                 w, h, x, y, M8_SHEET_W, M8_SHEET_H);
        return refuse_picture(rgb, png_path, msg, err, errsz);
    }
    put_sheet_rect(cart, rgb, w, h, x, y);
    free(rgb);
    return 0;
}

int mote8_cart_import_gfx(mote8_cart *cart, const char *png_path, char *err, size_t errsz)
{
    return import_sheet(cart, png_path, 0, 0, 1, err, errsz);
}

int mote8_cart_import_gfx_at(mote8_cart *cart, const char *png_path, int x, int y, char *err,
                             size_t errsz)
{
    return import_sheet(cart, png_path, x, y, 0, err, errsz);
}

/* The ROM address of map cell x,y (rows 32-63 in the sheet's lower half, as map() reads). */
static int map_addr(int x, int y)
{
    return y < 32 ? M8_MAP + y * 128 + x : M8_GFX_SHARED + (y - 32) * 128 + x;
}

int mote8_cart_export_map(const mote8_cart *cart, const char *png_path, int cells, char *err,
                          size_t errsz)
{
    int w = cells ? 128 : 1024, h = cells ? 64 : 512;
    uint8_t *rgb = malloc((size_t)w * (size_t)h * 3);
    if (!rgb) {
        set_err(err, errsz, png_path, "out of memory");
        return -1;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t *p = rgb + ((size_t)y * (size_t)w + (size_t)x) * 3;
            int v = cart->cart.rom[map_addr(cells ? x : x / 8, cells ? y : y / 8)];
            if (cells) {
                p[0] = p[1] = p[2] = (uint8_t)v;
                continue;
            }
            int colour = 0;                    /* cell 0 stays black, as map() skips it */
            if (v) {
                int sx = v % 16 * 8 + x % 8, sy = v / 16 * 8 + y % 8;
                uint8_t b = cart->cart.rom[M8_GFX + sy * (M8_SHEET_W / 2) + sx / 2];
                colour = sx & 1 ? b >> 4 : b & 15;
            }
            m8_palette_rgb(colour, &p[0], &p[1], &p[2]);
        }
    errno = 0;
    int rc = m8_png_write_rgb(png_path, rgb, w, h, 1);
    free(rgb);
    if (rc == 0) return 0;
    char msg[200];
    snprintf(msg, sizeof msg, "cannot write the PNG (%s)", errno ? strerror(errno) : "libpng error");
    set_err(err, errsz, png_path, msg);
    return -1;
}

int mote8_cart_import_map(mote8_cart *cart, const char *png_path, char *err, size_t errsz)
{
    int w = 0, h = 0;
    char msg[300];
    uint8_t *rgb = read_picture(png_path, &w, &h, err, errsz);
    if (!rgb) return -1;
    if (w != 128 || h != 64) {
        snprintf(msg, sizeof msg, "the picture is %dx%d, a map of cell numbers is 128x64 "
                                  "(mote8-cart export-map --cells)", w, h);
        return refuse_picture(rgb, png_path, msg, err, errsz);
    }
    for (int i = 0; i < 128 * 64; i++)
        if (rgb[i * 3] != rgb[i * 3 + 1] || rgb[i * 3] != rgb[i * 3 + 2]) {
            snprintf(msg, sizeof msg, "pixel %d,%d is not grey: a map of cell numbers has "
                                      "r = g = b = the sprite number", i % 128, i / 128);
            return refuse_picture(rgb, png_path, msg, err, errsz);
        }
    for (int i = 0; i < 128 * 64; i++) cart->cart.rom[map_addr(i % 128, i / 128)] = rgb[i * 3];
    cart->cart.section_present |= M8_SEC_MAP | M8_SEC_GFX;
    free(rgb);
    return 0;
}

const char *mote8_cart_section_text(const mote8_cart *cart, const char *name)
{
    for (int i = 0; i < cart->cart.n_extra; i++)
        if (cart->cart.extra[i].name && strcmp(cart->cart.extra[i].name, name) == 0)
            return cart->cart.extra[i].text;
    return NULL;
}

int mote8_cart_set_section_text(mote8_cart *cart, const char *name, const char *text,
                                char *err, size_t errsz)
{
    m8_cart *c = &cart->cart;
    int i = 0;
    while (i < c->n_extra && !(c->extra[i].name && strcmp(c->extra[i].name, name) == 0)) i++;
    if (i == M8_CART_MAX_EXTRA) {
        set_err(err, errsz, cart->name, "too many extra sections");
        return -1;
    }
    size_t len = strlen(text);
    int needs_newline = len > 0 && text[len - 1] != '\n';
    char *copy = malloc(len + 2), *name_copy = i == c->n_extra ? strdup(name) : NULL;
    if (!copy || (i == c->n_extra && !name_copy)) {
        free(copy);
        free(name_copy);
        set_err(err, errsz, cart->name, "out of memory");
        return -1;
    }
    memcpy(copy, text, len);
    if (needs_newline) copy[len++] = '\n';
    copy[len] = 0;
    if (i == c->n_extra) {
        c->extra[i].name = name_copy;
        c->extra[i].text = NULL;
        c->n_extra++;
    }
    free(c->extra[i].text);
    c->extra[i].text = copy;
    return 0;
}
