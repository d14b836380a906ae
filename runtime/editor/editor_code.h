/* editor_code.h - the code editor's parts (docs/editors.md, "Code editor"): its state
 * (editor_code.c: the cart's __lua__ text split into tabs at "-->8" lines, cursor,
 * selection, scrolling, undo, search and go-to-line prompts, the error line) and its
 * colouring lexer (editor_code_lex.c: the PICO-8 dialect's keywords, names, numbers,
 * strings, comments and operators coloured a span at a time).
 * Depends on: editor_internal.h. */
#ifndef M8_EDITOR_CODE_H
#define M8_EDITOR_CODE_H

#include <stddef.h>
#include <stdint.h>
#include "editor_internal.h"

/* Colour classes of the colouring lexer, and the screen colour of each (ed_code_class_col) */
enum {
    ED_CC_TEXT, ED_CC_KEYWORD, ED_CC_API, ED_CC_NUMBER, ED_CC_STRING, ED_CC_COMMENT,
    ED_CC_OPERATOR, ED_CC_PUNCT, ED_CC_COUNT
};
extern const uint8_t ed_code_class_col[ED_CC_COUNT];

/* Colour code[0..len) (one tab's text, lexed from its start): cls[i] = the ED_CC_* class
 * of byte i. is_api (may be NULL) says whether a name is an API function. */
void ed_code_colour(const char *code, size_t len, uint8_t *cls,
                    int (*is_api)(const char *name, size_t len));

#define ED_CODE_UNDO_MAX 64
#define ED_CODE_TABS_MAX 16     /* tabs the selector shows (PICO-8's 16) */
#define ED_CODE_PROMPT 40

/* One undo step: the whole code and where the cursor was. */
typedef struct ed_code_snap {
    char *code;
    size_t len;
    size_t cur;
} ed_code_snap;

typedef struct ed_code_state {
    char *code;                 /* the cart's code, P8SCII, tabs joined by "\n-->8\n" */
    size_t len, cap;
    size_t cur, anchor;         /* cursor and selection's other end (== cur: none) */
    int tab;                    /* the tab the cursor is in (0-based) */
    int top[ED_CODE_TABS_MAX];  /* first line shown, per tab */
    int scroll_x;               /* pixels scrolled to the left */
    int want_x;                 /* pixel column up/down keep, -1: the cursor's */
    int selecting;              /* the left button drags a selection */
    ed_code_snap undo[ED_CODE_UNDO_MAX], redo[ED_CODE_UNDO_MAX];
    int n_undo, n_redo;
    int typing;                 /* the last edit was typing (more typing joins its undo step) */
    int prompt;                 /* 0, 'f' search, 'l' go to line */
    char query[ED_CODE_PROMPT]; /* the prompt's text (the search string stays for Enter) */
    char find[ED_CODE_PROMPT];  /* the last search */
    int query_fresh;            /* the prompt shows the last search: typing replaces it */
    int err_tab, err_line;      /* the marked error line (tab, 1-based line), 0 line: none */
    long counted_version, version;      /* the code's edits, and those counted */
    int tokens;                 /* token count (-1: does not lex, -2: no counter) */
    char *clip;                 /* the internal clipboard (UTF-8), when no hook is set */
    size_t clip_len;
    char *base;                 /* the code as last read or saved */
    size_t base_len;
    m8_editor_code_hooks hooks; /* token counter, API names (editor.h) */
} ed_code_state;

/* The code's text now (all tabs joined). */
const char *ed_code_text(const m8_editor *ed, size_t *len);
/* 1 when the code differs from the file's (last read or saved). */
int ed_code_unsaved(const m8_editor *ed);

#endif
