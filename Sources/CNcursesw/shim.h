// The system's ncursesw with its wide-character functions, and small wrappers for what C macros hide from Swift.
#ifndef LASSO_CNCURSESW_SHIM_H
#define LASSO_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>

/// newterm on the process's standard output and input.
static inline SCREEN *lasso_newterm(void) { return newterm(NULL, stdout, stdin); }
static inline int lasso_color_pair(int pair) { return COLOR_PAIR(pair); }
static inline int lasso_lines(void) { return LINES; }
static inline int lasso_cols(void) { return COLS; }
static inline attr_t lasso_a_bold(void) { return A_BOLD; }
static inline attr_t lasso_a_dim(void) { return A_DIM; }
static inline attr_t lasso_a_reverse(void) { return A_REVERSE; }
static inline attr_t lasso_a_underline(void) { return A_UNDERLINE; }
static inline attr_t lasso_a_normal(void) { return A_NORMAL; }
static inline WINDOW *lasso_stdscr(void) { return stdscr; }
static inline int lasso_key_resize(void) { return KEY_RESIZE; }
static inline int lasso_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t lasso_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t lasso_button1_pressed(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED; }
static inline mmask_t lasso_button4_pressed(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
static inline mmask_t lasso_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t lasso_button5_pressed(void) { return 0; }
#endif

/// Writes one cell: a grapheme as wide characters, with attributes and a color pair.
static inline int lasso_put_cell(int y, int x, const wchar_t *text, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

/// Writes one cell in an extended colour pair (any pair number ncurses allows, beyond a short's range).
static inline int lasso_put_cell_pair(int y, int x, const wchar_t *text, attr_t attributes, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, 0, &pair) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

/// newterm for a named terminal type on the process's standard output and input.
static inline SCREEN *lasso_newterm_type(const char *type) { return newterm(type, stdout, stdin); }
static inline int lasso_colors(void) { return COLORS; }
static inline int lasso_color_pairs(void) { return COLOR_PAIRS; }

#endif
