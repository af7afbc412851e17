/* Template (see width64.h): the calls of kernel.h for one word width: validity, legal moves,
 * count, apply, perft and hash. Everything here dispatches to the files included before it.
 */

int FN(dk_valid_pos)(const dk_kernel *k, const DK_POS *p)
{
    const DK_TABLES *t = TABLES_OF(k);
    BB pieces = p->white | p->black;
    if ((pieces | p->kings) & ~t->all)
        return 0;
    if ((p->white & p->black) || (p->kings & ~pieces) || (p->turn != 0 && p->turn != 1))
        return 0;
    if (k->rules.huffing && (p->aux & ~t->all))
        return 0;
    if (k->rules.king_move_limit) {
        if (p->aux >> 40)
            return 0;
        for (int shift = 0; shift <= 16; shift += 16)
            if ((int)((p->aux >> shift) & 0xFF) > k->squares)
                return 0;
    }
    return 1;
}

static void position_legal(gen_t *g, const DK_POS *p)
{
    const dk_kernel *k = g->k;
    if (k->rules.huffing) {
        huffing_legal(g, p);
        return;
    }
    stateless_legal(g, p->white, p->black, p->kings, p->turn);
    if (k->rules.king_move_limit && p->aux) {
        BB blocked = restricted_king(k, p);
        if (blocked)
            drop_restricted(g, blocked);
    }
}

static int legal_into(const dk_kernel *k, const DK_POS *p, DK_MOVE *out, int capacity, dk_paths *paths,
                      int strict)
{
    gen_t g;
    if (paths && capacity > DK_MAX_MOVES)
        capacity = DK_MAX_MOVES;
    gen_start(&g, k, p->turn, p->kings, p->turn ? p->white : p->black, out, capacity, paths);
    if (strict)
        stateless_legal(&g, p->white, p->black, p->kings, p->turn);
    else
        position_legal(&g, p);
    return g.overflow ? -1 : g.n;
}

int FN(dk_legal)(const dk_kernel *k, const DK_POS *p, DK_MOVE *out, int capacity, dk_paths *paths)
{
    return legal_into(k, p, out, capacity, paths, 0);
}

int FN(dk_legal_strict)(const dk_kernel *k, const DK_POS *p, DK_MOVE *out, int capacity, dk_paths *paths)
{
    return legal_into(k, p, out, capacity, paths, 1);
}

static int count_with(const dk_kernel *k, const DK_POS *p, DK_MOVE *scratch)
{
    if (k->rules.huffing)
        return huffing_count(k, p, scratch);
    if (k->rules.king_move_limit && p->aux && restricted_king(k, p))
        return legal_into(k, p, scratch, DK_MAX_MOVES, NULL, 0);
    return stateless_count(k, p->white, p->black, p->kings, p->turn, scratch);
}

int FN(dk_count)(const dk_kernel *k, const DK_POS *p)
{
    DK_MOVE scratch[DK_MAX_MOVES];
    return count_with(k, p, scratch);
}

int FN(dk_count_strict)(const dk_kernel *k, const DK_POS *p)
{
    DK_MOVE scratch[DK_MAX_MOVES];
    return stateless_count(k, p->white, p->black, p->kings, p->turn, scratch);
}

int FN(dk_has_capture)(const dk_kernel *k, const DK_POS *p)
{
    return stateless_has_capture(k, p->white, p->black, p->kings, p->turn);
}

int FN(dk_apply)(const dk_kernel *k, const DK_POS *p, const DK_MOVE *m, DK_POS *out)
{
    if (k->rules.huffing) { /* the judge needs two lists: on the heap (96 KB at 128 bits) */
        DK_MOVE *scratch = malloc(sizeof(DK_MOVE) * 2 * DK_MAX_MOVES);
        int rc = scratch ? huffing_apply(k, p, m, out, scratch) : -1;
        free(scratch);
        return rc;
    }
    apply_plain(p, m->frm, m->to, m->remove, m->kings_xor, out);
    if (k->rules.king_move_limit)
        out->aux = next_king_state(k, p, m);
    return 0;
}

/* Perft of a huffing variant: each position's judge is worked out once for all its moves
 * (per huff). `lists` holds PLY_LISTS lists of DK_MAX_MOVES moves per remaining ply. */
static int64_t huffing_perft(const dk_kernel *k, const DK_POS *p, int depth, DK_MOVE *lists)
{
    if (depth == 1)
        return huffing_count(k, p, lists);
    DK_MOVE *moves = lists, *strict = lists + DK_MAX_MOVES, *complete = strict + DK_MAX_MOVES;
    DK_MOVE *rest = complete + DK_MAX_MOVES;
    BB offenders = p->aux & (p->turn ? p->white : p->black), huff = 0;
    int64_t total = 0;
    for (;;) {
        DK_POS before = before_huff(p, huff);
        gen_t g;
        gen_start(&g, k, before.turn, before.kings, before.turn ? before.white : before.black, moves,
                  DK_MAX_MOVES, NULL);
        physical(&g, before.white, before.black, before.kings, before.turn);
        if (g.overflow)
            return -1;
        judge_t j;
        int judged = stateless_has_capture(k, before.white, before.black, before.kings, before.turn);
        if (judged && judge_start(&j, k, &before, strict, complete))
            return -1;
        for (int i = 0; i < g.n; i++) {
            BB off = 0;
            if (judged && judge_offenders(&j, &moves[i], moves[i].remove, &off))
                return -1;
            DK_POS child;
            apply_plain(&before, moves[i].frm, moves[i].to, moves[i].remove, moves[i].kings_xor, &child);
            child.aux = off;
            int64_t sub = huffing_perft(k, &child, depth - 1, rest);
            if (sub < 0)
                return -1;
            total += sub;
        }
        if (!offenders)
            return total;
        huff = bb_lowbit(offenders);
        offenders &= offenders - 1;
    }
}

/* `lists` holds DK_MAX_MOVES moves per remaining ply plus one list of scratch. */
static int64_t perft_from(const dk_kernel *k, const DK_POS *p, int depth, DK_MOVE *lists)
{
    if (depth == 1)
        return count_with(k, p, lists);
    int n = legal_into(k, p, lists, DK_MAX_MOVES, NULL, 0);
    if (n < 0)
        return -1;
    int64_t total = 0;
    DK_MOVE *rest = lists + DK_MAX_MOVES;
    for (int i = 0; i < n; i++) {
        DK_POS child;
        apply_plain(p, lists[i].frm, lists[i].to, lists[i].remove, lists[i].kings_xor, &child);
        if (k->rules.king_move_limit)
            child.aux = next_king_state(k, p, &lists[i]);
        int64_t sub = perft_from(k, &child, depth - 1, rest);
        if (sub < 0)
            return -1;
        total += sub;
    }
    return total;
}

#define PLY_LISTS 3 /* a huffing perft's ply: its moves and its judge's two lists */

int64_t FN(dk_perft)(const dk_kernel *k, const DK_POS *p, int depth)
{
    if (depth <= 0)
        return 1;
    DK_MOVE *lists = malloc(sizeof(DK_MOVE) * DK_MAX_MOVES * PLY_LISTS * ((size_t)depth + 1));
    if (!lists)
        return -1;
    int64_t total = k->rules.huffing ? huffing_perft(k, p, depth, lists) : perft_from(k, p, depth, lists);
    free(lists);
    return total;
}

uint64_t FN(dk_hash)(const dk_kernel *k, const DK_POS *p)
{
    uint64_t h = p->turn ? k->zobrist_turn : 0;
    for (BB w = p->white; w; w &= w - 1) {
        BB low = bb_lowbit(w);
        h ^= k->zobrist[(p->kings & low) ? 2 : 0][square_of_bit(k, low)];
    }
    for (BB b = p->black; b; b &= b - 1) {
        BB low = bb_lowbit(b);
        h ^= k->zobrist[(p->kings & low) ? 3 : 1][square_of_bit(k, low)];
    }
    return h ^ dk_hash_aux((uint64_t)p->aux, (uint64_t)(p->aux >> 32 >> 32));
}
