/* Template (see width64.h): the move list being filled, and the capture-choice rules.
 *
 * This file owns what happens to a capture sequence once the search has found it
 * (core/choice.py is the specification): free choice, king priority, the majority rule, the
 * value rule (Frisian), the Spanish and Italian priorities, and the removal of routes that
 * are the same move (same start, end and captured set; the first route found is kept, so its
 * path is the one the Python generator gives).
 *
 * Two things are done as a sequence is added, when they cannot change the result:
 * * without king priority, a sequence ranked below the best so far by the rule's first
 *   criteria is dropped and a better one empties the list (the rules keep the best only, in
 *   the order found);
 * * except under the Italian rule (whose last criterion reads the route), a sequence equal to
 *   one already listed is dropped (the rules keep the first route of each move).
 * choose() applies the remaining criteria at the end, in the order of core/choice.py.
 */

enum { POLICY_ALL = 0, POLICY_UNIQUE = 1, POLICY_CHOICE = 2 };

typedef struct gen {
    const dk_kernel *k;
    const DK_TABLES *t;
    int color;                   /* the side to move */
    BB kings;                    /* kings of the position (choice rules read them) */
    BB theirs;                   /* every opponent piece */
    DK_MOVE *out;
    int n, capacity, overflow;
    int base;                    /* emit() and choose() look at out[base .. n) only */
    dk_paths *paths;
    int policy;                  /* POLICY_*: what emit() does (see above) */
    int prune;                   /* drop sequences below the best so far (rank()) */
    int64_t best;
    int depth;                   /* the route being searched: landing squares and victims */
    int8_t path[DK_MAX_PATH];
    int8_t victim[DK_MAX_PATH];
} gen_t;

static void gen_start(gen_t *g, const dk_kernel *k, int color, BB kings, BB theirs,
                      DK_MOVE *out, int capacity, dk_paths *paths)
{
    g->k = k;
    g->t = TABLES_OF(k);
    g->color = color;
    g->kings = kings;
    g->theirs = theirs;
    g->out = out;
    g->n = 0;
    g->base = 0;
    g->capacity = capacity;
    g->overflow = 0;
    g->paths = paths;
    g->policy = POLICY_ALL;
    g->prune = 0;
    g->best = -1;
    g->depth = 0;
}

/* Sequences are about to be collected for the capture-choice rules (CHOICE) or only made
 * unique (UNIQUE, huffing's physically possible moves). */
static void gen_policy(gen_t *g, int policy)
{
    const dk_rules *r = &g->k->rules;
    g->policy = policy;
    g->base = g->n;
    g->prune = policy == POLICY_CHOICE && !r->king_priority && r->capture_rule != DK_FREE;
    g->best = -1;
}

/* The rule's first criteria as one number (larger is better). */
static int64_t rank(const gen_t *g, BB cap)
{
    const dk_rules *r = &g->k->rules;
    int64_t count = bb_popcount(cap);
    switch (r->capture_rule) {
    case DK_SPANISH:
        return count * 256 + bb_popcount(cap & g->kings);
    case DK_MAX_VALUE:
        return count * r->man_value + (int64_t)(r->king_value - r->man_value) * bb_popcount(cap & g->kings);
    default:
        return count;
    }
}

/* Italian: the kings among the victims in capture order, first victim highest. */
static uint64_t king_pattern(const gen_t *g)
{
    uint64_t p = 0;
    for (int i = 0; i < g->depth; i++)
        p = p << 1 | ((g->t->mask[g->victim[i]] & g->kings) != 0);
    return p;
}

static int same_move(const DK_MOVE *m, BB frm, BB to, BB cap)
{
    return m->frm == frm && m->to == to && m->remove == cap;
}

static void copy_route(gen_t *g, int slot)
{
    dk_paths *p = g->paths;
    p->len[slot] = (uint8_t)g->depth;
    for (int i = 0; i < g->depth; i++) {
        p->path[slot][i] = g->path[i];
        p->victim[slot][i] = g->victim[i];
    }
}

/* Write a move (no huffed piece) after the last one of the list, without counting it yet:
 * 0 when the list is full (flagged in g->overflow). */
static inline int append(gen_t *g, BB frm, BB to, BB cap, BB kx, uint64_t info)
{
    if (g->n >= g->capacity) {
        g->overflow = 1;
        return 0;
    }
    g->out[g->n] = (DK_MOVE){frm, to, cap, kx, 0, info};
    return 1;
}

/* Add a move: a capture sequence (the route is g->path / g->victim) or a quiet move
 * (g->depth 0). */
static void emit(gen_t *g, BB frm, BB to, BB cap, BB kx)
{
    if (g->prune) {
        int64_t v = rank(g, cap);
        if (v < g->best)
            return;
        if (v > g->best) {
            g->best = v;
            g->n = g->base;
        }
    }
    if (g->policy != POLICY_ALL && g->depth >= 2 && g->k->rules.capture_rule != DK_ITALIAN)
        for (int j = g->base; j < g->n; j++)
            if (same_move(&g->out[j], frm, to, cap))
                return;
    if (!append(g, frm, to, cap, kx, g->k->rules.capture_rule == DK_ITALIAN ? king_pattern(g) : 0))
        return;
    if (g->paths)
        copy_route(g, g->n);
    g->n++;
}

/* Add a quiet move (nothing to rank or compare). */
static inline void emit_quiet(gen_t *g, BB frm, BB to, BB kx)
{
    if (!append(g, frm, to, 0, kx, 0))
        return;
    if (g->paths)
        g->paths->len[g->n] = 0;
    g->n++;
}

static void keep(gen_t *g, int to, int from)
{
    if (to == from)
        return;
    g->out[to] = g->out[from];
    if (g->paths) {
        dk_paths *p = g->paths;
        p->len[to] = p->len[from];
        for (int i = 0; i < p->len[from]; i++) {
            p->path[to][i] = p->path[from][i];
            p->victim[to][i] = p->victim[from][i];
        }
    }
}

/* The criteria, each keeping the best moves in their order. */
static int64_t criterion(const gen_t *g, const DK_MOVE *m, int which)
{
    switch (which) {
    case 0: return (m->frm & g->kings) != 0;           /* a king's capture */
    case 1: return bb_popcount(m->remove);              /* pieces taken */
    case 2: return bb_popcount(m->remove & g->kings);   /* kings taken */
    case 3: return rank(g, m->remove);                  /* the rule's rank (value) */
    default: return (int64_t)m->info;                   /* Italian: kings met first */
    }
}

enum { BY_KING = 0, BY_COUNT = 1, BY_KINGS_TAKEN = 2, BY_RANK = 3, BY_PATTERN = 4 };

static void keep_best(gen_t *g, int which)
{
    int64_t best = INT64_MIN;
    for (int i = g->base; i < g->n; i++) {
        int64_t v = criterion(g, &g->out[i], which);
        if (v > best)
            best = v;
    }
    int n = g->base;
    for (int i = g->base; i < g->n; i++)
        if (criterion(g, &g->out[i], which) == best)
            keep(g, n++, i);
    g->n = n;
}

static void unique(gen_t *g)
{
    int n = g->base;
    for (int i = g->base; i < g->n; i++) {
        const DK_MOVE *m = &g->out[i];
        int seen = 0;
        for (int j = g->base; j < n && !seen; j++)
            seen = same_move(&g->out[j], m->frm, m->to, m->remove);
        if (!seen)
            keep(g, n++, i);
    }
    g->n = n;
}

static void choose_by_rule(gen_t *g);

/* The capture-choice rule, applied to the complete sequences collected with POLICY_CHOICE
 * (core/choice.py, make_chooser), then the king tie-break of the rules that have one. */
static void choose(gen_t *g)
{
    if (g->n - g->base <= 1)
        return;
    choose_by_rule(g);
    if (g->k->rules.king_breaks_ties) {
        keep_best(g, BY_KING);
        unique(g);
    }
}

static void choose_by_rule(gen_t *g)
{
    const dk_rules *r = &g->k->rules;
    if (r->king_priority)
        keep_best(g, BY_KING);   /* by_king_first: the kings' captures if there are any */
    switch (r->capture_rule) {
    case DK_FREE:
        break;
    case DK_MAX_COUNT:
        keep_best(g, BY_COUNT);
        break;
    case DK_MAX_VALUE:
        keep_best(g, BY_RANK);
        keep_best(g, BY_KING);
        break;
    case DK_SPANISH:
        keep_best(g, BY_COUNT);
        keep_best(g, BY_KINGS_TAKEN);
        break;
    default: /* DK_ITALIAN */
        keep_best(g, BY_COUNT);
        keep_best(g, BY_KING);
        keep_best(g, BY_KINGS_TAKEN);
        if (g->n > 1)
            keep_best(g, BY_PATTERN);
        unique(g);
        break;
    }
}
