/* The width-independent part of the search (see search.h): allocation, the clock, dispatch to
 * the width of the kernel (search_impl.h, root_impl.h). No Python here. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search_state.h"

double dk_search_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

dk_search *dk_search_new(const dk_kernel *k, const dk_eval *e, const dk_search_rules *rules,
                         size_t hash_mb, char *err, size_t errlen)
{
    dk_search *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->k = k;
    s->e = e;
    s->rules = *rules;
    s->finished = 1; /* nothing to search before dk_search_start */
    s->stateful = k->rules.huffing || k->rules.king_move_limit;
    s->report_every = 0.25;
    s->scores = calloc(DK_MOVE_STACK, sizeof(int64_t));
    s->index = calloc(DK_MOVE_STACK, sizeof(uint16_t));
    int alloc = k->wide ? dk_search_alloc128(s) : dk_search_alloc64(s);
    if (!s->scores || !s->index || alloc < 0 || dk_tt_init(&s->tt, hash_mb) < 0) {
        snprintf(err, errlen, "out of memory for the search (hash %zu MB)", hash_mb);
        dk_search_free(s);
        return NULL;
    }
    return s;
}

void dk_search_free(dk_search *s)
{
    if (!s)
        return;
    if (s->k->wide)
        dk_search_release128(s);
    else
        dk_search_release64(s);
    dk_tt_free(&s->tt);
    free(s->scores);
    free(s->index);
    free(s->lines);
    free(s);
}

int dk_search_start(dk_search *s, const dk_search_setup *setup, const dk_search_options *opt)
{
    s->error[0] = 0;
    s->overflow = 0;
    atomic_store(&s->stop, 0);
    s->stopped = 0;
    s->finished = 1; /* until the search is set up */
    s->nodes = s->next_check = 0;
    s->depth = s->prev_score = 0;
    s->n_root = 0;
    if (setup->n_history < 0 || setup->n_history > DK_MAX_HISTORY) {
        snprintf(s->error, sizeof s->error, "%d history positions (at most %d)", setup->n_history,
                 DK_MAX_HISTORY);
        return -1;
    }
    if (setup->root_moves && (setup->n_root_moves < 1 || setup->n_root_moves > DK_MAX_MOVES)) {
        snprintf(s->error, sizeof s->error, "%d root moves", setup->n_root_moves);
        return -1;
    }
    s->opt = *opt;
    s->in_probcut = 0;
    s->lmr_first = opt->lmr == 2 ? 2 : 3;
    s->lmr_more = opt->lmr == 2 ? 5 : 8;
    s->endgame_ply = setup->endgame_remaining > 0 ? setup->endgame_remaining : 0;
    s->node_limit = setup->node_limit > 0 ? setup->node_limit : 0;
    s->started = dk_search_now();
    s->deadline = setup->seconds > 0 ? s->started + setup->seconds : 0;
    s->next_report = s->started + s->report_every;
    if (!setup->keep_tt)
        dk_tt_clear(&s->tt);
    for (size_t i = 0; i < sizeof s->history / sizeof s->history[0]; i++)
        s->history[i] = opt->history ? DK_HISTORY_ONE / 2 : 0;
    int ok = s->k->wide ? dk_search_start128(s, setup) : dk_search_start64(s, setup);
    if (ok < 0)
        return s->overflow ? -2 : -1;
    s->multipv = setup->multipv < 1 ? 1 : (setup->multipv > s->n_root ? s->n_root : setup->multipv);
    free(s->lines);
    s->lines = calloc((size_t)(s->multipv > 0 ? s->multipv : 1) + 1, sizeof(dk_line));
    if (!s->lines) {
        snprintf(s->error, sizeof s->error, "out of memory for %d lines", s->multipv);
        return -1;
    }
    s->finished = s->n_root == 0;
    return 0;
}

int dk_search_next(dk_search *s, int max_depth, dk_iteration *out)
{
    memset(out, 0, sizeof *out);
    if (s->finished || s->depth >= max_depth || s->depth >= DK_MAX_PLY - 10)
        return DK_SEARCH_DONE;
    return s->k->wide ? dk_search_depth128(s, out) : dk_search_depth64(s, out);
}

void dk_search_stop(dk_search *s) { atomic_store(&s->stop, 1); }

void dk_search_clear(dk_search *s) { dk_tt_clear(&s->tt); }

void dk_search_set_report(dk_search *s, dk_report_fn fn, void *ctx, double every)
{
    /* the schedule runs from dk_search_start across the depths: a depth that starts just
     * before a report is due reports on time */
    s->report = fn;
    s->report_ctx = ctx;
    s->report_every = every > 0.01 ? every : 0.01;
}

void dk_search_progress(const dk_search *s, dk_progress *out)
{
    out->depth = s->depth;
    out->seldepth = s->seldepth;
    out->nodes = s->nodes;
    out->seconds = dk_search_now() - s->started;
}

int dk_search_root_moves(const dk_search *s) { return s->n_root; }

const char *dk_search_error(const dk_search *s) { return s->error[0] ? s->error : "no error"; }

int dk_search_overflowed(const dk_search *s) { return s->overflow; }

void dk_search_set_egdb(dk_search *s, const struct dk_egdb *db, int pieces)
{
    s->egdb = s->k->wide ? NULL : db;
    s->egdb_pieces = pieces;
    dk_search_clear(s);
}
