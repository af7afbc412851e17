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
    for (int i = 0; i < sg.n_dirs; i++)
        if (any_goes_on(k, t, g->color, sg.land[i], sg.dirs[i], s->targets, s->empty))
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

/* The pieces of the mover that may be huffed after move m of `before` (core/huffing.Judge):
 * after a quiet move while a capture was legal, every piece that could have made a legal
 * capture; after a capture that is not legal, the moving piece if it could have made a legal
 * one (a smaller capture than the rules ask, or stopped early), else the pieces that could
 * have, and the moving piece too if it stopped its multiple jump early. -1 on overflow. */
static int offenders_after(const dk_kernel *k, const DK_POS *before, const DK_MOVE *m, BB captured,
                           DK_MOVE *scratch, BB *offenders)
{
    BB theirs = before->turn ? before->white : before->black;
    BB men = (before->turn ? before->black : before->white) & ~before->kings;
    gen_t g;
    gen_start(&g, k, before->turn, before->kings, theirs, scratch, DK_MAX_MOVES, NULL);
    gen_policy(&g, POLICY_CHOICE);
    if (theirs)
        sequences_of(&g, before->white, before->black, before->kings, men, 1);
    choose(&g);
    *offenders = 0;
    if (g.overflow)
        return -1;
    BB obliged = 0, off;
    for (int i = 0; i < g.n; i++) {
        if (same_move(&g.out[i], m->frm, m->to, captured))
            return 0;   /* a legal capture */
        obliged |= g.out[i].frm;
    }
    if (!g.n)
        return 0;       /* nothing could be captured */
    if (!captured) {
        off = obliged;
    } else if (m->frm & obliged) {
        off = m->frm;
    } else {
        off = obliged;
        gen_start(&g, k, before->turn, before->kings, theirs, scratch, DK_MAX_MOVES, NULL);
        gen_policy(&g, POLICY_UNIQUE);
        sequences_of(&g, before->white, before->black, before->kings, men, 1);
        if (g.overflow)
            return -1;
        int complete = 0;
        for (int i = 0; i < g.n && !complete; i++)
            complete = same_move(&g.out[i], m->frm, m->to, captured);
        if (!complete)
            off |= m->frm;  /* and it stopped its multiple jump early */
    }
    if (off & m->frm)
        off = (off & ~m->frm) | m->to;  /* the offender moved */
    *offenders = off;
    return 0;
}

static int huffing_apply(const dk_kernel *k, const DK_POS *p, const DK_MOVE *m, DK_POS *out, DK_MOVE *scratch)
{
    DK_POS before = *p;
    BB huff = m->huff;
    before.white &= ~huff;
    before.black &= ~huff;
    before.kings &= ~huff;
    before.aux = 0;
    BB captured = m->remove & ~huff, offenders;
    if (offenders_after(k, &before, m, captured, scratch, &offenders))
        return -1;
    apply_plain(&before, m->frm, m->to, captured, m->kings_xor, out);
    out->aux = offenders;
    return 0;
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
