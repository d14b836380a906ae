/* host_services.c - the embedding API's services for hosts and tools that are not the
 * machine itself: the carts and new-cart templates embedded in the binary, PNG files, the
 * built-in font's glyphs and the API reference. They live behind api/mote8.h so that no
 * host or tool includes a runtime/core header. mote8.h states the machine's facts as plain
 * numbers so that a host needs only api/ on its include path; the static asserts below
 * hold them to m8conf.h.
 * Depends on: api/mote8.h, bundled.h, api_registry.h, runtime/core (png_io, font, m8conf). */
#include <string.h>
#include "api_registry.h"
#include "bundled.h"
#include "font.h"
#include "m8conf.h"
#include "mote8.h"
#include "png_io.h"

_Static_assert(MOTE8_WIDTH == M8_SCREEN_W && MOTE8_HEIGHT == M8_SCREEN_H,
               "mote8.h's screen size disagrees with m8conf.h");
_Static_assert(MOTE8_AUDIO_RATE == M8_AUDIO_RATE, "mote8.h's audio rate disagrees with m8conf.h");
_Static_assert(MOTE8_FPS == M8_FPS && MOTE8_FPS_FAST == M8_FPS_FAST,
               "mote8.h's frame rates disagree with m8conf.h");
_Static_assert(MOTE8_CART_FILE_MAX == M8_CART_FILE_MAX,
               "mote8.h's largest cart file disagrees with m8conf.h");
_Static_assert(MOTE8_SAMPLE_BANK_MAX == M8_SAMPLE_BANK_MAX &&
               MOTE8_SAMPLE_FRAMES_MAX == M8_SAMPLE_FRAMES_MAX,
               "mote8.h's sample bank limits disagree with m8conf.h");

/* The bytes of the cart called `name` in an embedded table, or NULL. */
static const void *embedded_cart(const m8_bundled_cart *table, const char *name, size_t *len)
{
    for (const m8_bundled_cart *c = table; c->name; c++) {
        if (strcmp(c->name, name) == 0) {
            *len = c->size;
            return c->data;
        }
    }
    return NULL;
}

const void *mote8_bundled_cart(const char *name, size_t *len)
{
    return embedded_cart(m8_bundled_carts, name, len);
}

const void *mote8_cart_template(const char *name, size_t *len)
{
    return embedded_cart(m8_cart_templates, name, len);
}

const char *mote8_bundled_cart_name(int i)
{
    for (int k = 0; k <= i; k++)
        if (!m8_bundled_carts[k].name) return NULL;
    return m8_bundled_carts[i].name;
}

int mote8_write_png(const char *path, const uint8_t *rgb, int w, int h, int scale)
{
    return m8_png_write_rgb(path, rgb, w, h, scale);
}

uint8_t *mote8_read_png(const char *path, int *w, int *h, char *err, int errsz)
{
    return m8_png_read_rgb(path, w, h, err, errsz);
}

int mote8_glyph(unsigned char c, uint8_t rows[8])
{
    memcpy(rows, m8_font_glyphs[c], 8);
    return c >= 128 ? 8 : 4;
}

void mote8_api_markdown(void (*emit)(void *user, const char *line), void *user)
{
    m8_api_markdown(emit, user);
}
