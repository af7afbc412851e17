/* Template (see width64.h): quiet (non-capturing) moves of men and kings, listed or counted,
 * and whether a king can capture.
 *
 * The order is the Python generator's: men of the diagonal variants row by row from the top,
 * in each row the moves of the first step direction then the second (core/quiet.py);
 * men of the other variants a pair of rows at a time, in each pair direction by direction in
 * the order of Rules.man_steps (core/quiet.py); then the kings by increasing bit, each along
 * its rays in the order of Rules.king_steps, nearest square first.
 */

static BB shifted(BB x, int s) { return s >= 0 ? x << s : x >> -s; }

/* One step in direction d of every bit of x (x must have a square there: src1, src2). */
static inline BB step_bits(const dk_kernel *k, BB x, int d) { return x << k->left[d] >> k->right[d]; }

/* The empty squares a man of the side to move reaches in direction d. */
static inline BB step_targets(const dk_kernel *k, const DK_TABLES *t, BB men, int d, BB empty)
{
    return step_bits(k, men & t->src1[d], d) & empty;
}

static inline void emit_steps(gen_t *g, BB targets, int d)
{
    int s = g->k->shift[d];
    BB promo = g->t->promo[g->color];
    for (; targets; targets &= targets - 1) {
        BB to = bb_lowbit(targets);
        emit_quiet(g, shifted(to, -s), to, to & promo);
    }
}

static void men_quiets(gen_t *g, BB men, BB empty)
{
    const dk_kernel *k = g->k;
    const DK_TABLES *t = g->t;
    const dk_rules *r = &k->rules;
    int c = g->color;
    if (k->diagonal_men) {
        int first = c ? 2 : 0, second = c ? 3 : 1;  /* down-left, down-right / up-left, up-right */
        BB a = step_targets(k, t, men, first, empty), b = step_targets(k, t, men, second, empty);
        while (a | b) { /* the rows that hold targets, from the top */
            BB row = t->row[k->row_of[square_of_bit(k, bb_lowbit(a | b))]];
            emit_steps(g, a & row, first);
            emit_steps(g, b & row, second);
            a &= ~row;
            b &= ~row;
        }
        return;
    }
    BB targets[DK_DIRECTIONS], left = 0;
    for (int i = 0; i < r->n_man_steps[c]; i++)
        left |= targets[i] = step_targets(k, t, men, r->man_steps[c][i], empty);
    while (left) { /* the pairs of rows (0-1, 2-3, ...) that hold targets, from the top */
        int row = k->row_of[square_of_bit(k, bb_lowbit(left))] & ~1;
        BB pair = t->row[row] | (row + 1 < k->size ? t->row[row + 1] : 0);
        for (int i = 0; i < r->n_man_steps[c]; i++)
            emit_steps(g, targets[i] & pair, r->man_steps[c][i]);
        left &= ~pair;
    }
}

static void king_quiets(gen_t *g, BB kings, BB occ)
{
    const dk_kernel *k = g->k;
    const DK_TABLES *t = g->t;
    const dk_rules *r = &k->rules;
    for (; kings; kings &= kings - 1) {
        BB fm = bb_lowbit(kings);
        int sq = square_of_bit(k, fm);
        for (int a = 0; a < r->n_king_steps; a++) {
            int d = r->king_steps[a];
            int len = r->flying_kings ? k->ray_len[d][sq] : (k->ray_len[d][sq] ? 1 : 0);
            for (int s = 0; s < len; s++) {
                BB to = t->mask[k->ray[d][sq][s]];
                if (occ & to)
                    break;
                emit_quiet(g, fm, to, fm ^ to);
            }
        }
    }
}

static int men_quiet_count(const dk_kernel *k, const DK_TABLES *t, int c, BB men, BB empty)
{
    const dk_rules *r = &k->rules;
    int n = 0;
    for (int i = 0; i < r->n_man_steps[c]; i++)
        n += bb_popcount(step_targets(k, t, men, r->man_steps[c][i], empty));
    return n;
}

static int king_quiet_count(const dk_kernel *k, const DK_TABLES *t, BB kings, BB occ)
{
    const dk_rules *r = &k->rules;
    int n = 0;
    for (; kings; kings &= kings - 1) {
        BB fm = bb_lowbit(kings);
        int sq = square_of_bit(k, fm);
        for (int a = 0; a < r->n_king_steps; a++) {
            int d = r->king_steps[a];
            BB ray = t->ray_mask[d][sq];
            if (!ray)
                continue;
            if (!r->flying_kings) {
                n += !(occ & t->mask[k->ray[d][sq][0]]);
                continue;
            }
            BB blockers = ray & occ;
            if (!blockers)
                n += k->ray_len[d][sq];
            else if (k->shift[d] > 0)
                n += bb_popcount(ray & (bb_lowbit(blockers) - 1));
            else
                n += bb_popcount(ray & ~((bb_highbit(blockers) << 1) - 1));
        }
    }
    return n;
}

static int king_can_capture(const dk_kernel *k, const DK_TABLES *t, BB kings, BB theirs, BB occ)
{
    const dk_rules *r = &k->rules;
    BB empty = t->all & ~occ;
    for (; kings; kings &= kings - 1) {
        int sq = square_of_bit(k, bb_lowbit(kings));
        if (!r->flying_kings) {
            for (int a = 0; a < t->n_king_jump[sq]; a++)
                if ((t->king_jump[sq][a].over & theirs) && (t->king_jump[sq][a].land_bit & empty))
                    return 1;
            continue;
        }
        for (int a = 0; a < r->n_king_captures; a++) {
            int d = r->king_captures[a];
            if (k->ray_len[d][sq] < 2)
                continue;
            BB blockers = t->ray_mask[d][sq] & occ;
            if (!blockers)
                continue;
            BB first = nearest(k, d, blockers);
            if (first & theirs) {
                int behind = k->step[d][square_of_bit(k, first)];
                if (behind >= 0 && (t->mask[behind] & empty))
                    return 1;
            }
        }
    }
    return 0;
}
