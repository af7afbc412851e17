/* The root of the search for one word width, and its set-up (see search.h): included by
 * search64.c and search128.c after search_impl.h. The twin of damier/engine/search.py
 * (RootSearch and the deepening loop). No Python here. */

static void FN(wide_move)(const DK_MOVE *m, dk_wmove *out)
{
    out->frm = m->frm;
    out->to = m->to;
    out->remove = m->remove;
    out->kings_xor = m->kings_xor;
    out->huff = m->huff;
}

static int FN(narrow)(dk_u128 x, BB *out)
{
    *out = (BB)x;
    return (dk_u128)*out == x ? 0 : -1;
}

static int FN(narrow_pos)(const dk_search *s, const dk_wpos *in, DK_POS *out)
{
    if (FN(narrow)(in->white, &out->white) || FN(narrow)(in->black, &out->black)
        || FN(narrow)(in->kings, &out->kings) || FN(narrow)(in->aux, &out->aux))
        return -1;
    out->turn = in->turn;
    return FN(dk_valid_pos)(s->k, out) ? 0 : -1;
}

/* A line found at the root: the move and the PV below it, in the caller's words. */
static void FN(take_line)(dk_search *s, dk_line *line, int score, int idx)
{
    FN(wstate) *w = W(s);
    line->score = score;
    FN(wide_move)(&w->root_move[idx], &line->pv[0]);
    for (int j = 0; j < w->pv_len[1]; j++)
        FN(wide_move)(&w->pv[1][j], &line->pv[j + 1]);
    line->length = w->pv_len[1] + 1;
}

/* The score of one root move: a full window for the first moves, else a null window around
 * `bound` and a re-search when it beats it. */
static int FN(root_score)(dk_search *s, int full, int bound, int beta, int depth, int idx)
{
    FN(wstate) *w = W(s);
    const DK_POS *c = &w->root_after[idx];
    uint64_t key = w->root_key[idx];
    int rev = w->root_rev[idx];
    if (full)
        return -FN(pvs)(s, -beta, -bound, depth - 1, 1, c, key, rev, 0);
    int v = -FN(pvs)(s, -bound - 1, -bound, depth - 1, 1, c, key, rev, 0);
    if (!s->stopped && bound < v && v < beta)
        v = -FN(pvs)(s, -beta, -bound, depth - 1, 1, c, key, rev, 0);
    return v;
}

/* Insert a line into the `multipv` best found so far (sorted by score, ties keep their order). */
static void FN(found)(dk_search *s, int score, int idx)
{
    FN(wstate) *w = W(s);
    int at = s->n_found;
    while (at > 0 && s->lines[at - 1].score < score)
        at--;
    if (at >= s->multipv)
        return;
    int last = s->n_found < s->multipv ? s->n_found : s->multipv - 1;
    for (int j = last; j > at; j--) {
        s->lines[j] = s->lines[j - 1];
        w->found_index[j] = w->found_index[j - 1];
    }
    FN(take_line)(s, &s->lines[at], score, idx);
    w->found_index[at] = idx;
    if (s->n_found < s->multipv)
        s->n_found++;
    if (idx > 0 && at == 0) { /* a new best first move: reported if the depth is cut */
        s->lines[s->multipv] = s->lines[0];
        s->has_partial = 1;
    }
}

static int FN(root_search)(dk_search *s, int depth, int alpha, int beta)
{
    FN(wstate) *w = W(s);
    s->n_found = 0;
    s->keys[s->n_keys++] = w->key0;
    w->pv_len[0] = 0;
    for (int idx = 0; idx < s->n_root; idx++)
        w->result[idx] = -DK_INF;
    for (int idx = 0; idx < s->n_root; idx++) {
        int bound = alpha;
        if (s->n_found >= s->multipv && s->lines[s->multipv - 1].score > bound)
            bound = s->lines[s->multipv - 1].score;
        int v = FN(root_score)(s, idx == 0 || s->n_found < s->multipv, bound, beta, depth, idx);
        if (s->stopped)
            return 0;
        if (v > bound) {
            w->result[idx] = v;
            FN(found)(s, v, idx);
            if (v >= beta)
                break;
        }
    }
    s->n_keys--;
    /* the root moves best first for the next depth (a stable sort: fail-lows keep their order) */
    for (int j = 1; j < s->n_root; j++) {
        DK_MOVE m = w->root_move[j];
        DK_POS after = w->root_after[j];
        uint64_t key = w->root_key[j];
        int rev = w->root_rev[j], v = w->result[j], i = j - 1;
        for (; i >= 0 && w->result[i] < v; i--) {
            w->root_move[i + 1] = w->root_move[i];
            w->root_after[i + 1] = w->root_after[i];
            w->root_key[i + 1] = w->root_key[i];
            w->root_rev[i + 1] = w->root_rev[i];
            w->result[i + 1] = w->result[i];
        }
        w->root_move[i + 1] = m;
        w->root_after[i + 1] = after;
        w->root_key[i + 1] = key;
        w->root_rev[i + 1] = rev;
        w->result[i + 1] = v;
    }
    return s->n_found ? s->lines[0].score : alpha;
}

static int FN(aspirate)(dk_search *s, int depth, int prev)
{
    int delta = 35, alpha = prev - delta, beta = prev + delta;
    for (;;) {
        int score = FN(root_search)(s, depth, alpha, beta);
        if (s->stopped)
            return 0;
        if (score <= alpha)
            alpha = alpha - delta * 3 > -DK_INF ? alpha - delta * 3 : -DK_INF;
        else if (score >= beta)
            beta = beta + delta * 3 < DK_INF ? beta + delta * 3 : DK_INF;
        else
            return score;
        delta *= 3;
        if (delta > 2000) {
            alpha = -DK_INF;
            beta = DK_INF;
        }
    }
}

int FN(dk_search_depth)(dk_search *s, dk_iteration *out)
{
    int depth = ++s->depth;
    s->seldepth = 0;
    s->has_partial = 0;
    s->n_keys = s->n_history;
    int score;
    if (s->multipv == 1 && depth >= 4 && abs(s->prev_score) < DK_WIN_BOUND)
        score = FN(aspirate)(s, depth, s->prev_score);
    else
        score = FN(root_search)(s, depth, -DK_INF, DK_INF);
    out->depth = depth;
    out->seldepth = s->seldepth;
    out->nodes = s->nodes;
    if (s->stopped) {
        s->finished = 1;
        if (s->error[0])
            return DK_SEARCH_ERROR;
        out->complete = 0;
        if (depth == 1 && s->n_found > 0) { /* the root moves scored before the limit */
            out->n_lines = s->n_found;
            out->lines = s->lines;
            return DK_SEARCH_DEPTH;
        }
        if (!(s->has_partial && depth > 1 && s->multipv == 1))
            return DK_SEARCH_DONE;
        out->n_lines = 1;
        out->lines = &s->lines[s->multipv];
        return DK_SEARCH_DEPTH;
    }
    s->prev_score = score;
    out->complete = 1;
    out->n_lines = s->n_found;
    out->lines = s->lines;
    return DK_SEARCH_DEPTH;
}

/* ---- set-up ----------------------------------------------------------------------------------- */

int FN(dk_search_alloc)(dk_search *s)
{
    s->w = calloc(1, sizeof(FN(wstate)));
    return s->w ? 0 : -1;
}

void FN(dk_search_release)(dk_search *s)
{
    free(s->w);
    s->w = NULL;
}

static int FN(root_children)(dk_search *s, const dk_search_setup *setup)
{
    FN(wstate) *w = W(s);
    int n = FN(legal_in)(s, &w->root, 0, DK_MAX_MOVES); /* root_move holds DK_MAX_MOVES */
    if (n < 0)
        return -1;
    const DK_MOVE *legal = w->stack;
    if (setup->root_moves) { /* the given moves, in the given order */
        for (int j = 0; j < setup->n_root_moves; j++) {
            const dk_wmove *want = &setup->root_moves[j];
            int found = -1;
            for (int i = 0; i < n && found < 0; i++)
                if ((dk_u128)legal[i].frm == want->frm && (dk_u128)legal[i].to == want->to
                    && (dk_u128)legal[i].remove == want->remove && (dk_u128)legal[i].huff == want->huff)
                    found = i;
            if (found < 0) {
                snprintf(s->error, sizeof s->error, "root move %d is not a legal move", j + 1);
                return -1;
            }
            w->root_move[j] = legal[found];
        }
        n = setup->n_root_moves;
    } else {
        memcpy(w->root_move, legal, (size_t)n * sizeof(DK_MOVE));
    }
    s->n_root = n;
    for (int i = 0; i < n; i++) {
        const DK_MOVE *m = &w->root_move[i];
        if (FN(child)(s, &w->root, m, w->key0, &w->root_after[i], &w->root_key[i]) < 0)
            return -1;
        w->root_rev[i] = ((m->frm & w->root.kings) && !m->remove) ? setup->reversible + 1 : 0;
    }
    return 0;
}

int FN(dk_search_start)(dk_search *s, const dk_search_setup *setup)
{
    FN(wstate) *w = W(s);
    if (FN(narrow_pos)(s, &setup->root, &w->root) < 0) {
        snprintf(s->error, sizeof s->error, "the root is not a valid position of this variant");
        return -1;
    }
    for (int i = 0; i < setup->n_history; i++) {
        DK_POS p;
        if (FN(narrow_pos)(s, &setup->history[i], &p) < 0) {
            snprintf(s->error, sizeof s->error, "history position %d is not valid", i + 1);
            return -1;
        }
        s->keys[i] = FN(key_of)(s, &p);
    }
    s->n_history = s->n_keys = setup->n_history;
    w->key0 = FN(key_of)(s, &w->root);
    s->root_pieces = bb_popcount(w->root.white | w->root.black);
    memset(w->killer, 0, sizeof w->killer);
    memset(w->pv_len, 0, sizeof w->pv_len);
    return FN(root_children)(s, setup);
}
