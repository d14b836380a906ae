/* test_pxa.c - the code compressions of cart images: PXA (reference 5.5) and the old ":c:"
 * format (5.4). Round trips on generated and real code, streams built bit by bit here, and
 * broken streams (truncated at every length, wrong magic, bad sizes, references before the
 * start) that must give a message and never read past their end. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cart.h"
#include "code_legacy.h"
#include "platform_posix.h"
#include "pxa.h"

static uint32_t lcg_state = 12345;
static uint32_t lcg(void)
{
    lcg_state = lcg_state * 1103515245u + 12345u;
    return lcg_state >> 16;
}

/* Compress, check the header, decompress, compare. Returns the compressed size. */
static size_t pxa_round_trip(const char *code, size_t len)
{
    size_t zlen = 0;
    uint8_t *z = m8_pxa_compress(code, len, &zlen);
    cr_assert(z != NULL, "compress failed for %zu bytes", len);
    cr_assert(m8_pxa_is_pxa(z, zlen));
    cr_assert_eq((size_t)(z[4] << 8 | z[5]), len);
    if (zlen <= 0xffff) cr_assert_eq((size_t)(z[6] << 8 | z[7]), zlen);
    char err[200] = "";
    size_t dlen = 0;
    char *d = m8_pxa_decompress(z, zlen, &dlen, err, sizeof err);
    cr_assert(d != NULL, "%s", err);
    cr_assert_eq(dlen, len);
    cr_assert(memcmp(d, code, len) == 0, "decompressed code differs");
    free(d);
    free(z);
    return zlen;
}

Test(pxa, round_trip_generated_inputs)
{
    static char buf[65535];
    pxa_round_trip("", 0);
    pxa_round_trip("a", 1);
    for (int i = 0; i < 256; i++) buf[i] = (char)i;            /* every byte, NUL included */
    pxa_round_trip(buf, 256);
    memset(buf, ' ', sizeof buf);                              /* one long run */
    size_t z = pxa_round_trip(buf, sizeof buf);
    /* one match: ~8 bits + 3 bits per 7 chars of length, the format's own cost */
    cr_expect_lt(z, 65535 * 3 / 7 / 8 + 16, "65535 spaces compress to %zu bytes", z);
    for (size_t i = 0; i < 30000; i++) buf[i] = (char)lcg();   /* noise */
    pxa_round_trip(buf, 30000);
    for (size_t i = 0; i < 40000; i++) buf[i] = "abc \n()="[lcg() % 8];
    pxa_round_trip(buf, 40000);
    /* far repeats: a 3-byte phrase echoed at offsets around the 5/10/15-bit limits */
    for (size_t i = 0; i < 40000; i++) buf[i] = (char)('a' + lcg() % 26);
    size_t offs[] = { 1, 31, 32, 33, 1023, 1024, 1025, 32767, 32768 };
    for (size_t k = 0; k < sizeof offs / sizeof offs[0]; k++)
        memcpy(buf + 39000 - offs[k] + 3 * k % 7, buf + 39000 + 3 * k % 7, 8);
    pxa_round_trip(buf, 40000);
}

Test(pxa, too_long_code_is_refused)
{
    static char buf[65536];
    memset(buf, 'x', sizeof buf);
    size_t z = 0;
    cr_expect_null(m8_pxa_compress(buf, sizeof buf, &z));
}

/* Bits written LSB first, fields LSB first, as the stream wants. */
typedef struct bits {
    uint8_t b[64];
    size_t n;
} bits;

static void put(bits *w, unsigned v, int n)
{
    for (int i = 0; i < n; i++, w->n++)
        if (v >> i & 1) w->b[8 + w->n / 8] |= (uint8_t)(1u << (w->n % 8));
}

static size_t finish(bits *w, size_t code_len)
{
    size_t total = 8 + (w->n + 7) / 8;
    memcpy(w->b, "\0pxa", 4);
    w->b[4] = (uint8_t)(code_len >> 8);
    w->b[5] = (uint8_t)code_len;
    w->b[6] = (uint8_t)(total >> 8);
    w->b[7] = (uint8_t)total;
    return total;
}

Test(pxa, hand_built_stream)
{
    /* "hi" as literals at move-to-front indices 104 and 105, a raw block "!?", then a back
     * reference of length 4 at offset 2: "hi!?!?!?" */
    bits w = { { 0 }, 0 };
    put(&w, 1, 1); put(&w, 3, 2); put(&w, 0, 1); put(&w, 104 - 48, 6);   /* u = 2 */
    put(&w, 1, 1); put(&w, 3, 2); put(&w, 0, 1); put(&w, 105 - 48, 6);   /* 'i' is still 105 */
    put(&w, 0, 1); put(&w, 1, 1); put(&w, 0, 1); put(&w, 0, 10);         /* raw block */
    put(&w, '!', 8); put(&w, '?', 8); put(&w, 0, 8);
    put(&w, 0, 1); put(&w, 3, 2); put(&w, 1, 5); put(&w, 3, 3);           /* offset 2, len 6 */
    size_t total = finish(&w, 10);
    char err[200] = "";
    size_t n = 0;
    char *d = m8_pxa_decompress(w.b, total, &n, err, sizeof err);
    cr_assert(d != NULL, "%s", err);
    cr_expect_eq(n, 10);
    cr_expect_str_eq(d, "hi!?!?!?!?");
    free(d);
}

Test(pxa, broken_streams_give_messages)
{
    char err[200];
    size_t n;
    uint8_t head[8] = { 0, 'p', 'x', 'b', 0, 1, 0, 9 };
    cr_expect_null(m8_pxa_decompress(head, 8, &n, err, sizeof err));
    cr_expect(strstr(err, "magic") != NULL, "%s", err);
    cr_expect_null(m8_pxa_decompress(head, 5, &n, err, sizeof err));
    cr_expect(strstr(err, "truncated") != NULL, "%s", err);
    uint8_t small[8] = { 0, 'p', 'x', 'a', 0, 1, 0, 3 };
    cr_expect_null(m8_pxa_decompress(small, 8, &n, err, sizeof err));
    cr_expect(strstr(err, "less than the header") != NULL, "%s", err);
    uint8_t big[9] = { 0, 'p', 'x', 'a', 0, 1, 0x10, 0, 0xff };
    cr_expect_null(m8_pxa_decompress(big, 9, &n, err, sizeof err));
    cr_expect(strstr(err, "truncated") != NULL, "%s", err);

    bits w = { { 0 }, 0 };                                    /* reference before the start */
    put(&w, 0, 1); put(&w, 3, 2); put(&w, 4, 5); put(&w, 0, 3);
    size_t total = finish(&w, 3);
    cr_expect_null(m8_pxa_decompress(w.b, total, &n, err, sizeof err));
    cr_expect(strstr(err, "back reference") != NULL, "%s", err);

    bits v = { { 0 }, 0 };                                    /* literal index 496+ */
    put(&v, 0x3f, 6); put(&v, 0, 1); put(&v, 0, 9);
    total = finish(&v, 1);
    cr_expect_null(m8_pxa_decompress(v.b, total, &n, err, sizeof err));
    cr_expect(strstr(err, "literal") != NULL, "%s", err);
}

Test(pxa, truncated_at_every_length)
{
    const char *code = "function _draw() cls(1) for i=0,15 do print(\"mote8 \"..i, 8, i*8, i) end end\n"
                       "-- the same again: function _draw() cls(1) for i=0,15 do print(i) end end";
    size_t zlen = 0;
    uint8_t *z = m8_pxa_compress(code, strlen(code), &zlen);
    cr_assert(z);
    for (size_t cut = 0; cut < zlen; cut++) {
        /* a copy of exactly `cut` bytes (so a sanitizer sees any overread), header patched to
         * claim what is there, and unpatched */
        uint8_t *part = malloc(cut ? cut : 1);
        memcpy(part, z, cut);
        char err[200] = "";
        size_t n = 0;
        char *d = m8_pxa_decompress(part, cut, &n, err, sizeof err);
        cr_expect_null(d, "a stream cut at %zu of %zu bytes decoded", cut, zlen);
        cr_expect(strstr(err, "truncated") != NULL || strstr(err, "magic") != NULL, "cut %zu: %s", cut, err);
        if (cut >= 8) {
            part[6] = (uint8_t)(cut >> 8);
            part[7] = (uint8_t)cut;
            d = m8_pxa_decompress(part, cut, &n, err, sizeof err);
            cr_expect_null(d, "a patched stream cut at %zu of %zu bytes decoded", cut, zlen);
            free(d);
        }
        free(part);
    }
    free(z);
}

/* Every cart of the shared corpus: its code survives PXA, and compresses to less than half. */
Test(pxa, round_trip_real_code)
{
    DIR *d = opendir(M8_SHARED_DIR "/carts/real");
    cr_assert(d, "no %s", M8_SHARED_DIR "/carts/real");
    struct dirent *e;
    int carts = 0;
    size_t total = 0, total_z = 0;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 3, ".p8") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/carts/real/%s", M8_SHARED_DIR, e->d_name);
        size_t len;
        char *text = m8_read_file(path, &len, 0);
        cr_assert(text);
        m8_cart cart;
        m8_cart_error err;
        cr_assert_eq(m8_cart_read_p8(&cart, text, len, &err), 0, "%s: %s", e->d_name, err.message);
        if (cart.code_len <= M8_PXA_MAX_CODE) {
            total += cart.code_len;
            total_z += pxa_round_trip(cart.code, cart.code_len);
            carts++;
        }
        m8_cart_free(&cart);
        free(text);
    }
    closedir(d);
    cr_expect_gt(carts, 10);
    cr_expect_lt(total_z * 2, total, "%zu chars compress to %zu bytes", total, total_z);
}

/* Compress with one effort; checks the stream decodes to the code. Returns it (size in *zlen). */
static uint8_t *pxa_effort_round_trip(const char *code, size_t len, m8_pxa_effort effort, size_t *zlen)
{
    uint8_t *z = m8_pxa_compress_effort(code, len, effort, zlen);
    cr_assert(z != NULL, "compress (effort %d) failed for %zu bytes", (int)effort, len);
    cr_assert_eq((size_t)(z[6] << 8 | z[7]), *zlen);
    char err[200] = "";
    size_t dlen = 0;
    char *d = m8_pxa_decompress(z, *zlen, &dlen, err, sizeof err);
    cr_assert(d != NULL, "effort %d: %s", (int)effort, err);
    cr_assert_eq(dlen, len);
    cr_assert(memcmp(d, code, len) == 0, "effort %d: decompressed code differs", (int)effort);
    free(d);
    return z;
}

/* Code made of a few hundred names and numbers in statements, the shape of a cart's code. */
static size_t pseudo_code(char *buf, size_t cap)
{
    static const char *words[] = { "local ", "function ", "end\n", "if ", " then\n", "return ",
                                   "for i=1,#", " do\n", "=", "+", "(", ")", ",", "\n", "  " };
    size_t n = 0;
    while (n + 16 < cap) {
        uint32_t r = lcg();
        if (r % 3 == 0) n += (size_t)snprintf(buf + n, cap - n, "%s", words[r / 3 % 15]);
        else if (r % 3 == 1) n += (size_t)snprintf(buf + n, cap - n, "v%u", r / 3 % 300);
        else n += (size_t)snprintf(buf + n, cap - n, "%u", r / 3 % 64);
    }
    return n;
}

/* The beam search: a valid stream, never larger than the normal parse, smaller on code of a
 * useful size, the same bytes every time. */
Test(pxa, search_is_valid_smaller_and_deterministic, .timeout = 120)
{
    static char buf[24000];
    lcg_state = 777;
    size_t len = pseudo_code(buf, sizeof buf);
    size_t zn = 0, zs = 0, zs2 = 0;
    uint8_t *normal = pxa_effort_round_trip(buf, len, M8_PXA_NORMAL, &zn);
    uint8_t *search = pxa_effort_round_trip(buf, len, M8_PXA_SEARCH, &zs);
    uint8_t *again = pxa_effort_round_trip(buf, len, M8_PXA_SEARCH, &zs2);
    cr_expect_lt(zs, zn, "%zu chars: search %zu bytes, normal %zu", len, zs, zn);
    cr_expect(zs == zs2 && memcmp(search, again, zs) == 0, "two searches differ");
    free(normal);
    free(search);
    free(again);
    const char *small[] = { "", "a", "aaaa", "abcabcabcabc", "x=1\ny=2\nx=1\ny=2\n" };
    for (size_t k = 0; k < sizeof small / sizeof small[0]; k++) {
        uint8_t *a = pxa_effort_round_trip(small[k], strlen(small[k]), M8_PXA_NORMAL, &zn);
        uint8_t *b = pxa_effort_round_trip(small[k], strlen(small[k]), M8_PXA_SEARCH, &zs);
        cr_expect_leq(zs, zn, "\"%s\": search %zu bytes, normal %zu", small[k], zs, zn);
        free(a);
        free(b);
    }
}

/* M8_PXA_AUTO (m8_pxa_compress) searches only when the normal stream misses the code region
 * by at most 1% (M8_PXA_SEARCH_ABOVE < size <= M8_PXA_SEARCH_UPTO). */
Test(pxa, auto_searches_only_just_over_the_region, .timeout = 120)
{
    static char buf[34000];
    lcg_state = 4242;
    size_t len = pseudo_code(buf, 8000), zn = 0, zs = 0, za = 0;
    uint8_t *normal = pxa_effort_round_trip(buf, len, M8_PXA_NORMAL, &zn);
    uint8_t *search = pxa_effort_round_trip(buf, len, M8_PXA_SEARCH, &zs);
    uint8_t *autom = m8_pxa_compress(buf, len, &za);
    cr_assert(zn <= M8_PXA_SEARCH_ABOVE && zs < zn, "normal %zu, search %zu", zn, zs);
    cr_expect(za == zn && memcmp(autom, normal, zn) == 0, "code that fits: auto is not the normal parse");
    free(normal);
    free(search);
    free(autom);
    /* code, then noise: the length whose normal stream lands just over the region */
    size_t code_len = pseudo_code(buf, 20000);
    for (size_t i = code_len; i < sizeof buf; i++) buf[i] = (char)lcg();
    size_t lo = code_len, hi = sizeof buf;          /* the stream grows with the length */
    len = 0;
    while (lo < hi && !len) {
        size_t mid = lo + (hi - lo) / 2;
        free(pxa_effort_round_trip(buf, mid, M8_PXA_NORMAL, &zn));
        if (zn <= M8_PXA_SEARCH_ABOVE) lo = mid + 1;
        else if (zn > M8_PXA_SEARCH_UPTO) hi = mid;
        else len = mid;
    }
    cr_assert(len > 0, "no length gives a normal stream just over the region");
    normal = pxa_effort_round_trip(buf, len, M8_PXA_NORMAL, &zn);
    search = pxa_effort_round_trip(buf, len, M8_PXA_SEARCH, &zs);
    autom = m8_pxa_compress(buf, len, &za);
    cr_assert(zs < zn, "normal %zu, search %zu", zn, zs);
    cr_expect(za == zs && memcmp(autom, search, zs) == 0, "just over: auto is not the search");
    free(normal);
    free(search);
    free(autom);
    /* far over: the search cannot help, auto does not run it */
    len = sizeof buf;
    normal = pxa_effort_round_trip(buf, len, M8_PXA_NORMAL, &zn);
    autom = m8_pxa_compress(buf, len, &za);
    cr_assert(zn > M8_PXA_SEARCH_UPTO, "normal %zu", zn);
    cr_expect(za == zn && memcmp(autom, normal, zn) == 0, "far over: auto is not the normal parse");
    free(normal);
    free(autom);
}

/* ---- old ":c:" format ---- */

static void legacy_round_trip(const char *code, size_t len)
{
    size_t zlen = 0;
    uint8_t *z = m8_legacy_compress(code, len, &zlen);
    cr_assert(z);
    cr_assert(m8_legacy_is_legacy(z, zlen));
    char err[200] = "";
    size_t n = 0;
    char *d = m8_legacy_decompress(z, zlen, &n, err, sizeof err);
    cr_assert(d, "%s", err);
    cr_expect_eq(n, len);
    cr_expect(memcmp(d, code, len) == 0);
    free(d);
    free(z);
}

Test(legacy, round_trip_and_table_bytes)
{
    const char *code = "-- legacy\nfunction _update() x+=1 if(btn(0)) x-=2 end\n"
                       "function _draw() cls() print(\"\x8b at \"..x, 10, 10, 7) end\n";
    legacy_round_trip(code, strlen(code));
    static char buf[20000];
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (char)(lcg() % 3 ? 'a' + lcg() % 4 : 1 + lcg() % 255);
    legacy_round_trip(buf, sizeof buf);
    /* hand-made: table byte for 'a' (index 12), literal 0x80, back reference 1 back x3 */
    uint8_t s[] = { ':', 'c', ':', 0, 0, 5, 0, 0, 12 + 1, 0, 0x80, 0x3c, (3 - 2) << 4 | 1 };
    char err[200];
    size_t n;
    char *d = m8_legacy_decompress(s, sizeof s, &n, err, sizeof err);
    cr_assert(d, "%s", err);
    cr_expect_eq(n, 5);
    cr_expect(memcmp(d, "a\x80\x80\x80\x80", 5) == 0);
    free(d);
}

Test(legacy, update60_shim_and_trailing_nuls_are_stripped)
{
    const char *with = "function _update60() end\n"
                       "if(_update60)_update=function()_update60()_update_buttons()_update60()end";
    size_t zlen;
    uint8_t *z = m8_legacy_compress(with, strlen(with), &zlen);
    char err[200];
    size_t n;
    char *d = m8_legacy_decompress(z, zlen, &n, err, sizeof err);
    cr_assert(d, "%s", err);
    cr_expect_str_eq(d, "function _update60() end");
    free(d);
    free(z);
    /* "b", then 0x00 0x00: the end, though the header promised 3 chars */
    uint8_t nul[] = { ':', 'c', ':', 0, 0, 3, 0, 0, 14, 0, 0, 0, 0 };
    d = m8_legacy_decompress(nul, sizeof nul, &n, err, sizeof err);
    cr_assert(d, "%s", err);
    cr_expect_eq(n, 1);
    free(d);
}

Test(legacy, broken_streams_give_messages)
{
    char err[200];
    size_t n;
    uint8_t back[] = { ':', 'c', ':', 0, 0, 4, 0, 0, 14, 0x3c, 0x22 };   /* 2 back after 1 */
    cr_expect_null(m8_legacy_decompress(back, sizeof back, &n, err, sizeof err));
    cr_expect(strstr(err, "back reference") != NULL, "%s", err);
    uint8_t zero[] = { ':', 'c', ':', 0, 0, 4, 0, 0, 14, 0x3c, 0x20 };   /* offset 0 */
    cr_expect_null(m8_legacy_decompress(zero, sizeof zero, &n, err, sizeof err));
    const char *code = "print('truncated streams must fail cleanly')";
    size_t zlen;
    uint8_t *z = m8_legacy_compress(code, strlen(code), &zlen);
    for (size_t cut = 0; cut < zlen; cut++) {
        uint8_t *part = malloc(cut ? cut : 1);
        memcpy(part, z, cut);
        char *d = m8_legacy_decompress(part, cut, &n, err, sizeof err);
        cr_expect_null(d, "cut at %zu of %zu decoded", cut, zlen);
        free(part);
    }
    free(z);
}
