/* m8conf.h - every machine constant of mote8, in one place (as Lua keeps its build knobs in
 * luaconf.h). The public header api/mote8.h states the ones hosts need as plain numbers
 * (MOTE8_WIDTH, MOTE8_AUDIO_RATE, ...) so that it stands alone; api/host_services.c checks
 * at compile time that they agree with these. No other file writes these numbers again.
 * The memory map (addresses, sizes of RAM regions) is ram.h's.
 * Depends on: nothing. */
#ifndef M8_CONF_H
#define M8_CONF_H

/* --- screen --- */
#define M8_SCREEN_W 128
#define M8_SCREEN_H 128

/* --- frame rates: 30 ticks per second, or 60 for carts with _update60 --- */
#define M8_FPS 30
#define M8_FPS_FAST 60

/* --- the virtual CPU (reference 11): 8 MHz = 2^23 cycles per second --- */
#define M8_CPU_HZ 8388608u
#define M8_FRAME_BUDGET(fps) (M8_CPU_HZ / (unsigned)(fps))   /* 279,620 at 30 fps */
/* (Lua instructions cost by opcode: api/lua_weights.c) */
/* An endless loop is cut into slices: a tick that has run this many frame budgets (at
 * 30 fps) of Lua without reaching a frame end yields, so the host never hangs. */
#define M8_SLICE_BUDGETS 40
/* Before _init has returned, a boot still running after its first (whole) slice is a
 * top-level loop: its later slices are this many frame budgets of Lua and API cost and each
 * cut counts as a frame for time(), so a loop without flip() keeps time like PICO-8's
 * (t() >= 5 after about 5 seconds of play). */
#define M8_BOOT_SLICE_BUDGETS 1
/* Where the cart's code cannot be cut into slices (a cart coroutine, a callback called from
 * C such as __tostring or foreach's function), this many frame budgets without a frame end
 * is an error ("endless loop"), so the host never hangs. */
#define M8_HANG_BUDGETS 300
/* Instructions between the count hook's slow-path checks (slice limit, host clock). */
#define M8_SLOW_PATH_EVERY 4096
/* The backstop behind the cost rules: one resume of cart code (a tick, or a pause-menu
 * callback) that has held the host this long is ended with the endless-loop error, whatever
 * it calls. No cart within its budgets comes near it (a 40-budget slice of the costliest
 * calls takes well under 100 ms), so normal runs never read the clock's verdict and stay
 * deterministic. Sanitizer builds run code ~10x slower: their backstop is 10x longer. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
#define M8_HOST_STALL_MS 10000
#else
#define M8_HOST_STALL_MS 1000
#endif
/* API calls between two looks at the host clock (calls without Lua in between). */
#define M8_STALL_CHECK_CALLS 64

/* --- audio (reference 9.1) --- */
#define M8_AUDIO_RATE 22050         /* output sample rate, Hz, mono 16-bit */
#define M8_SFX_TICK_SAMPLES 183     /* samples per SFX speed unit */
#define M8_AUDIO_CHANNELS 4
#define M8_AUDIO_RING 8192          /* samples rendered by ticks and not yet pulled (0.37 s) */
/* PCM playback (PICO-8's serial channel 0x808): 8-bit unsigned samples at 5512.5 Hz, each
 * played for 4 output samples, (s - 128) * M8_PCM_LEVEL added to the synth's mix */
#define M8_PCM_SERIAL_CHANNEL 0x808
#define M8_PCM_UPSAMPLE 4           /* M8_AUDIO_RATE / 5512.5 */
#define M8_PCM_FIFO 2048            /* samples queued and not yet played (0.37 s) */
#define M8_PCM_LEVEL 64             /* full scale of a PCM sample: +-8192 */
#define M8_PCM_CHUNK 4096           /* frames per chunk of the bit-plane PCM codec (pcm_codec.c) */
#define M8_SAMPLE_BANK_MAX 64       /* samples in a cart's sample bank (__meta:mote8_samples__) */
#define M8_SAMPLE_FRAMES_MAX (22050u * 60u)  /* longest bank sample (a minute at 22050 Hz) */
#define M8_PCM_RATE_DEFAULT 22050   /* rate of a bank sample whose stream says 0 Hz */

/* --- the Lua heap and cart code --- */
#define M8_LUA_HEAP_LIMIT (32u * 1024u * 1024u)   /* default cap of the Lua heap, bytes */
#define M8_RECURSION_DEPTH 10000   /* out of Lua heap with calls nested deeper: "stack overflow" */
#define M8_CART_FILE_MAX (16u * 1024u * 1024u)    /* largest cart or #include file read */
#define M8_PARAM_MAX 1024          /* bytes of the run()/load() parameter (stat(6)) kept */
#define M8_BREADCRUMB_MAX 24       /* bytes of a load() breadcrumb label kept (menu label) */
#define M8_LUA_ERROR_HEADROOM (1024u * 1024u)     /* above the cap while an error is reported */
/* Nested expressions and statements (and labels in a row, which Lua's parser nests too) the
 * dialect translator accepts: deeper code is a tab:line error. Below the 200 C levels of Lua's
 * own parser (PICO-8's Lua 5.2 has the same limit), which it reports as a bare "C stack
 * overflow" naming no line; the margin covers the C calls under the parser. */
#define M8_TRANSLATE_MAX_NESTING 180
/* Cart code, #include'd files counted in: at most PICO-8's 65535 characters (a clear error
 * above it; a 4-way include bomb six levels deep stops here). */
#define M8_CODE_MAX_CHARS 65535

/* --- what a cart may write (issue 21) --- */
/* Bytes printh(s, file) may write into the host's output folder in one run (the machine's
 * life, all carts of the run together); above it printh to files is dropped after one
 * message. PICO-8's own printh logs are far smaller. */
#define M8_PRINTH_FILE_MAX (4u * 1024u * 1024u)

#endif
