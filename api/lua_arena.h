/* lua_arena.h - the region the cart's Lua heap lives in (docs/snapshots.md): one large
 * reserved mapping per machine with its own small allocator, so the whole heap is one
 * contiguous block of bytes that a snapshot copies out and a restore copies back at the
 * same addresses. The allocator's own bookkeeping lives in the region's first bytes, so a
 * copy of the used part is the heap and the allocator together.
 * The first arena of a process is mapped at a fixed address (M8_ARENA_BASE), so a state
 * saved by one process can be loaded by another. Where no arena can be had (no mmap, the
 * address range taken, the web build) allocations fall back to malloc and snapshots are
 * refused; the cart sees no difference either way (vm.c keeps its own byte accounting).
 * Depends on: libc (mmap on Linux). */
#ifndef M8_LUA_ARENA_H
#define M8_LUA_ARENA_H

#include <stddef.h>
#include <stdint.h>

typedef struct m8_arena m8_arena;

/* Reserve an arena of at least `size` bytes: at M8_ARENA_BASE when it is free, else
 * anywhere. NULL when none can be had (then the m8_arena_* calls below use malloc). */
m8_arena *m8_arena_new(size_t size);
/* Reserve an arena exactly at `base` (a state's); NULL when that range is taken. */
m8_arena *m8_arena_new_at(uintptr_t base, size_t size);
void m8_arena_delete(m8_arena *a);

/* Lua's allocator contract, with the old size always given (0 for a new block). A NULL
 * arena, or one that ran out of room, uses malloc (and says so: m8_arena_overflowed). */
void *m8_arena_realloc(m8_arena *a, void *ptr, size_t old, size_t size);
void m8_arena_free(m8_arena *a, void *ptr, size_t old);
/* Forget every block (after lua_close freed them all) and give the pages back. */
void m8_arena_reset(m8_arena *a);

/* 1 when some live block is outside the arena (it ran out of room): no snapshot then. */
int m8_arena_overflowed(const m8_arena *a);
uintptr_t m8_arena_base(const m8_arena *a);
size_t m8_arena_capacity(const m8_arena *a);
/* Bytes from the base to the end of the highest block ever handed out: what a copy needs. */
size_t m8_arena_used(const m8_arena *a);
/* Copy the used part out (`out` holds m8_arena_used bytes), or copy `len` bytes back in
 * (a copy made by m8_arena_copy_out of an arena at the same base): the arena is then
 * exactly as it was. */
void m8_arena_copy_out(m8_arena *a, void *out);
void m8_arena_copy_in(m8_arena *a, const void *in, size_t len);
/* 1 when `len` bytes copied out of an arena look like one (its bookkeeping is sane). */
int m8_arena_image_valid(const void *in, size_t len, size_t capacity);

#endif
