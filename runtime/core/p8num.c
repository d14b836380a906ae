/* p8num.c - PICO-8 16.16 number semantics on C doubles (reference section 7).
 *
 * Numbers live as doubles in Lua 5.4; whatever a cart can observe of the 16.16 format
 * (tostr/tonum text, bit patterns, division by zero, modulo signs, shifts) is reproduced here
 * by going through the raw 32-bit pattern. NaN and infinities are mapped to defined values on
 * entry (NaN -> 0, +inf -> 0x7fff.ffff, -inf -> 0x8000.0000). Depends on: libc, libm. */
#include "p8num.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RAW_MAX_D (2147483647.0 / 65536.0)   /* 0x7fff.ffff */

/* Finite version of v: NaN -> 0, infinities -> the 16.16 extremes. */
static double clean(double v)
{
    if (isnan(v)) return 0.0;
    if (isinf(v)) return v > 0 ? RAW_MAX_D : -32768.0;
    return v;
}

int32_t m8_num_to_raw(double v)
{
    int32_t raw;
    if (m8_num_grid_raw(v, &raw)) return raw;   /* the common case: no floor */
    if (isnan(v)) return 0;
    if (isinf(v)) return v > 0 ? INT32_MAX : INT32_MIN;
    double f = floor(v * 65536.0);
    if (f >= -2147483648.0 && f <= 2147483647.0) return (int32_t)f;
    f = fmod(f, 4294967296.0);                 /* wrap modulo 2^32 */
    if (f < 0) f += 4294967296.0;
    return (int32_t)(uint32_t)f;
}

double m8_num_from_raw(int32_t raw) { return raw / 65536.0; }

double m8_num_wrap(double v) { return m8_num_from_raw(m8_num_to_raw(v)); }

int m8_num_to_int(double v)
{
    if (v > -2147483648.0 && v < 2147483648.0) {   /* the common case: no floor (libm) */
        int t = (int)v;                            /* toward zero, in range */
        return t - (v < (double)t);
    }
    if (isnan(v)) return 0;
    v = floor(v);
    if (v <= (double)INT_MIN) return INT_MIN;
    if (v >= (double)INT_MAX) return INT_MAX;
    return (int)v;
}

/* tostr: "%.4f" of the 16.16 value, then strip trailing zeros and the dot.
 * 0x7fff.ffff rounds up to "32768", -0x0.0001 gives "-0" (both as in PICO-8). */
int m8_num_format(double v, char *buf)
{
    double x = m8_num_from_raw(m8_num_to_raw(v));
    int n = snprintf(buf, 32, "%.4f", x);
    while (n > 0 && buf[n - 1] == '0') n--;
    if (n > 0 && buf[n - 1] == '.') n--;
    buf[n] = 0;
    return n;
}

int m8_num_format_flags(double v, int flags, char *buf)
{
    uint32_t u = (uint32_t)m8_num_to_raw(v);
    switch (flags & 3) {
    case 1: return snprintf(buf, 32, "0x%04x.%04x", (unsigned)(u >> 16), (unsigned)(u & 0xffff));
    case 2: return snprintf(buf, 32, "%d", (int)(int32_t)u);
    case 3: return snprintf(buf, 32, "0x%08x", (unsigned)u);
    default: return m8_num_format(v, buf);
    }
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Digits in `base` with an optional '.' fraction; accumulates a 16.16 raw value with the
 * integer part wrapping modulo 2^16 and the fraction truncated to 16 bits. Returns the number
 * of characters used, or -1 when no digit was seen. */
static int parse_based(const char *s, int len, int base, uint32_t *raw)
{
    int bits = base == 16 ? 4 : 1, i = 0, digits = 0;
    uint32_t ip = 0, fp = 0;
    int fshift = 16;
    for (; i < len; i++) {
        int d = hexval((unsigned char)s[i]);
        if (d < 0 || d >= base) break;
        ip = (ip << bits) | (uint32_t)d;
        digits++;
    }
    if (i < len && s[i] == '.') {
        for (i++; i < len; i++) {
            int d = hexval((unsigned char)s[i]);
            if (d < 0 || d >= base) break;
            fshift -= bits;
            if (fshift >= 0) fp |= (uint32_t)d << fshift;
            digits++;
        }
    }
    if (!digits) return -1;
    *raw = (ip << 16) | (fp & 0xffff);
    return i;
}

/* Decimal digits with an optional fraction (no exponent). The value is converted to 16.16 by
 * truncation toward zero (as zepto8/shrinko8 do) with the integer part wrapping. */
static int parse_decimal(const char *s, int len, double *out)
{
    int i = 0, digits = 0;
    double ip = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++) ip = fmod(ip * 10 + (s[i] - '0'), 65536.0);
    char fbuf[72] = "0.";
    int fl = 2;
    if (i < len && s[i] == '.') {
        for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++)
            if (fl < 70) fbuf[fl++] = s[i];
    }
    if (!digits) return -1;
    fbuf[fl] = 0;
    /* the fraction as a correctly rounded double, truncated to 1/65536 steps */
    double frac = floor(strtod(fbuf, NULL) * 65536.0);
    if (frac >= 65536.0) frac = 65535.0;
    uint32_t raw = ((uint32_t)ip << 16) | (uint32_t)frac;
    *out = m8_num_from_raw((int32_t)raw);
    return i;
}

int m8_num_parse_literal(const char *s, int len, double *out, int *used)
{
    int n;
    if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X' || s[1] == 'b' || s[1] == 'B')) {
        uint32_t raw;
        n = parse_based(s + 2, len - 2, (s[1] | 0x20) == 'x' ? 16 : 2, &raw);
        if (n < 0) return 0;
        *out = m8_num_from_raw((int32_t)raw);
        *used = n + 2;
        return 1;
    }
    n = parse_decimal(s, len, out);
    if (n < 0) return 0;
    *used = n;
    return 1;
}

static int is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

int m8_num_parse(const char *s, int len, int flags, double *out)
{
    int a = 0, b = len;
    if (!s || len < 0) return 0;
    while (a < b && is_space((unsigned char)s[a])) a++;
    while (b > a && is_space((unsigned char)s[b - 1])) b--;
    if (a == b) return 0;
    if (flags & 3) {
        /* raw forms: flag 1 = hex digits without 0x (others count as 0), flag 2 = integer
         * that is the raw 32-bit pattern (value = n / 65536) */
        int neg = 0, i = a;
        if (s[i] == '-') { neg = 1; i++; }
        uint32_t acc = 0;
        if (flags & 1) {
            uint32_t frac = 0;
            int fshift = 16, infrac = 0;
            for (; i < b; i++) {
                int d = hexval((unsigned char)s[i]);
                if (s[i] == '.' && !(flags & 2) && !infrac) { infrac = 1; continue; }
                if (d < 0) d = 0;
                if (infrac) { fshift -= 4; if (fshift >= 0) frac |= (uint32_t)d << fshift; }
                else acc = (acc << 4) | (uint32_t)d;
            }
            if (!(flags & 2)) acc = (acc << 16) | (frac & 0xffff);
        } else {
            int digits = 0;
            for (; i < b && s[i] >= '0' && s[i] <= '9'; i++, digits++) acc = acc * 10u + (uint32_t)(s[i] - '0');
            if (!digits || i != b) return 0;
        }
        if (neg) acc = 0u - acc;
        *out = m8_num_from_raw((int32_t)acc);
        return 1;
    }
    int neg = 0, i = a, used = 0;
    if (s[i] == '-') { neg = 1; i++; }
    double v;
    if (i >= b || !m8_num_parse_literal(s + i, b - i, &v, &used) || i + used != b) return 0;
    if (neg) v = m8_num_from_raw((int32_t)(0u - (uint32_t)m8_num_to_raw(v)));
    *out = v;
    return 1;
}

/* ---- arithmetic (7.3, 7.4) ---- */

/* The 16.16 pattern of a / b. */
static int32_t div_raw(double a, double b)
{
    a = clean(a); b = clean(b);
    int64_t ra = m8_num_to_raw(a), rb = m8_num_to_raw(b);
    if (rb == 0) return a >= 0 ? INT32_MAX : -INT32_MAX;  /* signs agree (0/0 too) */
    int64_t q = ra * 65536 / rb;                           /* (a_raw << 16) / b_raw, truncated */
    if (q > INT32_MAX) return INT32_MAX;                   /* saturates like /0 */
    if (q < INT32_MIN) return -INT32_MAX;                  /* (-32768/1 is -32768) */
    return (int32_t)q;
}

double m8_num_div(double a, double b) { return m8_num_from_raw(div_raw(a, b)); }

double m8_num_mod(double a, double b)
{
    a = clean(a); b = clean(b);
    if (b == 0) return a;
    int32_t ra, rb;
    if (m8_num_grid_raw(a, &ra) && m8_num_grid_raw(b, &rb)) {
        /* fmod of two 16.16 values is exact: the remainder of their patterns; a zero keeps
         * the sign of a as fmod's does */
        int64_t m = rb < 0 ? -(int64_t)rb : rb;
        int64_t r = ra % m;
        if (r < 0) r += m;
        return r ? (double)r / 65536.0 : a * 0.0;
    }
    b = fabs(b);
    double r = fmod(a, b);
    if (r < 0) r += b;
    if (r >= b) r = 0;
    return r;
}

double m8_num_flr(double v) { return floor(clean(v)); }
double m8_num_ceil(double v) { return ceil(clean(v)); }
double m8_num_idiv(double a, double b)
{
    return (double)(div_raw(a, b) >> 16);      /* floor of a 16.16 value: no libm call */
}

/* ---- bitwise on the raw pattern (7.5) ---- */

#define RAW(x) ((uint32_t)m8_num_to_raw(x))
#define VAL(u) m8_num_from_raw((int32_t)(uint32_t)(u))

double m8_num_band(double a, double b) { return VAL(RAW(a) & RAW(b)); }
double m8_num_bor(double a, double b) { return VAL(RAW(a) | RAW(b)); }
double m8_num_bxor(double a, double b) { return VAL(RAW(a) ^ RAW(b)); }
double m8_num_bnot(double a) { return VAL(~RAW(a)); }

static uint32_t lsl(uint32_t u, int n) { return n >= 32 ? 0 : u << n; }
static uint32_t lsr(uint32_t u, int n) { return n >= 32 ? 0 : u >> n; }
static uint32_t asr(uint32_t u, int n)
{
    if (n > 31) n = 31;
    return (uint32_t)((int32_t)u >> n);  /* arithmetic on every C11 compiler we target */
}

/* shift counts: flr(n); n <= -32 or >= 32 give the saturated cases */
static int shift_count(double n)
{
    int k = m8_num_to_int(n);
    if (k > 64) k = 64;
    if (k < -64) k = -64;
    return k;
}

double m8_num_shl(double a, double n)
{
    int k = shift_count(n);
    return VAL(k >= 0 ? lsl(RAW(a), k) : lsr(RAW(a), -k));
}

double m8_num_shr(double a, double n)
{
    int k = shift_count(n);
    return VAL(k >= 0 ? asr(RAW(a), k) : lsl(RAW(a), -k));
}

double m8_num_lshr(double a, double n)
{
    int k = shift_count(n);
    return VAL(k >= 0 ? lsr(RAW(a), k) : lsl(RAW(a), -k));
}

static uint32_t rol(uint32_t u, int k) { k &= 31; return k ? (u << k) | (u >> (32 - k)) : u; }

double m8_num_rotl(double a, double n) { return VAL(rol(RAW(a), m8_num_to_int(n) & 31)); }
double m8_num_rotr(double a, double n) { return VAL(rol(RAW(a), (32 - (m8_num_to_int(n) & 31)) & 31)); }
