/* cart_names.c - the one function every name a cart gives goes through before the platform
 * is asked for a file (load, reload, cstore, #include, printh's file, the cartdata id): it
 * checks the name against the rules of its kind and joins a cart file's name to the running
 * cart's folder. A cart cannot name a file outside that folder (no absolute path, no ".."
 * component, no backslash, no control character, at most M8_CART_NAME_MAX bytes), and
 * printh files and cartdata ids are plain names in the host's own folders. Symbolic links
 * and special files are the platform's part (runtime/platform/confined_files.c).
 * Depends on: cart_names.h, libc. */
#include "cart_names.h"

#include <stdio.h>
#include <string.h>

/* The name for a message: quoted, at most 64 bytes, control characters as '?' (a cart's
 * name may hold terminal escapes). */
static void shown_name(const char *name, size_t len, char *out, size_t outsz)
{
    size_t n = 0, shown = len > 64 ? 61 : len;
    for (size_t i = 0; i < shown && n + 5 < outsz; i++) {
        unsigned char c = (unsigned char)name[i];
        out[n++] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    if (shown < len && n + 5 < outsz) n += (size_t)snprintf(out + n, outsz - n, "...");
    out[n] = 0;
}

/* What is wrong with a cart file name, or NULL when it is fine. */
static const char *cart_file_fault(const char *name, size_t len)
{
    if (len == 0) return "an empty name";
    if (len > M8_CART_NAME_MAX) return "a name longer than 200 characters";
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c == 0x7f) return "a control character";
        if (c == '\\') return "a backslash";
    }
    if (name[0] == '/') return "an absolute path";
    if (name[0] == '~') return "a path from a home folder";
    for (size_t i = 0; i < len;) {               /* no ".." component */
        size_t n = 0;
        while (i + n < len && name[i + n] != '/') n++;
        if (n == 2 && name[i] == '.' && name[i + 1] == '.') return "a \"..\" component";
        i += n + 1;
    }
    return NULL;
}

static int plain_name_ok(const char *name, size_t len, int output)
{
    if (len == 0 || len > 64 || (output && name[0] == '.')) return 0;
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
                 (output && ((c >= 'A' && c <= 'Z') || c == '.'));
        if (!ok) return 0;
    }
    return 1;
}

int m8_cart_name_resolve(m8_name_kind kind, const char *cart_path, const char *name,
                         size_t len, const char *ext, char *out, size_t outsz, char *err,
                         size_t errsz)
{
    char shown[80];
    shown_name(name, len, shown, sizeof shown);
    if (kind == M8_NAME_OUTPUT_FILE || kind == M8_NAME_DATA_ID) {
        int output = kind == M8_NAME_OUTPUT_FILE;
        if (!plain_name_ok(name, len, output)) {
            if (output)
                snprintf(err, errsz, "bad file name \"%s\": a name is 1-64 characters of "
                         "A-Z a-z 0-9 _ . - (files go to the cart output folder)", shown);
            else
                snprintf(err, errsz, "bad id \"%s\": an id is 1-64 characters of a-z 0-9 _ -",
                         shown);
            return -1;
        }
        if (out && snprintf(out, outsz, "%.*s", (int)len, name) >= (int)outsz) {
            snprintf(err, errsz, "\"%s\": name too long", shown);
            return -1;
        }
        return 0;
    }
    const char *fault = cart_file_fault(name, len);
    if (fault) {
        snprintf(err, errsz, "\"%s\": only files in the cart's folder and below can be named "
                 "(%s)", shown, fault);
        return -1;
    }
    if (!out) return 0;
    const char *slash = cart_path ? strrchr(cart_path, '/') : NULL;
    int folder = slash ? (int)(slash - cart_path) : 0;
    int n = slash ? snprintf(out, outsz, "%.*s/%.*s%s", folder, cart_path, (int)len, name,
                             ext ? ext : "")
                  : snprintf(out, outsz, "%.*s%s", (int)len, name, ext ? ext : "");
    if (n < 0 || (size_t)n >= outsz) {
        snprintf(err, errsz, "\"%s\": the path in the cart's folder is longer than %zu bytes",
                 shown, outsz - 1);
        return -1;
    }
    return 0;
}
