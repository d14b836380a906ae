/* snapshot.c - machine snapshots (mote8_state_size / mote8_state_save / mote8_state_load of
 * api/mote8.h; docs/snapshots.md). A state is a header (magic, format version, a key of this
 * build, a key of the cart the host loaded, the body's length and hash) and a body: the
 * addresses the saving process had (to move pointers in another process), the m8_vm's
 * fields (counters, slices, requests, cartdata, errors, the running cart's bytes ...), the
 * machine's (RAM, input, cost model, audio ring, PCM channel, sample voice, the cart's
 * ROM image that cstore changes), the synth, and the used part of the Lua heap's arena
 * (api/lua_arena.c) copied byte for byte. Loading checks everything before it changes
 * anything: a state that does not fit leaves the running cart as it was.
 * States are taken between ticks only (no Lua C frames in flight; the cart's coroutines
 * are plain heap objects).
 * Depends on: vm_internal.h, lua_arena.h, snapshot_relocate.h, runtime/core (machine,
 * cart_codec, synth, sample_bank), Lua 5.4, libc (dl_iterate_phdr for the build id). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <elf.h>
#include <link.h>
#define M8_HAVE_IMAGE 1
#endif

#include "cart_codec.h"
#include "lua_arena.h"
#include "sample_bank.h"
#include "snapshot_relocate.h"
#include "synth.h"
#include "vm_internal.h"

#define STATE_MAGIC "M8STATE\x1a"
#define STATE_VERSION 1u

typedef struct state_header {
    char magic[8];
    uint32_t version, header_size;
    uint64_t build_key;        /* this build (its build id and struct sizes) */
    uint64_t chain_key;        /* the cart the host loaded */
    uint64_t body_len, body_hash;
} state_header;


/* ---------------------------------------------------------------- hashing --- */

static uint64_t mix(uint64_t h, uint64_t w)
{
    h ^= w;
    h *= 0x100000001b3ull;
    return h ^ (h >> 29);
}

static uint64_t hash_bytes(const void *data, size_t len, uint64_t h)
{
    const unsigned char *p = data;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = mix(h, w);
    }
    uint64_t tail = 0;
    for (size_t k = 0; i + k < len; k++) tail |= (uint64_t)p[i + k] << (8 * k);
    return mix(mix(h, tail), len);
}

uint64_t m8_state_cart_key(const void *data, size_t len)
{
    return hash_bytes(data, len, 0xcbf29ce484222325ull);
}

/* The loaded module mote8 is part of (the program, or a shared object such as the libretro
 * core): its address range and its GNU build id (ld writes one by default). */
typedef struct image_info {
    uintptr_t probe;            /* an address inside it: mote8_create */
    uint64_t lo, hi, build_id;
    int found;
} image_info;

#ifdef M8_HAVE_IMAGE
static int find_image(struct dl_phdr_info *info, size_t size, void *user)
{
    (void)size;
    image_info *im = user;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD) continue;
        uint64_t at = info->dlpi_addr + ph->p_vaddr;
        if (at < lo) lo = at;
        if (at + ph->p_memsz > hi) hi = at + ph->p_memsz;
    }
    if (!(im->probe >= lo && im->probe < hi)) return 0;
    im->lo = lo;
    im->hi = hi;
    im->found = 1;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE) continue;
        const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
        const unsigned char *end = p + ph->p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
            const unsigned char *name = p + sizeof *n;
            const unsigned char *desc = name + ((n->n_namesz + 3u) & ~3u);
            if (n->n_type == NT_GNU_BUILD_ID && desc + n->n_descsz <= end)
                im->build_id = hash_bytes(desc, n->n_descsz, im->build_id);
            p = desc + ((n->n_descsz + 3u) & ~3u);
        }
    }
    return 1;
}
#endif

/* This process's module of mote8 (zeros where it cannot be found). */
static image_info this_image(void)
{
    image_info im = { (uintptr_t)&mote8_create, 0, 0, 0, 0 };
#ifdef M8_HAVE_IMAGE
    dl_iterate_phdr(find_image, &im);
#endif
    return im;
}

/* What must be equal for a state to load: the program (build id; without one, the image's
 * size), the format and the layouts of what is copied as bytes. */
static uint64_t build_key(void)
{
    uint64_t k = hash_bytes(MOTE8_VERSION, sizeof MOTE8_VERSION, 0x6d38u);
    k = mix(k, sizeof(m8_vm));
    k = mix(k, sizeof(m8_machine));
    k = mix(k, m8_synth_state_size());
    k = mix(k, STATE_VERSION);
    image_info im = this_image();
    k = mix(k, im.hi - im.lo);
    k = mix(k, im.build_id);
    return k;
}

/* ---------------------------------------------------------------- errors --- */

static int state_fail(m8_vm *vm, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    free(vm->state_error);
    vm->state_error = strdup(msg);
    return -1;
}

const char *mote8_state_error(const mote8 *vm)
{
    return vm->state_error ? vm->state_error : "";
}

void m8_vm_state_forget(m8_vm *vm)
{
    free(vm->state_error);
    vm->state_error = NULL;
}

/* Why this machine cannot be saved now, or NULL. */
static const char *unsavable(const m8_vm *vm)
{
    if (!vm->arena) return "snapshots are not available here (no arena for the Lua heap)";
    if (!vm->L || !vm->co) return "no cart is running";
    if (m8_arena_overflowed(vm->arena)) return "the cart's Lua heap outgrew its arena";
    return NULL;            /* an ended main coroutine (error, pending load()) is saved as is */
}

/* How Lua instructions are counted and weighed (mote8_config): stat(1) depends on it. */
static uint64_t counting_mode(const m8_vm *vm)
{
    return (uint64_t)(vm->config.hook_counting != 0) |
           (uint64_t)(vm->config.lua_unit_weights != 0) << 1;
}

/* ---------------------------------------------------------------- writing --- */

typedef struct writer {
    unsigned char *buf;        /* NULL: only count */
    size_t len;
} writer;

static void put(writer *w, const void *p, size_t n)
{
    if (w->buf && n) memcpy(w->buf + w->len, p, n);
    w->len += n;
}

static void put_u64(writer *w, uint64_t v) { put(w, &v, sizeof v); }

static void put_blob(writer *w, const void *p, size_t n)
{
    put_u64(w, p ? n : UINT64_MAX);
    if (p) put(w, p, n);
}

#define PUT(w, field) put((w), &(field), sizeof(field))

/* The m8_vm's fields that make the run (not the host's: config, observers, machine). */
#define VM_FIELDS(X, vm) \
    X(vm->L) X(vm->co) X(vm->co_ref) X(vm->env_ref) X(vm->mem_used) X(vm->mem_limit) \
    X(vm->lua_count) X(vm->lua_synced) X(vm->slice_start) X(vm->slice_left) \
    X(vm->slice_cycles) X(vm->slice_system_start) X(vm->watch_lua_start) \
    X(vm->watch_system_start) X(vm->watch_calls) X(vm->boot_cuts) X(vm->cartdata_id) \
    X(vm->cartdata_dirty) X(vm->cartdata_save_failed) X(vm->output_bytes) \
    X(vm->output_stopped) X(vm->yield_due) X(vm->booted) X(vm->has_callbacks) \
    X(vm->fps_forced) X(vm->flipped) X(vm->buttons_fresh) X(vm->holding) \
    X(vm->coroutine_error) X(vm->request.kind) X(vm->request.name) X(vm->request.param) \
    X(vm->request.breadcrumb) X(vm->pause_requested) X(vm->param) X(vm->back_name) \
    X(vm->back_label) X(vm->kept_data_id) X(vm->kept_data) X(vm->status) \
    X(vm->error_line) X(vm->error) X(vm->error_kind) X(vm->cart_name) X(vm->input) \
    X(vm->host_requests) X(vm->n_host_requests)

#define MACHINE_FIELDS(X, m) \
    X(m->ram) X(m->input) X(m->updates) X(m->fps) X(m->cost) X(m->audio) \
    X(m->audio_head) X(m->audio_count) X(m->audio_due) X(m->pcm) X(m->cart.rom) \
    X(m->voice.pos) X(m->voice.step) X(m->voice.loop)

static void write_body(m8_vm *vm, writer *w)
{
    m8_machine *m = vm->machine;
    /* this process's addresses */
    image_info im = this_image();
    put_u64(w, im.lo);
    put_u64(w, im.hi);
    put_u64(w, (uint64_t)(uintptr_t)&mote8_create);   /* the load offset's landmark */
    put_u64(w, (uint64_t)(uintptr_t)vm);
    put_u64(w, (uint64_t)(uintptr_t)stdin);
    put_u64(w, (uint64_t)(uintptr_t)stdout);
    put_u64(w, (uint64_t)(uintptr_t)stderr);
    put_u64(w, m8_arena_base(vm->arena));
    put_u64(w, m8_arena_capacity(vm->arena));
    put_u64(w, counting_mode(vm));
#define W(field) PUT(w, field);
    VM_FIELDS(W, vm)
    MACHINE_FIELDS(W, m)
#undef W
    put_blob(w, vm->request.data, vm->request.len);
    put_blob(w, vm->back_data, vm->back_len);
    put_blob(w, vm->cart_data, vm->cart_len);
    put_blob(w, vm->holding ? vm->held_screen : NULL, (size_t)MOTE8_WIDTH * MOTE8_HEIGHT * 3);
    int64_t voice = m->voice.s ? (int64_t)(m->voice.s - m->samples.s) : -1;
    PUT(w, voice);
    PUT(w, m->samples.loaded);
    size_t synth_size = m8_synth_state_size();
    put_u64(w, synth_size);
    if (w->buf) m8_synth_state_save(m->synth, w->buf + w->len);
    w->len += synth_size;
    size_t used = m8_arena_used(vm->arena);
    put_u64(w, used);
    if (w->buf) m8_arena_copy_out(vm->arena, w->buf + w->len);
    w->len += used;
}

size_t mote8_state_size(mote8 *vm)
{
    const char *why = unsavable(vm);
    if (why) {
        state_fail(vm, "%s", why);
        return 0;
    }
    writer w = { NULL, 0 };
    write_body(vm, &w);
    return sizeof(state_header) + w.len;
}

int mote8_state_save(mote8 *vm, void *buf, size_t size)
{
    const char *why = unsavable(vm);
    if (why) return state_fail(vm, "%s", why);
    size_t need = mote8_state_size(vm);
    if (size < need)
        return state_fail(vm, "the buffer holds %zu bytes, the state needs %zu", size, need);
    writer w = { (unsigned char *)buf + sizeof(state_header), 0 };
    write_body(vm, &w);
    state_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, STATE_MAGIC, sizeof h.magic);
    h.version = STATE_VERSION;
    h.header_size = sizeof h;
    h.build_key = build_key();
    h.chain_key = vm->chain_key;
    h.body_len = w.len;
    h.body_hash = hash_bytes(w.buf, w.len, 0x5eedu);
    memcpy(buf, &h, sizeof h);
    return 0;
}

/* ---------------------------------------------------------------- reading --- */

typedef struct reader {
    const unsigned char *p;
    size_t len, pos;
    int short_read;
} reader;

static void get(reader *r, void *out, size_t n)
{
    if (r->short_read || n > r->len - r->pos) {
        r->short_read = 1;
        memset(out, 0, n);
        return;
    }
    memcpy(out, r->p + r->pos, n);
    r->pos += n;
}

static uint64_t get_u64(reader *r)
{
    uint64_t v;
    get(r, &v, sizeof v);
    return v;
}

/* A blob's bytes in the state (not copied), or NULL when absent; *present says which. */
static const unsigned char *get_blob(reader *r, size_t *len, int *present)
{
    uint64_t n = get_u64(r);
    *present = n != UINT64_MAX && !r->short_read;
    *len = 0;
    if (!*present) return NULL;
    if (n > r->len - r->pos) {
        r->short_read = 1;
        *present = 0;
        return NULL;
    }
    const unsigned char *at = r->p + r->pos;
    r->pos += n;
    *len = (size_t)n;
    return at;
}

static char *copy_blob(const unsigned char *p, size_t n, int present, int *oom)
{
    if (!present) return NULL;
    char *c = malloc(n ? n : 1);
    if (!c) {
        *oom = 1;
        return NULL;
    }
    memcpy(c, p, n);
    return c;
}

/* Everything a state holds, read and checked before anything changes. */
typedef struct loaded_state {
    uint64_t image_lo, image_hi, landmark, vm_at, streams[3], arena_base, arena_cap, counting;
    m8_vm *vm;                 /* the m8_vm's fields (a scratch copy) */
    m8_machine *m;             /* the machine's fields (a scratch copy) */
    const unsigned char *request, *back, *cart, *held, *synth, *heap;
    size_t request_len, back_len, cart_len, held_len, synth_len, heap_len;
    int has_request, has_back, has_cart, has_held;
    int64_t voice;
    int bank_loaded;
} loaded_state;

static int read_body(reader *r, loaded_state *s)
{
    s->image_lo = get_u64(r);
    s->image_hi = get_u64(r);
    s->landmark = get_u64(r);
    s->vm_at = get_u64(r);
    for (int i = 0; i < 3; i++) s->streams[i] = get_u64(r);
    s->arena_base = get_u64(r);
    s->arena_cap = get_u64(r);
    s->counting = get_u64(r);
    m8_vm *vm = s->vm;
    m8_machine *m = s->m;
#define R(field) get(r, &(field), sizeof(field));
    VM_FIELDS(R, vm)
    MACHINE_FIELDS(R, m)
#undef R
    int present = 0;
    s->request = get_blob(r, &s->request_len, &s->has_request);
    s->back = get_blob(r, &s->back_len, &s->has_back);
    s->cart = get_blob(r, &s->cart_len, &s->has_cart);
    s->held = get_blob(r, &s->held_len, &s->has_held);
    get(r, &s->voice, sizeof s->voice);
    get(r, &s->bank_loaded, sizeof s->bank_loaded);
    s->synth = get_blob(r, &s->synth_len, &present);
    if (!present || s->synth_len != m8_synth_state_size()) r->short_read = 1;
    s->heap = get_blob(r, &s->heap_len, &present);
    if (!present) r->short_read = 1;
    return r->short_read || r->pos != r->len ? -1 : 0;
}

int mote8_state_load(mote8 *vm, const void *buf, size_t len)
{
    state_header h;
    if (!buf || len < sizeof h) return state_fail(vm, "not a mote8 state (too short)");
    memcpy(&h, buf, sizeof h);
    if (memcmp(h.magic, STATE_MAGIC, sizeof h.magic) != 0)
        return state_fail(vm, "not a mote8 state");
    if (h.version != STATE_VERSION || h.header_size != sizeof h)
        return state_fail(vm, "a state of another format version (%u; this mote8 reads %u)",
                          h.version, STATE_VERSION);
    if (h.build_key != build_key())
        return state_fail(vm, "a state saved by another build of mote8");
    if (h.body_len != len - sizeof h)
        return state_fail(vm, "the state is truncated or has bytes after its end (%zu bytes, "
                          "expected %llu)", len, (unsigned long long)(h.body_len + sizeof h));
    const unsigned char *body = (const unsigned char *)buf + sizeof h;
    if (hash_bytes(body, h.body_len, 0x5eedu) != h.body_hash)
        return state_fail(vm, "the state is damaged (its hash does not match)");
    if (!vm->arena) return state_fail(vm, "snapshots are not available here (no arena for "
                                          "the Lua heap)");
    if (!vm->cart_data || h.chain_key != vm->chain_key)
        return state_fail(vm, "the state belongs to another cart");

    loaded_state s;
    memset(&s, 0, sizeof s);
    s.vm = calloc(1, sizeof *s.vm);
    s.m = calloc(1, sizeof *s.m);
    m8_arena *arena = NULL;            /* a new arena at the state's base, when needed */
    m8_cart cart;                      /* the running cart, when the state's differs */
    int new_cart = 0, rc = -1;
    if (!s.vm || !s.m) {
        state_fail(vm, "out of memory");
        goto done;
    }
    reader r = { body, (size_t)h.body_len, 0, 0 };
    if (read_body(&r, &s) != 0) {
        state_fail(vm, "the state's body does not parse");
        goto done;
    }
    if (s.counting != counting_mode(vm)) {
        state_fail(vm, "the state was saved by a machine that counts Lua instructions "
                       "another way (mote8_config hook_counting / lua_unit_weights)");
        goto done;
    }
    if (!m8_arena_image_valid(s.heap, s.heap_len, s.arena_cap)) {
        state_fail(vm, "the state's Lua heap is damaged");
        goto done;
    }
    uint64_t here_lo = this_image().lo;
    int moved = s.vm_at != (uint64_t)(uintptr_t)vm || s.image_lo != here_lo ||
                s.landmark != (uint64_t)(uintptr_t)&mote8_create ||
                s.streams[0] != (uint64_t)(uintptr_t)stdin ||
                s.streams[1] != (uint64_t)(uintptr_t)stdout ||
                s.streams[2] != (uint64_t)(uintptr_t)stderr;
    if (moved && !m8_lua_can_relocate()) {
        state_fail(vm, "this build (the system's liblua5.4) loads states only into the "
                       "machine that saved them");
        goto done;
    }
    if (s.arena_base != m8_arena_base(vm->arena) || s.arena_cap > m8_arena_capacity(vm->arena)) {
        arena = m8_arena_new_at((uintptr_t)s.arena_base, (size_t)s.arena_cap);
        if (!arena) {
            state_fail(vm, "the state's Lua heap belongs at 0x%llx, which is taken in this "
                           "process (another machine's arena?)",
                       (unsigned long long)s.arena_base);
            goto done;
        }
    }
    if (!s.has_cart) {
        state_fail(vm, "the state has no cart");
        goto done;
    }
    if (s.cart_len != vm->cart_len || memcmp(s.cart, vm->cart_data, s.cart_len) != 0) {
        m8_cart_error err = { 0 };
        if (m8_cart_read_any(&cart, s.cart, s.cart_len, s.vm->cart_name, &err, NULL) != 0) {
            state_fail(vm, "the state's cart does not read: %s", err.message);
            goto done;
        }
        new_cart = 1;
    }
    int oom = 0;
    char *request = copy_blob(s.request, s.request_len, s.has_request, &oom);
    char *back = copy_blob(s.back, s.back_len, s.has_back, &oom);
    char *cart_bytes = copy_blob(s.cart, s.cart_len, 1, &oom);
    uint8_t *held = NULL;
    if (s.has_held) {
        held = vm->held_screen ? vm->held_screen : malloc((size_t)MOTE8_WIDTH * MOTE8_HEIGHT * 3);
        if (!held || s.held_len != (size_t)MOTE8_WIDTH * MOTE8_HEIGHT * 3) oom = 1;
    }
    if (oom) {
        free(request);
        free(back);
        free(cart_bytes);
        if (held != vm->held_screen) free(held);
        state_fail(vm, "out of memory (or a damaged held screen)");
        goto done;
    }

    /* ---- nothing can fail from here: the running cart is replaced ---- */
    m8_cartdata_flush(vm);             /* the running cart's last dset() values are kept */
    if (arena) {                       /* the old heap goes with its arena */
        m8_arena_delete(vm->arena);
        vm->arena = arena;
        arena = NULL;
    }
    m8_arena_copy_in(vm->arena, s.heap, s.heap_len);
    m8_vm *t = s.vm;
    uint64_t watch_lua = t->watch_lua_start, watch_system = t->watch_system_start;
#define C(field) memcpy(&(field), (const char *)t + ((const char *)&(field) - (const char *)vm), \
                         sizeof(field));
    VM_FIELDS(C, vm)
#undef C
    vm->lua_read = vm->lua_synced;      /* (equal at every tick's end, where states are saved) */
    m8_machine *m = vm->machine;
#define C(field) memcpy(&(field), (const char *)s.m + ((const char *)&(field) - (const char *)m), \
                         sizeof(field));
    MACHINE_FIELDS(C, m)
#undef C
    free(vm->request.data);
    vm->request.data = request;
    vm->request.len = s.request_len;
    free(vm->back_data);
    vm->back_data = back;
    vm->back_len = s.back_len;
    free(vm->cart_data);
    vm->cart_data = cart_bytes;
    vm->cart_len = s.cart_len;
    if (held) {
        memcpy(held, s.held, s.held_len);
        vm->held_screen = held;
    }
    if (new_cart) {
        m8_cart_free(&m->cart);
        uint8_t rom[M8_ROM_SIZE];
        memcpy(rom, m->cart.rom, sizeof rom);   /* the state's (cstore) */
        m->cart = cart;
        memcpy(m->cart.rom, rom, sizeof rom);
    }
    m8_synth_state_load(m->synth, s.synth);
    /* the sample bank: decoded from the cart, as the first sample() did */
    if (s.bank_loaded && (new_cart || !m->samples.loaded)) {
        char err[256];
        m8_sample_bank_free(&m->samples);
        m8_sample_bank_load(&m->samples, m8_sample_bank_text(&m->cart), err, sizeof err);
    } else if (!s.bank_loaded) {
        m8_sample_bank_free(&m->samples);
    }
    m->voice.s = s.voice >= 0 && s.voice < m->samples.count ? &m->samples.s[s.voice] : NULL;
    m8_vm_watch_begin(vm);             /* host time starts now; the counters are the state's */
    vm->watch_lua_start = watch_lua;
    vm->watch_system_start = watch_system;
    m8_vm_checks_rebase(vm);            /* the state's slice and watch starts */
    if (moved) {
        m8_relocation rel;
        memset(&rel, 0, sizeof rel);
        rel.image_lo = (uintptr_t)s.image_lo;
        rel.image_hi = (uintptr_t)s.image_hi;
        rel.image_delta = (intptr_t)((uintptr_t)&mote8_create - (uintptr_t)s.landmark);
        rel.vm_old = (uintptr_t)s.vm_at;
        rel.vm_new = (uintptr_t)vm;
        rel.vm_size = sizeof *vm;
        rel.stream_old[0] = (uintptr_t)s.streams[0];
        rel.stream_old[1] = (uintptr_t)s.streams[1];
        rel.stream_old[2] = (uintptr_t)s.streams[2];
        rel.stream_new[0] = (uintptr_t)stdin;
        rel.stream_new[1] = (uintptr_t)stdout;
        rel.stream_new[2] = (uintptr_t)stderr;
        m8_lua_relocate(vm->L, &rel);
    }
    rc = 0;
done:
    if (rc != 0 && new_cart) m8_cart_free(&cart);
    m8_arena_delete(arena);
    free(s.vm);
    free(s.m);
    return rc;
}
