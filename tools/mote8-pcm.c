/* mote8-pcm.c - the PCM codec tool: 16-bit PCM WAV files to and from the bit-plane codec
 * of docs/pcm-codec.md (a mote8 extension).
 *
 *   mote8-pcm encode IN.wav OUT     compress a 16-bit mono or stereo WAV file
 *   mote8-pcm decode IN OUT.wav     decompress back to the same WAV samples
 *   mote8-pcm import CART.p8 IN.wav...   add WAV files to the cart's sample bank
 *                                   (__meta:mote8_samples__, one stream per line in hex)
 *
 * Exit codes: 0 done, 1 bad input (unreadable file, not a 16-bit PCM WAV, a truncated or
 * corrupt stream, cannot write), 2 usage. Uses only the embedding API (api/mote8.h, "PCM
 * codec") and the POSIX file reader. Depends on: mote8.h, platform_posix.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mote8.h"
#include "platform_posix.h"

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

#define WAV_MAX_BYTES (1u << 30)    /* larger inputs are refused rather than read */

static const char usage_text[] =
    "usage: mote8-pcm COMMAND ARGS...\n"
    "\n"
    "  encode IN.wav OUT     compress a 16-bit PCM WAV file (mono or stereo), losslessly\n"
    "  decode IN OUT.wav     decompress a stream written by encode into a WAV file\n"
    "  import CART.p8 IN.wav...  append WAV files to the cart's sample bank (a .p8 section\n"
    "                        __meta:mote8_samples__ that PICO-8 ignores; sample() plays them)\n"
    "\n"
    "Exit codes: 0 ok, 1 bad input (unreadable, unsupported, truncated or corrupt), 2 usage.\n";

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const uint8_t *p) { return le16(p) | le16(p + 2) << 16; }
static void put16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, v & 0xffff); put16(p + 2, v >> 16); }

typedef struct wav_pcm {
    int channels;
    uint32_t rate, frames;
    const uint8_t *data;        /* frames * channels little-endian 16-bit samples */
} wav_pcm;

/* Find the fmt and data chunks of a RIFF/WAVE file; NULL or a reason. */
static const char *parse_wav(const uint8_t *b, size_t len, wav_pcm *w)
{
    if (len < 12 || memcmp(b, "RIFF", 4) != 0 || memcmp(b + 8, "WAVE", 4) != 0)
        return "not a WAV file (no RIFF/WAVE header)";
    int have_fmt = 0;
    for (size_t at = 12; at + 8 <= len;) {
        uint32_t size = le32(b + at + 4);
        const uint8_t *body = b + at + 8;
        size_t room = len - at - 8;
        if (memcmp(b + at, "fmt ", 4) == 0) {
            if (size < 16 || size > room) return "truncated fmt chunk";
            uint32_t tag = le16(body), bits = le16(body + 14);
            if (tag == 0xfffe && size >= 26) tag = le16(body + 24);   /* extensible: subformat */
            if (tag != 1) return "not PCM (compressed or floating-point WAV)";
            if (bits != 16) return "not 16-bit samples";
            w->channels = (int)le16(body + 2);
            w->rate = le32(body + 4);
            if (w->channels != 1 && w->channels != 2) return "not mono or stereo";
            have_fmt = 1;
        } else if (memcmp(b + at, "data", 4) == 0) {
            if (!have_fmt) return "data chunk before the fmt chunk";
            if (size > room) return "truncated data chunk";
            w->frames = size / (2u * (uint32_t)w->channels);
            w->data = body;
            return NULL;
        }
        if (size > room) break;
        at += 8 + (size_t)size + (size & 1);
    }
    return have_fmt ? "no data chunk" : "no fmt chunk";
}

static int write_whole_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return -1;
    }
    int ok = fwrite(data, 1, len, f) == len;
    if (fclose(f) != 0) ok = 0;
    if (!ok) {
        fprintf(stderr, "%s: cannot write\n", path);
        remove(path);
        return -1;
    }
    return 0;
}

/* Read a WAV file and encode it: the malloc'd stream (length in *len), or NULL after a
 * message on stderr. The WAV's shape goes to *w (its data pointer is not kept). */
static void *encode_wav(const char *in_path, size_t *len, wav_pcm *w)
{
    size_t file_len;
    uint8_t *file = (uint8_t *)m8_read_file(in_path, &file_len, WAV_MAX_BYTES);
    if (!file) {
        fprintf(stderr, "%s: cannot read (missing, unreadable or over 1 GiB)\n", in_path);
        return NULL;
    }
    const char *why = parse_wav(file, file_len, w);
    if (why) {
        fprintf(stderr, "%s: %s\n", in_path, why);
        free(file);
        return NULL;
    }
    size_t values = (size_t)w->frames * (size_t)w->channels;
    int16_t *samples = malloc(values ? values * sizeof *samples : 1);
    if (!samples) {
        fprintf(stderr, "%s: out of memory\n", in_path);
        free(file);
        return NULL;
    }
    for (size_t i = 0; i < values; i++) samples[i] = (int16_t)le16(w->data + 2 * i);
    free(file);
    w->data = NULL;
    int status;
    void *out = mote8_pcm_encode(samples, w->frames, w->channels, w->rate, len, &status);
    free(samples);
    if (!out) fprintf(stderr, "%s: %s\n", in_path, mote8_pcm_status_text(status));
    return out;
}

static int cmd_encode(const char *in_path, const char *out_path)
{
    wav_pcm w = { 0 };
    size_t out_len;
    void *out = encode_wav(in_path, &out_len, &w);
    if (!out) return EXIT_BAD_INPUT;
    int rc = write_whole_file(out_path, out, out_len);
    free(out);
    if (rc) return EXIT_BAD_INPUT;
    size_t values = (size_t)w.frames * (size_t)w.channels;
    printf("%s: %u frames, %d channel%s, %u Hz: %zu -> %zu bytes (%.1f%%)\n", in_path,
           w.frames, w.channels, w.channels == 1 ? "" : "s", w.rate, values * 2, out_len,
           values ? 100.0 * (double)out_len / (double)(values * 2) : 0.0);
    return EXIT_OK;
}



static int count_lines(const char *text)
{
    int n = 0;
    for (const char *p = text; p && *p; p++) n += *p == '\n';
    return n;
}

static int cmd_import(const char *cart_path, char **wavs, int n_wavs)
{
    if (mote8_cart_format_of_name(cart_path) != MOTE8_CART_P8) {
        fprintf(stderr, "%s: sample banks are kept only in .p8 carts\n", cart_path);
        return EXIT_BAD_INPUT;
    }
    char err[512];
    mote8_cart *cart = mote8_cart_load(cart_path, err, sizeof err);
    if (!cart) {
        fprintf(stderr, "%s\n", err);
        return EXIT_BAD_INPUT;
    }
    const char *old = mote8_cart_section_text(cart, MOTE8_SAMPLE_SECTION);
    int first = count_lines(old);
    if (first + n_wavs > MOTE8_SAMPLE_BANK_MAX) {
        fprintf(stderr, "%s: the bank would hold %d samples; at most %d\n", cart_path,
                first + n_wavs, MOTE8_SAMPLE_BANK_MAX);
        mote8_cart_destroy(cart);
        return EXIT_BAD_INPUT;
    }
    size_t cap = (old ? strlen(old) : 0) + 1, used = old ? strlen(old) : 0;
    char *text = malloc(cap);
    if (!text) { mote8_cart_destroy(cart); return EXIT_BAD_INPUT; }
    memcpy(text, old ? old : "", used + 1);
    for (int i = 0; i < n_wavs; i++) {
        wav_pcm w = { 0 };
        size_t len;
        uint8_t *stream = encode_wav(wavs[i], &len, &w);
        if (stream && w.frames > MOTE8_SAMPLE_FRAMES_MAX) {
            fprintf(stderr, "%s: %u frames; a bank sample has at most %u\n", wavs[i], w.frames,
                    (unsigned)MOTE8_SAMPLE_FRAMES_MAX);
            free(stream);
            free(text);
            mote8_cart_destroy(cart);
            return EXIT_BAD_INPUT;
        }
        char *grown = stream ? realloc(text, cap + 2 * len + 1) : NULL;
        if (!grown) {
            if (stream) fprintf(stderr, "%s: out of memory\n", wavs[i]);
            free(stream);
            free(text);
            mote8_cart_destroy(cart);
            return EXIT_BAD_INPUT;
        }
        text = grown;
        cap += 2 * len + 1;
        for (size_t k = 0; k < len; k++) used += (size_t)sprintf(text + used, "%02x", stream[k]);
        text[used++] = '\n';
        text[used] = 0;
        printf("sample %d: %s, %u frames at %u Hz, %zu bytes coded\n", first + i, wavs[i],
               w.frames, w.rate, len);
        free(stream);
    }
    int rc = mote8_cart_set_section_text(cart, MOTE8_SAMPLE_SECTION, text, err, sizeof err);
    if (rc == 0) rc = mote8_cart_save(cart, cart_path, MOTE8_CART_P8, err, sizeof err);
    if (rc) fprintf(stderr, "%s\n", err);
    free(text);
    mote8_cart_destroy(cart);
    return rc ? EXIT_BAD_INPUT : EXIT_OK;
}

static int cmd_decode(const char *in_path, const char *out_path)
{
    size_t len;
    uint8_t *file = (uint8_t *)m8_read_file(in_path, &len, WAV_MAX_BYTES);
    if (!file) {
        fprintf(stderr, "%s: cannot read (missing, unreadable or over 1 GiB)\n", in_path);
        return EXIT_BAD_INPUT;
    }
    mote8_pcm_info info;
    int status;
    int16_t *samples = mote8_pcm_decode(file, len, &info, &status);
    free(file);
    if (!samples) {
        fprintf(stderr, "%s: %s\n", in_path, mote8_pcm_status_text(status));
        return EXIT_BAD_INPUT;
    }
    size_t values = (size_t)info.frames * (size_t)info.channels;
    if (values * 2 > 0xffffffffu - 36) {
        fprintf(stderr, "%s: too long for a WAV file\n", in_path);
        free(samples);
        return EXIT_BAD_INPUT;
    }
    uint8_t *bytes = malloc(44 + values * 2);
    if (!bytes) {
        fprintf(stderr, "%s: out of memory\n", in_path);
        free(samples);
        return EXIT_BAD_INPUT;
    }
    uint32_t data_bytes = (uint32_t)(values * 2);
    memcpy(bytes, "RIFF", 4);
    put32(bytes + 4, 36 + data_bytes);
    memcpy(bytes + 8, "WAVEfmt ", 8);
    put32(bytes + 16, 16);
    put16(bytes + 20, 1);
    put16(bytes + 22, (uint32_t)info.channels);
    put32(bytes + 24, info.rate);
    put32(bytes + 28, info.rate * 2u * (uint32_t)info.channels);
    put16(bytes + 32, 2u * (uint32_t)info.channels);
    put16(bytes + 34, 16);
    memcpy(bytes + 36, "data", 4);
    put32(bytes + 40, data_bytes);
    for (size_t i = 0; i < values; i++) put16(bytes + 44 + 2 * i, (uint16_t)samples[i]);
    free(samples);
    int rc = write_whole_file(out_path, bytes, 44 + values * 2);
    free(bytes);
    return rc ? EXIT_BAD_INPUT : EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage_text, stdout);
        return EXIT_OK;
    }
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "import") == 0) {
        if (argc < 4) {
            fprintf(stderr, "mote8-pcm: import takes a cart and WAV files\n"
                            "(mote8-pcm --help for usage)\n");
            return EXIT_USAGE;
        }
        return cmd_import(argv[2], argv + 3, argc - 3);
    }
    int is_encode = strcmp(argv[1], "encode") == 0, is_decode = strcmp(argv[1], "decode") == 0;
    if (!is_encode && !is_decode) {
        fprintf(stderr, "mote8-pcm: unknown command '%s'\n(mote8-pcm --help for usage)\n", argv[1]);
        return EXIT_USAGE;
    }
    if (argc != 4) {
        fprintf(stderr, "mote8-pcm: %s takes two file names\n(mote8-pcm --help for usage)\n",
                argv[1]);
        return EXIT_USAGE;
    }
    return is_encode ? cmd_encode(argv[2], argv[3]) : cmd_decode(argv[2], argv[3]);
}
