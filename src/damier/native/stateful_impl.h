/* Template (see width64.h): the rules that carry state in Position.aux (dk_pos.aux).
 *
 * Huffing (core/huffing.py is the specification): the side to move may make any physically
 * possible move (every capture prefix, a quiet move beside a capture); the opponent's
 * offending pieces are stored in aux after such a move, and the next player's moves are its
 * physical moves plus, for each offender h (by increasing bit), its physical moves in the
 * position without h, carrying huff = h. The judge decides who offended from the strict
 * rules of the same variant (choice_impl.h).
 *
 * The Frisian king-move limit (core/kingmoves.py): with men on its side, the king that made
 * `king_move_limit` quiet moves in a row may not make another quiet move.
 */

/* Huffing: every physically possible move, in the Python generator's order. The diagonal
 * variants first try its fast listing (kings' quiet moves, single captures that cannot go on,
 * men's quiet moves); when a king can capture or a capture could go on, the search lists
 * every capture prefix, then the quiet moves of the men and of the kings. */
static int diagonal_physical(gen_t *g, const side_t *s, BB kings)
{
    const dk_kernel *k = g->k;
    const DK_TABLES *t = g->t;
    if (kings) {
        if (s->kings_mine && s->theirs && king_can_capture(k, t, s->kings_mine, s->theirs, s->occ))
            return 0;
        king_quiets(g, s->kings_mine, s->occ);
    }
    singles_t sg;
    find_singles(k, t, s, g->color, &sg);
    if (sg.found & t->promo[g->color] && k->rules.promotion_in_capture != DK_CONTINUE_AS_MAN)
        return 0;
    if (sg.found & jump_sources(k, t, s, g->color))
        return 0;
    list_singles(g, s, &sg, 0);
    men_quiets(g, s->men, s->empty);
    return 1;
}

static void physical(gen_t *g, BB white, BB black, BB kings, int turn)
{
    const dk_kernel *k = g->k;
    side_t s = side_of(k, white, black, kings, turn);
    g->kings = kings;
    g->theirs = s.theirs;
    int start = g->n;
    gen_policy(g, POLICY_ALL);
    if (k->diagonal_men) {
        if (diagonal_physical(g, &s, kings))
            return;
        g->n = start;
    }
    gen_policy(g, POLICY_UNIQUE);
    if (s.theirs)
        sequences_of(g, white, black, kings, s.men, 0);
    gen_policy(g, POLICY_ALL);
    men_quiets(g, s.men, s.empty);
    king_quiets(g, s.kings_mine, s.occ);
}

static void huffing_legal(gen_t *g, const DK_POS *p)
{
    physical(g, p->white, p->black, p->kings, p->turn);
    BB offenders = p->aux & (p->turn ? p->white : p->black);
    for (; offenders; offenders &= offenders - 1) {
        BB h = bb_lowbit(offenders);
        int start = g->n;
        if (p->turn)
            physical(g, p->white & ~h, p->black, p->kings & ~h, p->turn);
        else
            physical(g, p->white, p->black & ~h, p->kings & ~h, p->turn);
        for (int i = start; i < g->n; i++) {
            g->out[i].remove |= h;
            g->out[i].huff = h;
        }
    }
}

static void apply_plain(const DK_POS *p, BB frm, BB to, BB remove, BB kx, DK_POS *out)
{
    if (p->turn == 0) {
        out->white = p->white ^ frm ^ to;
        out->black = p->black & ~remove;
    } else {
        out->white = p->white & ~remove;
        out->black = p->black ^ frm ^ to;
    }
    out->kings = (p->kings & ~remove) ^ kx;
    out->turn = 1 - p->turn;
    out->aux = p->aux;
}

/* The judge of one position (core/huffing.Judge): its legal captures under the strict rules,
 * worked out once for all the moves played in it, and, when a capture needs them, all its
 * complete capture sequences. */
typedef struct judge {
    const dk_kernel *k;
    DK_POS before;               /* the position the moves are played in (after any huff) */
    DK_MOVE *strict, *complete;  /* DK_MAX_MOVES moves each */
    int n_strict, n_complete;    /* n_complete -1: not worked out yet */
    BB obliged;                  /* the pieces that could have made a legal capture */
} judge_t;

static void judge_sequences(judge_t *j, DK_MOVE *out, int policy, int *n)
{
    const DK_POS *b = &j->before;
    BB theirs = b->turn ? b->white : b->black;
    BB men = (b->turn ? b->black : b->white) & ~b->kings;
    gen_t g;
    gen_start(&g, j->k, b->turn, b->kings, theirs, out, DK_MAX_MOVES, NULL);
    gen_policy(&g, policy);
    if (theirs)
        sequences_of(&g, b->white, b->black, b->kings, men, 1);
    if (policy == POLICY_CHOICE)
        choose(&g);
    *n = g.overflow ? -1 : g.n;
}

/* -1 on overflow. */
static int judge_start(judge_t *j, const dk_kernel *k, const DK_POS *before, DK_MOVE *strict, DK_MOVE *complete)
{
    j->k = k;
    j->before = *before;
    j->strict = strict;
    j->complete = complete;
    j->n_complete = -1;
    j->obliged = 0;
    judge_sequences(j, strict, POLICY_CHOICE, &j->n_strict);
    for (int i = 0; i < j->n_strict; i++)
        j->obliged |= strict[i].frm;
    return j->n_strict < 0 ? -1 : 0;
}

/* The pieces of the mover that may be huffed after move m (its captured pieces `captured`):
 * after a quiet move while a capture was legal, every piece that could have made a legal
 * capture; after a capture that is not legal, the moving piece if it could have made a legal
 * one (a smaller capture than the rules ask, or stopped early), else the pieces that could
 * have, and the moving piece too if it stopped its multiple jump early. -1 on overflow. */
static int judge_offenders(judge_t *j, const DK_MOVE *m, BB captured, BB *offenders)
{
    BB off;
    *offenders = 0;
    if (!j->n_strict)
        return 0;       /* nothing could be captured */
    for (int i = 0; i < j->n_strict; i++)
        if (same_move(&j->strict[i], m->frm, m->to, captured))
            return 0;   /* a legal capture */
    if (!captured) {
        off = j->obliged;
    } else if (m->frm & j->obliged) {
        off = m->frm;
    } else {
        off = j->obliged;
        if (j->n_complete < 0)
            judge_sequences(j, j->complete, POLICY_UNIQUE, &j->n_complete);
        if (j->n_complete < 0)
            return -1;
        int complete = 0;
        for (int i = 0; i < j->n_complete && !complete; i++)
            complete = same_move(&j->complete[i], m->frm, m->to, captured);
        if (!complete)
            off |= m->frm;  /* and it stopped its multiple jump early */
    }
    if (off & m->frm)
        off = (off & ~m->frm) | m->to;  /* the offender moved */
    *offenders = off;
    return 0;
}

/* The position a huffing move is played in: without the huffed piece, aux cleared. */
static DK_POS before_huff(const DK_POS *p, BB huff)
{
    DK_POS before = *p;
    before.white &= ~huff;
    before.black &= ~huff;
    before.kings &= ~huff;
    before.aux = 0;
    return before;
}

/* `scratch` holds 2 * DK_MAX_MOVES moves. */
static int huffing_apply(const dk_kernel *k, const DK_POS *p, const DK_MOVE *m, DK_POS *out, DK_MOVE *scratch)
{
    DK_POS before = before_huff(p, m->huff);
    BB captured = m->remove & ~m->huff, offenders;
    judge_t j;
    if (judge_start(&j, k, &before, scratch, scratch + DK_MAX_MOVES) || judge_offenders(&j, m, captured, &offenders))
        return -1;
    apply_plain(&before, m->frm, m->to, captured, m->kings_xor, out);
    out->aux = offenders;
    return 0;
}

/* The number of physically possible moves (physical()'s list), counted where a capture
 * cannot go on; -1 on overflow. */
static int physical_count(const dk_kernel *k, BB white, BB black, BB kings, int turn, DK_MOVE *scratch)
{
    const DK_TABLES *t = TABLES_OF(k);
    side_t s = side_of(k, white, black, kings, turn);
    int n = men_quiet_count(k, t, turn, s.men, s.empty) + king_quiet_count(k, t, s.kings_mine, s.occ);
    if (!s.theirs)
        return n;
    singles_t sg;
    find_singles(k, t, &s, turn, &sg);
    int king_can = s.kings_mine && king_can_capture(k, t, s.kings_mine, s.theirs, s.occ);
    if (!sg.found && !king_can)
        return n;
    int prefixes = king_can || (k->rules.promotion_in_capture != DK_CONTINUE_AS_MAN && (sg.found & t->promo[turn]))
        || (sg.found & jump_sources(k, t, &s, turn));
    if (!prefixes) {
        for (int i = 0; i < sg.n_dirs; i++)
            n += bb_popcount(sg.land[i]);
        return n;
    }
    gen_t g;
    gen_start(&g, k, turn, kings, s.theirs, scratch, DK_MAX_MOVES, NULL);
    gen_policy(&g, POLICY_UNIQUE);
    sequences_of(&g, white, black, kings, s.men, 0);
    return g.overflow ? -1 : n + g.n;
}

/* The number of legal moves under huffing: the physical moves, and again for each offender
 * that may be huffed. */
static int huffing_count(const dk_kernel *k, const DK_POS *p, DK_MOVE *scratch)
{
    int n = physical_count(k, p->white, p->black, p->kings, p->turn, scratch);
    BB offenders = p->aux & (p->turn ? p->white : p->black);
    for (; offenders && n >= 0; offenders &= offenders - 1) {
        BB h = bb_lowbit(offenders);
        int more = p->turn ? physical_count(k, p->white & ~h, p->black, p->kings & ~h, p->turn, scratch)
                           : physical_count(k, p->white, p->black & ~h, p->kings & ~h, p->turn, scratch);
        n = more < 0 ? -1 : n + more;
    }
    return n;
}

/* Frisian king-move limit: the king of the side to move that may not make a quiet move. */
static BB restricted_king(const dk_kernel *k, const DK_POS *p)
{
    int shift = p->turn ? 16 : 0;
    int square = (int)((p->aux >> shift) & 0xFF) - 1;
    int count = (int)((p->aux >> (shift + 8)) & 0xFF);
    BB mine = p->turn ? p->black : p->white;
    if (square < 0 || count < k->rules.king_move_limit || !(mine & ~p->kings))
        return 0;
    return TABLES_OF(k)->mask[square];
}

static void drop_restricted(gen_t *g, BB blocked)
{
    int n = 0;
    for (int i = 0; i < g->n; i++)
        if (g->out[i].frm != blocked || g->out[i].remove)
            keep(g, n++, i);
    g->n = n;
}

static BB next_king_state(const dk_kernel *k, const DK_POS *p, const DK_MOVE *m)
{
    int shift = p->turn ? 16 : 0;
    BB aux = p->aux & ~((BB)0xFFFF << shift);
    if (m->remove || !(m->frm & p->kings))
        return aux;
    int square = (int)((p->aux >> shift) & 0xFF) - 1;
    BB count = (p->aux >> (shift + 8)) & 0xFF;
    count = (square >= 0 && TABLES_OF(k)->mask[square] == m->frm) ? count + 1 : 1;
    BB to = (BB)(square_of_bit(k, m->to) + 1);
    return aux | to << shift | count << (shift + 8);
}
