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
    if (k->rules.huffing || (k->rules.king_move_limit && p->aux && restricted_king(k, p)))
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

static int apply_with(const dk_kernel *k, const DK_POS *p, const DK_MOVE *m, DK_POS *out, DK_MOVE *scratch)
{
    if (k->rules.huffing)
        return huffing_apply(k, p, m, out, scratch);
    apply_plain(p, m->frm, m->to, m->remove, m->kings_xor, out);
    if (k->rules.king_move_limit)
        out->aux = next_king_state(k, p, m);
    return 0;
}

int FN(dk_apply)(const dk_kernel *k, const DK_POS *p, const DK_MOVE *m, DK_POS *out)
{
    DK_MOVE scratch[DK_MAX_MOVES];
    return apply_with(k, p, m, out, scratch);
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
        if (apply_with(k, p, &lists[i], &child, rest))
            return -1;
        int64_t sub = perft_from(k, &child, depth - 1, rest);
        if (sub < 0)
            return -1;
        total += sub;
    }
    return total;
}

int64_t FN(dk_perft)(const dk_kernel *k, const DK_POS *p, int depth)
{
    if (depth <= 0)
        return 1;
    DK_MOVE *lists = malloc(sizeof(DK_MOVE) * DK_MAX_MOVES * ((size_t)depth + 1));
    if (!lists)
        return -1;
    int64_t total = perft_from(k, p, depth, lists);
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
