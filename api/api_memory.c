/* api_memory.c - peek/poke in 8, 16 and 32 bits, memcpy, memset, reload, cstore
 * (reference 8.10). Addresses wrap at 64 KiB; at most 8192 values per peek/poke call.
 * reload() and cstore() work on the running cart's in-memory ROM image (cstore never writes
 * the running cart's file), or with a 4th argument on another cart file found next to the
 * running cart and read / written back through the platform (api/other_carts.c).
 * Depends on: api_internal.h, ram.h (the wrapped fill and copy), p8num.h, other_carts.h. */
#include <string.h>
#include "api_internal.h"
#include "other_carts.h"
#include "p8num.h"

#define M8_PEEK_MAX 8192

static int peek_n(lua_State *L, int width)
{
    uint8_t *ram = m8_ram(L);
    uint32_t a = (uint32_t)m8_arg_int(L, 1, 0);
    int n = m8_arg_int(L, 2, 1);
    if (n < 1) return 0;
    if (n > M8_PEEK_MAX) n = M8_PEEK_MAX;
    m8_call_units(L, n - 1);            /* values after the first (docs/cost-model.md) */
    luaL_checkstack(L, n, "peek: too many results");
    for (int i = 0; i < n; i++, a += (uint32_t)width) {
        if (width == 1) lua_pushinteger(L, m8_peek(ram, a));
        else if (width == 2) lua_pushinteger(L, m8_peek_s16(ram, a));
        else m8_push_num(L, m8_num_from_raw((int32_t)m8_peek_32(ram, a)));
    }
    return n;
}

static int poke_n(lua_State *L, int width)
{
    uint8_t *ram = m8_ram(L);
    uint32_t a = (uint32_t)m8_arg_int(L, 1, 0);
    int n = lua_gettop(L) - 1;
    if (n > M8_PEEK_MAX) n = M8_PEEK_MAX;
    if (n > 1) m8_call_units(L, n - 1); /* values after the first (docs/cost-model.md) */
    for (int i = 0; i < n; i++, a += (uint32_t)width) {
        if (width == 4) m8_poke_32(ram, a, (uint32_t)m8_arg_raw(L, i + 2, 0));
        else if (width == 2) m8_poke_16(ram, a, (uint16_t)m8_arg_int(L, i + 2, 0));
        else m8_poke(ram, a, (uint8_t)m8_arg_int(L, i + 2, 0));
    }
    return 0;
}

int m8l_peek(lua_State *L) { return peek_n(L, 1); }
int m8l_peek2(lua_State *L) { return peek_n(L, 2); }
int m8l_peek4(lua_State *L) { return peek_n(L, 4); }
int m8l_poke(lua_State *L) { return poke_n(L, 1); }
int m8l_poke2(lua_State *L) { return poke_n(L, 2); }
int m8l_poke4(lua_State *L) { return poke_n(L, 4); }

int m8l_memcpy(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    int len = m8_arg_int(L, 3, 0);
    if (len <= 0) return 0;
    if (len > M8_RAM_SIZE) len = M8_RAM_SIZE;
    m8_ram_copy(ram, (uint32_t)m8_arg_int(L, 1, 0), (uint32_t)m8_arg_int(L, 2, 0), len);
    m8_call_units(L, len);
    return 0;
}

int m8l_memset(lua_State *L)
{
    uint8_t *ram = m8_ram(L);
    uint32_t dst = (uint32_t)m8_arg_int(L, 1, 0);
    uint8_t v = (uint8_t)m8_arg_int(L, 2, 0);
    int len = m8_arg_int(L, 3, 0);
    if (len <= 0) return 0;
    if (len > M8_RAM_SIZE) len = M8_RAM_SIZE;
    m8_ram_fill(ram, dst, v, len);
    m8_call_units(L, len);
    return 0;
}

/* reload/cstore: ROM offsets at and above 0x4300 are code and read back as zeros. */
static int rom_transfer(lua_State *L, int to_rom)
{
    m8_machine *m = m8_machine_of(L);
    int dst = m8_arg_int(L, 1, 0), src = m8_arg_int(L, 2, 0);
    int len = m8_arg_int(L, 3, M8_ROM_DATA_SIZE);
    if (!m8_arg_given(L, 1) && !m8_arg_given(L, 2)) len = M8_ROM_DATA_SIZE;
    if (len <= 0) return 0;
    if (len > M8_RAM_SIZE) len = M8_RAM_SIZE;
    if (m8_arg_given(L, 4)) {                     /* another cart file */
        size_t nlen = 0;
        const char *name = m8_arg_string(L, 4, &nlen);
        char err[768];
        m8_call_units(L, len);
        if (to_rom) {
            if (m8_other_cart_store(m8_vm_of(L), name ? name : "", name ? nlen : 0, m->ram,
                                    dst, src, len, err, sizeof err) != 0)
                return luaL_error(L, "cstore: %s", err);
            return 0;
        }
        m8_cart other;
        if (m8_other_cart_open(m8_vm_of(L), name ? name : "", name ? nlen : 0, &other, err,
                               sizeof err) != 0) {
            m8_cart_free(&other);
            return luaL_error(L, "reload: %s", err);
        }
        for (int i = 0; i < len; i++) {
            uint32_t r = (uint32_t)(src + i) & 0xffff;
            m->ram[(uint32_t)(dst + i) & 0xffff] = r < M8_ROM_DATA_SIZE ? other.rom[r] : 0;
        }
        m8_cart_free(&other);
        return 0;
    }
    for (int i = 0; i < len; i++) {
        if (to_rom) {
            uint32_t r = (uint32_t)(dst + i) & 0xffff;
            if (r < M8_ROM_DATA_SIZE) m->cart.rom[r] = m->ram[(uint32_t)(src + i) & 0xffff];
        } else {
            uint32_t r = (uint32_t)(src + i) & 0xffff;
            m->ram[(uint32_t)(dst + i) & 0xffff] = r < M8_ROM_DATA_SIZE ? m->cart.rom[r] : 0;
        }
    }
    m8_call_units(L, len);
    return 0;
}

int m8l_reload(lua_State *L) { return rom_transfer(L, 0); }
int m8l_cstore(lua_State *L) { return rom_transfer(L, 1); }
