/* Endgame databases: the retrograde solver of one configuration and its swap (see egdb.h).
 *
 * A configuration's quiet moves that crown no man stay inside the pair {c, c swapped}; every
 * capture and crowning leads to a configuration already solved (in `db`). The solver:
 *  1. visits every index once: positions without moves are lost; the moves leaving the pair
 *     are probed, which may already give a win (kept as a tentative distance) or, when no
 *     move stays inside, the whole value; the moves staying inside are counted;
 *  2. walks the distances up, d = 0, 1, 2 ...: every position lost in d plies makes its
 *     predecessors (un-moves of the opponent's quiet moves, in positions where he could not
 *     capture) won in d + 1; every position won in d plies takes one from its predecessors'
 *     counts, and a predecessor left without a move that does not lose is lost in one more
 *     ply than its longest-resisting move (re-probed then);
 *  3. what is still unknown is a draw.
 * Distances are exact because each position is settled in the pass of its distance: a win
 * can only be shortened before its pass, and a loss is settled when its last move is.
 * No Python here. */
#include <stdio.h>
#include <string.h>

#include "egdb.h"

#define UNSET 0            /* work value: not settled (a draw if it stays so) */
#define INVALID 255        /* work value: the men of the index overlap */
#define CAPTURE 0x7F       /* count: the side to move can capture (no move stays inside) */
#define HAS_DRAW 0x80      /* count flag: a move leaving the pair draws, so never a loss */

typedef struct solver {
    const dk_egdb *db;
    dk_egdb_config config[2];
    int id[2];
    uint64_t size[2];
    uint8_t *value[2];
    uint8_t *count[2];
    int n_tables;          /* 1 when the configuration is its own swap */
    int max_code;
    int overflow;
    char *err;
    size_t errlen;
    dk_egdb_progress_fn progress;
    void *ctx;
    uint64_t done, total;
} solver;

/* The table (0 or 1) a normal position of the pair belongs to, or -1. */
static int table_of(const solver *s, const dk_pos64 *n)
{
    int id = dk_egdb_config_id(dk_egdb_config_of(n));
    return id == s->id[0] ? 0 : id == s->id[1] ? 1 : -1;
}

static void tick(solver *s)
{
    if (s->progress && (++s->done & 0xFFFFF) == 0)
        s->progress(s->ctx, s->done, s->total);
}

static int set_code(solver *s, uint8_t *slot, int code)
{
    if (code > DK_EGDB_MAX_PLIES + 1) {
        s->overflow = 1;
        return -1;
    }
    *slot = (uint8_t)code;
    if (code > s->max_code)
        s->max_code = code;
    return 0;
}

/* Probe the moves of `p` (a normal position of the pair) that leave the pair; count the
 * others. Returns the number staying inside, or -1 (a missing table: err set). */
static int leaving_moves(solver *s, const dk_pos64 *p, int *win, int *draw, int *loss, int *n_moves)
{
    const dk_kernel *k = s->db->k;
    dk_move64 moves[DK_MAX_MOVES];
    int n = dk_legal64(k, p, moves, DK_MAX_MOVES, NULL), inside = 0;
    *n_moves = n;
    *win = *draw = *loss = 0;
    if (n < 0) {
        snprintf(s->err, s->errlen, "a position with more moves than the kernel's lists");
        return -1;
    }
    int kings = __builtin_popcountll(p->kings);
    for (int i = 0; i < n; i++) {
        /* A move that captures nothing and crowns no man keeps the material: it stays inside
         * the pair (the swap after the turn), so it is only counted. Checking that on the move
         * rather than on the position after it made the 5-piece build about a third faster
         * (perf: the turn and the apply of every quiet king move were 30% of the solve). */
        if (!moves[i].remove && __builtin_popcountll(p->kings ^ moves[i].kings_xor) == kings) {
            inside++;
            continue;
        }
        dk_pos64 child, normal;
        dk_apply64(k, p, &moves[i], &child);
        dk_egdb_normal(&s->db->g, &child, &normal);
        if (table_of(s, &normal) >= 0) {
            inside++;
            continue;
        }
        int code = dk_egdb_probe(s->db, &normal);
        if (code == DK_EGDB_UNKNOWN) {
            dk_egdb_config c = dk_egdb_config_of(&normal);
            snprintf(s->err, s->errlen, "the table of configuration %d,%d,%d,%d is missing",
                     c.wm, c.wk, c.bm, c.bk);
            return -1;
        }
        if (code == 0)
            *draw = 1;
        else if (dk_egdb_is_loss(code)) {
            if (!*win || code + 1 < *win)
                *win = code + 1;
        } else if (code + 1 > *loss)
            *loss = code + 1;
    }
    return inside;
}

/* Step 1 for one table. */
static int first_visit(solver *s, int t)
{
    for (uint64_t i = 0; i < s->size[t]; i++, tick(s)) {
        dk_pos64 p;
        if (dk_egdb_position(s->db, s->config[t], i, &p) < 0) {
            s->value[t][i] = INVALID;
            s->count[t][i] = 0;
            continue;
        }
        int win, draw, loss, n;
        int inside = leaving_moves(s, &p, &win, &draw, &loss, &n);
        if (inside < 0)
            return -1;
        if (inside >= CAPTURE) {
            snprintf(s->err, s->errlen, "too many quiet moves in one position");
            return -1;
        }
        s->value[t][i] = UNSET;
        s->count[t][i] = (uint8_t)(dk_has_capture64(s->db->k, &p) ? CAPTURE : inside | (draw ? HAS_DRAW : 0));
        int r = 0;
        if (n == 0)
            r = set_code(s, &s->value[t][i], 1);
        else if (win)
            r = set_code(s, &s->value[t][i], win);
        else if (!inside && !draw)
            r = set_code(s, &s->value[t][i], loss);
        if (r < 0)
            return -1;
    }
    return 0;
}

/* A predecessor `q` (normal, table t) of a position settled with `code`. One in which the side
 * to move must capture is no predecessor (the quiet move is not legal there): its count,
 * CAPTURE since the first visit, says so without asking the move generator again (that
 * question was a third of the solve's time). */
static int update(solver *s, int t, const dk_pos64 *q, int code)
{
    uint64_t i = dk_egdb_index(s->db, q);
    uint8_t *v = &s->value[t][i], *c = &s->count[t][i];
    if (*c == CAPTURE)
        return 0;
    if (dk_egdb_is_loss(code)) {
        if (*v == UNSET || (dk_egdb_is_win(*v) && *v > code + 1))
            return set_code(s, v, code + 1);
        return 0;
    }
    if (*v != UNSET || (*c & 0x7F) == 0)
        return 0;
    *c = (uint8_t)(*c - 1);
    if (*c != 0)
        return 0;              /* moves left, or a draw flag */
    int win, draw, loss, n;
    if (leaving_moves(s, q, &win, &draw, &loss, &n) < 0)
        return -1;
    return set_code(s, v, (loss > code + 1 ? loss : code + 1));
}

/* The un-moves of White's quiet moves in `after` (White just moved, Black to move), calling
 * update for every predecessor in which White could not capture. */
static int predecessors(solver *s, int t, const dk_pos64 *after, int code)
{
    const dk_kernel *k = s->db->k;
    const dk_rules *r = &k->rules;
    uint64_t empty = k->t.w64.all & ~(after->white | after->black);
    for (uint64_t pieces = after->white; pieces; pieces &= pieces - 1) {
        uint64_t bit = pieces & (~pieces + 1);
        int sq = k->square_of[__builtin_ctzll(bit)], king = (after->kings & bit) != 0;
        int nd = king ? r->n_king_steps : r->n_man_steps[0];
        for (int j = 0; j < nd; j++) {
            int back = k->reverse[king ? r->king_steps[j] : r->man_steps[0][j]];
            int reach = king && r->flying_kings ? k->ray_len[back][sq] : k->ray_len[back][sq] > 0;
            for (int step = 0; step < reach; step++) {
                int from = k->ray[back][sq][step];
                uint64_t fbit = k->t.w64.mask[from];
                if (!(empty & fbit))
                    break;
                if (!king && s->db->g.place_of[0][from] < 0)
                    break;
                dk_pos64 q = *after;
                q.white ^= bit | fbit;
                if (king)
                    q.kings ^= bit | fbit;
                q.turn = 0;
                if (update(s, t, &q, code) < 0)
                    return -1;
            }
        }
    }
    return 0;
}

/* Step 2: one pass over the positions settled at distance d. */
static int pass(solver *s, int d)
{
    int code = d + 1;
    for (int t = 0; t < s->n_tables; t++) {
        int other = s->n_tables == 1 ? 0 : 1 - t;
        const uint8_t *value = s->value[t];
        for (uint64_t i = 0; i < s->size[t]; i++) {
            /* one scan of the table per distance: memchr skips the rest quickly */
            const uint8_t *next = memchr(value + i, code, s->size[t] - i);
            if (!next)
                break;
            i = (uint64_t)(next - value);
            dk_pos64 p, after;
            dk_egdb_position(s->db, s->config[t], i, &p);
            dk_egdb_turned(&s->db->g, &p, &after);
            if (predecessors(s, other, &after, code) < 0)
                return -1;
            tick(s);
        }
    }
    return 0;
}

static void finish(solver *s)
{
    for (int t = 0; t < s->n_tables; t++)
        for (uint64_t i = 0; i < s->size[t]; i++)
            if (s->value[t][i] == INVALID || s->count[t][i] == CAPTURE)
                s->value[t][i] = DK_EGDB_DONT_CARE;
}

int dk_egdb_solve(const dk_egdb *db, dk_egdb_config c, uint8_t *out, uint8_t *out_swapped,
                  uint8_t *scratch, dk_egdb_progress_fn progress, void *ctx, char *err, size_t errlen)
{
    solver s;
    memset(&s, 0, sizeof s);
    s.db = db;
    s.err = err;
    s.errlen = errlen;
    s.progress = progress;
    s.ctx = ctx;
    s.config[0] = c;
    s.config[1] = (dk_egdb_config){c.bm, c.bk, c.wm, c.wk};
    for (int t = 0; t < 2; t++) {
        s.id[t] = dk_egdb_config_id(s.config[t]);
        s.size[t] = dk_egdb_size(&db->g, s.config[t]);
    }
    if (!s.size[0] || c.wm + c.wk == 0 || c.bm + c.bk == 0) {
        snprintf(err, errlen, "configuration %d,%d,%d,%d cannot be solved on this board", c.wm, c.wk, c.bm, c.bk);
        return -1;
    }
    s.n_tables = s.id[0] == s.id[1] ? 1 : 2;
    s.value[0] = out;
    s.value[1] = out_swapped;
    s.count[0] = scratch;
    s.count[1] = scratch + s.size[0];
    s.total = s.size[0] + (s.n_tables == 2 ? s.size[1] : 0);
    s.total *= 2;
    for (int t = 0; t < s.n_tables; t++)
        if (first_visit(&s, t) < 0)
            goto failed;
    for (int d = 0; d + 1 <= s.max_code; d++)
        if (pass(&s, d) < 0)
            goto failed;
    finish(&s);
    if (progress)
        progress(ctx, s.total, s.total);
    return 0;
failed:
    if (s.overflow)
        snprintf(err, errlen, "a distance longer than %d plies: codes of one byte cannot hold it", DK_EGDB_MAX_PLIES);
    return -1;
}
