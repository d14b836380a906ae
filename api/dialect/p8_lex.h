/* p8_lex.h - lexer for the PICO-8 Lua dialect (reference section 6.1), used by the translator.
 *
 * Turns P8SCII source into a token array: PICO-8 operators (!= \ & | ^^ ~ << >> >>> <<> >><
 * @ $ ?), compound assignments (+= ... >><=), `//` comments, hex/binary literals with
 * fractions read as 16.16 values, decimal literals without exponent, P8SCII identifier bytes,
 * the extra string escapes \* \# \- \| \+ \^ and `#include` lines. Depends on: p8num.h. */
#ifndef M8_P8_LEX_H
#define M8_P8_LEX_H

#include <stddef.h>

enum {
    P8T_EOF, P8T_NAME, P8T_NUMBER, P8T_STRING, P8T_INCLUDE,
    /* keywords */
    P8T_AND, P8T_BREAK, P8T_DO, P8T_ELSE, P8T_ELSEIF, P8T_END, P8T_FALSE, P8T_FOR,
    P8T_FUNCTION, P8T_GOTO, P8T_IF, P8T_IN, P8T_LOCAL, P8T_NIL, P8T_NOT, P8T_OR,
    P8T_REPEAT, P8T_RETURN, P8T_THEN, P8T_TRUE, P8T_UNTIL, P8T_WHILE,
    /* binary operators that also have a compound-assignment form */
    P8T_PLUS, P8T_MINUS, P8T_STAR, P8T_SLASH, P8T_BSLASH, P8T_PERCENT, P8T_CARET,
    P8T_CONCAT, P8T_AMP, P8T_PIPE, P8T_XOR, P8T_SHL, P8T_SHR, P8T_LSHR, P8T_ROTL, P8T_ROTR,
    /* other operators and punctuation */
    P8T_TILDE, P8T_HASH, P8T_EQ, P8T_NE, P8T_LE, P8T_GE, P8T_LT, P8T_GT, P8T_ASSIGN,
    P8T_LPAREN, P8T_RPAREN, P8T_LBRACE, P8T_RBRACE, P8T_LBRACKET, P8T_RBRACKET,
    P8T_DBCOLON, P8T_SEMI, P8T_COLON, P8T_COMMA, P8T_DOT, P8T_DOTS,
    P8T_AT, P8T_DOLLAR, P8T_QUESTION,
    P8T_COMPOUND,   /* `op=`: the operator is in p8_tok.op */
    P8T_COUNT
};

typedef struct p8_tok {
    int type;
    int op;            /* P8T_COMPOUND: the binary operator token type */
    int line;          /* 1-based line in its file */
    int lline;         /* logical line: newlines inside --[[ ]] block comments do not count
                          (a one-line if's body runs to the end of its logical line) */
    const char *s;     /* source text of the token (names: raw P8SCII bytes) */
    size_t len;
    size_t str;        /* P8T_STRING / P8T_INCLUDE: offset of the decoded bytes in the arena */
    size_t slen;
    double num;        /* P8T_NUMBER: 16.16 value */
} p8_tok;

typedef struct p8_lexed {
    p8_tok *t;
    int n, cap;
    char *arena;       /* decoded string bytes */
    size_t an, acap;
} p8_lexed;

/* Tokenise src. Returns 0, or -1 with *err_line and err (cap bytes) set. The array always
 * ends with a P8T_EOF token. Free with p8_lex_free (also after an error). */
int p8_lex(const char *src, size_t len, p8_lexed *out, int *err_line, char *err, size_t cap);
void p8_lex_free(p8_lexed *lx);

/* Printable text of a token type ("'then'", "'+='" ...), for messages. */
const char *p8_tok_name(int type);
/* Lua 5.4 spelling of an operator / keyword token type ("~=" for P8T_NE). */
const char *p8_tok_lua(int type);

#endif
