/* synth.c - the sound chip: SFX sequencing, effects, instruments, oscillators, filters,
 * music patterns and the mixer (see synth.h; design and chosen readings in docs/audio.md).
 *
 * Each channel has two voices: the SFX voice (sfx()) and the music voice (music()). Both
 * always advance; the SFX voice, when active, is the one heard, so music "resumes" on a
 * channel once an SFX that borrowed it ends. A voice is a cursor into SFX data in RAM; a
 * note that names an SFX instrument drives a second, nested cursor into that SFX.
 * All timing is in whole samples: one speed unit = 183 samples at 22050 Hz.
 * Depends on: synth.h, ram.h, libm. */
#include "synth.h"
#include "ram.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NOTES 32
#define REV_LEN 732            /* longest echo: 4 ticks */
#define RAMP_STEP (1.0f / 44)  /* amplitude change limit per sample (~2 ms full swing) */
#define MIX_GAIN 0.6f

/* ---------------------------------------------------------------- data access (live RAM) */

static inline uint32_t sfx_addr(int n) { return M8_SFX + (uint32_t)n * M8_SFX_SIZE; }

static inline unsigned note_word(const uint8_t *ram, int n, int i)
{
    uint32_t a = sfx_addr(n) + 2u * (uint32_t)(i & 31);
    return ram[a] | (ram[a + 1] << 8);
}
static inline int nw_pitch(unsigned w) { return w & 63; }
static inline int nw_wave(unsigned w) { return (w >> 6) & 7; }
static inline int nw_vol(unsigned w) { return (w >> 9) & 7; }
static inline int nw_fx(unsigned w) { return (w >> 12) & 7; }
static inline int nw_custom(unsigned w) { return (w >> 15) & 1; }

static inline int sfx_speed(const uint8_t *ram, int n)
{
    int v = ram[sfx_addr(n) + 65];
    return v ? v : 1;
}
static inline int sfx_loop_start(const uint8_t *ram, int n) { return ram[sfx_addr(n) + 66] & 63; }
static inline int sfx_loop_end(const uint8_t *ram, int n)   /* capped at 32 notes */
{
    int le = ram[sfx_addr(n) + 67];
    return le < NOTES ? le : NOTES;
}
static inline int sfx_is_waveform(const uint8_t *ram, int n)
{
    return n < 8 && (ram[sfx_addr(n) + 66] & 0x80);
}
/* Loop active only when start < end. */
static inline int sfx_loops(const uint8_t *ram, int n)
{
    return sfx_loop_start(ram, n) < sfx_loop_end(ram, n);
}
/* Number of notes before playback ends when not looping: LEN mode or 32. */
static inline int sfx_play_end(const uint8_t *ram, int n)
{
    int ls = sfx_loop_start(ram, n), le = sfx_loop_end(ram, n);
    if (le == 0 && ls > 0) return ls < NOTES ? ls : NOTES;
    return NOTES;
}

/* Filter byte 64 decoded; merged by OR / max when instruments stack. */
typedef struct filt {
    uint8_t noiz, buzz, detune, reverb, dampen, crush;
} filt;

static inline filt filt_decode(int b)
{
    filt f;
    f.noiz = (b >> 1) & 1;
    f.buzz = (b >> 2) & 1;
    f.detune = (b / 8) % 3;
    f.reverb = (b / 24) % 3;
    f.dampen = (b / 72) % 3;
    f.crush = 0;
    return f;
}
static inline void filt_merge(filt *a, filt b)
{
    a->noiz |= b.noiz;
    a->buzz |= b.buzz;
    if (b.detune > a->detune) a->detune = b.detune;
    if (b.reverb > a->reverb) a->reverb = b.reverb;
    if (b.dampen > a->dampen) a->dampen = b.dampen;
    if (b.crush > a->crush) a->crush = b.crush;
}

/* ---------------------------------------------------------------- state */

typedef struct voice {
    int sfx;            /* -1 = idle */
    int music;          /* part of the music */
    int note;           /* current note 0-31 */
    int pos;            /* samples into the current note */
    int left;           /* notes still to play, -1 = no limit */
    int released;       /* sfx(-2): ignore the loop */
    uint32_t age;       /* samples since start: arpeggio clock */
    unsigned prev;      /* previous note word: slide source, instrument retrigger rule */
    /* nested SFX instrument cursor */
    int inst;           /* instrument SFX 0-7, -1 = none */
    int inst_note, inst_pos, inst_done;
    uint32_t inst_age;
    unsigned inst_prev;
    /* fixed for a render call (RAM does not change during one): samples per note */
    int len, inst_len;
    uint32_t changes;   /* bumped whenever a field a note_plan depends on changes */
} voice;

typedef struct params {     /* what one sample of a channel needs */
    float pitch;            /* semitones, 0 = C0, fractional */
    float fmul;             /* frequency multiplier (drop) */
    float vol;              /* 0..1 */
    int wave;               /* 0-7 */
    int wtab;               /* waveform instrument SFX, -1 = built-in wave */
    filt f;
} params;

/* What a note fixes for every sample it lasts: its pitch, volume and effect read once. */
typedef struct note_part {
    int fx;                 /* 0-7 */
    int len;                /* samples per note */
    float p, v;             /* pitch (semitones) and volume 0..1 of the note */
    float pp, pv;           /* slide source pitch and volume */
    int slide_vol;          /* the slide source has a volume: glide the volume too */
    uint32_t tick;          /* samples per speed unit (arpeggio clock) */
    uint32_t rate;          /* arpeggio: ticks per step */
    float arp[4];           /* arpeggio: the pitches of the aligned group of 4 notes */
} note_part;

/* Everything voice_eval needs that stays fixed while a voice stays on a note: made when the
 * heard voice arrives on a note (or its instrument cursor moves) and at the start of every
 * render call (RAM, which pokes change, is constant during one). */
typedef struct note_plan {
    const voice *v;         /* the voice it was made for, NULL = none */
    uint32_t changes, gen;  /* the voice's change count and the synth's render generation */
    note_part outer, inner;
    int mode;               /* 0 plain or waveform instrument, 1 SFX instrument playing, 2 silent */
    int drop_retrigger;     /* fx 3 on an SFX instrument note: no drop */
    int wave, inner_wave, wtab;
    int octaves_down;       /* 0x5f40 halfrate bits: -12 semitones each */
    filt f;                 /* note, instrument and hardware filters merged */
    unsigned word;          /* the note word */
} note_plan;

typedef struct chan {
    voice sv, mv;           /* SFX voice, music voice */
    note_plan plan;         /* of the heard voice's current note */
    double ph[4];           /* main, phaser partner, detune main, detune partner */
    uint32_t cycles;        /* main oscillator period counter (buzz saw) */
    float amp;              /* ramped amplitude actually applied */
    float nlp, nbrown;      /* noise filter states */
    uint32_t rng;
    float damp;             /* low-pass state */
    float rev[REV_LEN];
    int rev_pos;
    params last;            /* last heard parameters, kept while ramping down */
    float key_pitch, key_fmul;  /* cache: phase step for the last pitch/multiplier */
    double key_dph;
    double noise_dph;       /* cache: noise filter coefficient and gain for this step */
    float noise_a, noise_g;
    unsigned last_word;     /* last note word heard on this channel */
} chan;

struct m8_synth {
    const uint8_t *ram;
    chan ch[M8_AUDIO_CHANNELS];
    int mus_on, mus_pat, mus_count, mus_pos, mus_len, mus_mask;
    float fade, fade_step;
    int fade_stop;
    uint32_t gen;           /* render generation: plans made before it are stale */
};

/* ---------------------------------------------------------------- helpers */

static inline int halfrate(const m8_synth *s, int c) { return (s->ram[M8_AUDIO_HALFRATE] >> c) & 1; }
static inline int note_len(const m8_synth *s, int c, int n)
{
    return sfx_speed(s->ram, n) * M8_SFX_TICK_SAMPLES * (halfrate(s, c) ? 2 : 1);
}

static void voice_stop(voice *v)
{
    v->sfx = -1;
    v->inst = -1;
    v->changes++;
}

/* A non-music SFX ends after its last audible note (unless a loop will bring it back). */
static int voice_has_sound_ahead(const m8_synth *s, const voice *v)
{
    const uint8_t *ram = s->ram;
    int end = sfx_play_end(ram, v->sfx);
    if (sfx_loops(ram, v->sfx) && !v->released && v->note < sfx_loop_end(ram, v->sfx))
        return 1;
    if (v->left > 0 && v->note + v->left < end) end = v->note + v->left;
    for (int i = v->note; i < end; i++)
        if (nw_vol(note_word(ram, v->sfx, i))) return 1;
    return 0;
}

/* Called whenever a voice arrives on a note: SFX-instrument (re)trigger rule. */
static void voice_note_begin(const m8_synth *s, int c, voice *v)
{
    const uint8_t *ram = s->ram;
    v->changes++;
    unsigned w = note_word(ram, v->sfx, v->note);
    int k = nw_wave(w);
    if (!nw_custom(w) || sfx_is_waveform(ram, k) || nw_vol(w) == 0) {
        v->inst = -1;
        return;
    }
    int retrig = v->inst != k || nw_pitch(w) != nw_pitch(v->prev) || nw_vol(v->prev) == 0 ||
                 !nw_custom(v->prev) || nw_fx(w) == 3;
    if (retrig) {
        v->inst = k;
        v->inst_note = 0;
        v->inst_pos = 0;
        v->inst_done = 0;
        v->inst_age = 0;
        v->inst_len = note_len(s, c, k);
        unsigned iw = note_word(ram, k, 0);
        v->inst_prev = iw & 63;   /* same pitch, volume 0: no slide on the first note */
        (void)iw;
    }
}

static void voice_start(m8_synth *s, int c, voice *v, int n, int offset, int length, int music)
{
    const uint8_t *ram = s->ram;
    chan *ch = &s->ch[c];
    if (offset < 0) offset = 0;
    v->sfx = n;
    v->music = music;
    v->note = offset;
    v->pos = 0;
    v->left = length > 0 ? length : -1;
    v->released = 0;
    v->age = 0;
    v->inst = -1;
    v->len = note_len(s, c, n);
    v->changes++;
    if (offset >= sfx_play_end(ram, n) && !(sfx_loops(ram, n) && offset < sfx_loop_end(ram, n))) {
        voice_stop(v);
        return;
    }
    unsigned w = note_word(ram, n, offset);
    /* slide source: the channel's last note if it is still sounding, else this pitch, silent */
    v->prev = ch->amp > 0.0f ? ch->last_word : (w & 63);
    if (!music && !voice_has_sound_ahead(s, v)) {
        voice_stop(v);
        return;
    }
    voice_note_begin(s, c, v);
}

/* Step the nested instrument cursor by one sample. */
static void inst_step(const m8_synth *s, int c, voice *v)
{
    const uint8_t *ram = s->ram;
    int k = v->inst;
    v->inst_pos++;
    v->inst_age++;
    if (v->inst_pos < v->inst_len) return;
    v->changes++;
    v->inst_prev = note_word(ram, k, v->inst_note);
    v->inst_pos = 0;
    v->inst_note++;
    if (sfx_loops(ram, k) && v->inst_note == sfx_loop_end(ram, k))
        v->inst_note = sfx_loop_start(ram, k);
    else if (v->inst_note >= sfx_play_end(ram, k))
        v->inst_done = 1;
}

static void voice_next_note(m8_synth *s, int c, voice *v)
{
    const uint8_t *ram = s->ram;
    int n = v->sfx;
    v->prev = note_word(ram, n, v->note);
    v->pos = 0;
    v->note++;
    v->changes++;
    if (v->left > 0 && --v->left == 0) { voice_stop(v); return; }
    int le = sfx_loop_end(ram, n);
    if (sfx_loops(ram, n) && !v->released && v->note == le) {
        v->note = sfx_loop_start(ram, n);
    } else if (v->note >= sfx_play_end(ram, n)) {
        voice_stop(v);
        return;
    }
    if (!v->music && !voice_has_sound_ahead(s, v)) { voice_stop(v); return; }
    voice_note_begin(s, c, v);
}

static void voice_step(m8_synth *s, int c, voice *v)
{
    if (v->sfx < 0) return;
    v->age++;
    if (v->inst >= 0 && !v->inst_done) inst_step(s, c, v);
    if (++v->pos >= v->len) voice_next_note(s, c, v);
}

/* ---------------------------------------------------------------- effects */

/* What note `idx` of SFX `n` (word w, previous word prev) fixes for all its samples. */
static void part_make(const m8_synth *s, int c, int n, int idx, unsigned w, unsigned prev,
                      note_part *o)
{
    const uint8_t *ram = s->ram;
    int speed = sfx_speed(ram, n);
    int hr = halfrate(s, c) ? 2 : 1;
    o->fx = nw_fx(w);
    o->len = speed * M8_SFX_TICK_SAMPLES * hr;
    o->p = (float)nw_pitch(w);
    o->v = nw_vol(w) / 7.0f;
    o->pp = (float)nw_pitch(prev);
    o->slide_vol = nw_vol(prev) > 0;
    o->pv = nw_vol(prev) / 7.0f;
    o->tick = (uint32_t)(M8_SFX_TICK_SAMPLES * hr);
    int rate = o->fx == 6 ? 4 : 8;
    if (speed <= 8) rate /= 2;
    o->rate = (uint32_t)rate;
    for (int k = 0; k < 4; k++) o->arp[k] = (float)nw_pitch(note_word(ram, n, (idx & ~3) + k));
}

/* Pitch (semitones), frequency multiplier and volume (0..1) of a note `pos` samples into
 * it, with the note's effect applied (reference 9.5); `age` is the voice's arpeggio clock. */
static inline void part_eval(const note_part *n, int pos, uint32_t age, float *pitch,
                             float *fmul, float *vol)
{
    float f = (float)pos / (float)n->len;
    float p = n->p, v = n->v, m = 1.0f;
    switch (n->fx) {
    case 1: /* slide from the previous note */
        p = n->pp + (p - n->pp) * f;
        if (n->slide_vol) v = n->pv + (v - n->pv) * f;
        break;
    case 2: { /* vibrato: triangle LFO, 7.5 Hz, +-0.25 semitone */
        float t = (float)pos * (7.5f / M8_AUDIO_RATE);
        t -= floorf(t);
        float tri = t < 0.25f ? 4 * t : t < 0.75f ? 2 - 4 * t : 4 * t - 4;
        p += 0.25f * tri;
        break;
    }
    case 3: m = 1.0f - f; break;          /* drop */
    case 4: v *= f; break;                /* fade in */
    case 5: v *= 1.0f - f; break;         /* fade out */
    case 6: case 7:                       /* arpeggio over the aligned group of 4 notes */
        p = n->arp[((age / n->tick) / n->rate) & 3];
        break;
    default: break;
    }
    *pitch = p;
    *fmul = m;
    *vol = v;
}

/* The plan of voice v's current note on channel c. */
static void plan_make(const m8_synth *s, int c, const voice *v, note_plan *o)
{
    const uint8_t *ram = s->ram;
    unsigned w = note_word(ram, v->sfx, v->note);
    o->v = v;
    o->changes = v->changes;
    o->gen = s->gen;
    o->word = w;
    part_make(s, c, v->sfx, v->note, w, v->prev, &o->outer);
    o->f = filt_decode(ram[sfx_addr(v->sfx) + 64]);
    o->wave = nw_wave(w);
    o->wtab = -1;
    o->mode = 0;
    o->drop_retrigger = 0;
    if (nw_custom(w)) {
        int k = nw_wave(w);
        if (sfx_is_waveform(ram, k)) {
            o->wtab = k;
        } else {
            o->drop_retrigger = nw_fx(w) == 3;   /* drop means "retrigger" here */
            if (v->inst != k || v->inst_done) {
                o->mode = 2;
            } else {
                unsigned iw = note_word(ram, k, v->inst_note);
                part_make(s, c, k, v->inst_note, iw, v->inst_prev, &o->inner);
                o->mode = 1;
                o->inner_wave = nw_wave(iw);
                filt_merge(&o->f, filt_decode(ram[sfx_addr(k) + 64]));
            }
        }
    }
    int hw = ram[M8_AUDIO_HALFRATE];
    o->octaves_down = ((hw >> c) & 1) + ((hw >> (c + 4)) & 1);
    /* hardware filter bytes 0x5f41-0x5f43: low nibble = strength 1, high nibble = strength 2 */
    filt hwf = {0, 0, 0, 0, 0, 0};
    int r = ram[M8_AUDIO_REVERB], d = ram[M8_AUDIO_DAMPEN], x = ram[M8_AUDIO_DISTORT];
    hwf.reverb = ((r >> (c + 4)) & 1) ? 2 : ((r >> c) & 1);
    hwf.dampen = ((d >> (c + 4)) & 1) ? 2 : ((d >> c) & 1);
    hwf.crush = ((x >> (c + 4)) & 1) ? 2 : ((x >> c) & 1);
    filt_merge(&o->f, hwf);
}

/* Parameters of the voice's current sample (its note's plan made again when stale). */
static void voice_eval(const m8_synth *s, int c, chan *ch, const voice *v, params *o)
{
    note_plan *pl = &ch->plan;
    if (pl->v != v || pl->changes != v->changes || pl->gen != s->gen) plan_make(s, c, v, pl);
    part_eval(&pl->outer, v->pos, v->age, &o->pitch, &o->fmul, &o->vol);
    o->f = pl->f;
    o->wave = pl->wave;
    o->wtab = pl->wtab;
    if (pl->drop_retrigger) o->fmul = 1.0f;
    if (pl->mode == 2) {
        o->vol = 0.0f;
    } else if (pl->mode == 1) {
        float ip, im, iv;
        part_eval(&pl->inner, v->inst_pos, v->inst_age, &ip, &im, &iv);
        o->pitch = ip + (o->pitch - 24.0f);
        o->fmul *= im;
        o->vol *= iv;
        o->wave = pl->inner_wave;
    }
    /* one octave down per halfrate bit, as two steps (the same rounding as ever) */
    if (pl->octaves_down > 0) o->pitch -= 12.0f;
    if (pl->octaves_down > 1) o->pitch -= 12.0f;
}

/* ---------------------------------------------------------------- oscillators */

static inline float tri(float t) { return 1.0f - fabsf(4.0f * t - 2.0f); }   /* -1..1 */
static inline float fracf(float t) { return t - floorf(t); }

static inline float tilted(float t, float brk)
{
    return t < brk ? -1.0f + 2.0f * t / brk : 1.0f - 2.0f * (t - brk) / (1.0f - brk);
}

/* Built-in waveform w (not noise) at phase t; t2 = phaser partner phase. About +-0.5. */
static float wave_shape(int w, int buzz, float t, float t2, uint32_t cyc)
{
    switch (w) {
    case 0:
        return buzz ? 0.375f * tri(t) + 0.125f * tilted(t, 0.875f) : 0.5f * tri(t);
    case 1:
        return 0.5f * tilted(t, buzz ? 0.975f : 0.875f);
    case 2: {
        float x = (t < 0.5f ? t : t - 1.0f) * 0.66f;
        if (buzz) x += (cyc & 1) ? 0.06f : -0.06f;
        return x;
    }
    case 3: return t < (buzz ? 0.4f : 0.5f) ? 0.25f : -0.25f;
    case 4: return t < (buzz ? 0.255f : 0.316f) ? 0.25f : -0.25f;
    case 5: {
        float x = tri(fracf(2.0f * t));
        if (t < 0.5f) return buzz ? 0.5f * fminf(x, 0.3f) : 0.5f * x;
        return x * (0.5f / 3.0f);
    }
    case 7: {
        float x = 0.25f * (tri(t) + tri(t2));
        if (buzz) x = 0.8f * x + 0.1f * tri(fracf(2.0f * t)) + 0.05f * tri(fracf(4.0f * t));
        return x;
    }
    default: return 0.0f;
    }
}

static inline float rnd(uint32_t *st)   /* xorshift32, uniform -1..1 */
{
    uint32_t x = *st;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *st = x;
    return (float)((int32_t)x) * (1.0f / 2147483648.0f);
}

/* Noise whose brightness follows the pitch: white noise through a one-pole low-pass whose
 * cutoff rises with the frequency, gain-compensated so low pitches stay audible. */
static float noise_sample(chan *ch, const params *p, double dph)
{
    float r = rnd(&ch->rng);
    if (p->f.noiz) return 0.3f * r;
    if (p->f.buzz) {   /* brown noise */
        ch->nbrown = ch->nbrown * 0.985f + 0.06f * r;
        return ch->nbrown;
    }
    if (dph != ch->noise_dph) {   /* the filter follows the pitch: once per pitch */
        float a = (float)dph * 8.0f;
        if (a > 1.0f) a = 1.0f;
        if (a < 0.005f) a = 0.005f;
        float g = sqrtf((2.0f - a) / a);
        if (g > 5.0f) g = 5.0f;
        ch->noise_dph = dph;
        ch->noise_a = a;
        ch->noise_g = g;
    }
    ch->nlp += ch->noise_a * (r - ch->nlp);
    return ch->nlp * ch->noise_g * 0.3f;
}

static const float detune_ratio[8][2] = {
    {0.75f, 1.5f},                      /* triangle */
    {200.f / 199, 400.f / 199}, {200.f / 199, 400.f / 199}, {200.f / 199, 400.f / 199},
    {200.f / 199, 400.f / 199},
    {200.f / 199, 800.f / 199},         /* organ */
    {1.0f, 1.0f},                       /* noise: not detuned */
    {49.f / 50, 400.f / 199},           /* phaser */
};

static inline float wavetable(const uint8_t *ram, int k, double ph)
{
    float x = (float)ph * 64.0f;
    int i = (int)x;
    float fr = x - (float)i;
    i &= 63;
    uint32_t a = sfx_addr(k);
    float s0 = (float)(int8_t)ram[a + i], s1 = (float)(int8_t)ram[a + ((i + 1) & 63)];
    return (s0 + (s1 - s0) * fr) * (0.5f / 128.0f);
}

static inline void adv(double *ph, double d)
{
    *ph += d;
    if (*ph >= 1.0) *ph -= floor(*ph);
}

/* One raw sample of the oscillator(s) for parameters p, before amplitude. */
static float osc_sample(m8_synth *s, chan *ch, const params *p)
{
    if (p->pitch != ch->key_pitch || p->fmul != ch->key_fmul) {
        double freq = 440.0 * exp2((p->pitch - 33.0) / 12.0) * p->fmul;
        ch->key_dph = freq / M8_AUDIO_RATE;
        if (ch->key_dph > 0.5) ch->key_dph = 0.5;   /* above Nyquist: keep it bounded */
        ch->key_pitch = p->pitch;
        ch->key_fmul = p->fmul;
    }
    double dph = ch->key_dph;
    float x;
    if (p->wtab >= 0) {
        x = wavetable(s->ram, p->wtab, ch->ph[0]);
        adv(&ch->ph[0], dph);
        if (p->f.detune) {
            x += 0.5f * wavetable(s->ram, p->wtab, ch->ph[2]);
            adv(&ch->ph[2], dph * detune_ratio[1][p->f.detune - 1]);
        }
        return x;
    }
    if (p->wave == 6) return noise_sample(ch, p, dph);
    x = wave_shape(p->wave, p->f.buzz, (float)ch->ph[0], (float)ch->ph[1], ch->cycles);
    double before = ch->ph[0];
    adv(&ch->ph[0], dph);
    if (ch->ph[0] < before) ch->cycles++;
    if (p->wave == 7) adv(&ch->ph[1], dph * (109.0 / 110.0));
    if (p->f.detune) {
        double r = detune_ratio[p->wave][p->f.detune - 1];
        x += 0.5f * wave_shape(p->wave, p->f.buzz, (float)ch->ph[2], (float)ch->ph[3], ch->cycles);
        adv(&ch->ph[2], dph * r);
        if (p->wave == 7) adv(&ch->ph[3], dph * r * (109.0 / 110.0));
    }
    return x;
}

/* One output sample of channel c (before the master gain). */
static float chan_sample(m8_synth *s, int c)
{
    chan *ch = &s->ch[c];
    voice *v = ch->sv.sfx >= 0 ? &ch->sv : ch->mv.sfx >= 0 ? &ch->mv : NULL;
    float target = 0.0f;
    if (v) {
        voice_eval(s, c, ch, v, &ch->last);
        ch->last_word = ch->plan.word;
        target = ch->last.vol;
        if (v->music) target *= s->fade;
    }
    float x = 0.0f;
    if (ch->amp > 0.0f || target > 0.0f) {
        if (ch->amp < target) {
            ch->amp += RAMP_STEP;
            if (ch->amp > target) ch->amp = target;
        } else if (ch->amp > target) {
            ch->amp -= RAMP_STEP;
            if (ch->amp < target) ch->amp = target;
        }
        x = osc_sample(s, ch, &ch->last) * ch->amp;
    }
    const filt *f = &ch->last.f;
    if (f->crush) {   /* 0x5f42: coarse amplitude quantisation */
        float q = f->crush == 1 ? 16.0f : 4.0f;
        x = floorf(x * q + 0.5f) / q;
    }
    if (f->dampen) {
        float a = f->dampen == 1 ? 0.495f : 0.248f;   /* ~2.4 kHz / ~1 kHz one-pole */
        ch->damp += a * (x - ch->damp);
        x = ch->damp;
    }
    if (f->reverb) {
        int d = f->reverb == 1 ? REV_LEN / 2 : REV_LEN;
        int rp = ch->rev_pos - d;
        if (rp < 0) rp += REV_LEN;
        x += 0.5f * ch->rev[rp];
    }
    ch->rev[ch->rev_pos] = x;
    if (++ch->rev_pos >= REV_LEN) ch->rev_pos = 0;
    return x;
}

/* ---------------------------------------------------------------- music */

static void music_stop_now(m8_synth *s)
{
    s->mus_on = 0;
    s->mus_pat = -1;
    s->fade_stop = 0;
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) voice_stop(&s->ch[c].mv);
}

/* Start pattern p; an empty pattern (all channels disabled) stops the music. */
static void music_start_pattern(m8_synth *s, int p)
{
    const uint8_t *ram = s->ram;
    if (p < 0 || p > 63) { music_stop_now(s); return; }
    const uint8_t *pat = ram + M8_MUSIC + 4 * p;
    int any = 0, len = -1, longest = 0;
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) {
        if (pat[c] & 0x40) continue;
        any = 1;
        int n = pat[c] & 63;
        int tick_len = note_len(s, c, n);
        if (!sfx_loops(ram, n)) {
            if (len < 0) len = sfx_play_end(ram, n) * tick_len;
        }
        if (NOTES * tick_len > longest) longest = NOTES * tick_len;
    }
    if (!any) { music_stop_now(s); return; }
    s->mus_pat = p;
    s->mus_pos = 0;
    s->mus_len = len >= 0 ? len : longest;
    if (s->mus_len <= 0) s->mus_len = 1;
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) {
        if (pat[c] & 0x40) voice_stop(&s->ch[c].mv);
        else voice_start(s, c, &s->ch[c].mv, pat[c] & 63, 0, 0, 1);
    }
}

static void music_pattern_end(m8_synth *s)
{
    const uint8_t *pat = s->ram + M8_MUSIC + 4 * s->mus_pat;
    int next;
    s->mus_count++;
    if (pat[2] & 0x80) { music_stop_now(s); return; }
    if (pat[1] & 0x80) {
        next = s->mus_pat;
        while (next > 0 && !(s->ram[M8_MUSIC + 4 * next] & 0x80)) next--;
    } else {
        next = s->mus_pat + 1;
    }
    music_start_pattern(s, next);
}

/* ---------------------------------------------------------------- public API */

m8_synth *m8_synth_new(const uint8_t *ram)
{
    m8_synth *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->ram = ram;
    m8_synth_reset(s);
    return s;
}

void m8_synth_free(m8_synth *s) { free(s); }

/* The struct, then the address it had (to move the plans' voice pointers). */
size_t m8_synth_state_size(void) { return sizeof(m8_synth) + sizeof(uint64_t); }

void m8_synth_state_save(const m8_synth *s, void *out)
{
    uint64_t at = (uint64_t)(uintptr_t)s;
    memcpy(out, s, sizeof *s);
    memcpy((unsigned char *)out + sizeof *s, &at, sizeof at);
}

void m8_synth_state_load(m8_synth *s, const void *in)
{
    const uint8_t *ram = s->ram;
    uint64_t at;
    memcpy(s, in, sizeof *s);
    memcpy(&at, (const unsigned char *)in + sizeof *s, sizeof at);
    s->ram = ram;
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) {
        note_plan *pl = &s->ch[c].plan;
        if (pl->v) {               /* a voice of the saved synth: the same voice of this one */
            uintptr_t off = (uintptr_t)pl->v - (uintptr_t)at;
            pl->v = (const voice *)((const unsigned char *)s + off);
        }
    }
}

void m8_synth_reset(m8_synth *s)
{
    const uint8_t *ram = s->ram;
    memset(s, 0, sizeof *s);
    s->ram = ram;
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) {
        chan *ch = &s->ch[c];
        voice_stop(&ch->sv);
        voice_stop(&ch->mv);
        ch->rng = 0x9e3779b9u ^ (0x01000193u * (uint32_t)(c + 1));
        ch->last.wtab = -1;
        ch->key_pitch = -1000.0f;
        ch->noise_dph = -1.0;
    }
    s->mus_pat = -1;
    s->fade = 1.0f;
}

static int chan_reserved(const m8_synth *s, int c)
{
    return s->mus_on && ((s->mus_mask >> c) & 1);
}

/* Automatic channel choice for sfx(n) (reference 9.7); -1 = dropped. */
static int pick_channel(const m8_synth *s, int n)
{
    int c;
    for (c = 0; c < M8_AUDIO_CHANNELS; c++) {
        const chan *ch = &s->ch[c];
        if (chan_reserved(s, c)) continue;
        if ((ch->sv.sfx < 0 && ch->mv.sfx < 0) || ch->sv.sfx == n) return c;
    }
    for (c = 0; c < M8_AUDIO_CHANNELS; c++)
        if (!chan_reserved(s, c) && s->ch[c].sv.sfx < 0 && s->ch[c].mv.sfx >= 0) return c;
    int best = -1, best_speed = 1 << 30;
    for (c = 0; c < M8_AUDIO_CHANNELS; c++) {
        const chan *ch = &s->ch[c];
        if (chan_reserved(s, c) || ch->sv.sfx < 0) continue;
        int sp = sfx_speed(s->ram, ch->sv.sfx);
        if (sp <= best_speed) { best_speed = sp; best = c; }
    }
    return best;
}

void m8_synth_sfx(m8_synth *s, int n, int ch, int offset, int length)
{
    int c;
    if (n == -1) {              /* stop */
        for (c = 0; c < M8_AUDIO_CHANNELS; c++)
            if (ch < 0 || ch == c) voice_stop(&s->ch[c].sv);
        return;
    }
    if (n == -2) {              /* release loops */
        for (c = 0; c < M8_AUDIO_CHANNELS; c++)
            if (ch < 0 || ch == c) s->ch[c].sv.released = 1;
        return;
    }
    if (n < 0 || n > 63) return;
    if (ch == -2) {             /* stop sfx n everywhere */
        for (c = 0; c < M8_AUDIO_CHANNELS; c++)
            if (s->ch[c].sv.sfx == n) voice_stop(&s->ch[c].sv);
        return;
    }
    if (ch >= M8_AUDIO_CHANNELS || ch < -1) return;
    if (ch == -1) {
        ch = pick_channel(s, n);
        if (ch < 0) return;
        for (c = 0; c < M8_AUDIO_CHANNELS; c++)
            if (c != ch && s->ch[c].sv.sfx == n) voice_stop(&s->ch[c].sv);
    }
    voice_start(s, ch, &s->ch[ch].sv, n, offset, length, 0);
}

void m8_synth_music(m8_synth *s, int n, int fade_ms, int mask)
{
    if (fade_ms < 0) fade_ms = 0;
    float fade_samples = (float)fade_ms * (M8_AUDIO_RATE / 1000.0f);
    if (n < 0) {
        if (!s->mus_on) return;
        if (fade_samples >= 1.0f) {
            s->fade_step = -s->fade / fade_samples;
            s->fade_stop = 1;
        } else {
            music_stop_now(s);
        }
        return;
    }
    music_stop_now(s);
    if (n > 63) return;
    s->mus_on = 1;
    s->mus_count = 0;
    s->mus_mask = mask & 15;
    if (fade_samples >= 1.0f) {
        s->fade = 0.0f;
        s->fade_step = 1.0f / fade_samples;
    } else {
        s->fade = 1.0f;
        s->fade_step = 0.0f;
    }
    music_start_pattern(s, n);
}

/* One sample's worth of sequencing: notes, loops, music patterns and fades move on. */
static void sequencer_step(m8_synth *s)
{
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) {
        voice_step(s, c, &s->ch[c].sv);
        voice_step(s, c, &s->ch[c].mv);
    }
    if (s->mus_on) {
        if (++s->mus_pos >= s->mus_len) music_pattern_end(s);
        if (s->fade_step != 0.0f) {
            s->fade += s->fade_step;
            if (s->fade >= 1.0f) { s->fade = 1.0f; s->fade_step = 0.0f; }
            if (s->fade <= 0.0f) {
                s->fade = 0.0f;
                s->fade_step = 0.0f;
                if (s->fade_stop) { music_stop_now(s); s->fade = 1.0f; }
            }
        }
    }
}

/* Start of a render or advance call: RAM may have changed since the last one (pokes,
 * sfx()/music()), so note lengths are read again and every note plan is made again. */
static void call_begin(m8_synth *s)
{
    s->gen++;
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) {
        voice *vs[2] = { &s->ch[c].sv, &s->ch[c].mv };
        for (int i = 0; i < 2; i++) {
            voice *v = vs[i];
            if (v->sfx >= 0) v->len = note_len(s, c, v->sfx);
            if (v->inst >= 0) v->inst_len = note_len(s, c, v->inst);
        }
    }
}

/* How many of the next (at most n) samples only move counters: no note, instrument note or
 * music pattern ends and no fade moves during them. */
static int quiet_samples(const m8_synth *s, int n)
{
    if (s->mus_on) {
        if (s->fade_step != 0.0f) return 0;
        if (s->mus_len - s->mus_pos - 1 < n) n = s->mus_len - s->mus_pos - 1;
    }
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) {
        const voice *vs[2] = { &s->ch[c].sv, &s->ch[c].mv };
        for (int i = 0; i < 2; i++) {
            const voice *v = vs[i];
            if (v->sfx < 0) continue;
            if (v->len - v->pos - 1 < n) n = v->len - v->pos - 1;
            if (v->inst >= 0 && !v->inst_done && v->inst_len - v->inst_pos - 1 < n)
                n = v->inst_len - v->inst_pos - 1;
        }
    }
    return n;
}

/* n samples of sequencing during which only counters move (see quiet_samples). */
static void skip_quiet(m8_synth *s, int n)
{
    if (s->mus_on) s->mus_pos += n;
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) {
        voice *vs[2] = { &s->ch[c].sv, &s->ch[c].mv };
        for (int i = 0; i < 2; i++) {
            voice *v = vs[i];
            if (v->sfx < 0) continue;
            v->age += (uint32_t)n;
            if (v->inst >= 0 && !v->inst_done) {
                v->inst_pos += n;
                v->inst_age += (uint32_t)n;
            }
            v->pos += n;
        }
    }
}

/* Sequencing without sound: the stretches where only counters move are skipped in one step
 * each, the samples where something happens are stepped as when rendering. */
void m8_synth_advance(m8_synth *s, int n_samples)
{
    call_begin(s);
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++) s->ch[c].amp = 0.0f;   /* nothing sounds */
    while (n_samples > 0) {
        int quiet = quiet_samples(s, n_samples);
        if (quiet > 0) {
            skip_quiet(s, quiet);
            n_samples -= quiet;
        } else {
            sequencer_step(s);
            n_samples--;
        }
    }
}

void m8_synth_render(m8_synth *s, int16_t *out, int n_samples)
{
    call_begin(s);
    for (int i = 0; i < n_samples; i++) {
        float mix = 0.0f;
        for (int c = 0; c < M8_AUDIO_CHANNELS; c++) mix += chan_sample(s, c);
        sequencer_step(s);
        float y = mix * MIX_GAIN * 32767.0f;
        if (!(y > -32767.0f)) y = -32767.0f;   /* symmetric; also catches NaN */
        if (y > 32767.0f) y = 32767.0f;
        out[i] = (int16_t)lrintf(y);
    }
}

int m8_synth_stat(const m8_synth *s, int n)
{
    if (n >= 16 && n <= 26) n += 30;
    if (n >= 46 && n <= 53) {
        const chan *ch = &s->ch[(n - 46) & 3];
        const voice *v = ch->sv.sfx >= 0 ? &ch->sv : ch->mv.sfx >= 0 ? &ch->mv : NULL;
        if (!v) return -1;
        return n < 50 ? v->sfx : v->note;
    }
    switch (n) {
    case 54: return s->mus_on ? s->mus_pat : -1;
    case 55: return s->mus_on ? s->mus_count : 0;
    case 56: return s->mus_on ? s->mus_pos / M8_SFX_TICK_SAMPLES : 0;
    case 57: return s->mus_on;
    default: return 0;
    }
}

/* For synth_string.c: is SFX n playing on any channel? */
int m8_synth_sfx_playing(const m8_synth *s, int n)
{
    for (int c = 0; c < M8_AUDIO_CHANNELS; c++)
        if (s->ch[c].sv.sfx == n || s->ch[c].mv.sfx == n) return 1;
    return 0;
}
