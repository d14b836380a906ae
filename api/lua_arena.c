/* lua_arena.c - the Lua heap's own region and allocator (lua_arena.h, docs/snapshots.md).
 *
 * Blocks are carved from one reserved mapping (MAP_NORESERVE: untouched pages cost nothing)
 * by size class: multiples of 16 bytes up to 1 KiB, then four classes per power of two. A
 * freed block goes onto its class's free list (its first word links it); a new one comes
 * from that list, else from the bump pointer. Lua always says a block's old size, so blocks
 * carry no header. The bookkeeping (bump pointer, list heads) sits in the region's first
 * page: copying [base, bump) copies heap and allocator at once, and the same sequence of
 * requests always gives the same addresses (a restored run allocates as the original did).
 * Under AddressSanitizer free blocks and the slack after a block are poisoned, so the
 * sanitizer build still catches the heap's use-after-free and overflows.
 * Depends on: lua_arena.h, libc (mmap, madvise). */
#define _GNU_SOURCE
#include "lua_arena.h"

#include <stdlib.h>
#include <string.h>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#define M8_ARENA_MMAP 1
#endif

#if defined(__SANITIZE_ADDRESS__)
#define M8_ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define M8_ARENA_ASAN 1
#endif
#endif
#ifdef M8_ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* The first arena of a process: far from where Linux puts programs, libraries and mmaps. */
#define M8_ARENA_BASE ((uintptr_t)0x3d5a00000000ull)
#define ARENA_MAGIC 0x6d386172656e6131ull      /* "m8arena1" */
#define SMALL_MAX 1024u
#define N_SMALL (SMALL_MAX / 16u)
#define N_CLASSES (N_SMALL + 4u * 40u)
#define HEADER_SIZE 4096u                      /* the bookkeeping's page */

typedef struct arena_meta {
    uint64_t magic;
    uint64_t bump;                 /* offset of the first never-used byte */
    uint64_t capacity;
    void *free_list[N_CLASSES];
} arena_meta;

typedef char arena_meta_fits[sizeof(arena_meta) <= HEADER_SIZE ? 1 : -1];

struct m8_arena {
    unsigned char *base;
    size_t capacity;
    long outside;                  /* live blocks malloc had to give (the arena was full) */
    size_t high;                   /* highest bump ever: ASan poison may lie below it */
};

/* The class of a request of `size` bytes (> 0) and its block size. */
static unsigned class_of(size_t size, size_t *block)
{
    size_t n = (size + 15u) & ~(size_t)15u;
    if (n <= SMALL_MAX) {
        *block = n;
        return (unsigned)(n / 16u - 1u);
    }
    /* n in (2^k, 2^(k+1)] */
    unsigned k = 63u - (unsigned)__builtin_clzll((unsigned long long)(n - 1));
    unsigned shift = k - 2u;
    size_t q = (n + ((size_t)1 << shift) - 1) >> shift;                        /* 5..8 */
    *block = q << shift;
    return N_SMALL + (k - 10u) * 4u + (unsigned)(q - 5u);
}

static arena_meta *meta_of(const m8_arena *a) { return (arena_meta *)a->base; }

static int inside(const m8_arena *a, const void *p)
{
    const unsigned char *c = p;
    return a && c >= a->base && c < a->base + a->capacity;
}

static m8_arena *arena_map(void *want, size_t size, int exact)
{
#ifdef M8_ARENA_MMAP
    size_t cap = (size + 0xfffffu) & ~(size_t)0xfffffu;
    int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
#ifdef MAP_FIXED_NOREPLACE
    if (want) flags |= MAP_FIXED_NOREPLACE;
#endif
    void *p = mmap(want, cap, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (p == MAP_FAILED) return NULL;
    if (exact && p != want) {      /* an old kernel took the address as a hint only */
        munmap(p, cap);
        return NULL;
    }
    m8_arena *a = malloc(sizeof *a);
    if (!a) {
        munmap(p, cap);
        return NULL;
    }
    a->base = p;
    a->capacity = cap;
    a->outside = 0;
    a->high = HEADER_SIZE;
    arena_meta *m = meta_of(a);
    m->magic = ARENA_MAGIC;
    m->bump = HEADER_SIZE;
    m->capacity = cap;
    return a;
#else
    (void)want;
    (void)size;
    (void)exact;
    return NULL;
#endif
}

m8_arena *m8_arena_new(size_t size)
{
    m8_arena *a = arena_map((void *)M8_ARENA_BASE, size, 1);
    return a ? a : arena_map(NULL, size, 0);
}

m8_arena *m8_arena_new_at(uintptr_t base, size_t size)
{
    return base ? arena_map((void *)base, size, 1) : NULL;
}

void m8_arena_delete(m8_arena *a)
{
    if (!a) return;
#ifdef M8_ARENA_MMAP
    UNPOISON(a->base, a->high);    /* a later mapping at this address starts clean */
    munmap(a->base, a->capacity);
#endif
    free(a);
}

static void *arena_alloc(m8_arena *a, size_t size)
{
    size_t block;
    unsigned c = class_of(size, &block);
    arena_meta *m = meta_of(a);
    void *p = m->free_list[c];
    if (p) {
        UNPOISON(p, sizeof(void *));
        m->free_list[c] = *(void **)p;
    } else {
        if (block > a->capacity - m->bump) return NULL;
        p = a->base + m->bump;
        m->bump += block;
        if (m->bump > a->high) a->high = m->bump;
    }
    UNPOISON(p, size);
    POISON((unsigned char *)p + size, block - size);
    return p;
}

static void arena_release(m8_arena *a, void *p, size_t size)
{
    size_t block;
    unsigned c = class_of(size, &block);
    arena_meta *m = meta_of(a);
    if ((unsigned char *)p + block == a->base + m->bump) {   /* the topmost block */
        m->bump -= block;
        POISON(p, block);
        return;
    }
    UNPOISON(p, sizeof(void *));
    *(void **)p = m->free_list[c];
    m->free_list[c] = p;
    POISON(p, block);
}

void m8_arena_free(m8_arena *a, void *ptr, size_t old)
{
    if (!ptr) return;
    if (!inside(a, ptr)) {
        free(ptr);
        if (a) a->outside--;
        return;
    }
    arena_release(a, ptr, old);
}

void *m8_arena_realloc(m8_arena *a, void *ptr, size_t old, size_t size)
{
    if (!a) return realloc(ptr, size);
    if (ptr && !inside(a, ptr)) return realloc(ptr, size);
    if (ptr) {
        size_t b_old, b_new;
        if (class_of(old, &b_old) == class_of(size, &b_new)) {   /* fits where it is */
            UNPOISON(ptr, size);
            POISON((unsigned char *)ptr + size, b_new - size);
            return ptr;
        }
    }
    void *p = arena_alloc(a, size);
    if (!p) {                      /* full: malloc keeps the cart running, snapshots stop */
        p = malloc(size);
        if (!p) return NULL;
        a->outside++;
    }
    if (ptr) {
        memcpy(p, ptr, old < size ? old : size);
        arena_release(a, ptr, old);
    }
    return p;
}

void m8_arena_reset(m8_arena *a)
{
    if (!a) return;
    arena_meta *m = meta_of(a);
#ifdef M8_ARENA_MMAP
    if (a->high > HEADER_SIZE) {
        UNPOISON(a->base + HEADER_SIZE, a->high - HEADER_SIZE);
        madvise(a->base + HEADER_SIZE, a->high - HEADER_SIZE, MADV_DONTNEED);
    }
#endif
    a->high = HEADER_SIZE;
    memset(m->free_list, 0, sizeof m->free_list);
    m->bump = HEADER_SIZE;
    a->outside = 0;
}

int m8_arena_overflowed(const m8_arena *a) { return a && a->outside > 0; }
uintptr_t m8_arena_base(const m8_arena *a) { return a ? (uintptr_t)a->base : 0; }
size_t m8_arena_capacity(const m8_arena *a) { return a ? a->capacity : 0; }
size_t m8_arena_used(const m8_arena *a) { return a ? (size_t)meta_of(a)->bump : 0; }

/* Under ASan: poison what is free again after a copy unpoisoned everything. */
static void repoison_free(m8_arena *a)
{
#ifdef M8_ARENA_ASAN
    arena_meta *m = meta_of(a);
    for (unsigned c = 0; c < N_CLASSES; c++) {
        size_t block = c < N_SMALL ? (c + 1u) * 16u
                                   : (size_t)(5u + (c - N_SMALL) % 4u) << ((c - N_SMALL) / 4u + 8u);
        for (void *p = m->free_list[c]; p;) {
            void *next = *(void **)p;
            POISON(p, block);
            p = next;
        }
    }
#else
    (void)a;
#endif
}

void m8_arena_copy_out(m8_arena *a, void *out)
{
    size_t used = m8_arena_used(a);
    UNPOISON(a->base, used);
    memcpy(out, a->base, used);
    repoison_free(a);
}

void m8_arena_copy_in(m8_arena *a, const void *in, size_t len)
{
    size_t before = a->high;
    UNPOISON(a->base, before > len ? before : len);
#ifdef M8_ARENA_MMAP
    size_t page_end = (len + 4095u) & ~(size_t)4095u;   /* give back whole pages only */
    if (before > page_end) madvise(a->base + page_end, before - page_end, MADV_DONTNEED);
#endif
    memcpy(a->base, in, len);
    a->high = len;
    meta_of(a)->capacity = a->capacity;
    a->outside = 0;
    repoison_free(a);
}

int m8_arena_image_valid(const void *in, size_t len, size_t capacity)
{
    if (len < HEADER_SIZE) return 0;
    arena_meta m;
    memcpy(&m, in, sizeof m);
    return m.magic == ARENA_MAGIC && m.bump == len && m.bump <= capacity;
}
