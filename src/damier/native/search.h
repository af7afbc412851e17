/* damier native kernel: the search (owner: native-search).
 *
 * What this header owns: one search of one variant (dk_search), set up with a root position,
 * the game's positions since the last irreversible move, limits and options (dk_search_setup),
 * then driven one depth at a time (dk_search_next) so that the caller reports each completed
 * depth; dk_search_stop may be called from any thread. The algorithm is the C twin of
 * damier/engine/search.py and alphabeta.py (iterative deepening, aspiration windows, multi-PV
 * root, PVS, transposition table, ProbCut-style pruning, killers/history ordering, late-move
 * reductions, one-reply extension, capture quiescence, repetition and the variant's draw
 * counters): with a transposition table that loses no entry it visits the same nodes.
 *
 * Positions and moves cross this header in 128-bit words whatever the board (dk_wpos,
 * dk_wmove); inside, the search runs in the kernel's width (search_impl.h and root_impl.h,
 * compiled twice).
 *
 * Threads: one dk_search is driven by one thread at a time (the binding holds a lock);
 * dk_search_stop is the exception. It reads its dk_kernel and dk_eval, which may be shared.
 * No Python here.
 */
#ifndef DAMIER_SEARCH_H
#define DAMIER_SEARCH_H

#include "eval.h"
#include "kernel.h"
#include "tt.h"

#define DK_WIN 100000
#define DK_WIN_BOUND (DK_WIN - 1000)
#define DK_INF (DK_WIN + 1)
#define DK_MAX_PLY 120
/* Quiescence nodes searched below one horizon node at most; past them the evaluation stands
 * even where a capture is forced. Real positions never come near (see docs/engine.md); a board
 * of flying kings, where every capture allows another, would otherwise search millions of
 * capture lines below a depth-1 horizon. alphabeta.py's QS_BUDGET is the same. */
#ifndef DK_QS_BUDGET
#define DK_QS_BUDGET 1000
#endif
#define DK_MAX_HISTORY 4096 /* game positions since the last irreversible move, at most */

typedef dk_pos128 dk_wpos;  /* the kernel's one wide position type (kernel.h) */
typedef struct dk_wmove { dk_u128 frm, to, remove, kings_xor, huff; } dk_wmove;

typedef struct dk_search_options {
    int threats;   /* extend a quiet horizon under a capture threat */
    int lmr;       /* late-move reductions: 0 none, 1 moderate, 2 aggressive */
    int sacs;      /* never reduce a move that offers a capture */
    int probcut;   /* centi-men per ply of the ProbCut margin (0: off) */
    int history;   /* 0: history credits depth^2 to a cutoff; 1: a success rate per move */
    int probcut_nested;   /* ProbCut also inside the shallow search of a ProbCut */
    int probcut_captures; /* ProbCut also at nodes where the side to move must capture */
} dk_search_options;

/* Draw rules of the variant and goal, as the search uses them. */
typedef struct dk_search_rules {
    int repetition;   /* a repeated position is a draw */
    int quiet_plies;  /* plies without capture or man move that draw (0: none) */
    int antidraughts; /* no move left wins */
    int breakthrough; /* the first king wins */
} dk_search_rules;

typedef struct dk_search_setup {
    dk_wpos root;
    const dk_wpos *history;   /* game positions since the last irreversible move, oldest first */
    int n_history;
    int reversible;           /* plies since the last capture or man move */
    int endgame_remaining;    /* plies left of the counted ending the root is in (0: none) */
    const dk_wmove *root_moves; /* search only these (NULL: every legal move) */
    int n_root_moves;
    int multipv;
    int64_t node_limit;       /* 0: none */
    double seconds;           /* hard limit from the start, in seconds (0: none); depth 1 ignores it */
    int keep_tt;
} dk_search_setup;

typedef struct dk_line {
    int score;
    int length;
    dk_wmove pv[DK_MAX_PLY + 2];
} dk_line;

/* What one depth produced: lines best first (`n_lines` of them, `complete` 0 for the partial
 * result of an interrupted depth). */
typedef struct dk_iteration {
    int depth, seldepth, complete, n_lines;
    int64_t nodes;
    const dk_line *lines;
} dk_iteration;

typedef struct dk_search dk_search;

/* Where a depth under way is (for reports while it runs). */
typedef struct dk_progress {
    int depth, seldepth;
    int64_t nodes;
    double seconds;  /* since dk_search_start */
} dk_progress;

/* Called from inside dk_search_next, in the searching thread, about every `every` seconds
 * while a depth runs (dk_search_set_report); it may call dk_search_stop. */
typedef void (*dk_report_fn)(void *ctx);

enum dk_search_status {
    DK_SEARCH_DEPTH = 0,   /* a depth was completed (or partly: see complete) */
    DK_SEARCH_DONE = 1,    /* a limit or a stop ended the search; nothing more to report */
    DK_SEARCH_ERROR = -1   /* see dk_search_error */
};

/* A search of kernel `k` with evaluation `e` and a transposition table of `hash_mb` MB. */
dk_search *dk_search_new(const dk_kernel *k, const dk_eval *e, const dk_search_rules *rules,
                         size_t hash_mb, char *err, size_t errlen);
void dk_search_free(dk_search *s);
/* Start a search: -1 with dk_search_error set for a root or a history it cannot take, -2 when
 * the root has more moves than the kernel's lists hold (dk_search_overflowed). */
int dk_search_start(dk_search *s, const dk_search_setup *setup, const dk_search_options *opt);
/* Search the next depth (up to `max_depth`); fills `out` (valid until the next call). */
int dk_search_next(dk_search *s, int max_depth, dk_iteration *out);
/* Ask the running search to stop soon (any thread). dk_search_start forgets earlier stops. */
void dk_search_stop(dk_search *s);
/* Report through `fn(ctx)` during the following dk_search_next calls (fn NULL: no reports),
 * every `every` seconds counted from dk_search_start (the `every` of the previous call, 0.25
 * at first, sets the first report). */
void dk_search_set_report(dk_search *s, dk_report_fn fn, void *ctx, double every);
void dk_search_progress(const dk_search *s, dk_progress *out);
/* Forget the transposition table. */
void dk_search_clear(dk_search *s);
/* Probe endgame database `db` (egdb.h; NULL: none) at the nodes of at most `pieces` pieces:
 * its exact value replaces the search there. 64-bit kernels only; forgets the table. */
struct dk_egdb;
void dk_search_set_egdb(dk_search *s, const struct dk_egdb *db, int pieces);
int dk_search_root_moves(const dk_search *s);
const char *dk_search_error(const dk_search *s);
/* 1 when the last error was a move list longer than the kernel's lists (huffing positions
 * with many offenders): the caller may search the position another way. */
int dk_search_overflowed(const dk_search *s);

#endif
