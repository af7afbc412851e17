/* The evaluation for one word width: its bitboard masks and dk_evaluate (see eval.h).
 * Included by eval64.c and eval128.c after width64.h / width128.h. No Python here. */
#include "eval.h"

#include <string.h>

#if BB_BITS == 64
#define EVAL_TABLES dk_eval_tables64
#define EVAL_TABLES_OF(e) (&(e)->t.w64)
#define EVAL_TABLES_OF_MUT(e) (&(e)->t.w64)
#else
#define EVAL_TABLES dk_eval_tables128
#define EVAL_TABLES_OF(e) (&(e)->t.w128)
#define EVAL_TABLES_OF_MUT(e) (&(e)->t.w128)
#endif

static inline BB FN(shifted)(BB x, int sh) { return sh > 0 ? x << sh : x >> -sh; }

/* Runaway cones (evalterms.runaway_cones) and the other masks. */
void FN(dk_eval_build)(dk_eval *e)
{
    const dk_kernel *k = e->k;
    const DK_TABLES *kt = TABLES_OF(k);
    EVAL_TABLES *t = EVAL_TABLES_OF_MUT(e);
    int n = k->size, rows = e->w.n_runaway - 1;
    memset(t, 0, sizeof *t);
    t->back[0] = kt->row[n - 1];
    t->back[1] = kt->row[0];
    for (int i = 0; i < k->squares; i++) {
        int r, c;
        dk_eval_coords(k, i, &r, &c);
        if (2 * c < n)
            t->left |= kt->mask[i];
        if (!k->rules.full_board && r + c == n - 1)
            t->long_diagonal |= kt->mask[i];
        for (int j = 0; j < k->rules.n_king_steps; j++) {
            int to = k->step[k->rules.king_steps[j]][i];
            if (to >= 0)
                t->neigh[i] |= kt->mask[to];
        }
        for (int color = 0; color < 2; color++) {
            int left = color == 0 ? r : n - 1 - r;
            if (left < 1 || left > rows)
                continue;
            t->near[color] |= kt->mask[i];
            e->run_bonus[color][i] = (int16_t)e->w.runaway[left];
            for (int j = 0; j < k->squares; j++) {
                int r2, c2;
                dk_eval_coords(k, j, &r2, &c2);
                int ahead = color == 0 ? r - r2 : r2 - r;
                int dc = c2 > c ? c2 - c : c - c2;
                if (ahead >= 0 && ahead <= left && dc <= ahead + 1 && j != i)
                    t->cone[color][i] |= kt->mask[j];
            }
        }
    }
}

/* The men's values (material, piece-square, guard) by byte lookups. */
static inline int FN(men_values)(const dk_eval *e, BB men, int color, int guard)
{
    const int32_t(*table)[256] = e->men[color][guard];
    int s = 0;
    for (int j = 0; j < e->chunks; j++)
        s += table[j][(unsigned)(men >> (8 * j)) & 255u];
    return s;
}

static inline unsigned FN(part_index)(const dk_window_part *part, BB wm, BB bm)
{
    return part->white[(unsigned)(wm >> part->shift) & part->mask]
         + part->black[(unsigned)(bm >> part->shift) & part->mask];
}

/* The learnt windows: row windows (one part each) then block windows (two shared parts);
 * with two phases the opening and endgame sums mixed by the men on the board, rounded
 * towards zero (patterns.phase_mix). */
static inline int FN(pattern_sum)(const dk_eval *e, BB wm, BB bm)
{
    int men = bb_popcount(wm | bm);
    int set = e->sets == 2 && men < e->w.pattern_split, ph = e->phases;
    unsigned part[DK_MAX_PARTS];
    int open = 0, end = 0;
    for (int j = 0; j < e->n_row_windows; j++) {
        const int16_t *w = e->window[j].weights[set] + ph * FN(part_index)(&e->window[j].part, wm, bm);
        open += w[0];
        end += w[ph - 1];
    }
    if (e->n_windows > e->n_row_windows) {
        for (int j = 0; j < e->n_parts; j++)
            part[j] = FN(part_index)(&e->part[j], wm, bm);
        for (int j = e->n_row_windows; j < e->n_windows; j++) {
            const dk_window *win = &e->window[j];
            const int16_t *w = win->weights[set] + ph * (part[win->top] + 81 * part[win->bottom]);
            open += w[0];
            end += w[ph - 1];
        }
    }
    if (ph == 1)
        return open;
    int full = e->full_men, m = men < full ? men : full;
    return (open * m + end * (full - m)) / full; /* towards zero: colour-symmetric */
}

/* Men mobility (steps to empty squares) and support (a friendly man diagonally behind). */
static inline int FN(men_shape)(const dk_eval *e, BB wm, BB bm, BB empty)
{
    int s = 0;
    if (e->w.mobility) {
        int m = 0;
        for (int j = 0; j < e->n_steps[0]; j++)
            m += bb_popcount(FN(shifted)(wm, e->step_shift[0][j]) & empty);
        for (int j = 0; j < e->n_steps[1]; j++)
            m -= bb_popcount(FN(shifted)(bm, e->step_shift[1][j]) & empty);
        s += e->w.mobility * m;
    }
    if (e->support) {
        int m = 0;
        for (int j = 0; j < 2; j++) {
            m += bb_popcount(wm & FN(shifted)(wm, e->behind_shift[0][j]));
            m -= bb_popcount(bm & FN(shifted)(bm, e->behind_shift[1][j]));
        }
        s += e->support * m;
    }
    return s;
}

static inline int FN(runaways)(const dk_eval *e, const EVAL_TABLES *t, BB wm, BB bm, BB white, BB black)
{
    int s = 0;
    for (BB x = wm & t->near[0]; x; x &= x - 1) {
        int i = e->k->square_of[bb_ctz(x)];
        if (!(t->cone[0][i] & black))
            s += e->run_bonus[0][i];
    }
    for (BB x = bm & t->near[1]; x; x &= x - 1) {
        int i = e->k->square_of[bb_ctz(x)];
        if (!(t->cone[1][i] & white))
            s -= e->run_bonus[1][i];
    }
    return s;
}

/* King material, mobility and long diagonal, then the endgame scaling of the score. */
static int FN(king_terms)(const dk_eval *e, const EVAL_TABLES *t, int s, BB wm, BB bm, BB wk, BB bk,
                          BB empty)
{
    const dk_weights *w = &e->w;
    int mob = 0;
    for (BB x = wk; x; x &= x - 1)
        mob += bb_popcount(t->neigh[e->k->square_of[bb_ctz(x)]] & empty);
    for (BB x = bk; x; x &= x - 1)
        mob -= bb_popcount(t->neigh[e->k->square_of[bb_ctz(x)]] & empty);
    int nwk = bb_popcount(wk), nbk = bb_popcount(bk);
    s += w->king_mobility * mob + w->king * (nwk - nbk);
    if (e->long_weight)
        s += e->long_weight * (bb_popcount(wk & t->long_diagonal) - bb_popcount(bk & t->long_diagonal));
    int nw = bb_popcount(wm) + nwk, nb = bb_popcount(bm) + nbk, men = (wm | bm) != 0;
    int flying = e->k->rules.flying_kings, lone = w->lone_king_scale, konly = w->kings_only_scale;
    /* C division truncates towards zero: s > 0 is floor division, s < 0 is Python's
     * -(-s // x) */
    if (s > 0 && nbk) {
        if (flying && nb == 1 && nw <= 3 && lone > 1)
            s /= (bk & t->long_diagonal) || e->big ? lone : 2;
        else if (!men && nw - nb <= 1 && konly > 1)
            s /= konly;
    } else if (s < 0 && nwk) {
        if (flying && nw == 1 && nb <= 3 && lone > 1)
            s /= (wk & t->long_diagonal) || e->big ? lone : 2;
        else if (!men && nb - nw <= 1 && konly > 1)
            s /= konly;
    }
    return s;
}

int FN(dk_evaluate)(const dk_eval *e, const DK_POS *p)
{
    const EVAL_TABLES *t = EVAL_TABLES_OF(e);
    BB kings = p->kings, white = p->white, black = p->black;
    BB wm = white & ~kings, bm = black & ~kings, wk = white & kings, bk = black & kings;
    BB empty = TABLES_OF(e->k)->all & ~(white | black);
    int s = FN(men_values)(e, wm, 0, bk == 0) - FN(men_values)(e, bm, 1, wk == 0);
    if (e->n_windows)
        s += FN(pattern_sum)(e, wm, bm);
    s += FN(men_shape)(e, wm, bm, empty);
    s += FN(runaways)(e, t, wm, bm, white, black);
    if (e->w.balance) {
        int lw = 2 * bb_popcount(wm & t->left) - bb_popcount(wm);
        int lb = 2 * bb_popcount(bm & t->left) - bb_popcount(bm);
        s -= e->w.balance * ((lw < 0 ? -lw : lw) - (lb < 0 ? -lb : lb));
    }
    if (kings)
        s = FN(king_terms)(e, t, s, wm, bm, wk, bk, empty);
    return (p->turn == 0 ? s : -s) + e->w.tempo;
}
