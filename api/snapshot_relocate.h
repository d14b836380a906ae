/* snapshot_relocate.h - moving a restored Lua heap into another process (docs/snapshots.md).
 * The heap itself comes back at its own addresses (the arena's fixed base); what moves are
 * the pointers it holds to things outside it: C functions and static data of the program
 * (by the program's load offset), the m8_vm it belongs to, the counter inside that m8_vm,
 * and the C library's standard streams (io.stdin ...). Walks every object the collector
 * knows (Lua's internal structures: needs the Lua built from source, M8_COUNTING_VM).
 * Depends on: Lua 5.4's internal headers (lstate.h, lobject.h, ltable.h). */
#ifndef M8_SNAPSHOT_RELOCATE_H
#define M8_SNAPSHOT_RELOCATE_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>

typedef struct m8_relocation {
    uintptr_t image_lo, image_hi;   /* the saving program's image [lo, hi) */
    intptr_t image_delta;           /* this program's load address minus that one's */
    uintptr_t vm_old, vm_new;       /* the m8_vm (extra space, allocator data) */
    size_t vm_size;                 /* pointers into the old m8_vm move with it */
    uintptr_t stream_old[3], stream_new[3];  /* stdin, stdout, stderr */
} m8_relocation;

/* 1 when this build can move a heap between processes. */
int m8_lua_can_relocate(void);
/* Rewrite the outside pointers of the state whose main thread is L (its heap restored at
 * its own addresses); tables keyed by such pointers are rehashed. 0, or -1 (cannot). */
int m8_lua_relocate(lua_State *L, const m8_relocation *r);

#endif
