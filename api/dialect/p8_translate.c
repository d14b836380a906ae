/* p8_translate.c - PICO-8 Lua dialect -> Lua 5.4 source (reference section 6.1).
 *
 * A recursive-descent parser over the p8_lex token array that re-emits the program as Lua 5.4
 * text. Expressions are parsed fully (Lua-style precedence climbing with the PICO-8 operators
 * slotted in) so PICO-8-only operators become parenthesised helper calls (__m8_band(a,b) ...);
 * statements get their sugar removed: compound assignment (target table and key evaluated
 * once), `!=`, one-line `if (c) ...` / `while (c) ...`, `?` print (statement or expression),
 * `#include`; line 1 starts with PICO-8's builtin chunk locals (reference 6.3).
 *
 * Line keeping: every emitted token is preceded, when its line differs from the previous
 * token's, by a marker "\x01<line>\x02"; a final pass turns markers into enough newlines to
 * put the token on its source line. Emission order is source order, so lines never need to
 * go back. Out of memory ends a translation with that error, never an abort (p8_alloc.h).
 * Depends on: m8conf.h, p8_alloc.h, p8_helpers.h (the helper names), p8_lex.h, p8num.h
 * (through the lexer), cart_names.h (which #include names may be read), libc. */
#include "p8_translate.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cart_names.h"
#include "m8conf.h"
#include "p8_alloc.h"
#include "p8_helpers.h"
#include "p8_lex.h"
#include "p8num.h"

#define MAX_INCLUDE_DEPTH 8

/* ---- growable text buffers (owned by the parser's pool, freed all at once) ---- */

typedef struct sbuf { char *p; size_t n, cap; } sbuf;

/* Out of memory: the translation running in this thread ends with that error (defined
 * below, with the parser). */
static _Noreturn void out_of_memory(void);

/* m8_dialect_realloc, or the translation ends with "out of memory" (p owned by the caller
 * stays valid and is freed with the pool). */
static void *grow(void *p, size_t n)
{
    void *q = m8_dialect_realloc(p, n);
    if (!q) out_of_memory();
    return q;
}

static void sb_put(sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t c = b->cap ? b->cap : 64;
        while (c < b->n + n + 1) c *= 2;
        b->p = grow(b->p, c);
        b->cap = c;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}
static void sb_puts(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }
static void sb_cat(sbuf *b, const sbuf *o) { if (o->n) sb_put(b, o->p, o->n); }

/* ---- parser state ---- */

enum { E_OTHER, E_NUM, E_MULTI, E_NAME, E_CAT, E_STR };

typedef struct expr {
    sbuf *b;
    int kind;       /* E_NUM: numeric literal (value in num); E_MULTI: call or `...`;
                       E_NAME: a single name; E_CAT: "a,b,c" arguments of a pending __m8_cat */
    double num;
} expr;

typedef struct parser {
    p8_lexed lx;
    const char *fname;      /* included file name, NULL for the main source */
    int pos;
    int fixed_line;         /* > 0: every token is emitted on this line (#include'd file) */
    int depth;
    int short_line;         /* > 0 inside a one-line if/while body: the body's logical line */
    sbuf *out;
    sbuf **pool;
    int npool, cappool;
    jmp_buf *jb;
    m8_translate_error *err;
    m8_include_fn include;
    void *ud;
    struct parser *root;    /* owner of the pool and the jump buffer */
    int nesting;            /* root only: open expressions and statements (M8_TRANSLATE_MAX_NESTING) */
    int label_run;          /* root only: labels in the current run of `::x::` and `;` (Lua
                             * nests a C level per label of a run, as per nested statement) */
    size_t code_chars;      /* root only: characters of code so far, includes counted */
    /* labels and gotos (root only): Lua 5.4 forbids a label that shadows a visible one,
     * Lua 5.2/PICO-8 allows it, so such labels are renamed and gotos resolved here */
    struct lblock { int id, func; } *blocks;
    int nblocks, capblocks, next_block, func;
    struct label { char *name; int block, func; char *emit; } *labels;
    int nlabels, caplabels;
    struct jump { char *name; int block, func; char *target; } *jumps;
    int njumps, capjumps, label_serial;
    sbuf *assigned;         /* root only: ",name," for each builtin local or helper name a
                             * statement assigns as a whole (`x = ...`, `x += ...`,
                             * `function x()`), in the pool */
} parser;

/* The parser working in this thread: the root's, or an #include'd file's while it is parsed
 * (out_of_memory fails there, so the message names the file as a syntax error's would). */
static _Thread_local parser *translating;

static _Noreturn void fail(parser *P, const char *fmt, ...);

static _Noreturn void out_of_memory(void) { fail(translating, "out of memory"); }

static sbuf *newbuf(parser *P)
{
    parser *R = P->root;
    if (R->npool == R->cappool) {
        int cap = R->cappool ? R->cappool * 2 : 64;
        R->pool = grow(R->pool, sizeof *R->pool * (size_t)cap);
        R->cappool = cap;
    }
    sbuf *b = grow(NULL, sizeof *b);
    memset(b, 0, sizeof *b);
    R->pool[R->npool++] = b;
    return b;
}

static void free_pool(parser *R)
{
    for (int i = 0; i < R->npool; i++) {
        m8_dialect_free(R->pool[i]->p);
        m8_dialect_free(R->pool[i]);
    }
    m8_dialect_free(R->pool);
    R->pool = NULL;
    R->npool = R->cappool = 0;
}


#define GROW(arr, n, cap) do { if ((n) == (cap)) { int grown_ = (cap) ? (cap) * 2 : 16; \
    (arr) = grow((arr), sizeof *(arr) * (size_t)grown_); (cap) = grown_; } } while (0)

/* A copy of s that lives until the end of the translation (in the buffer pool). */
static char *pool_strdup(parser *P, const char *s)
{
    sbuf *b = newbuf(P);
    sb_put(b, s, strlen(s));
    return b->p;
}

static void enter_block(parser *P)
{
    parser *R = P->root;
    GROW(R->blocks, R->nblocks, R->capblocks);
    R->blocks[R->nblocks].id = ++R->next_block;
    R->blocks[R->nblocks].func = R->func;
    R->nblocks++;
    R->label_run = 0;                  /* a run of labels ends where a block begins or ends */
}

static struct label *find_label(parser *R, const char *name, int block)
{
    for (int i = R->nlabels - 1; i >= 0; i--)
        if (R->labels[i].block == block && !strcmp(R->labels[i].name, name)) return &R->labels[i];
    return NULL;
}

static void leave_block(parser *P)
{
    parser *R = P->root;
    struct lblock cur = R->blocks[--R->nblocks];
    int outer = R->nblocks > 0 && R->blocks[R->nblocks - 1].func == cur.func ?
                R->blocks[R->nblocks - 1].id : 0;
    /* pending gotos move out to the enclosing block and may match its labels */
    for (int i = 0; i < R->njumps; i++) {
        struct jump *j = &R->jumps[i];
        if (j->target || j->block != cur.id) continue;
        struct label *l = outer ? find_label(R, j->name, outer) : NULL;
        if (l) j->target = l->emit;
        else j->block = outer ? outer : -1;      /* -1: left for Lua to report */
    }
    while (R->nlabels > 0 && R->labels[R->nlabels - 1].block == cur.id) R->nlabels--;
    R->label_run = 0;
}

static void declare_label(parser *P, sbuf *b, const char *name)
{
    parser *R = P->root;
    int block = R->blocks[R->nblocks - 1].id;
    int shadow = 0;
    for (int i = 0; i < R->nlabels; i++)
        if (R->labels[i].func == R->func && !strcmp(R->labels[i].name, name)) shadow = 1;
    char emit[320];
    if (shadow) snprintf(emit, sizeof emit, "%s__m8l%d", name, ++R->label_serial);
    else snprintf(emit, sizeof emit, "%s", name);
    GROW(R->labels, R->nlabels, R->caplabels);
    struct label *l = &R->labels[R->nlabels++];
    l->name = pool_strdup(P, name);
    l->block = block;
    l->func = R->func;
    l->emit = pool_strdup(P, emit);
    for (int i = 0; i < R->njumps; i++) {
        struct jump *j = &R->jumps[i];
        if (!j->target && j->block == block && !strcmp(j->name, name)) j->target = l->emit;
    }
    sb_puts(b, emit);
    sb_puts(b, " ");
}

static void emit_goto(parser *P, sbuf *b, const char *name)
{
    parser *R = P->root;
    int block = R->blocks[R->nblocks - 1].id;
    struct label *l = find_label(R, name, block);
    GROW(R->jumps, R->njumps, R->capjumps);
    struct jump *j = &R->jumps[R->njumps];
    j->name = pool_strdup(P, name);
    j->block = block;
    j->func = R->func;
    j->target = l ? l->emit : NULL;
    char ph[24];
    snprintf(ph, sizeof ph, "\x03%d\x04 ", R->njumps++);
    sb_puts(b, ph);
}

static void free_labels(parser *R)
{
    m8_dialect_free(R->jumps);
    m8_dialect_free(R->labels);
    m8_dialect_free(R->blocks);
}

static p8_tok *tok(parser *P) { return &P->lx.t[P->pos]; }
static p8_tok *peek_at(parser *P, int k)
{
    int i = P->pos + k;
    return &P->lx.t[i < P->lx.n ? i : P->lx.n - 1];
}
static int tt(parser *P) { return tok(P)->type; }
static int out_line(parser *P, const p8_tok *t) { return P->fixed_line > 0 ? P->fixed_line : t->line; }

static void tok_text(parser *P, const p8_tok *t, char *buf, size_t cap)
{
    if (t->type == P8T_EOF) { snprintf(buf, cap, "<eof>"); return; }
    size_t n = t->len > 20 ? 20 : t->len;
    char tmp[24];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t->s[i];
        tmp[k++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    tmp[k] = 0;
    snprintf(buf, cap, "%s%s", tmp, t->len > 20 ? "..." : "");
}

static _Noreturn void fail(parser *P, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    parser *R = P->root;
    p8_tok *t = tok(P);
    if (P->fname) {
        snprintf(R->err->message, sizeof R->err->message, "in #include %s, line %d: %s", P->fname,
                 t->line, msg);
        R->err->line = P->fixed_line;
    } else {
        snprintf(R->err->message, sizeof R->err->message, "%s", msg);
        R->err->line = t->line;
    }
    longjmp(*R->jb, 1);
}

static void fail_near(parser *P, const char *what)
{
    char near[40];
    tok_text(P, tok(P), near, sizeof near);
    fail(P, "%s near '%s'", what, near);
}

static void expect(parser *P, int type)
{
    if (tt(P) != type) {
        char what[64];
        snprintf(what, sizeof what, "%s expected", p8_tok_name(type));
        fail_near(P, what);
    }
}

/* The 'end' of a block opened by `what` on line `open_line`; when it is missing (and the
 * block began on another line, as Lua says it) the error also names the block and the
 * line it began on (main source only: an #include'd file's lines are reported apart). */
static void expect_end(parser *P, const char *what, int open_line)
{
    if (tt(P) != P8T_END && !P->fname && open_line != tok(P)->line) {
        m8_translate_error *e = P->root->err;
        e->open_line = open_line;
        snprintf(e->open_what, sizeof e->open_what, "%s", what);
    }
    expect(P, P8T_END);
}

/* ---- emission ---- */

static void marker(parser *P, sbuf *b, int idx)
{
    const p8_tok *t = &P->lx.t[idx];
    int line = out_line(P, t);
    int prev = idx > 0 ? out_line(P, &P->lx.t[idx - 1]) : 1;
    if (idx == 0 || line != prev) {
        char m[24];
        int n = snprintf(m, sizeof m, "\x01%d\x02", line);
        sb_put(b, m, (size_t)n);
    }
}

/* The Lua spelling of one byte of a name: itself, or _xNN for P8SCII glyphs and controls. */
static size_t mangled_byte(unsigned char c, char piece[8])
{
    if (c >= 0x80 || c < 0x20) return (size_t)snprintf(piece, 8, "_x%02x", c);
    piece[0] = (char)c;
    return 1;
}

static void put_name(sbuf *b, const char *s, size_t len)
{
    char piece[8];
    for (size_t i = 0; i < len; i++) sb_put(b, piece, mangled_byte((unsigned char)s[i], piece));
}

/* Allocates nothing (it runs outside translations too, where out of memory has no error
 * path): the mangled name goes straight into out, cut at cap - 1 bytes. */
size_t m8_translate_mangle(const char *name, size_t len, char *out, size_t cap)
{
    if (!cap) return 0;
    size_t n = 0;
    char piece[8];
    for (size_t i = 0; i < len && n < cap - 1; i++) {
        size_t k = mangled_byte((unsigned char)name[i], piece);
        for (size_t j = 0; j < k && n < cap - 1; j++) out[n++] = piece[j];
    }
    out[n] = 0;
    return n;
}

static void put_number(sbuf *b, double v)
{
    char tmp[40];
    if (v == (double)(long long)v && v > -2147483648.0 && v < 2147483648.0)
        snprintf(tmp, sizeof tmp, v < 0 ? "(%lld)" : "%lld", (long long)v);
    else
        snprintf(tmp, sizeof tmp, v < 0 ? "(%.17g)" : "%.17g", v);
    sb_puts(b, tmp);
}

/* A quoted Lua 5.4 string: printable ASCII raw, everything else as \ddd; a newline becomes
 * backslash + real newline (keeps the line count) unless the text is kept on one line. */
static void put_string(sbuf *b, const char *s, size_t n, int flat)
{
    char tmp[8];
    sb_put(b, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') { tmp[0] = '\\'; tmp[1] = (char)c; sb_put(b, tmp, 2); }
        else if (c == '\n' && !flat) sb_put(b, "\\\n", 2);
        else if (c >= 0x20 && c < 0x7f) sb_put(b, (const char *)&s[i], 1);
        else { snprintf(tmp, sizeof tmp, "\\%03d", c); sb_put(b, tmp, 4); }
    }
    sb_put(b, "\" ", 2);
}

/* The decoded bytes of a string or #include token (the arena is NULL while only empty
 * strings were read: no offset is added to a null pointer). */
static const char *tok_bytes(const parser *P, const p8_tok *t)
{
    return P->lx.arena ? P->lx.arena + t->str : "";
}

/* Emit the current token (with its line marker) and advance. */
static void emit_tok(parser *P, sbuf *b)
{
    p8_tok *t = tok(P);
    marker(P, b, P->pos);
    switch (t->type) {
    case P8T_NAME: put_name(b, t->s, t->len); sb_put(b, " ", 1); break;
    case P8T_NUMBER: put_number(b, t->num); sb_put(b, " ", 1); break;
    case P8T_STRING: put_string(b, tok_bytes(P, t), t->slen, P->fixed_line > 0); break;
    default: sb_puts(b, p8_tok_lua(t->type)); sb_put(b, " ", 1); break;
    }
    P->pos++;
}

/* Emit only the marker of the current token and advance (its text is replaced). */
static void skip_tok(parser *P, sbuf *b)
{
    marker(P, b, P->pos);
    P->pos++;
}

static void check_emit(parser *P, sbuf *b, int type)
{
    expect(P, type);
    emit_tok(P, b);
}

/* ---- expressions ---- */

static expr subexpr(parser *P, int limit);
static int block_follow(int t);
static void block(parser *P, sbuf *b);
static void statement(parser *P, sbuf *b);

static expr mk(parser *P, int kind)
{
    expr e = { newbuf(P), kind, 0 };
    return e;
}

/* Turn a pending concatenation into its call. */
static expr fin(parser *P, expr e)
{
    if (e.kind != E_CAT) return e;
    expr r = mk(P, E_OTHER);
    sb_puts(r.b, m8_helper_name(M8_HELPER_cat));
    sb_puts(r.b, "(");
    sb_cat(r.b, e.b);
    sb_puts(r.b, ")");
    return r;
}

static expr expression(parser *P) { return fin(P, subexpr(P, 0)); }

static int explist(parser *P, sbuf *b)
{
    int n = 1;
    expr e = expression(P);
    sb_cat(b, e.b);
    while (tt(P) == P8T_COMMA) {
        emit_tok(P, b);
        e = expression(P);
        sb_cat(b, e.b);
        n++;
    }
    return n;
}

static void funcbody(parser *P, sbuf *b)
{
    int open_line = P->pos > 0 ? P->lx.t[P->pos - 1].line : tok(P)->line;   /* 'function' */
    check_emit(P, b, P8T_LPAREN);
    if (tt(P) != P8T_RPAREN) {
        for (;;) {
            if (tt(P) == P8T_NAME) emit_tok(P, b);
            else if (tt(P) == P8T_DOTS) { emit_tok(P, b); break; }
            else fail_near(P, "<name> expected");
            if (tt(P) != P8T_COMMA) break;
            emit_tok(P, b);
        }
    }
    check_emit(P, b, P8T_RPAREN);
    parser *R = P->root;
    int saved = R->func;
    R->func = ++R->next_block;
    block(P, b);
    R->func = saved;
    expect_end(P, "function", open_line);
    emit_tok(P, b);
}

static void table_cons(parser *P, sbuf *b)
{
    check_emit(P, b, P8T_LBRACE);
    while (tt(P) != P8T_RBRACE) {
        if (tt(P) == P8T_LBRACKET) {
            emit_tok(P, b);
            sb_cat(b, expression(P).b);
            check_emit(P, b, P8T_RBRACKET);
            check_emit(P, b, P8T_ASSIGN);
            sb_cat(b, expression(P).b);
        } else if (tt(P) == P8T_NAME && peek_at(P, 1)->type == P8T_ASSIGN) {
            emit_tok(P, b);
            emit_tok(P, b);
            sb_cat(b, expression(P).b);
        } else {
            sb_cat(b, expression(P).b);
        }
        if (tt(P) == P8T_COMMA || tt(P) == P8T_SEMI) emit_tok(P, b);
        else break;
    }
    check_emit(P, b, P8T_RBRACE);
}

static void call_args(parser *P, sbuf *b)
{
    switch (tt(P)) {
    case P8T_STRING: emit_tok(P, b); break;
    case P8T_LBRACE: table_cons(P, b); break;
    case P8T_LPAREN:
        emit_tok(P, b);
        if (tt(P) != P8T_RPAREN) explist(P, b);
        check_emit(P, b, P8T_RPAREN);
        break;
    default: fail_near(P, "function arguments expected");
    }
}

/* What the last suffix of a suffixed expression was, for assignment targets. */
typedef struct target {
    int kind;        /* 0 name, 1 [key], 2 .name, 3 call / other */
    size_t split;    /* prefix = b[0, split) */
    sbuf *key;       /* kind 1: key expression; kind 2: field name */
    int simple;      /* prefix and key have no calls (safe to evaluate twice) */
    int name_tok;    /* kind 0: the name's token */
} target;

static expr suffixedexp(parser *P, target *tg)
{
    expr e = mk(P, E_OTHER);
    target t = { 3, 0, NULL, 1, 0 };
    if (tt(P) == P8T_NAME) {
        t.name_tok = P->pos;
        emit_tok(P, e.b);
        e.kind = E_NAME;
        t.kind = 0;
    } else if (tt(P) == P8T_LPAREN) {
        emit_tok(P, e.b);
        expr in = expression(P);
        sb_cat(e.b, in.b);
        check_emit(P, e.b, P8T_RPAREN);
        t.simple = 0;
    } else {
        fail_near(P, "unexpected symbol");
    }
    for (;;) {
        switch (tt(P)) {
        case P8T_DOT:
            t.split = e.b->n;
            emit_tok(P, e.b);
            expect(P, P8T_NAME);
            t.key = newbuf(P);
            put_name(t.key, tok(P)->s, tok(P)->len);
            emit_tok(P, e.b);
            t.kind = 2;
            e.kind = E_OTHER;
            break;
        case P8T_LBRACKET: {
            t.split = e.b->n;
            emit_tok(P, e.b);
            expr k = expression(P);
            sb_cat(e.b, k.b);
            check_emit(P, e.b, P8T_RBRACKET);
            if (t.kind == 3 || !(k.kind == E_NAME || k.kind == E_NUM || k.kind == E_STR))
                t.simple = 0;
            t.key = k.b;
            t.kind = 1;
            e.kind = E_OTHER;
            break;
        }
        case P8T_COLON:
            emit_tok(P, e.b);
            expect(P, P8T_NAME);
            emit_tok(P, e.b);
            call_args(P, e.b);
            t.kind = 3; t.simple = 0;
            e.kind = E_MULTI;
            break;
        case P8T_LPAREN: case P8T_STRING: case P8T_LBRACE:
            call_args(P, e.b);
            t.kind = 3; t.simple = 0;
            e.kind = E_MULTI;
            break;
        default:
            if (tg) *tg = t;
            return e;
        }
    }
}

/* `?a,b` at the current token -> print(a,b) (statement or expression form). The list starts
 * on the `?` line; it is empty when nothing that starts an expression follows there. */
static void print_call(parser *P, sbuf *b)
{
    int line = tok(P)->lline;
    skip_tok(P, b);
    sb_puts(b, "print(");
    int t = tt(P);
    if (tok(P)->lline == line && !block_follow(t) && t != P8T_SEMI && t != P8T_RPAREN && t != P8T_COMMA &&
        t != P8T_RBRACE && t != P8T_RBRACKET && t != P8T_THEN && t != P8T_DO)
        explist(P, b);
    sb_puts(b, ") ");
}

static expr simpleexp(parser *P)
{
    expr e;
    switch (tt(P)) {
    case P8T_NUMBER:
        e = mk(P, E_NUM);
        e.num = tok(P)->num;
        emit_tok(P, e.b);
        return e;
    case P8T_STRING:
        e = mk(P, E_STR);
        emit_tok(P, e.b);
        return e;
    case P8T_NIL: case P8T_TRUE: case P8T_FALSE:
        e = mk(P, E_OTHER);
        emit_tok(P, e.b);
        return e;
    case P8T_DOTS:
        e = mk(P, E_MULTI);
        emit_tok(P, e.b);
        return e;
    case P8T_LBRACE:
        e = mk(P, E_OTHER);
        table_cons(P, e.b);
        return e;
    case P8T_FUNCTION:
        e = mk(P, E_OTHER);
        emit_tok(P, e.b);
        funcbody(P, e.b);
        return e;
    case P8T_QUESTION:
        /* `?a,b` as an expression (x=?"hi",0,0): print(a,b), taking every value after it */
        e = mk(P, E_MULTI);
        print_call(P, e.b);
        return e;
    default:
        return suffixedexp(P, NULL);
    }
}

/* Binary operator priorities (left, right), Lua 5.3 layout with PICO-8's operators added. */
static int binprio(int type, int *right)
{
    int l, r;
    switch (type) {
    case P8T_OR: l = r = 1; break;
    case P8T_AND: l = r = 2; break;
    case P8T_EQ: case P8T_NE: case P8T_LT: case P8T_LE: case P8T_GT: case P8T_GE: l = r = 3; break;
    case P8T_PIPE: l = r = 4; break;
    case P8T_XOR: case P8T_TILDE: l = r = 5; break;
    case P8T_AMP: l = r = 6; break;
    case P8T_SHL: case P8T_SHR: case P8T_LSHR: case P8T_ROTL: case P8T_ROTR: l = r = 7; break;
    case P8T_CONCAT: l = 9; r = 8; break;
    case P8T_PLUS: case P8T_MINUS: l = r = 10; break;
    case P8T_STAR: case P8T_SLASH: case P8T_BSLASH: case P8T_PERCENT: l = r = 11; break;
    case P8T_CARET: l = 14; r = 13; break;
    default: return 0;
    }
    *right = r;
    return l;
}
#define UNARY_PRIO 12

static const char *helper_for(int op)
{
    switch (op) {
    case P8T_AMP: return m8_helper_name(M8_HELPER_band);
    case P8T_PIPE: return m8_helper_name(M8_HELPER_bor);
    case P8T_XOR: case P8T_TILDE: return m8_helper_name(M8_HELPER_bxor);
    case P8T_SHL: return m8_helper_name(M8_HELPER_shl);
    case P8T_SHR: return m8_helper_name(M8_HELPER_shr);
    case P8T_LSHR: return m8_helper_name(M8_HELPER_lshr);
    case P8T_ROTL: return m8_helper_name(M8_HELPER_rotl);
    case P8T_ROTR: return m8_helper_name(M8_HELPER_rotr);
    case P8T_SLASH: return m8_helper_name(M8_HELPER_div);
    case P8T_PERCENT: return m8_helper_name(M8_HELPER_mod);
    case P8T_BSLASH: return m8_helper_name(M8_HELPER_idiv);
    case P8T_CARET: return m8_helper_name(M8_HELPER_pow);
    default: return NULL;
    }
}

/* l op r. `opmark` holds the operator token's line marker (may be empty). */
static expr binop(parser *P, int op, expr l, expr r, const sbuf *opmark)
{
    expr e = mk(P, E_OTHER);
    if (op == P8T_CONCAT) {
        l = fin(P, l);
        sb_cat(e.b, l.b);
        sb_puts(e.b, ",");
        sb_cat(e.b, opmark);
        sb_cat(e.b, r.b);       /* r may itself be pending: a..b..c -> __m8_cat(a,b,c) */
        e.kind = E_CAT;
        return e;
    }
    l = fin(P, l);
    r = fin(P, r);
    int native = 0;
    const char *lua_op = p8_tok_lua(op);
    switch (op) {
    /* a literal divisor with |b| >= 1 (but not -1) cannot make the quotient leave the 16.16
     * range, so Lua's own operator gives PICO-8's answer; 30000/0.5 must saturate */
    case P8T_SLASH: native = r.kind == E_NUM && fabs(r.num) >= 1 && r.num != -1; break;
    case P8T_PERCENT: native = r.kind == E_NUM && r.num > 0; break;
    case P8T_BSLASH:
        native = r.kind == E_NUM && fabs(r.num) >= 1 && r.num != -1;
        lua_op = "//";
        break;
    default: native = helper_for(op) == NULL;
    }
    if (native) {
        sb_cat(e.b, l.b);
        sb_cat(e.b, opmark);
        sb_puts(e.b, lua_op);
        sb_puts(e.b, " ");
        sb_cat(e.b, r.b);
    } else {
        sb_puts(e.b, helper_for(op));
        sb_puts(e.b, "(");
        sb_cat(e.b, l.b);
        sb_puts(e.b, ",");
        sb_cat(e.b, opmark);
        sb_cat(e.b, r.b);
        sb_puts(e.b, ")");
    }
    return e;
}

static expr subexpr_nested(parser *P, int limit);

/* Expressions and statements nest by recursion: past M8_TRANSLATE_MAX_NESTING levels (20000
 * parentheses, table constructors or `if (true)` prefixes on one line) the translation
 * stops with a tab:line error, as Lua's own parser does, before the C stack runs out. */
static void enter_nesting(parser *P)
{
    if (++P->root->nesting > M8_TRANSLATE_MAX_NESTING)
        fail(P, "too many nested levels (more than %d)", M8_TRANSLATE_MAX_NESTING);
}

static expr subexpr(parser *P, int limit)
{
    enter_nesting(P);
    expr e = subexpr_nested(P, limit);
    P->root->nesting--;
    return e;
}

static expr subexpr_nested(parser *P, int limit)
{
    expr e;
    int t = tt(P);
    if (t == P8T_NOT || t == P8T_MINUS || t == P8T_HASH || t == P8T_TILDE || t == P8T_AT ||
        t == P8T_PERCENT || t == P8T_DOLLAR) {
        sbuf *mark = newbuf(P);
        skip_tok(P, mark);
        expr o = fin(P, subexpr(P, UNARY_PRIO));
        e = mk(P, E_OTHER);
        sb_cat(e.b, mark);
        int h = t == P8T_TILDE ? M8_HELPER_bnot : t == P8T_AT ? M8_HELPER_peek :
                t == P8T_PERCENT ? M8_HELPER_peek2 : t == P8T_DOLLAR ? M8_HELPER_peek4 : -1;
        if (h >= 0) {
            sb_puts(e.b, m8_helper_name((enum m8_helper)h));
            sb_puts(e.b, "(");
            sb_cat(e.b, o.b);
            sb_puts(e.b, ")");
        } else {
            if (t == P8T_MINUS && o.kind == E_NUM) {
                /* fold -literal in 16.16, so -32768 (= -(0x8000)) stays -32768 */
                e.kind = E_NUM;
                e.num = m8_num_wrap(-o.num);
                put_number(e.b, e.num);
                sb_puts(e.b, " ");
            } else {
                sb_puts(e.b, p8_tok_lua(t));
                sb_puts(e.b, " ");
                sb_cat(e.b, o.b);
            }
        }
    } else {
        e = simpleexp(P);
    }
    for (;;) {
        int op = tt(P), right;
        int left = binprio(op, &right);
        if (!left || left <= limit) break;
        sbuf *mark = newbuf(P);
        skip_tok(P, mark);
        expr r = subexpr(P, right);
        e = binop(P, op, e, r, mark);
    }
    return e;
}

/* ---- statements ---- */

static int block_follow(int t)
{
    return t == P8T_EOF || t == P8T_END || t == P8T_ELSE || t == P8T_ELSEIF || t == P8T_UNTIL;
}

static void block(parser *P, sbuf *b)
{
    int saved = P->short_line;
    P->short_line = 0;
    enter_block(P);
    while (!block_follow(tt(P))) {
        if (tt(P) == P8T_RETURN) { statement(P, b); break; }
        statement(P, b);
    }
    leave_block(P);
    P->short_line = saved;
}

/* Statements of a one-line `if (c)` / `while (c)` body: those starting on logical line
 * `line` (p8_tok.lline: the newlines of --[[ ]] comments do not end it, as in PICO-8). */
static void short_body(parser *P, sbuf *b, int line)
{
    int saved = P->short_line;
    P->short_line = line;
    enter_block(P);
    while (!block_follow(tt(P)) && tok(P)->lline == line) {
        int was_return = tt(P) == P8T_RETURN;
        statement(P, b);
        if (was_return) break;
    }
    leave_block(P);
    P->short_line = saved;
}

/* Index of the `)` matching the `(` at the current position, or -1. */
static int match_paren(parser *P)
{
    int depth = 0;
    for (int i = P->pos; i < P->lx.n; i++) {
        int t = P->lx.t[i].type;
        if (t == P8T_LPAREN || t == P8T_LBRACKET || t == P8T_LBRACE) depth++;
        else if (t == P8T_RPAREN || t == P8T_RBRACKET || t == P8T_RBRACE) {
            if (--depth == 0) return t == P8T_RPAREN ? i : -1;
        } else if (t == P8T_EOF) return -1;
    }
    return -1;
}

/* Can this token continue an expression that ended with `)`? */
static int continues_expr(int t)
{
    int r;
    return binprio(t, &r) || t == P8T_DOT || t == P8T_COLON || t == P8T_LBRACKET ||
           t == P8T_LPAREN || t == P8T_STRING || t == P8T_LBRACE;
}

/* `if (c) stmt` / `while (c) stmt` short form? (z8lua rule: the parenthesised condition
 * is not followed by then/do or by anything continuing the expression). The body is the
 * statements starting on the line of its first token, which is usually the condition's line
 * (tweetcarts hide a newline in a --[[ ]] comment between the two). */
static int short_form(parser *P, int keyword)
{
    if (tt(P) != P8T_LPAREN) return 0;
    int m = match_paren(P);
    if (m < 0) return 0;
    const p8_tok *next = &P->lx.t[m + 1];
    if (next->type == keyword || continues_expr(next->type)) return 0;
    return 1;
}

static void cond_then_block(parser *P, sbuf *b)
{
    sb_cat(b, expression(P).b);
    if (tt(P) == P8T_DO) {                     /* PICO-8 also takes `if c do ... end` */
        skip_tok(P, b);
        sb_puts(b, "then ");
    } else {
        check_emit(P, b, P8T_THEN);
    }
    block(P, b);
}

static void ifstat(parser *P, sbuf *b)
{
    int open_line = tok(P)->line;             /* 'if' */
    emit_tok(P, b);                            /* if */
    if (short_form(P, P8T_THEN)) {
        sb_cat(b, expression(P).b);
        int line = tok(P)->lline;              /* the body's logical line */
        sb_puts(b, "then ");
        short_body(P, b, line);
        if (tt(P) == P8T_ELSE && tok(P)->lline == line) {
            emit_tok(P, b);
            short_body(P, b, line);
        }
        sb_puts(b, "end ");
        return;
    }
    cond_then_block(P, b);
    while (tt(P) == P8T_ELSEIF) {
        emit_tok(P, b);
        cond_then_block(P, b);
    }
    if (tt(P) == P8T_ELSE) {
        emit_tok(P, b);
        block(P, b);
    }
    expect_end(P, "if", open_line);
    emit_tok(P, b);
}

static void whilestat(parser *P, sbuf *b)
{
    int open_line = tok(P)->line;             /* 'while' */
    emit_tok(P, b);                            /* while */
    if (short_form(P, P8T_DO)) {
        sb_cat(b, expression(P).b);
        int line = tok(P)->lline;
        sb_puts(b, "do ");
        short_body(P, b, line);
        sb_puts(b, "end ");
        return;
    }
    sb_cat(b, expression(P).b);
    check_emit(P, b, P8T_DO);
    block(P, b);
    expect_end(P, "while", open_line);
    emit_tok(P, b);
}

static void forstat(parser *P, sbuf *b)
{
    int open_line = tok(P)->line;             /* 'for' */
    emit_tok(P, b);                            /* for */
    expect(P, P8T_NAME);
    emit_tok(P, b);
    if (tt(P) == P8T_ASSIGN) {
        emit_tok(P, b);
        sb_cat(b, expression(P).b);
        check_emit(P, b, P8T_COMMA);
        sb_cat(b, expression(P).b);
        if (tt(P) == P8T_COMMA) {
            emit_tok(P, b);
            /* a step that may be 0 goes through __m8_forstep: PICO-8's older Lua runs no
             * iteration when start < limit and loops for ever otherwise, where Lua 5.4
             * raises "'for' step is zero" */
            expr step = expression(P);
            int maybe_zero = step.kind != E_NUM || step.num == 0;
            if (maybe_zero) {
                sb_puts(b, m8_helper_name(M8_HELPER_forstep));
                sb_puts(b, "(");
            }
            sb_cat(b, step.b);
            if (maybe_zero) sb_puts(b, ")");
        }
    } else {
        while (tt(P) == P8T_COMMA) {
            emit_tok(P, b);
            expect(P, P8T_NAME);
            emit_tok(P, b);
        }
        check_emit(P, b, P8T_IN);
        explist(P, b);
    }
    check_emit(P, b, P8T_DO);
    block(P, b);
    expect_end(P, "for", open_line);
    emit_tok(P, b);
}

/* `target op= rhs`, the target's table and key evaluated once. */
static void compound(parser *P, sbuf *b, expr target_e, target *tg)
{
    int op = tok(P)->op;
    if (tg->kind == 3) fail(P, "cannot assign to a function call");
    sbuf *mark = newbuf(P);
    skip_tok(P, mark);
    expr rhs = expression(P);
    expr r = mk(P, rhs.kind == E_NUM ? E_NUM : E_OTHER);
    r.num = rhs.num;
    sb_puts(r.b, "(");
    sb_cat(r.b, rhs.b);
    sb_puts(r.b, ")");
    if (tg->kind == 0 || tg->simple) {
        /* name, or a side-effect-free a.b[c] chain: read it twice */
        expr l = { target_e.b, E_OTHER, 0 };
        expr v = fin(P, binop(P, op, l, r, mark));
        sb_cat(b, target_e.b);
        sb_puts(b, "= ");
        sb_cat(b, v.b);
        return;
    }
    if (tg->kind == 3) fail(P, "cannot assign to a function call");
    expr l = mk(P, E_OTHER);
    sb_puts(b, "do local __m8t");
    if (tg->kind == 1) sb_puts(b, ",__m8k");
    sb_puts(b, "=");
    sb_put(b, target_e.b->p, tg->split);
    if (tg->kind == 1) {
        sb_puts(b, ",");
        sb_cat(b, tg->key);
        sb_puts(l.b, "__m8t[__m8k]");
    } else {
        sb_puts(l.b, "__m8t.");
        sb_cat(l.b, tg->key);
    }
    sb_puts(b, " ");
    sb_cat(b, l.b);
    sb_puts(b, "=");
    expr v = fin(P, binop(P, op, l, r, mark));
    sb_cat(b, v.b);
    sb_puts(b, " end ");
}

/* PICO-8 copies these builtins into locals of the cart's main chunk (reference 6.3; `rnd`
 * is missing there). Carts that switch _ENV rely on it: after `_ENV=obj`, `pset` is still
 * the local. Same first line, so no line moves (put_builtin_locals). */
#define BUILTIN(n) { #n, sizeof #n - 1 }
static const struct builtin_local { const char *name; size_t len; } builtin_locals[] = {
    BUILTIN(time), BUILTIN(sub), BUILTIN(chr), BUILTIN(ord), BUILTIN(tostr), BUILTIN(tonum),
    BUILTIN(add), BUILTIN(del), BUILTIN(deli), BUILTIN(clip), BUILTIN(color), BUILTIN(pal),
    BUILTIN(palt), BUILTIN(fillp), BUILTIN(pget), BUILTIN(pset), BUILTIN(sget), BUILTIN(sset),
    BUILTIN(fget), BUILTIN(fset), BUILTIN(circ), BUILTIN(circfill), BUILTIN(rect),
    BUILTIN(rectfill), BUILTIN(oval), BUILTIN(ovalfill), BUILTIN(line), BUILTIN(spr),
    BUILTIN(sspr), BUILTIN(mget), BUILTIN(mset), BUILTIN(tline), BUILTIN(peek), BUILTIN(poke),
    BUILTIN(peek2), BUILTIN(poke2), BUILTIN(peek4), BUILTIN(poke4), BUILTIN(memcpy),
    BUILTIN(memset), BUILTIN(max), BUILTIN(min), BUILTIN(mid), BUILTIN(flr), BUILTIN(ceil),
    BUILTIN(cos), BUILTIN(sin), BUILTIN(atan2), BUILTIN(srand), BUILTIN(band), BUILTIN(bor),
    BUILTIN(bxor), BUILTIN(bnot), BUILTIN(shl), BUILTIN(shr), BUILTIN(lshr), BUILTIN(rotl),
    BUILTIN(rotr),
};
#undef BUILTIN
#define BUILTIN_LOCALS (sizeof builtin_locals / sizeof builtin_locals[0])

/* Whether a name (its bytes) is one the first line declares: a builtin local or one of the
 * translator's helpers (`__m8_...`). */
static int is_chunk_local(const char *s, size_t n)
{
    if (n > 5 && memcmp(s, "__m8_", 5) == 0) return 1;
    for (size_t i = 0; i < BUILTIN_LOCALS; i++)
        if (builtin_locals[i].len == n && memcmp(builtin_locals[i].name, s, n) == 0) return 1;
    return 0;
}

/* Record that a statement assigns the name at token idx (see parser.assigned), when it is a
 * name the first line declares (the only ones asked about; the record stays short). */
static void note_assigned(parser *P, int idx)
{
    parser *R = P->root;
    const p8_tok *t = &P->lx.t[idx];
    if (!is_chunk_local(t->s, t->len)) return;
    if (!R->assigned) {
        R->assigned = newbuf(R);
        sb_puts(R->assigned, ",");
    }
    put_name(R->assigned, t->s, t->len);
    sb_puts(R->assigned, ",");
}

/* Whether a statement of the cart assigns `name` as a whole (any scope, any function). */
static int is_assigned(const parser *R, const char *name)
{
    if (!R->assigned) return 0;
    size_t n = strlen(name);
    const char *p = R->assigned->p, *end = p + R->assigned->n;
    for (; p + n + 2 <= end; p++)
        if (p[0] == ',' && memcmp(p + 1, name, n) == 0 && p[n + 1] == ',') return 1;
    return 0;
}

static void exprstat(parser *P, sbuf *b)
{
    target tg;
    expr e = suffixedexp(P, &tg);
    if (tt(P) == P8T_COMPOUND) {
        if (tg.kind == 0) note_assigned(P, tg.name_tok);
        compound(P, b, e, &tg);
        return;
    }
    if (tt(P) == P8T_ASSIGN || tt(P) == P8T_COMMA) {
        if (tg.kind == 3) fail_near(P, "syntax error");
        if (tg.kind == 0) note_assigned(P, tg.name_tok);
        sb_cat(b, e.b);
        while (tt(P) == P8T_COMMA) {
            emit_tok(P, b);
            expr t2 = suffixedexp(P, &tg);
            if (tg.kind == 3) fail_near(P, "syntax error");
            if (tg.kind == 0) note_assigned(P, tg.name_tok);
            sb_cat(b, t2.b);
        }
        check_emit(P, b, P8T_ASSIGN);
        explist(P, b);
        return;
    }
    if (e.kind != E_MULTI) fail_near(P, "syntax error");
    sb_cat(b, e.b);
}

static void localstat(parser *P, sbuf *b)
{
    emit_tok(P, b);                            /* local */
    if (tt(P) == P8T_FUNCTION) {
        emit_tok(P, b);
        expect(P, P8T_NAME);
        emit_tok(P, b);
        funcbody(P, b);
        return;
    }
    expect(P, P8T_NAME);
    if (peek_at(P, 1)->type == P8T_COMPOUND) {
        /* z8lua: `local a += 2` means `local a = a + 2` */
        expr name = mk(P, E_NAME);
        emit_tok(P, name.b);
        target tg = { 0, 0, NULL, 1, 0 };
        compound(P, b, name, &tg);
        return;
    }
    for (;;) {
        expect(P, P8T_NAME);
        emit_tok(P, b);
        if (tt(P) == P8T_LT) {                 /* Lua 5.4 attribute <const>/<close> */
            emit_tok(P, b);
            expect(P, P8T_NAME);
            emit_tok(P, b);
            check_emit(P, b, P8T_GT);
        }
        if (tt(P) != P8T_COMMA) break;
        emit_tok(P, b);
    }
    if (tt(P) == P8T_ASSIGN) {
        emit_tok(P, b);
        explist(P, b);
    }
}

static void retstat(parser *P, sbuf *b)
{
    int line = tok(P)->lline;
    emit_tok(P, b);                            /* return */
    /* in a one-line if/while body the values must start on the return's line */
    int values = !block_follow(tt(P)) && tt(P) != P8T_SEMI &&
                 !(P->short_line && tok(P)->lline != line);
    if (values) explist(P, b);
    if (tt(P) == P8T_SEMI) emit_tok(P, b);
}

static char *translate_rec(parser *parent, const char *src, size_t len, const char *fname,
                           int fixed_line, int depth, sbuf *out);

static void includestat(parser *P, sbuf *b)
{
    p8_tok *t = tok(P);
    parser *R = P->root;
    char name[256];
    size_t n = t->slen < sizeof name - 1 ? t->slen : sizeof name - 1;
    memcpy(name, tok_bytes(P, t), n);
    name[n] = 0;
    if (!R->include) fail(P, "#include %s: includes are not available here", name);
    if (P->depth >= MAX_INCLUDE_DEPTH) fail(P, "#include %s: nested too deeply", name);
    char why[200];                             /* the rules of every name a cart gives */
    if (m8_cart_name_resolve(M8_NAME_CART_FILE, NULL, name, strlen(name), NULL, NULL, 0, why,
                             sizeof why) != 0)
        fail(P, "#include %s", why);
    sbuf *own = newbuf(P);      /* the file's text: freed with the pool, even on error (made
                                 * first: once the text is read nothing may fail before) */
    size_t ilen = 0;
    char *text = R->include(R->ud, name, &ilen);
    if (!text) fail(P, "#include %s: cannot read the file", name);
    own->p = text;
    R->code_chars += ilen;
    if (R->code_chars > M8_CODE_MAX_CHARS)
        fail(P, "#include %s: code too large: more than %d characters with its includes",
             name, M8_CODE_MAX_CHARS);
    marker(P, b, P->pos);
    int line = out_line(P, t);
    P->pos++;
    translate_rec(P, text, ilen, name, line, P->depth + 1, b);
    sb_puts(b, " ");
}

static void statement_nested(parser *P, sbuf *b);

static void statement(parser *P, sbuf *b)
{
    enter_nesting(P);
    statement_nested(P, b);
    P->root->nesting--;
}

static void statement_nested(parser *P, sbuf *b)
{
    /* any statement but `;`, a label or an #include (whose text may go on with labels) ends a
     * run of labels */
    if (tt(P) != P8T_SEMI && tt(P) != P8T_DBCOLON && tt(P) != P8T_INCLUDE) P->root->label_run = 0;
    switch (tt(P)) {
    case P8T_SEMI: emit_tok(P, b); break;
    case P8T_IF: ifstat(P, b); break;
    case P8T_WHILE: whilestat(P, b); break;
    case P8T_DO: {
        int open_line = tok(P)->line;
        emit_tok(P, b);
        block(P, b);
        expect_end(P, "do", open_line);
        emit_tok(P, b);
        break;
    }
    case P8T_FOR: forstat(P, b); break;
    case P8T_REPEAT:
        emit_tok(P, b);
        block(P, b);
        check_emit(P, b, P8T_UNTIL);
        sb_cat(b, expression(P).b);
        break;
    case P8T_FUNCTION: {
        emit_tok(P, b);
        expect(P, P8T_NAME);
        if (peek_at(P, 1)->type != P8T_DOT && peek_at(P, 1)->type != P8T_COLON)
            note_assigned(P, P->pos);          /* `function x()` assigns x */
        emit_tok(P, b);
        while (tt(P) == P8T_DOT) {
            emit_tok(P, b);
            expect(P, P8T_NAME);
            emit_tok(P, b);
        }
        if (tt(P) == P8T_COLON) {
            emit_tok(P, b);
            expect(P, P8T_NAME);
            emit_tok(P, b);
        }
        funcbody(P, b);
        break;
    }
    case P8T_LOCAL: localstat(P, b); break;
    case P8T_DBCOLON: {
        /* Lua's labelstat reads the labels that follow a label through statement(): a run of
         * labels nests like statements, and past Lua's 200 C levels it would fail with a bare
         * "C stack overflow" that names no line */
        if (P->root->nesting + ++P->root->label_run - 1 > M8_TRANSLATE_MAX_NESTING)
            fail(P, "too many labels in a row (Lua nests each one; more than %d levels)",
                 M8_TRANSLATE_MAX_NESTING);
        emit_tok(P, b);
        expect(P, P8T_NAME);
        char name[300];
        m8_translate_mangle(tok(P)->s, tok(P)->len, name, sizeof name);
        skip_tok(P, b);
        declare_label(P, b, name);
        check_emit(P, b, P8T_DBCOLON);
        break;
    }
    case P8T_RETURN: retstat(P, b); break;
    case P8T_BREAK: emit_tok(P, b); break;
    case P8T_GOTO: {
        emit_tok(P, b);
        expect(P, P8T_NAME);
        char name[300];
        m8_translate_mangle(tok(P)->s, tok(P)->len, name, sizeof name);
        skip_tok(P, b);
        emit_goto(P, b, name);
        break;
    }
    case P8T_QUESTION: print_call(P, b); break;   /* `?a,b` -> print(a,b) */
    case P8T_INCLUDE: includestat(P, b); break;
    default: exprstat(P, b); break;
    }
}

/* ---- driver ---- */

/* Lex and parse src into out. For the root call (parent == NULL) this sets up the jump
 * buffer; included files share the root's. Returns NULL (root only) on success. */
static char *translate_rec(parser *parent, const char *src, size_t len, const char *fname,
                           int fixed_line, int depth, sbuf *out)
{
    parser P;
    memset(&P, 0, sizeof P);
    P.fname = fname;
    P.fixed_line = fixed_line;
    P.depth = depth;
    P.root = parent ? parent->root : &P;
    char msg[200];
    int eline = 0;
    if (p8_lex(src, len, &P.lx, &eline, msg, sizeof msg) != 0) {
        parser *R = P.root;
        if (fname) {
            snprintf(R->err->message, sizeof R->err->message, "in #include %s, line %d: %s",
                     fname, eline, msg);
            R->err->line = fixed_line;
        } else {
            snprintf(R->err->message, sizeof R->err->message, "%s", msg);
            R->err->line = eline;
        }
        p8_lex_free(&P.lx);
        if (parent) longjmp(*R->jb, 1);
        return NULL;
    }
    if (!parent) {
        /* the root frame was prepared by the caller */
        return NULL;
    }
    /* included file: parse with the root's error handling; free our tokens on the way out */
    parser *R = P.root;
    jmp_buf *outer = R->jb, here;
    if (setjmp(here)) {
        p8_lex_free(&P.lx);
        R->jb = outer;
        translating = parent;
        longjmp(*outer, 1);
    }
    R->jb = &here;
    translating = &P;
    block(&P, out);
    if (tt(&P) != P8T_EOF) fail_near(&P, "'<eof>' expected");
    translating = parent;
    R->jb = outer;
    p8_lex_free(&P.lx);
    return NULL;
}

/* `local time <const>,sub <const>,... =time,sub,...; `: each builtin local that no statement
 * of the cart assigns is read-only (`<const>`), so the patched parser may call it in one
 * instruction (lua_m8_setfuseops: only a variable nothing can assign is fused, as reading it
 * after the arguments then reads the same function); one the cart assigns stays a plain
 * local, as PICO-8's. */
static void put_builtin_locals(parser *R, sbuf *b)
{
    sb_puts(b, "local ");
    for (size_t i = 0; i < BUILTIN_LOCALS; i++) {
        sb_puts(b, builtin_locals[i].name);
        if (!is_assigned(R, builtin_locals[i].name)) sb_puts(b, " <const>");
        sb_puts(b, i + 1 < BUILTIN_LOCALS ? "," : " =");    /* (` =`: not `>=`) */
    }
    for (size_t i = 0; i < BUILTIN_LOCALS; i++) {
        sb_puts(b, builtin_locals[i].name);
        sb_puts(b, i + 1 < BUILTIN_LOCALS ? "," : "; ");
    }
}

/* The translator's helpers, reached by the code as chunk locals (never as globals a cart
 * could shadow, or lose with `function f(_ENV)`): each one the translated code names gets
 * `local __m8_x <const> =__m8_x;` on the first line, read from the environment when the chunk
 * starts (read-only as the builtins above, unless the cart assigns that name itself). */
static int names_helper(const char *code, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(code, name); p; p = strstr(p + 1, name)) {
        char after = p[n];
        int ident = (after >= 'a' && after <= 'z') || (after >= 'A' && after <= 'Z') ||
                    (after >= '0' && after <= '9') || after == '_';
        if (!ident) return 1;
    }
    return 0;
}

static char *with_helper_locals(const parser *R, char *code, size_t *len)
{
    size_t extra = 0, k = M8_HELPER_COUNT;
    int used[M8_HELPER_COUNT];
    for (size_t i = 0; i < k; i++) {
        used[i] = names_helper(code, m8_helper_name((enum m8_helper)i));
        if (used[i]) extra += 2 * strlen(m8_helper_name((enum m8_helper)i)) + 18;
    }
    if (!extra) return code;
    char *out = m8_dialect_realloc(NULL, *len + extra + 1);
    if (!out) {
        m8_dialect_free(code);
        return NULL;
    }
    size_t o = 0;
    for (size_t i = 0; i < k; i++)
        if (used[i])
            o += (size_t)sprintf(out + o, "local %s%s =%s;", m8_helper_name((enum m8_helper)i),
                                 is_assigned(R, m8_helper_name((enum m8_helper)i))
                                     ? "" : " <const>",
                                 m8_helper_name((enum m8_helper)i));
    memcpy(out + o, code, *len + 1);
    *len += o;
    m8_dialect_free(code);
    return out;
}

/* Markers -> newlines. */
static char *finish(parser *R, const sbuf *b, size_t *out_len)
{
    sbuf *out = newbuf(R), o = { 0 };    /* in the pool while it grows: freed on a jump */
    int line = 1;
    sb_put(out, "", 0);
    for (size_t i = 0; i < b->n; i++) {
        char c = b->p[i];
        if (c == '\x01') {
            int target = 0;
            for (i++; i < b->n && b->p[i] != '\x02'; i++) target = target * 10 + (b->p[i] - '0');
            while (line < target) { sb_put(out, "\n", 1); line++; }
            continue;
        }
        if (c == '\x03') {
            int k = 0;
            for (i++; i < b->n && b->p[i] != '\x04'; i++) k = k * 10 + (b->p[i] - '0');
            struct jump *j = &R->jumps[k];
            sb_puts(out, j->target ? j->target : j->name);
            continue;
        }
        if (c == '\n') line++;
        sb_put(out, &c, 1);
    }
    o = *out;
    memset(out, 0, sizeof *out);                /* the result leaves the pool */
    *out_len = o.n;
    return o.p;
}

/* m8_translate_ex with an error record always present. */
static char *translate_or_report(const char *src, size_t len, size_t *out_len,
                                 m8_translate_error *const err, m8_include_fn include, void *ud)
{
    err->line = 0;
    err->message[0] = 0;
    size_t dummy_len;
    size_t *volatile olen = out_len ? out_len : &dummy_len;
    *olen = 0;
    if (!src) src = "";
    if (len > M8_CODE_MAX_CHARS) {
        snprintf(err->message, sizeof err->message,
                 "code too large: %zu characters (the limit is %d)", len, M8_CODE_MAX_CHARS);
        err->line = 1;
        return NULL;
    }

    parser *P = m8_dialect_realloc(NULL, sizeof *P);
    if (!P) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return NULL;
    }
    memset(P, 0, sizeof *P);
    P->root = P;
    P->code_chars = len;
    P->err = err;
    P->include = include;
    P->ud = ud;
    char msg[200];
    int eline = 0;
    if (p8_lex(src, len, &P->lx, &eline, msg, sizeof msg) != 0) {
        snprintf(err->message, sizeof err->message, "%s", msg);
        err->line = eline;
        p8_lex_free(&P->lx);
        m8_dialect_free(P);
        return NULL;
    }
    jmp_buf jb;
    P->jb = &jb;
    parser *outer = translating;
    translating = P;
    char *volatile res = NULL;
    if (setjmp(jb) == 0) {
        sbuf *body = newbuf(P), *b = newbuf(P);
        block(P, body);
        if (tt(P) != P8T_EOF) fail_near(P, "'<eof>' expected");
        put_builtin_locals(P, b);          /* (which names the cart assigns is known now) */
        sb_cat(b, body);
        res = finish(P, b, olen);
        res = with_helper_locals(P, res, (size_t *)olen);
        if (!res) snprintf(err->message, sizeof err->message, "out of memory");
    }
    translating = outer;
    free_pool(P);
    free_labels(P);
    p8_lex_free(&P->lx);
    m8_dialect_free(P);
    return res;
}

char *m8_translate_ex(const char *src, size_t len, size_t *out_len, m8_translate_error *err,
                      m8_include_fn include, void *ud)
{
    m8_translate_error dummy;
    return translate_or_report(src, len, out_len, err ? err : &dummy, include, ud);
}

char *m8_translate(const char *src, size_t len, size_t *out_len, m8_translate_error *err)
{
    return m8_translate_ex(src, len, out_len, err, NULL, NULL);
}
