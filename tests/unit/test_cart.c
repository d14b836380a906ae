/* test_cart.c - Criterion suite "cart": the .p8 text reader/writer (reference section 4).
 * Exact bytes of small hand-written carts, error cases, and a read/write/read round trip of
 * every cart in the shared real-cart corpus (read in place, never copied).
 * Depends on: runtime/core/cart.c, runtime/core/p8scii.c, Criterion, POSIX dirent. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cart.h"

#ifndef M8_SHARED_DIR
#define M8_SHARED_DIR "../shared"
#endif

#define HDR "pico-8 cartridge // http://www.pico-8.com\nversion 42\n"

static m8_cart g_cart; /* big (48 KiB): keep it off the test stack */
static m8_cart g_cart2;

static void load_ok(m8_cart *c, const char *text)
{
    m8_cart_error err;
    int rc = m8_cart_read_p8(c, text, strlen(text), &err);
    cr_assert_eq(rc, 0, "read failed: %s", err.message);
}

static char *write_ok(const m8_cart *c, size_t *len)
{
    char *out = m8_cart_write_p8(c, len);
    cr_assert_not_null(out);
    cr_assert_eq(strlen(out), *len);
    return out;
}

static void load_fails(const char *text, size_t len, int line, const char *needle)
{
    m8_cart_error err;
    int rc = m8_cart_read_p8(&g_cart, text, len, &err);
    cr_assert_eq(rc, -1, "expected an error for input starting %.40s", text);
    cr_assert_eq(err.line, line, "error line %d, want %d (%s)", err.line, line, err.message);
    cr_assert_not_null(strstr(err.message, needle), "message \"%s\" lacks \"%s\"", err.message,
                       needle);
    if (line > 0) {
        char want[32];
        snprintf(want, sizeof want, "line %d", line);
        cr_assert_not_null(strstr(err.message, want), "message \"%s\" lacks \"%s\"", err.message,
                           want);
    }
    m8_cart_free(&g_cart);
}

static void teardown(void)
{
    m8_cart_free(&g_cart);
    m8_cart_free(&g_cart2);
}

TestSuite(cart, .fini = teardown);

/* ---- empty cart defaults ---- */

Test(cart, empty_cart_defaults)
{
    m8_cart_init(&g_cart);
    cr_assert_not_null(g_cart.code);
    cr_assert_eq(g_cart.code_len, 0);
    for (int p = 0; p < 64; p++)
        for (int c = 0; c < 4; c++) cr_assert_eq(g_cart.rom[0x3100 + 4 * p + c], 0x41 + c);
    cr_assert_eq(g_cart.rom[0x3200 + 65], 0x01);          /* sfx 0 speed 1 */
    cr_assert_eq(g_cart.rom[0x3200 + 68 + 65], 0x10);     /* sfx 1 speed 16 */
    cr_assert_eq(g_cart.rom[0x3200 + 68 * 63 + 65], 0x10);
    cr_assert_eq(g_cart.rom[0x0000], 0);
    cr_assert_eq(g_cart.rom[0x2000], 0);
    cr_assert_eq(g_cart.section_present, 0);
}

Test(cart, header_only_cart_keeps_defaults)
{
    m8_cart_init(&g_cart2);
    load_ok(&g_cart, HDR);
    cr_assert_eq(g_cart.version, 42);
    cr_assert_eq(memcmp(g_cart.rom, g_cart2.rom, M8_ROM_SIZE), 0);
    cr_assert_eq(g_cart.code_len, 0);
    cr_assert_eq(g_cart.n_extra, 0);
    cr_assert_eq(g_cart.has_label, 0);
}

/* ---- exact bytes ---- */

Test(cart, gfx_line_nibble_order)
{
    load_ok(&g_cart, HDR "__gfx__\n0123456789abcdef\n"
                         "f0\n");
    /* left pixel is the low nibble: digits "01" -> 0x10 */
    static const uint8_t want[8] = { 0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe };
    cr_assert_eq(memcmp(g_cart.rom, want, 8), 0);
    cr_assert_eq(g_cart.rom[8], 0); /* short line padded with zeros */
    cr_assert_eq(g_cart.rom[64], 0x0f);
    cr_assert(g_cart.section_present & M8_SEC_GFX);
}

Test(cart, gfx_lines_64_to_127_are_the_shared_region)
{
    char text[64 * 3 + 256] = HDR "__gfx__\n";
    for (int i = 0; i < 64; i++) strcat(text, "0\n");
    strcat(text, "ab\n");
    load_ok(&g_cart, text);
    cr_assert_eq(g_cart.rom[0x1000], 0xba);
    cr_assert_eq(g_cart.rom[0x0fff], 0);
}

Test(cart, map_line)
{
    load_ok(&g_cart, HDR "__map__\n0102ff\n10\n");
    cr_assert_eq(g_cart.rom[0x2000], 0x01); /* high digit first, no swap */
    cr_assert_eq(g_cart.rom[0x2001], 0x02);
    cr_assert_eq(g_cart.rom[0x2002], 0xff);
    cr_assert_eq(g_cart.rom[0x2003], 0x00);
    cr_assert_eq(g_cart.rom[0x2080], 0x10);
}

Test(cart, map_lines_32_to_63_go_to_0x1000)
{
    char text[32 * 3 + 256] = HDR "__map__\n";
    for (int i = 0; i < 32; i++) strcat(text, "00\n");
    strcat(text, "7f\n22\n");
    load_ok(&g_cart, text);
    cr_assert_eq(g_cart.rom[0x1000], 0x7f);
    cr_assert_eq(g_cart.rom[0x1080], 0x22);
    cr_assert_eq(g_cart.rom[0x2000 + 31 * 128], 0);
}

Test(cart, gff_line)
{
    load_ok(&g_cart, HDR "__gff__\n0a80ff\n01\n");
    cr_assert_eq(g_cart.rom[0x3000], 0x0a);
    cr_assert_eq(g_cart.rom[0x3001], 0x80);
    cr_assert_eq(g_cart.rom[0x3002], 0xff);
    cr_assert_eq(g_cart.rom[0x3003], 0x00);
    cr_assert_eq(g_cart.rom[0x3080], 0x01); /* second line: sprites 128-255 */
}

Test(cart, sfx_line_packing)
{
    /* header 01 10 0a 1f; note 0: pitch 0c, W 5, V 3, E 2; note 1: pitch 3f, W d (custom 5),
     * V 7, E 1 */
    load_ok(&g_cart, HDR "__sfx__\n01100a1f" "0c532" "3fd71\n");
    const uint8_t *sfx = g_cart.rom + 0x3200;
    unsigned w0 = sfx[0] | sfx[1] << 8, w1 = sfx[2] | sfx[3] << 8;
    cr_assert_eq(w0, 0x0cu | 5u << 6 | 3u << 9 | 2u << 12, "note 0 = %#x", w0);
    cr_assert_eq(w0, 0x274c);
    cr_assert_eq(w1, 0x3fu | 5u << 6 | 7u << 9 | 1u << 12 | 1u << 15, "note 1 = %#x", w1);
    cr_assert_eq(w1, 0x9f7f);
    cr_assert_eq(sfx[4], 0);
    cr_assert_eq(sfx[64], 0x01); /* header bytes are stored after the notes */
    cr_assert_eq(sfx[65], 0x10);
    cr_assert_eq(sfx[66], 0x0a);
    cr_assert_eq(sfx[67], 0x1f);
    cr_assert_eq(sfx[68 + 65], 0x10); /* sfx 1 keeps the default speed */
}

Test(cart, sfx_writer_packs_back)
{
    const char *line = "01100a1f0c5323fd71";
    char text[512];
    snprintf(text, sizeof text, HDR "__sfx__\n%s\n", line);
    load_ok(&g_cart, text);
    size_t len;
    char *out = write_ok(&g_cart, &len);
    char want[200];
    snprintf(want, sizeof want, "__sfx__\n%s", line);
    for (int i = 2; i < 32; i++) strcat(want, "00000");
    strcat(want, "\n");
    cr_assert_not_null(strstr(out, want), "sfx line not written back exactly:\n%s", out);
    free(out);
}

Test(cart, music_line_flag_bits)
{
    load_ok(&g_cart, HDR "__music__\n0b 01024344\n04 41424344\n");
    const uint8_t *m = g_cart.rom + 0x3100;
    cr_assert_eq(m[0], 0x81); /* flag bit 0 -> loop start */
    cr_assert_eq(m[1], 0x82); /* flag bit 1 -> loop back */
    cr_assert_eq(m[2], 0x43);
    cr_assert_eq(m[3], 0xc4); /* flag bit 3 */
    cr_assert_eq(m[4], 0x41);
    cr_assert_eq(m[6], 0xc3); /* flag bit 2 -> stop */
    cr_assert_eq(m[8], 0x41); /* pattern 2 keeps the empty default */
    cr_assert_eq(m[11], 0x44);

    size_t len;
    char *out = write_ok(&g_cart, &len);
    cr_assert_not_null(strstr(out, "__music__\n0b 01024344\n04 41424344\n"), "%s", out);
    free(out);
}

Test(cart, label_digits)
{
    load_ok(&g_cart, HDR "__label__\n0av7\n\n");
    cr_assert(g_cart.has_label);
    cr_assert_eq(g_cart.label[0], 0);
    cr_assert_eq(g_cart.label[1], 10);
    cr_assert_eq(g_cart.label[2], 31);
    cr_assert_eq(g_cart.label[3], 7);
    cr_assert_eq(g_cart.label[128], 0);
}

/* ---- code ---- */

Test(cart, code_kept_exactly_as_p8scii)
{
    load_ok(&g_cart, HDR "__lua__\n-- hi\n\tprint(\"\xe2\xac\x87\xef\xb8\x8f\xe3\x81\x82\")  \n\n"
                         "__gfx__\n");
    const char *want = "-- hi\n\tprint(\"\x83\x9a\")  \n";
    cr_assert_eq(g_cart.code_len, strlen(want));
    cr_assert_eq(memcmp(g_cart.code, want, g_cart.code_len), 0, "code: %s", g_cart.code);
    cr_assert_eq(g_cart.code[g_cart.code_len], '\0');
}

Test(cart, code_location_tabs)
{
    load_ok(&g_cart, HDR "__lua__\nprint(1)\n-->8\nx=1\ny=2\n-->8\nz=3\n");
    int tab, line;
    struct { int in, tab, line; } cases[] = {
        { 1, 0, 1 }, { 2, 0, 2 },  /* the "-->8" line: one past the end of tab 0 */
        { 3, 1, 1 }, { 4, 1, 2 }, { 5, 1, 3 }, { 6, 2, 1 },
        { 9, 2, 4 },               /* past the end: keeps counting in the last tab */
        { 0, 0, 1 }, { -5, 0, 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        m8_cart_code_location(&g_cart, cases[i].in, &tab, &line);
        cr_assert_eq(tab, cases[i].tab, "line %d: tab %d, want %d", cases[i].in, tab, cases[i].tab);
        cr_assert_eq(line, cases[i].line, "line %d: tab line %d, want %d", cases[i].in, line,
                     cases[i].line);
    }
}

Test(cart, code_location_no_tabs)
{
    load_ok(&g_cart, HDR "__lua__\na\n--->8\n -->8\nb\n");
    int tab, line;
    m8_cart_code_location(&g_cart, 4, &tab, &line); /* not exact "-->8" lines: no break */
    cr_assert_eq(tab, 0);
    cr_assert_eq(line, 4);
}

/* ---- line endings and extra sections ---- */

Test(cart, crlf_accepted)
{
    const char *lf = HDR "__lua__\nprint(1)\nx=2\n__gfx__\n0123\n__map__\n0102\n"
                         "__sfx__\n00100000\n__music__\n01 41424344\n__meta:x__\nabc\n";
    char crlf[512];
    size_t o = 0;
    for (const char *p = lf; *p; p++) {
        if (*p == '\n') crlf[o++] = '\r';
        crlf[o++] = *p;
    }
    crlf[o] = '\0';
    load_ok(&g_cart, lf);
    load_ok(&g_cart2, crlf);
    cr_assert_eq(memcmp(g_cart.rom, g_cart2.rom, M8_ROM_SIZE), 0);
    cr_assert_eq(g_cart2.code_len, g_cart.code_len);
    cr_assert_eq(memcmp(g_cart2.code, "print(1)\nx=2", g_cart2.code_len), 0);
    cr_assert_eq(g_cart2.n_extra, 1);
    cr_assert_str_eq(g_cart2.extra[0].text, "abc\n");
    cr_assert_eq(g_cart2.rom[0], 0x10);
}

Test(cart, unknown_and_meta_sections_preserved)
{
    load_ok(&g_cart, HDR "__lua__\nx=1\n__change_mask__\nff 00\n\n__gfx__\n11\n"
                         "__meta:title__\nmy game\n\xe2\x99\xa5 by me\n");
    cr_assert_eq(g_cart.n_extra, 2);
    cr_assert_str_eq(g_cart.extra[0].name, "change_mask");
    cr_assert_str_eq(g_cart.extra[0].text, "ff 00\n\n");
    cr_assert_str_eq(g_cart.extra[1].name, "meta:title");
    cr_assert_str_eq(g_cart.extra[1].text, "my game\n\xe2\x99\xa5 by me\n"); /* UTF-8 verbatim */

    size_t len;
    char *out = write_ok(&g_cart, &len);
    const char *tail = "__change_mask__\nff 00\n\n__meta:title__\nmy game\n\xe2\x99\xa5 by me\n";
    cr_assert(len >= strlen(tail));
    cr_assert_str_eq(out + len - strlen(tail), tail, "extras not written last:\n%s", out);
    load_ok(&g_cart2, out);
    cr_assert_eq(g_cart2.n_extra, 2);
    for (int i = 0; i < 2; i++) {
        cr_assert_str_eq(g_cart2.extra[i].name, g_cart.extra[i].name);
        cr_assert_str_eq(g_cart2.extra[i].text, g_cart.extra[i].text);
    }
    free(out);
}

Test(cart, section_header_with_trailing_blank)
{
    load_ok(&g_cart, HDR "__gff__ \n0102\n");
    cr_assert_eq(g_cart.rom[0x3000], 0x01);
    cr_assert_eq(g_cart.n_extra, 0);
}

/* ---- writer ---- */

Test(cart, writer_section_order_and_lf)
{
    /* sections given in a scrambled order come out in PICO-8's order */
    load_ok(&g_cart, HDR "__music__\n00 01424344\n__sfx__\n00100000\n__map__\n01\n__gff__\n01\n"
                         "__label__\n1\n__gfx__\n1\n__lua__\nx=1\n__zzz__\nq\n");
    size_t len;
    char *out = write_ok(&g_cart, &len);
    const char *order[] = { "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n",
                            "\n__gfx__\n", "\n__label__\n", "\n__gff__\n", "\n__map__\n",
                            "\n__sfx__\n", "\n__music__\n", "\n__zzz__\n" };
    const char *prev = out;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        const char *at = strstr(out, order[i]);
        cr_assert_not_null(at, "missing %s", order[i]);
        cr_assert(at >= prev, "%s out of order", order[i]);
        prev = at;
    }
    cr_assert_null(strchr(out, '\r'));
    cr_assert_eq(strncmp(out, order[0], strlen(order[0])), 0);
    free(out);
}

Test(cart, writer_omits_trailing_default_rows)
{
    load_ok(&g_cart, HDR "__gfx__\n11\n00\n22\n0\n0\n__sfx__\n00010000\n00100000\n");
    size_t len;
    char *out = write_ok(&g_cart, &len);
    char *gfx = strstr(out, "__gfx__\n");
    cr_assert_not_null(gfx);
    /* three rows: the zero row between non-zero rows stays, the trailing ones go */
    int rows = 0;
    for (char *p = gfx + 8; *p && strncmp(p, "__", 2) != 0; p = strchr(p, '\n') + 1) rows++;
    cr_assert_eq(rows, 3, "%s", out);
    /* sfx rows equal to the empty-cart defaults (speed 1 for sfx 0, 16 after) are left out,
     * but the section was present so its header stays */
    cr_assert_not_null(strstr(out, "__sfx__\n"));
    cr_assert_null(strstr(out, "__sfx__\n0"), "%s", out);
    free(out);
}

Test(cart, writer_does_not_invent_sections)
{
    load_ok(&g_cart, HDR "__lua__\nprint(1)\n__gfx__\n1\n");
    size_t len;
    char *out = write_ok(&g_cart, &len);
    char want[512] = HDR "__lua__\nprint(1)\n__gfx__\n1";
    for (int i = 1; i < 128; i++) strcat(want, "0");
    strcat(want, "\n");
    cr_assert_str_eq(out, want);
    free(out);
}

Test(cart, empty_cart_writes_minimal_text)
{
    m8_cart_init(&g_cart);
    size_t len;
    char *out = write_ok(&g_cart, &len);
    cr_assert_str_eq(out, HDR "__lua__\n"); /* version 0 writes the default 42 */
    load_ok(&g_cart2, out);
    cr_assert_eq(memcmp(g_cart.rom, g_cart2.rom, M8_ROM_SIZE), 0);
    free(out);
}

Test(cart, writer_writes_data_of_sections_absent_from_input)
{
    m8_cart_init(&g_cart);
    g_cart.rom[0x3100 + 4 * 5 + 2] = 0x85; /* pattern 5 channel 2: sfx 5, stop flag */
    g_cart.rom[0x1000] = 0x07;             /* map row 32 lives in gfx row 64 */
    size_t len;
    char *out = write_ok(&g_cart, &len);
    cr_assert_not_null(strstr(out, "00 41424344\n04 41420544\n\n"), "%s", out);
    load_ok(&g_cart2, out);
    cr_assert_eq(memcmp(g_cart.rom, g_cart2.rom, M8_ROM_SIZE), 0);
    free(out);
}

/* ---- errors ---- */

Test(cart, error_empty_and_missing_header)
{
    load_fails("", 0, 0, "missing header");
    load_fails("version 42\n__lua__\n", 19, 1, "missing header");
    load_fails("\x89PNG\r\n\x1a\n\0\0", 10, 1, "not a .p8 cart");
}

Test(cart, error_bad_hex_digit_names_line)
{
    const char *t = HDR "__gfx__\n0000\n01g3\n";
    load_fails(t, strlen(t), 5, "'g'");
    t = HDR "__sfx__\n0010 000\n";
    load_fails(t, strlen(t), 4, "__sfx__");
    t = HDR "__map__\n01\xc3\xa9\n";
    load_fails(t, strlen(t), 4, "0xc3");
    t = HDR "__label__\n0w\n";
    load_fails(t, strlen(t), 4, "label");
}

Test(cart, error_with_null_err_and_garbage)
{
    cr_assert_eq(m8_cart_read_p8(&g_cart, "garbage", 7, NULL), -1);
    m8_cart_free(&g_cart);
    cr_assert_eq(m8_cart_read_p8(&g_cart, NULL, 0, NULL), -1);
    m8_cart_free(&g_cart);
}

Test(cart, lenient_inputs)
{
    /* no version, no trailing newline, short rows, upper-case hex, text before sections */
    load_ok(&g_cart, "pico-8 cartridge // http://www.pico-8.com\nstray\n__gfx__\nAB");
    cr_assert_eq(g_cart.version, 0);
    cr_assert_eq(g_cart.rom[0], 0xba);
    load_ok(&g_cart2, HDR "__music__\n01\n");
    cr_assert_eq(g_cart2.rom[0x3100], 0x80); /* channel digits missing: zeros */
    cr_assert_eq(g_cart2.rom[0x3101], 0x00);
}

Test(cart, mutated_input_never_crashes)
{
    const char *base = HDR "__lua__\nx=1\n-->8\ny=\"\xe2\xac\x87\xef\xb8\x8f\"\n__gfx__\n0123\n"
                           "__label__\n0v\n__gff__\n01\n__map__\n02\n__sfx__\n00100000\n"
                           "__music__\n00 41424344\n__meta:a__\nb\n";
    size_t n = strlen(base);
    char *t = malloc(n + 1);
    unsigned seed = 12345;
    for (int iter = 0; iter < 3000; iter++) {
        memcpy(t, base, n + 1);
        for (int k = 0; k < 4; k++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % n;
            seed = seed * 1103515245u + 12345u;
            t[at] = (char)(seed >> 16);
        }
        seed = seed * 1103515245u + 12345u;
        size_t len = (seed >> 8) % (n + 1); /* also truncate */
        m8_cart_error err;
        if (m8_cart_read_p8(&g_cart, t, len, &err) == 0) {
            size_t wl;
            char *w = m8_cart_write_p8(&g_cart, &wl);
            cr_assert_not_null(w);
            cr_assert_eq(m8_cart_read_p8(&g_cart2, w, wl, &err), 0, "%s", err.message);
            cr_assert_eq(memcmp(g_cart.rom, g_cart2.rom, M8_ROM_SIZE), 0);
            cr_assert_eq(g_cart.code_len, g_cart2.code_len);
            cr_assert_eq(memcmp(g_cart.code, g_cart2.code, g_cart.code_len), 0);
            free(w);
            m8_cart_free(&g_cart2);
        } else {
            cr_assert_neq(err.message[0], '\0');
        }
        m8_cart_free(&g_cart);
    }
    free(t);
}

/* ---- the real corpus ---- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1))) {
            *len = fread(buf, 1, (size_t)n, f);
            buf[*len] = '\0';
        }
    }
    fclose(f);
    return buf;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

Test(cart, real_corpus_round_trip)
{
    const char *dir_path = M8_SHARED_DIR "/carts/real";
    DIR *dir = opendir(dir_path);
    cr_assert_not_null(dir, "cannot open %s", dir_path);
    int carts = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (!ends_with(e->d_name, ".p8")) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir_path, e->d_name);
        size_t len = 0;
        char *text = slurp(path, &len);
        cr_assert_not_null(text, "cannot read %s", path);
        m8_cart_error err;
        cr_assert_eq(m8_cart_read_p8(&g_cart, text, len, &err), 0, "%s: %s", e->d_name,
                     err.message);

        size_t w1_len;
        char *w1 = m8_cart_write_p8(&g_cart, &w1_len);
        cr_assert_not_null(w1, "%s: write failed", e->d_name);
        cr_assert_eq(m8_cart_read_p8(&g_cart2, w1, w1_len, &err), 0, "%s: re-read: %s",
                     e->d_name, err.message);
        cr_assert_eq(memcmp(g_cart.rom, g_cart2.rom, M8_ROM_SIZE), 0, "%s: ROM differs",
                     e->d_name);
        cr_assert_eq(g_cart.code_len, g_cart2.code_len, "%s: code length %zu vs %zu",
                     e->d_name, g_cart.code_len, g_cart2.code_len);
        cr_assert_eq(memcmp(g_cart.code, g_cart2.code, g_cart.code_len), 0,
                     "%s: code differs", e->d_name);
        cr_assert_eq(g_cart.version, g_cart2.version, "%s: version", e->d_name);
        cr_assert_eq(g_cart.has_label, g_cart2.has_label, "%s: label", e->d_name);
        cr_assert_eq(memcmp(g_cart.label, g_cart2.label, sizeof g_cart.label), 0,
                     "%s: label differs", e->d_name);
        cr_assert_eq(g_cart.n_extra, g_cart2.n_extra, "%s: extra section count", e->d_name);
        for (int i = 0; i < g_cart.n_extra; i++) {
            cr_assert_str_eq(g_cart.extra[i].name, g_cart2.extra[i].name, "%s", e->d_name);
            cr_assert_str_eq(g_cart.extra[i].text, g_cart2.extra[i].text, "%s: section %s",
                             e->d_name, g_cart.extra[i].name);
        }
        /* every section the input had is still there */
        cr_assert_eq(g_cart2.section_present & g_cart.section_present, g_cart.section_present,
                     "%s: section lost", e->d_name);

        /* the writer is stable: writing the re-read cart gives the same text */
        size_t w2_len;
        char *w2 = m8_cart_write_p8(&g_cart2, &w2_len);
        cr_assert_not_null(w2);
        cr_assert_eq(w2_len, w1_len, "%s: second write differs in length", e->d_name);
        cr_assert_eq(memcmp(w1, w2, w1_len), 0, "%s: second write differs", e->d_name);

        free(w1);
        free(w2);
        free(text);
        m8_cart_free(&g_cart);
        m8_cart_free(&g_cart2);
        carts++;
    }
    closedir(dir);
    cr_assert_gt(carts, 0, "no .p8 carts found in %s", dir_path);
    cr_log_info("round-tripped %d real carts", carts);
}
