/* Template (see width64.h): the legal moves of a position under the stateless rules, their
 * count, and whether the side to move can capture.
 *
 * The decisions follow core/pure_movegen.py and core/capture_scan.py (CaptureScan.decide), because
 * the Python generator's move order depends on which of its paths answers:
 * * single man captures that cannot go on, when no king can capture and the choice rule does
 *   not rank them (victims_differ with opponent kings): listed without a search, direction by
 *   direction (diagonal variants: up-left, up-right, down-left, down-right; the others: in
 *   the order of Rules.man_captures), each by increasing bit. On the diagonal path of the
 *   common rules a capture that can go on is searched from its landing square in place.
 * * otherwise, if anything can capture: every sequence of the men (by increasing bit) then of
 *   the kings, and the capture-choice rule (choice_impl.h);
 * * otherwise the quiet moves (quiet_impl.h).
 */

typedef struct side {
    BB mine, theirs, men, kings_mine, targets, occ, empty;
} side_t;

static side_t side_of(const dk_kernel *k, BB white, BB black, BB kings, int turn)
{
    const DK_TABLES *t = TABLES_OF(k);
    side_t s;
    s.mine = turn ? black : white;
    s.theirs = turn ? white : black;
    s.men = s.mine & ~kings;
    s.kings_mine = s.mine & kings;
    s.targets = k->rules.men_capture_kings ? s.theirs : s.theirs & ~kings;
    s.occ = white | black;
    s.empty = t->all & ~s.occ;
    return s;
}

/* The landing squares of the single man captures in direction d. */
static inline BB capture_landings(const dk_kernel *k, const DK_TABLES *t, const side_t *s, int d)
{
    return step_bits(k, step_bits(k, s->men & t->src2[d], d) & s->targets, d) & s->empty;
}

/* The squares from which a man of the side to move could jump now: the square next to it in
 * a capture direction holds a target and the one past it is empty. A man that has just
 * jumped lands on one of these exactly when it can go on: straight back it would land on the
 * square it left, which is still taken here, so that jump never shows (as in
 * core/capture_scan.py). */
static BB jump_sources(const dk_kernel *k, const DK_TABLES *t, const side_t *s, int color)
{
    const dk_rules *r = &k->rules;
    BB from = 0;
    for (int a = 0; a < r->n_man_captures[color]; a++) {
        int e = r->man_captures[color][a];
        BB over = (s->empty << k->right[e] >> k->left[e]) & s->targets;
        from |= (over << k->right[e] >> k->left[e]) & t->src2[e];
    }
    return from;
}

typedef struct singles {
    int n_dirs, dirs[DK_DIRECTIONS];
    BB land[DK_DIRECTIONS];     /* landing squares of the single captures, per direction */
    BB found;                   /* all of them */
    BB go_on;                   /* those from which the man can jump again (capture_path) */
} singles_t;

static void find_singles(const dk_kernel *k, const DK_TABLES *t, const side_t *s, int color, singles_t *out)
{
    out->n_dirs = k->n_listed[color];
    out->found = 0;
    for (int i = 0; i < out->n_dirs; i++) {
        out->dirs[i] = k->listed[color][i];
        out->found |= out->land[i] = capture_landings(k, t, s, out->dirs[i]);
    }
}

/* The men that can make a first jump: two steps back from each landing square (the search
 * gives nothing for the others, and goes through the men by increasing bit either way). */
static BB jumpers(const dk_kernel *k, const singles_t *sg)
{
    BB men = 0;
    for (int i = 0; i < sg->n_dirs; i++) {
        int d = sg->dirs[i];
        men |= sg->land[i] << k->right[d] >> k->left[d] << k->right[d] >> k->left[d];
    }
    return men;
}

enum { NO_CAPTURE = 0, SINGLES = 1, SEARCH = 2, IN_PLACE = 3 };

/* Which path answers (see the top of this file). */
static int capture_path(const dk_kernel *k, const DK_TABLES *t, const side_t *s, int color,
                        singles_t *sg, BB kings)
{
    const dk_rules *r = &k->rules;
    if (!s->theirs)
        return NO_CAPTURE;
    int king_can = s->kings_mine && king_can_capture(k, t, s->kings_mine, s->theirs, s->occ);
    if (!sg->found)
        return king_can ? SEARCH : NO_CAPTURE;
    if (king_can || (k->victims_differ && (s->theirs & kings)))
        return SEARCH;
    int special_crown = r->promotion_in_capture != DK_CONTINUE_AS_MAN && (sg->found & t->promo[color]);
    BB longer = sg->go_on = sg->found & jump_sources(k, t, s, color);
    if (special_crown || (longer && !(k->diagonal_men && k->plain_men)))
        return SEARCH;
    return longer ? IN_PLACE : SINGLES;
}

/* The single captures (IN_PLACE: those that go on searched from their landing square). */
static void list_singles(gen_t *g, const side_t *s, const singles_t *sg, int in_place)
{
    const dk_kernel *k = g->k;
    const DK_TABLES *t = g->t;
    BB promo = t->promo[g->color];
    for (int i = 0; i < sg->n_dirs; i++) {
        int d = sg->dirs[i], sh = k->shift[d];
        for (BB lands = sg->land[i]; lands; lands &= lands - 1) {
            BB to = bb_lowbit(lands), victim = shifted(to, -sh), fm = shifted(victim, -sh);
            int land = square_of_bit(k, to);
            if (!push(g, land, square_of_bit(k, victim)))
                continue;
            if (in_place && (sg->go_on & to))
                plain_man_search(g, fm, land, s->occ ^ fm, s->targets ^ victim, victim);
            else
                emit(g, fm, to, victim, to & promo);
            g->depth--;
        }
    }
}

/* Whether a man of the side to move can capture, for the diagonal variants (the shifts of
 * diagonal_count, below). */
static inline int diagonal_men_capture(const dk_kernel *k, const DK_TABLES *t, BB white, BB black, BB kings,
                                       int turn)
{
    const int s1 = k->size / 2, s2 = s1 + 1;
    BB mine = turn ? black : white, theirs = turn ? white : black;
    BB men = mine & ~kings;
    BB tg = k->rules.men_capture_kings ? theirs : theirs & ~kings;
    BB empty = t->all & ~(white | black);
    BB found = 0;
    if (k->men_back || !turn)
        found |= ((((men >> s2) & tg) >> s2) | (((men >> s1) & tg) >> s1)) & empty;
    if (k->men_back || turn)
        found |= ((((men << s1) & tg) << s1) | (((men << s2) & tg) << s2)) & empty;
    return found != 0;
}

/* The legal moves under the stateless rules, appended to g's list. */
static void stateless_legal(gen_t *g, BB white, BB black, BB kings, int turn)
{
    const dk_kernel *k = g->k;
    const DK_TABLES *t = g->t;
    if (k->diagonal_men && !diagonal_men_capture(k, t, white, black, kings, turn)) {
        /* most positions: quiet moves, unless a king can capture */
        BB mine = turn ? black : white, own_kings = mine & kings, occ = white | black;
        if (!own_kings || !king_can_capture(k, t, own_kings, turn ? white : black, occ)) {
            men_quiets(g, mine & ~kings, t->all & ~occ);
            king_quiets(g, own_kings, occ);
            return;
        }
    }
    side_t s = side_of(k, white, black, kings, turn);
    singles_t sg;
    find_singles(k, t, &s, turn, &sg);
    switch (capture_path(k, t, &s, turn, &sg, kings)) {
    case SEARCH:
        gen_policy(g, POLICY_CHOICE);
        sequences_of(g, white, black, kings, jumpers(k, &sg), 1);
        choose(g);
        return;
    case IN_PLACE:
        gen_policy(g, POLICY_CHOICE);
        list_singles(g, &s, &sg, 1);
        choose(g);
        return;
    case SINGLES:
        list_singles(g, &s, &sg, 0);
        return;
    default:
        men_quiets(g, s.men, s.empty);
        king_quiets(g, s.kings_mine, s.occ);
    }
}

/* The number of legal moves under the stateless rules; `scratch` holds DK_MAX_MOVES moves
 * for the positions that need a list. -1 on overflow. */
/* stateless_count for the diagonal variants, written out (perft's leaves: most of its time).
 * On a dark board a diagonal step is a shift by h or h + 1 (h squares a row) that lands a
 * square off the board on a ghost bit, so no masks are needed; a man on x can jump in a
 * direction when the square next to it holds a target and the one past it is empty. Returns
 * -2 when the general count must decide (a king can capture, a capture may go on, ...). */
static int diagonal_count(const dk_kernel *k, BB white, BB black, BB kings, int turn)
{
    const DK_TABLES *t = TABLES_OF(k);
    const int s1 = k->size / 2, s2 = s1 + 1;
    BB mine = turn ? black : white, theirs = turn ? white : black;
    BB men = mine & ~kings, own_kings = mine & kings;
    BB tg = k->rules.men_capture_kings ? theirs : theirs & ~kings;
    BB occ = white | black, empty = t->all & ~occ;
    int up = k->men_back || !turn, down = k->men_back || turn;
    BB ul = up ? (((men >> s2) & tg) >> s2) & empty : 0;
    BB ur = up ? (((men >> s1) & tg) >> s1) & empty : 0;
    BB dl = down ? (((men << s1) & tg) << s1) & empty : 0;
    BB dr = down ? (((men << s2) & tg) << s2) & empty : 0;
    BB found = ul | ur | dl | dr;
    if (!found) {
        int n = turn ? bb_popcount((men << s1) & empty) + bb_popcount((men << s2) & empty)
                     : bb_popcount((men >> s2) & empty) + bb_popcount((men >> s1) & empty);
        if (!own_kings)
            return n;
        if (king_can_capture(k, t, own_kings, theirs, occ))
            return -2;
        return n + king_quiet_count(k, t, own_kings, occ);
    }
    if ((k->victims_differ && (theirs & kings))
        || (k->rules.promotion_in_capture != DK_CONTINUE_AS_MAN && (found & t->promo[turn]))
        || (own_kings && king_can_capture(k, t, own_kings, theirs, occ)))
        return -2;
    /* a capture goes on when a man could jump again from its landing square (jump_sources) */
    BB from = 0;
    if (up)
        from |= (((empty << s2) & tg) << s2) | (((empty << s1) & tg) << s1);
    if (down)
        from |= (((empty >> s1) & tg) >> s1) | (((empty >> s2) & tg) >> s2);
    if (found & from)
        return -2;
    return bb_popcount(ul) + bb_popcount(ur) + bb_popcount(dl) + bb_popcount(dr);
}

static int stateless_count(const dk_kernel *k, BB white, BB black, BB kings, int turn, DK_MOVE *scratch)
{
    const DK_TABLES *t = TABLES_OF(k);
    if (k->diagonal_men) {
        int n = diagonal_count(k, white, black, kings, turn);
        if (n != -2)
            return n;
    }
    side_t s = side_of(k, white, black, kings, turn);
    singles_t sg;
    find_singles(k, t, &s, turn, &sg);
    switch (capture_path(k, t, &s, turn, &sg, kings)) {
    case SINGLES: {
        int n = 0;
        for (int i = 0; i < sg.n_dirs; i++)
            n += bb_popcount(sg.land[i]);
        return n;
    }
    case NO_CAPTURE:
        return men_quiet_count(k, t, turn, s.men, s.empty) + king_quiet_count(k, t, s.kings_mine, s.occ);
    default: {
        gen_t g;
        gen_start(&g, k, turn, kings, s.theirs, scratch, DK_MAX_MOVES, NULL);
        stateless_legal(&g, white, black, kings, turn);
        return g.overflow ? -1 : g.n;
    }
    }
}

static int stateless_has_capture(const dk_kernel *k, BB white, BB black, BB kings, int turn)
{
    const DK_TABLES *t = TABLES_OF(k);
    side_t s = side_of(k, white, black, kings, turn);
    if (!s.theirs)
        return 0;
    const dk_rules *r = &k->rules;
    for (int a = 0; s.men && a < r->n_man_captures[turn]; a++)
        if (capture_landings(k, t, &s, r->man_captures[turn][a]))
            return 1;
    return s.kings_mine && king_can_capture(k, t, s.kings_mine, s.theirs, s.occ);
}
