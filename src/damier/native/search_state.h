/* The state of a dk_search, shared by search.c and the two widths of search_impl.h.
 * Private to the search files (the binding sees dk_search as opaque). No Python here. */
#ifndef DAMIER_SEARCH_STATE_H
#define DAMIER_SEARCH_STATE_H

#include <stdatomic.h>

#include "search.h"

#define DK_MOVE_STACK (64 * 1024) /* moves of the lists on the path of the search */
#define DK_HISTORY_ONE 4096       /* a success rate of one (the `history` option) */

struct dk_search {
    const dk_kernel *k;
    const dk_eval *e;
    dk_search_rules rules;
    dk_tt tt;
    int stateful;               /* moves depend on aux (huffing, the Frisian king limit) */
    dk_search_options opt;
    int lmr_first, lmr_more;
    int in_probcut;             /* ProbCut searches under way on the path */
    /* the search under way */
    int endgame_ply, root_pieces, multipv, n_root, depth, prev_score, finished;
    int64_t nodes, next_check, node_limit;
    int64_t qs_stop;            /* the quiescence of the current horizon stands here */
    int seldepth;
    double deadline;            /* CLOCK_MONOTONIC seconds, 0: none; not during depth 1 */
    double started;             /* when dk_search_start ran */
    dk_report_fn report;        /* see dk_search_set_report */
    void *report_ctx;
    double report_every, next_report;
    atomic_int stop;
    int stopped;                /* a limit or a stop: unwinding */
    char error[160];
    int overflow;               /* the error is a move list too long for the kernel's lists */
    int n_keys, n_history;      /* keys[0 .. n_history) are the game's, then the path's */
    uint64_t keys[DK_MAX_HISTORY + DK_MAX_PLY + 8];
    int64_t history[DK_MAX_SQUARES * DK_MAX_SQUARES];
    int64_t *scores;            /* ordering scores, parallel to the move stack */
    uint16_t *index;            /* each move's place in the generator's order, likewise */
    dk_line *lines;             /* multipv lines, then the partial line */
    int n_found;
    int has_partial;
    void *w;                    /* width-specific state (search_impl.h) */
    const struct dk_egdb *egdb; /* endgame database probed (strength's hook), or NULL */
    int egdb_pieces;            /* ... at nodes of at most this many pieces */
};

double dk_search_now(void);

/* The width-specific halves of the calls of search.h (root_impl.h). */
int dk_search_alloc64(dk_search *s);
int dk_search_alloc128(dk_search *s);
void dk_search_release64(dk_search *s);
void dk_search_release128(dk_search *s);
int dk_search_start64(dk_search *s, const dk_search_setup *setup);
int dk_search_start128(dk_search *s, const dk_search_setup *setup);
int dk_search_depth64(dk_search *s, dk_iteration *out);
int dk_search_depth128(dk_search *s, dk_iteration *out);

#endif
