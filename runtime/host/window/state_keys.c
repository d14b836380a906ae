/* state_keys.c - save state slots and the rewind key in the window: see state_keys.h.
 * Depends on: state_keys.h, host_text.h, common/rewind.h, common/state_file.h,
 * common/settings.h, api/mote8.h, SDL2. */
#include <stdio.h>
#include <string.h>
#include "host_text.h"
#include "state_file.h"
#include "state_keys.h"

#define MESSAGE_MS 1500

static void say(m8_state_keys *sk, const char *text)
{
    snprintf(sk->message, sizeof sk->message, "%s", text);
    sk->message_until = SDL_GetTicks() + MESSAGE_MS;
}

void m8_state_keys_init(m8_state_keys *sk, const m8_settings *settings, const char *cart_name)
{
    memset(sk, 0, sizeof *sk);
    char data[M8_SETTINGS_PATH_MAX];
    m8_settings_folder(settings, M8_FOLDER_DATA, data, sizeof data);
    snprintf(sk->folder, sizeof sk->folder, "%s/states", data);
    const char *slash = strrchr(cart_name, '/');
    snprintf(sk->base, sizeof sk->base, "%s", slash ? slash + 1 : cart_name);
    char *dot = strstr(sk->base, ".p8");
    if (dot && dot != sk->base) *dot = 0;
    if (settings->rewind_seconds > 0)
        sk->rewind = m8_rewind_create(settings->rewind_seconds,
                                      (size_t)settings->rewind_memory_mb * 1024u * 1024u);
}

void m8_state_keys_free(m8_state_keys *sk)
{
    m8_rewind_destroy(sk->rewind);
    sk->rewind = NULL;
}

void m8_state_keys_restarted(m8_state_keys *sk, mote8 *m8)
{
    if (sk->rewind) m8_rewind_clear(sk->rewind, m8);
}

static void slot_path(const m8_state_keys *sk, char *out, size_t outsz)
{
    snprintf(out, outsz, "%s/%s.%d.m8state", sk->folder, sk->base, sk->slot);
}

int m8_state_keys_down(m8_state_keys *sk, mote8 *m8, const SDL_Keysym *k)
{
    char path[900], err[700], msg[720];        /* say() keeps what fits on screen */
    int shift = (k->mod & KMOD_SHIFT) != 0;
    switch (k->sym) {
    case SDLK_F3:
        if (!sk->rewind) say(sk, "rewind is off (rewind_seconds in the settings)");
        sk->rewinding = sk->rewind != NULL;
        return 1;
    case SDLK_F4: case SDLK_F5:
        if (shift) {
            sk->slot = (sk->slot + (k->sym == SDLK_F5 ? 1 : M8_STATE_SLOTS - 1)) % M8_STATE_SLOTS;
            snprintf(msg, sizeof msg, "state slot %d", sk->slot);
            say(sk, msg);
            return 1;
        }
        slot_path(sk, path, sizeof path);
        if (k->sym == SDLK_F5) {
            if (m8_state_file_save(m8, path, err, sizeof err) == 0) {
                snprintf(msg, sizeof msg, "state saved to slot %d", sk->slot);
            } else {
                snprintf(msg, sizeof msg, "slot %d: %s", sk->slot, err);
                fprintf(stderr, "mote8: %s: %s\n", path, err);
            }
        } else if (m8_state_file_load(m8, path, err, sizeof err) == 0) {
            snprintf(msg, sizeof msg, "state loaded from slot %d", sk->slot);
            m8_state_keys_restarted(sk, m8);
            say(sk, msg);
            return 2;
        } else {
            snprintf(msg, sizeof msg, "slot %d: %s", sk->slot, err);
            fprintf(stderr, "mote8: %s: %s\n", path, err);
        }
        say(sk, msg);
        return 1;
    default:
        return 0;
    }
}

void m8_state_keys_up(m8_state_keys *sk, SDL_Keycode key)
{
    if (key == SDLK_F3) sk->rewinding = 0;
}

void m8_state_keys_ticked(m8_state_keys *sk, mote8 *m8, const mote8_input *in)
{
    if (sk->rewind) m8_rewind_record(sk->rewind, m8, in);
}

int m8_state_keys_rewind(m8_state_keys *sk, mote8 *m8)
{
    if (!sk->rewind) return 0;
    int rc = m8_rewind_step_back(sk->rewind, m8);
    if (rc < 0) {
        fprintf(stderr, "mote8: rewind stopped: %s\n", mote8_state_error(m8));
        say(sk, "rewind stopped (see the terminal)");
        m8_rewind_clear(sk->rewind, m8);
    }
    return rc > 0;
}

void m8_state_keys_draw(m8_state_keys *sk, SDL_Renderer *r, SDL_Rect pic, int fps)
{
    int s = pic.w / 192 > 1 ? pic.w / 192 : 1;    /* the text a little larger than captures' */
    char line[200];
    if (sk->rewinding && sk->rewind) {
        long ticks = m8_rewind_ticks(sk->rewind);
        snprintf(line, sizeof line, "<< REWIND %ld.%lds", ticks / (fps ? fps : MOTE8_FPS),
                 ticks * 10 / (fps ? fps : MOTE8_FPS) % 10);
        SDL_Rect strip = { pic.x, pic.y, pic.w, 9 * s };
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderFillRect(r, &strip);
        SDL_SetRenderDrawColor(r, 255, 236, 39, 255);
        m8_host_draw_name(r, pic.x + 2 * s, pic.y + 2 * s, s, line);
    }
    if (!sk->message[0] || SDL_TICKS_PASSED(SDL_GetTicks(), sk->message_until)) return;
    SDL_Rect strip = { pic.x, pic.y + pic.h - 9 * s, pic.w, 9 * s };
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderFillRect(r, &strip);
    SDL_SetRenderDrawColor(r, 255, 241, 232, 255);
    m8_host_draw_name(r, pic.x + 2 * s, strip.y + 2 * s, s, sk->message);
}
