/* vm_internal.h - the state of one running cart (struct mote8), shared by vm.c and the
 * bindings that need more than api_internal.h offers (system, profiler).
 * Depends on: api_internal.h, mote8.h, Lua 5.4, runtime/core (machine, cost), api_registry.h. */
#ifndef M8_VM_INTERNAL_H
#define M8_VM_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <lua.h>
#include "api_internal.h"
#include "api_registry.h"
#include "cost.h"
#include "machine.h"
#include "mote8.h"


#define M8_HOST_REQUESTS 8
#define M8_ARENA_MIN_RESERVE ((size_t)4 << 30)   /* address space of a Lua heap's arena */     /* extcmd commands kept for the host between its polls */

typedef void (*m8_call_observer)(struct mote8 *vm, lua_State *L, const m8_api_row *row,
                                 uint64_t cycles, double units);
/* Called by the count hook for every Lua instruction while a profiler is attached, and by the
 * call hook for every function call (ar->event LUA_HOOKCALL or LUA_HOOKTAILCALL). */
typedef void (*m8_instruction_observer)(struct mote8 *vm, lua_State *L, lua_Debug *ar);
/* Called at the end of every mote8_tick while a profiler is attached. */
typedef void (*m8_tick_observer)(struct mote8 *vm);

/* The destination rectangle a drawing call asked for (m8_call_area), in screen
 * coordinates after the camera, with the clip rectangle in force; only kept while a
 * profiler is attached. */
typedef struct m8_call_rect {
    int set;
    double x, y, w, h;
    int clip_x0, clip_y0, clip_x1, clip_y1;     /* exclusive ends */
    int source;                 /* enum m8_call_source_kind: what src_* hold (m8_call_source) */
    double src_x, src_y, src_w, src_h;
} m8_call_rect;

/* What a cart asked to happen to itself: stop(), run(), load(), extcmd("reset" /
 * "go_back" / "shutdown"). The binding records it and raises an error that unwinds the
 * cart's code (m8_vm_request); vm.c stops or shuts down at once, and api/cart_flow.c
 * carries out the others before the next tick runs. */
enum m8_request_kind {
    M8_REQ_NONE, M8_REQ_STOP, M8_REQ_SHUTDOWN, M8_REQ_RUN, M8_REQ_LOAD, M8_REQ_GO_BACK
};

typedef struct m8_request {
    int kind;                   /* enum m8_request_kind */
    char *data;                 /* M8_REQ_LOAD: the other cart's bytes (malloc'd) */
    size_t len;
    char name[256];             /* M8_REQ_LOAD: its path */
    char param[M8_PARAM_MAX];   /* M8_REQ_RUN / M8_REQ_LOAD: the next stat(6) */
    char breadcrumb[M8_BREADCRUMB_MAX];   /* M8_REQ_LOAD: the way back's label, or "" */
} m8_request;

/* One sprite a drawing call drew (spr, sspr, map cells): its number and the screen
 * rectangle it covered (camera applied); the profiler splits the call's cycles over them. */
typedef struct m8_sprite_report {
    int n;
    double x, y, w, h;
} m8_sprite_report;

struct mote8 {
    mote8_config config;
    m8_machine *machine;
    lua_State *L;               /* main state (owns everything) */
    lua_State *co;              /* the cart's main coroutine (bios) */
    int co_ref, env_ref;
    size_t mem_used, mem_limit; /* Lua heap bytes, cap */
    struct m8_arena *arena;     /* where the Lua heap lives (api/lua_arena.c), or NULL: malloc */
    uint64_t chain_key;         /* hash of the cart the host loaded (mote8_load_cart): a
                                   state belongs to it (api/snapshot.c) */
    char *state_error;          /* the last mote8_state_* failure, malloc'd, or NULL */
    const m8_api_row *call_row; /* the binding running now (api_call.c) */
    double call_units;          /* units it reported */
    uint64_t lua_count;         /* counted so far: cycles (the counting VM, by opcode weight)
                                   or instructions (the count hook); see lua_cycles_of */
    int count_is_cycles;        /* lua_count is in cycles (the counting VM, or unit weights):
                                   set once with the config */
    uint64_t lua_synced;        /* of which handed to the cost model (m8_vm_sync_lua) */
    uint64_t lua_read;          /* lua_count when an API call last began (the sync, or a
                                   frameless call, which defers the sync): the floor of a
                                   charge that gives cycles back (vm.c charge_op); equal to
                                   lua_synced at every tick's end */
    uint64_t slice_start;       /* lua_count when the main coroutine was resumed */
    long slice_left;            /* hook counting: instructions before the slice check */
    uint64_t slice_cycles;      /* the slice's length in cycles of Lua and API cost */
    uint64_t slice_system_start; /* system (API) cycles when the slice began */
    uint64_t watch_lua_start;   /* lua_count when the running resume (or menu callback) began */
    uint64_t watch_system_start; /* system cycles then: the endless-loop watch counts both */
    uint64_t slice_base;        /* slice_start + slice_system_start and */
    uint64_t watch_base;        /* watch_lua_start + watch_system_start (modulo 2^64), for
                                   m8_vm_checks_due; m8_vm_checks_rebase sets them */
    uint64_t watch_clock_start; /* host monotonic milliseconds then (the stall backstop) */
    int watch_calls;            /* API calls since the clock was last read */
    int boot_cuts;              /* slices cut before _init returned (top-level loops) */
    char cartdata_id[72];       /* cartdata(id) of this run, "" if none or not saved */
    int cartdata_dirty;         /* dset changed a value since the last save */
    int cartdata_save_failed;   /* a save failed and was reported: later ones are not */
    uint64_t output_bytes;      /* bytes printh wrote to files this run (api/cart_output.c) */
    int output_stopped;         /* printh to files stopped (cap or write error), said once */
    int yield_due;              /* the slice is over: yield at the next instruction */
    int booted;                 /* top-level code and _init have finished */
    int has_callbacks;          /* _update/_update60/_draw exist */
    int fps_forced;             /* _set_fps(n) chose the rate (0 = by _update60) */
    int flipped;                /* the last resume ended in flip() */
    int buttons_fresh;          /* this resume follows a flip(): the tick latched the
                                   buttons for it (_update_buttons() need not) */
    uint8_t *held_screen;       /* holdframe(): the RGB screen the host is shown until
                                   the frame ends, or NULL (allocated on first use) */
    int holding;                /* holdframe() was called in this frame */
    char coroutine_error[512];  /* the first error that ended a cart coroutine, located
                                   (coresume gave it to the cart), "" if none */
    int closing;                /* lua_close runs: finalizers run no cart code */
    m8_request request;         /* pending stop/run/load/..., kind M8_REQ_NONE if none */
    int pause_requested;        /* extcmd("pause") not yet seen by the host */
    char param[M8_PARAM_MAX];   /* stat(6): the parameter of run() / load() */
    char *back_data;            /* the cart a load() breadcrumb leads back to, or NULL */
    size_t back_len;
    char back_name[256];
    char back_label[M8_BREADCRUMB_MAX];   /* its pause-menu label (stat(100)) */
    char kept_data_id[72];      /* cartdata without the platform's save_data: the last */
    uint8_t kept_data[256];     /* values dset() saved, kept for the carts of this run */
    int status;                 /* enum mote8_status */
    int error_line;             /* code line of the last error, 0 if unknown */
    char error[4096];
    int error_kind;             /* enum mote8_error_kind of `error` (set with it) */
    char cart_name[256];
    char *cart_data;            /* a copy of the loaded cart's bytes, for mote8_reset */
    size_t cart_len;
    mote8_input input;          /* this tick's input (mouse for stat 32-34) */
    m8_call_observer call_observer;   /* profiler hooks, NULL when off */
    m8_instruction_observer instruction_observer;
    m8_tick_observer tick_observer;
    void *observer_user;              /* the profiler (api/profiler/profiler.c) */
    m8_call_rect call_area;           /* of the binding running now */
    m8_sprite_report *sprite_reports; /* sprites it drew, where (profiler's buffer, NULL */
    int n_sprite_reports, sprite_reports_cap;   /* when none is attached) */
    char host_requests[M8_HOST_REQUESTS][16]; /* extcmd commands the host carries out */
    int n_host_requests;              /* (api/host_requests.c) */
    struct m8_editor *editor;         /* the built-in editors, NULL until opened */
    char *editor_path;                /* the file they save to, NULL: none */
    char editor_cart[256];            /* the cart they edit (its edits stay across restarts) */
    mote8_clipboard editor_clipboard; /* the host's clipboard for them (zeros: none) */
    int editor_error_shown;           /* the code editor went to this run's error line */
};

/* Free what the snapshot module keeps (api/snapshot.c). */
void m8_vm_state_forget(m8_vm *vm);
/* The key of a cart's bytes that its states carry (api/snapshot.c). */
uint64_t m8_state_cart_key(const void *data, size_t len);

/* Set the cart's error (status MOTE8_ERROR); its kind is MOTE8_ERROR_RUNTIME unless the
 * caller sets vm->error_kind afterwards (the cart reader and the compiler do). */
void m8_vm_set_error(m8_vm *vm, const char *fmt, ...);
/* Record `req` (copied; its data is taken over) and unwind the cart's code: raises a Lua
 * error that resume_cart and the menu recognise as the request, not as a cart error. The
 * main coroutine cannot go on even if a cart coroutine swallows the error. */
int m8_vm_request(lua_State *L, const m8_request *req);
/* Start the cart whose bytes are vm->cart_data (run from the top, stat(6) = vm->param),
 * named `name` (may be vm->cart_name). keep_input: a hand-over (run, load, go back,
 * reset): buttons held now stay held, so btnp() of the new cart does not see the press
 * that made the hand-over. 0, or -1 with the error set. */
int m8_vm_start_cart(m8_vm *vm, const char *name, int keep_input);
/* After a (re)start of cart `name`: the editors' edits of it written into RAM and ROM again
 * (api/editor_door.c; nothing when no editor is open or it edits another cart). */
void m8_editor_door_restarted(m8_vm *vm, const char *name);
/* Before the cart `name` is compiled: the code editor's code replaces the file's when it
 * has unsaved edits (a restart runs what the editor shows). */
void m8_editor_door_code(m8_vm *vm, const char *name);
/* Free the editors (mote8_destroy). */
void m8_editor_door_free(m8_vm *vm);
/* Free a request's data and mark it done. */
void m8_vm_clear_request(m8_vm *vm);
/* Carry out a pending run/load/go_back request (api/cart_flow.c). 0, or -1 with the error
 * set (the other cart does not compile ...). */
int m8_flow_carry_out(m8_vm *vm);


/* Rewrite the "cart:LINE:" references of msg as "tab T, line L:" (error messages). */
void m8_vm_locate(m8_vm *vm, const char *msg, char *out, size_t outsz);
/* Queue an extcmd command for the host (api/host_requests.c). */
void m8_host_request(m8_vm *vm, const char *cmd);
/* Hand the Lua instructions counted since the last call to the cost model. */
void m8_vm_sync_lua(m8_vm *vm);
/* Lua cycles counted so far (synced to the cost model or not). */
uint64_t m8_vm_lua_cycles(const m8_vm *vm);
/* After an API call has charged its cost: end the slice when Lua and API cost together
 * have used it up (an endless loop of memcpy or sspr calls ends frames as quickly as one
 * of plain Lua). */
void m8_vm_slice_check(m8_vm *vm);
/* The endless-loop watch (code that cannot be paused, and the host-time backstop) starts
 * now: at each resume of the main coroutine and before each pause-menu callback. */
void m8_vm_watch_begin(m8_vm *vm);
/* After an API call on thread L: raises the endless-loop error when code that cannot be
 * paused has run past M8_HANG_BUDGETS of Lua and API cost (tested only when `due`: the call
 * charged cycles and m8_vm_checks_due said so), or any code has held the host for
 * M8_HOST_STALL_MS. */
void m8_vm_watch_call(m8_vm *vm, lua_State *L, int due);

/* Where the cart's code cannot yield, an endless loop ends in an error after this many
 * cycles without a frame end (m8conf.h). */
#define M8_HANG_CYCLES ((uint64_t)M8_HANG_BUDGETS * M8_FRAME_BUDGET(M8_FPS))

/* 0 when neither the slice's end (m8_vm_slice_check) nor the watch's test of cost
 * (m8_vm_watch_call) can fire now, 1 when either may (the exact checks then decide; they
 * run on every call under the count hook). With the count in cycles, each is the Lua and
 * API cost since its start against a length, summed modulo 2^64 as those checks sum it,
 * so one total serves both: the test every API call makes in a few instructions. */
static inline int m8_vm_checks_due(const m8_vm *vm)
{
    if (!vm->count_is_cycles) return 1;
    uint64_t total = vm->lua_count + vm->machine->cost.system_cycles;
    return total - vm->slice_base > vm->slice_cycles || total - vm->watch_base > M8_HANG_CYCLES;
}
/* Set slice_base and watch_base from the starts: after any of the four moves. */
static inline void m8_vm_checks_rebase(m8_vm *vm)
{
    vm->slice_base = vm->slice_start + vm->slice_system_start;
    vm->watch_base = vm->watch_lua_start + vm->watch_system_start;
}
/* Save 0x5e00-0x5eff through the platform if dset() changed it since the last save: once
 * per tick at most (mote8_tick), and when the machine is destroyed or reset
 * (api/api_cartdata.c). */
void m8_cartdata_flush(m8_vm *vm);
/* printh(text, file, overwrite): the file in the host's cart output folder through the
 * platform's write_output (api/cart_output.c); a bad name is a cart error; at most
 * M8_PRINTH_FILE_MAX bytes per run, then one message. Returns 0. */
int m8_printh_file(lua_State *L, const char *file, size_t file_len, const char *text,
                   int overwrite);
/* Run the cart's __gc for the table at index `t` of L (api/api_sandbox.c calls it from a
 * sentinel's finalizer): in a new coroutine, counted and watched for endless loops like
 * any cart code. An error in it stops the cart with the error, as in PICO-8's Lua 5.2. */
void m8_vm_run_finalizer(lua_State *L, int t);
/* Set (or clear, NULL) the profiler's per-instruction observer. */
void m8_vm_observe_instructions(m8_vm *vm, m8_instruction_observer observer);

#endif
