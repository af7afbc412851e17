/* The search below the root for one word width (see search.h): included by search64.c and
 * search128.c after width64.h / width128.h, before root_impl.h. Each function is the twin of
 * the method of the same name in damier/engine/alphabeta.py (Tree). No Python here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egdb.h"
#include "search_state.h"

/* The width-specific state: the move stack, killers, PV table and the root's children. */
typedef struct FN(wstate) {
    DK_MOVE stack[DK_MOVE_STACK];
    DK_MOVE killer[DK_MAX_PLY + 2][2];        /* frm == 0: none */
    DK_MOVE pv[DK_MAX_PLY + 2][DK_MAX_PLY + 2];
    int pv_len[DK_MAX_PLY + 2];
    DK_POS root;
    DK_MOVE root_move[DK_MAX_MOVES];          /* best first after each depth */
    DK_POS root_after[DK_MAX_MOVES];
    uint64_t root_key[DK_MAX_MOVES];
    int root_rev[DK_MAX_MOVES];
    int result[DK_MAX_MOVES];
    int found_index[DK_MAX_MOVES];             /* root index of each line found */
    uint64_t key0;
} FN(wstate);

#define W(s) ((FN(wstate) *)(s)->w)

static inline int FN(same)(const DK_MOVE *a, const DK_MOVE *b)
{
    return a->frm == b->frm && a->to == b->to && a->remove == b->remove && a->kings_xor == b->kings_xor
           && a->huff == b->huff;
}

static inline int FN(sq)(const dk_search *s, BB bit) { return s->k->square_of[bb_ctz(bit)]; }

static inline uint64_t FN(aux_key)(BB aux)
{
    return aux ? dk_hash_aux((uint64_t)aux, (uint64_t)((dk_u128)aux >> 64)) : 0;
}

/* The Zobrist key of a position from scratch (pieces 0-3: white man, black man, white king,
 * black king, as kernel.h says). */
static uint64_t FN(key_of)(const dk_search *s, const DK_POS *p)
{
    const dk_kernel *k = s->k;
    uint64_t key = p->turn ? k->zobrist_turn : 0;
    for (BB x = p->white | p->black; x; x &= x - 1) {
        BB bit = bb_lowbit(x);
        int piece = ((bit & p->black) ? 1 : 0) + ((bit & p->kings) ? 2 : 0);
        key ^= k->zobrist[piece][FN(sq)(s, bit)];
    }
    return key ^ FN(aux_key)(p->aux);
}

/* The key after move m: the mover (crowned or not), the removed pieces, the side to move;
 * the change of aux is added by FN(child). */
static inline uint64_t FN(child_key)(const dk_search *s, const DK_POS *p, const DK_MOVE *m, uint64_t key)
{
    const dk_kernel *k = s->k;
    int t = p->turn, from = FN(sq)(s, m->frm), to = FN(sq)(s, m->to);
    key ^= k->zobrist_turn;
    if (m->frm & p->kings)
        key ^= k->zobrist[2 + t][from] ^ k->zobrist[2 + t][to];
    else if (m->kings_xor & m->to)
        key ^= k->zobrist[t][from] ^ k->zobrist[2 + t][to];
    else
        key ^= k->zobrist[t][from] ^ k->zobrist[t][to];
    for (BB x = m->remove; x; x &= x - 1) {
        BB bit = bb_lowbit(x);
        key ^= k->zobrist[(bit & p->kings) ? 3 - t : 1 - t][FN(sq)(s, bit)];
    }
    return key;
}

/* The position after move m of the side to move, and (out_key not NULL) its key. */
static inline int FN(child)(dk_search *s, const DK_POS *p, const DK_MOVE *m, uint64_t key, DK_POS *out,
                            uint64_t *out_key)
{
    const dk_kernel *k = s->k;
    int t = p->turn;
    if (out_key)
        key = FN(child_key)(s, p, m, key);
    if (s->stateful) {
        if (FN(dk_apply)(k, p, m, out) < 0) {
            snprintf(s->error, sizeof s->error, "move list overflow in a huffing position");
            s->overflow = s->stopped = 1;
            return -1;
        }
        key ^= FN(aux_key)(p->aux) ^ FN(aux_key)(out->aux);
    } else {
        BB rem = m->remove;
        out->white = t == 0 ? p->white ^ m->frm ^ m->to : p->white & ~rem;
        out->black = t == 0 ? p->black & ~rem : p->black ^ m->frm ^ m->to;
        out->kings = (p->kings & ~rem) ^ m->kings_xor;
        out->aux = 0;
        out->turn = 1 - t;
    }
    if (out_key)
        *out_key = key;
    return 0;
}

/* Limits: 1 (and the search unwinds) when a limit is reached or a stop was asked. */
static int FN(check)(dk_search *s)
{
    if (s->node_limit && s->nodes >= s->node_limit) {
        s->stopped = 1;
        return 1;
    }
    s->next_check = s->nodes + 256;
    if (s->node_limit && s->next_check > s->node_limit)
        s->next_check = s->node_limit;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        s->stopped = 1;
    else if (s->deadline || s->report) {
        double now = dk_search_now();
        /* a timed search always has a searched move: depth 1 stops once one root move is scored */
        if (s->deadline && now >= s->deadline && (s->depth > 1 || s->n_found > 0))
            s->stopped = 1;
        else if (s->report && now >= s->next_report) {
            s->next_report = now + s->report_every;
            s->report(s->report_ctx);
            s->stopped = atomic_load_explicit(&s->stop, memory_order_relaxed);
        }
    }
    return s->stopped;
}

static inline int FN(terminal)(const dk_search *s, int ply)
{
    return s->rules.antidraughts ? DK_WIN - ply : ply - DK_WIN;
}

/* The legal moves of p at stack[sp ..]: their number, or -1 (the search stops with an error)
 * when they do not fit in `capacity`. */
static int FN(legal_in)(dk_search *s, const DK_POS *p, int sp, int capacity)
{
    int n = FN(dk_legal)(s->k, p, W(s)->stack + sp, capacity, NULL);
    if (n < 0) {
        snprintf(s->error, sizeof s->error, "move list overflow (more than %d moves)", capacity);
        s->overflow = s->stopped = 1;
    }
    return n;
}

static inline int FN(legal)(dk_search *s, const DK_POS *p, int sp)
{
    return FN(legal_in)(s, p, sp, DK_MOVE_STACK - sp);
}

/* Whether the side to move (no capture) has any move: a piece with an empty square one step
 * away in a direction it may step in. */
static int FN(can_move)(const dk_search *s, const DK_POS *p)
{
    const dk_kernel *k = s->k;
    BB own = p->turn ? p->black : p->white;
    BB empty = TABLES_OF(k)->all & ~(p->white | p->black), men = own & ~p->kings, kings = own & p->kings;
    for (int j = 0; j < k->rules.n_man_steps[p->turn]; j++) {
        int sh = k->shift[k->rules.man_steps[p->turn][j]];
        if ((sh > 0 ? men << sh : men >> -sh) & empty)
            return 1;
    }
    for (int j = 0; kings && j < k->rules.n_king_steps; j++) {
        int sh = k->shift[k->rules.king_steps[j]];
        if ((sh > 0 ? kings << sh : kings >> -sh) & empty)
            return 1;
    }
    return 0;
}

static int FN(drawn)(const dk_search *s, int ply, const DK_POS *p, uint64_t key, int rev)
{
    if (rev >= 4 && s->rules.repetition) {
        int lo = s->n_keys - rev;
        for (int i = s->n_keys - 4; i >= lo && i >= 0; i -= 2)
            if (s->keys[i] == key)
                return 1;
    }
    if (s->rules.quiet_plies && rev >= s->rules.quiet_plies)
        return 1;
    return s->endgame_ply && ply >= s->endgame_ply && bb_popcount(p->white | p->black) == s->root_pieces;
}

static inline int FN(breakthrough)(const DK_POS *p, int ply)
{
    return (p->kings & (p->turn ? p->black : p->white)) ? DK_WIN - ply : ply - DK_WIN;
}

static void FN(pv_set)(dk_search *s, int ply, const DK_MOVE *m)
{
    FN(wstate) *w = W(s);
    w->pv[ply][0] = *m;
    memcpy(&w->pv[ply][1], w->pv[ply + 1], (size_t)w->pv_len[ply + 1] * sizeof(DK_MOVE));
    w->pv_len[ply] = w->pv_len[ply + 1] + 1;
}

static int FN(qs)(dk_search *s, int alpha, int beta, int ply, const DK_POS *p, int sp)
{
    FN(wstate) *w = W(s);
    if (++s->nodes >= s->next_check && FN(check)(s))
        return 0;
    w->pv_len[ply] = 0;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (s->rules.breakthrough && p->kings)
        return FN(breakthrough)(p, ply);
    int n = 0, captures = 0;
    if (s->stateful) {
        n = FN(legal)(s, p, sp);
        if (n <= 0)
            return n < 0 ? 0 : FN(terminal)(s, ply);
        for (int i = 0; i < n; i++)
            captures += w->stack[sp + i].remove != 0;
    } else if (FN(dk_has_capture)(s->k, p)) {
        if ((n = FN(legal)(s, p, sp)) < 0)
            return 0;
        captures = n;
    } else if (!FN(can_move)(s, p)) {
        return FN(terminal)(s, ply);
    }
    if (ply >= DK_MAX_PLY || s->nodes >= s->qs_stop)
        return FN(dk_evaluate)(s->e, p);
    int best = -DK_INF;
    if (captures < n || n == 0) { /* not forced to capture: the evaluation stands */
        best = FN(dk_evaluate)(s->e, p);
        if (best >= beta || captures == 0)
            return best;
        if (best > alpha)
            alpha = best;
    }
    for (int i = 0; i < n; i++) {
        const DK_MOVE *m = &w->stack[sp + i];
        if (!m->remove)
            continue;
        DK_POS c;
        if (FN(child)(s, p, m, 0, &c, NULL) < 0)
            return 0;
        int v = -FN(qs)(s, -beta, -alpha, ply + 1, &c, sp + n);
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                FN(pv_set)(s, ply, m);
                if (v >= beta)
                    break;
            }
        }
    }
    return best;
}

/* Captures: the TT move first. Quiet moves: TT move, killers, crowning moves, then history
 * (a stable sort, as Python's sorted). `ttm` is the TT move's place in the generator's order
 * + 1 (0: none); s->index follows the moves so that the node can store its best move so. */
static void FN(order)(dk_search *s, DK_MOVE *moves, int n, uint32_t ttm, int ply, BB kings, int capture)
{
    FN(wstate) *w = W(s);
    int at = (int)(moves - w->stack);
    int64_t *score = s->scores + at;
    uint16_t *index = s->index + at;
    int tt = ttm >= 1 && ttm <= (uint32_t)n ? (int)ttm - 1 : -1;
    if (capture) {
        if (tt > 0) {
            DK_MOVE m = moves[tt];
            memmove(&moves[1], &moves[0], (size_t)tt * sizeof(DK_MOVE));
            memmove(&index[1], &index[0], (size_t)tt * sizeof(uint16_t));
            moves[0] = m;
            index[0] = (uint16_t)tt;
        }
        return;
    }
    const DK_MOVE *k1 = &w->killer[ply][0], *k2 = &w->killer[ply][1];
    for (int j = 0; j < n; j++) {
        const DK_MOVE *m = &moves[j];
        if (j == tt)
            score[j] = (int64_t)1 << 30;
        else if (FN(same)(m, k1))
            score[j] = (int64_t)1 << 29;
        else if (FN(same)(m, k2))
            score[j] = (int64_t)1 << 28;
        else if (m->kings_xor && !(m->frm & kings))
            score[j] = (int64_t)1 << 27;
        else
            score[j] = s->history[FN(sq)(s, m->frm) * DK_MAX_SQUARES + FN(sq)(s, m->to)];
    }
    for (int j = 1; j < n; j++) {
        DK_MOVE m = moves[j];
        int64_t v = score[j];
        uint16_t x = index[j];
        int i = j - 1;
        for (; i >= 0 && score[i] < v; i--) {
            moves[i + 1] = moves[i];
            score[i + 1] = score[i];
            index[i + 1] = index[i];
        }
        moves[i + 1] = m;
        score[i + 1] = v;
        index[i + 1] = x;
    }
}

static int FN(reduction)(dk_search *s, int i, const DK_MOVE *m, int nd, BB kings, const DK_POS *c,
                         int pvnode)
{
    int lmr = s->opt.lmr;
    if (!lmr || (m->kings_xor && !(m->frm & kings)))
        return 0;
    if (s->opt.sacs && FN(dk_has_capture)(s->k, c))
        return 0;
    if (lmr == 3)
        return (!pvnode && i >= 6) ? 2 : 1;
    int red = (i < s->lmr_more || nd < 4) ? 1 : 2;
    if (lmr > 1 && nd >= 6 && i >= 2 * s->lmr_more)
        red = 3;
    return red;
}

/* The TT entry of a searched node; `move` is the best move's place in the generator's order
 * + 1 (0: none). */
static void FN(store)(dk_search *s, uint64_t key, int depth, int best, int alpha, int beta, int ply,
                      uint32_t move)
{
    int bound = best <= alpha ? DK_UPPER : (best >= beta ? DK_LOWER : DK_EXACT);
    int sc = best > DK_WIN_BOUND ? best + ply : (best < -DK_WIN_BOUND ? best - ply : best);
    dk_tt_store(&s->tt, key, depth, bound, sc, move);
}

static int FN(pvs)(dk_search *s, int alpha, int beta, int depth, int ply, const DK_POS *p, uint64_t key,
                   int rev, int sp);

/* History as success rates (the `history` option): each quiet move's rate, out of
 * DK_HISTORY_ONE, moves 1/64 of the way towards one when it is a node's best move and
 * towards zero when it was searched before the best one. */
static void FN(success)(dk_search *s, const DK_MOVE *moves, int best_i)
{
    for (int j = 0; j <= best_i; j++) {
        int64_t *h = &s->history[FN(sq)(s, moves[j].frm) * DK_MAX_SQUARES + FN(sq)(s, moves[j].to)];
        *h += j == best_i ? (DK_HISTORY_ONE - *h) >> 6 : -(*h >> 6);
    }
}

/* Search the ordered moves of a node (PVS, reductions), remember a cutoff, store the entry. */
static int FN(expand)(dk_search *s, DK_MOVE *moves, int n, int capture, int alpha, int beta, int depth,
                      int nd, int ply, const DK_POS *p, uint64_t key, int rev, int sp)
{
    FN(wstate) *w = W(s);
    DK_MOVE k1 = {0}, k2 = {0};
    if (n > 1) {
        k1 = w->killer[ply][0];
        k2 = w->killer[ply][1];
    }
    int best = -DK_INF, a0 = alpha, nsp = sp + n, best_i = -1;
    uint32_t bestm = 0;
    s->keys[s->n_keys++] = key;
    for (int i = 0; i < n; i++) {
        const DK_MOVE *m = &moves[i];
        DK_POS c;
        uint64_t ckey;
        if (FN(child)(s, p, m, key, &c, &ckey) < 0)
            return 0;
        dk_tt_prefetch(&s->tt, ckey);
        int nrev = ((m->frm & p->kings) && !m->remove) ? rev + 1 : 0, v;
        if (i == 0) {
            v = -FN(pvs)(s, -beta, -alpha, nd, ply + 1, &c, ckey, nrev, nsp);
        } else {
            int red = 0, pvnode = beta - a0 > 1;
            int first = (s->opt.lmr == 3 && !pvnode) ? 1 : s->lmr_first;
            if (nd >= 2 && i >= first && !capture && !FN(same)(m, &k1) && !FN(same)(m, &k2))
                red = FN(reduction)(s, i, m, nd, p->kings, &c, pvnode);
            v = -FN(pvs)(s, -alpha - 1, -alpha, nd - red, ply + 1, &c, ckey, nrev, nsp);
            if (!s->stopped && v > alpha && red)
                v = -FN(pvs)(s, -alpha - 1, -alpha, nd, ply + 1, &c, ckey, nrev, nsp);
            if (!s->stopped && alpha < v && v < beta)
                v = -FN(pvs)(s, -beta, -alpha, nd, ply + 1, &c, ckey, nrev, nsp);
        }
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            bestm = (uint32_t)s->index[sp + i] + 1;
            best_i = i;
            if (v > alpha) {
                alpha = v;
                FN(pv_set)(s, ply, m);
                if (v >= beta) {
                    if (!capture) { /* a killer of its ply, and history credit */
                        if (!FN(same)(m, &k1)) {
                            w->killer[ply][1] = k1;
                            w->killer[ply][0] = *m;
                        }
                        if (!s->opt.history)
                            s->history[FN(sq)(s, m->frm) * DK_MAX_SQUARES + FN(sq)(s, m->to)] += depth * depth;
                    }
                    break;
                }
            }
        }
    }
    s->n_keys--;
    if (s->opt.history && !capture && best > a0)
        FN(success)(s, moves, best_i);
    FN(store)(s, key, depth, best, a0, beta, ply, bestm);
    return best;
}

static int FN(threatened_horizon)(dk_search *s, int depth, int ply, const DK_POS *p)
{
    if (depth != 0 || ply >= DK_MAX_PLY || s->stateful || FN(dk_has_capture)(s->k, p))
        return 0;
    DK_POS q = *p;
    q.turn = 1 - p->turn;
    return FN(dk_has_capture)(s->k, &q);
}

/* The score of an endgame database's code at `ply` (engine/scores.py's table_score). */
static inline int FN(table_score)(int code, int ply)
{
    if (code == 0)
        return 0;
    int plies = ply + code - 1;
    return code % 2 == 0 ? DK_WIN - plies : plies - DK_WIN;
}

static int FN(pvs)(dk_search *s, int alpha, int beta, int depth, int ply, const DK_POS *p, uint64_t key,
                   int rev, int sp)
{
    FN(wstate) *w = W(s);
    if ((rev >= 4 || s->endgame_ply) && FN(drawn)(s, ply, p, key, rev)) {
        w->pv_len[ply] = 0;
        return 0;
    }
#if BB_BITS == 64
    /* the endgame database (strength's hook; alphabeta.py's Tree.pvs does the same) */
    if (s->egdb && bb_popcount(p->white | p->black) <= s->egdb_pieces) {
        int code = dk_egdb_probe(s->egdb, p);
        if (code >= 0) {
            w->pv_len[ply] = 0;
            return FN(table_score)(code, ply);
        }
    }
#endif
    int horizon = 0;
    if (depth <= 0 || ply >= DK_MAX_PLY) {
        if (!(s->opt.threats && FN(threatened_horizon)(s, depth, ply, p))) {
            s->qs_stop = s->nodes + DK_QS_BUDGET;
            return FN(qs)(s, alpha, beta, ply, p, sp);
        }
        depth = 1;
        horizon = 1;
    }
    if (++s->nodes >= s->next_check && FN(check)(s))
        return 0;
    w->pv_len[ply] = 0;
    if (s->rules.breakthrough && p->kings)
        return FN(breakthrough)(p, ply);
    int pvnode = beta - alpha > 1;
    uint32_t ttm = 0;
    const dk_tt_entry *entry = dk_tt_probe(&s->tt, key);
    if (entry) {
        ttm = entry->move;
        if (entry->depth >= depth && !pvnode) {
            int sc = entry->score;
            sc = sc > DK_WIN_BOUND ? sc - ply : (sc < -DK_WIN_BOUND ? sc + ply : sc);
            if (entry->bound == DK_EXACT || (entry->bound == DK_LOWER ? sc >= beta : sc <= alpha))
                return sc;
        }
    }
    int n = FN(legal)(s, p, sp);
    if (n <= 0)
        return n < 0 ? 0 : FN(terminal)(s, ply);
    DK_MOVE *moves = &w->stack[sp];
    int capture = moves[0].remove != 0;
    if (s->opt.probcut && !pvnode && depth >= 3 && (!capture || s->opt.probcut_captures) && n > 1
        && -DK_WIN_BOUND < beta && beta < DK_WIN_BOUND && (s->opt.probcut_nested || !s->in_probcut)) {
        /* a shallow search that beats beta by a margin predicts that the full search fails
         * high too */
        int margin = s->opt.probcut * depth, raised = beta + margin;
        s->in_probcut++;
        int v = FN(pvs)(s, raised - 1, raised, depth * 2 / 5, ply, p, key, rev, sp + n);
        s->in_probcut--;
        if (s->stopped)
            return 0;
        if (v >= raised)
            return v - margin;
    }
    for (int j = 0; j < n; j++)
        s->index[sp + j] = (uint16_t)j;
    if (n > 1)
        FN(order)(s, moves, n, ttm, ply, p->kings, capture);
    int nd = horizon ? -1 : (n == 1 ? depth : depth - 1);
    return FN(expand)(s, moves, n, capture, alpha, beta, depth, nd, ply, p, key, rev, sp);
}
