/* damier native kernel: the static evaluation (owner: native-search).
 *
 * What this header owns: the named weights of a variant as plain ints (dk_weights, filled by the
 * binding from damier.engine.evaluate.Weights), the evaluation tables built from them and from
 * the board geometry of a dk_kernel (dk_eval), and the calls that build, free and evaluate.
 *
 * The evaluation is the C twin of damier/engine/evalterms.py and evaluate.py, written from the
 * weights and not from the Python tables, so the two are independent code paths held to
 * identical scores by tests/engine/test_native_eval.py. Terms (White minus Black, then negated
 * for Black to move, plus the tempo): the men's values (material, advancement, centre, flank,
 * back-rank guard while the opponent has no king) summed by byte lookups; the learnt pattern
 * windows of a PTW1 or PTW2 file (one or two sets; row windows and, in layout 1, 4x4 block
 * windows; one phase or an opening and an endgame value mixed by the men on the board);
 * men mobility and support; balance between the wings;
 * runaway men; king material, mobility and long diagonal; the endgame scaling.
 *
 * Threads: a dk_eval is read-only once built; share it freely. No Python here.
 */
#ifndef DAMIER_EVAL_H
#define DAMIER_EVAL_H

#include "kernel.h"

#define DK_PATTERN_ENTRIES 6561          /* 3**8 configurations of an 8-square window */
#define DK_MAX_BLOCKS (DK_MAX_SIZE * DK_MAX_SIZE / 4) /* 4x4 blocks at even rows, every square */
/* learnt windows and their half-turn partners: rows, then blocks */
#define DK_MAX_WINDOWS (2 * DK_MAX_SIZE + DK_MAX_BLOCKS)

/* damier.engine.evaluate.Weights, as ints (the tuples truncated to the board's rows). */
typedef struct dk_weights {
    int man, king;
    int n_advance, advance[DK_MAX_SIZE]; /* by rows from the own back row; the last repeats */
    int centre, edge, back_guard, support;
    int n_runaway, runaway[DK_MAX_SIZE]; /* by rows left to go; index 0 unused */
    int king_mobility, long_diagonal, tempo, mobility, balance;
    int pattern_split;                   /* > 0: two sets of tables, the second below this */
    int lone_king_scale, kings_only_scale;
} dk_weights;

/* One part of a window: index += white[(men_w >> shift) & mask] + black[(men_b >> ...)]. */
typedef struct dk_window_part {
    int shift;
    unsigned mask;                       /* span of the part's bits, from bit `shift` */
    const uint16_t *white, *black;       /* base-3 index by men bits (black: twice white) */
} dk_window_part;

/* The parts of the block windows: squares j, j + 1 of the rows 2p and 2p + 1. */
#define DK_MAX_PARTS ((DK_MAX_SIZE / 2) * (DK_MAX_SIZE / 2))

/* One pattern window at run time: a row window is read by its own part; a block window is
 * the upper part `top` plus 81 times the lower part `bottom` (shared, computed once). */
typedef struct dk_window {
    dk_window_part part;
    int top, bottom;
    const int16_t *weights[2];           /* by index (times the phases, opening first), per set */
} dk_window;

#define DK_EVAL_TABLES_FIELDS(BB)                                                            \
    BB left;                       /* squares of the left half (columns < size / 2) */    \
    BB long_diagonal;              /* a1 to the far corner (dark boards) */                \
    BB near[2];                    /* squares near the crown row where runaways count */  \
    BB cone[2][DK_MAX_SQUARES];    /* squares ahead from which a runaway can be stopped */ \
    BB neigh[DK_MAX_SQUARES];      /* the squares one king step away */                    \
    BB back[2]                     /* each colour's own back row */

typedef struct dk_eval_tables64 { DK_EVAL_TABLES_FIELDS(uint64_t); } dk_eval_tables64;
typedef struct dk_eval_tables128 { DK_EVAL_TABLES_FIELDS(dk_u128); } dk_eval_tables128;

typedef struct dk_eval {
    const dk_kernel *k;
    dk_weights w;
    int support;                   /* the support weight (0 on full boards) */
    int long_weight;               /* the long-diagonal weight (0 without flying kings) */
    int big;                       /* board larger than 8x8 (lone-king scaling) */
    int chunks;                    /* bytes of a bitboard that hold squares */
    int32_t men[2][2][16][256];    /* [colour][guard][byte][bits]: the men's values */
    int16_t run_bonus[2][DK_MAX_SQUARES];
    int n_steps[2], step_shift[2][DK_DIRECTIONS]; /* men's step directions, as shifts */
    int behind_shift[2][2];        /* shift bringing the square behind a man onto it */
    int n_windows, n_row_windows, sets, n_parts;
    dk_window_part part[DK_MAX_PARTS];
    int phases, full_men;          /* phases of the tables; men at the start (phase mix) */
    dk_window window[DK_MAX_WINDOWS];
    void *storage;                 /* the index and weight tables of the windows */
    union { dk_eval_tables64 w64; dk_eval_tables128 w128; } t;
} dk_eval;

/* Build `e` for kernel `k` (kept by pointer: it must outlive `e`) from the weights and the
 * bytes of a PTW1 or PTW2 pattern file (NULL / 0 for none). 0 on success; -1 with a reason in err
 * (a malformed file, a table count that does not fit the board, out of memory). */
int dk_eval_init(dk_eval *e, const dk_kernel *k, const dk_weights *w,
                 const unsigned char *ptw, size_t ptw_len, char *err, size_t errlen);
void dk_eval_free(dk_eval *e);

/* Centi-men for the side to move of a valid position of e->k. */
int dk_evaluate64(const dk_eval *e, const dk_pos64 *p);
int dk_evaluate128(const dk_eval *e, const dk_pos128 *p);

/* The width-specific part of dk_eval_init (eval_impl.h). */
void dk_eval_build64(dk_eval *e);
void dk_eval_build128(dk_eval *e);

/* (row, column) of square i of e->k (row 0 at Black's side). */
void dk_eval_coords(const dk_kernel *k, int i, int *row, int *col);

#endif
