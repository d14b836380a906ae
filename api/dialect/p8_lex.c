/* p8_lex.c - lexer for the PICO-8 Lua dialect (reference section 6.1).
 *
 * Hand-written scanner over P8SCII bytes: longest-match operators including the PICO-8 ones
 * and their `op=` forms, `--` and `//` comments, long brackets, numbers through
 * m8_num_parse_literal (so `5end` is 5 then `end`, 0xffff is -1), strings decoded to raw
 * bytes with Lua's escapes plus PICO-8's \* \# \- \| \+ \^, and `#include name` lines.
 * Depends on: p8_alloc.h (its allocator is defined here), p8num.h, libc. */
#include "p8_lex.h"
#include "p8_alloc.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "p8num.h"

typedef struct lexer {
    const char *src, *end, *p;
    int line;
    int at_line_start;     /* only whitespace since the last newline */
    p8_lexed *out;
    int *err_line;
    char *err;
    size_t cap;
    int lline;             /* logical line (p8_tok.lline), from 1 */
} lexer;

static const char *const kw[] = {
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
    "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"
};

static const char *const lua_text[P8T_COUNT] = {
    [P8T_EOF] = "<eof>", [P8T_NAME] = "<name>", [P8T_NUMBER] = "<number>",
    [P8T_STRING] = "<string>", [P8T_INCLUDE] = "#include",
    [P8T_AND] = "and", [P8T_BREAK] = "break", [P8T_DO] = "do", [P8T_ELSE] = "else",
    [P8T_ELSEIF] = "elseif", [P8T_END] = "end", [P8T_FALSE] = "false", [P8T_FOR] = "for",
    [P8T_FUNCTION] = "function", [P8T_GOTO] = "goto", [P8T_IF] = "if", [P8T_IN] = "in",
    [P8T_LOCAL] = "local", [P8T_NIL] = "nil", [P8T_NOT] = "not", [P8T_OR] = "or",
    [P8T_REPEAT] = "repeat", [P8T_RETURN] = "return", [P8T_THEN] = "then",
    [P8T_TRUE] = "true", [P8T_UNTIL] = "until", [P8T_WHILE] = "while",
    [P8T_PLUS] = "+", [P8T_MINUS] = "-", [P8T_STAR] = "*", [P8T_SLASH] = "/",
    [P8T_BSLASH] = "\\", [P8T_PERCENT] = "%", [P8T_CARET] = "^", [P8T_CONCAT] = "..",
    [P8T_AMP] = "&", [P8T_PIPE] = "|", [P8T_XOR] = "^^", [P8T_SHL] = "<<", [P8T_SHR] = ">>",
    [P8T_LSHR] = ">>>", [P8T_ROTL] = "<<>", [P8T_ROTR] = ">><",
    [P8T_TILDE] = "~", [P8T_HASH] = "#", [P8T_EQ] = "==", [P8T_NE] = "~=", [P8T_LE] = "<=",
    [P8T_GE] = ">=", [P8T_LT] = "<", [P8T_GT] = ">", [P8T_ASSIGN] = "=",
    [P8T_LPAREN] = "(", [P8T_RPAREN] = ")", [P8T_LBRACE] = "{", [P8T_RBRACE] = "}",
    [P8T_LBRACKET] = "[", [P8T_RBRACKET] = "]", [P8T_DBCOLON] = "::", [P8T_SEMI] = ";",
    [P8T_COLON] = ":", [P8T_COMMA] = ",", [P8T_DOT] = ".", [P8T_DOTS] = "...",
    [P8T_AT] = "@", [P8T_DOLLAR] = "$", [P8T_QUESTION] = "?", [P8T_COMPOUND] = "op=",
};

const char *p8_tok_lua(int type) { return type >= 0 && type < P8T_COUNT ? lua_text[type] : "?"; }

const char *p8_tok_name(int type)
{
    static _Thread_local char buf[8][24];   /* per thread: launcher label threads compile carts */
    static _Thread_local int k;
    char *b = buf[k++ & 7];
    if (type == P8T_EOF || type == P8T_NAME || type == P8T_NUMBER || type == P8T_STRING)
        return p8_tok_lua(type);
    if (type == P8T_NE) return "'!='";
    snprintf(b, sizeof buf[0], "'%s'", p8_tok_lua(type));
    return b;
}

static int lex_error(lexer *lx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lx->err, lx->cap, fmt, ap);
    va_end(ap);
    *lx->err_line = lx->line;
    return -1;
}

void *(*m8_dialect_realloc)(void *p, size_t n) = realloc;
void (*m8_dialect_free)(void *p) = free;

/* The lexer running in this thread and where an allocation that fails in it jumps (back
 * into p8_lex, which returns the error). */
static _Thread_local lexer *lexing;
static _Thread_local jmp_buf *lex_out_of_memory;

/* Grow `*p` (elements of `size` bytes) to `cap`, or end p8_lex() with "out of memory" (the
 * error is set before the jump: p8_lex reads nothing of its lexer after it). */
static void lex_grow(void **p, size_t size, size_t cap)
{
    void *grown = m8_dialect_realloc(*p, size * cap);
    if (!grown) {
        lex_error(lexing, "out of memory");
        longjmp(*lex_out_of_memory, 1);
    }
    *p = grown;
}

static p8_tok *push(lexer *lx, int type, const char *s, size_t len, int line)
{
    p8_lexed *o = lx->out;
    if (o->n == o->cap) {
        int cap = o->cap ? o->cap * 2 : 256;
        lex_grow((void **)&o->t, sizeof *o->t, (size_t)cap);
        o->cap = cap;
    }
    p8_tok *t = &o->t[o->n++];
    memset(t, 0, sizeof *t);
    t->type = type;
    t->s = s;
    t->len = len;
    t->line = line;
    t->lline = lx->lline;
    return t;
}

static void arena_put(p8_lexed *o, int c)
{
    if (o->an == o->acap) {
        size_t cap = o->acap ? o->acap * 2 : 1024;
        lex_grow((void **)&o->arena, 1, cap);
        o->acap = cap;
    }
    o->arena[o->an++] = (char)c;
}

static int is_name_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80 ||
           c == 0x1e || c == 0x1f;
}
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_name_char(int c) { return is_name_start(c) || is_digit(c); }

/* At "[" with p pointing at it: level of a long bracket "[==[" or -1. */
static int long_bracket_level(const char *p, const char *end)
{
    if (p >= end || *p != '[') return -1;
    int lv = 0;
    p++;
    while (p < end && *p == '=') { p++; lv++; }
    return (p < end && *p == '[') ? lv : -1;
}

/* Reads a long string/comment whose opening bracket starts at lx->p. If store, decoded
 * bytes go to the arena (first newline skipped, CRLF -> LF). */
static int read_long(lexer *lx, int level, int store, p8_tok *t)
{
    const char *p = lx->p + level + 2;
    int first = 1;
    if (t) t->str = lx->out->an;
    for (;;) {
        if (p >= lx->end) return lex_error(lx, store ? "unfinished long string" : "unfinished long comment");
        if (*p == ']') {
            const char *q = p + 1;
            int lv = 0;
            while (q < lx->end && *q == '=') { q++; lv++; }
            if (lv == level && q < lx->end && *q == ']') { lx->p = q + 1; break; }
        }
        if (*p == '\r' && p + 1 < lx->end && p[1] == '\n') p++;
        if (*p == '\n') {
            lx->line++;
            if (store) lx->lline++;            /* a long string's newline ends a line */
            if (store && !first) arena_put(lx->out, '\n');
            first = 0;
            p++;
            continue;
        }
        first = 0;
        if (store) arena_put(lx->out, (unsigned char)*p);
        p++;
    }
    if (t) t->slen = lx->out->an - t->str;
    return 0;
}

static int hexd(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int read_string(lexer *lx, p8_tok *t)
{
    char q = *lx->p++;
    p8_lexed *o = lx->out;
    t->str = o->an;
    for (;;) {
        if (lx->p >= lx->end || *lx->p == '\n') return lex_error(lx, "unfinished string");
        int c = (unsigned char)*lx->p++;
        if (c == q) break;
        if (c != '\\') { arena_put(o, c); continue; }
        if (lx->p >= lx->end) return lex_error(lx, "unfinished string");
        c = (unsigned char)*lx->p++;
        switch (c) {
        case 'a': arena_put(o, 7); break;
        case 'b': arena_put(o, 8); break;
        case 'f': arena_put(o, 12); break;
        case 'n': arena_put(o, 10); break;
        case 'r': arena_put(o, 13); break;
        case 't': arena_put(o, 9); break;
        case 'v': arena_put(o, 11); break;
        /* PICO-8 control-code escapes 1-6 */
        case '*': arena_put(o, 1); break;
        case '#': arena_put(o, 2); break;
        case '-': arena_put(o, 3); break;
        case '|': arena_put(o, 4); break;
        case '+': arena_put(o, 5); break;
        case '^': arena_put(o, 6); break;
        case '\r':
            if (lx->p < lx->end && *lx->p == '\n') lx->p++;
            /* fall through */
        case '\n':
            lx->line++;
            lx->lline++;
            arena_put(o, '\n');
            break;
        case 'x': {
            int h1 = lx->p < lx->end ? hexd((unsigned char)lx->p[0]) : -1;
            int h2 = lx->p + 1 < lx->end ? hexd((unsigned char)lx->p[1]) : -1;
            if (h1 < 0 || h2 < 0) return lex_error(lx, "hexadecimal digit expected in string escape");
            arena_put(o, h1 * 16 + h2);
            lx->p += 2;
            break;
        }
        case 'z':
            while (lx->p < lx->end && (unsigned char)*lx->p <= ' ') {
                if (*lx->p == '\n') { lx->line++; lx->lline++; }
                lx->p++;
            }
            break;
        default:
            if (is_digit(c)) {
                int v = c - '0', k = 1;
                while (k < 3 && lx->p < lx->end && is_digit((unsigned char)*lx->p)) {
                    v = v * 10 + (*lx->p++ - '0');
                    k++;
                }
                if (v > 255) return lex_error(lx, "decimal escape too large");
                arena_put(o, v);
            } else {
                arena_put(o, c);    /* \\ \" \' and (leniently) any other character */
            }
        }
    }
    t->slen = o->an - t->str;
    return 0;
}

/* Operators: longest match. Returns the token type and sets *n (chars), or -1. */
static int scan_op(const char *p, const char *end, int *n)
{
#define AT(i) (p + (i) < end ? p[i] : 0)
    int t;
    *n = 1;
    switch (p[0]) {
    case '+': t = P8T_PLUS; break;
    case '-': t = P8T_MINUS; break;
    case '*': t = P8T_STAR; break;
    case '/': t = P8T_SLASH; break;
    case '\\': t = P8T_BSLASH; break;
    case '%': t = P8T_PERCENT; break;
    case '&': t = P8T_AMP; break;
    case '|': t = P8T_PIPE; break;
    case '#': return P8T_HASH;
    case '(': return P8T_LPAREN;
    case ')': return P8T_RPAREN;
    case '{': return P8T_LBRACE;
    case '}': return P8T_RBRACE;
    case '[': return P8T_LBRACKET;
    case ']': return P8T_RBRACKET;
    case ';': return P8T_SEMI;
    case ',': return P8T_COMMA;
    case '@': return P8T_AT;
    case '$': return P8T_DOLLAR;
    case '?': return P8T_QUESTION;
    case ':': if (AT(1) == ':') { *n = 2; return P8T_DBCOLON; } return P8T_COLON;
    case '=': if (AT(1) == '=') { *n = 2; return P8T_EQ; } return P8T_ASSIGN;
    case '!': if (AT(1) == '=') { *n = 2; return P8T_NE; } return -1;
    case '~': if (AT(1) == '=') { *n = 2; return P8T_NE; } return P8T_TILDE;
    case '^': if (AT(1) == '^') { *n = 2; t = P8T_XOR; } else t = P8T_CARET; break;
    case '.':
        if (AT(1) == '.') {
            if (AT(2) == '.') { *n = 3; return P8T_DOTS; }
            *n = 2; t = P8T_CONCAT; break;
        }
        return P8T_DOT;
    case '<':
        if (AT(1) == '<') {
            if (AT(2) == '>') { *n = 3; t = P8T_ROTL; } else { *n = 2; t = P8T_SHL; }
            break;
        }
        if (AT(1) == '=') { *n = 2; return P8T_LE; }
        return P8T_LT;
    case '>':
        if (AT(1) == '>') {
            if (AT(2) == '>') { *n = 3; t = P8T_LSHR; }
            else if (AT(2) == '<') { *n = 3; t = P8T_ROTR; }
            else { *n = 2; t = P8T_SHR; }
            break;
        }
        if (AT(1) == '=') { *n = 2; return P8T_GE; }
        return P8T_GT;
    default: return -1;
    }
    /* a binary operator: `op=` is its compound assignment */
    if (AT(*n) == '=' && !(AT(*n + 1) == '=')) { (*n)++; return -t - 2; }
    return t;
#undef AT
}

/* The whole source into tokens (p8_lex's work). 0, or -1 with the error set. */
static int lex_all(lexer *lx)
{
    p8_lexed *out = lx->out;
    while (lx->p < lx->end) {
        int c = (unsigned char)*lx->p;
        if (c == '\n') { lx->line++; lx->lline++; lx->p++; lx->at_line_start = 1; continue; }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') { lx->p++; continue; }
        int was_start = lx->at_line_start;
        lx->at_line_start = 0;
        /* comments */
        if (c == '-' && lx->p + 1 < lx->end && lx->p[1] == '-') {
            lx->p += 2;
            int lv = long_bracket_level(lx->p, lx->end);
            if (lv >= 0) {
                if (read_long(lx, lv, 0, NULL)) return -1;
            } else {
                while (lx->p < lx->end && *lx->p != '\n') lx->p++;
            }
            continue;
        }
        if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/') {
            while (lx->p < lx->end && *lx->p != '\n') lx->p++;
            continue;
        }
        /* #include at the start of a line */
        if (c == '#' && was_start && lx->end - lx->p > 8 && !memcmp(lx->p, "#include", 8) &&
            (lx->p[8] == ' ' || lx->p[8] == '\t')) {
            const char *a = lx->p + 9, *b;
            while (a < lx->end && (*a == ' ' || *a == '\t')) a++;
            b = a;
            while (b < lx->end && *b != '\n') b++;
            lx->p = b;
            while (b > a && (unsigned char)b[-1] <= ' ') b--;
            p8_tok *t = push(lx, P8T_INCLUDE, a, (size_t)(b - a), lx->line);
            t->str = out->an;
            for (const char *q = a; q < b; q++) arena_put(out, (unsigned char)*q);
            t->slen = (size_t)(b - a);
            continue;
        }
        const char *start = lx->p;
        if (is_name_start(c)) {
            while (lx->p < lx->end && is_name_char((unsigned char)*lx->p)) lx->p++;
            size_t n = (size_t)(lx->p - start);
            int type = P8T_NAME;
            for (size_t k = 0; k < sizeof kw / sizeof kw[0]; k++)
                if (strlen(kw[k]) == n && !memcmp(kw[k], start, n)) { type = P8T_AND + (int)k; break; }
            push(lx, type, start, n, lx->line);
            continue;
        }
        if (is_digit(c) || (c == '.' && lx->p + 1 < lx->end && is_digit((unsigned char)lx->p[1]))) {
            double v;
            int used;
            /* don't let "1..x" take the first dot of a concatenation */
            int n = (int)(lx->end - lx->p);
            for (int k = 0; k + 1 < n; k++) {
                int ch = (unsigned char)lx->p[k];
                if (ch == '.' && lx->p[k + 1] == '.') { n = k; break; }
                if (!(is_name_char(ch) || ch == '.')) break;
            }
            if (!m8_num_parse_literal(lx->p, n, &v, &used))
                return lex_error(lx, "malformed number near '%.*s'", n > 12 ? 12 : n, lx->p);
            p8_tok *t = push(lx, P8T_NUMBER, start, (size_t)used, lx->line);
            t->num = v;
            lx->p += used;
            continue;
        }
        if (c == '"' || c == '\'') {
            p8_tok *t = push(lx, P8T_STRING, start, 0, lx->line);
            int idx = out->n - 1;
            if (read_string(lx, t)) return -1;
            out->t[idx].len = (size_t)(lx->p - start);
            continue;
        }
        if (c == '[') {
            int lv = long_bracket_level(lx->p, lx->end);
            if (lv >= 0) {
                push(lx, P8T_STRING, start, 0, lx->line);
                int idx = out->n - 1;
                p8_tok tmp = out->t[idx];
                if (read_long(lx, lv, 1, &tmp)) return -1;
                tmp.len = (size_t)(lx->p - start);
                out->t[idx] = tmp;
                continue;
            }
        }
        int n, type = scan_op(lx->p, lx->end, &n);
        if (type == -1) {
            if (c < 0x20 || c == 0x7f)
                return lex_error(lx, "unexpected character (byte 0x%02x)", c);
            return lex_error(lx, "unexpected symbol near '%c'", c);
        }
        if (type < -1) {
            p8_tok *t = push(lx, P8T_COMPOUND, start, (size_t)n, lx->line);
            t->op = -type - 2;
        } else {
            push(lx, type, start, (size_t)n, lx->line);
        }
        lx->p += n;
    }
    push(lx, P8T_EOF, lx->end, 0, lx->line);
    return 0;
}

void p8_lex_free(p8_lexed *lx)
{
    m8_dialect_free(lx->t);
    m8_dialect_free(lx->arena);
    memset(lx, 0, sizeof *lx);
}

int p8_lex(const char *src, size_t len, p8_lexed *out, int *err_line, char *err, size_t cap)
{
    lexer L = { src, src + len, src, 1, 1, out, err_line, err, cap, 1 };
    memset(out, 0, sizeof *out);
    jmp_buf here, *outer = lex_out_of_memory;
    lexer *outer_lexer = lexing;
    lex_out_of_memory = &here;
    lexing = &L;
    volatile int rc = -1;               /* -1 stays when an allocation failed (error set; */
    if (setjmp(here) == 0)              /* p8_lex_free frees what was lexed) */
        rc = lex_all(&L);
    lex_out_of_memory = outer;
    lexing = outer_lexer;
    return rc;
}
