/* token_count.c - counts tokens the way PICO-8's editor does (reference 6.4), on the token
 * array of the dialect lexer (p8_lex.c). `#include` lines count nothing here: the included
 * code is not part of this cart's text.
 * Depends on: token_count.h, p8_lex.h. */
#include "token_count.h"

#include "p8_lex.h"

static int free_token(int type)
{
    switch (type) {
    case P8T_COMMA: case P8T_DOT: case P8T_COLON: case P8T_SEMI: case P8T_DBCOLON:
    case P8T_RPAREN: case P8T_RBRACKET: case P8T_RBRACE: case P8T_END: case P8T_LOCAL:
    case P8T_EOF: case P8T_INCLUDE:
        return 1;
    default:
        return 0;
    }
}

/* Can a token of this type end an expression (so a following - or ~ is binary)? */
static int ends_value(int type)
{
    switch (type) {
    case P8T_NAME: case P8T_NUMBER: case P8T_STRING: case P8T_RPAREN: case P8T_RBRACKET:
    case P8T_RBRACE: case P8T_TRUE: case P8T_FALSE: case P8T_NIL: case P8T_DOTS:
        return 1;
    default:
        return 0;
    }
}

int m8_count_tokens(const char *code, size_t len, int *err_line)
{
    p8_lexed lx = { 0 };
    int line = 0;
    char msg[160];
    if (p8_lex(code ? code : "", code ? len : 0, &lx, &line, msg, sizeof msg) != 0) {
        p8_lex_free(&lx);
        if (err_line) *err_line = line;
        return -1;
    }
    int count = 0;
    for (int i = 0; i < lx.n; i++) {
        const p8_tok *t = &lx.t[i];
        if (free_token(t->type)) continue;
        if ((t->type == P8T_MINUS || t->type == P8T_TILDE) && i + 1 < lx.n &&
            lx.t[i + 1].type == P8T_NUMBER && lx.t[i + 1].s == t->s + t->len &&
            (i == 0 || !ends_value(lx.t[i - 1].type)))
            continue;
        count++;
    }
    p8_lex_free(&lx);
    return count;
}
