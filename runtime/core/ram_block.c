/* ram_block.c - block operations on the 64 KiB RAM image, addresses wrapping at 64 KiB:
 * memset's fill and memcpy's copy (reference 8.10), defined as byte loops: the fill writes
 * len bytes from dst on; the copy goes backwards when dst > src and dst < src + len (the
 * addresses as the cart gave them, before the wrap), forwards otherwise. Where the ranges
 * do not wrap, the C library's memset, or memmove when that is the same result, does it.
 * Depends on: ram.h. */
#include <string.h>
#include "ram.h"

void m8_ram_fill(uint8_t *ram, uint32_t dst, uint8_t v, int len)
{
    dst &= 0xffff;
    uint32_t first = M8_RAM_SIZE - dst;            /* bytes before the wrap */
    if ((uint32_t)len <= first) {
        memset(ram + dst, v, (size_t)len);
        return;
    }
    memset(ram + dst, v, first);
    memset(ram, v, (size_t)len - first);
}

void m8_ram_copy(uint8_t *ram, uint32_t dst, uint32_t src, int len)
{
    int backwards = dst > src && dst < src + (uint32_t)len;
    uint32_t d = dst & 0xffff, s = src & 0xffff, n = (uint32_t)len;
    if (d + n <= M8_RAM_SIZE && s + n <= M8_RAM_SIZE) {
        int overlap = d < s + n && s < d + n;
        /* memmove copies as the loop does unless the ranges overlap and the loop's
         * direction is the other one (addresses the cart gave past 64 KiB) */
        if (!overlap || backwards == (d > s)) {
            memmove(ram + d, ram + s, n);
            return;
        }
    }
    if (backwards) {
        for (int i = len - 1; i >= 0; i--)
            ram[(dst + (uint32_t)i) & 0xffff] = ram[(src + (uint32_t)i) & 0xffff];
    } else {
        for (int i = 0; i < len; i++)
            ram[(dst + (uint32_t)i) & 0xffff] = ram[(src + (uint32_t)i) & 0xffff];
    }
}
