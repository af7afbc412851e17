/* Template (see width64.h): the capture search, square by square (core/capture_search.py is
 * the specification, and the order in which routes are found is the Python generator's).
 *
 * The moving piece is lifted from the board first; jumped pieces stay on it as blockers until
 * the move ends unless the variant removes them at once (Turkish); a sequence is emitted only
 * when it cannot go on (or at every step for huffing's physically possible moves,
 * complete = 0). Men and flying kings under the common rules (pieces removed at the end, no
 * turn restriction, a crowned man goes on as a man, a king must land where it can go on) have
 * their own short searches, as in Python, because they visit the jumps in another order: the
 * men by increasing bit of the piece taken (tables_impl.h), the kings leaving out the ray back
 * to the piece just taken and, from the second landing square of a ray on, the ray straight on
 * (any capture along it repeats a move found from the first landing square).
 *
 * This file must not choose among sequences (choice_impl.h does, in emit() and choose()).
 */

static int push(gen_t *g, int land, int victim)
{
    if (g->depth >= DK_MAX_PATH) {
        g->overflow = 1;
        return 0;
    }
    g->path[g->depth] = (int8_t)land;
    g->victim[g->depth] = (int8_t)victim;
    g->depth++;
    return 1;
}

static int square_of_bit(const dk_kernel *k, BB bit) { return k->square_of[bb_ctz(bit)]; }

/* The first piece on ray d from `sq` among `blockers` (not 0). */
static BB nearest(const dk_kernel *k, int d, BB blockers)
{
    return k->shift[d] > 0 ? bb_lowbit(blockers) : bb_highbit(blockers);
}

/* The position of `bit` on ray d from `sq` (it is on it). */
static int ray_index(const dk_kernel *k, const DK_TABLES *t, int d, int sq, BB bit)
{
    int s = 0;
    while (t->mask[k->ray[d][sq][s]] != bit)
        s++;
    return s;
}

static int king_search(gen_t *g, BB fm, int cur, BB occ, BB targets, BB cap, int last, int complete,
                       BB crowned);

/* The general search of a man on `cur` that started on `fm` and has taken `cap`; `last` is
 * the direction of its last jump (-1 at the start). Returns whether it could jump. */
static int man_search(gen_t *g, BB fm, int cur, BB occ, BB targets, BB cap, int last, int complete)
{
    const dk_kernel *k = g->k;
    const dk_rules *r = &k->rules;
    const DK_TABLES *t = g->t;
    BB promo = t->promo[g->color];
    int found = 0;
    for (int a = 0; a < t->n_man_jump[g->color][cur]; a++) {
        const __typeof__(t->man_jump[0][0][0]) *j = &t->man_jump[g->color][cur][a];
        if (!(targets & j->over))
            continue;
        BB nocc = r->remove_at_end ? occ : occ ^ j->over;
        if ((nocc & j->land_bit) || (r->no_reverse_capture && last >= 0 && j->dir == k->reverse[last]))
            continue;
        found = 1;
        if (!push(g, j->land, j->over_sq))
            continue;
        BB ncap = cap | j->over, lm = j->land_bit;
        if ((lm & promo) && r->promotion_in_capture != DK_CONTINUE_AS_MAN) {
            if (r->promotion_in_capture == DK_PROMOTE_AND_STOP)
                emit(g, fm, lm, ncap, lm);
            else if (!king_search(g, fm, j->land, nocc, g->theirs & ~ncap, ncap, j->dir, complete, lm)
                     || !complete)
                emit(g, fm, lm, ncap, lm); /* crowned, goes on as a king (Russian) */
        } else if (!man_search(g, fm, j->land, nocc, targets ^ j->over, ncap, j->dir, complete) || !complete) {
            emit(g, fm, lm, ncap, (lm & promo) ? lm : 0);
        }
        g->depth--;
    }
    return found;
}

/* The general search of a king on `cur` (short or flying, every rule). `crowned` is the
 * crowning square of a man promoted during this capture (Russian), else 0. */
static int king_search(gen_t *g, BB fm, int cur, BB occ, BB targets, BB cap, int last, int complete,
                       BB crowned)
{
    const dk_kernel *k = g->k;
    const dk_rules *r = &k->rules;
    const DK_TABLES *t = g->t;
    int rev = (r->no_reverse_capture && last >= 0) ? k->reverse[last] : -1;
    int found = 0;
    if (!r->flying_kings) {
        for (int a = 0; a < t->n_king_jump[cur]; a++) {
            const __typeof__(t->king_jump[0][0]) *j = &t->king_jump[cur][a];
            if (!(targets & j->over) || j->dir == rev)
                continue;
            BB nocc = r->remove_at_end ? occ : occ ^ j->over;
            if (nocc & j->land_bit)
                continue;
            found = 1;
            if (!push(g, j->land, j->over_sq))
                continue;
            BB lm = j->land_bit;
            if (!king_search(g, fm, j->land, nocc, targets ^ j->over, cap | j->over, j->dir, complete, crowned)
                || !complete)
                emit(g, fm, lm, cap | j->over, crowned ? lm : fm ^ lm);
            g->depth--;
        }
        return found;
    }
    for (int a = 0; a < r->n_king_captures; a++) {
        int d = r->king_captures[a];
        int len = k->ray_len[d][cur];
        if (!len || d == rev)
            continue;
        BB blockers = t->ray_mask[d][cur] & occ;
        if (!blockers)
            continue;
        BB victim = nearest(k, d, blockers);
        if (!(victim & targets))
            continue;
        BB nocc = r->remove_at_end ? occ : occ ^ victim;
        const int8_t *ray = k->ray[d][cur];
        int v = ray_index(k, t, d, cur, victim);
        int first = v + 1, stop = first;
        while (stop < len && !(nocc & t->mask[ray[stop]]) && !(r->king_lands_behind && stop > first))
            stop++;
        if (stop == first)
            continue;
        found = 1;
        BB ntargets = targets ^ victim, ncap = cap | victim;
        int continued = 0, ends[DK_MAX_SIZE], n_ends = 0;
        for (int s = first; s < stop; s++) {
            if (!push(g, ray[s], ray[v]))
                continue;
            if (king_search(g, fm, ray[s], nocc, ntargets, ncap, d, complete, crowned)) {
                continued = 1;
                if (!complete)
                    ends[n_ends++] = ray[s];
            } else {
                ends[n_ends++] = ray[s];
            }
            g->depth--;
        }
        if (continued && r->king_must_continue && complete)
            continue;
        for (int e = 0; e < n_ends; e++) {
            if (!push(g, ends[e], ray[v]))
                continue;
            BB lm = t->mask[ends[e]];
            emit(g, fm, lm, ncap, crowned ? lm : fm ^ lm);
            g->depth--;
        }
    }
    return found;
}

/* A man under the common rules: the pieces next to it by increasing bit. */
static int plain_man_search(gen_t *g, BB fm, int cur, BB occ, BB targets, BB cap)
{
    const DK_TABLES *t = g->t;
    BB near = targets & t->man_near[g->color][cur];
    if (!near)
        return 0;
    int found = 0;
    for (int a = 0; a < t->n_man_jump[g->color][cur]; a++) {
        const __typeof__(t->man_jump[0][0][0]) *j = &t->man_jump[g->color][cur][a];
        if (!(near & j->over) || (occ & j->land_bit))
            continue;
        found = 1;
        if (!push(g, j->land, j->over_sq))
            continue;
        if (!plain_man_search(g, fm, j->land, occ, targets ^ j->over, cap | j->over))
            emit(g, fm, j->land_bit, cap | j->over, j->land_bit & t->promo[g->color]);
        g->depth--;
    }
    return found;
}

/* plain_man_search listing every prefix, each before its continuations. */
static void plain_man_prefixes(gen_t *g, BB fm, int cur, BB occ, BB targets, BB cap)
{
    const DK_TABLES *t = g->t;
    BB near = targets & t->man_near[g->color][cur];
    for (int a = 0; near && a < t->n_man_jump[g->color][cur]; a++) {
        const __typeof__(t->man_jump[0][0][0]) *j = &t->man_jump[g->color][cur][a];
        if (!(near & j->over) || (occ & j->land_bit))
            continue;
        if (!push(g, j->land, j->over_sq))
            continue;
        emit(g, fm, j->land_bit, cap | j->over, j->land_bit & t->promo[g->color]);
        plain_man_prefixes(g, fm, j->land, occ, targets ^ j->over, cap | j->over);
        g->depth--;
    }
}

/* Whether ray e is one a flying king of the common rules looks along from `cur`, reached in
 * direction `via` (-1 at the start; `first`: cur is the first square past the piece taken). */
static int plain_ray(const dk_kernel *k, int e, int cur, int via, int first)
{
    if (k->ray_len[e][cur] < 2)
        return 0;
    return via < 0 || (e != k->reverse[via] && (first || e != via));
}

/* The piece a flying king of the common rules on `cur` can take along ray e (reached as
 * plain_ray says), 0 if none; *v: its index on the ray. Both king searches start with it. */
static inline BB plain_victim(const gen_t *g, int e, int cur, int via, int first, BB occ, BB targets,
                              int *v)
{
    const dk_kernel *k = g->k;
    const DK_TABLES *t = g->t;
    if (!plain_ray(k, e, cur, via, first))
        return 0;
    BB blockers = t->ray_mask[e][cur] & occ;
    if (!blockers)
        return 0;
    BB victim = nearest(k, e, blockers);
    if (!(victim & targets))
        return 0;
    *v = ray_index(k, t, e, cur, victim);
    return victim;
}

/* A flying king under the common rules (complete sequences). */
static int plain_king_search(gen_t *g, BB fm, int cur, int via, int first, BB occ, BB targets, BB cap)
{
    const dk_kernel *k = g->k;
    const DK_TABLES *t = g->t;
    int found = 0;
    for (int a = 0; a < k->rules.n_king_captures; a++) {
        int e = k->rules.king_captures[a], v;
        BB victim = plain_victim(g, e, cur, via, first, occ, targets, &v);
        if (!victim)
            continue;
        BB ntargets = targets ^ victim, ncap = cap | victim;
        const int8_t *ray = k->ray[e][cur];
        int len = k->ray_len[e][cur];
        int continued = 0, ends[DK_MAX_SIZE], n_ends = 0;
        for (int s = v + 1; s < len && !(occ & t->mask[ray[s]]); s++) {
            int is_first = s == v + 1;
            found = 1;
            if (!push(g, ray[s], ray[v]))
                continue;
            if ((ntargets & t->king_reach[is_first][e][ray[s]])
                && plain_king_search(g, fm, ray[s], e, is_first, occ, ntargets, ncap))
                continued = 1;
            else if (!continued)
                ends[n_ends++] = ray[s];
            g->depth--;
        }
        if (continued)
            continue;
        for (int i = 0; i < n_ends; i++) {
            if (!push(g, ends[i], ray[v]))
                continue;
            emit(g, fm, t->mask[ends[i]], ncap, fm ^ t->mask[ends[i]]);
            g->depth--;
        }
    }
    return found;
}

/* plain_king_search stopping on every landing square too (each before its continuations). */
static void plain_king_prefixes(gen_t *g, BB fm, int cur, int via, int first, BB occ, BB targets, BB cap)
{
    const dk_kernel *k = g->k;
    const DK_TABLES *t = g->t;
    for (int a = 0; a < k->rules.n_king_captures; a++) {
        int e = k->rules.king_captures[a], v;
        BB victim = plain_victim(g, e, cur, via, first, occ, targets, &v);
        if (!victim)
            continue;
        const int8_t *ray = k->ray[e][cur];
        int len = k->ray_len[e][cur];
        for (int s = v + 1; s < len && !(occ & t->mask[ray[s]]); s++) {
            if (!push(g, ray[s], ray[v]))
                continue;
            emit(g, fm, t->mask[ray[s]], cap | victim, fm ^ t->mask[ray[s]]);
            plain_king_prefixes(g, fm, ray[s], e, s == v + 1, occ, targets ^ victim, cap | victim);
            g->depth--;
        }
    }
}

/* Every capture sequence (complete = 0: every prefix too) of the men in `cand` and of every
 * king of the side to move (capture_search.sequences_of). */
static void sequences_of(gen_t *g, BB white, BB black, BB kings, BB cand, int complete)
{
    const dk_kernel *k = g->k;
    BB mine = g->color ? black : white;
    BB occ = white | black;
    BB targets = k->rules.men_capture_kings ? g->theirs : g->theirs & ~kings;
    for (BB c = cand; c; c &= c - 1) {
        BB low = bb_lowbit(c);
        int sq = square_of_bit(k, low);
        if (k->plain_men) {
            if (complete)
                plain_man_search(g, low, sq, occ ^ low, targets, 0);
            else
                plain_man_prefixes(g, low, sq, occ ^ low, targets, 0);
        } else {
            man_search(g, low, sq, occ ^ low, targets, 0, -1, complete);
        }
    }
    for (BB c = mine & kings; c; c &= c - 1) {
        BB low = bb_lowbit(c);
        int sq = square_of_bit(k, low);
        if (!k->plain_kings)
            king_search(g, low, sq, occ ^ low, g->theirs, 0, -1, complete, 0);
        else if (complete)
            plain_king_search(g, low, sq, -1, 0, occ ^ low, g->theirs, 0);
        else
            plain_king_prefixes(g, low, sq, -1, 0, occ ^ low, g->theirs, 0);
    }
}
